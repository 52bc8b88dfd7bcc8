import XCTest

@testable import SentimentCore

final class NaiveBayesTests: XCTestCase {
  /// Lower-cased words only, so that the tokens of the toy texts are obvious.
  /// The trainers here have no lexicon: the numbers are the data's alone
  /// (`LexiconTests` checks what a lexicon adds).
  private let words = TokenizerSettings.plainWords

  private func train(
    _ documents: [(String, Sentiment)], options: NaiveBayesOptions, record: Bool = false
  ) -> NaiveBayesTrainer {
    var trainer = NaiveBayesTrainer(
      tokenizer: words, options: options, lexicon: Lexicon(), recordDocuments: record)
    for (text, label) in documents { trainer.add(text, as: label) }
    return trainer
  }

  /// Softmax of log scores, indexed negative, neutral, positive.
  private func softmax(_ scores: [Double]) -> [Double] {
    let top = scores.max()!
    let exps = scores.map { exp($0 - top) }
    let sum = exps.reduce(0, +)
    return exps.map { $0 / sum }
  }

  private func assertProbabilities(
    _ prediction: Prediction, _ expected: [Double], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(prediction.probabilities.array.count, 3, file: file, line: line)
    for index in 0..<3 {
      XCTAssertEqual(
        prediction.probabilities[index], expected[index], accuracy: 1e-9,
        "class \(index)", file: file, line: line)
    }
  }

  private func count(_ model: NaiveBayesModel, _ token: String, _ label: Sentiment) -> Int? {
    guard let id = model.vocabulary.id(of: token) else { return nil }
    return model.counts[id * Sentiment.count + label.rawValue]
  }

  // MARK: Multinomial

  /// pos: "good good fun", "good day"; neg: "bad bad awful", "bad day"; neu: "the day".
  private let toy: [(String, Sentiment)] = [
    ("good good fun", .positive), ("good day", .positive),
    ("bad bad awful", .negative), ("bad day", .negative),
    ("the day", .neutral),
  ]

  func testMultinomialWithAlphaOneAndDataPriors() {
    let options = NaiveBayesOptions.unigrams(alpha: 1, binarized: false, priors: .data)
    let model = train(toy, options: options).model()
    // Vocabulary: good fun day bad awful the → |V| = 6.
    // Counts (every occurrence): pos good 3, fun 1, day 1 → 5 tokens;
    // neg bad 3, awful 1, day 1 → 5; neu the 1, day 1 → 2.
    XCTAssertEqual(model.vocabulary.count, 6)
    XCTAssertEqual(count(model, "good", .positive), 3)
    XCTAssertEqual(count(model, "bad", .negative), 3)
    XCTAssertEqual(count(model, "day", .neutral), 1)
    XCTAssertEqual(count(model, "good", .negative), 0)
    XCTAssertEqual(model.documents, [2, 1, 2])
    // P(w|c) = (count(w,c) + α) / (tokens(c) + α|V|); P(c) = documents(c) / 5.
    XCTAssertEqual(model.logPrior(of: .positive), log(2.0 / 5), accuracy: 1e-12)
    XCTAssertEqual(model.logPrior(of: .neutral), log(1.0 / 5), accuracy: 1e-12)
    let good = model.vocabulary.id(of: "good")!
    XCTAssertEqual(model.weight(ofFeature: good, for: .positive), log(4.0 / 11), accuracy: 1e-12)
    XCTAssertEqual(model.weight(ofFeature: good, for: .negative), log(1.0 / 11), accuracy: 1e-12)
    XCTAssertEqual(model.weight(ofFeature: good, for: .neutral), log(1.0 / 8), accuracy: 1e-12)

    // "good day":
    //   pos: log(2/5) + log((3+1)/(5+6)) + log((1+1)/(5+6))
    //   neg: log(2/5) + log((0+1)/(5+6)) + log((1+1)/(5+6))
    //   neu: log(1/5) + log((0+1)/(2+6)) + log((1+1)/(2+6))
    let scores = [
      log(2.0 / 5) + log(1.0 / 11) + log(2.0 / 11),
      log(1.0 / 5) + log(1.0 / 8) + log(2.0 / 8),
      log(2.0 / 5) + log(4.0 / 11) + log(2.0 / 11),
    ]
    let prediction = model.predict("good day")
    XCTAssertEqual(prediction.label, .positive)
    assertProbabilities(prediction, softmax(scores))
    XCTAssertEqual(prediction.confidence, softmax(scores)[2], accuracy: 1e-9)
    XCTAssertEqual(prediction.probabilities.reduce(0, +), 1, accuracy: 1e-12)
  }

