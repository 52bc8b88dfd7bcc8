import Foundation
import XCTest

@testable import SentimentCore

/// Lines mapped on several threads (`ParallelLines.swift`).
final class ParallelLinesTests: XCTestCase {
  /// What `LineReader` gives, each line written as `<count>:<line>\n`.
  private func expected(_ bytes: [UInt8]) throws -> [UInt8] {
    var output: [UInt8] = []
    var reader = LineReader(source: MemorySource(bytes))
    try reader.forEachLine { Self.transform($0.span, &output) }
    return output
  }

  private static func transform(_ line: Span<UInt8>, _ output: inout [UInt8]) {
    output += Array("\(line.count):".utf8)
    line.withUnsafeBytes { output += $0 }
    output.append(0x0A)
  }

  private func mapped(_ bytes: [UInt8], jobs: Int, blockSize: Int = .max) throws -> [UInt8] {
    var output: [UInt8] = []
    try ParallelLines.map(
      MemorySource(bytes, blockSize: blockSize), jobs: jobs, worker: { Self.transform },
      write: { chunk, _ in output += chunk })
    return output
  }

  func testTheLinesComeOutInInputOrderAsOneReaderGivesThem() throws {
    var random = SeededGenerator(seed: 7)
    var big: [UInt8] = []
    for line in 0..<10_000 {
      let length = random.next(below: 50) == 0 ? random.next(below: 70_000) : random.next(below: 80)
      big += Array("\(line) ".utf8) + [UInt8](repeating: 0x61, count: length)
      big += random.next(below: 5) == 0 ? [0x0D, 0x0A] : [0x0A]
    }
    let inputs: [[UInt8]] = [
      [], Array("\n".utf8), Array("one".utf8), Array("a\r\nb\n\nlast".utf8),
      Array("\r".utf8), Array("x\n\r\n".utf8), big, big + Array("tail without break".utf8),
    ]
    for input in inputs {
      let reference = try expected(input)
      for jobs in [1, 2, 3] {
        for blockSize in input.count < 100 ? [1, 7, .max] : [4093, .max] {
          XCTAssertEqual(
            try mapped(input, jobs: jobs, blockSize: blockSize), reference,
            "\(input.count) bytes, --jobs \(jobs), blocks of \(blockSize)")
        }
      }
    }
  }

  /// A source that fails after some bytes.
  private struct FailingSource: ByteSource {
    var source: MemorySource
    mutating func read(into buffer: inout [UInt8]) throws -> Int {
      let count = try source.read(into: &buffer)
      if count == 0 { throw ByteSourceError.readFailed(errno: 5) }
      return count
    }
  }

  func testAReadErrorComesAfterTheLinesBeforeIt() throws {
    var output: [UInt8] = []
    let input = Array((0..<20_000).map { "line \($0)\n" }.joined().utf8)
    XCTAssertThrowsError(
      try ParallelLines.map(
        FailingSource(source: MemorySource(input, blockSize: 5000)), jobs: 2,
        worker: { Self.transform }, write: { chunk, _ in output += chunk })
    ) { XCTAssertEqual($0 as? ByteSourceError, .readFailed(errno: 5)) }
    XCTAssertEqual(output, try expected(input))
  }

  func testAWriteErrorStopsAtOnce() throws {
    struct Closed: Error {}
    var writes = 0
    let input = Array((0..<200_000).map { "line \($0)\n" }.joined().utf8)
    XCTAssertThrowsError(
      try ParallelLines.map(
        MemorySource(input, blockSize: 1000), jobs: 2, worker: { Self.transform },
        write: { _, _ in
          writes += 1
          throw Closed()
        })
    ) { XCTAssertTrue($0 is Closed) }
    XCTAssertEqual(writes, 1)
  }

  func testAFailingLineIsReportedWithItsNumberAfterTheLinesBeforeIt() throws {
    struct Bad: Error {}
    let input = Array((1...30_000).map { $0 == 25_000 ? "bad\n" : "line \($0)\n" }.joined().utf8)
    for jobs in [1, 2, 3] {
      var output: [UInt8] = []
      XCTAssertThrowsError(
        try ParallelLines.map(
          MemorySource(input, blockSize: 3000), jobs: jobs,
          worker: {
            { line, output in
              if line.count == 3 { throw Bad() }
              Self.transform(line, &output)
            }
          }, write: { chunk, _ in output += chunk })
      ) { error in
        XCTAssertEqual((error as? ParallelLines.LineError)?.line, 25_000)
        XCTAssertTrue((error as? ParallelLines.LineError)?.error is Bad)
      }
      let before = Array((1..<25_000).map { "line \($0)\n" }.joined().utf8)
      XCTAssertEqual(output, try expected(before), "--jobs \(jobs)")
    }
  }

  func testALineOverTheLimitIsLineReadersErrorAfterTheLinesBeforeIt() throws {
    let before = (1...500).map { "line \($0)\n" }.joined()
    let long = String(repeating: "x", count: 300)
    for input in [before + long + "\nafter\n", before + long] {
      var reference: [UInt8] = []
      var lineReader = LineReader(source: MemorySource(input), maximumLineBytes: 100)
      var expected: Error?
      do {
        try lineReader.forEachLine { Self.transform($0.span, &reference) }
      } catch {
        expected = error
      }
      XCTAssertEqual(expected as? LineReaderError, .lineTooLong(line: 501, limit: 100))
      for jobs in [1, 2] {
        for blockSize in [7, 64, Int.max] {
          var output: [UInt8] = []
          XCTAssertThrowsError(
            try ParallelLines.map(
              MemorySource(Array(input.utf8), blockSize: blockSize), jobs: jobs,
              maximumLineBytes: 100, worker: { Self.transform },
              write: { chunk, _ in output += chunk })
          ) { XCTAssertEqual($0 as? LineReaderError, .lineTooLong(line: 501, limit: 100)) }
          XCTAssertEqual(output, reference, "--jobs \(jobs), blocks of \(blockSize)")
        }
      }
    }
  }
}
