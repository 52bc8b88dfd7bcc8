import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// What `Analysis` promises: each post classified once and in order, one
/// estimator for the set, the names and the buckets, and only what is asked
/// for computed.
final class AnalysisTests: XCTestCase {
  private let texts = [
    "I love @Acme #phone", "@Acme the worst update ever #phone", "@Acme event on monday",
    "great screen from @Acme", "hate it @Bolt", "love love @Bolt #phone",
  ]

  private func tweets() -> [Tweet] {
    texts.enumerated().map { index, text in
      Tweet(
        id: "\(index)", text: text,
        createdAt: index == 5
          ? nil : Date(timeIntervalSince1970: 1_772_323_200 + 3_600 * 30 * Double(index)))
    }
  }

  /// Each post is classified once, by the model, in order as `each` sees
  /// it, and its label counted.
  func testEachPostIsClassifiedOnceInOrderAndItsLabelCounted() throws {
    let model = try DefaultModel.load()
    var seen: [(String, Prediction)] = []
    let analysis = Analysis(tweets(), model: model, method: .adjusted) { tweet, prediction in
      seen.append((tweet.text, prediction))
    }
    XCTAssertEqual(seen.map(\.0), texts)
    XCTAssertEqual(analysis.predictions, seen.map(\.1))
    XCTAssertEqual(analysis.predictions.last, model.predict(texts[5]))
    XCTAssertEqual(analysis.labels, LabelCount(labels: seen.map(\.1.label)))
    XCTAssertEqual(analysis.labels.count, texts.count)
  }

  /// One estimator scores the whole set, each name mentioned and each
  /// bucket of the trend, on the predictions of the posts concerned; the
  /// query is left out of the names, and a name needs two posts.
  func testOneEstimatorScoresTheSetEachNameAndEachBucket() throws {
    let model = try DefaultModel.load()
    let analysis = Analysis(
      tweets(), model: model, method: .adjusted, mentions: 3, trend: true, unit: .day,
      drivers: 4, excluding: try SearchQuery("@Acme"))
    let predictions = analysis.predictions
    func estimate(_ posts: [Int]) -> ScoreEstimate {
      ScoreEstimate(predictions: posts.map { predictions[$0] }, model: model, method: .adjusted)
    }
    XCTAssertEqual(analysis.estimate, estimate(Array(texts.indices)))

    // @Acme, in four posts, is the query; @Bolt is in posts 4 and 5, #phone
    // in 0, 1 and 5.
    let mentions = try XCTUnwrap(analysis.mentions)
    XCTAssertEqual(mentions.users.map(\.name), ["bolt"])
    XCTAssertEqual(mentions.users.map(\.tweets), [2])
    XCTAssertEqual(mentions.users.first?.estimate, estimate([4, 5]))
    XCTAssertEqual(mentions.hashtags.map(\.name), ["phone"])
    XCTAssertEqual(mentions.hashtags.map(\.tweets), [3])
    XCTAssertEqual(mentions.hashtags.first?.estimate, estimate([0, 1, 5]))

    // Posts 30 hours apart from 2026-03-01 00:00 UTC, on days 0, 1, 2, 3
    // and 5; the last one has no date.
    let trend = try XCTUnwrap(analysis.trend)
    XCTAssertEqual(trend.undated, 1)
    XCTAssertEqual(trend.datedPosts, 5)
    let used = trend.buckets.filter { $0.count > 0 }
    XCTAssertEqual(
      used.map { Int($0.start.timeIntervalSince1970 - 1_772_323_200) / 86_400 }, [0, 1, 2, 3, 5])
    XCTAssertEqual(used.map(\.estimate), (0..<5).map { estimate([$0]) })

    let drivers = try XCTUnwrap(analysis.drivers)
    XCTAssertLessThanOrEqual(drivers.count, 4)
  }

  func testWhatIsNotAskedForIsNotComputed() throws {
    let analysis = Analysis(tweets(), model: try DefaultModel.load(), method: .count)
    XCTAssertNil(analysis.mentions)
    XCTAssertNil(analysis.trend)
    XCTAssertNil(analysis.drivers)
    XCTAssertEqual(analysis.estimate.count, texts.count)
    XCTAssertEqual(analysis.estimate.method, .count)
  }

  /// An error from `each` (stdout gone) ends the analysis at that post.
  func testAnErrorFromEachEndsTheAnalysis() throws {
    struct Stop: Error {}
    var calls = 0
    XCTAssertThrowsError(
      try Analysis(tweets(), model: try DefaultModel.load(), method: .count) { _, _ in
        calls += 1
        if calls == 2 { throw Stop() }
      }
    ) { error in XCTAssertTrue(error is Stop) }
    XCTAssertEqual(calls, 2)
  }
}
