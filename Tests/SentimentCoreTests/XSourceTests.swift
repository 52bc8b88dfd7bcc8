import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

final class XSourceTests: XCTestCase, LiveSourceHarness {
  let token = "secret-test-token-8f3a"
  let warnings = Recorder<String>()
  let events = Recorder<HTTPTransport.Event>()
  let sleeps = Recorder<Double>()

  // MARK: Helpers

  /// A configuration for `server` (``LiveSourceHarness/prepare(_:for:)``),
  /// the API's warnings recorded.
  func configuration(_ server: any TestHTTPServer) -> XSource.Configuration {
    var configuration = XSource.Configuration(
      token: token, userAgent: "tweetalyze/9.9", baseURL: server.baseURL)
    prepare(&configuration.transport, for: server)
    let warnings = warnings
    configuration.warning = { warnings.append($0) }
    return configuration
  }

  func fetch(
    _ server: any TestHTTPServer, _ query: SearchQuery = .mention("Apple"), count: Int = 100,
    _ adjust: (inout XSource.Configuration) -> Void = { _ in }
  ) async throws -> [Tweet] {
    var configuration = configuration(server)
    adjust(&configuration)
    return try await XSource(configuration).tweets(for: query, count: count)
  }

  /// A v2 page with tweets `ids` (authored by user 1, `alice`).
  func page(_ ids: [Int], next: String? = nil, extra: String = "") -> String {
    let tweets = ids.map {
      #"{"id":"\#($0)","text":"tweet \#($0) &amp; more","author_id":"1","lang":"en","created_at":"2026-11-20T13:58:30.000Z"}"#
    }
    let meta =
      #"{"result_count":\#(ids.count)"# + (next.map { #","next_token":"\#($0)""# } ?? "") + "}"
    return
      #"{"data":[\#(tweets.joined(separator: ","))],"includes":{"users":[{"id":"1","username":"alice","name":"Alice"}]},"meta":\#(meta)\#(extra)}"#
  }

  func assertNoToken(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(text.contains(token), "token leaked in: \(text)", file: file, line: line)
  }

  // MARK: Pages

  func testOnePageSendsAuthFieldsAndDecodes() async throws {
    let server = try server([.json(page([3, 2, 1]))])
    let tweets = try await fetch(server)
    XCTAssertEqual(tweets.map(\.id), ["3", "2", "1"])
    XCTAssertEqual(tweets.first?.text, "tweet 3 & more")
    XCTAssertEqual(tweets.first?.author, "alice")
    XCTAssertEqual(tweets.first?.language, "en")
    let requests = server.requests
    XCTAssertEqual(requests.count, 1)
    let request = try XCTUnwrap(requests.first)
    XCTAssertTrue(request.target.hasPrefix("/2/tweets/search/recent?"), request.target)
    XCTAssertEqual(request.headers["authorization"], "Bearer \(token)")
    XCTAssertEqual(request.headers["user-agent"], "tweetalyze/9.9")
    XCTAssertEqual(request.parameter("max_results"), "100")
    XCTAssertEqual(
      request.parameter("tweet.fields"),
      "created_at,lang,author_id,entities,note_tweet,referenced_tweets")
    XCTAssertEqual(request.parameter("expansions"), "author_id")
    XCTAssertEqual(request.parameter("user.fields"), "username")
    XCTAssertNil(request.parameter("next_token"))
    XCTAssertEqual(events.values.last, .finished(pages: 1, tweets: 3))
  }

