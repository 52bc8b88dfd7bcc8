import XCTest

@testable import SentimentCore

final class QuantificationTests: XCTestCase {
  /// A classifier that is right 80 % of the time, its errors going to
  /// neutral, with calibrated probabilities: the shape of the real one.
  let rates: [[Double]] = [[0.7, 0.25, 0.05], [0.1, 0.8, 0.1], [0.05, 0.25, 0.7]]
  /// `rates` as a context holds them.
  var rateRows: PerClass<PerClass<Double>> { PerClass(rates.map { PerClass($0) }) }
  var context: QuantificationContext {
    QuantificationContext(trainingPrevalence: [0.2, 0.6, 0.2], rates: rateRows)
  }

  /// Posteriors whose class means are exactly `rates` for a set of the
  /// given class counts: each text of class `c` gets `rates[c]`.
  func posteriors(_ counts: [Int]) -> [PerClass<Double>] {
    counts.enumerated().flatMap { c, n in
      [PerClass<Double>](repeating: PerClass(rates[c]), count: n)
    }
  }

  func testAdjustedRecoversAShiftedBalance() {
    // Mostly negative: far from the training balance.
    let set = posteriors([60, 30, 10])
    let counted = Quantifier.prevalence(of: set, method: .probabilities, context: context)
    let adjusted = Quantifier.prevalence(of: set, method: .adjusted, context: context)
    for (value, expected) in zip(adjusted, [0.6, 0.3, 0.1]) {
      XCTAssertEqual(value, expected, accuracy: 1e-9)
    }
    // Plain probabilities pull the set toward neutral.
    XCTAssertLessThan(counted[0], 0.5)
    let estimate = ScoreEstimate(posteriors: set, method: .adjusted, context: context)
    XCTAssertEqual(estimate.value, -50, accuracy: 1e-6)
    XCTAssertEqual(estimate.score, -50)
    XCTAssertEqual(estimate.band, .furious)
  }

  func testEqualPriorsDividesByTheTrainingBalance() {
    let equal = Quantifier.equalPriors([0.2, 0.6, 0.2], training: [0.2, 0.6, 0.2])
    for share in equal { XCTAssertEqual(share, 1.0 / 3, accuracy: 1e-12) }
    // 0.1 / 0.25 : 0.5 / 0.5 : 0.4 / 0.25 = 0.4 : 1 : 1.6.
    let shifted = Quantifier.equalPriors([0.1, 0.5, 0.4], training: [0.25, 0.5, 0.25])
    for (share, expected) in zip(shifted, [0.4, 1, 1.6].map { $0 / 3 }) {
      XCTAssertEqual(share, expected, accuracy: 1e-12)
    }
    // A class the training data did not have gets nothing.
    XCTAssertEqual(Quantifier.equalPriors([0.5, 0.5, 0], training: [0, 1, 0]), [0, 1, 0])
  }

  /// The model's rates re-weighted to equal priors, as `train` stores them,
  /// recover a shifted balance exactly, as the plain rates do: the
  /// correction is the same, better conditioned.
  func testAdjustedWithEqualPriorRatesRecoversAShiftedBalance() {
    let training: PerClass<Double> = [0.2, 0.6, 0.2]
    let equalRates = rateRows.map { Quantifier.equalPriors($0, training: training) }
    let equal = QuantificationContext(
      trainingPrevalence: training, rates: equalRates, equalPriors: true)
    for counts in [[60, 30, 10], [5, 90, 5], [10, 10, 80]] {
      let set = posteriors(counts)
      let adjusted = Quantifier.prevalence(of: set, method: .adjusted, context: equal)
      for (value, expected) in zip(adjusted, counts.map { Double($0) / 100 }) {
        XCTAssertEqual(value, expected, accuracy: 1e-9, "\(counts)")
      }
    }
    // The re-weighted rates put more weight on the diagonal for the
    // minority classes, which the neutral-heavy training balance hid.
    XCTAssertGreaterThan(equalRates[0][0], rates[0][0])
    XCTAssertGreaterThan(equalRates[2][2], rates[2][2])
    // Read against the wrong rates (plain rates as if re-weighted), the
    // same set is misread: the flag matters.
    let mixed = QuantificationContext(
      trainingPrevalence: training, rates: rateRows, equalPriors: true)
    let wrong = Quantifier.prevalence(
      of: posteriors([60, 30, 10]), method: .adjusted, context: mixed)
    XCTAssertGreaterThan(abs(wrong[0] - 0.6), 0.05)
  }

