import Foundation
import XCTest

@testable import SentimentCore

/// Accuracy floors on the shared Sanders data, 10-fold stratified
/// cross-validation with seed 5, default settings. The floors sit a little
/// under the figures the README reports, to absorb changes that move a few
/// tweets across folds; they are well above scikit-learn's MultinomialNB
/// (`../shared/bench/baseline.py accuracy`: 0.699 / 0.612 on apple3, 0.752 /
/// 0.568 on the full corpus).
final class AccuracyTests: XCTestCase {
  private func corpus(_ name: String) throws -> LabeledCorpus {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/data/\(name)")
    guard let data = FileManager.default.contents(atPath: url.path) else {
      print("AccuracyTests: skipped, \(url.path) is absent (it sits beside the repo)")
      throw XCTSkip("\(url.path) is absent")
    }
    return try TrainingData.corpus(MemorySource(Array(data)))
  }

  func testApple3() throws {
    let result = try Evaluation.crossValidate(try corpus("sanders-apple3.csv"), folds: 10, seed: 5)
    let accuracy = try XCTUnwrap(result.accuracy?.mean)
    let macroF1 = try XCTUnwrap(result.macroF1?.mean)
    print("apple3 10-fold: accuracy \(accuracy), macro-F1 \(macroF1)")
    XCTAssertGreaterThanOrEqual(accuracy, 0.70)
    XCTAssertGreaterThanOrEqual(macroF1, 0.66)
  }

  func testFullCorpus() throws {
    let data = try corpus("sanders-full-corpus.csv")
    XCTAssertEqual(data.summary.rows, [572, 2333, 519])
    XCTAssertEqual(data.summary.skipped, 1689)
    let result = try Evaluation.crossValidate(data, folds: 10, seed: 5)
    let accuracy = try XCTUnwrap(result.accuracy?.mean)
    let macroF1 = try XCTUnwrap(result.macroF1?.mean)
    print("full corpus 10-fold: accuracy \(accuracy), macro-F1 \(macroF1)")
    XCTAssertGreaterThanOrEqual(accuracy, 0.775)
    XCTAssertGreaterThanOrEqual(macroF1, 0.66)
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