  func testFollowsNextTokenAndStopsAtCountMidPage() async throws {
    let server = try server([
      .json(page(Array(1...10), next: "tok-1")),
      .json(page(Array(11...20), next: "tok-2")),
      .json(page(Array(21...30), next: "tok-3")),
      .json(page(Array(31...40))),
    ])
    let tweets = try await fetch(server, count: 25)
    XCTAssertEqual(tweets.map(\.id), (1...25).map(String.init))
    let requests = server.requests
    XCTAssertEqual(requests.count, 3, "no request after the count is reached")
    XCTAssertEqual(requests.map { $0.parameter("max_results") }, ["25", "15", "10"])
    XCTAssertEqual(requests.map { $0.parameter("next_token") }, [nil, "tok-1", "tok-2"])
    XCTAssertEqual(
      events.values.filter { if case .requesting = $0 { true } else { false } },
      [
        .requesting(page: 1, tweets: 0), .requesting(page: 2, tweets: 10),
        .requesting(page: 3, tweets: 20),
      ])
  }

  func testDropsDuplicatesAcrossPagesAndStopsWithoutNextToken() async throws {
    let server = try server([
      .json(page(Array(1...10), next: "a")), .json(page(Array(6...15))),
    ])
    let tweets = try await fetch(server, count: 100)
    XCTAssertEqual(tweets.map(\.id), (1...15).map(String.init))
    XCTAssertEqual(server.requests.count, 2)
  }

  func testRepeatedNextTokenDoesNotLoop() async throws {
    let server = try server([
      .json(page([1], next: "same")), .json(page([2], next: "same")), .json(page([3])),
    ])
    let tweets = try await fetch(server, count: 100)
    XCTAssertEqual(tweets.map(\.id), ["1", "2"])
    XCTAssertEqual(server.requests.count, 2)
  }

  /// A server that sends the same tweets with a new `next_token` each
  /// time kept the tool paging forever; a page with nothing new ends it.
  func testPagesWithNothingNewStopPaging() async throws {
    let server = try server((0..<50).map { .json(page([1, 2], next: "t\($0)")) })
    let tweets = try await fetch(server, count: 1000)
    XCTAssertEqual(tweets.map(\.id), ["1", "2"])
    XCTAssertEqual(server.requests.count, 2)
  }