  func testRepeatedTokensCountEachTimeWhenNotBinarized() {
    let options = NaiveBayesOptions.unigrams(alpha: 1, binarized: false, priors: .data)
    let model = train(toy, options: options).model()
    // "bad bad": each occurrence adds its weight.
    //   pos: log(2/5) + 2 log(1/11); neg: log(2/5) + 2 log(4/11); neu: log(1/5) + 2 log(1/8)
    let scores = [
      log(2.0 / 5) + 2 * log(4.0 / 11),
      log(1.0 / 5) + 2 * log(1.0 / 8),
      log(2.0 / 5) + 2 * log(1.0 / 11),
    ]
    let prediction = model.predict("bad bad")
    XCTAssertEqual(prediction.label, .negative)
    assertProbabilities(prediction, softmax(scores))
  }

  func testAlphaOtherThanOne() {
    let options = NaiveBayesOptions.unigrams(alpha: 0.5, binarized: false, priors: .uniform)
    let model = train(toy, options: options).model()
    // "fun": pos (1+0.5)/(5+3), neg (0+0.5)/(5+3), neu (0+0.5)/(2+3); priors equal.
    let scores = [log(0.5 / 8), log(0.5 / 5), log(1.5 / 8)]
    let prediction = model.predict("fun")
    XCTAssertEqual(prediction.label, .positive)
    assertProbabilities(prediction, softmax(scores))
  }

  // MARK: Background smoothing

  func testBackgroundSmoothingByHand() {
    let options = NaiveBayesOptions.unigrams(
      alpha: 1, binarized: false, priors: .uniform, smoothing: .background)
    let model = train(toy, options: options).model()
    // Counts as above: pos 5 tokens, neg 5, neu 2; all 12; V = 6, so the
    // mass α·V = 6. background(w) = (count(w) + 1) / (12 + 6); a feature's
    // pseudo-count is 6 × background: good and day (3 in all) 4/3, fun 2/3.
    // P(w|c) = (count(w,c) + pseudo(w)) / (tokens(c) + 6).
    let good = model.vocabulary.id(of: "good")!
    XCTAssertEqual(
      model.weight(ofFeature: good, for: .positive), log((3 + 4.0 / 3) / 11), accuracy: 1e-12)
    XCTAssertEqual(
      model.weight(ofFeature: good, for: .negative), log((4.0 / 3) / 11), accuracy: 1e-12)
    XCTAssertEqual(
      model.weight(ofFeature: good, for: .neutral), log((4.0 / 3) / 8), accuracy: 1e-12)
    // "fun day": uniform priors.
    let scores = [
      log(2.0 / 3 / 11) + log((1 + 4.0 / 3) / 11),
      log(2.0 / 3 / 8) + log((1 + 4.0 / 3) / 8),
      log((1 + 2.0 / 3) / 11) + log((1 + 4.0 / 3) / 11),
    ].map { $0 - log(3) }
    let prediction = model.predict("fun day")
    XCTAssertEqual(prediction.label, .positive)
    assertProbabilities(prediction, softmax(scores))
  }

  /// A word as common in every class as in all the text is no evidence
  /// when smoothed by background; additive smoothing makes it lean towards
  /// the class with the most text, so that long texts look like that class.
  func testBackgroundSmoothingGivesACommonWordNoLean() {
    // "x" is half of every class's tokens; neutral has twice the text.
    let documents: [(String, Sentiment)] = [
      ("x a", .negative), ("x b", .neutral), ("x d", .neutral), ("x e", .positive),
    ]
    func lean(_ smoothing: NaiveBayesOptions.Smoothing) -> Double {
      let options = NaiveBayesOptions.unigrams(
        alpha: 0.1, binarized: false, priors: .uniform, smoothing: smoothing)
      let model = train(documents, options: options).model()
      let x = model.vocabulary.id(of: "x")!
      return model.weight(ofFeature: x, for: .neutral)
        - model.weight(ofFeature: x, for: .negative)
    }
    XCTAssertEqual(lean(.background), 0, accuracy: 0.01)
    XCTAssertGreaterThan(lean(.additive), 0.05)
    let long = String(repeating: "x ", count: 20)
    let options = NaiveBayesOptions.unigrams(alpha: 0.1, binarized: false, smoothing: .additive)
    XCTAssertEqual(train(documents, options: options).model().predict(long).label, .neutral)
  }

