import XCTest

@testable import SentimentCore

final class ImageTextTests: XCTestCase {
  private func decode(_ text: [UInt8]) -> [UInt8]? {
    let groups = text.count / 8
    var bytes = [UInt8](repeating: 0, count: groups * 6 + 2)
    let valid = text.withUnsafeBufferPointer { text in
      bytes.withUnsafeMutableBytes { bytes in
        ImageText.decode(text.baseAddress!, groups: groups, into: bytes.baseAddress!)
      }
    }
    return valid ? Array(bytes[..<(groups * 6)]) : nil
  }

  func testAGroupIsSixBitsPerCharacterFromTheLowest() {
    // 0x060504030201, six bits at a time from the lowest: 1, 8, 48, 0, 4,
    // 20, 32, 1.
    XCTAssertEqual(
      String(decoding: ImageText.encode([1, 2, 3, 4, 5, 6]), as: UTF8.self), "18`04DP1")
    XCTAssertEqual(
      String(decoding: ImageText.encode([0, 0, 0, 0, 0, 0]), as: UTF8.self), "00000000")
    XCTAssertEqual(
      String(decoding: ImageText.encode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]), as: UTF8.self),
      "oooooooo")
    XCTAssertEqual(String(decoding: ImageText.encode([0x3F]), as: UTF8.self), "o0000000")
    XCTAssertEqual(String(decoding: ImageText.encode([0x40]), as: UTF8.self), "01000000")
  }

  func testEveryByteAtEveryPlaceRoundTrips() {
    var generator = SeededGenerator(seed: 3)
    for length in 0..<40 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let text = ImageText.encode(bytes)
      XCTAssertEqual(text.count, (length + 5) / 6 * 8)
      XCTAssertTrue(text.allSatisfy { (0x30..<0x70).contains($0) })
      let padded = bytes + [UInt8](repeating: 0, count: (6 - length % 6) % 6)
      XCTAssertEqual(decode(text), padded, "\(length) bytes")
    }
    for byte in 0...255 {
      for place in 0..<6 {
        var bytes = [UInt8](repeating: 0xA5, count: 12)
        bytes[place + 3] = UInt8(byte)
        XCTAssertEqual(decode(ImageText.encode(bytes)), bytes)
      }
    }
  }

  /// In any of three groups: the two decoded together and the last alone.
  func testACharacterOutsideTheSixtyFourIsInvalid() {
    let valid = ImageText.encode(Array(0..<18))
    XCTAssertNotNil(decode(valid))
    for byte in (0...255).map(UInt8.init) where !(0x30..<0x70).contains(byte) {
      for place in 0..<24 {
        var text = valid
        text[place] = byte
        XCTAssertNil(decode(text), "\(byte) at \(place)")
      }
    }
  }
}
