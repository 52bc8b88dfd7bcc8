import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// `MastodonSource` against a server in memory that answers as Mastodon's
/// `GET /api/v1/timelines/tag/:tag` documents: a JSON array of statuses and
/// a `Link` header to the next (older) page (a loopback server where the
/// socket is the point: redirects, libcurl's header limit).
final class MastodonSourceTests: XCTestCase, LiveSourceHarness {
  let token = "mastodon-token-5c1e9a77b2"
  let events = Recorder<HTTPTransport.Event>()
  let sleeps = Recorder<Double>()

  /// A status: `boost` wraps it in a reblog by another account.
  func status(_ id: Int, language: String = "en", boost: Bool = false, text: String = "Love it")
    -> String
  {
    let inner =
      #"{"id":"\#(id)","created_at":"2026-11-02T10:00:00.000Z","language":"\#(language)","#
      + #""content":"<p>\#(text) \#(id) <a href=\"https://m.example/tags/swift\" class=\"mention hashtag\">#<span>swift</span></a></p>","#
      + #""spoiler_text":"","reblog":null,"account":{"id":"1","acct":"ann","username":"ann"}}"#
    guard boost else { return inner }
    return #"{"id":"9\#(id)","created_at":"2026-11-02T11:00:00.000Z","language":null,"content":"","#
      + #""spoiler_text":"","reblog":\#(inner),"account":{"id":"2","acct":"bob","username":"bob"}}"#
  }

  func page(_ statuses: [String], next: String?, port: UInt16) -> LoopbackHTTPServer.Response {
    var headers: [String: String] = [:]
    if let next {
      headers["Link"] =
        "<http://127.0.0.1:\(port)/api/v1/timelines/tag/swift?limit=40&max_id=\(next)>; "
        + "rel=\"next\", <http://127.0.0.1:\(port)/api/v1/timelines/tag/swift?limit=40&"
        + "min_id=999>; rel=\"prev\""
    }
    return .json(200, "[" + statuses.joined(separator: ",") + "]", headers: headers)
  }

  func configuration(_ server: any TestHTTPServer, instance: String? = nil)
    -> MastodonSource.Configuration
  {
    var configuration = MastodonSource.Configuration(
      token: nil, userAgent: "tweetalyze/9.9",
      instance: instance ?? "http://127.0.0.1:\(server.port)")
    prepare(&configuration.transport, for: server)
    return configuration
  }

  func fetch(
    _ server: any TestHTTPServer, _ query: SearchQuery = .hashtag("swift"), count: Int = 100,
    _ adjust: (inout MastodonSource.Configuration) -> Void = { _ in }
  ) async throws -> [Tweet] {
    var configuration = configuration(server)
    adjust(&configuration)
    return try await MastodonSource(configuration).tweets(for: query, count: count)
  }

  func testPagesWithTheLinkHeaderUpToTheCount() async throws {
    let server = try server([])
    try server.replaceResponses([
      page([status(30), status(29)], next: "29", port: server.port),
      page([status(28), status(27)], next: "27", port: server.port),
      page([status(26)], next: "26", port: server.port),
    ])
    let tweets = try await fetch(server, count: 3)
    XCTAssertEqual(tweets.map(\.id), ["30", "29", "28"])
    XCTAssertEqual(tweets.first?.text.contains("#swift"), true)
    XCTAssertEqual(tweets.first?.author, "ann")
    let requests = server.requests
    XCTAssertEqual(requests.count, 2)
    XCTAssertTrue(requests[0].target.hasPrefix("/api/v1/timelines/tag/swift?"))
    XCTAssertEqual(requests[0].parameter("limit"), "40")
    XCTAssertNil(requests[0].parameter("max_id"))
    XCTAssertEqual(requests[1].parameter("max_id"), "29")
    XCTAssertNil(requests[0].headers["authorization"], "no token, no Authorization")
  }