  func testAdditiveIsTheDefaultSmoothing() {
    XCTAssertEqual(NaiveBayesOptions().smoothing, .additive)
  }

  // MARK: Binarized

  func testBinarizedCountsATokenOncePerTweet() {
    let options = NaiveBayesOptions.unigrams(alpha: 1, binarized: true, priors: .data)
    let model = train(toy, options: options).model()
    // Documents containing each token: pos good 2, fun 1, day 1 → 4;
    // neg bad 2, awful 1, day 1 → 4; neu the 1, day 1 → 2.
    XCTAssertEqual(count(model, "good", .positive), 2)
    XCTAssertEqual(count(model, "bad", .negative), 2)
    XCTAssertEqual(count(model, "fun", .positive), 1)
    // "good good day": good counts once in the query too.
    //   pos: log(2/5) + log((2+1)/(4+6)) + log((1+1)/(4+6))
    //   neg: log(2/5) + log((0+1)/(4+6)) + log((1+1)/(4+6))
    //   neu: log(1/5) + log((0+1)/(2+6)) + log((1+1)/(2+6))
    let scores = [
      log(2.0 / 5) + log(1.0 / 10) + log(2.0 / 10),
      log(1.0 / 5) + log(1.0 / 8) + log(2.0 / 8),
      log(2.0 / 5) + log(3.0 / 10) + log(2.0 / 10),
    ]
    let prediction = model.predict("good good day")
    XCTAssertEqual(prediction.label, .positive)
    assertProbabilities(prediction, softmax(scores))
    XCTAssertEqual(model.predict("good day"), prediction)
  }

  // MARK: Priors

  /// pos: "a" ×3 and "b"; neg: "b"; neu: "c". |V| = 3 (a, b, c).
  private let skewed: [(String, Sentiment)] = [
    ("a", .positive), ("a", .positive), ("a", .positive), ("b", .positive),
    ("b", .negative), ("c", .neutral),
  ]

  func testUniformAndDataPriorsChangeACloseDecision() {
    // P(b|pos) = (1+1)/(4+3) = 2/7 ≈ 0.286, P(b|neg) = (1+1)/(1+3) = 1/2,
    // P(b|neu) = (0+1)/(1+3) = 1/4.
    // Uniform priors: neg wins (1/2 > 2/7).
    // Data priors 4/6, 1/6, 1/6: pos 4/6 · 2/7 ≈ 0.190 > neg 1/6 · 1/2 ≈ 0.083.
    let uniform = train(
      skewed, options: NaiveBayesOptions.unigrams(binarized: false, priors: .uniform)
    )
    .model()
    let data = train(skewed, options: NaiveBayesOptions.unigrams(binarized: false, priors: .data))
      .model()
    let uniformPrediction = uniform.predict("b")
    let dataPrediction = data.predict("b")
    XCTAssertEqual(uniformPrediction.label, .negative)
    XCTAssertEqual(dataPrediction.label, .positive)
    assertProbabilities(uniformPrediction, softmax([log(1.0 / 2), log(1.0 / 4), log(2.0 / 7)]))
    assertProbabilities(
      dataPrediction,
      softmax([
        log(1.0 / 6) + log(1.0 / 2), log(1.0 / 6) + log(1.0 / 4), log(4.0 / 6) + log(2.0 / 7),
      ]))
    XCTAssertEqual(uniform.logPrior(of: .neutral), -log(3), accuracy: 1e-12)
  }

