import XCTest

@testable import SentimentCore

final class WordSketchTests: XCTestCase {
  static let flights = (0..<100).map {
    "flight \($0 % 7) was delayed again, the crew said the gate changed at terminal \($0 % 3)"
  }
  static let phones = (0..<100).map {
    "my new phone \($0 % 5) has a great screen but the battery dies before lunch \($0 % 4)"
  }

  /// What a history line keeps reads back as the same sketch.
  func testEncodingReadsBackTheSameSketch() throws {
    let sketch = WordProfile(texts: Self.flights + Self.phones).sketch
    XCTAssertFalse(sketch.buckets.isEmpty)
    XCTAssertEqual(WordSketch(encoded: sketch.encoded), sketch)
    let empty = WordProfile(texts: ["ok", "42"]).sketch
    XCTAssertEqual(empty.encoded, "")
    XCTAssertEqual(WordSketch(encoded: ""), empty)
  }

  /// Text it does not write is refused, not misread: not base64, a varint
  /// cut short, a bucket past the width.
  func testRefusesTextItDoesNotWrite() {
    XCTAssertNil(WordSketch(encoded: "not base64!"))
    XCTAssertNil(WordSketch(encoded: Data([13, 1, 0]).base64EncodedString()), "k above 12")
    XCTAssertNil(WordSketch(encoded: Data([0, 0x81]).base64EncodedString()), "count cut short")
    XCTAssertNil(WordSketch(encoded: Data([0, 2, 0x40]).base64EncodedString()), "bits cut short")
    // k = 12: one bucket whose gap is 4096 (past the width).
    XCTAssertNil(WordSketch(encoded: Data([12, 1, 0xC0, 0, 0x40]).base64EncodedString()))
    let encoded = WordProfile(texts: Self.flights).sketch.encoded
    let bytes = [UInt8](Data(base64Encoded: encoded) ?? Data())
    for end in 1..<bytes.count - 1 {
      XCTAssertNotEqual(
        WordSketch(encoded: Data(bytes[..<end]).base64EncodedString()),
        WordProfile(texts: Self.flights).sketch, "cut at \(end)")
    }
  }

  /// The sketches' cosine is the word counts' cosine within a few
  /// hundredths, and keeps like sets apart from unlike ones.
  func testLikenessIsCloseToTheWordCountsCosine() {
    let pairs = [
      (Self.flights, Array(Self.flights.reversed().prefix(60))),
      (Self.flights, Self.phones),
      (Self.flights + Self.phones, Self.phones),
    ]
    for (first, second) in pairs {
      let one = WordProfile(texts: first)
      let two = WordProfile(texts: second)
      var product = 0.0
      for (word, count) in one.counts { product += Double(count * (two.counts[word] ?? 0)) }
      let norm = { (profile: WordProfile) in
        profile.counts.values.reduce(0.0) { $0 + Double($1 * $1) }.squareRoot()
      }
      let exact = product / (norm(one) * norm(two))
      XCTAssertEqual(one.likeness(to: two), exact, accuracy: 0.05)
    }
  }
}
