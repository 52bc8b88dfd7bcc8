import XCTest

@testable import SentimentCore

final class EvaluationTests: XCTestCase {
  /// 10 negative, 6 neutral, 4 positive, interleaved.
  private let labels: [Sentiment] = {
    var labels: [Sentiment] = []
    labels += Array(repeating: .negative, count: 10)
    labels += Array(repeating: .neutral, count: 6)
    labels += Array(repeating: .positive, count: 4)
    var generator = SeededGenerator(seed: 1)
    generator.shuffle(&labels)
    return labels
  }()

  private func count(_ label: Sentiment, in indices: [Int], of labels: [Sentiment]) -> Int {
    indices.filter { labels[$0] == label }.count
  }

  // MARK: Split

  func testStratifiedSplitSizesPerClass() {
    let (train, test) = Evaluation.stratifiedSplit(labels: labels, fraction: 0.75, seed: 5)
    // Per class, round(n × 0.75) to training: 10 → 7.5 → 8, 6 → 4.5 → 5, 4 → 3.
    XCTAssertEqual(count(.negative, in: train, of: labels), 8)
    XCTAssertEqual(count(.neutral, in: train, of: labels), 5)
    XCTAssertEqual(count(.positive, in: train, of: labels), 3)
    XCTAssertEqual(count(.negative, in: test, of: labels), 2)
    XCTAssertEqual(count(.neutral, in: test, of: labels), 1)
    XCTAssertEqual(count(.positive, in: test, of: labels), 1)
    XCTAssertEqual(train.count + test.count, labels.count)
    XCTAssertEqual(Set(train).union(test), Set(labels.indices))
    XCTAssertTrue(Set(train).isDisjoint(with: test))
    XCTAssertEqual(train, train.sorted())
    XCTAssertEqual(test, test.sorted())
  }

  func testStratifiedSplitIsDeterministicPerSeed() {
    let many = (0..<300).map { Sentiment(rawValue: $0 % 3)! }
    let first = Evaluation.stratifiedSplit(labels: many, fraction: 0.5, seed: 5)
    let again = Evaluation.stratifiedSplit(labels: many, fraction: 0.5, seed: 5)
    let other = Evaluation.stratifiedSplit(labels: many, fraction: 0.5, seed: 6)
    XCTAssertEqual(first.train, again.train)
    XCTAssertEqual(first.test, again.test)
    XCTAssertNotEqual(first.train, other.train)
    XCTAssertEqual(first.train.count, other.train.count)
  }

  func testStratifiedSplitExtremes() {
    let all = Evaluation.stratifiedSplit(labels: labels, fraction: 1, seed: 1)
    XCTAssertEqual(all.train, Array(labels.indices))
    XCTAssertEqual(all.test, [])
    let none = Evaluation.stratifiedSplit(labels: labels, fraction: 0, seed: 1)
    XCTAssertEqual(none.train, [])
    XCTAssertEqual(none.test, Array(labels.indices))
  }

  // MARK: Folds

