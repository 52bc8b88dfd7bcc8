import XCTest

@testable import SentimentCore

final class CalibrationTests: XCTestCase {
  func testProbabilitiesAreTheScaledSoftmax() {
    let calibration = Calibration(temperature: 4, biases: [0, 0.8, -0.2])
    let p = calibration.probabilities([-20, -24, -21])
    let logits = [0.0, -1 + 0.8, -0.25 - 0.2]
    let total = logits.map(exp).reduce(0, +)
    for c in 0..<3 { XCTAssertEqual(p[c], exp(logits[c]) / total, accuracy: 1e-12) }
    for (value, expected) in zip(
      Calibration.identity.probabilities([0, log(3), 0]).array, [0.2, 0.6, 0.2])
    {
      XCTAssertEqual(value, expected, accuracy: 1e-12)
    }
  }

  /// The one softmax gives the bits of the array formula it replaced:
  /// logits from the largest score, then `exp` and a sum in class order.
  func testTheSoftmaxGivesTheBitsOfThePlainArrayFormula() {
    var generator = SeededGenerator(seed: 2)
    let calibration = Calibration(temperature: 5.07, biases: [0, 0.72, -0.11])
    for _ in 0..<10_000 {
      let s = (0..<3).map { _ in -Double(generator.next(below: 100_000)) / 997 }
      let top = s.max() ?? 0
      let logits = s.indices.map {
        (s[$0] - top) / calibration.temperature + calibration.biases[$0]
      }
      let high = logits.max() ?? 0
      let exps = logits.map { exp($0 - high) }
      let sum = exps.reduce(0, +)
      let plain = exps.map { $0 / sum }
      let perClass = calibration.probabilities(
        PerClass(negative: s[0], neutral: s[1], positive: s[2]))
      XCTAssertEqual(perClass.array, plain)
    }
  }

  /// Logits that are not finite (reader weights of ±1e308 times a
  /// reading) give shares that sum to 1 and are never NaN: the softmax gave
  /// a third to each class at +∞ (shares summing to 1/3 or 2/3), and
  /// +∞ − ∞ gave NaN, which `classify --json` wrote as a bare `nan`.
  func testLogitsThatAreNotFiniteGiveSharesSummingToOne() {
    let zeros = SIMD2<Double>.zero
    let reading = ReaderScores(
      compound: 0.9, positive: 0.8, negative: 0.1, positiveSum: 5, negativeSum: 1, exclamations: 2)
    let alternating = SIMD2(1e308, -1e308)
    for weights: PerClass<SIMD2<Double>> in [
      [SIMD2(repeating: 1e308), zeros, SIMD2(repeating: -1e308)],
      [alternating, zeros, alternating],
      [SIMD2(repeating: 1e308), zeros, SIMD2(repeating: 1e308)],
    ] {
      let p = Calibration(temperature: 1, readerWeights: weights)
        .probabilities([0, -1, -2], reader: reading).array
      XCTAssertFalse(p.contains(where: \.isNaN), "\(weights): \(p)")
      XCTAssertEqual(p.reduce(0, +), 1, accuracy: 1e-12, "\(weights): \(p)")
    }
    let cases: [([Double], [Double])] = [
      ([.infinity, 0, -.infinity], [1, 0, 0]),
      ([.infinity, .infinity, 0], [0.5, 0.5, 0]),
      ([.nan, 0, -.infinity], [0, 1, 0]),
      ([.infinity, .nan, 1], [1, 0, 0]),
      ([.nan, .nan, .nan], [1.0 / 3, 1.0 / 3, 1.0 / 3]),
      ([-.infinity, -.infinity, -.infinity], [1.0 / 3, 1.0 / 3, 1.0 / 3]),
    ]
    for (logits, expected) in cases {
      XCTAssertEqual(Calibration.softmax(PerClass(logits)).array, expected, "\(logits)")
    }
  }

  func testHugeScoresDoNotOverflow() {
    let p = Calibration(temperature: 0.5).probabilities([-1e6, -2e6, 0])
    XCTAssertEqual(p.array.reduce(0, +), 1, accuracy: 1e-12)
    XCTAssertEqual(p.positive, 1, accuracy: 1e-12)
  }

