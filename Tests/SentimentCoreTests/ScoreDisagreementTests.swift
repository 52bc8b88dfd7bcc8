import XCTest

@testable import SentimentCore

/// The score of a set when the two experts of a model with the lexicon
/// reader part ways: the interval widens by their disagreement and a domain
/// margin and leans away from 0, the estimate stays the labels' count
/// (`docs/score.md`).
final class ScoreDisagreementTests: XCTestCase {
  let context = QuantificationContext(
    trainingPrevalence: [0.3, 0.4, 0.3],
    rates: [[0.6, 0.3, 0.1], [0.2, 0.6, 0.2], [0.1, 0.3, 0.6]], equalPriors: true)

  /// 100 posts, each sure of its label: 40 positive, 20 negative, 40
  /// neutral.
  var posteriors: [PerClass<Double>] {
    (0..<100).map { index in
      index < 40 ? [0.02, 0.03, 0.95] : index < 60 ? [0.95, 0.03, 0.02] : [0.02, 0.96, 0.02]
    }
  }

  func votes(naiveBayes: Int, reader: Int) -> [ExpertVotes] {
    // `naiveBayes` and `reader`: how many of the 100 each labels positive,
    // the rest neutral.
    (0..<100).map { index in
      ExpertVotes(
        naiveBayes: index < naiveBayes ? .positive : .neutral,
        reader: index < reader ? .positive : .neutral)
    }
  }

  func testTheIntervalWidensByHalfTheExpertsRangeAndTheDomainMargin() throws {
    let plain = ScoreEstimate(posteriors: posteriors, method: .count, context: context)
    let agreeing = ScoreEstimate(
      posteriors: posteriors, votes: votes(naiveBayes: 20, reader: 20), method: .count,
      context: context)
    let parting = ScoreEstimate(
      posteriors: posteriors, votes: votes(naiveBayes: 0, reader: 60), method: .count,
      context: context)
    // The estimate is the labels' count whatever the experts say.
    for estimate in [plain, agreeing, parting] {
      XCTAssertEqual(estimate.value, 20, accuracy: 1e-9)
      XCTAssertEqual(estimate.labels.value, 20)
    }
    XCTAssertNil(plain.experts)
    XCTAssertEqual(parting.experts, ExpertScores(votes: votes(naiveBayes: 0, reader: 60)))
    XCTAssertEqual(parting.experts?.naiveBayes, 0)
    XCTAssertEqual(parting.experts?.reader, 60)
    // σ² gains (0.5 h)² + (17.5 per 100 posts)², h half the range of the
    // estimate and the two experts' counts, and the centre leans away from
    // 0: the estimate times the domain slope.
    func halfWidth(_ estimate: ScoreEstimate) -> Double {
      (estimate.interval.upperBound - estimate.interval.lowerBound) / 2
    }
    func centre(_ estimate: ScoreEstimate) -> Double {
      (estimate.interval.upperBound + estimate.interval.lowerBound) / 2
    }
    XCTAssertEqual(centre(plain), 20, accuracy: 1e-9, "no experts: no lean")
    XCTAssertEqual(plain.doubt.lean, 0)
    let slope = ScoreEstimate.domainSlope
    XCTAssertGreaterThan(slope, 1)
    for estimate in [agreeing, parting] {
      XCTAssertEqual(estimate.doubt.lean, 20 * (slope - 1), accuracy: 1e-9)
      XCTAssertEqual(centre(estimate), 20 * slope, accuracy: 1e-9)
      XCTAssertTrue(estimate.interval.contains(estimate.value))
    }
    let base = halfWidth(plain) / ScoreEstimate.z
    let floor = ScoreEstimate.domainFloor
    XCTAssertEqual(
      halfWidth(agreeing) / ScoreEstimate.z, (base * base + floor * floor).squareRoot(),
      accuracy: 1e-9, "the experts agree with the estimate: the margin alone")
    let h = (60.0 - 0) / 2
    let weight = ScoreEstimate.disagreementWeight
    XCTAssertEqual(
      halfWidth(parting) / ScoreEstimate.z,
      (base * base + floor * floor + weight * weight * h * h).squareRoot(), accuracy: 1e-9)
    XCTAssertGreaterThan(halfWidth(parting), halfWidth(agreeing))
  }

