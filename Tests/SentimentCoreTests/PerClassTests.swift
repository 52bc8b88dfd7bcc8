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

  func testArrayIsInRawValueOrder() {
    let values = PerClass(negative: "n", neutral: "0", positive: "p")
    for label in Sentiment.allCases {
      XCTAssertEqual(values.array[label.rawValue], values[label])
    }
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
