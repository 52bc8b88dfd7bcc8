import Foundation
import XCTest

@testable import tweetalyze

final class AppendLineTests: XCTestCase {
  /// Runs appending at once never interleave: eight threads each append
  /// forty 1.7 KB lines, and every line of the file is one of them, whole.
  func testConcurrentAppendsNeverInterleave() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("append-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    DispatchQueue.concurrentPerform(iterations: 8) { writer in
      for index in 0..<40 {
        let body = String(repeating: Character(UnicodeScalar(UInt8(65 + writer))), count: 1_700)
        XCTAssertNil(AppendLine.append(Array("\(writer) \(index) \(body)\n".utf8), to: path))
      }
    }
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 8 * 40 + 1)
    XCTAssertEqual(lines.last, "")
    var seen = Set<String>()
    for line in lines.dropLast() {
      let parts = line.split(separator: " ")
      XCTAssertEqual(parts.count, 3)
      let writer = Int(parts[0]) ?? -1
      XCTAssertEqual(
        parts[2],
        Substring(String(repeating: Character(UnicodeScalar(UInt8(65 + writer))), count: 1_700)))
      seen.insert("\(parts[0]) \(parts[1])")
    }
    XCTAssertEqual(seen.count, 8 * 40)
  }

  /// A file that ends inside a line gets a line feed before the new one.
  func testALineCutShortIsEndedFirst() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("append-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("whole\ncut".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertNil(AppendLine.append(Array("next\n".utf8), to: path))
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "whole\ncut\nnext\n")
    XCTAssertNotNil(AppendLine.append(Array("x\n".utf8), to: path + "/no/such/folder"))
  }
}
