import Foundation
import XCTest

@testable import SentimentCore
@testable import tweetalyze

final class AnalyzeReportTests: XCTestCase {
  /// Control characters from a tweet (or its id) neither split the TSV
  /// line nor reach the terminal: tab, CR and LF become spaces, the rest is
  /// escaped.
  func testTweetLineEscapesControlCharacters() {
    let tweet = Tweet(
      id: "12\n34", text: "a\tb\r\nc \u{1B}]0;owned\u{7}\u{1B}[2J d\u{9B}e\u{2028}f é 😀")
    let prediction = Prediction(label: .neutral, probabilities: [0.25, 0.5, 0.25])
    var buffer: [UInt8] = []
    AnalyzeReport.tweetLine(tweet, prediction, into: &buffer)
    let line = String(decoding: buffer, as: UTF8.self)
    XCTAssertEqual(line.filter { $0 == "\n" }.count, 1, line)
    XCTAssertTrue(line.hasSuffix("\n"))
    XCTAssertEqual(line.split(separator: "\t", omittingEmptySubsequences: false).count, 5, line)
    XCTAssertFalse(line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, line)
    XCTAssertFalse(line.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x2028 }, line)
    XCTAssertTrue(
      line.hasSuffix(
        "a b  c \\u{1B}]0;owned\\u{7}\\u{1B}[2J d\\u{9B}e\\u{2028}f é 😀\n"), line)
    XCTAssertTrue(line.hasPrefix("12\\n34\t"), line)
  }

  /// The bidirectional controls (U+202E shows the rest of the line
  /// reversed) are escaped in `--tweets` as the other controls are.
  func testTweetLineEscapesBidiControls() {
    let tweet = Tweet(id: "1", text: "a\u{202E}txet\u{202C} \u{2068}b\u{2069}\u{200F}")
    var buffer: [UInt8] = []
    AnalyzeReport.tweetLine(
      tweet, Prediction(label: .neutral, probabilities: [0.25, 0.5, 0.25]), into: &buffer)
    let line = String(decoding: buffer, as: UTF8.self)
    XCTAssertTrue(
      line.hasSuffix("\ta\\u{202E}txet\\u{202C} \\u{2068}b\\u{2069}\\u{200F}\n"), line)
  }

  /// The `--json` summary of three positive, one negative and one neutral
  /// tweet counted as labeled: one line, sorted keys, the optional sections
  /// only when asked.
  func testSummaryJSON() throws {
    let labels: [Sentiment] = [.positive, .positive, .positive, .negative, .neutral]
    let score = SentimentScore(labels: labels)
    let posteriors = labels.map { label in Sentiment.allCases.map { $0 == label ? 1.0 : 0 } }
    let estimate = ScoreEstimate(
      posteriors: posteriors, method: .count,
      context: QuantificationContext(trainingPrevalence: [1, 1, 1], rates: []))
    let band = try XCTUnwrap(estimate.band)
    let bytes = AnalyzeReport.summaryJSON(
      query: "@Acme", score, estimate, band: band, details: false, mentions: nil, trend: nil)
    let line = String(decoding: bytes, as: UTF8.self)
    XCTAssertEqual(
      line,
      #"{"band":"delighted","count":5,"count_score":2,"emoji":"😄","estimate":2.00,"#
        + #""estimator":"count","interval":[-0.98,4.98],"negative":1,"neutral":1,"positive":3,"#
        + #""query":"@Acme","scaled_score":40.00,"score":2}"# + "\n")
    let detailed = AnalyzeReport.summaryJSON(
      query: "@Acme", score, estimate, band: band, details: true,
      mentions: (users: [], hashtags: []), trend: Trend([(date: Date?, label: Sentiment)]()))
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(detailed)) as? [String: Any])
    XCTAssertEqual(
      object.keys.sorted(),
      [
        "band", "count", "count_score", "details", "emoji", "estimate", "estimator", "interval",
        "mentions", "negative", "neutral", "positive", "query", "scaled_score", "score", "trend",
      ])
  }
}
