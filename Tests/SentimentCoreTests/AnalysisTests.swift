import Foundation
import XCTest

@testable import SentimentCore

/// `Analysis` computes what `tweetalyze QUERY` used to compute in its own
/// loop: the same predictions, count, estimate, mentions, trend and
/// drivers.
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

  func testTheAnalysisIsTheLoopItReplaces() throws {
    let model = try DefaultModel.load()
    let tweets = tweets()
    let query = try SearchQuery("@Acme")
    var seen: [(String, Prediction)] = []
    let analysis = Analysis(
      tweets, model: model, method: .adjusted, mentions: 3, trend: true, unit: .day,
      drivers: 4, excluding: query
    ) { tweet, prediction in seen.append((tweet.text, prediction)) }
    var classifier = Classifier(model: model)
    let predictions = tweets.map { classifier.predict($0.text) }
    XCTAssertEqual(analysis.predictions, predictions)
    XCTAssertEqual(seen.map(\.0), texts, "each post once, in order")
    XCTAssertEqual(seen.map(\.1), predictions)
    XCTAssertEqual(analysis.labels, LabelCount(labels: predictions.map(\.label)))
    let estimator = { (group: [Prediction]) in
      ScoreEstimate(predictions: group, model: model, method: .adjusted)
    }
    XCTAssertEqual(analysis.estimate, estimator(predictions))
    var tally = MentionTally(excluding: query)
    var drivers = DriverTally(excluding: query)
    for (tweet, prediction) in zip(tweets, predictions) {
      tally.add(tweet.text, prediction)
      drivers.add(tweet.text, label: prediction.label)
    }
    let mentions = try XCTUnwrap(analysis.mentions)
    let expected = tally.top(3, estimate: estimator)
    XCTAssertEqual(mentions.users, expected.users)
    XCTAssertEqual(mentions.hashtags, expected.hashtags)
    XCTAssertFalse(
      mentions.users.contains { $0.name.lowercased().hasSuffix("acme") }, "the query is left out")
    XCTAssertTrue(mentions.users.contains { $0.name.lowercased().hasSuffix("bolt") })
    XCTAssertEqual(analysis.drivers, drivers.top(4))
    let trend = try XCTUnwrap(analysis.trend)
    XCTAssertEqual(
      trend,
      Trend(
        zip(tweets.map(\.createdAt), predictions).map { ($0, $1) }, unit: .day, estimate: estimator)
    )
    XCTAssertEqual(trend.undated, 1)
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
