import XCTest

@testable import SentimentCore

final class VocabularyTests: XCTestCase {
  func testInsertGivesDenseIdsInOrderOfFirstInsertion() {
    var vocabulary = Vocabulary()
    XCTAssertEqual(vocabulary.count, 0)
    XCTAssertEqual(vocabulary.insert("happy"), 0)
    XCTAssertEqual(vocabulary.insert("sad"), 1)
    XCTAssertEqual(vocabulary.insert("happy"), 0)
    XCTAssertEqual(vocabulary.insert("meh"), 2)
    XCTAssertEqual(vocabulary.insert("sad"), 1)
    XCTAssertEqual(vocabulary.count, 3)
  }

  func testLookingUpIsExactAndDoesNotInsert() {
    var vocabulary = Vocabulary()
    vocabulary.insert("happy")
    vocabulary.insert("sad")
    XCTAssertEqual(vocabulary.id(of: "happy"), 0)
    XCTAssertEqual(vocabulary.id(of: "sad"), 1)
    XCTAssertNil(vocabulary.id(of: "Happy"))
    XCTAssertNil(vocabulary.id(of: "happ"))
    XCTAssertNil(vocabulary.id(of: "happyy"))
    XCTAssertNil(vocabulary.id(of: ""))
    XCTAssertEqual(vocabulary.count, 2, "looking up does not insert")
    XCTAssertEqual(vocabulary.token(at: 0), "happy")
    XCTAssertEqual(vocabulary.token(at: 1), "sad")
    XCTAssertEqual(
      vocabulary.withToken(at: 1) { $0.withUnsafeBytes { Array($0) } }, Array("sad".utf8))
  }

  func testLookupInAnEmptyVocabulary() {
    let vocabulary = Vocabulary()
    XCTAssertNil(vocabulary.id(of: "anything"))
  }

  func testByteLookupMatchesStringLookup() {
    var vocabulary = Vocabulary()
    let bytes = Array("naïve".utf8)
    let id = vocabulary.insert(bytes.span)
    XCTAssertEqual(vocabulary.id(of: "naïve"), id)
    XCTAssertEqual(vocabulary.id(of: bytes.span), id)
    XCTAssertEqual(vocabulary.token(at: id), "naïve")
  }

  /// The tokenizer's tokens are looked up and inserted with their last
  /// bytes read in one load past their end (`Tokenizer.padding`): the same
  /// ids as a plain lookup, for tokens of every length up to the scratch's
  /// end (the longest emoji chain) and any bytes after them.
  func testPaddedLookupsAndInsertsGiveTheSameIDs() {
    let thumbs = Array(repeating: "\u{1F44D}", count: 40).joined(separator: "\u{200D}")
    var texts = [
      "Sooo happy with @Apple :-) http://t.co/x not good at all, but fine!!",
      "a ab abc abcd abcde abcdef abcdefg abcdefgh abcdefghi abcdefghijklmnopq",
      "naïve café ÜBER straße 日本語 #hashtag 1234 don't can't NOT_this",
      thumbs, "\u{1F1FA}\u{1F1F8} " + thumbs + " tail",
      String(repeating: "x", count: 200),
    ]
    for length in 1...20 { texts.append(String(repeating: "qz", count: length)) }
    let tokenizer = Tokenizer()
    var plain = Vocabulary()
    var padded = Vocabulary()
    var paddedIDs: [Int] = []
    for text in texts {
      var bytes = Array(text.utf8)
      bytes.withUnsafeMutableBufferPointer { buffer in
        tokenizer.forEachPaddedToken(in: buffer.span) { token in
          // Before the insert: a token not yet in is not found either way.
          XCTAssertEqual(padded.view.id(ofPadded: token), plain.id(of: token.span))
          plain.insert(buffer: token)
          paddedIDs.append(padded.paddedInserter().insert(token))
          XCTAssertEqual(padded.view.id(ofPadded: token), plain.id(of: token.span))
          XCTAssertNotNil(plain.id(of: token.span))
        }
      }
    }
    XCTAssertEqual(plain.count, padded.count)
    XCTAssertGreaterThan(plain.count, 40)
    for id in 0..<plain.count {
      XCTAssertEqual(padded.token(at: id), plain.token(at: id))
      XCTAssertEqual(padded.id(of: plain.token(at: id)), id)
    }
    XCTAssertEqual(paddedIDs.max(), plain.count - 1)
    XCTAssertTrue(
      (0..<plain.count).contains { plain.withToken(at: $0) { $0.count } > 100 },
      "a token runs to the scratch's end")
  }

  func testTokensThatSharePrefixes() {
    var vocabulary = Vocabulary()
    let tokens = ["a", "ab", "abc", "abcd", "abd", "b", "ba", "abcde", "a b", "NOT_a", "NOT_ab"]
    for (index, token) in tokens.enumerated() {
      XCTAssertEqual(vocabulary.insert(token), index)
    }
    for (index, token) in tokens.enumerated() {
      XCTAssertEqual(vocabulary.id(of: token), index, token)
      XCTAssertEqual(vocabulary.token(at: index), token)
    }
    XCTAssertNil(vocabulary.id(of: "abcdef"))
    XCTAssertNil(vocabulary.id(of: "bab"))
    XCTAssertNil(vocabulary.id(of: "NOT_"))
  }

  func testCanonicallyEquivalentStringsAreDifferentTokens() {
    // "é" precomposed and "e" + combining acute are equal as Swift strings but
    // not as bytes; the vocabulary is keyed by bytes.
    var vocabulary = Vocabulary()
    let precomposed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    XCTAssertEqual(vocabulary.insert(precomposed), 0)
    XCTAssertEqual(vocabulary.insert(decomposed), 1)
    XCTAssertEqual(vocabulary.id(of: precomposed), 0)
    XCTAssertEqual(vocabulary.id(of: decomposed), 1)
    XCTAssertEqual(
      vocabulary.withToken(at: 1) { $0.withUnsafeBytes { Array($0) } }, Array(decomposed.utf8))
  }

  func testGrowthPastManyResizes() {
    // Capacity 1 starts with 16 slots; 50 000 tokens need 12 doublings.
    var vocabulary = Vocabulary(capacity: 1)
    let count = 50_000
    for index in 0..<count {
      XCTAssertEqual(vocabulary.insert("t\(index)"), index)
    }
    XCTAssertEqual(vocabulary.count, count)
    var wrong = 0
    for index in 0..<count {
      if vocabulary.id(of: "t\(index)") != index { wrong += 1 }
      if vocabulary.token(at: index) != "t\(index)" { wrong += 1 }
    }
    XCTAssertEqual(wrong, 0)
    XCTAssertNil(vocabulary.id(of: "t\(count)"))
    XCTAssertNil(vocabulary.id(of: "t-1"))
    XCTAssertEqual(vocabulary.insert("t12345"), 12_345, "re-inserting after growth")
    XCTAssertEqual(vocabulary.count, count)
  }

  func testDefaultCapacityGrowsToo() {
    var vocabulary = Vocabulary()
    for index in 0..<5_000 { vocabulary.insert(String(index, radix: 2)) }
    XCTAssertEqual(vocabulary.count, 5_000)
    XCTAssertEqual(vocabulary.id(of: String(4_999, radix: 2)), 4_999)
    XCTAssertEqual(vocabulary.id(of: "0"), 0)
  }
}