  func testDataPriorOfAClassWithoutDocuments() {
    let model = train(
      [("yes", .positive), ("no", .negative)],
      options: NaiveBayesOptions.unigrams(binarized: false, priors: .data)
    ).model()
    XCTAssertEqual(model.logPrior(of: .neutral), -.infinity)
    let prediction = model.predict("yes")
    XCTAssertEqual(prediction.label, .positive)
    XCTAssertEqual(prediction.probabilities[1], 0)
    // (1+1)/(1+2) against (0+1)/(1+2), equal priors 1/2: 2/3 vs 1/3.
    XCTAssertEqual(prediction.probabilities[2], 2.0 / 3, accuracy: 1e-9)
  }

  // MARK: Complement

  func testComplementWeightsOnAThreeClassExample() {
    // pos: "good great", "good"; neg: "bad awful", "bad"; neu: "okay", "fine okay".
    // Counts: pos good 2, great 1 (3); neg bad 2, awful 1 (3); neu okay 2, fine 1 (3).
    let documents: [(String, Sentiment)] = [
      ("good great", .positive), ("good", .positive), ("bad awful", .negative), ("bad", .negative),
      ("okay", .neutral), ("fine okay", .neutral),
    ]
    let options = NaiveBayesOptions.unigrams(
      alpha: 1, binarized: false, complement: true, priors: .uniform)
    let model = train(documents, options: options).model()
    // Complement estimate θ̃(w|c) = (N(w, not c) + α) / (N(not c) + α|V|), |V| = 6, N(not c) = 6
    // for every class; the weight is -log θ̃ = log(12) - log(N(w, not c) + 1).
    let counts: [String: [Double]] = [  // per class negative, neutral, positive
      "good": [0, 0, 2], "great": [0, 0, 1], "bad": [2, 0, 0], "awful": [1, 0, 0],
      "okay": [0, 2, 0], "fine": [0, 1, 0],
    ]
    for (token, perClass) in counts {
      let id = model.vocabulary.id(of: token)!
      let all = perClass.reduce(0, +)
      for label in Sentiment.allCases {
        let others = all - perClass[label.rawValue]
        XCTAssertEqual(
          model.weight(ofFeature: id, for: label), log(12) - log(others + 1), accuracy: 1e-12,
          "\(token) \(label)")
      }
    }
    // "okay fine": neg and pos: log 12 - log 3 + log 12 - log 2; neu: log 12 + log 12.
    let neutral = model.predict("okay fine")
    XCTAssertEqual(neutral.label, .neutral)
    assertProbabilities(
      neutral,
      softmax([2 * log(12) - log(3) - log(2), 2 * log(12), 2 * log(12) - log(3) - log(2)]))
    XCTAssertEqual(neutral.probabilities[0], neutral.probabilities[2])
    // "good great": pos: 2 log 12; neg and neu: log 12 - log 3 + log 12 - log 2.
    let prediction = model.predict("good great")
    XCTAssertEqual(prediction.label, .positive)
    assertProbabilities(
      prediction,
      softmax([2 * log(12) - log(3) - log(2), 2 * log(12) - log(3) - log(2), 2 * log(12)]))
  }

  // MARK: Unseen tokens and ties

  func testUnseenTokensAreIgnored() {
    let model = train(toy, options: NaiveBayesOptions.unigrams(binarized: false, priors: .data))
      .model()
    XCTAssertEqual(model.predict("good zebra day quokka"), model.predict("good day"))
    // Only unseen tokens: the priors alone, 2/5, 1/5, 2/5 → a tie of negative and positive.
    let prediction = model.predict("zebra quokka")
    XCTAssertEqual(prediction, model.predict(""))
    XCTAssertEqual(prediction.label, .negative)
    assertProbabilities(prediction, [0.4, 0.2, 0.4])
  }

