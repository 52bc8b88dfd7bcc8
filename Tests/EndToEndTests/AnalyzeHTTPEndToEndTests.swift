import Foundation
import TestSupport
import XCTest

@testable import tweetalyze

/// Runs the built `tweetalyze` against a scripted fake X API
/// (`Tests/Support/fake_x_api.py`, run with the system `python3`).
final class AnalyzeHTTPEndToEndTests: XCTestCase {
  let token = "secret-test-token"
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory
  }

  /// Starts the fake API with `responses` (status, body, headers); returns
  /// its base URL and the file it logs requests to.
  func startServer(_ responses: [[String: Any]]) throws -> (base: String, log: URL) {
    try FakeXAPI.start(responses, for: self)
  }

  func run(_ arguments: [String], environment: [String: String]) throws -> Run {
    let result = try BinaryRunner.run(arguments, environment: environment)
    return Run(status: result.status, stdout: result.stdout, stderr: result.stderr)
  }

  func fixture(_ name: String) throws -> String {
    try String(
      contentsOf: Self.packageRoot.appendingPathComponent("Fixtures/tweets/\(name)"),
      encoding: .utf8)
  }

  func assertNoToken(_ run: Run, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(run.stdout.contains(token), run.stdout, file: file, line: line)
    XCTAssertFalse(run.stderr.contains(token), run.stderr, file: file, line: line)
  }

  // MARK: Runs

  func testGoodRunMatchesTheFixtureScoreAndRecords() throws {
    let body = try fixture("at-apple.json")
    let server = try startServer([["status": 200, "body": body]])
    let recorded = try temporaryDirectory()
    let live = try run(
      ["@Apple", "--record", recorded.path],
      environment: ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": token])
    XCTAssertEqual(live.status, 0, live.stderr)
    XCTAssertEqual(
      live.stderr, FixtureNote.apple,
      "no progress when stderr is not a terminal: only the note on the doubtful emoji")
    XCTAssertNotNil(
      live.stdout.range(of: #"^\S+ -?[0-9]+\n$"#, options: .regularExpression), live.stdout)
    assertNoToken(live)

    let offline = try run(["@Apple", "--fixtures", "Fixtures/tweets"], environment: [:])
    XCTAssertEqual(offline.status, 0, offline.stderr)
    XCTAssertEqual(live.stdout, offline.stdout, "the same tweets give the same score")

    let replay = try run(["@Apple", "--fixtures", recorded.path], environment: [:])
    XCTAssertEqual(replay.stdout, live.stdout)
    let file = try String(
      contentsOf: recorded.appendingPathComponent("at-apple.jsonl"), encoding: .utf8)
    XCTAssertFalse(file.contains(token))
    XCTAssertEqual(file.filter { $0 == "\n" }.count, 1, "one page, one line")

    let log = try String(contentsOf: server.log, encoding: .utf8)
    let requests = log.split(separator: "\n")
    XCTAssertEqual(requests.count, 1)
    XCTAssertTrue(log.contains(#""Authorization": "Bearer \#(token)""#), log)
    XCTAssertTrue(log.contains(#""User-Agent": "tweetalyze/\#(Tweetalyze.version)""#), log)
    XCTAssertTrue(log.contains("query=%40Apple%20lang%3Aen%20-is%3Aretweet"), log)
  }

  func testUnauthorizedIsOneErrorLineWithoutTheToken() throws {
    let body =
      #"{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}"#
    let server = try startServer([["status": 401, "body": body]])
    let result = try run(
      ["@Apple"], environment: ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": token])
    XCTAssertEqual(result.status, 77)
    XCTAssertEqual(result.stdout, "")
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 2, result.stderr)
    XCTAssertTrue(result.stderr.hasPrefix("Error: the X API rejected the bearer token (401"))
    assertNoToken(result)
  }

  func testRateLimitSaysWhenToComeBack() throws {
    let reset = Int(Date().timeIntervalSince1970) + 600
    let server = try startServer([
      [
        "status": 429, "body": #"{"title":"Too Many Requests"}"#,
        "headers": ["x-rate-limit-reset": String(reset)],
      ]
    ])
    let result = try run(
      ["#WWDC"], environment: ["TWEETALYZE_API_BASE": server.base, "X_BEARER_TOKEN": token])
    XCTAssertEqual(result.status, 75)
    XCTAssertTrue(result.stderr.contains("resets at"), result.stderr)
    XCTAssertTrue(result.stderr.contains("--wait"), result.stderr)
    assertNoToken(result)
  }

  /// Four queries over HTTP, the second refused (401) and the third
  /// finding no tweets, with `--json`: the others print their objects in
  /// order, each failure gives its `Error: QUERY: …` line and JSON error
  /// object, and the exit status is the first failure's (77).
  func testSeveralQueriesWhereSomeFailOverHTTP() throws {
    let body = try fixture("at-apple.json")
    let server = try startServer([
      ["status": 200, "body": body],
      ["status": 401, "body": #"{"title":"Unauthorized","status":401,"detail":"Unauthorized"}"#],
      ["status": 200, "body": #"{"meta":{"result_count":0}}"#],
      ["status": 200, "body": body],
    ])
    let result = try run(
      ["@Apple", "@refused", "#empty", "#WWDC", "--json"],
      environment: ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": token])
    XCTAssertEqual(result.status, 77, result.stderr)
    let objects = try result.stdout.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.map { $0["query"] as? String }, ["@Apple", "#WWDC"])
    XCTAssertEqual(objects.map { $0["count"] as? Int }, [100, 100])
    let lines = result.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 4, result.stderr)
    XCTAssertTrue(lines[0].hasPrefix("Error: @refused: the X API rejected the bearer token"))
    XCTAssertTrue(lines[2].hasPrefix("Error: #empty: no tweets found"), result.stderr)
    let errors = try [lines[1], lines[3]].map {
      try XCTUnwrap(
        (JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["error"]
          as? [String: Any])
    }
    XCTAssertEqual(errors.map { $0["code"] as? Int }, [77, 3])
    XCTAssertEqual(errors.map { $0["query"] as? String }, ["@refused", "#empty"])
    assertNoToken(result)
    let log = try String(contentsOf: server.log, encoding: .utf8)
    XCTAssertEqual(log.split(separator: "\n").count, 4, "one request per query, no retry")
  }

  /// Inside a network namespace of its own (`unshare -n`: no route
  /// anywhere, so nothing can leave the machine), a plain-http base URL to
  /// another host is refused as a usage error before any connection; with
  /// the opt-in, the run gets as far as the (failing) connection.
  func testPlainHTTPToAnotherHostIsRefusedFirst() throws {
    let unshare = URL(fileURLWithPath: "/usr/bin/unshare")
    let probe = try? BinaryRunner.run(["-n", "true"], executable: unshare)
    guard probe?.status == 0 else {
      try Requirement.unmet(
        "unshare -n is not available here (it needs root): \(probe?.stderr ?? "")")
    }
    let binary = try BinaryRunner.executable().path
    let environment = ["TWITTER_BEARER_TOKEN": token, "TWEETALYZE_API_BASE": "http://192.0.2.1/2"]
    let refused = try BinaryRunner.run(
      ["-n", binary, "@Apple", "--timeout", "2"], environment: environment, executable: unshare)
    XCTAssertEqual(refused.status, 64, refused.stderr)
    XCTAssertTrue(refused.stderr.hasPrefix("Error: "), refused.stderr)
    XCTAssertTrue(refused.stderr.contains("clear text"), refused.stderr)
    XCTAssertFalse(refused.stderr.contains(token))
    var allowed = environment
    allowed["TWEETALYZE_ALLOW_HTTP"] = "1"
    let tried = try BinaryRunner.run(
      ["-n", binary, "@Apple", "--timeout", "2"], environment: allowed, executable: unshare)
    XCTAssertEqual(tried.status, 69, tried.stderr)
    XCTAssertFalse(tried.stderr.contains("clear text"), tried.stderr)
    XCTAssertFalse(tried.stderr.contains(token))
  }

  /// Issue 36: a replay gives the recorded run's answer. 150 posts are
  /// recorded (100 happy, then 50 angry); the replay without `--count` reads
  /// all 150, as `--input` of the recording does, and `--count 100` warns.
  func testAReplayReadsEveryRecordedPost() throws {
    let tweet = { (id: Int, text: String) in #"{"id":"\#(id)","text":"\#(text)"}"# }
    let happy = (1...100).map {
      tweet($0, "I love this, what a great and wonderful day \($0) @Apple")
    }
    let angry = (101...150).map {
      tweet($0, "I hate this, awful and terrible, the worst \($0) @Apple")
    }
    let server = try startServer([
      [
        "status": 200,
        "body": #"{"data":[\#(happy.joined(separator: ","))],"meta":{"next_token":"n1"}}"#,
      ],
      ["status": 200, "body": #"{"data":[\#(angry.joined(separator: ","))],"meta":{}}"#],
    ])
    let recorded = try temporaryDirectory()
    let live = try run(
      ["@Apple", "--record", recorded.path, "--count", "150", "--json"],
      environment: ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": token])
    XCTAssertEqual(live.status, 0, live.stderr)
    XCTAssertTrue(live.stdout.contains(#""count":150"#), live.stdout)
    let replay = try run(["@Apple", "--fixtures", recorded.path, "--json"], environment: [:])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertEqual(replay.stdout, live.stdout, "the recorded run's answer")
    XCTAssertEqual(replay.stderr, "")
    let file = recorded.appendingPathComponent("at-apple.jsonl").path
    let input = try run(["--input", file, "--json"], environment: [:])
    XCTAssertEqual(
      input.stdout.replacingOccurrences(of: #""query":"\#(file)""#, with: #""query":"@Apple""#),
      replay.stdout, "--fixtures and --input of the same file give the same answer")
    let cut = try run(
      ["@Apple", "--fixtures", recorded.path, "--json", "--count", "100"], environment: [:])
    XCTAssertEqual(cut.status, 0, cut.stderr)
    XCTAssertTrue(cut.stdout.contains(#""count":100"#), cut.stdout)
    XCTAssertNotEqual(cut.stdout, replay.stdout, "without the 50 angry posts")
    XCTAssertEqual(
      cut.stderr,
      "Warning: analyzed the first 100 of 150 recorded posts; without --count a replay reads "
        + "every one\n")
  }

  func testNoTokenPointsToFixtures() throws {
    let result = try run(["@Apple"], environment: ["TWEETALYZE_API_BASE": "http://127.0.0.1:9/2"])
    XCTAssertEqual(result.status, 77)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(result.stderr.hasPrefix("Error: no X API bearer token"), result.stderr)
    XCTAssertTrue(result.stderr.contains("--fixtures"), result.stderr)
    XCTAssertTrue(result.stderr.contains("TWITTER_BEARER_TOKEN"), result.stderr)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1)
  }

  func testTokenFileReadableByOthersIsRefused() throws {
    let file = try temporaryDirectory().appendingPathComponent("token")
    try Data("\(token)\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    let result = try run(["@Apple", "--token-file", file.path], environment: [:])
    XCTAssertEqual(result.status, 77)
    XCTAssertTrue(result.stderr.contains("chmod 600"), result.stderr)
    assertNoToken(result)
  }

  // MARK: Parsing

  func options(_ arguments: [String]) throws -> AnalyzeOptions {
    guard case .analyze(let options) = try CommandLineParser.parse(arguments) else {
      XCTFail("not an analyze command: \(arguments)")
      throw Requirement.Unmet(reason: "not an analyze command")
    }
    return options
  }

  func testHTTPOptionsParse() throws {
    let defaults = try options(["@Apple"])
    XCTAssertEqual(defaults.language, "en")
    XCTAssertFalse(defaults.includeRetweets)
    XCTAssertFalse(defaults.wait)
    XCTAssertEqual(defaults.timeout, 30)
    XCTAssertNil(defaults.record)
    XCTAssertNil(defaults.tokenFile)

    let all = try options([
      "#WWDC", "--lang", "any", "--include-retweets", "--wait", "--timeout", "2.5", "--record",
      "out", "--token-file", "tok",
    ])
    XCTAssertNil(all.language)
    XCTAssertTrue(all.includeRetweets)
    XCTAssertTrue(all.wait)
    XCTAssertEqual(all.timeout, 2.5)
    XCTAssertEqual(all.record, "out")
    XCTAssertEqual(all.tokenFile, "tok")
    XCTAssertEqual(try options(["@a", "--lang", "pt-BR"]).language, "pt-BR")
  }

  func testHTTPOptionErrors() {
    let bad: [([String], String)] = [
      (["@a", "--lang", "english"], "--lang takes a language code"),
      (["@a", "--lang", "e1"], "--lang takes a language code"),
      (["@a", "--timeout", "0"], "--timeout takes seconds"),
      (["@a", "--timeout", "soon"], "--timeout takes a number"),
      (["@a", "--record", "d", "--fixtures", "f"], "Give --record or --fixtures, not both"),
      (["@a", "--token", "abc"], "Unknown option '--token'"),
    ]
    for (arguments, message) in bad {
      XCTAssertThrowsError(try CommandLineParser.parse(arguments), "\(arguments)") { error in
        let usage = error as? UsageError
        XCTAssertTrue(usage?.message.hasPrefix(message) == true, "\(String(describing: usage))")
        XCTAssertEqual(usage?.command, .analyze)
      }
    }
  }

  func testHelpListsTheHTTPOptions() {
    let help = Help.text(for: .analyze)
    for option in [
      "--token-file", "--lang", "--include-retweets", "--wait", "--timeout", "--record",
    ] {
      XCTAssertTrue(help.contains(option), option)
    }
    XCTAssertTrue(help.contains("TWITTER_BEARER_TOKEN"))
  }
}
