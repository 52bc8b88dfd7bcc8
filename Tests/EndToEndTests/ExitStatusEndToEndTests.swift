import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

/// Exit statuses of the built binary, end to end (ExitStatusTests has the mapping).
final class ExitStatusEndToEndTests: XCTestCase {
  let token = "secret-test-token"

  func run(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    directory: URL? = nil
  ) throws -> BinaryRun {
    try BinaryRunner.run(arguments, stdin: stdin, environment: environment, directory: directory)
  }

  /// Checks the status, an empty stdout, the `Error:` line containing
  /// `part` and, with `--json`, the JSON object as the last line of stderr.
  func assertFails(
    _ run: BinaryRun, _ status: ExitStatus, _ part: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertFalse(run.timedOut, file: file, line: line)
    XCTAssertEqual(run.status, status.rawValue, run.stderr, file: file, line: line)
    XCTAssertEqual(run.stdout, "", file: file, line: line)
    let first = run.stderrLines.first ?? ""
    XCTAssertTrue(first.hasPrefix("Error: "), run.stderr, file: file, line: line)
    XCTAssertTrue(first.contains(part), "\(run.stderr) lacks \(part)", file: file, line: line)
    XCTAssertFalse(run.stderr.contains(token), file: file, line: line)
  }

  /// The `{"error":…}` object on the last line of stderr.
  func errorObject(_ run: BinaryRun) throws -> [String: Any] {
    let last = run.stderrLines.last ?? ""
    let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
    return try XCTUnwrap(object?["error"] as? [String: Any], run.stderr)
  }

  func testUsageErrorIs64AndJSONWhenAsked() throws {
    let plain = try run(["@Apple", "--count", "0"])
    XCTAssertEqual(plain.status, 64)
    XCTAssertFalse(plain.stderr.contains("{"), plain.stderr)
    let json = try run(["@Apple", "--count", "0", "--json"])
    XCTAssertEqual(json.status, 64)
    XCTAssertTrue(json.stderr.hasPrefix("Error: --count"), json.stderr)
    XCTAssertTrue(json.stderrLines.contains { $0.hasPrefix("Usage: ") }, json.stderr)
    let error = try errorObject(json)
    XCTAssertEqual(error["code"] as? Int, 64)
    XCTAssertEqual(error["message"] as? String, json.stderrLines.first?.dropFirst(7).description)
    XCTAssertEqual(error.count, 2, "code and message only")
  }