  /// A three-way tie (no evidence) is neutral, not negative; a tie between
  /// neutral and another class is neutral; a tie between negative and
  /// positive goes to the lower index, negative.
  func testATieWithNeutralIsNeutralAndAnotherTieGoesToNegative() {
    let same = train(
      [("same", .positive), ("same", .neutral), ("same", .negative)],
      options: NaiveBayesOptions.unigrams(priors: .uniform)
    ).model()
    let prediction = same.predict("same")
    XCTAssertEqual(prediction.label, .neutral)
    assertProbabilities(prediction, [1.0 / 3, 1.0 / 3, 1.0 / 3])
    // Only unknown words: the uniform priors alone, a three-way tie.
    XCTAssertEqual(same.predict("unknown words only").label, .neutral)
    XCTAssertEqual(same.predict("").label, .neutral)

    // neutral and positive tie above negative: neg (0+1)/(1+2) = 1/3, neu = pos = (1+1)/(1+2).
    let upper = train(
      [("x", .negative), ("y", .neutral), ("y", .positive)],
      options: NaiveBayesOptions.unigrams(priors: .uniform)
    ).model()
    XCTAssertEqual(upper.predict("y").label, .neutral)
    assertProbabilities(upper.predict("y"), [1.0 / 5, 2.0 / 5, 2.0 / 5])

    // negative and positive tie above neutral: neu (0+1)/(1+2), neg = pos = (1+1)/(1+2).
    let sides = train(
      [("x", .neutral), ("y", .negative), ("y", .positive)],
      options: NaiveBayesOptions.unigrams(priors: .uniform)
    ).model()
    XCTAssertEqual(sides.predict("y").label, .negative)
    assertProbabilities(sides.predict("y"), [2.0 / 5, 1.0 / 5, 2.0 / 5])
  }

  // MARK: Classifier and trainer

  func testClassifierReuseGivesTheSameResultsAsPredict() {
    for binarized in [false, true] {
      let model = train(toy, options: NaiveBayesOptions.unigrams(binarized: binarized)).model()
      var classifier = Classifier(model: model)
      let texts = [
        "good good day", "bad", "", "the the the day", "good day", "unknown words", "good good day",
        "awful fun", "bad bad bad bad",
      ]
      for _ in 0..<3 {
        for text in texts {
          XCTAssertEqual(classifier.predict(text), model.predict(text), "\(text) \(binarized)")
        }
      }
      let bytes = Array("fun fun".utf8)
      let fromBytes = classifier.predict(bytes.span)
      XCTAssertEqual(fromBytes, model.predict("fun fun"))
    }
  }

  /// A trainer is a value: adding to a copy leaves the original as it was.
  func testCopiedTrainerIsIndependent() {
    var original = train([("good film", .positive)], options: NaiveBayesOptions())
    var copy = original
    copy.add("bad film", as: .negative)
    original.add("good day", as: .positive)
    XCTAssertEqual(original.documentCounts, [0, 0, 2])
    XCTAssertEqual(copy.documentCounts, [1, 0, 1])
    let tokens = { (model: NaiveBayesModel) in
      (0..<model.vocabulary.count).map { model.vocabulary.token(at: $0) }
    }
    XCTAssertEqual(tokens(original.model()), ["good", "film", "good film", "day", "good day"])
    XCTAssertEqual(tokens(copy.model()), ["good", "film", "good film", "bad", "bad film"])
    XCTAssertEqual(copy.model().counts[3 * 3 + Sentiment.negative.rawValue], 1)
  }

  /// A text longer than the trainer's chunk of tokens gives the features
  /// the featurizer lists, pairs across chunk boundaries included.
  func testLongTextGivesTheFeaturizersFeatures() {
    let text = (0..<10_000).map { "w\($0 % 7_000)" }.joined(separator: " ")
    var trainer = NaiveBayesTrainer(tokenizer: words, lexicon: Lexicon())
    trainer.add(text, as: .negative)
    let model = trainer.model()
    var expected: [String] = []
    var seen = Set<String>()
    for feature in Featurizer(tokenizer: Tokenizer(settings: words), bigrams: true)
      .features(in: text) where seen.insert(feature).inserted
    {
      expected.append(feature)
    }
    XCTAssertEqual(model.vocabulary.count, expected.count)
    XCTAssertEqual((0..<model.vocabulary.count).map { model.vocabulary.token(at: $0) }, expected)
    XCTAssertTrue(expected.contains("w4095 w4096"))
    XCTAssertEqual(Set(model.counts), [0, 1], "binarized: once per text")
  }

  func testDocumentCounts() {
    let trainer = train(skewed, options: NaiveBayesOptions.unigrams())
    XCTAssertEqual(trainer.documentCounts, [1, 1, 4])
    XCTAssertEqual(trainer.model().documents, [1, 1, 4])
  }

