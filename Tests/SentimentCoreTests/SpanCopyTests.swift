import XCTest

@testable import SentimentCore

final class SpanCopyTests: XCTestCase {
  /// Byte strings from empty to longer than a vector register, ASCII and not,
  /// and random ones from a seeded generator.
  private func samples() -> [[UInt8]] {
    var samples: [[UInt8]] = [[], [0], Array("I ♥ it".utf8), Array(repeating: 0x41, count: 1000)]
    var generator = SeededGenerator(seed: 17)
    for length in [1, 7, 8, 15, 16, 33, 255, 4096] {
      samples.append((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }
    return samples
  }

  func testArrayCopyingHoldsTheSpansElements() {
    for bytes in samples() {
      XCTAssertEqual([UInt8](copying: bytes.span), bytes)
      guard bytes.count > 2 else { continue }
      let middle = bytes.span.extracting(1..<(bytes.count - 1))
      XCTAssertEqual([UInt8](copying: middle), Array(bytes[1..<(bytes.count - 1)]))
    }
  }

  func testAppendCopyingKeepsWhatWasThere() {
    for bytes in samples() {
      var array: [UInt8] = [9, 8]
      array.append(copying: bytes.span)
      XCTAssertEqual(array, [9, 8] + bytes)
    }
  }

  func testStringDecodingUTF8IsStringDecoding() {
    for bytes in samples() {
      XCTAssertEqual(String(decodingUTF8: bytes.span), String(decoding: bytes, as: UTF8.self))
    }
    XCTAssertEqual(String(decodingUTF8: Array("I ♥ it".utf8).span), "I ♥ it")
    // A lone continuation byte and a cut sequence each become U+FFFD.
    XCTAssertEqual(String(decodingUTF8: [0x61, 0x80, 0x62, 0xE2, 0x99].span), "a\u{FFFD}b\u{FFFD}")
  }
}