  /// Pages that add no post (no `data`, `data: []`, only `errors[]`), each
  /// with a new `next_token`, were followed forever (56,605 requests in
  /// 120 s); paging stops after 3 of them in a row, and says so.
  func testEmptyPagesStopPagingAfterThreeInARow() async throws {
    let shapes = [
      { (next: String) in #"{"meta":{"result_count":0,"next_token":"\#(next)"}}"# },
      { (next: String) in #"{"data":[],"meta":{"next_token":"\#(next)"}}"# },
      { (next: String) in
        #"{"errors":[{"title":"Not Found Error","detail":"gone"}],"meta":{"next_token":"\#(next)"}}"#
      },
    ]
    for shape in shapes {
      let events = Recorder<HTTPTransport.Event>()
      let server = try server(
        [.json(page([1], next: "first"))] + (0..<50).map { .json(shape("t\($0)")) })
      var configuration = configuration(server)
      configuration.transport.progress = { events.append($0) }
      let tweets = try await XSource(configuration).tweets(
        for: .mention("Apple"), count: 1000)
      XCTAssertEqual(tweets.map(\.id), ["1"], shape("x"))
      XCTAssertEqual(server.requests.count, 1 + Paging.emptyPageLimit, shape("x"))
      XCTAssertTrue(
        events.values.contains(.stoppedPaging(pages: 4, emptyPages: 3)), "\(events.values)")
    }
  }

  /// An empty page between full ones does not stop paging.
  func testAnEmptyPageBetweenFullOnesIsPassed() async throws {
    let server = try server([
      .json(page([1], next: "a")), .json(#"{"meta":{"next_token":"b"}}"#),
      .json(#"{"data":[],"meta":{"next_token":"c"}}"#), .json(page([2])),
    ])
    let tweets = try await fetch(server, count: 1000)
    XCTAssertEqual(tweets.map(\.id), ["1", "2"])
    XCTAssertEqual(server.requests.count, 4)
  }

  func testAnEmptyResultIsNoTweetsAfterOneRequest() async throws {
    let server = try server([.json(#"{"meta":{"result_count":0}}"#)])
    let tweets = try await fetch(server)
    XCTAssertEqual(tweets, [])
    XCTAssertEqual(server.requests.count, 1)
  }

  func testLongPostUsesNoteTweet() async throws {
    let long = String(repeating: "long post ", count: 40) + "the end"
    let body =
      #"{"data":[{"id":"7","text":"long post long post… https://t.co/x","note_tweet":{"text":"\#(long)"}}],"meta":{"result_count":1}}"#
    let server = try server([.json(body)])
    let tweets = try await fetch(server)
    XCTAssertEqual(tweets.map(\.text), [long])
  }

  func testPartialErrorsWarnButKeepData() async throws {
    let extra =
      #","errors":[{"value":"9","detail":"Could not find user with id: [9].","title":"Not Found Error","type":"https://api.twitter.com/2/problems/resource-not-found"}]"#
    let server = try server([.json(page([1, 2], extra: extra))])
    let tweets = try await fetch(server)
    XCTAssertEqual(tweets.count, 2)
    XCTAssertEqual(warnings.values, ["Not Found Error: Could not find user with id: [9]."])
  }

  // MARK: Query

  func testQueryDefaultsToEnglishWithoutRetweets() async throws {
    let server = try server([.json(page([1]))])
    _ = try await fetch(server)
    let request = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(request.parameter("query"), "@Apple lang:en -is:retweet")
    XCTAssertTrue(
      request.target.contains("query=%40Apple%20lang%3Aen%20-is%3Aretweet&"), request.target)
  }

  func testQueryAnyLanguageWithRetweetsAndEncodedHashtag() async throws {
    let server = try server([.json(page([1]))])
    _ = try await fetch(server, .hashtag("WWDC")) {
      $0.language = nil
      $0.includeRetweets = true
    }
    let request = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(request.parameter("query"), "#WWDC")
    XCTAssertTrue(request.target.contains("query=%23WWDC&"), request.target)
  }

  /// Issue 45 §4: `--since` and `--until` are X's `start_time` and
  /// `end_time`, RFC 3339 in UTC.
  func testAWindowIsSentAsStartAndEndTime() throws {
    var configuration = XSource.Configuration(token: token, userAgent: "t")
    configuration.window = DateWindow(
      since: Date(timeIntervalSince1970: 1_780_876_800),
      until: Date(timeIntervalSince1970: 1_780_963_200))
    let url = try XSource(configuration).searchURL(
      for: .mention("Apple"), maxResults: 10, nextToken: nil)
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    XCTAssertEqual(items.first { $0.name == "start_time" }?.value, "2026-06-08T00:00:00Z")
    XCTAssertEqual(items.first { $0.name == "end_time" }?.value, "2026-06-09T00:00:00Z")
    let open = try XSource(XSource.Configuration(token: token, userAgent: "t")).searchURL(
      for: .mention("Apple"), maxResults: 10, nextToken: nil)
    XCTAssertFalse(open.absoluteString.contains("_time="), "no window, no times")
  }

  func testQueryOtherLanguageAndUnicodeHashtag() throws {
    var configuration = XSource.Configuration(
      token: token, userAgent: "t", baseURL: "https://api.twitter.com/2/")
    configuration.language = "de"
    let url = try XSource(configuration).searchURL(
      for: .hashtag("Café"), maxResults: 10, nextToken: "b26v89c19zqg8o3f")
    XCTAssertEqual(
      url.absoluteString,
      "https://api.twitter.com/2/tweets/search/recent?query=%23Caf%C3%A9%20lang%3Ade%20-is%3Aretweet"
        + "&max_results=10&tweet.fields=created_at%2Clang%2Cauthor_id%2Centities%2Cnote_tweet"
        + "%2Creferenced_tweets&expansions=author_id&user.fields=username"
        + "&next_token=b26v89c19zqg8o3f")
  }

  func testInvalidBaseURL() async throws {
    let source = XSource(.init(token: token, userAgent: "t", baseURL: "api.x.com/2"))
    let error = await failure { try await source.tweets(for: .mention("Apple"), count: 10) }
    XCTAssertEqual(sourceError(error), .invalidBaseURL("api.x.com/2"))
    // The X source throws what the other live sources throw.
    XCTAssertEqual(
      error as? ServiceError, ServiceError(.invalidBaseURL("api.x.com/2"), service: .x))
  }

  // MARK: API errors

  func testBadRequestShowsTheAPIMessage() async throws {
    let body =
      #"{"errors":[{"parameters":{"query":["@Apple lang:xx"]},"message":"There were errors processing your request: Reference to invalid operator 'lang:xx' (at position 8)"}],"title":"Invalid Request","detail":"One or more parameters to your request was invalid.","type":"https://api.twitter.com/2/problems/invalid-request"}"#
    let server = try server([.json(400, body)])
    let error = await failure { try await self.fetch(server) }
    XCTAssertEqual(
      sourceError(error),
      .invalidRequest(
        message:
          "There were errors processing your request: Reference to invalid operator 'lang:xx' (at position 8)"
      ))
    XCTAssertTrue(describe(error).contains("400"))
    XCTAssertEqual(server.requests.count, 1)
  }

  func testA401SaysTheBearerTokenWasRejectedWithoutQuotingIt() async throws {
    let body =
      #"{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}"#
    let server = try server([.json(401, body)])
    let error = await failure { try await self.fetch(server) }
    XCTAssertEqual(sourceError(error), .unauthorized(detail: "Unauthorized"))
    XCTAssertTrue(describe(error).contains("rejected the bearer token"), describe(error))
    assertNoToken(describe(error))
    XCTAssertEqual(server.requests.count, 1)
  }

  func testForbiddenClientNotEnrolled() async throws {
    let body =
      #"{"client_id":"123","detail":"When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.","registration_url":"https://developer.twitter.com/en/docs/projects/overview","title":"Client Forbidden","required_enrollment":"Appropriate Level of API Access","reason":"client-not-enrolled","type":"https://api.twitter.com/2/problems/client-forbidden"}"#
    let server = try server([.json(403, body)])
    let error = await failure { try await self.fetch(server) }
    XCTAssertEqual(
      sourceError(error),
      .forbidden(
        reason: "client-not-enrolled", enrollment: "Appropriate Level of API Access", detail: nil))
    let message = describe(error)
    XCTAssertTrue(message.contains("client-not-enrolled"), message)
    XCTAssertTrue(message.contains("attached to a Project"), message)
    XCTAssertTrue(message.contains("Appropriate Level of API Access"), message)
  }

  func testNotFoundPointsAtTheBaseURL() async throws {
    let server = try server([.json(404, #"{"title":"Not Found Error"}"#)])
    let error = await failure { try await self.fetch(server) }
    let message = describe(error)
    XCTAssertTrue(message.contains("404"), message)
    XCTAssertTrue(message.contains("TWEETALYZE_API_BASE"), message)
    XCTAssertFalse(message.contains("query="), "no query string in the message: \(message)")
  }

  // MARK: Rate limits

  func testRateLimitedSaysWhenItResets() async throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let server = try server([
      .json(
        429, #"{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank"}"#,
        headers: ["x-rate-limit-reset": "1800000120", "x-rate-limit-remaining": "0"])
    ])
    let error = await failure { try await self.fetch(server) { $0.transport.now = { now } } }
    XCTAssertEqual(
      sourceError(error),
      .rateLimited(reset: Date(timeIntervalSince1970: 1_800_000_120), now: now))
    let message = describe(error)
    XCTAssertTrue(message.contains("(in 120 s)"), message)
    XCTAssertTrue(message.contains("local time"), message)
    XCTAssertTrue(message.contains("--wait"), message)
    XCTAssertEqual(server.requests.count, 1, "a rate limit is not retried without --wait")
  }

  func testRateLimitedWithoutResetHeader() async throws {
    let server = try server([.json(429, #"{"title":"Too Many Requests"}"#)])
    let error = await failure {
      try await self.fetch(server) { $0.transport.waitForRateLimit = true }
    }
    guard case .rateLimited(nil, _)? = sourceError(error) else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertTrue(describe(error).contains("did not say when"), describe(error))
    XCTAssertEqual(server.requests.count, 1)
  }

  func testWaitSleepsUntilResetOnceThenRetries() async throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let limited = LoopbackHTTPServer.Response.json(
      429, #"{"title":"Too Many Requests"}"#, headers: ["x-rate-limit-reset": "1800000003"])
    let server = try server([limited, .json(page([1, 2]))])
    let tweets = try await fetch(server) {
      $0.transport.waitForRateLimit = true
      $0.transport.now = { now }
    }
    XCTAssertEqual(tweets.count, 2)
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(sleeps.values, [1, 1, 1, 1], "until the reset and one second more")
    let reset = Date(timeIntervalSince1970: 1_800_000_003)
    XCTAssertEqual(
      events.values.filter { if case .waitingForRateLimit = $0 { true } else { false } },
      (1...4).reversed().map { .waitingForRateLimit(reset: reset, secondsLeft: $0) })
  }

  func testWaitsOnlyOnce() async throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let limited = LoopbackHTTPServer.Response.json(
      429, #"{"title":"Too Many Requests"}"#, headers: ["x-rate-limit-reset": "1800000001"])
    let server = try server([limited, limited, .json(page([1]))])
    let error = await failure {
      try await self.fetch(server) {
        $0.transport.waitForRateLimit = true
        $0.transport.now = { now }
      }
    }
    guard case .rateLimited? = sourceError(error) else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(server.requests.count, 2)
  }

  func testUsageCapIsNeverRetried() async throws {
    let body =
      #"{"title":"UsageCapExceeded","detail":"Usage cap exceeded: Monthly product cap","type":"https://api.twitter.com/2/problems/usage-capped","period":"Monthly","scope":"Product"}"#
    let server = try server([
      .json(429, body, headers: ["x-rate-limit-reset": "1800000001"]), .json(page([1])),
    ])
    let error = await failure {
      try await self.fetch(server) { $0.transport.waitForRateLimit = true }
    }
    XCTAssertEqual(
      sourceError(error),
      .usageCapExceeded(
        period: "Monthly", scope: "Product", detail: "Usage cap exceeded: Monthly product cap"))
    XCTAssertTrue(describe(error).contains("monthly product cap"), describe(error))
    XCTAssertEqual(server.requests.count, 1)
    XCTAssertEqual(sleeps.values, [])
  }

  func testUsageCapRecognizedFromTheBodyText() async throws {
    let server = try server([.json(429, #"{"detail":"Usage cap exceeded"}"#)])
    let error = await failure { try await self.fetch(server) }
    XCTAssertEqual(
      sourceError(error),
      .usageCapExceeded(period: nil, scope: nil, detail: "Usage cap exceeded"))
  }

  // MARK: Retries and transport

  func testServerErrorIsRetried() async throws {
    let server = try server([
      .json(503, #"{"title":"Service Unavailable"}"#), .json(page([1, 2, 3])),
    ])
    let tweets = try await fetch(server)
    XCTAssertEqual(tweets.count, 3)
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(sleeps.values, [0.01])
    XCTAssertEqual(
      events.values,
      [
        .requesting(page: 1, tweets: 0),
        .retrying(attempt: 2, attempts: 3, delay: 0.01, reason: "server error 503"),
        .requesting(page: 1, tweets: 0), .finished(pages: 1, tweets: 3),
      ])
  }

  func testServerErrorGivesUpAfterAttemptsWithBackoff() async throws {
    let failing = LoopbackHTTPServer.Response.json(500, #"{"title":"Internal Error"}"#)
    let server = try server([failing, failing, failing, .json(page([1]))])
    let error = await failure { try await self.fetch(server) }
    XCTAssertEqual(
      sourceError(error), .serverError(status: 500, detail: "Internal Error", attempts: 3))
    XCTAssertEqual(server.requests.count, 3)
    XCTAssertEqual(sleeps.values, [0.01, 0.02])
  }

  func testStallTimesOut() async throws {
    let server = try loopback([.stall])
    let start = Date()
    let error = await failure {
      try await self.fetch(server) {
        $0.transport.timeout = 1
        $0.transport.attempts = 1
      }
    }
    XCTAssertEqual(
      sourceError(error),
      .timedOut(host: "127.0.0.1:\(server.port)", seconds: 1, attempts: 1))
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    XCTAssertTrue(describe(error).contains("--timeout"), describe(error))
  }

  func testTimeOutIsRetried() async throws {
    let server = try loopback([.stall, .json(page([1]))])
    let tweets = try await fetch(server) {
      $0.transport.timeout = 1
      $0.transport.attempts = 2
    }
    XCTAssertEqual(tweets.map(\.id), ["1"])
    XCTAssertEqual(server.requests.count, 2)
  }

  func testARefusedConnectionIsRetriedThenNamesTheHost() async throws {
    let port = try LoopbackHTTPServer.closedPort()
    var configuration = XSource.Configuration(
      token: token, userAgent: "t", baseURL: "http://127.0.0.1:\(port)/2")
    configuration.transport.retryDelay = 0.01
    configuration.transport.attempts = 2
    let source = XSource(configuration)
    let error = await failure { try await source.tweets(for: .mention("Apple"), count: 10) }
    guard case .connectionFailed(let host, _, let attempts)? = sourceError(error) else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(host, "127.0.0.1:\(port)")
    XCTAssertEqual(attempts, 2)
    XCTAssertTrue(describe(error).contains("cannot reach the X API"), describe(error))
  }

  func testATruncatedBodyIsRetriedThenReportedAsAClosedConnection() async throws {
    let truncated = LoopbackHTTPServer.Response(
      status: 200, headers: ["Content-Type": "application/json"], body: Data(page([1, 2]).utf8),
      behavior: .truncated)
    let server = try loopback([truncated, truncated])
    let error = await failure { try await self.fetch(server) { $0.transport.attempts = 2 } }
    guard case .connectionFailed(_, let reason, 2)? = sourceError(error) else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(reason, "the connection was closed before the whole response arrived")
    XCTAssertEqual(server.requests.count, 2)
  }

  func testClosedWithoutAnswerIsRetried() async throws {
    let server = try loopback([.close, .json(page([4]))])
    let tweets = try await fetch(server)
    XCTAssertEqual(tweets.map(\.id), ["4"])
    XCTAssertEqual(server.requests.count, 2)
  }

  func testNonJSONBody() async throws {
    let server = try server([
      .json(
        200, "<html><body>Welcome to the captive portal</body></html>",
        headers: ["Content-Type": "text/html"])
    ])
    let error = await failure { try await self.fetch(server) }
    guard case .invalidResponse(_, 200, let problem)? = sourceError(error) else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertTrue(problem.contains("not JSON"), problem)
    XCTAssertTrue(problem.contains("<html><body>Welcome"), problem)
    XCTAssertEqual(server.requests.count, 1)
  }

  func testJSONThatIsNotASearchResponse() async throws {
    let server = try server([.json(#"{"hello":"world"}"#)])
    let error = await failure { try await self.fetch(server) }
    guard case .invalidResponse(_, 200, let problem)? = sourceError(error) else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertTrue(problem.contains("not a search response"), problem)
  }

  // MARK: Secrets

  func testTokenNeverInMessagesWarningsOrRecordings() async throws {
    // A misbehaving proxy that echoes the Authorization header everywhere.
    let echo = "Bearer \(token)"
    let directory = try temporaryDirectory()
    let extra = #","errors":[{"title":"Echo","detail":"you sent \#(echo)"}]"#
    let ok = try server([.json(page([1], extra: extra))])
    _ = try await fetch(ok) { $0.transport.recordDirectory = directory }
    let recorded = try String(
      contentsOf: directory.appendingPathComponent("at-apple.jsonl"), encoding: .utf8)
    XCTAssertTrue(recorded.contains("you sent Bearer [redacted]"), recorded)
    assertNoToken(recorded)
    XCTAssertEqual(warnings.values.count, 1)
    for warning in warnings.values { assertNoToken(warning) }

    let bodies: [(Int, String)] = [
      (400, #"{"errors":[{"message":"bad header \#(echo)"}]}"#),
      (401, #"{"title":"Unauthorized","detail":"\#(echo)"}"#),
      (403, #"{"title":"Forbidden","reason":"\#(echo)"}"#),
      (404, #"{"title":"Not Found","detail":"\#(echo)"}"#),
      (429, #"{"title":"UsageCapExceeded","period":"\#(echo)"}"#),
      (200, "not json \(echo)"),
    ]
    for (status, body) in bodies {
      let server = try server([.json(status, body)])
      let error = await failure { try await self.fetch(server) }
      XCTAssertNotNil(sourceError(error), "\(status)")
      assertNoToken(describe(error))
      assertNoToken("\(String(describing: error))")
    }
    let failing = try server([.json(503, #"{"title":"\#(echo)"}"#)])
    let error = await failure { try await self.fetch(failing) { $0.transport.attempts = 1 } }
    assertNoToken(describe(error))
  }

  // MARK: Limits

  /// A body that never ends is cut at the cap, not collected until memory
  /// runs out; it is not retried.
  func testAnEndlessBodyIsCutAtTheCap() async throws {
    let server = try loopback([.endless, .endless])
    let started = Date()
    let error = await failure {
      try await self.fetch(server) { $0.transport.maximumResponseBytes = 1 << 20 }
    }
    XCTAssertEqual(
      sourceError(error), .responseTooLarge(host: "127.0.0.1:\(server.port)", limit: 1 << 20)
    )
    XCTAssertTrue(describe(error).contains("larger than 1 MiB"), describe(error))
    XCTAssertEqual(server.requests.count, 1, "not retried")
    XCTAssertLessThan(Date().timeIntervalSince(started), 20)
  }

  /// A Content-Length above the cap stops the transfer before the body.
  func testADeclaredLengthAboveTheCapIsRefused() async throws {
    let big = String(repeating: " ", count: 2 << 20)
    let server = try loopback([.json(page([1]) + big)])
    let error = await failure {
      try await self.fetch(server) { $0.transport.maximumResponseBytes = 1 << 20 }
    }
    XCTAssertEqual(
      sourceError(error), .responseTooLarge(host: "127.0.0.1:\(server.port)", limit: 1 << 20)
    )
    let fine = try self.loopback([.json(page([1]) + big)])
    let tweets = try await fetch(fine) { $0.transport.maximumResponseBytes = 3 << 20 }
    XCTAssertEqual(tweets.map(\.id), ["1"])
  }

  /// A body sent a byte at a time (every 0.2 s) never trips `timeout` (it
  /// is never silent that long), but the whole answer has 4 × `timeout`.
  func testATrickledBodyMeetsTheDeadline() async throws {
    let server = try loopback([.trickle(page([1]), interval: 0.2)])
    let started = Date()
    let error = await failure {
      try await self.fetch(server) {
        $0.transport.timeout = 1
        $0.transport.attempts = 1
      }
    }
    let elapsed = Date().timeIntervalSince(started)
    XCTAssertEqual(
      sourceError(error),
      .deadlineExceeded(host: "127.0.0.1:\(server.port)", seconds: 4, attempts: 1))
    XCTAssertTrue(describe(error).contains("did not finish its answer within 4 s"), describe(error))
    XCTAssertGreaterThan(elapsed, 3.9)
    XCTAssertLessThan(elapsed, 10)
  }

  /// Base URLs are quoted without user name, password, query or fragment.
  func testQuotedBaseURLsHoldNoSecrets() {
    for base in [
      "https://user:pa55w0rd@api.example.com/2?key=S3CR3TK3Y",
      "ftp://user:pa55w0rd@host/2#S3CR3TK3Y",
      "http://user:pa55w0rd@10.1.2.3/2",
    ] {
      var configuration = XSource.Configuration(token: token, userAgent: "t", baseURL: base)
      configuration.transport.allowInsecureHTTP = false
      let source = XSource(configuration)
      XCTAssertThrowsError(
        try source.searchURL(for: .mention("Apple"), maxResults: 10, nextToken: nil)
      ) {
        let message = $0.localizedDescription
        XCTAssertFalse(message.contains("pa55w0rd"), message)
        XCTAssertFalse(message.contains("S3CR3TK3Y"), message)
        XCTAssertFalse(message.contains(self.token), message)
      }
    }
    XCTAssertEqual(
      URLSafety.shownURL("https://u:p@api.x.com:8443/2?a=b#c"), "https://…@api.x.com:8443/2?…"
    )
    XCTAssertEqual(URLSafety.shownURL("https://api.x.com/2"), "https://api.x.com/2")
  }

  // MARK: Recording

  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-http-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory
  }

  func testRecordThenReplayGivesTheSameTweets() async throws {
    // Page 1 pretty-printed, as some proxies send it; page 2 compact.
    let pretty = """
      {
        "data": [
          {"id": "30", "text": "first\\npage", "author_id": "1"},
          {"id": "29", "text": "again", "author_id": "1"}
        ],
        "includes": {"users": [{"id": "1", "username": "alice"}]},
        "meta": {"result_count": 2, "next_token": "n1"}
      }
      """
    let server = try server([.json(pretty), .json(page([28, 27, 29]))])
    let directory = try temporaryDirectory().appendingPathComponent("nested/recorded")
    let live = try await fetch(server, count: 50) { $0.transport.recordDirectory = directory }
    XCTAssertEqual(live.map(\.id), ["30", "29", "28", "27"])
    XCTAssertEqual(live.first?.text, "first\npage")

    let file = directory.appendingPathComponent("at-apple.jsonl")
    let recorded = try Data(contentsOf: file)
    let lines = recorded.split(separator: 0x0A)
    XCTAssertEqual(lines.count, 2)
    XCTAssertEqual(recorded.last, 0x0A)
    XCTAssertEqual(String(decoding: lines[1], as: UTF8.self), page([28, 27, 29]), "as sent")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    XCTAssertEqual(leftovers, ["at-apple.jsonl"], "no temporary file left")

    let replayed = try await FixtureTweetSource(location: directory).tweets(
      for: .mention("Apple"), count: 50)
    XCTAssertEqual(replayed, live)
  }

  func testRecordFailureIsReported() async throws {
    let directory = try temporaryDirectory()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let blocker = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let server = try server([.json(page([1]))])
    let error = await failure {
      try await self.fetch(server) { $0.transport.recordDirectory = blocker }
    }
    guard case .recordFailed(let path, _)? = sourceError(error) else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(path, blocker.appendingPathComponent("at-apple.jsonl").path)
  }

  func testOneLineKeepsCompactBodiesAndJoinsPrettyOnes() {
    let compact = Data(#"{"a":"x y","b":[1,2]}"#.utf8)
    XCTAssertEqual(HTTPTransport.oneLine(compact), compact)
    let pretty = Data("{\r\n  \"a\": \"x  y\",\n\t\"b\": [\n    1,\n    2\n  ]\n}".utf8)
    XCTAssertEqual(
      String(decoding: HTTPTransport.oneLine(pretty), as: UTF8.self),
      #"{"a": "x  y","b": [1,2]}"#)
  }
}
