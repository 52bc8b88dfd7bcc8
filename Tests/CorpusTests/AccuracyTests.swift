import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// Accuracy floors on the shared Sanders data, 10-fold stratified
/// cross-validation with seed 5, default settings (the built-in lexicon and
/// the lexicon reader included), labels as `classify` prints them: each
/// fold's model is calibrated on its own training part. The floors are
/// Sanders' (docs/model.md): apple3 accuracy 0.70 (Create ML's 0.698 in
/// the original app), full-corpus accuracy 0.74 and macro-F1 0.65
/// (scikit-learn's MultinomialNB on the same folds: 0.568); measured 0.7298
/// and 0.7517, macro-F1 0.7074 and 0.6898. The labels are calibrated to a
/// 30/40/30 balance, not to Sanders' 68 % neutral. The macro-F1 floors sit
/// just under the measured figures, to catch a regression.
final class AccuracyTests: XCTestCase {
  private func corpus(_ name: String) throws -> LabeledCorpus {
    try TrainingData.corpus(MemorySource(try SharedData.bytes(name)))
  }

  func testApple3() throws {
    let result = try Evaluation.crossValidate(try corpus("sanders-apple3.csv"), folds: 10, seed: 5)
    let accuracy = try XCTUnwrap(result.accuracy?.mean)
    let macroF1 = try XCTUnwrap(result.macroF1?.mean)
    print("apple3 10-fold: accuracy \(accuracy), macro-F1 \(macroF1)")
    XCTAssertGreaterThanOrEqual(accuracy, 0.70)
    XCTAssertGreaterThanOrEqual(macroF1, 0.69)
  }

  func testFullCorpus() throws {
    let data = try corpus("sanders-full-corpus.csv")
    XCTAssertEqual(data.summary.rows, [572, 2333, 519])
    XCTAssertEqual(data.summary.skipped, 1689)
    let result = try Evaluation.crossValidate(data, folds: 10, seed: 5)
    let accuracy = try XCTUnwrap(result.accuracy?.mean)
    let macroF1 = try XCTUnwrap(result.macroF1?.mean)
    print("full corpus 10-fold: accuracy \(accuracy), macro-F1 \(macroF1)")
    XCTAssertGreaterThanOrEqual(accuracy, 0.74)
    XCTAssertGreaterThanOrEqual(macroF1, 0.68)
  }

  /// Leave-one-topic-out on the full corpus (apple, google, microsoft,
  /// twitter): trained on three topics, tested on the fourth, the mean
  /// macro-F1 over the four. A proxy for tweets from elsewhere, where the
  /// lexicon matters most: 0.54 with it, 0.44 without, for the uncalibrated
  /// model (`Scripts/cross-topic.py` prints the calibrated labels' figures).
  func testUnseenTopics() throws {
    let data = try SharedData.bytes("sanders-full-corpus.csv")
    // "Topic","Sentiment","TweetId","TweetDate","TweetText"
    var rows: [(topic: String, label: Sentiment, text: [UInt8])] = []
    var reader = CSVReader(source: MemorySource(data))
    try reader.forEachRecord { record in
      guard record.line > 1, let label = Sentiment(label: record.string(at: 1)) else { return }
      var text: [UInt8] = []
      HTMLEntities.decode(record[4], into: &text)
      rows.append((record.string(at: 0), label, text))
    }
    let topics = Set(rows.map(\.topic)).sorted()
    XCTAssertEqual(topics, ["apple", "google", "microsoft", "twitter"])
    func meanMacroF1(_ options: NaiveBayesOptions) -> Double {
      var sum = 0.0
      for topic in topics {
        var trainer = NaiveBayesTrainer(options: options)
        for row in rows where row.topic != topic {
          trainer.add(row.text.span, as: row.label)
        }
        var classifier = Classifier(model: trainer.model())
        var metrics = ClassificationMetrics()
        for row in rows where row.topic == topic {
          let predicted = classifier.predict(row.text.span).label
          metrics.add(actual: row.label, predicted: predicted)
        }
        sum += metrics.macroF1 ?? 0
      }
      return sum / Double(topics.count)
    }
    let withLexicon = meanMacroF1(NaiveBayesOptions())
    let without = meanMacroF1(NaiveBayesOptions(lexiconWeight: 0))
    print("unseen topics: macro-F1 \(withLexicon) with the lexicon, \(without) without")
    XCTAssertGreaterThanOrEqual(withLexicon, 0.50)
    XCTAssertGreaterThanOrEqual(withLexicon - without, 0.05)
  }

  /// The plain-words baseline (every tweet step off, unigrams, Laplace,
  /// data priors, no lexicon) stays near scikit-learn's figure: the tokenizer and the
  /// options are what make the difference.
  func testPlainBaselineIsNearScikitLearn() throws {
    let result = try Evaluation.crossValidate(
      try corpus("sanders-apple3.csv"), folds: 10, seed: 5, tokenizer: .plainWords,
      options: NaiveBayesOptions(
        alpha: 1, binarized: false, priors: .data, bigrams: false, lexiconWeight: 0))
    let accuracy = try XCTUnwrap(result.accuracy?.mean)
    XCTAssertGreaterThan(accuracy, 0.66)
    XCTAssertLessThan(accuracy, 0.71)
  }
}