  func testCountIsTheLabelsSum() {
    let set = posteriors([60, 30, 10])
    let estimate = ScoreEstimate(posteriors: set, method: .count, context: context)
    XCTAssertEqual(estimate.score, 10 - 60)
    XCTAssertEqual(estimate.prevalence, [0.6, 0.3, 0.1])
  }

  func testEMFindsTheBalanceOfCalibratedPosteriors() {
    // Posteriors calibrated for the training balance, for a set that is
    // all negative: EM moves the priors toward negative.
    let set = [PerClass<Double>](repeating: [0.7, 0.25, 0.05], count: 50)
    let em = Quantifier.prevalence(of: set, method: .em, context: context)
    XCTAssertGreaterThan(em[0], 0.9)
    XCTAssertEqual(em.reduce(0, +), 1, accuracy: 1e-9)
  }

  func testDegenerateSetsGiveFiniteResults() {
    for method in QuantificationMethod.allCases {
      let sets: [[PerClass<Double>]] = [
        [], [[0, 1, 0]], [[1, 0, 0]], [PerClass<Double>](repeating: [0, 0, 1], count: 10_000),
      ]
      for set in sets {
        let shares = Quantifier.prevalence(of: set, method: method, context: context)
        XCTAssertEqual(shares.array.count, 3)
        XCTAssertTrue(shares.allSatisfy { $0.isFinite && $0 >= 0 }, "\(method) \(set.count)")
        XCTAssertEqual(shares.reduce(0, +), 1, accuracy: 1e-9)
        if !set.isEmpty {
          let estimate = ScoreEstimate(posteriors: set, method: method, context: context)
          XCTAssertTrue(
            estimate.interval.lowerBound.isFinite && estimate.interval.upperBound.isFinite)
          XCTAssertLessThanOrEqual(abs(estimate.score), 100)
        }
      }
    }
  }

  /// Simulated sets of 100 tweets at random balances, with posteriors
  /// drawn around the class rates: the 90 % interval holds the estimate's
  /// target (the set's true score) about 90 % of the time.
  func testIntervalCoverageOnSimulatedSets() {
    let training: PerClass<Double> = [0.2, 0.6, 0.2]
    let equal = QuantificationContext(
      trainingPrevalence: training,
      rates: rateRows.map { Quantifier.equalPriors($0, training: training) },
      equalPriors: true)
    for (name, context) in [("classic", context), ("equal priors", equal)] {
      let coverage = coverageOnSimulatedSets(context)
      XCTAssertGreaterThan(coverage, 0.85, "\(name): coverage \(coverage)")
      XCTAssertLessThanOrEqual(coverage, 1)
    }
  }

  /// The share of 100 simulated sets whose true score `context`'s interval holds.
  private func coverageOnSimulatedSets(_ context: QuantificationContext) -> Double {
    var generator = SeededGenerator(seed: 3)
    func uniform() -> Double { Double(generator.next(below: 1 << 30)) / Double(1 << 30) }
    var covered = 0
    let trials = 100
    for _ in 0..<trials {
      let shares = [uniform(), uniform(), uniform()]
      let total = shares.reduce(0, +)
      var set: [PerClass<Double>] = []
      var score = 0
      for _ in 0..<100 {
        let u = uniform() * total
        let label = u < shares[0] ? 0 : u < shares[0] + shares[1] ? 1 : 2
        score += label == 2 ? 1 : label == 0 ? -1 : 0
        // A noisy posterior whose mean over texts of the class is its rates row.
        let noise = (uniform() - 0.5) * 0.2
        var row = rates[label]
        row[label] += noise
        let sum = row.reduce(0, +)
        set.append(PerClass(row.map { max(0, $0) / sum }))
      }
      let estimate = ScoreEstimate(posteriors: set, method: .adjusted, context: context)
      if estimate.interval.contains(Double(score)) { covered += 1 }
    }
    return Double(covered) / Double(trials)
  }

  func testSmallSetsAreNotCertain() {
    // Five tweets, three of them negative-looking: the interval reaches
    // more than one band.
    let set: [PerClass<Double>] = [
      [0.6, 0.3, 0.1], [0.6, 0.3, 0.1], [0.6, 0.3, 0.1], [0.2, 0.6, 0.2], [0.1, 0.3, 0.6],
    ]
    let estimate = ScoreEstimate(posteriors: set, method: .adjusted, context: context)
    XCTAssertGreaterThan(estimate.bands.count, 1)
  }
}
