import XCTest

@testable import SentimentCore

final class SHA256Tests: XCTestCase {
  private func digest(_ bytes: [UInt8]) -> String {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finalize()
  }

  // FIPS 180-2 / NIST example vectors.

  func testEmptyMessage() {
    XCTAssertEqual(
      SHA256().finalize(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(
      digest([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  func testABC() {
    XCTAssertEqual(
      digest(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  func test448BitMessage() {
    XCTAssertEqual(
      digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  func test896BitMessage() {
    let message =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
    XCTAssertEqual(
      digest(Array(message.utf8)),
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
  }

  func testOneMillionAs() {
    let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    XCTAssertEqual(digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)), expected)
    // The same in uneven pieces.
    var hash = SHA256()
    let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
    var fed = 0
    while fed + piece.count <= 1_000_000 {
      hash.update(piece)
      fed += piece.count
    }
    hash.update([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000 - fed))
    XCTAssertEqual(hash.finalize(), expected)
  }

  /// Bytes `(7i + 3) mod 256` for i in 0..<131: two full blocks and a bit.
  private let message131 = (0..<131).map { UInt8((7 * $0 + 3) & 0xFF) }

  func testThe131ByteMessage() {
    // Computed independently with Python's hashlib.sha256.
    XCTAssertEqual(
      digest(message131), "4c14830d5f17552093a46de0f6884f8f3010789462dab3db3d1cc679575e01ad")
  }

  func testSplitAtEveryOffsetEqualsOneShot() {
    let oneShot = digest(message131)
    for split in 0...131 {
      var hash = SHA256()
      hash.update(Array(message131[..<split]))
      hash.update(Array(message131[split...]))
      XCTAssertEqual(hash.finalize(), oneShot, "split at \(split)")
    }
  }

  func testThreeWaySplitsAndSlices() {
    let oneShot = digest(message131)
    for first in stride(from: 0, through: 131, by: 13) {
      for second in stride(from: first, through: 131, by: 11) {
        var hash = SHA256()
        hash.update(message131[..<first])
        hash.update(message131[first..<second])
        hash.update(message131[second...])
        XCTAssertEqual(hash.finalize(), oneShot, "splits at \(first), \(second)")
      }
    }
  }

  func testByteByByte() {
    var hash = SHA256()
    for byte in message131 { hash.update([byte]) }
    XCTAssertEqual(hash.finalize(), digest(message131))
  }

  func testPaddingBoundaries() {
    // Lengths around the 55/56/64-byte padding edges, against digests of the
    // same lengths fed in one piece and byte by byte.
    for length in [55, 56, 57, 63, 64, 65, 119, 120, 128] {
      let bytes = [UInt8](repeating: 0x61, count: length)
      var pieces = SHA256()
      for byte in bytes { pieces.update([byte]) }
      XCTAssertEqual(pieces.finalize(), digest(bytes), "length \(length)")
    }
    // Python: hashlib.sha256(b"a" * 64).hexdigest()
    XCTAssertEqual(
      digest([UInt8](repeating: 0x61, count: 64)),
      "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }

  func testFinalizeDoesNotChangeTheHash() {
    var hash = SHA256()
    hash.update(Array("ab".utf8))
    _ = hash.finalize()
    hash.update(Array("c".utf8))
    XCTAssertEqual(
      hash.finalize(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }
}
