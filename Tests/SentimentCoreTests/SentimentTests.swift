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

  func testNegativeScoresMinusOneNeutralZeroPositiveOne() {
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

  // MARK: JSONWriter.perClass

  private func written(_ body: (inout JSONWriter) throws -> Void) rethrows -> String {
    var json = JSONWriter()
    try body(&json)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  func testPerClassWritesAMemberPerClassInOrder() {
    XCTAssertEqual(
      written { $0.perClass { json, label in json.string(label.name.uppercased()) } },
      #"{"negative":"NEGATIVE","neutral":"NEUTRAL","positive":"POSITIVE"}"#)
    XCTAssertEqual(
      written { $0.perClass([3, 0, -2]) }, #"{"negative":3,"neutral":0,"positive":-2}"#)
    XCTAssertEqual(
      written { $0.perClass([0.12346, 1, 2.5], decimals: 4) },
      #"{"negative":0.1235,"neutral":1.0000,"positive":2.5000}"#)
  }

  func testPerClassNestsAndKeepsItsPlaceInAnObject() {
    let confusion = PerClass(
      negative: PerClass(negative: 1, neutral: 2, positive: 3),
      neutral: PerClass(negative: 4, neutral: 5, positive: 6),
      positive: PerClass(negative: 7, neutral: 8, positive: 9))
    let text = written { json in
      json.beginObject()
      json.key("confusion")
      json.perClass { json, actual in json.perClass(confusion[actual]) }
      json.key("rows")
      json.integer(45)
      json.endObject()
    }
    XCTAssertEqual(
      text,
      #"{"confusion":{"negative":{"negative":1,"neutral":2,"positive":3},"#
        + #""neutral":{"negative":4,"neutral":5,"positive":6},"#
        + #""positive":{"negative":7,"neutral":8,"positive":9}},"rows":45}"#)
  }

  func testPerClassPassesOnTheValuesError() {
    struct Stop: Error {}
    var json = JSONWriter()
    XCTAssertThrowsError(
      try json.perClass { _, label in if label == .neutral { throw Stop() } }
    ) { XCTAssertTrue($0 is Stop) }
  }
}