  func testTrainingAccuracy() {
    // Uniform priors (see testUniformAndDataPriorsChangeACloseDecision): "a" → pos (4/7 against
    // 1/4, 1/4) three times right; "b" → neg, wrong for the positive "b", right for the
    // negative one; "c" → neu (2/4 against 1/7, 1/4), right. 5 of 6.
    let uniform = train(
      skewed, options: NaiveBayesOptions.unigrams(binarized: false, priors: .uniform), record: true)
    XCTAssertEqual(
      try XCTUnwrap(uniform.trainingAccuracy(of: uniform.model())), 5.0 / 6, accuracy: 1e-12)
    // Data priors: "b" → pos (right once, wrong once); "c" → pos (4/6 · 1/7 ≈ 0.095 against
    // neu 1/6 · 2/4 ≈ 0.083), wrong. 4 of 6.
    let data = train(
      skewed, options: NaiveBayesOptions.unigrams(binarized: false, priors: .data), record: true)
    XCTAssertEqual(try XCTUnwrap(data.trainingAccuracy(of: data.model())), 4.0 / 6, accuracy: 1e-12)
    XCTAssertEqual(data.model().predict("c").label, .positive)
  }

  func testTrainingAccuracyWithBinarizedRepeats() {
    // "good good" counted once; classifying it again must count it once too.
    let documents: [(String, Sentiment)] = [
      ("good good good", .positive), ("bad", .negative), ("meh", .neutral),
    ]
    let trainer = train(
      documents, options: NaiveBayesOptions.unigrams(binarized: true), record: true)
    let model = trainer.model()
    let expected =
      Double(documents.filter { model.predict($0.0).label == $0.1 }.count) / Double(documents.count)
    XCTAssertEqual(trainer.trainingAccuracy(of: model), expected)
    XCTAssertEqual(expected, 1)
  }

  func testTrainingAccuracyNeedsRecordedDocuments() {
    let trainer = train(toy, options: NaiveBayesOptions.unigrams(), record: false)
    XCTAssertNil(trainer.trainingAccuracy(of: trainer.model()))
    let empty = NaiveBayesTrainer(tokenizer: words, lexicon: Lexicon(), recordDocuments: true)
    XCTAssertNil(empty.trainingAccuracy(of: trainer.model()))
  }

  func testTheDefaultsAreBinarizedUnigramsWithUniformPriorsAndAlphaOne() {
    let options = NaiveBayesOptions.unigrams()
    XCTAssertEqual(options.alpha, 1)
    XCTAssertTrue(options.binarized)
    XCTAssertFalse(options.complement)
    XCTAssertEqual(options.priors, .uniform)
    XCTAssertFalse(options.bigrams)
  }

  // MARK: Lexicon

  /// "good film" positive, "bad film" negative; lexicon good → positive,
  /// awful → negative, β = 10; unigrams, alpha 1. The lexicon's words come
  /// first, by class: awful, good, film, bad (V = 4). Class totals are the data's:
  /// positive 2, negative 2, neutral 0. Weight = log((count + 1 + boost) /
  /// (total + 4)).
  private func lexiconModel(complement: Bool = false, minCount: Int = 1) throws
    -> NaiveBayesModel
  {
    var options = NaiveBayesOptions.unigrams(complement: complement)
    options.lexiconWeight = 10
    options.minCount = minCount
    var trainer = NaiveBayesTrainer(
      tokenizer: words, options: options,
      lexicon: try Lexicon(entries: [("good", .positive), ("awful", .negative)]))
    trainer.add("good film", as: .positive)
    trainer.add("bad film", as: .negative)
    return trainer.model()
  }

