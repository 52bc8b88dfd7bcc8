import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// Merging models (`ModelMerge.swift`).
final class ModelMergeTests: XCTestCase {

  func testModelsThatDifferAreRefusedNamingTheFirstDifference() throws {
    var corpus = LabeledCorpus()
    corpus.append("I love it", label: .positive)
    corpus.append("I hate it", label: .negative)
    corpus.append("it is a phone", label: .neutral)
    let base = try ModelParts.model(corpus, 0..<3)
    func refusal(_ other: NaiveBayesModel) -> ModelMergeError? {
      do {
        _ = try ModelMerge.merge([base, base, other])
        return nil
      } catch {
        return error
      }
    }
    XCTAssertEqual(
      refusal(try ModelParts.model(corpus, 0..<3, options: NaiveBayesOptions(alpha: 1))),
      .differs(setting: "options.alpha", first: "0.6", other: "1.0", model: 3))
    XCTAssertEqual(
      refusal(
        try ModelParts.model(corpus, 0..<3, options: NaiveBayesOptions(bigrams: false, minCount: 2))
      ),
      .differs(setting: "options.bigrams", first: "true", other: "false", model: 3))
    var tokenizer = TokenizerSettings()
    tokenizer.lowercase = false
    var trainer = NaiveBayesTrainer(tokenizer: tokenizer)
    trainer.add("I love it", as: .positive)
    XCTAssertEqual(
      refusal(try ModelFile.decode(ModelFile.encode(trainer.model()))),
      .differs(setting: "tokenizer.lowercase", first: "true", other: "false", model: 3))
    var other = base
    other.metadata.author = "someone"
    XCTAssertEqual(
      refusal(other),
      .differs(setting: "metadata.author", first: "tweetalyze", other: "someone", model: 3))
    XCTAssertEqual(
      refusal(
        try ModelParts.model(corpus, 0..<3, options: NaiveBayesOptions(smoothing: .background))),
      .differs(setting: "options.smoothing", first: "additive", other: "background", model: 3))
    let message = ModelMergeError.differs(
      setting: "options.alpha", first: "0.6", other: "1.0", model: 2
    ).errorDescription
    XCTAssertEqual(
      message,
      "model 2 differs from model 1 in options.alpha (1.0, not 0.6); merge only models trained "
        + "with the same options by the same tweetalyze version")
    XCTAssertThrowsError(try ModelMerge.merge([base])) {
      XCTAssertEqual($0 as? ModelMergeError, .tooFew)
    }
  }

