import TestSupport
import XCTest

@testable import SentimentCore

/// The trainer's fast path (`NaiveBayesTrainer`: hashed token ids, pair
/// hashes, unsafe buffers) against ``ReferenceCounts``, a dictionary fed by
/// ``ReferenceTokenizer``: the same count per feature and class, and the
/// same documents per class.
final class TrainerFastPathTests: XCTestCase {
  /// The options compared: the defaults (binarized, with pairs), every
  /// occurrence counted, and single tokens only.
  static let optionsToCompare: [(name: String, options: NaiveBayesOptions)] = [
    ("default", NaiveBayesOptions()),
    ("not binarized", NaiveBayesOptions(binarized: false)),
    ("no bigrams", NaiveBayesOptions(bigrams: false)),
    ("no bigrams, not binarized", NaiveBayesOptions(binarized: false, bigrams: false)),
  ]

  /// Trains both ways on `texts` and compares; returns the number of
  /// features compared.
  @discardableResult
  private func compare(
    _ texts: [(label: Sentiment, text: [UInt8])], settings: TokenizerSettings,
    options: NaiveBayesOptions, label: String, file: StaticString = #filePath,
    line: UInt = #line
  ) -> Int {
    var trainer = NaiveBayesTrainer(tokenizer: settings, options: options)
    var reference = ReferenceCounts(tokenizer: Tokenizer(settings: settings), options: options)
    for (sentiment, text) in texts {
      trainer.add(text.span, as: sentiment)
      reference.add(text, as: sentiment)
    }
    XCTAssertEqual(
      trainer.documentCounts, reference.documents, "\(label): documents", file: file, line: line)
    let model = trainer.model()
    XCTAssertEqual(model.documents, reference.documents, "\(label): model documents")
    let lexicon = Set(trainer.lexicon.entries.map { Array($0.word.utf8) })
    var failures = 0
    func fail(_ message: String) {
      failures += 1
      if failures <= 5 { XCTFail("\(label): \(message)", file: file, line: line) }
    }
    // Bytes, not strings: strings compare by canonical equivalence.
    var seen = Set<[UInt8]>()
    for id in 0..<model.vocabulary.count {
      let feature = Array(model.vocabulary.token(at: id).utf8)
      seen.insert(feature)
      let fast = Sentiment.allCases.map { model.count(ofFeature: id, label: $0) }
      let expected = reference.counts[feature]
      // The lexicon's words are features whether the texts have them or not.
      if expected == nil && lexicon.contains(feature) && fast == [0, 0, 0] { continue }
      if fast != expected {
        fail(
          "\(String(decoding: feature, as: UTF8.self).debugDescription) \(feature): "
            + "fast \(fast), reference \(expected ?? [])")
      }
    }
    for feature in reference.counts.keys where !seen.contains(feature) {
      fail("\(String(decoding: feature, as: UTF8.self).debugDescription) is missing")
    }
    XCTAssertEqual(failures, 0, "\(label): features that differ", file: file, line: line)
    return model.vocabulary.count
  }

  /// The labeled texts of a Sanders file as training reads them.
  private func corpus(_ name: String) throws -> [(label: Sentiment, text: [UInt8])] {
    var texts: [(label: Sentiment, text: [UInt8])] = []
    try TrainingData.read(MemorySource(try SharedData.bytes(name))) { label, text in
      texts.append((label, Array(text)))
    }
    return texts
  }

  func testSameCountsOnTheSandersCorpus() throws {
    for name in ["sanders-full-corpus.csv", "sanders-apple3.csv"] {
      let texts = try corpus(name)
      XCTAssertGreaterThan(texts.count, 900, name)
      for (label, options) in Self.optionsToCompare {
        let features = compare(
          texts, settings: TokenizerSettings(), options: options, label: "\(name), \(label)")
        print("TrainerFastPathTests: \(name), \(label): \(texts.count) texts, \(features) features")
      }
      compare(
        texts, settings: .plainWords, options: NaiveBayesOptions(),
        label: "\(name), plain words")
    }
  }

  func testSameCountsOnRandomLabeledTexts() {
    var generator = SeededGenerator(seed: 23)
    for round in 0..<8 {
      let settings =
        round == 0 ? TokenizerSettings() : TokenizerFastPathTests.randomSettings(&generator)
      let texts = (0..<2_000).map { _ in
        (
          label: Sentiment.allCases[generator.next(below: Sentiment.count)],
          text: TokenizerFastPathTests.randomText(&generator, maximumPieces: 60)
        )
      }
      let (name, options) = Self.optionsToCompare[round % Self.optionsToCompare.count]
      compare(texts, settings: settings, options: options, label: "round \(round), \(name)")
    }
  }

  /// A text of more tokens than the trainer reads at once (a chunk of 128),
  /// so that pairs across chunks count.
  func testSameCountsOnALongText() {
    var generator = SeededGenerator(seed: 24)
    var text: [UInt8] = []
    for _ in 0..<40 {
      text += TokenizerFastPathTests.randomText(&generator, maximumPieces: 60) + [0x20]
    }
    for (name, options) in Self.optionsToCompare {
      compare(
        [(.positive, text), (.negative, text + text)], settings: TokenizerSettings(),
        options: options, label: name)
    }
  }
}
