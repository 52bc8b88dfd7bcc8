import XCTest

@testable import SentimentCore

final class SentimentTests: XCTestCase {
  func testRawValuesAreAlphabeticalIndexes() {
    XCTAssertEqual(Sentiment.negative.rawValue, 0)
    XCTAssertEqual(Sentiment.neutral.rawValue, 1)
    XCTAssertEqual(Sentiment.positive.rawValue, 2)
    XCTAssertEqual(Sentiment.count, 3)
    XCTAssertEqual(Sentiment.allCases, [.negative, .neutral, .positive])
  }

  func testNamesAreAlphabetical() {
    let names = Sentiment.allCases.map(\.name)
    XCTAssertEqual(names, ["negative", "neutral", "positive"])
    XCTAssertEqual(names, names.sorted())
  }

  func testScores() {
    XCTAssertEqual(Sentiment.negative.score, -1)
    XCTAssertEqual(Sentiment.neutral.score, 0)
    XCTAssertEqual(Sentiment.positive.score, 1)
  }

  func testOrderFollowsTheIndexes() {
    XCTAssertLessThan(Sentiment.negative, Sentiment.neutral)
    XCTAssertLessThan(Sentiment.neutral, Sentiment.positive)
    XCTAssertFalse(Sentiment.positive < Sentiment.negative)
    XCTAssertEqual(
      [Sentiment.positive, .negative, .neutral].sorted(), [.negative, .neutral, .positive])
  }

  func testLabels() {
    let cases: [(String, Sentiment?)] = [
      ("Pos", .positive), ("pos", .positive), ("POS", .positive), ("positive", .positive),
      ("Positive", .positive), (" Pos", .positive), ("\tpositive\r\n", .positive),
      ("Neg", .negative), ("neg", .negative), ("negative", .negative), ("NEGATIVE ", .negative),
      ("Neutral", .neutral), ("neutral", .neutral), ("neu", .neutral), ("  NEUTRAL\t", .neutral),
      ("irrelevant", nil), ("", nil), ("   ", nil), ("posi", nil), ("po s", nil), ("+", nil),
      ("1", nil), ("positive!", nil), ("négative", nil),
    ]
    for (label, expected) in cases {
      XCTAssertEqual(Sentiment(label: label), expected, "'\(label)'")
    }
  }

  func testLabelFromASubstring() {
    let line = "x,Neg,y"
    let parts = line.split(separator: ",")
    XCTAssertEqual(Sentiment(label: parts[1]), .negative)
  }
}