  /// Issue 45 §4: a tag timeline takes no dates, so `--since`/`--until`
  /// filter while paging, and paging stops at the first status older than
  /// the window (the timeline is newest first).
  func testAWindowFiltersWhilePagingAndStopsPastItsStart() async throws {
    func dated(_ id: Int, _ day: Int) -> String {
      status(id).replacing("2026-11-02T10:00:00.000Z", with: "2026-11-0\(day)T10:00:00.000Z")
    }
    let server = try server([])
    try server.replaceResponses([
      page([dated(30, 5), dated(29, 4)], next: "29", port: server.port),
      page([dated(28, 3), dated(27, 1)], next: "27", port: server.port),
      page([dated(26, 1)], next: nil, port: server.port),
    ])
    let since = try XCTUnwrap(TweetDate.parseISO8601("2026-11-02T00:00:00Z"))
    let until = try XCTUnwrap(TweetDate.parseISO8601("2026-11-05T00:00:00Z"))
    let tweets = try await fetch(server) { $0.window = DateWindow(since: since, until: until) }
    XCTAssertEqual(tweets.map(\.id), ["29", "28"])
    XCTAssertEqual(server.requests.count, 2, "no page after one older than --since")
  }

  func testBoostsAreLeftOutUnlessAskedAndLangFilters() async throws {
    let statuses = [status(5), status(4, boost: true), status(3, language: "de")]
    let server = try server([])
    try server.replaceResponses([
      page(statuses, next: nil, port: server.port), page(statuses, next: nil, port: server.port),
      page(statuses, next: nil, port: server.port),
    ])
    let plain = try await fetch(server)
    XCTAssertEqual(plain.map(\.id), ["5"])
    let boosts = try await fetch(server) { $0.includeBoosts = true }
    XCTAssertEqual(boosts.map(\.id), ["5", "4"])
    let any = try await fetch(server) { $0.language = nil }
    XCTAssertEqual(any.map(\.id), ["5", "3"])
  }

