import XCTest

@testable import SentimentCore

final class HeldOutFitTests: XCTestCase {
  private func corpus() -> LabeledCorpus {
    var corpus = LabeledCorpus()
    let texts: [(String, Sentiment)] = [
      ("I love it", .positive), ("great phone, love the camera", .positive),
      ("awesome battery :)", .positive), ("best update ever", .positive),
      ("I hate it", .negative), ("awful screen, hate the update", .negative),
      ("terrible battery :(", .negative), ("worst phone ever", .negative),
      ("the store opens at nine", .neutral), ("new phone out today", .neutral),
      ("the update is 2 GB", .neutral), ("event on Friday", .neutral),
      ("update at noon", .neutral), ("phone case in blue", .neutral),
    ]
    for _ in 0..<3 {
      for (text, label) in texts { corpus.append(text, label: label) }
    }
    return corpus
  }

  func testFitCalibratesAndCountsTheHeldOutTexts() throws {
    let data = corpus()
    let fit = try XCTUnwrap(
      HeldOutFit.fit(
        data, tokenizer: TokenizerSettings(), options: NaiveBayesOptions(), lexicon: .builtIn))
    XCTAssertEqual(fit.rows, data.count)
    XCTAssertEqual(fit.folds, 5)
    XCTAssertEqual(fit.confusion.flatMap { $0 }.reduce(0, +), data.count)
    XCTAssertGreaterThan(fit.calibration.temperature, 0)
    for row in fit.meanProbabilities { XCTAssertEqual(row.reduce(0, +), 1, accuracy: 1e-9) }
    // The same held-out texts, their probabilities re-weighted to equal
    // priors (neutral is 6 of 14 texts here): the minority classes' rows
    // lean more to their own class.
    let equal = try XCTUnwrap(fit.equalPriorMeans)
    for row in equal { XCTAssertEqual(row.reduce(0, +), 1, accuracy: 1e-9) }
    // (A class whose held-out texts all read it at 1 keeps 1.)
    let means = fit.meanProbabilities
    XCTAssertGreaterThanOrEqual(equal[0][0], means[0][0])
    XCTAssertGreaterThanOrEqual(equal[2][2], means[2][2])
    XCTAssertGreaterThan(equal[0][0] + equal[2][2], means[0][0] + means[2][2])
    // The same data and seed give the same fit.
    XCTAssertEqual(
      fit,
      HeldOutFit.fit(
        data, tokenizer: TokenizerSettings(), options: NaiveBayesOptions(), lexicon: .builtIn))
  }

  /// With groups (`train --fit-groups`), each group is held out once; the
  /// reader's weights are fitted when the options ask for it, and the
  /// probabilities are calibrated to the labels' balance.
  func testGroupsAreHeldOutOneAtATimeAndTheReaderIsWeighed() throws {
    var data = corpus()
    data.groups = (0..<data.count).map { ["a", "b", "c"][$0 / 14] }
    XCTAssertEqual(
      HeldOutFit.heldOutParts(data, folds: 5, seed: 5),
      [Array(0..<14), Array(14..<28), Array(28..<42)])
    XCTAssertEqual(HeldOutFit.heldOutParts(corpus(), folds: 5, seed: 5).count, 5)
    let fit = try XCTUnwrap(
      HeldOutFit.fit(
        data, tokenizer: TokenizerSettings(), options: NaiveBayesOptions(), lexicon: .builtIn))
    XCTAssertEqual(fit.folds, 3)
    XCTAssertEqual(fit.rows, data.count)
    XCTAssertEqual(fit.calibration.prior, CalibrationFit.labelPrior)
    XCTAssertTrue(fit.calibration.usesReader)
    XCTAssertEqual(fit.calibration.readerWeights?.neutral, .zero)
    let plain = try XCTUnwrap(
      HeldOutFit.fit(
        data, tokenizer: TokenizerSettings(), options: NaiveBayesOptions(reader: false),
        lexicon: .builtIn))
    XCTAssertFalse(plain.calibration.usesReader)
    XCTAssertNotEqual(plain.calibration, fit.calibration)
  }