  /// Scores drawn from a model that is sure of itself: the fit recovers
  /// the temperature and biases that generated the labels.
  func testFitRecoversAKnownCalibration() {
    let truth = Calibration(temperature: 5, biases: [0, 0.7, -0.3])
    var generator = SeededGenerator(seed: 11)
    var scores: [[Double]] = []
    var labels: [Sentiment] = []
    for _ in 0..<20_000 {
      let row = (0..<3).map { _ in -Double(generator.next(below: 4000)) / 100 }
      let p = truth.probabilities(PerClass(row))
      let u = Double(generator.next(below: 1_000_000)) / 1_000_000
      let label: Sentiment = u < p[0] ? .negative : u < p[0] + p[1] ? .neutral : .positive
      scores.append(row)
      labels.append(label)
    }
    // Fitted at equal class weights, then moved to the data's own balance:
    // the biases that generated the labels come back.
    let shares = labels.reduce(into: PerClass { _ in 0.0 }) { $0[$1] += 1 }.shares
    let fitted = CalibrationFit.fit(
      scores: scores.map(PerClass.init), labels: labels, prior: shares)
    XCTAssertEqual(fitted.temperature, 5, accuracy: 0.4)
    XCTAssertEqual(fitted.biases[1], 0.7, accuracy: 0.1)
    XCTAssertEqual(fitted.biases[2], -0.3, accuracy: 0.1)
    XCTAssertEqual(fitted.prior, shares)
    // At the default balance the biases move by the log ratio of the priors.
    let balanced = CalibrationFit.fit(scores: scores.map(PerClass.init), labels: labels)
    XCTAssertEqual(balanced.temperature, fitted.temperature, accuracy: 1e-9)
    for c in 1..<3 {
      XCTAssertEqual(
        balanced.biases[c] - fitted.biases[c],
        log(CalibrationFit.labelPrior[c] / CalibrationFit.labelPrior[0])
          - log(shares[c] / shares[0]),
        accuracy: 1e-6)
    }
    let problem = CalibrationFit.Problem(
      scores: scores.map(PerClass.init), labels: labels, readings: nil)
    let weighted =
      [1 / fitted.temperature] + (1..<3).map { fitted.biases[$0] - log(shares[$0] / shares[0]) }
    XCTAssertLessThan(problem.loss(weighted), problem.loss([1, 0, 0]))
  }

  /// The Newton step's gradient and Hessian are the loss's: each agrees
  /// with central differences, with reader features (some rows leaning
  /// each way, some not at all) and with a weight held at 0, so the
  /// sparse Jacobian entries the sums run over are the right ones.
  func testTheDerivativesAreTheLossesDerivatives() {
    var generator = SeededGenerator(seed: 7)
    func uniform() -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
    var scores: [PerClass<Double>] = []
    var labels: [Sentiment] = []
    var readings: [ReaderScores] = []
    for i in 0..<60 {
      scores.append([-4 * uniform(), -4 * uniform(), -4 * uniform()])
      labels.append(Sentiment.allCases[i % 3])
      let compound = i % 4 == 3 ? 0 : 2 * uniform() - 1
      readings.append(
        ReaderScores(
          compound: compound, positive: 0, negative: 0, positiveSum: 3 * uniform(),
          negativeSum: 3 * uniform()))
    }
    var problem = CalibrationFit.Problem(scores: scores, labels: labels, readings: readings)
    XCTAssertEqual(problem.width, 7)
    let point = [1.3, 0.2, -0.4, 0.5, 0.1, 0.7, 0.3]
    for held in [Set<Int>(), [4]] {
      problem.held = held
      let entries = problem.jacobianEntries()
      let (gradient, hessian) = problem.derivatives(point, entries)
      let h = 1e-5
      for a in 0..<problem.width where !held.contains(a) {
        var up = point
        var down = point
        up[a] += h
        down[a] -= h
        XCTAssertEqual(
          gradient[a], (problem.loss(up) - problem.loss(down)) / (2 * h), accuracy: 1e-6,
          "gradient \(a), held \(held)")
        let (gradientUp, _) = problem.derivatives(up, entries)
        let (gradientDown, _) = problem.derivatives(down, entries)
        for b in 0..<problem.width where !held.contains(b) {
          // The ridge and the 1e-9 on the diagonal are in both.
          XCTAssertEqual(
            hessian[b][a], (gradientUp[b] - gradientDown[b]) / (2 * h), accuracy: 1e-5,
            "Hessian \(b), \(a), held \(held)")
        }
      }
      for a in held {
        XCTAssertEqual(gradient[a], 0)
        XCTAssertEqual(hessian[a], (0..<problem.width).map { $0 == a ? 1 : 0 })
      }
    }
  }

  func testNothingToFitIsTheIdentity() {
    XCTAssertEqual(CalibrationFit.fit(scores: [], labels: []), .identity)
    XCTAssertEqual(
      CalibrationFit.fit(scores: [[0, 1, 2], [2, 1, 0]], labels: [.neutral, .neutral]), .identity)
  }

  func testSolve() throws {
    let x = try XCTUnwrap(CalibrationFit.solve([[2, 1, 0], [1, 3, 1], [0, 1, 4]], [3, 5, 5]))
    for (value, expected) in zip(x, [1.0, 1, 1]) {
      XCTAssertEqual(value, expected, accuracy: 1e-12)
    }
    XCTAssertNil(CalibrationFit.solve([[1, 2, 3], [2, 4, 6], [0, 0, 1]], [1, 2, 3]))
  }
}
