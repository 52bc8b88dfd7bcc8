import XCTest

@testable import SentimentCore

final class ByteChunkTests: XCTestCase {
  /// Eight bytes of `filler` with `byte` at `position`, as the scans load them.
  private func chunk(_ byte: UInt8, at position: Int, filler: UInt8 = UInt8(ascii: "a")) -> UInt64 {
    var bytes = [UInt8](repeating: filler, count: 8)
    bytes[position] = byte
    return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
  }

  /// The position of the first flagged byte, or `nil`.
  private func first(_ flags: UInt64) -> Int? {
    flags == 0 ? nil : flags.trailingZeroBitCount / 8
  }

  func testMatchesFindsEveryByteAtEveryPositionAndNothingElse() {
    for value in 0...255 where value != Int(UInt8(ascii: "a")) {
      let byte = UInt8(value)
      for position in 0..<8 {
        let eight = chunk(byte, at: position)
        XCTAssertEqual(first(ByteChunk.matches(eight, byte)), position, "\(value) at \(position)")
        XCTAssertNil(first(ByteChunk.matches(eight, byte &+ 1 == 0x61 ? 0x62 : byte &+ 1)))
      }
    }
  }

  func testBelowFindsExactlyTheSmallerBytes() {
    for value in 0...255 {
      let byte = UInt8(value)
      for position in 0..<8 {
        XCTAssertEqual(
          first(ByteChunk.below(chunk(byte, at: position), 0x20)), byte < 0x20 ? position : nil,
          "\(value) at \(position)")
      }
    }
  }

  func testJSONStringStops() {
    for value in 0...255 {
      let byte = UInt8(value)
      let stops = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      for position in 0..<8 {
        XCTAssertEqual(
          first(ByteChunk.jsonStringStops(chunk(byte, at: position))), stops ? position : nil,
          "\(value) at \(position)")
      }
    }
  }

  /// After a match a borrow may flag a later byte wrongly; the first flag
  /// stays exact.
  func testTheFirstOfSeveralMatchesIsExact() {
    var bytes: [UInt8] = [0x61, 0x2C, 0x2D, 0x2C, 0x61, 0x61, 0x2C, 0x61]
    let eight = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    XCTAssertEqual(first(ByteChunk.matches(eight, UInt8(ascii: ","))), 1)
    bytes[1] = 0x61
    let later = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    XCTAssertEqual(first(ByteChunk.matches(later, UInt8(ascii: ","))), 3)
  }
}