  /// Near the end of the scale the centre stops at what the set can score,
  /// so the interval keeps its width on the inner side instead of
  /// collapsing onto the estimate; and where the lean outgrows the margin,
  /// the near end stops at the estimate, which the interval always holds.
  func testTheLeanStaysWithinTheScaleAndTheIntervalHoldsTheEstimate() {
    let sure = [PerClass<Double>](repeating: [0.02, 0.03, 0.95], count: 100)
    let allPositive = (0..<100).map { _ in ExpertVotes(naiveBayes: .positive, reader: .positive) }
    let top = ScoreEstimate(
      posteriors: sure, votes: allPositive, method: .count, context: context)
    XCTAssertEqual(top.value, 100, accuracy: 1e-9)
    XCTAssertEqual(top.doubt.lean, 0, accuracy: 1e-9, "the centre cannot pass 100 of 100")
    XCTAssertEqual(top.interval.upperBound, 100)
    XCTAssertLessThan(top.interval.lowerBound, 75, "the inner side keeps the domain margin")
    // A lean larger than the margin: the interval runs from the estimate.
    let leaning = Doubt(sampling: 0, labels: 0, domain: 1, lean: 10)
    let interval = ScoreEstimate.interval(value: 20, doubt: leaning, count: 100)
    XCTAssertEqual(interval.lowerBound, 20)
    XCTAssertEqual(interval.upperBound, 30 + ScoreEstimate.z, accuracy: 1e-9)
    let negative = ScoreEstimate.interval(
      value: -20, doubt: Doubt(sampling: 0, labels: 0, domain: 1, lean: -10), count: 100)
    XCTAssertEqual(negative.upperBound, -20)
    XCTAssertEqual(negative.lowerBound, -30 - ScoreEstimate.z, accuracy: 1e-9)
  }

  /// A flood of near-identical posts that read neutral scores 0 under the
  /// default estimator: no correction turns them polar.
  func testAFloodOfNeutralPostsScoresZero() {
    let flood = [PerClass<Double>](repeating: [0.2, 0.6, 0.2], count: 10_000)
    let estimate = ScoreEstimate(posteriors: flood, method: .count, context: context)
    XCTAssertEqual(estimate.value, 0)
    XCTAssertEqual(estimate.score, 0)
    XCTAssertTrue(estimate.interval.contains(0))
    XCTAssertEqual(estimate.prevalence, [0, 1, 0])
  }

  /// Each class a quarter of the posts carry keeps its share under the
  /// labels' count: none is driven to 0 %.
  func testEveryLabeledClassKeepsItsShare() {
    let set: [PerClass<Double>] =
      [PerClass<Double>](repeating: [0.5, 0.3, 0.2], count: 25)
      + [PerClass<Double>](repeating: [0.2, 0.5, 0.3], count: 25)
      + [PerClass<Double>](repeating: [0.2, 0.3, 0.5], count: 50)
    let estimate = ScoreEstimate(posteriors: set, method: .count, context: context)
    XCTAssertEqual(estimate.prevalence, [0.25, 0.25, 0.5])
  }

  /// A model with the reader gives every prediction the experts' votes,
  /// and the main job carries them into the estimate.
  func testTheBuiltInModelsPredictionsCarryTheExperts() throws {
    let model = try DefaultModel.load()
    var classifier = Classifier(model: model)
    let prediction = classifier.predict(
      "Kudos to the repair team, my battery was swapped in 20 minutes!")
    XCTAssertEqual(prediction.label, .positive)
    XCTAssertEqual(prediction.experts?.reader, .positive)
    let texts = ["love it", "this is awful", "the train leaves at nine"]
    let estimate = ScoreEstimate(texts: texts, model: model)
    XCTAssertEqual(estimate.method, .count)
    XCTAssertNotNil(estimate.experts)
  }
}
