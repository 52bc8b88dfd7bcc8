import XCTest

@testable import SentimentCore

final class FeaturesTests: XCTestCase {
  private let words = Tokenizer(settings: .plainWords)

  func testWithoutBigramsTheFeaturesAreTheTokens() {
    let featurizer = Featurizer(tokenizer: words, bigrams: false)
    XCTAssertEqual(featurizer.features(in: "Good day, sir"), ["good", "day", "sir"])
    XCTAssertFalse(featurizer.bigrams)
  }

  func testBigramsFollowEachTokenButTheFirst() {
    let featurizer = Featurizer(tokenizer: words, bigrams: true)
    XCTAssertEqual(
      featurizer.features(in: "Good day, sir"), ["good", "day", "good day", "sir", "day sir"])
  }

  func testOneTokenHasNoBigram() {
    let featurizer = Featurizer(tokenizer: words, bigrams: true)
    XCTAssertEqual(featurizer.features(in: "hello"), ["hello"])
  }

  func testNoTokensNoFeatures() {
    for bigrams in [false, true] {
      let featurizer = Featurizer(tokenizer: words, bigrams: bigrams)
      XCTAssertEqual(featurizer.features(in: ""), [])
      XCTAssertEqual(featurizer.features(in: " ,;. "), [])
    }
  }

  func testRepeatedTokensMakeRepeatedBigrams() {
    let featurizer = Featurizer(tokenizer: words, bigrams: true)
    XCTAssertEqual(
      featurizer.features(in: "no no no"), ["no", "no", "no no", "no", "no no"])
  }

  func testBigramsOfTokensOfDifferentLengths() {
    // The pair buffer holds the previous token; a shorter token after a longer
    // one must not leave bytes of the longer one behind.
    let featurizer = Featurizer(tokenizer: words, bigrams: true)
    XCTAssertEqual(
      featurizer.features(in: "wonderful a b cdefgh i"),
      ["wonderful", "a", "wonderful a", "b", "a b", "cdefgh", "b cdefgh", "i", "cdefgh i"])
  }

  func testBigramsOfLongTokens() {
    let featurizer = Featurizer(tokenizer: words, bigrams: true)
    let first = String(repeating: "a", count: Tokenizer.maximumTokenLength)
    let second = String(repeating: "b", count: Tokenizer.maximumTokenLength)
    XCTAssertEqual(
      featurizer.features(in: "\(first) \(second)"), [first, second, "\(first) \(second)"])
  }

  func testNonASCIIBigrams() {
    let featurizer = Featurizer(tokenizer: words, bigrams: true)
    XCTAssertEqual(featurizer.features(in: "très bien"), ["très", "bien", "très bien"])
  }

  func testByteCallbackMatchesStrings() {
    let featurizer = Featurizer(tokenizer: words, bigrams: true)
    var bytes: [[UInt8]] = []
    let text = Array("one two three".utf8)
    featurizer.forEachFeature(in: text.span) { feature in
      bytes.append(feature.withUnsafeBytes { Array($0) })
    }
    XCTAssertEqual(
      bytes, ["one", "two", "one two", "three", "two three"].map { Array($0.utf8) })
  }

  func testUsesTheTokenizerSettings() {
    // With the default tokenizer a mention becomes <user>, so the bigram does too.
    let featurizer = Featurizer(tokenizer: Tokenizer(), bigrams: true)
    let features = featurizer.features(in: "hi @someone")
    XCTAssertEqual(features.count, 3)
    XCTAssertEqual(features.first, "hi")
    XCTAssertEqual(features.last, "hi \(features[1])")
    XCTAssertNotEqual(features[1], "someone")
  }
}
