import XCTest

@testable import SentimentCore

final class PairIndexTests: XCTestCase {
  private func vocabulary(_ features: [String]) -> Vocabulary {
    var vocabulary = Vocabulary()
    for feature in features { vocabulary.insert(feature) }
    return vocabulary
  }

  private func key(_ token: String, _ view: PairIndex.View) -> Int? {
    var token = token
    return token.withUTF8 { view.key(of: $0) }
  }

  func testFindsPairsByTheirTokensKeys() throws {
    let index = PairIndex(vocabulary: vocabulary(["not", "good", "not good", "bad", "good not"]))
    let view = index.view
    let not = try XCTUnwrap(key("not", view))
    let good = try XCTUnwrap(key("good", view))
    let bad = try XCTUnwrap(key("bad", view))
    XCTAssertEqual([not, good, bad], [0, 1, 3], "a token's key is its feature id")
    XCTAssertEqual(view.pair(not, good), 2)
    XCTAssertEqual(view.pair(good, not), 4, "order matters")
    XCTAssertNil(view.pair(not, bad))
    XCTAssertNil(view.pair(good, good))
    XCTAssertNil(key("awful", view))
  }

  /// A hand-written model may list a pair without its tokens: the tokens
  /// get keys after the features, and the pair is still found.
  func testTokensFoundOnlyInsidePairs() throws {
    let index = PairIndex(vocabulary: vocabulary(["x y", "z"]))
    let view = index.view
    let x = try XCTUnwrap(key("x", view))
    let y = try XCTUnwrap(key("y", view))
    XCTAssertGreaterThanOrEqual(x, view.featureCount, "not a feature itself")
    XCTAssertGreaterThanOrEqual(y, view.featureCount)
    XCTAssertNotEqual(x, y)
    XCTAssertEqual(view.pair(x, y), 0)
    XCTAssertEqual(key("z", view), 1)
  }

  /// Only two tokens joined by one space make a pair; nothing the
  /// featurizer makes could match the others.
  func testOtherEntriesWithSpacesAreNotPairs() throws {
    let index = PairIndex(vocabulary: vocabulary(["a", "b", "c", "a b c", " a", "b ", "a  b"]))
    let view = index.view
    let a = try XCTUnwrap(key("a", view))
    let b = try XCTUnwrap(key("b", view))
    XCTAssertNil(view.pair(a, b))
    XCTAssertEqual(view.featureCount, 7)
  }

  /// Many pairs, so the table is larger than its first size: each is found.
  func testManyPairs() throws {
    var features: [String] = (0..<100).map { "w\($0)" }
    for first in 0..<100 {
      for second in stride(from: 0, to: 100, by: 3) { features.append("w\(first) w\(second)") }
    }
    let index = PairIndex(vocabulary: vocabulary(features))
    let view = index.view
    for first in stride(from: 0, to: 100, by: 7) {
      for second in 0..<100 {
        let expected = second % 3 == 0 ? 100 + first * 34 + second / 3 : nil
        XCTAssertEqual(view.pair(first, second), expected, "w\(first) w\(second)")
      }
    }
  }

  /// Keys gathered while the vocabulary is filled (as the model file reader
  /// does) give the index built from the whole vocabulary, also for a pair
  /// listed before one of its tokens and for one whose tokens never come.
  func testKeysGatheredWhileFillingTheVocabulary() throws {
    let filler = (0..<40).map { "f\($0) f\($0 + 1)" }
    let features = ["a", "a b", "b", "c d"] + filler + ["b a", "c", "x y", "a b c", "d"]
    var vocabulary = Vocabulary()
    let keys = PairKeys(capacity: 2)
    for feature in features {
      vocabulary.insert(feature)
      keys.add(vocabulary.view.token(at: vocabulary.count - 1), in: vocabulary.view)
    }
    let gatheredIndex = PairIndex(vocabulary: vocabulary, keys: keys)
    let wholeIndex = PairIndex(vocabulary: vocabulary)
    let gathered = gatheredIndex.view
    let whole = wholeIndex.view
    func pair(_ first: String, _ second: String, _ view: PairIndex.View) -> Int? {
      guard let first = key(first, view), let second = key(second, view) else { return nil }
      return view.pair(first, second)
    }
    let tokens = ["a", "b", "c", "d", "x", "y", "z", "f0", "f1", "f39", "f40", "f41"]
    for first in tokens {
      for second in tokens {
        XCTAssertEqual(
          pair(first, second, gathered), pair(first, second, whole), "\(first) \(second)")
      }
    }
    XCTAssertEqual(pair("a", "b", gathered), 1)
    XCTAssertEqual(pair("c", "d", gathered), 3)
    XCTAssertEqual(pair("f39", "f40", gathered), 43)
    XCTAssertEqual(pair("b", "a", gathered), 44)
    XCTAssertEqual(pair("x", "y", gathered), 46)
    XCTAssertNil(pair("a", "c", gathered))
    withExtendedLifetime((gatheredIndex, wholeIndex)) {}
  }

  /// A model whose only feature is a pair of unknown tokens scores it.
  func testClassifierScoresAPairWhoseTokensAreNotFeatures() {
    let model = NaiveBayesModel(
      metadata: ModelMetadata(), provenance: Provenance(), tokenizer: TokenizerSettings.plainWords,
      options: NaiveBayesOptions(), vocabulary: vocabulary(["nice day", "meh"]),
      counts: [0, 0, 5, 5, 0, 0], documents: [5, 5, 5])
    XCTAssertEqual(model.predict("what a nice day").label, .positive)
    XCTAssertEqual(model.predict("day nice").label, .neutral, "no feature: a tie")
    XCTAssertEqual(model.predict("nice").label, .neutral)
  }
}
