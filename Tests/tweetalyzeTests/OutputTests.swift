import Foundation
import XCTest

@testable import tweetalyze

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

final class OutputTests: XCTestCase {
  /// Runs `body` with an `Output` to a new file, then returns the file's
  /// bytes.
  private func written(_ body: (Output) throws -> Void) throws -> [UInt8] {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("output-\(UUID().uuidString)").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    defer { unlink(path) }
    do {
      let output = Output(descriptor: descriptor)
      try body(output)
      try output.flush()
    }
    close(descriptor)
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  func testLinesWrittenInPlaceComeOutInOrderAcrossFlushes() throws {
    var expected: [UInt8] = []
    let bytes = try written { output in
      // About 250 KiB: several flushes, lines cut by none of them.
      for number in 0..<20_000 {
        let line = Array("line \(number)\n".utf8)
        expected += line
        try output.append { $0 += line }
      }
    }
    XCTAssertEqual(bytes.count, expected.count)
    XCTAssertEqual(bytes, expected)
  }

  func testWritesLargerThanTheBufferKeepTheirPlace() throws {
    let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let bytes = try written { output in
      try output.write("before ")
      try output.write(big)
      try output.append { $0 += Array(" after".utf8) }
      try output.write(big)
    }
    XCTAssertEqual(bytes, Array("before ".utf8) + big + Array(" after".utf8) + big)
  }
}
