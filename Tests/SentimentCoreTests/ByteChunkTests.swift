import XCTest

@testable import SentimentCore

final class ByteChunkTests: XCTestCase {
  /// Eight bytes of `filler` with `byte` at `position`, as the model file
  /// reader loads them (little-endian: the first byte is the lowest).
  private func chunk(_ byte: UInt8, at position: Int, filler: UInt8 = UInt8(ascii: "a")) -> UInt64 {
    var chunk: UInt64 = 0
    for index in 0..<8 {
      chunk |= UInt64(index == position ? byte : filler) << (8 * index)
    }
    return chunk
  }

  /// The position of the first flagged byte, or `nil`.
  private func first(_ flags: UInt64) -> Int? {
    flags == 0 ? nil : flags.trailingZeroBitCount / 8
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

  /// After a stop a borrow may flag a later byte wrongly; the first flag
  /// stays exact.
  func testTheFirstOfSeveralStopsIsExact() {
    let bytes: [UInt8] = [0x61, 0x22, 0x23, 0x5C, 0x61, 0x61, 0x1F, 0x61]
    var chunk: UInt64 = 0
    for (index, byte) in bytes.enumerated() { chunk |= UInt64(byte) << (8 * index) }
    XCTAssertEqual(first(ByteChunk.jsonStringStops(chunk)), 1)
  }
}