  func testBadDataAndModelAre65() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    try Data("class,text\nPos,\"open\n".utf8).write(to: directory.appendingPathComponent("bad.csv"))
    try Data("{}".utf8).write(to: directory.appendingPathComponent("m.json"))
    assertFails(
      try run(["train", "bad.csv", "--out", "out.json"], directory: directory), .dataError,
      "never closed")
    assertFails(
      try run(["eval", "bad.csv", "--json"], directory: directory), .dataError, "never closed")
    let json = try run(["classify", "--model", "m.json", "x", "--json"], directory: directory)
    assertFails(json, .dataError, "not a tweetalyze model")
    XCTAssertEqual(try errorObject(json)["code"] as? Int, 65)
  }

  func testMissingInputIs66() throws {
    assertFails(try run(["train", "nope.csv", "--out", "m.json"]), .noInput, "nope.csv")
    assertFails(try run(["classify", "--model", "nope.json", "x"]), .noInput, "nope.json")
    assertFails(try run(["classify", "--input", "nope.txt"]), .noInput, "cannot read nope.txt")
    assertFails(try run(["explain", "--input", "nope.txt"]), .noInput, "cannot read nope.txt")
    assertFails(try run(["@Apple", "--fixtures", "nope"]), .noInput, "nope")
  }

  func testUnwritableOutputIs73() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let out = directory.appendingPathComponent("missing/model.json").path
    let json = try run(["train", "Fixtures/train/tiny.csv", "--out", out, "--json"])
    assertFails(json, .cannotCreate, "cannot write")
    XCTAssertEqual(try errorObject(json)["code"] as? Int, 73)
    let full = try BinaryRunner.shell(
      "'\(try BinaryRunner.executable().path)' classify good > /dev/full")
    XCTAssertEqual(full.status, 73, full.stderr)
    XCTAssertTrue(full.stderr.hasPrefix("Error: cannot write output"), full.stderr)
  }

  func testNoTweetsIs3() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    try Data(#"{"meta":{"result_count":0}}"#.utf8).write(
      to: directory.appendingPathComponent("at-quiet.json"))
    let json = try run(["@quiet", "--fixtures", directory.path, "--json"])
    assertFails(json, .noTweets, "no tweets found for @quiet")
    XCTAssertEqual(try errorObject(json)["code"] as? Int, 3)
  }

  func testMissingTokenIs77() throws {
    assertFails(
      try run(["@Apple"], environment: ["TWEETALYZE_API_BASE": "http://127.0.0.1:9/2"]),
      .noPermission, "no X API bearer token")
  }

  /// Each HTTP failure class against the fake X API: the status, the
  /// message, and the JSON object with `--json`.
  func testHTTPFailuresHaveTheirStatuses() throws {
    let reset = String(Int(Date().timeIntervalSince1970) + 600)
    let cases: [(String, [[String: Any]], ExitStatus, String)] = [
      ("401", [["status": 401, "body": #"{"title":"Unauthorized"}"#]], .noPermission, "401"),
      (
        "403", [["status": 403, "body": #"{"title":"Forbidden","reason":"client-not-enrolled"}"#]],
        .noPermission, "403"
      ),
      (
        "429",
        [
          [
            "status": 429, "body": #"{"title":"Too Many Requests"}"#,
            "headers": ["x-rate-limit-reset": reset],
          ]
        ], .tryLater, "rate limit"
      ),
      (
        "usage cap",
        [["status": 429, "body": #"{"title":"UsageCapExceeded","period":"Monthly"}"#]],
        .tryLater, "usage cap"
      ),
      ("not JSON", [["status": 200, "body": "<html>hello</html>"]], .unavailable, "answered 200"),
      (
        "server error", Array(repeating: ["status": 503, "body": "{}"], count: 3), .unavailable,
        "server error (503"
      ),
    ]
    for (name, responses, status, part) in cases {
      let server = try FakeXAPI.start(responses, for: self)
      let environment = ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": token]
      let json = try run(["@Apple", "--json"], environment: environment)
      assertFails(json, status, part)
      let error = try errorObject(json)
      XCTAssertEqual(error["code"] as? Int, Int(status.rawValue), name)
      XCTAssertTrue((error["message"] as? String)?.contains(part) == true, name)
    }
    // A listener that never answers: a timeout, after the retries.
    let silent = try silentServer()
    let timedOut = try run(
      ["@Apple", "--timeout", "0.3", "--json"],
      environment: ["TWEETALYZE_API_BASE": silent, "TWITTER_BEARER_TOKEN": token])
    assertFails(timedOut, .unavailable, "did not answer within 0.3 s")
    XCTAssertEqual(try errorObject(timedOut)["code"] as? Int, 69)
    // Nothing listens on port 1 of the loopback: a network failure.
    let unreachable = try run(
      ["@Apple", "--timeout", "2"],
      environment: [
        "TWEETALYZE_API_BASE": "http://127.0.0.1:1/2", "TWITTER_BEARER_TOKEN": token,
      ])
    assertFails(unreachable, .unavailable, "cannot reach the X API")
  }

  /// A loopback port that takes connections (the kernel's backlog) and
  /// never answers; returns its base URL.
  func silentServer() throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import socket, time\n"
        + "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(16)\n"
        + "print(s.getsockname()[1], flush=True); time.sleep(300)",
    ]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      try Requirement.unmet("python3 is not available: \(error)")
    }
    addTeardownBlock {
      process.terminate()
      process.waitUntilExit()
    }
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { try Requirement.unmet("the silent server did not start") }
      line.append(chunk)
    }
    let port = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return "http://127.0.0.1:\(port)/2"
  }
}
