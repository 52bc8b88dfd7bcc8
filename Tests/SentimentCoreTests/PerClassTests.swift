import XCTest

@testable import SentimentCore

final class PerClassTests: XCTestCase {
  func testSubscriptReadsAndWritesEachClass() {
    var values = PerClass(negative: 1, neutral: 2, positive: 3)
    XCTAssertEqual(Sentiment.allCases.map { values[$0] }, [1, 2, 3])
    values[.neutral] = 20
    values[.positive] += 10
    XCTAssertEqual(values, PerClass(negative: 1, neutral: 20, positive: 13))
  }

  /// `init(_:)` asks for each class's value; `map`, `zip` and `sum` work
  /// class by class and keep the classes apart.
  func testInitMapZipAndSumWorkClassByClass() {
    var asked: [Sentiment] = []
    let names = PerClass { label -> String in
      asked.append(label)
      return label.name
    }
    XCTAssertEqual(asked, [.negative, .neutral, .positive])
    XCTAssertEqual(names, PerClass(negative: "negative", neutral: "neutral", positive: "positive"))
    XCTAssertEqual(names.map(\.count), PerClass(negative: 8, neutral: 7, positive: 8))
    let counts = PerClass(negative: 1, neutral: 20, positive: 300)
    XCTAssertEqual(counts.sum, 321)
    XCTAssertEqual(
      counts.zip(names) { "\($1)=\($0)" },
      PerClass(negative: "negative=1", neutral: "neutral=20", positive: "positive=300"))
    let nested = PerClass { actual in PerClass { (label: Sentiment) in label == actual ? 1 : 0 } }
    XCTAssertEqual(nested.map { $0.sum }.sum, 3)
    XCTAssertEqual(nested[.neutral], PerClass(negative: 0, neutral: 1, positive: 0))
  }

  func testArrayIsInRawValueOrder() {
    let values = PerClass(negative: "n", neutral: "0", positive: "p")
    for label in Sentiment.allCases {
      XCTAssertEqual(values.array[label.rawValue], values[label])
    }
  }

  func testExactlyTakesOneValuePerClassInRawValueOrder() {
    XCTAssertEqual(
      PerClass(exactly: ["n", "0", "p"]), PerClass(negative: "n", neutral: "0", positive: "p"))
    XCTAssertNil(PerClass(exactly: ["n", "0"]))
    XCTAssertNil(PerClass(exactly: ["n", "0", "p", "x"]))
  }

  func testArgmaxSendsTiesWithNeutralToNeutral() {
    XCTAssertEqual(
      Prediction.argmax(PerClass(negative: -1.0, neutral: -2, positive: -3)), .negative)
    XCTAssertEqual(Prediction.argmax(PerClass(negative: -1.0, neutral: -1, positive: -3)), .neutral)
    XCTAssertEqual(
      Prediction.argmax(PerClass(negative: -1.0, neutral: -2, positive: -1)), .negative)
    XCTAssertEqual(Prediction.argmax(PerClass(negative: 0.0, neutral: 0, positive: 0)), .neutral)
    XCTAssertEqual(Prediction.argmax(PerClass(negative: -5.0, neutral: -4, positive: 2)), .positive)
  }
}
