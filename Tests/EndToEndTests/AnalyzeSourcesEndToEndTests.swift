import Foundation
import TestSupport
import XCTest

@testable import tweetalyze

/// Runs the built `tweetalyze --source bluesky|mastodon` against the
/// scripted fake server (`Tests/Support/fake_x_api.py`), answering as
/// Bluesky's XRPC API and Mastodon's REST API document.
final class AnalyzeSourcesEndToEndTests: XCTestCase {
  let password = "abcd-efgh-ijkl-mnop"
  let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6ImFwcCJ9.ZmFrZS1zZXNzaW9uLXNpZ25hdHVyZQ"
  let mastodonToken = "mastodon-e2e-token-4f1c2b"
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func fixtureLines(_ name: String) throws -> [String] {
    try String(
      contentsOf: Self.packageRoot.appendingPathComponent("Fixtures/tweets/\(name)"),
      encoding: .utf8
    ).split(separator: "\n").map(String.init)
  }

  var session: [String: Any] {
    [
      "status": 200,
      "body":
        #"{"accessJwt":"\#(jwt)","refreshJwt":"r-\#(jwt)","handle":"reader.bsky.social","did":"did:plc:reader"}"#,
    ]
  }

  func bluesky(_ base: String, _ extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "TWEETALYZE_API_BASE": base, "BLUESKY_HANDLE": "reader.bsky.social",
      "BLUESKY_APP_PASSWORD": password,
    ]
    environment.merge(extra) { $1 }
    return environment
  }

  func requests(_ log: URL) throws -> [[String: Any]] {
    guard FileManager.default.fileExists(atPath: log.path) else { return [] }
    return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  func assertNoSecret(
    _ run: BinaryRun, _ secrets: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    for secret in secrets {
      XCTAssertFalse(run.stdout.contains(secret), run.stdout, file: file, line: line)
      XCTAssertFalse(run.stderr.contains(secret), run.stderr, file: file, line: line)
    }
  }

  // MARK: Bluesky

  func testBlueskyLogsInPagesRecordsAndReplays() throws {
    let pages = try fixtureLines("bluesky/hashtag-traintravel.jsonl")
    let server = try FakeXAPI.start(
      [session, ["status": 200, "body": pages[0]], ["status": 200, "body": pages[1]]], for: self)
    let recorded = try BinaryRunner.temporaryDirectory(for: self)
    let live = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky", "--record", recorded.path, "--count", "50"],
      environment: bluesky(server.base))
    XCTAssertEqual(live.status, 0, live.stderr)
    XCTAssertEqual(
      live.stderr,
      "Warning: found 30 posts for #TrainTravel, fewer than the 50 asked for; the search holds "
        + "no more\n" + FixtureNote.trainTravel)
    XCTAssertNotNil(
      live.stdout.range(of: #"^\S+ -?[0-9]+\n$"#, options: .regularExpression), live.stdout)
    assertNoSecret(live, [password, jwt])

    let log = try requests(server.log)
    XCTAssertEqual(log.count, 3)
    XCTAssertEqual(log[0]["method"] as? String, "POST")
    XCTAssertEqual(log[0]["path"] as? String, "/2/com.atproto.server.createSession")
    let body = try XCTUnwrap(log[0]["body"] as? String)
    XCTAssertTrue(body.contains(#""password":"\#(password)""#), body)
    let search = try XCTUnwrap(log[1]["path"] as? String)
    XCTAssertTrue(search.hasPrefix("/2/app.bsky.feed.searchPosts?q=%23TrainTravel"), search)
    XCTAssertTrue(search.contains("sort=latest") && search.contains("lang=en"), search)
    XCTAssertTrue(search.contains("limit=50"), search)
    let headers = try XCTUnwrap(log[1]["headers"] as? [String: String])
    XCTAssertEqual(headers["Authorization"], "Bearer \(jwt)")
    XCTAssertTrue((log[2]["path"] as? String)?.contains("cursor=18") == true)

    let file = try String(
      contentsOf: recorded.appendingPathComponent("hashtag-traintravel.jsonl"), encoding: .utf8)
    XCTAssertFalse(file.contains(password) || file.contains(jwt) || file.contains("accessJwt"))
    XCTAssertEqual(file.filter { $0 == "\n" }.count, 2, "two pages, two lines")
    let replay = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky", "--fixtures", recorded.path])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertEqual(replay.stdout, live.stdout, "the replay gives the live result")
  }

  func testBlueskyCountCapsThePagesAndLangAnyIsNotSent() throws {
    let pages = try fixtureLines("bluesky/hashtag-traintravel.jsonl")
    let server = try FakeXAPI.start([session, ["status": 200, "body": pages[0]]], for: self)
    let run = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky", "--count", "3", "--lang", "any", "--tweets"],
      environment: bluesky(server.base))
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout.split(separator: "\n").count, 4, "3 posts and the score")
    let log = try requests(server.log)
    XCTAssertEqual(log.count, 2, "three posts come from the first page")
    let search = try XCTUnwrap(log[1]["path"] as? String)
    XCTAssertFalse(search.contains("lang="), search)
    XCTAssertTrue(search.contains("limit=3"), search)
  }

  func testBlueskyBadLoginIs77WithoutThePassword() throws {
    let server = try FakeXAPI.start(
      [
        [
          "status": 401,
          "body": #"{"error":"AuthenticationRequired","message":"Invalid identifier or password"}"#,
        ]
      ], for: self)
    let run = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky"], environment: bluesky(server.base))
    XCTAssertEqual(run.status, 77, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
    XCTAssertTrue(run.stderr.hasPrefix("Error: Bluesky rejected the app password (401"), run.stderr)
    assertNoSecret(run, [password])
  }

  func testBlueskyAskingForASignInCodeIs77AndNamesAppPasswords() throws {
    let server = try FakeXAPI.start(
      [
        [
          "status": 401,
          "body":
            #"{"error":"AuthFactorTokenRequired","message":"A sign in code has been sent to your email address"}"#,
        ]
      ], for: self)
    let run = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky"], environment: bluesky(server.base))
    XCTAssertEqual(run.status, 77, run.stderr)
    XCTAssertTrue(run.stderr.contains("create an app password"), run.stderr)
  }

  func testBlueskyTakesTheAppPasswordFromATokenFile() throws {
    let pages = try fixtureLines("bluesky/hashtag-traintravel.jsonl")
    let server = try FakeXAPI.start([session, ["status": 200, "body": pages[1]]], for: self)
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let file = directory.appendingPathComponent("app-password")
    try Data((password + "\n").utf8).write(to: file)
    XCTAssertEqual(chmod(file.path, 0o600), 0)
    let run = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky", "--token-file", file.path],
      environment: ["TWEETALYZE_API_BASE": server.base, "BLUESKY_HANDLE": "reader.bsky.social"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let body = try XCTUnwrap(try requests(server.log).first?["body"] as? String)
    XCTAssertTrue(body.contains(#""password":"\#(password)""#), body)
    assertNoSecret(run, [password, jwt])
  }

  /// A 12-character app password that the server echoes in a post and in
  /// an error is in no output, recording or `Error:` line (secrets under
  /// 16 characters were never redacted before).
  func testAShortAppPasswordEchoedIsRedactedEverywhere() throws {
    let short = "abcd-efgh-ij"
    let post =
      #"{"posts":[{"uri":"at://did:plc:a/app.bsky.feed.post/1","cid":"c1","#
      + #""author":{"did":"did:plc:a","handle":"a.bsky.social"},"#
      + #""record":{"text":"echo \#(short) here","createdAt":"2026-11-01T10:00:00Z","langs":["en"]},"#
      + #""indexedAt":"2026-11-01T10:00:01Z"}]}"#
    let refusal = #"{"error":"InvalidRequest","message":"bad \#(short)"}"#
    let server = try FakeXAPI.start(
      [session, ["status": 200, "body": post], session, ["status": 400, "body": refusal]],
      for: self)
    let recorded = try BinaryRunner.temporaryDirectory(for: self)
    let environment = bluesky(server.base, ["BLUESKY_APP_PASSWORD": short])
    let live = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky", "--tweets", "--record", recorded.path],
      environment: environment)
    XCTAssertEqual(live.status, 0, live.stderr)
    XCTAssertTrue(live.stdout.contains("echo [redacted] here"), live.stdout)
    assertNoSecret(live, [short])
    let file = try String(
      contentsOf: recorded.appendingPathComponent("hashtag-traintravel.jsonl"), encoding: .utf8)
    XCTAssertFalse(file.contains(short), file)
    let failed = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky"], environment: environment)
    XCTAssertEqual(failed.status, 1, failed.stderr)
    XCTAssertTrue(failed.stderr.contains("bad [redacted]"), failed.stderr)
    assertNoSecret(failed, [short])
  }

  /// Five queries in one run log in once (five logins before; Bluesky
  /// allows about 30 per 5 minutes per account).
  func testBlueskyLogsInOncePerRun() throws {
    let pages = try fixtureLines("bluesky/hashtag-traintravel.jsonl")
    let page: [String: Any] = ["status": 200, "body": pages[1]]
    let server = try FakeXAPI.start([session] + Array(repeating: page, count: 5), for: self)
    let run = try BinaryRunner.run(
      ["#a", "#b", "#c", "#d", "#e", "--source", "bluesky", "--count", "5"],
      environment: bluesky(server.base))
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout.split(separator: "\n").count, 5, run.stdout)
    let methods = try requests(server.log).map { $0["method"] as? String ?? "GET" }
    XCTAssertEqual(methods, ["POST", "GET", "GET", "GET", "GET", "GET"])
  }

  func testBlueskyWithoutALoginIs77() throws {
    let run = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky"], environment: ["BLUESKY_HANDLE": "a.bsky.social"])
    XCTAssertEqual(run.status, 77, run.stderr)
    XCTAssertTrue(run.stderr.contains("BLUESKY_APP_PASSWORD"), run.stderr)
  }

  func testBlueskyRateLimitIs75WithTheResetTime() throws {
    let reset = Int(Date().timeIntervalSince1970) + 300
    let server = try FakeXAPI.start(
      [
        session,
        [
          "status": 429, "body": #"{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}"#,
          "headers": ["RateLimit-Reset": String(reset), "RateLimit-Remaining": "0"],
        ],
      ], for: self)
    let run = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky"], environment: bluesky(server.base))
    XCTAssertEqual(run.status, 75, run.stderr)
    XCTAssertTrue(run.stderr.contains("Bluesky rate limit is reached"), run.stderr)
    XCTAssertTrue(run.stderr.contains("local time"), run.stderr)
    assertNoSecret(run, [password, jwt])
  }

  func testBlueskyServerErrorsAreRetriedThen69() throws {
    let failing: [String: Any] = [
      "status": 503, "body": #"{"error":"InternalServerError","message":"Internal Server Error"}"#,
    ]
    let server = try FakeXAPI.start([session, failing, failing, failing], for: self)
    let run = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky"], environment: bluesky(server.base))
    XCTAssertEqual(run.status, 69, run.stderr)
    XCTAssertTrue(run.stderr.contains("Bluesky had a server error (503"), run.stderr)
    XCTAssertTrue(run.stderr.contains("(3 attempts)"), run.stderr)
    XCTAssertEqual(try requests(server.log).count, 4)
  }

  func testBlueskyCrossOriginRedirectSendsNoCredential() throws {
    let other = try FakeXAPI.start([session], for: self)
    let otherURL = try XCTUnwrap(URL(string: other.base))
    let target = "http://localhost:\(otherURL.port ?? 0)/2/com.atproto.server.createSession"
    let server = try FakeXAPI.start(
      [["status": 307, "headers": ["Location": target], "body": ""]], for: self)
    let run = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky"], environment: bluesky(server.base))
    XCTAssertEqual(run.status, 69, run.stderr)
    XCTAssertTrue(run.stderr.contains("does not send the app password there"), run.stderr)
    XCTAssertTrue(try requests(other.log).isEmpty, "the login reached the other origin")
  }

  func testPlainHTTPToAnotherHostIsAUsageErrorForEverySource() throws {
    let bluesky = try BinaryRunner.run(
      ["#TrainTravel", "--source", "bluesky"],
      environment: bluesky("http://bsky.example/xrpc"))
    XCTAssertEqual(bluesky.status, 64, bluesky.stderr)
    XCTAssertTrue(bluesky.stderr.contains("app password in clear text"), bluesky.stderr)
    assertNoSecret(bluesky, [password])
    let mastodon = try BinaryRunner.run(
      ["#sourdough", "--source", "mastodon", "--instance", "http://mastodon.example"],
      environment: ["MASTODON_TOKEN": mastodonToken])
    XCTAssertEqual(mastodon.status, 64, mastodon.stderr)
    XCTAssertTrue(mastodon.stderr.contains("plain http to another machine"), mastodon.stderr)
    assertNoSecret(mastodon, [mastodonToken])
  }

  func testBlueskyTakesHandlesAndPhrases() throws {
    let pages = try fixtureLines("bluesky/hashtag-traintravel.jsonl")
    let server = try FakeXAPI.start(
      [session, ["status": 200, "body": pages[1]], session, ["status": 200, "body": pages[1]]],
      for: self)
    let handle = try BinaryRunner.run(
      ["@railrosa.bsky.social", "--source", "bluesky", "--count", "5"],
      environment: bluesky(server.base))
    XCTAssertEqual(handle.status, 0, handle.stderr)
    let phrase = try BinaryRunner.run(
      ["night train", "--source", "bluesky", "--count", "5"], environment: bluesky(server.base))
    XCTAssertEqual(phrase.status, 0, phrase.stderr)
    let paths = try requests(server.log).compactMap { $0["path"] as? String }
      .filter { $0.contains("searchPosts") }
    XCTAssertTrue(paths[0].contains("q=%40railrosa.bsky.social"), paths[0])
    XCTAssertTrue(paths[0].contains("mentions=railrosa.bsky.social"), paths[0])
    XCTAssertTrue(paths[1].contains("q=%22night%20train%22"), paths[1])
    let bad = try BinaryRunner.run(["@-bad-", "--source", "bluesky"])
    XCTAssertEqual(bad.status, 64, bad.stderr)
  }

  // MARK: Mastodon

  func mastodonPages(_ base: String) throws -> [[String: Any]] {
    let pages = try fixtureLines("mastodon/hashtag-sourdough.jsonl")
    let root = String(base.dropLast(2))  // without "/2"
    let link =
      "<\(root)/api/v1/timelines/tag/sourdough?limit=40&max_id=113529884209999000>; "
      + "rel=\"next\", <\(root)/api/v1/timelines/tag/sourdough?limit=40&min_id=1>; rel=\"prev\""
    return [
      ["status": 200, "body": pages[0], "headers": ["Link": link]],
      ["status": 200, "body": pages[1]],
    ]
  }

  func testMastodonPagesWithLinkRecordsAndReplays() throws {
    // The Link header may name any host: the source follows its max_id.
    let paged = try FakeXAPI.start(try mastodonPages("http://127.0.0.1:1/2"), for: self)
    let pagedRoot = String(paged.base.dropLast(2))
    let recorded = try BinaryRunner.temporaryDirectory(for: self)
    let live = try BinaryRunner.run(
      ["#sourdough", "--source", "mastodon", "--instance", pagedRoot, "--record", recorded.path],
      environment: ["MASTODON_TOKEN": mastodonToken])
    XCTAssertEqual(live.status, 0, live.stderr)
    assertNoSecret(live, [mastodonToken])
    let log = try requests(paged.log)
    XCTAssertEqual(log.count, 2)
    XCTAssertEqual(log[0]["path"] as? String, "/api/v1/timelines/tag/sourdough?limit=40")
    XCTAssertEqual(
      log[1]["path"] as? String,
      "/api/v1/timelines/tag/sourdough?limit=40&max_id=113529884209999000")
    XCTAssertEqual(
      (log[0]["headers"] as? [String: String])?["Authorization"], "Bearer \(mastodonToken)")
    let file = try String(
      contentsOf: recorded.appendingPathComponent("hashtag-sourdough.jsonl"), encoding: .utf8)
    XCTAssertFalse(file.contains(mastodonToken))
    let replay = try BinaryRunner.run(
      ["#sourdough", "--source", "mastodon", "--fixtures", recorded.path])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertEqual(replay.stdout, live.stdout, "the replay gives the live result")
  }

  /// Issue 36 §4: fewer posts than asked is one warning, and Mastodon's
  /// are posts, not tweets.
  func testMastodonFewerPostsThanAskedIsOneWarning() throws {
    let paged = try FakeXAPI.start(try mastodonPages("http://127.0.0.1:1/2"), for: self)
    let run = try BinaryRunner.run([
      "#sourdough", "--source", "mastodon", "--instance", String(paged.base.dropLast(2)),
      "--count", "250", "--json",
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    let count = try XCTUnwrap(
      run.stdout.firstMatch(of: /"count":([0-9]+)/).map { Int($0.1) } ?? nil)
    XCTAssertLessThan(count, 250)
    XCTAssertEqual(
      run.stderr,
      "Warning: found \(count) posts for #sourdough, fewer than the 250 asked for; the search "
        + "holds no more\n")
    let unasked = try FakeXAPI.start(try mastodonPages("http://127.0.0.1:1/2"), for: self)
    let quiet = try BinaryRunner.run([
      "#sourdough", "--source", "mastodon", "--instance", String(unasked.base.dropLast(2)),
      "--json",
    ])
    XCTAssertEqual(quiet.stderr, "", "no --count: nothing was asked")
    let empty = try FakeXAPI.start([["status": 200, "body": "[]"]], for: self)
    let none = try BinaryRunner.run([
      "#sourdough", "--source", "mastodon", "--instance", String(empty.base.dropLast(2)),
    ])
    XCTAssertEqual(none.status, 3)
    XCTAssertTrue(none.stderr.hasPrefix("Error: no posts found for #sourdough"), none.stderr)
  }

  func testMastodonBoostsAndLanguageChangeWhatIsKept() throws {
    func count(_ arguments: [String]) throws -> Int {
      let paged = try FakeXAPI.start(try mastodonPages("http://127.0.0.1:1/2"), for: self)
      let run = try BinaryRunner.run(
        [
          "#sourdough", "--source", "mastodon", "--instance", String(paged.base.dropLast(2)),
          "--tweets",
        ] + arguments)
      XCTAssertEqual(run.status, 0, run.stderr)
      return run.stdout.split(separator: "\n").count - 1
    }
    let plain = try count([])
    let boosts = try count(["--include-retweets"])
    let any = try count(["--lang", "any"])
    XCTAssertEqual(boosts, plain + 1, "the one boost is kept only when asked")
    XCTAssertEqual(any, plain + 1, "the one German status is kept only with --lang any")
  }

  func testMastodonReplayKeepsBoostsAndOtherLanguagesOnlyWhenAsked() throws {
    let fixtures = Self.packageRoot.appendingPathComponent("Fixtures/tweets/mastodon")
    func posts(_ arguments: [String]) throws -> Int {
      let run = try BinaryRunner.run(
        ["#sourdough", "--source", "mastodon", "--fixtures", fixtures.path, "--tweets"]
          + arguments)
      XCTAssertEqual(run.status, 0, run.stderr)
      return run.stdout.split(separator: "\n").count - 1
    }
    let plain = try posts([])
    XCTAssertEqual(
      try posts(["--include-retweets"]), plain + 1,
      "a replay reads the recorded boost with --include-retweets, as the live source does")
    XCTAssertEqual(
      try posts(["--lang", "any"]), plain + 1,
      "a replay keeps the one German status only with --lang any, as the live source does")
  }

  func testMastodonMentionsAndPhrasesAreUsageErrors() throws {
    for query in ["@ann", "sourdough bread"] {
      let run = try BinaryRunner.run([query, "--source", "mastodon"])
      XCTAssertEqual(run.status, 64, run.stderr)
      XCTAssertTrue(run.stderr.contains("Mastodon cannot search"), run.stderr)
      XCTAssertTrue(run.stderr.contains("#tag"), run.stderr)
    }
    let instance = try BinaryRunner.run(["#a", "--instance", "https://mastodon.social"])
    XCTAssertEqual(instance.status, 64, instance.stderr)
  }

  func testMastodonRateLimitIs75AndRefusalIs77() throws {
    let limited = try FakeXAPI.start(
      [
        [
          "status": 429, "body": #"{"error":"Too many requests"}"#,
          "headers": ["X-RateLimit-Reset": "2030-01-01T00:00:00.000Z"],
        ]
      ], for: self)
    let run = try BinaryRunner.run(
      ["#sourdough", "--source", "mastodon", "--instance", String(limited.base.dropLast(2))])
    XCTAssertEqual(run.status, 75, run.stderr)
    XCTAssertTrue(run.stderr.contains("Mastodon rate limit is reached"), run.stderr)
    XCTAssertTrue(
      run.stderr.contains("2030-01-01") || run.stderr.contains("2029-12-31"), run.stderr)
    let refused = try FakeXAPI.start(
      [["status": 401, "body": #"{"error":"The access token is invalid"}"#]], for: self)
    let denied = try BinaryRunner.run(
      ["#sourdough", "--source", "mastodon", "--instance", String(refused.base.dropLast(2))],
      environment: ["MASTODON_TOKEN": mastodonToken])
    XCTAssertEqual(denied.status, 77, denied.stderr)
    assertNoSecret(denied, [mastodonToken])
  }
}
