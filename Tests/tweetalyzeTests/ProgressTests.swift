import Foundation
import TestSupport
import XCTest

@testable import tweetalyze

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress of `train` and `eval`: the line's format as pure functions, no
/// progress off a terminal, and (under `script`, a pseudo-terminal) a line
/// that is drawn and erased.
final class ProgressTests: XCTestCase {
  func testLineWithAKnownSize() {
    XCTAssertEqual(
      ProgressMeter.line(
        label: "train", rows: 1_000, bytes: 25_000_000, total: 100_000_000, elapsed: 10),
      "train: 1,000 rows, 25.0 of 100.0 MB (25 %), 100 rows/s, ETA 0:30")
    XCTAssertEqual(
      ProgressMeter.line(label: "train", rows: 7, bytes: 100, total: 100, elapsed: 2),
      "train: 7 rows, 0.0 of 0.0 MB (100 %), 4 rows/s, ETA 0:00")
  }

  func testLineOfAPipeHasNoShareAndNoETA() {
    XCTAssertEqual(
      ProgressMeter.line(
        label: "eval: reading", rows: 1_234_567, bytes: 3_456_789, total: nil, elapsed: 10),
      "eval: reading: 1,234,567 rows, 3.5 MB, 123,457 rows/s")
    XCTAssertEqual(
      ProgressMeter.line(label: "train", rows: 0, bytes: 0, total: 0, elapsed: 0),
      "train: 0 rows, 0.0 MB")
  }

  func testDurations() {
    XCTAssertEqual(ProgressMeter.duration(0), "0:00")
    XCTAssertEqual(ProgressMeter.duration(0.2), "0:01")
    XCTAssertEqual(ProgressMeter.duration(59.2), "1:00")
    XCTAssertEqual(ProgressMeter.duration(605), "10:05")
    XCTAssertEqual(ProgressMeter.duration(3_600), "1:00:00")
    XCTAssertEqual(ProgressMeter.duration(3_725), "1:02:05")
    XCTAssertEqual(ProgressMeter.duration(.infinity), "--:--")
    XCTAssertEqual(ProgressMeter.duration(.nan), "--:--")
    XCTAssertEqual(ProgressMeter.duration(-1), "--:--")
    XCTAssertEqual(ProgressMeter.duration(1e12), "--:--")
  }

  func testCounts() {
    XCTAssertEqual(ProgressMeter.count(0), "0")
    XCTAssertEqual(ProgressMeter.count(999), "999")
    XCTAssertEqual(ProgressMeter.count(1_000), "1,000")
    XCTAssertEqual(ProgressMeter.count(1_234_567), "1,234,567")
    XCTAssertEqual(ProgressMeter.count(-12_345), "-12,345")
  }

  func testNoMeterOffATerminal() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("progress-\(UUID().uuidString)").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    defer {
      close(descriptor)
      unlink(path)
    }
    let output = Output(descriptor: descriptor)
    XCTAssertNil(ProgressMeter.forInput(descriptor, label: "x", stderr: output, quiet: false))
    XCTAssertNil(ProgressMeter.forInput(descriptor, label: "x", stderr: output, quiet: true))
  }

  // MARK: End to end

}