  func testLexiconRaisesItsWordsWeightsInTheirClassByHand() throws {
    let model = try lexiconModel()
    XCTAssertEqual(
      (0..<model.vocabulary.count).map { model.vocabulary.token(at: $0) },
      ["awful", "good", "film", "bad"], "the lexicon's words by class first")
    func weight(_ word: String, _ label: Sentiment) throws -> Double {
      model.weight(ofFeature: try XCTUnwrap(model.vocabulary.id(of: word)), for: label)
    }
    XCTAssertEqual(try weight("good", .positive), log(12.0 / 6), accuracy: 1e-12)
    XCTAssertEqual(try weight("good", .negative), log(1.0 / 6), accuracy: 1e-12)
    XCTAssertEqual(try weight("good", .neutral), log(1.0 / 4), accuracy: 1e-12)
    XCTAssertEqual(try weight("awful", .negative), log(11.0 / 6), accuracy: 1e-12)
    XCTAssertEqual(try weight("awful", .positive), log(1.0 / 6), accuracy: 1e-12)
    // Other words, and the totals, are the data's alone.
    XCTAssertEqual(try weight("film", .positive), log(2.0 / 6), accuracy: 1e-12)
    XCTAssertEqual(try weight("bad", .negative), log(2.0 / 6), accuracy: 1e-12)
    XCTAssertEqual(try weight("bad", .positive), log(1.0 / 6), accuracy: 1e-12)
    // The counts stay the data's: the lexicon is not in them.
    XCTAssertEqual(model.count(ofFeature: 1, label: .positive), 1)
    XCTAssertEqual(model.count(ofFeature: 0, label: .negative), 0)
    XCTAssertEqual(model.lexicon.entries.map(\.word), ["awful", "good"])
    XCTAssertEqual(model.predict("awful film").label, .negative)
    XCTAssertEqual(model.predict("good").label, .positive)
  }

  /// Complement NB with a lexicon: the boosted count is part of the other
  /// classes' counts. All counts 4; good's positive count 1 + 10.
  /// Weight(c) = log(4 − total(c) + 4) − log(others(c) + 1).
  func testLexiconWithComplementByHand() throws {
    let model = try lexiconModel(complement: true)
    let good = try XCTUnwrap(model.vocabulary.id(of: "good"))
    XCTAssertEqual(model.weight(ofFeature: good, for: .positive), log(6.0 / 1), accuracy: 1e-12)
    XCTAssertEqual(model.weight(ofFeature: good, for: .negative), log(6.0 / 12), accuracy: 1e-12)
    XCTAssertEqual(model.weight(ofFeature: good, for: .neutral), log(8.0 / 12), accuracy: 1e-12)
  }

  /// A lexicon word stays a feature whatever its count, and features that
  /// share counts with it keep their own weights.
  func testLexiconWordsSurviveTheMinimumCount() throws {
    let model = try lexiconModel(minCount: 2)
    XCTAssertEqual(
      (0..<model.vocabulary.count).map { model.vocabulary.token(at: $0) },
      ["awful", "good", "film"])
    let film = try XCTUnwrap(model.vocabulary.id(of: "film"))
    // Totals of the kept features: positive 2 (good, film); V = 3.
    XCTAssertEqual(model.weight(ofFeature: film, for: .positive), log(2.0 / 5), accuracy: 1e-12)
  }

  func testNoLexiconWithWeightZero() {
    var options = NaiveBayesOptions.unigrams()
    options.lexiconWeight = 0
    var trainer = NaiveBayesTrainer(tokenizer: words, options: options)
    trainer.add("good film", as: .positive)
    XCTAssertTrue(trainer.lexicon.entries.isEmpty)
    XCTAssertEqual(trainer.model().vocabulary.count, 2)
    XCTAssertEqual(
      NaiveBayesTrainer().lexicon.entries.count, Lexicon.builtIn.entries.count, "the default")
  }

  func testBigramsBecomeFeatures() {
    let model = train(
      [("not good", .negative), ("good", .positive)],
      options: NaiveBayesOptions(priors: .uniform, bigrams: true)
    ).model()
    XCTAssertNotNil(model.vocabulary.id(of: "not good"))
    XCTAssertEqual(model.vocabulary.count, 3)
  }
}

extension NaiveBayesOptions {
  /// The hand-worked examples use unigrams and Laplace smoothing unless they
  /// say otherwise, whatever the tuned defaults are.
  /// Single words, no lexicon; additive smoothing unless said otherwise, as
  /// the hand-worked numbers of most tests assume.
  static func unigrams(
    alpha: Double = 1, binarized: Bool = true, complement: Bool = false, priors: Priors = .uniform,
    smoothing: Smoothing = .additive
  ) -> NaiveBayesOptions {
    NaiveBayesOptions(
      alpha: alpha, binarized: binarized, complement: complement, priors: priors, bigrams: false,
      smoothing: smoothing)
  }
}

