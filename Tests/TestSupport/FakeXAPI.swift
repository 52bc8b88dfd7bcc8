import Foundation
import XCTest

/// The scripted fake X API (`Tests/Support/fake_x_api.py`, run with the
/// system `python3`), for end-to-end tests of the built binary.
package enum FakeXAPI {
  /// Starts the fake API with `responses` (status, body, headers), stopped
  /// when `testCase` ends; returns its base URL and the file it logs
  /// requests to.
  package static func start(
    _ responses: [[String: Any]], for testCase: XCTestCase
  ) throws -> (base: String, log: URL) {
    try start(scenario: ["responses": responses], for: testCase)
  }

  /// Starts the fake API with `scenario` (the members of the script's
  /// scenario file but `log`: `responses`, or `generate` for made-up pages,
  /// and `lifetime`), stopped when `testCase` ends; returns its base URL
  /// and the file it logs requests to.
  package static func start(
    scenario members: [String: Any], for testCase: XCTestCase
  ) throws -> (base: String, log: URL) {
    let directory = try BinaryRunner.temporaryDirectory(for: testCase)
    let log = directory.appendingPathComponent("requests.jsonl")
    let scenario = directory.appendingPathComponent("scenario.json")
    var members = members
    members["log"] = log.path
    let json = try JSONSerialization.data(withJSONObject: members)
    try json.write(to: scenario)
    let script = BinaryRunner.packageRoot.appendingPathComponent("Tests/Support/fake_x_api.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, scenario.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      try Requirement.unmet("python3 is not available: \(error)")
    }
    testCase.addTeardownBlock {
      process.terminate()
      process.waitUntilExit()
    }
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { try Requirement.unmet("the fake X API did not start (python3?)") }
      line.append(chunk)
    }
    let port = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertNotNil(UInt16(port), "port: \(port)")
    return ("http://127.0.0.1:\(port)/2", log)
  }
}