  func testATokenIsSentAsBearerAndRedacted() async throws {
    let server = try server([])
    try server.replaceResponses([
      page([status(1, text: "echo \(token)")], next: nil, port: server.port),
      .json(401, #"{"error":"The access token is invalid \#(token)"}"#),
    ])
    let tweets = try await fetch(server) {
      $0.token = self.token
      $0.transport.secrets = [self.token]
    }
    XCTAssertEqual(server.requests[0].headers["authorization"], "Bearer \(token)")
    XCTAssertFalse(tweets[0].text.contains(token))
    let error = await failure {
      try await self.fetch(server) {
        $0.token = self.token
        $0.transport.secrets = [self.token]
      }
    }
    let service = try XCTUnwrap(error as? ServiceError)
    guard case .unauthorized = service.error else { return XCTFail("\(service.error)") }
    XCTAssertTrue(service.localizedDescription.hasPrefix("Mastodon rejected the access token"))
    XCTAssertFalse(service.localizedDescription.contains(token))
  }

  func testForbiddenIsAPermissionError() async throws {
    let server = try server([.json(403, #"{"error":"This API requires an authenticated user"}"#)])
    let error = await failure { try await self.fetch(server) }
    guard case .forbidden = (error as? ServiceError)?.error else {
      return XCTFail("\(String(describing: error))")
    }
  }

  func testRateLimitReadsTheISO8601Reset() async throws {
    let server = try server([
      .json(
        429, #"{"error":"Too many requests"}"#,
        headers: ["X-RateLimit-Reset": "2030-04-13T20:30:00.000Z", "X-RateLimit-Remaining": "0"])
    ])
    let error = await failure { try await self.fetch(server) }
    let service = try XCTUnwrap(error as? ServiceError)
    guard case .rateLimited(let reset, _) = service.error else {
      return XCTFail("\(service.error)")
    }
    XCTAssertEqual(reset, ISO8601DateFormatter().date(from: "2030-04-13T20:30:00Z"))
  }

  func testServerErrorsAreRetriedThenReported() async throws {
    let server = try server([.json(503, "{}"), .json(503, "{}"), .json(503, "{}")])
    let error = await failure { try await self.fetch(server) }
    XCTAssertEqual(
      (error as? ServiceError)?.error, .serverError(status: 503, detail: nil, attempts: 3))
    XCTAssertEqual(server.requests.count, 3)
  }

  func testMentionsAndPhrasesAreRefusedWithoutARequest() async throws {
    let server = try server([])
    let error = await failure { try await self.fetch(server, .mention("ann")) }
    XCTAssertEqual(error as? MastodonQueryError, .notAHashtag("@ann"))
    XCTAssertTrue(server.requests.isEmpty)
  }

  func testACrossOriginRedirectCarriesNoToken() async throws {
    let other = try loopback([])
    try other.replaceResponses([page([status(1)], next: nil, port: other.port)])
    let first = try loopback([
      LoopbackHTTPServer.Response(
        status: 302,
        headers: ["Location": "http://localhost:\(other.port)/api/v1/timelines/tag/swift"])
    ])
    let error = await failure {
      try await self.fetch(first) {
        $0.token = self.token
        $0.transport.secrets = [self.token]
      }
    }
    XCTAssertTrue(other.requests.allSatisfy { $0.headers["authorization"] == nil })
    guard case .crossOriginRedirect = (error as? ServiceError)?.error else {
      return XCTFail("\(String(describing: error))")
    }
  }

  func testPlainHTTPToAnotherMachineIsRefused() throws {
    let server = try server([])
    let source = MastodonSource(configuration(server, instance: "http://mastodon.example"))
    XCTAssertThrowsError(try source.checkBaseURL()) { error in
      XCTAssertEqual((error as? ServiceError)?.error, .insecureBaseURL("http://mastodon.example"))
    }
  }

  func testRecordThenReplayGivesTheSamePosts() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mastodon-record-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let server = try server([])
    try server.replaceResponses([
      page([status(3), status(2)], next: "2", port: server.port),
      page([status(1)], next: nil, port: server.port),
    ])
    let tweets = try await fetch(server) { $0.transport.recordDirectory = directory }
    let file = directory.appendingPathComponent("hashtag-swift.jsonl")
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.count, 2, "one raw page a line")
    let replayed = try await FixtureTweetSource(path: directory.path)
      .tweets(for: .hashtag("swift"), count: 100)
    XCTAssertEqual(replayed, tweets)
  }

  /// A 200 KB `Link` header, over libcurl's 100 KB limit for a header,
  /// names the headers and is not retried (it read "cannot reach …: Out of
  /// memory (3 attempts); check your network connection").
  func testAHugeLinkHeaderIsNamedAndNotRetried() async throws {
    let link =
      "<http://127.0.0.1/x?max_id=" + String(repeating: "9", count: 200_000)
      + ">; rel=\"next\""
    let server = try loopback([.json(200, "[" + status(1) + "]", headers: ["Link": link])])
    let error = await failure { try await self.fetch(server) }
    let message = error?.localizedDescription ?? ""
    XCTAssertTrue(message.contains("headers are too large to read"), message)
    XCTAssertFalse(message.contains("cannot reach"), message)
    XCTAssertEqual(sleeps.values, [], "not retried")
  }

  /// A token echoed in `content` as HTML character references (decimal,
  /// hex, or only its first character) is redacted in the recording too,
  /// so a replay prints none of it (the recording kept `&#109;…`, and the
  /// replay decoded it to the token in clear).
  func testATokenAsCharacterReferencesIsInNoRecordingOrReplay() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mastodon-record-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let decimal = token.unicodeScalars.map { "&#\($0.value);" }.joined()
    let hex = token.unicodeScalars.map { "&#x\(String($0.value, radix: 16));" }.joined()
    let first =
      "&#X\(String(token.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true));"
      + token.dropFirst()
    let server = try server([])
    try server.replaceResponses([
      page(
        [status(3, text: "a \(decimal)"), status(2, text: "b \(hex)"), status(1, text: first)],
        next: nil, port: server.port)
    ])
    let tweets = try await fetch(server) {
      $0.token = self.token
      $0.transport.secrets = [self.token]
      $0.transport.recordDirectory = directory
    }
    XCTAssertEqual(tweets.count, 3)
    let recording = try String(
      contentsOf: directory.appendingPathComponent("hashtag-swift.jsonl"), encoding: .utf8)
    for form in [token, decimal, hex, first] {
      XCTAssertFalse(recording.contains(form), "\(form) in \(recording)")
    }
    let replayed = try await FixtureTweetSource(path: directory.path)
      .tweets(for: .hashtag("swift"), count: 100)
    XCTAssertEqual(replayed.map(\.text), tweets.map(\.text))
    for tweet in replayed {
      XCTAssertFalse(tweet.text.contains(token), tweet.text)
      XCTAssertTrue(tweet.text.contains("[redacted]"), tweet.text)
    }
  }
}