  func testStratifiedFoldsPartitionTheIndices() {
    let labels = (0..<23).map { index -> Sentiment in
      index < 11 ? .negative : index < 18 ? .neutral : .positive
    }
    for k in [2, 3, 4, 5, 23] {
      let folds = Evaluation.stratifiedFolds(labels: labels, k: k, seed: 7)
      XCTAssertEqual(folds.count, k)
      XCTAssertEqual(folds.flatMap { $0 }.sorted(), Array(labels.indices), "k = \(k)")
      let sizes = folds.map(\.count)
      XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, "k = \(k): \(sizes)")
      for fold in folds { XCTAssertEqual(fold, fold.sorted()) }
      // Each class is spread evenly: its share of any two folds differs by at most one.
      for label in Sentiment.allCases {
        let perFold = folds.map { count(label, in: $0, of: labels) }
        XCTAssertLessThanOrEqual(
          perFold.max()! - perFold.min()!, 1, "k = \(k) \(label): \(perFold)")
      }
    }
  }

  func testStratifiedFoldsAreDeterministicPerSeed() {
    let many = (0..<90).map { Sentiment(rawValue: $0 % 3)! }
    let first = Evaluation.stratifiedFolds(labels: many, k: 5, seed: 1)
    XCTAssertEqual(Evaluation.stratifiedFolds(labels: many, k: 5, seed: 1), first)
    XCTAssertNotEqual(Evaluation.stratifiedFolds(labels: many, k: 5, seed: 2), first)
  }

  // MARK: Training and testing

  /// Each class has its own words, and every text carries its class's main word.
  private func separableCorpus() -> LabeledCorpus {
    var corpus = LabeledCorpus()
    let texts: [(String, Sentiment)] = [
      ("love yay", .positive), ("love", .positive), ("yay love", .positive),
      ("love love wonderful", .positive),
      ("hate ugh", .negative), ("hate", .negative), ("ugh hate", .negative),
      ("hate dreadful", .negative),
      ("table chair", .neutral), ("table", .neutral), ("chair table", .neutral),
      ("table lamp", .neutral),
    ]
    for (text, label) in texts { corpus.append(text, label: label) }
    return corpus
  }

  func testSeparableCorpusGetsAccuracyOneInCrossValidation() throws {
    let corpus = separableCorpus()
    for k in [2, 3, 4] {
      let result = try Evaluation.crossValidate(corpus, folds: k, seed: 3)
      XCTAssertEqual(result.folds.count, k)
      XCTAssertEqual(result.pooled.total, corpus.count)
      XCTAssertEqual(result.pooled.accuracy, 1)
      XCTAssertEqual(result.pooled.macroF1, 1)
      XCTAssertEqual(result.accuracy?.mean, 1)
      XCTAssertEqual(result.accuracy?.standardDeviation, 0)
      XCTAssertEqual(result.trainingAccuracy?.mean, 1)
      XCTAssertEqual(result.folds.map(\.trainingCount).reduce(0, +), corpus.count * (k - 1))
    }
  }

  func testSeparableCorpusGetsAccuracyOneInASplit() throws {
    let result = try Evaluation.split(separableCorpus(), fraction: 0.5, seed: 2)
    XCTAssertEqual(result.trainingCount, 6)
    XCTAssertEqual(result.metrics.total, 6)
    XCTAssertEqual(result.metrics.accuracy, 1)
    XCTAssertEqual(result.trainingAccuracy, 1)
  }

  func testSplitLeavingAnEmptyPartIsAnError() {
    let corpus = separableCorpus()
    for fraction in [0.0, 1.0] {
      XCTAssertThrowsError(try Evaluation.split(corpus, fraction: fraction, seed: 1)) {
        XCTAssertEqual($0 as? EvaluationError, .emptyPart(fraction: fraction, count: 12))
      }
    }
  }

  func testCrossValidationFoldCounts() throws {
    let corpus = separableCorpus()
    for k in [-1, 0, 1, 13, 100] {
      XCTAssertThrowsError(try Evaluation.crossValidate(corpus, folds: k, seed: 1), "k = \(k)") {
        XCTAssertEqual($0 as? EvaluationError, .folds(k, count: 12))
      }
    }
    let leaveOneOut = try Evaluation.crossValidate(corpus, folds: 12, seed: 1)
    XCTAssertEqual(leaveOneOut.folds.count, 12)
    XCTAssertEqual(leaveOneOut.pooled.total, 12)
  }

  func testEvaluateCountsEveryTestExample() {
    let corpus = separableCorpus()
    let result = Evaluation.evaluate(
      corpus, train: [0, 1, 4, 5, 8, 9], test: [2, 3, 6, 7, 10, 11], tokenizer: .plainWords,
      options: NaiveBayesOptions())
    XCTAssertEqual(result.trainingCount, 6)
    XCTAssertEqual(result.metrics.confusion, [[2, 0, 0], [0, 2, 0], [0, 0, 2]])
  }

  func testErrorDescriptions() {
    let folds = EvaluationError.folds(1, count: 12).errorDescription ?? ""
    XCTAssertTrue(folds.contains("1") && folds.contains("12") && folds.contains("between 2 and 12"))
    let part = EvaluationError.emptyPart(fraction: 1, count: 5).errorDescription ?? ""
    XCTAssertTrue(part.contains("5"))
  }
}
