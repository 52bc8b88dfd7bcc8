import Foundation
import TestSupport
import XCTest

/// The bearer token never leaves the Authorization header: not on stdout or
/// stderr, not in a recorded file, not in a model, whatever the API answers
/// (including a server that echoes the token back).
/// (An extension of `AnalyzeHTTPEndToEndTests`, for its fake X API.)
extension AnalyzeHTTPEndToEndTests {
  var secret: String { "tw33t-SECRET-b34r3r-7f3a9c1d2e" }

  /// Every file under `directory`, recursively.
  func files(under directory: URL) -> [URL] {
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    return (enumerator?.allObjects as? [URL] ?? []).filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
  }

  /// A token echoed in tweets (raw, JSON-escaped, percent-decoded as X
  /// tokens hold `%2B` and `%3D`, or as HTML entities) and in `errors[]`
  /// reaches no output: not `--tweets`, `--json`, `--csv`, the warning line
  /// or the recording (before, all of them printed it in clear).
  func testATokenEchoedInTweetsIsInNoOutput() throws {
    let token = "AAAAtw33t%2FSECRET%2Bb34r3r%3D7f3a9c1d2e"
    let decoded = "AAAAtw33t/SECRET+b34r3r=7f3a9c1d2e"
    let forms = [
      token, decoded, token.replacingOccurrences(of: "A", with: #"\u0041"#),
      decoded.replacingOccurrences(of: "/", with: #"\/"#),
      decoded.replacingOccurrences(of: "+", with: "&#43;"),
    ]
    let tweets = forms.enumerated().map { index, form in
      #"{"id":"\#(index + 1)","text":"I love \#(form)","author_id":"9"}"#
    }
    let body =
      #"{"data":[\#(tweets.joined(separator: ","))],"includes":{"users":[{"id":"9","username":"\#(decoded)"}]},"#
      + #""errors":[{"title":"Partial","detail":"token \#(decoded)"}],"meta":{"result_count":5}}"#
    let work = try temporaryDirectory()
    for format in [["--tweets"], ["--tweets", "--json"], ["--tweets", "--csv"]] {
      let server = try startServer([["status": 200, "body": body]])
      let result = try BinaryRunner.run(
        ["@Apple", "--record", work.path] + format,
        environment: ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": token])
      XCTAssertEqual(result.status, 0, "\(format): \(result.stderr)")
      XCTAssertTrue(result.stdout.contains("[redacted]"), "\(format): \(result.stdout)")
      XCTAssertTrue(result.stderr.contains("Warning:"), "\(format): \(result.stderr)")
      let recording = try String(
        contentsOf: work.appendingPathComponent("at-apple.jsonl"), encoding: .utf8)
      for (name, text) in [
        ("stdout", result.stdout), ("stderr", result.stderr), ("recording", recording),
      ] {
        for secret in [token, decoded, "SECRET%2Bb34r3r", "SECRET+b34r3r"] {
          XCTAssertFalse(text.contains(secret), "\(format) \(name) holds \(secret): \(text)")
        }
      }
    }
  }

  /// A token echoed in X text as HTML character references (`&#116;…`,
  /// `&#x74;…`) is redacted live, in the recording, and so in the replays
  /// with `--fixtures` and `--input` in every output form (the recording
  /// kept the references, which a replay printed as the token in clear).
  func testATokenAsCharacterReferencesIsInNoRecordingOrReplay() throws {
    let decimal = secret.unicodeScalars.map { "&#\($0.value);" }.joined()
    let hex = secret.unicodeScalars.map { "&#x\(String($0.value, radix: 16));" }.joined()
    let body =
      #"{"data":[{"id":"1","text":"I love \#(decimal)"},{"id":"2","text":"so \#(hex)"}],"#
      + #""meta":{"result_count":2}}"#
    let server = try startServer([["status": 200, "body": body]])
    let work = try temporaryDirectory()
    let live = try BinaryRunner.run(
      ["@Apple", "--record", work.path, "--tweets"],
      environment: ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": secret])
    XCTAssertEqual(live.status, 0, live.stderr)
    XCTAssertFalse(live.stdout.contains(secret), live.stdout)
    let file = work.appendingPathComponent("at-apple.jsonl")
    let recording = try String(contentsOf: file, encoding: .utf8)
    for form in [secret, decimal, hex] {
      XCTAssertFalse(recording.contains(form), "\(form) in \(recording)")
    }
    for replay in [["@Apple", "--fixtures", file.path], ["--input", file.path]] {
      for format in [["--tweets"], ["--tweets", "--json"], ["--tweets", "--csv"]] {
        let result = try BinaryRunner.run(replay + format)
        XCTAssertEqual(result.status, 0, "\(replay) \(format): \(result.stderr)")
        XCTAssertTrue(result.stdout.contains("[redacted]"), "\(replay) \(format)")
        XCTAssertFalse(result.stdout.contains(secret), "\(replay) \(format): \(result.stdout)")
      }
    }
  }

  func testTheTokenIsInNoOutputRecordOrModel() throws {
    let page = try fixture("at-apple.json")
    let pages = try fixture("hashtag-wwdc.jsonl").split(separator: "\n").map(String.init)
    let echo =
      #"{"title":"Unauthorized","detail":"token \#(secret) is bad","type":"about:blank","status":401}"#
    let server = try startServer(
      [["status": 200, "body": page]] + pages.map { ["status": 200, "body": $0] } + [
        ["status": 401, "body": echo],
        ["status": 429, "body": #"{"title":"Too Many Requests","detail":"\#(secret)"}"#],
        ["status": 200, "body": "<html>\(secret)</html>"],
        ["status": 200, "body": #"{"data":[{"id":"1","text":"I love \#(secret)"}],"meta":{}}"#],
      ])
    let work = try temporaryDirectory()
    let recorded = work.appendingPathComponent("recorded")
    try FileManager.default.createDirectory(at: recorded, withIntermediateDirectories: true)
    let tokenFile = work.appendingPathComponent("token")
    try Data("\(secret)\n".utf8).write(to: tokenFile)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
    let environment = ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": secret]

    var runs: [BinaryRun] = []
    func tweetalyze(_ arguments: [String], _ environment: [String: String]) throws {
      runs.append(try BinaryRunner.run(arguments, environment: environment, directory: work))
    }
    try tweetalyze(["@Apple", "--record", recorded.path], environment)
    try tweetalyze(
      ["#WWDC", "--count", "\(pages.count * 100)", "--record", recorded.path, "--json"], environment
    )
    try tweetalyze(["@Apple", "--record", recorded.path], environment)  // 401 echoing the token
    try tweetalyze(
      ["@Apple", "--token-file", tokenFile.path], ["TWEETALYZE_API_BASE": server.base])
    try tweetalyze(["@Apple"], ["TWEETALYZE_API_BASE": server.base, "X_BEARER_TOKEN": secret])
    try tweetalyze(["@Apple", "--record", recorded.path, "--json"], environment)
    // Train and classify on what was recorded, with the token in the
    // environment: the model holds no trace of it.
    let model = work.appendingPathComponent("model.json")
    try tweetalyze(
      [
        "train", BinaryRunner.packageRoot.appendingPathComponent("Fixtures/train/tiny.csv").path,
        "--out", model.path,
      ],
      environment)
    try tweetalyze(["@Apple", "--fixtures", recorded.path, "--model", model.path], environment)

    XCTAssertEqual(runs[0].status, 0, runs[0].stderr)
    XCTAssertEqual(runs[1].status, 0, runs[1].stderr)
    XCTAssertEqual(runs[2].status, 77, runs[2].stderr)
    XCTAssertEqual(runs[6].status, 0, runs[6].stderr)
    XCTAssertEqual(runs[7].status, 0, runs[7].stderr)
    for (index, run) in runs.enumerated() {
      XCTAssertFalse(
        run.stdoutData.contains(Data(secret.utf8)), "run \(index) stdout: \(run.stdout)")
      XCTAssertFalse(
        run.stderrData.contains(Data(secret.utf8)), "run \(index) stderr: \(run.stderr)")
    }
    let written = files(under: work).filter { $0.path != tokenFile.path }
    XCTAssertTrue(written.contains { $0.lastPathComponent == "at-apple.jsonl" }, "\(written)")
    XCTAssertTrue(written.contains { $0.lastPathComponent == "model.json" }, "\(written)")
    for file in written {
      let bytes = try Data(contentsOf: file)
      XCTAssertFalse(bytes.contains(Data(secret.utf8)), "\(file.lastPathComponent) holds the token")
    }
    // The server did see it, in the header only.
    let log = try String(contentsOf: server.log, encoding: .utf8)
    XCTAssertTrue(log.contains("Bearer \(secret)"))
  }

}
