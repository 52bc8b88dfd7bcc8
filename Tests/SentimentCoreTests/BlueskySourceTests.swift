import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// `BlueskySource` against a server in memory that answers as Bluesky's
/// XRPC API documents: `createSession`, then `searchPosts` pages (a
/// loopback server where the redirects are the point).
final class BlueskySourceTests: XCTestCase, LiveSourceHarness {
  let password = "abcd-efgh-ijkl-mnop"
  let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6ImFwcCJ9.c2Vzc2lvbi10b2tlbi1zaWduYXR1cmU"
  let events = Recorder<HTTPTransport.Event>()
  let sleeps = Recorder<Double>()

  /// The login answer, as `com.atproto.server.createSession` sends it.
  var session: LoopbackHTTPServer.Response {
    .json(
      #"{"accessJwt":"\#(jwt)","refreshJwt":"refresh-\#(jwt)","handle":"reader.bsky.social","did":"did:plc:reader","active":true}"#
    )
  }

  /// A searchPosts page with posts `ids`.
  func page(_ ids: [Int], cursor: String? = nil, text: String = "love this") -> String {
    let posts = ids.map { id in
      #"{"uri":"at://did:plc:alice/app.bsky.feed.post/\#(id)","cid":"c\#(id)","#
        + #""author":{"did":"did:plc:alice","handle":"alice.bsky.social"},"#
        + #""record":{"$type":"app.bsky.feed.post","text":"\#(text) \#(id) #swift","#
        + #""createdAt":"2026-11-0\#(id % 9 + 1)T10:00:00.000Z","langs":["en"]},"#
        + #""indexedAt":"2026-11-01T10:00:01.000Z"}"#
    }
    let next = cursor.map { #","cursor":"\#($0)""# } ?? ""
    return #"{"posts":[\#(posts.joined(separator: ","))]\#(next)}"#
  }

  func configuration(_ server: any TestHTTPServer, base: String? = nil)
    -> BlueskySource.Configuration
  {
    var configuration = BlueskySource.Configuration(
      handle: "reader.bsky.social", appPassword: password, userAgent: "tweetalyze/9.9",
      baseURL: base ?? "http://127.0.0.1:\(server.port)/xrpc")
    prepare(&configuration.transport, for: server)
    return configuration
  }

  func fetch(
    _ server: any TestHTTPServer, _ query: SearchQuery = .hashtag("swift"), count: Int = 100,
    _ adjust: (inout BlueskySource.Configuration) -> Void = { _ in }
  ) async throws -> [Tweet] {
    var configuration = configuration(server)
    adjust(&configuration)
    return try await BlueskySource(configuration).tweets(for: query, count: count)
  }

  func assertNoSecret(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(text.contains(password), "app password in: \(text)", file: file, line: line)
    XCTAssertFalse(text.contains(jwt), "session token in: \(text)", file: file, line: line)
  }

  // MARK: Login and paging

  func testLogsInThenPagesWithTheCursorUpToTheCount() async throws {
    let server = try server([
      session, .json(page([1, 2, 3], cursor: "c2")), .json(page([4, 5, 6], cursor: "c3")),
    ])
    let tweets = try await fetch(server, count: 5)
    XCTAssertEqual(tweets.map(\.id).count, 5)
    XCTAssertEqual(tweets.first?.author, "alice.bsky.social")
    XCTAssertTrue(tweets.first?.text.hasPrefix("love this 1") == true)
    let requests = server.requests
    XCTAssertEqual(requests.count, 3)
    // The login: a POST with the app password in its JSON body, no bearer.
    XCTAssertEqual(requests[0].method, "POST")
    XCTAssertTrue(requests[0].target.hasPrefix("/xrpc/com.atproto.server.createSession"))
    XCTAssertNil(requests[0].headers["authorization"])
    let login = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(requests[0].body.utf8)) as? [String: String])
    XCTAssertEqual(login, ["identifier": "reader.bsky.social", "password": password])
    // The search: the session token as bearer, never the app password.
    XCTAssertEqual(requests[1].method, "GET")
    XCTAssertTrue(requests[1].target.hasPrefix("/xrpc/app.bsky.feed.searchPosts?"))
    XCTAssertEqual(requests[1].headers["authorization"], "Bearer \(jwt)")
    XCTAssertEqual(requests[1].parameter("q"), "#swift")
    XCTAssertEqual(requests[1].parameter("sort"), "latest")
    XCTAssertEqual(requests[1].parameter("lang"), "en")
    XCTAssertEqual(requests[1].parameter("limit"), "5")
    XCTAssertNil(requests[1].parameter("cursor"))
    XCTAssertEqual(requests[2].parameter("cursor"), "c2")
    XCTAssertEqual(requests[2].parameter("limit"), "2")
    for request in requests { assertNoSecret(request.target) }
  }

  func testMentionUsesTheMentionsFilterAndAPhraseIsQuoted() async throws {
    let server = try server([session, .json(page([1])), session, .json(page([2]))])
    _ = try await fetch(server, .mention("bob.example.com"))
    _ = try await fetch(server, .phrase("climate change")) { $0.language = nil }
    let searches = server.requests.filter { $0.method == "GET" }
    XCTAssertEqual(searches[0].parameter("q"), "@bob.example.com")
    XCTAssertEqual(searches[0].parameter("mentions"), "bob.example.com")
    XCTAssertEqual(searches[1].parameter("q"), #""climate change""#)
    XCTAssertNil(searches[1].parameter("lang"), "--lang any sends no lang")
  }

  /// Issue 45 §4: `--since` and `--until` are searchPosts' `since` and
  /// `until`.
  func testAWindowIsSentAsSinceAndUntil() async throws {
    let server = try server([session, .json(page([1]))])
    _ = try await fetch(server) {
      $0.window = DateWindow(since: Date(timeIntervalSince1970: 1_780_876_800), until: nil)
    }
    let search = try XCTUnwrap(server.requests.first { $0.method == "GET" })
    XCTAssertEqual(search.parameter("since"), "2026-06-08T00:00:00Z")
    XCTAssertNil(search.parameter("until"))
  }

  func testTheLastPageHasNoCursor() async throws {
    let server = try server([session, .json(page([1, 2], cursor: "c2")), .json(page([3]))])
    let tweets = try await fetch(server, count: 100)
    XCTAssertEqual(tweets.count, 3)
    XCTAssertEqual(server.requests.count, 3)
    XCTAssertEqual(server.requests[1].parameter("limit"), "100")
  }

  func testARepeatedCursorDoesNotLoop() async throws {
    let server = try server([
      session, .json(page([1], cursor: "same")), .json(page([2], cursor: "same")),
      .json(page([3], cursor: "same")),
    ])
    let tweets = try await fetch(server)
    XCTAssertEqual(tweets.count, 2)
    XCTAssertEqual(server.requests.count, 3)
  }

  // MARK: Errors

  func testABadLoginIsUnauthorizedAndSaysWhatToCheck() async throws {
    let server = try server([
      .json(401, #"{"error":"AuthenticationRequired","message":"Invalid identifier or password"}"#)
    ])
    let error = await failure { try await self.fetch(server) }
    let service = try XCTUnwrap(error as? ServiceError)
    XCTAssertEqual(
      service.error, .unauthorized(detail: "AuthenticationRequired: Invalid identifier or password")
    )
    let message = service.localizedDescription
    XCTAssertTrue(message.hasPrefix("Bluesky rejected the app password (401 "), message)
    XCTAssertTrue(message.contains("BLUESKY_APP_PASSWORD"), message)
    assertNoSecret(message)
    XCTAssertEqual(server.requests.count, 1, "a refused login is not retried")
  }

  func testAnAccountPasswordAskingForACodeSaysToUseAnAppPassword() async throws {
    let server = try server([
      .json(
        401, #"{"error":"AuthFactorTokenRequired","message":"A sign in code has been sent"}"#)
    ])
    let error = await failure { try await self.fetch(server) }
    XCTAssertEqual(error as? BlueskyLoginError, .authFactorRequired)
    XCTAssertTrue(error?.localizedDescription.contains("app password") == true)
  }

  func testRateLimitGivesTheResetTime() async throws {
    let reset = Int(Date().timeIntervalSince1970) + 120
    let server = try server([
      session,
      .json(
        429, #"{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}"#,
        headers: ["RateLimit-Reset": String(reset), "RateLimit-Remaining": "0"]),
    ])
    let error = await failure { try await self.fetch(server) }
    let service = try XCTUnwrap(error as? ServiceError)
    guard case .rateLimited(let date, _) = service.error else {
      return XCTFail("not a rate limit: \(service.error)")
    }
    XCTAssertEqual(date.map { Int($0.timeIntervalSince1970) }, reset)
    XCTAssertTrue(service.localizedDescription.hasPrefix("Bluesky rate limit is reached"))
  }

  func testServerErrorsAreRetriedThenReported() async throws {
    let failing = LoopbackHTTPServer.Response.json(
      502, #"{"error":"UpstreamFailure","message":"Upstream Failure"}"#)
    let server = try server([session, failing, failing, failing])
    let error = await failure { try await self.fetch(server) }
    let service = try XCTUnwrap(error as? ServiceError)
    XCTAssertEqual(
      service.error, .serverError(status: 502, detail: "Upstream Failure", attempts: 3))
    XCTAssertEqual(sleeps.values, [0.01, 0.02])
    XCTAssertTrue(service.localizedDescription.hasPrefix("Bluesky had a server error (502"))
  }

  func testACrossOriginRedirectOfTheLoginCarriesNoPassword() async throws {
    let other = try loopback([session])
    let first = try loopback([
      LoopbackHTTPServer.Response(
        status: 307,
        headers: [
          "Location": "http://localhost:\(other.port)/xrpc/com.atproto.server.createSession"
        ])
    ])
    let error = await failure { try await self.fetch(first) }
    XCTAssertTrue(other.requests.isEmpty, "the login reached the other origin")
    let service = try XCTUnwrap(error as? ServiceError)
    guard case .crossOriginRedirect = service.error else { return XCTFail("\(service.error)") }
    XCTAssertTrue(service.localizedDescription.contains("does not send the app password"))
  }

  func testPlainHTTPToAnotherMachineIsRefusedBeforeAnythingIsSent() async throws {
    let server = try server([session])
    let source = BlueskySource(configuration(server, base: "http://bsky.example/xrpc"))
    XCTAssertThrowsError(try source.checkBaseURL()) { error in
      XCTAssertEqual(
        (error as? ServiceError)?.error, .insecureBaseURL("http://bsky.example/xrpc"))
      XCTAssertTrue(error.localizedDescription.contains("the app password in clear text"))
    }
    let error = await failure { try await source.tweets(for: .hashtag("swift"), count: 10) }
    XCTAssertNotNil(error as? ServiceError)
    XCTAssertTrue(server.requests.isEmpty)
  }

  func testSecretsEchoedByTheServerAreInNoPostMessageOrRecording() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bluesky-record-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let server = try server([
      session, .json(page([1], text: "echo \(password) and \(jwt)")),
      .json(400, #"{"error":"BadQueryString","message":"bad \#(password)"}"#),
    ])
    let tweets = try await fetch(server, count: 1) { $0.transport.recordDirectory = directory }
    XCTAssertEqual(tweets.count, 1)
    assertNoSecret(tweets[0].text)
    let recording = try String(
      contentsOf: directory.appendingPathComponent("hashtag-swift.jsonl"), encoding: .utf8)
    assertNoSecret(recording)
    XCTAssertFalse(recording.contains("accessJwt"), "the login answer is never recorded")
    XCTAssertEqual(recording.split(separator: "\n").count, 1, "one page a line")
    // Replayed, the recording gives the same posts.
    let replayed = try await FixtureTweetSource(path: directory.path)
      .tweets(for: .hashtag("swift"), count: 100)
    XCTAssertEqual(replayed, tweets)
    let error = await failure { try await self.fetch(server) }
    assertNoSecret(error?.localizedDescription ?? "")
  }

  // MARK: Sessions and redirects

  /// A 400 from the login speaks of the login, not of a search or `--lang`
  /// (it read "rejected the search … check the query and the --lang
  /// option" before).
  func testALoginRefusedWith400SpeaksOfTheLogin() async throws {
    let server = try server([
      .json(400, #"{"error":"InvalidRequest","message":"Input/identifier must be a string"}"#)
    ])
    let error = await failure { try await self.fetch(server) }
    let message = error?.localizedDescription ?? ""
    XCTAssertTrue(
      message.hasPrefix(
        "Bluesky refused the login (400 InvalidRequest: Input/identifier must be a string): "),
      message)
    XCTAssertTrue(message.contains("BLUESKY_HANDLE"), message)
    XCTAssertFalse(message.contains("search") || message.contains("--lang"), message)
    XCTAssertEqual(server.requests.count, 1)
  }

  /// A 401 `ExpiredToken` on a search logs in again once and goes on with
  /// the same page; a second 401 is reported as a session that cannot be
  /// renewed, not as a wrong app password.
  func testAnExpiredSessionIsRenewedOnceThenReported() async throws {
    let expired = LoopbackHTTPServer.Response.json(
      401, #"{"error":"ExpiredToken","message":"Token has expired"}"#)
    let renewing = try server([
      session, .json(page([1], cursor: "c2")), expired, session, .json(page([2])),
    ])
    let tweets = try await fetch(renewing)
    XCTAssertEqual(tweets.count, 2)
    XCTAssertEqual(renewing.requests.map(\.method), ["POST", "GET", "GET", "POST", "GET"])
    XCTAssertEqual(renewing.requests[4].parameter("cursor"), "c2", "the same page again")

    let failing = try server([session, expired, session, expired])
    let error = await failure { try await self.fetch(failing) }
    let message = error?.localizedDescription ?? ""
    XCTAssertTrue(
      message.hasPrefix("Bluesky refused its own session token (401 ExpiredToken: Token has "),
      message)
    XCTAssertFalse(message.contains("BLUESKY_APP_PASSWORD"), message)
    XCTAssertEqual(failing.requests.count, 4, "renewed once, not again")
  }

  /// Bluesky also answers an expired session with 400 `ExpiredToken`: it
  /// is renewed as a 401 is (it was exit 1, "rejected the search … check
  /// the query"), once; a second one is the session error, naming the 400.
  func testAnExpiredSessionAnsweredWith400IsRenewedToo() async throws {
    let expired = LoopbackHTTPServer.Response.json(
      400, #"{"error":"ExpiredToken","message":"Token has expired"}"#)
    let renewing = try server([
      session, .json(page([1], cursor: "c2")), expired, session, .json(page([2])),
    ])
    let tweets = try await fetch(renewing)
    XCTAssertEqual(tweets.count, 2)
    XCTAssertEqual(renewing.requests.map(\.method), ["POST", "GET", "GET", "POST", "GET"])
    XCTAssertEqual(renewing.requests[4].parameter("cursor"), "c2", "the same page again")

    let failing = try server([session, expired, session, expired])
    let error = await failure { try await self.fetch(failing) }
    XCTAssertEqual(
      error as? BlueskyLoginError,
      .sessionRejected(status: 400, detail: "ExpiredToken: Token has expired"))
    XCTAssertTrue(
      error?.localizedDescription.hasPrefix(
        "Bluesky refused its own session token (400 ExpiredToken: Token has expired) again")
        == true, "\(String(describing: error))")
    XCTAssertEqual(failing.requests.count, 4, "renewed once, not again")

    // Another 400 of a search stays a rejected search, not renewed.
    let invalid = LoopbackHTTPServer.Response.json(
      400, #"{"error":"InvalidRequest","message":"bad q"}"#)
    let rejected = try server([session, invalid])
    let other = await failure { try await self.fetch(rejected) }
    let message = other?.localizedDescription ?? ""
    XCTAssertTrue(message.contains("InvalidRequest: bad q"), message)
    XCTAssertFalse(message.contains("session token"), message)
    XCTAssertEqual(rejected.requests.count, 2)
  }

  /// The sources of one run share one session: three queries, one login
  /// (each query logged in before).
  func testQueriesOfARunShareOneLogin() async throws {
    let server = try server([session, .json(page([1])), .json(page([2])), .json(page([3]))])
    let shared = configuration(server)
    for tag in ["swift", "rust", "go"] {
      let tweets = try await BlueskySource(shared).tweets(for: .hashtag(tag), count: 10)
      XCTAssertEqual(tweets.count, 1)
    }
    XCTAssertEqual(server.requests.map(\.method), ["POST", "GET", "GET", "GET"])
    for request in server.requests.dropFirst() {
      XCTAssertEqual(request.headers["authorization"], "Bearer \(jwt)")
    }
  }

  /// A same-origin 307 or 308 of the login is followed with its body (it
  /// was followed with `Content-Length: 0`, and the login failed).
  func testASameOriginRedirectOfTheLoginResendsItsBody() async throws {
    for status in [307, 308] {
      let server = try loopback([
        LoopbackHTTPServer.Response(
          status: status, headers: ["Location": "/xrpc/com.atproto.server.createSession?moved"]),
        session, .json(page([1])),
      ])
      let tweets = try await fetch(server)
      XCTAssertEqual(tweets.count, 1, "\(status)")
      let requests = server.requests
      XCTAssertEqual(requests.map(\.method), ["POST", "POST", "GET"], "\(status)")
      XCTAssertEqual(requests[1].target, "/xrpc/com.atproto.server.createSession?moved")
      XCTAssertEqual(requests[1].body, requests[0].body, "\(status)")
      XCTAssertTrue(requests[1].body.contains(password), "\(status)")
    }
  }

  // MARK: Sizes the server chooses

  /// A session token of 512 KB or 1 MB, a secret the server chooses, is
  /// refused at the login: every post was redacted for it (512 KB × 1,000
  /// posts took 26.7 s) and sending it back failed as "Out of memory",
  /// retried. A 1 MB cursor is refused the same way, not retried.
  func testAHugeSessionTokenOrCursorIsNamedAndNotRetried() async throws {
    for size in [512 << 10, 1 << 20] {
      let huge = String(repeating: "J", count: size)
      let server = try server([.json(#"{"accessJwt":"\#(huge)","did":"did:plc:r"}"#)])
      let error = await failure { try await self.fetch(server) }
      let message = error?.localizedDescription ?? ""
      XCTAssertTrue(
        message.hasPrefix(
          "Bluesky at 127.0.0.1:\(server.port) sent a session token (accessJwt) "
            + "of \(size) bytes"), message)
      XCTAssertFalse(message.contains(huge.prefix(64)), "the token itself is not shown")
      XCTAssertEqual(server.requests.count, 1, "no search is sent")
    }
    let cursor = String(repeating: "c", count: 1 << 20)
    let server = try server([session, .json(page([1], cursor: cursor))])
    let error = await failure { try await self.fetch(server) }
    let message = error?.localizedDescription ?? ""
    XCTAssertTrue(message.contains("sent a next-page cursor of 1048576 bytes"), message)
    XCTAssertFalse(message.contains("Out of memory"), message)
    XCTAssertEqual(server.requests.count, 2, "not sent back, not retried")
    XCTAssertEqual(sleeps.values, [], "no retry")
  }
}