/// One rule from probability to label: the label is the most probable class
/// of the probabilities printed, whatever leans them (the calibration's
/// biases, the reader's part).
final class LabelRuleTests: XCTestCase {
  /// A model whose calibration leans hard to neutral.
  private func leaningModel() -> NaiveBayesModel {
    var trainer = NaiveBayesTrainer(tokenizer: TokenizerSettings.plainWords, lexicon: Lexicon())
    for (text, label) in [
      ("love it", Sentiment.positive), ("great day", .positive), ("hate it", .negative),
      ("awful day", .negative), ("the store", .neutral), ("a train", .neutral),
    ] {
      trainer.add(text, as: label)
    }
    var model = trainer.model()
    let identity: PerClass<PerClass<Double>> = [[1.0, 0, 0], [0, 1, 0], [0, 0, 1]]
    model.heldOut = HeldOutFit(
      calibration: Calibration(temperature: 2, biases: [0, 3, 0]),
      confusion: [[2, 0, 0], [0, 2, 0], [0, 0, 2]], meanProbabilities: identity,
      equalPriorMeans: identity, folds: 2, rows: 6)
    return model
  }

  func testTheLabelIsTheMostProbableClassOfThePrintedProbabilities() throws {
    let model = leaningModel()
    var classifier = Classifier(model: model)
    let text = "love it"
    let scores = text.utf8.withContiguousStorageIfAvailable { classifier.scores(of: $0.span) }
    let raw = try XCTUnwrap(scores)
    // Naive Bayes alone would say positive; the calibration's bias says
    // neutral, and the label follows the probabilities printed.
    XCTAssertGreaterThan(raw[2], raw[1])
    let prediction = classifier.predict(text)
    XCTAssertEqual(prediction.probabilities, model.calibration?.probabilities(raw))
    XCTAssertGreaterThan(prediction.probabilities[1], prediction.probabilities[2])
    XCTAssertEqual(prediction.label, .neutral)
    XCTAssertEqual(prediction.confidence, prediction.probabilities.max())
    // `classify`'s loop gives the same label and probability.
    let fast = text.utf8.withContiguousStorageIfAvailable { classifier.classify($0.span) }
    XCTAssertEqual(fast?.label, prediction.label)
    XCTAssertEqual(fast?.confidence, prediction.confidence)
    // A text of unknown words: neutral.
    XCTAssertEqual(classifier.predict("zebra").label, .neutral)
  }

  /// The `count` estimator counts these labels, from the probabilities
  /// alone.
  func testTheCountEstimatorCountsTheSameLabels() throws {
    let model = leaningModel()
    var classifier = Classifier(model: model)
    let texts = ["love love love it", "hate hate it", "the store", "great day", "awful train"]
    let predictions = texts.map { classifier.predict($0) }
    let context = try XCTUnwrap(QuantificationContext(model: model))
    let shares = Quantifier.prevalence(
      of: predictions.map(\.probabilities), method: .count, context: context)
    let counted = Sentiment.allCases.map { label in
      Double(predictions.filter { $0.label == label }.count) / Double(texts.count)
    }
    for c in 0..<3 { XCTAssertEqual(shares[c], counted[c], accuracy: 1e-12) }
    for prediction in predictions {
      XCTAssertEqual(prediction.label, Prediction.argmax(prediction.probabilities))
    }
  }

  /// With the built-in model, every post of the `@Apple` fixture gets the
  /// label its largest printed probability names (the last review found
  /// 18 of 100 that did not).
  func testEveryAppleFixturePostsLabelIsItsLargestProbability() throws {
    let model = try DefaultModel.load()
    var classifier = Classifier(model: model)
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/tweets/at-apple.json")
    var tweets: [Tweet] = []
    try PostFile.forEachRecordedPage(in: Array(try Data(contentsOf: url))) { page, _ in
      tweets += page
    }
    XCTAssertEqual(tweets.count, 100)
    for tweet in tweets {
      let prediction = classifier.predict(tweet.text)
      let top = try XCTUnwrap(prediction.probabilities.max())
      XCTAssertEqual(prediction.probabilities[prediction.label.rawValue], top, tweet.text)
      XCTAssertNotNil(prediction.experts)
    }
  }
}
