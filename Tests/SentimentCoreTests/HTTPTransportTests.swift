import Foundation
import XCTest

@testable import SentimentCore

/// The transport the three sources share, on its own.
final class HTTPTransportTests: XCTestCase {
  func testCheckedBaseTrimsAndRefusesWhatCannotWork() throws {
    XCTAssertEqual(
      try BaseURL.checked("https://bsky.social/xrpc//", allowInsecureHTTP: false),
      "https://bsky.social/xrpc")
    XCTAssertEqual(
      try BaseURL.checked("http://127.0.0.1:8080", allowInsecureHTTP: false),
      "http://127.0.0.1:8080")
    XCTAssertThrowsError(try BaseURL.checked("ftp://x.example", allowInsecureHTTP: false)) {
      XCTAssertEqual($0 as? HTTPSourceError, .invalidBaseURL("ftp://x.example"))
    }
    XCTAssertThrowsError(
      try BaseURL.checked("http://m.example", allowInsecureHTTP: false)
    ) {
      XCTAssertEqual($0 as? HTTPSourceError, .insecureBaseURL("http://m.example"))
    }
    XCTAssertNoThrow(try BaseURL.checked("http://m.example", allowInsecureHTTP: true))
    XCTAssertThrowsError(
      try BaseURL.checked("https://m.example/?token=abc", allowInsecureHTTP: false)
    ) {
      XCTAssertEqual($0 as? HTTPSourceError, .invalidBaseURL("https://m.example/?…"))
    }
  }

  func testURLPercentEncodesTheItems() throws {
    let url = try BaseURL.url(
      base: "https://bsky.social/xrpc/", path: "/app.bsky.feed.searchPosts",
      items: [("q", "\"night train\""), ("lang", "en")], allowInsecureHTTP: false)
    XCTAssertEqual(
      url.absoluteString,
      "https://bsky.social/xrpc/app.bsky.feed.searchPosts?q=%22night%20train%22&lang=en")
  }

  func testEverySecretIsRedactedIncludingOnesAddedLater() {
    let transport = HTTPTransport(
      HTTPTransportSettings(
        service: .bluesky, secrets: ["abcd-efgh-ijkl-mnop"], userAgent: "tweetalyze/9.9"))
    defer { transport.close() }
    transport.addSecret("session-token-0123456789")
    let text = "pw abcd-efgh-ijkl-mnop and session-token-0123456789"
    let redacted = transport.redact(text)
    XCTAssertFalse(redacted.contains("abcd-efgh-ijkl-mnop"), redacted)
    XCTAssertFalse(redacted.contains("session-token-0123456789"), redacted)
    let data = String(decoding: transport.redact(Data(text.utf8)), as: UTF8.self)
    XCTAssertFalse(data.contains("abcd-efgh-ijkl-mnop") || data.contains("session-token"), data)
    XCTAssertFalse(transport.snippet(Data(text.utf8)).contains("session-token-0123456789"))
  }

  func testRequestsCarryTheBearerOnlyWhenGivenAndPostJSON() throws {
    let transport = HTTPTransport(
      HTTPTransportSettings(service: .mastodon, secrets: [], userAgent: "tweetalyze/9.9"))
    defer { transport.close() }
    let url = try XCTUnwrap(URL(string: "https://m.example/api"))
    let get = transport.request(url, bearer: nil)
    XCTAssertEqual(get.httpMethod, "GET")
    XCTAssertNil(get.value(forHTTPHeaderField: "Authorization"))
    XCTAssertEqual(get.value(forHTTPHeaderField: "User-Agent"), "tweetalyze/9.9")
    let post = transport.request(url, bearer: "tok", jsonBody: Data("{}".utf8))
    XCTAssertEqual(post.httpMethod, "POST")
    XCTAssertEqual(post.value(forHTTPHeaderField: "Authorization"), "Bearer tok")
    XCTAssertEqual(post.value(forHTTPHeaderField: "Content-Type"), "application/json")
    XCTAssertEqual(post.httpBody, Data("{}".utf8))
  }

  /// The three live sources check their base URL with one rule, and throw
  /// one error type naming their service.
  func testEverySourceChecksItsBaseURLTheSameWay() {
    let base = "http://m.example"
    let sources: [any LiveSource] = [
      XSource(.init(token: "t", userAgent: "u", baseURL: base)),
      BlueskySource(.init(handle: "h", appPassword: "p", userAgent: "u", baseURL: base)),
      MastodonSource(.init(token: nil, userAgent: "u", instance: base)),
    ]
    XCTAssertEqual(sources.map(\.service), PostService.allCases)
    for source in sources {
      XCTAssertThrowsError(try source.checkBaseURL()) {
        XCTAssertEqual(
          $0 as? ServiceError, ServiceError(.insecureBaseURL(base), service: source.service))
      }
    }
    XCTAssertEqual(
      PostService.allCases.map(\.descriptor.name), ["the X API", "Bluesky", "Mastodon"])
  }

  /// An error body's parts, read with `JSONDecoder` as `JSONSerialization`
  /// read them: a member of another type, or empty, is absent.
  func testAPIProblemReadsWhatItCanAndIgnoresTheRest() {
    let x = APIProblem(
      Data(
        #"{"title":"Invalid Request","detail":"d","errors":[{"message":"first"},{"message":"second"}],"required_enrollment":"Pro"}"#
          .utf8))
    XCTAssertEqual(x.message, "first")
    XCTAssertEqual(x.summary, "Invalid Request: first")
    XCTAssertEqual(x.requiredEnrollment, "Pro")
    XCTAssertEqual(APIProblem(Data(#"{"errors":[{"detail":"gone"}]}"#.utf8)).message, "gone")
    let odd = APIProblem(
      Data(
        #"{"title":5,"detail":"","errors":["x"],"message":"m","error":"AuthenticationRequired"}"#
          .utf8))
    XCTAssertNil(odd.title)
    XCTAssertNil(odd.detail)
    XCTAssertEqual(odd.message, "m")
    XCTAssertEqual(odd.error, "AuthenticationRequired")
    let html = APIProblem(Data("<html>usage cap</html>".utf8))
    XCTAssertNil(html.message)
    XCTAssertNil(html.summary)
    XCTAssertTrue(html.isUsageCap)
  }
}