  func testTooLittleDataHasNoFit() {
    var tiny = LabeledCorpus()
    tiny.append("good", label: .positive)
    tiny.append("bad", label: .negative)
    XCTAssertNil(
      HeldOutFit.fit(
        tiny, tokenizer: TokenizerSettings(), options: NaiveBayesOptions(), lexicon: .builtIn))
  }

  func testTheModelFileKeepsTheFitAndAFileWithoutItLoadsUncalibrated() throws {
    let data = corpus()
    var trainer = NaiveBayesTrainer()
    for index in 0..<data.count {
      trainer.add(data.bytes(at: index).span, as: data.labels[index])
    }
    var model = trainer.model()
    model.heldOut = HeldOutFit.fit(
      data, tokenizer: TokenizerSettings(), options: NaiveBayesOptions(), lexicon: .builtIn)
    let bytes = ModelFile.encode(model)
    let decoded = try ModelFile.decode(bytes)
    XCTAssertEqual(decoded.heldOut, model.heldOut)
    XCTAssertEqual(QuantificationContext(model: decoded)?.equalPriors, true)
    XCTAssertEqual(ModelFile.encode(decoded), bytes)
    XCTAssertEqual(decoded.predict("I love it"), model.predict("I love it"))
    // A calibration without its equal-prior means is incomplete: refused.
    let withoutEqual = String(decoding: bytes, as: UTF8.self).replacing(
      /"equal_prior_mean_probabilities":\{[^}]*\},/, with: "")
    XCTAssertThrowsError(
      try ModelFile.decode(ReferenceModelDecoder.removingChecksum(Array(withoutEqual.utf8)))
    ) { error in
      XCTAssertEqual(
        error as? ModelFileError, .missing("calibration.equal_prior_mean_probabilities.negative"))
    }
    // A model trained on too little to cross-validate has no calibration:
    // raw probabilities, and no context for the estimators.
    var text = String(decoding: bytes, as: UTF8.self)
    let start = try XCTUnwrap(text.range(of: #"{"calibration":"#))
    let end = try XCTUnwrap(text.range(of: #","classes":"#))
    text.replaceSubrange(start.lowerBound..<end.lowerBound, with: "{")
    text = text.replacingOccurrences(of: #"{,"classes""#, with: #"{"classes""#)
    let old = try ModelFile.decode(ReferenceModelDecoder.removingChecksum(Array(text.utf8)))
    XCTAssertNil(old.heldOut)
    XCTAssertNil(QuantificationContext(model: old))
    var classifier = Classifier(model: old)
    let scores = classifier.scores(of: Array("I love it".utf8).span)
    XCTAssertEqual(old.predict("I love it"), Prediction(scores: scores))
    XCTAssertNotEqual(
      old.predict("I love it").probabilities, model.predict("I love it").probabilities)
  }

  func testArtificialPrevalenceOfAPerfectClassifierHasNoError() {
    var part = EvaluationResult(
      trainingAccuracy: 1, metrics: ClassificationMetrics(), trainingCount: 0)
    part.context = QuantificationContext(
      trainingPrevalence: [0.3, 0.4, 0.3], rates: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    for label in Sentiment.allCases {
      for _ in 0..<20 {
        part.labels.append(label)
        part.posteriors.append(PerClass(Sentiment.allCases.map { $0 == label ? 1 : 0 }))
      }
    }
    let result = PrevalenceSampling.artificialPrevalence([part], repeats: 1, seed: 1)
    XCTAssertEqual(result.sets, 66)
    for method in QuantificationMethod.allCases {
      XCTAssertEqual(result.meanAbsoluteError(method) ?? 1, 0, accuracy: 1e-9, "\(method)")
      XCTAssertEqual(result.emojiAccuracy(method), 1, "\(method)")
    }
  }
}