  /// A model of one positive document holding the word "big" once, its
  /// file edited to hold `documents` positive documents and `count`
  /// occurrences of the word.
  private func oneWordModel(documents: Int = 1, count: Int) throws -> NaiveBayesModel {
    var trainer = NaiveBayesTrainer(
      options: NaiveBayesOptions(binarized: false), lexicon: Lexicon())
    trainer.add("big", as: .positive)
    let text = String(
      decoding: ReferenceModelDecoder.removingChecksum(ModelFile.encode(trainer.model())),
      as: UTF8.self)
    let edited =
      text
      .replacing(#""positive":[1]"#, with: #""positive":[\#(count)]"#)
      .replacing(#""positive":1}"#, with: #""positive":\#(documents)}"#)
    let model = try ModelFile.decode(Array(edited.utf8))
    XCTAssertEqual(model.documents, [0, 0, documents])
    XCTAssertEqual(model.counts, [0, 0, count])
    return model
  }

  func testCountsBeyondWhatAFileHoldsAreRefused() throws {
    let model = try oneWordModel(count: 5_000_000_000_000_000)
    XCTAssertThrowsError(try ModelMerge.merge([model, model])) {
      XCTAssertEqual($0 as? ModelMergeError, .tooLarge("counts"))
    }
  }

  func testASumOfExactly9e15IsRefusedAsAFileCannotHoldIt() throws {
    // Found by the `merge` fuzz target: the reader takes counts below 9e15,
    // but the merge let a sum of exactly 9e15 through, into a file that
    // did not load ("missing documents.positive").
    let top = try oneWordModel(documents: 8_999_999_999_999_999, count: 1)
    let one = try oneWordModel(documents: 1, count: 8_999_999_999_999_999)
    for pair in [[top, one], [one, top]] {
      XCTAssertThrowsError(try ModelMerge.merge(pair)) {
        XCTAssertNotNil($0 as? ModelMergeError, "\($0)")
        if case .tooLarge = $0 as? ModelMergeError {} else { XCTFail("\($0)") }
      }
    }
    // One less is what a file holds: it merges, and loads.
    let below = try oneWordModel(documents: 8_999_999_999_999_998, count: 1)
    let merged = try ModelMerge.merge([below, try oneWordModel(documents: 1, count: 1)])
    XCTAssertEqual(merged.documents.positive, 8_999_999_999_999_999)
    XCTAssertEqual(try ModelFile.decode(ModelFile.encode(merged)).documents, merged.documents)
  }

  /// A model merged with itself 1,000 times has 1,000 times its counts;
  /// doubling the merge again and again reaches the file's limit (9e15)
  /// and ends with `tooLarge`, never a trap, every sum before it exact.
  func testAModelMergedWithItselfUpToTheLimitSumsOrRefuses() throws {
    var trainer = NaiveBayesTrainer(
      options: NaiveBayesOptions(binarized: false), lexicon: Lexicon())
    trainer.add("good good day", as: .positive)
    trainer.add("bad day", as: .negative)
    let base = try ModelFile.decode(ModelFile.encode(trainer.model()))
    let thousand = try ModelMerge.merge(Array(repeating: base, count: 1000))
    XCTAssertEqual(thousand.documents, base.documents.map { $0 * 1000 })
    XCTAssertEqual(thousand.counts, base.counts.map { $0 * 1000 })
    XCTAssertEqual(thousand.provenance.parts.count, 1000)
    var model = thousand
    var factor = 1000
    var doublings = 0
    while true {
      // A merge lists its parts; doubling would list 2^k of them.
      model.provenance = Provenance()
      let merged: NaiveBayesModel
      do {
        merged = try ModelMerge.merge([model, model])
      } catch {
        XCTAssertEqual(error, .tooLarge("counts"))
        break
      }
      factor *= 2
      doublings += 1
      XCTAssertEqual(merged.counts, base.counts.map { $0 * factor })
      XCTAssertEqual(merged.documents, base.documents.map { $0 * factor })
      XCTAssertLessThanOrEqual(merged.counts.max() ?? 0, ModelMerge.countLimit)
      // Each merge goes through a file, as `merge` writes and reads it.
      model = try ModelFile.decode(ModelFile.encode(merged))
      XCTAssertEqual(model.counts, merged.counts)
    }
    // The largest count is 2 ("good" in positive): 2,000 · 2^k ≤ 9e15 up to k = 42.
    XCTAssertEqual(doublings, 42)
    XCTAssertGreaterThan(2 * factor * 2, ModelMerge.countLimit)
  }

  /// A toy model with the default options (the reader on) and a
  /// calibration of `rows` held-out rows, all in the confusion's first
  /// cell, with reader weights or `readerWeights`, or none when
  /// `withoutReaderWeights`.
  private func calibratedToy(
    rows: Int, readerWeights: PerClass<SIMD2<Double>>? = nil, withoutReaderWeights: Bool = false
  ) throws
    -> NaiveBayesModel
  {
    var corpus = LabeledCorpus()
    corpus.append("I love it", label: .positive)
    corpus.append("I hate it", label: .negative)
    var model = try ModelParts.model(corpus, 0..<2)
    let means: PerClass<PerClass<Double>> = [[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]]
    model.heldOut = HeldOutFit(
      calibration: Calibration(
        temperature: 2, biases: [0, 0.5, -0.5],
        readerWeights: withoutReaderWeights
          ? nil : readerWeights ?? [SIMD2(repeating: -1), .zero, SIMD2(repeating: 1)]),
      confusion: [[rows, 0, 0], [0, 0, 0], [0, 0, 0]], meanProbabilities: means,
      equalPriorMeans: means, folds: 5, rows: rows)
    return model
  }

  /// Held-out rows and confusion counts are counts, as documents are: two
  /// parts near the file's limit merged into a file no command could load
  /// (exit 65), and 1,030 such parts trapped on overflow. Both are
  /// `tooLarge`, and what merges loads.
  func testHeldOutCountsBeyondWhatAFileHoldsAreRefused() throws {
    let near = try calibratedToy(rows: 5_000_000_000_000_000)
    XCTAssertThrowsError(try ModelMerge.merge([near, near])) {
      XCTAssertEqual($0 as? ModelMergeError, .tooLarge("calibration.rows"))
    }
    let top = try calibratedToy(rows: ModelMerge.countLimit)
    XCTAssertThrowsError(try ModelMerge.merge(Array(repeating: top, count: 1_030))) {
      XCTAssertEqual($0 as? ModelMergeError, .tooLarge("calibration.rows"))
    }
    var confusion = try calibratedToy(rows: 10)
    confusion.heldOut?.confusion[.neutral][.neutral] = ModelMerge.countLimit - 5
    XCTAssertThrowsError(try ModelMerge.merge([confusion, confusion])) {
      XCTAssertEqual($0 as? ModelMergeError, .tooLarge("calibration.confusion"))
    }
    let half = try calibratedToy(rows: ModelMerge.countLimit / 2)
    let merged = try ModelMerge.merge([half, half])
    XCTAssertEqual(try ModelFile.decode(ModelFile.encode(merged)).heldOut, merged.heldOut)
  }

  /// A part whose calibration the loader would refuse (reader weights that
  /// disagree with options.reader, or of 1e308) is refused, in either order,
  /// through the loader's own check: the merge halved the reader weights in
  /// one order and dropped them in the other.
  func testAPartTheLoaderWouldRefuseIsRefusedInEitherOrder() throws {
    let good = try calibratedToy(rows: 10)
    let bad = [
      try calibratedToy(rows: 10, withoutReaderWeights: true),
      try calibratedToy(
        rows: 10, readerWeights: [SIMD2(repeating: 1e308), .zero, SIMD2(repeating: -1e308)]),
    ]
    for part in bad {
      for (models, index) in [([good, part], 2), ([part, good], 1)] {
        XCTAssertThrowsError(try ModelMerge.merge(models)) { error in
          guard case .unloadable(let model, let reason)? = error as? ModelMergeError else {
            return XCTFail("\(error)")
          }
          XCTAssertEqual(model, index)
          XCTAssertTrue(reason.contains("reader"), reason)
        }
      }
    }
    XCTAssertEqual(
      try ModelMerge.merge([good, good]).heldOut?.calibration, good.heldOut?.calibration)
  }

  // MARK: Calibration

  /// Two parts: 30 and 50 rows cross-validated; b held out no positive.
  private var partA: HeldOutFit {
    ModelParts.heldOutFit(
      temperature: 2, biases: [0, 1, -1], confusion: [[8, 2, 0], [1, 8, 1], [0, 0, 10]],
      means: [[0.6, 0.3, 0.1], [0.2, 0.6, 0.2], [0.1, 0.1, 0.8]])
  }
  private var partB: HeldOutFit {
    ModelParts.heldOutFit(
      temperature: 8, biases: [0, 0, 2], confusion: [[25, 5, 0], [0, 20, 0], [0, 0, 0]],
      means: [[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]])
  }

  func testCalibrationIsPooledByTheRowsEachPartCrossValidated() throws {
    let (a, b) = (partA, partB)
    let pooled = try XCTUnwrap(try ModelMerge.pooled([a, nil, b]))
    // 30 rows and 50 rows: weights 3/8 and 5/8.
    XCTAssertEqual(pooled.rows, 80)
    XCTAssertEqual(
      pooled.calibration.temperature, exp(0.375 * log(2) + 0.625 * log(8)), accuracy: 1e-12)
    XCTAssertEqual(pooled.calibration.biases[1], 0.375, accuracy: 1e-12)
    XCTAssertEqual(pooled.calibration.biases[2], -0.375 + 1.25, accuracy: 1e-12)
    XCTAssertEqual(pooled.confusion, [[33, 7, 0], [1, 28, 1], [0, 0, 10]])
    // Negative: 10 and 30 held-out rows; positive: b has none.
    XCTAssertEqual(pooled.meanProbabilities[0][0], (10 * 0.6 + 30 * 0.8) / 40, accuracy: 1e-12)
    XCTAssertEqual(pooled.meanProbabilities[2], [0.1, 0.1, 0.8])
    XCTAssertEqual(pooled.folds, 5)
    // A part merged with itself keeps its calibration; none calibrated: none.
    let twice = try XCTUnwrap(try ModelMerge.pooled([a, a]))
    XCTAssertEqual(twice.calibration, a.calibration)
    XCTAssertEqual(twice.confusion, a.confusion.map { $0.map { 2 * $0 } })
    XCTAssertEqual(twice.meanProbabilities[1][1], 0.6, accuracy: 1e-12)
    XCTAssertNil(try ModelMerge.pooled([nil, nil]))
  }

  func testEqualPriorMeansArePooledLikeTheMeans() throws {
    var (a, b) = (partA, partB)
    a.equalPriorMeans = [[0.7, 0.2, 0.1], [0.3, 0.4, 0.3], [0.1, 0.1, 0.8]]
    b.equalPriorMeans = [[0.9, 0.05, 0.05], [0.2, 0.6, 0.2], [0.2, 0.2, 0.6]]
    let pooled = try XCTUnwrap(try ModelMerge.pooled([a, b]))
    let equal = try XCTUnwrap(pooled.equalPriorMeans)
    // Negative: 10 and 30 held-out rows; positive: b has none.
    XCTAssertEqual(equal[0][0], (10 * 0.7 + 30 * 0.9) / 40, accuracy: 1e-12)
    XCTAssertEqual(equal[1][1], (10 * 0.4 + 20 * 0.6) / 30, accuracy: 1e-12)
    XCTAssertEqual(equal[2], [0.1, 0.1, 0.8])
    XCTAssertEqual(
      try XCTUnwrap(try ModelMerge.pooled([a, a])).equalPriorMeans[0][0], 0.7, accuracy: 1e-12)
  }

}
