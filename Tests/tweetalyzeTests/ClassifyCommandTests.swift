import SentimentCore
import XCTest

@testable import tweetalyze

/// The lines `classify` writes (`ClassifyCommand.swift`).
final class ClassifyCommandTests: XCTestCase {
  func testClassifyLines() {
    let cases: [(Sentiment, Double, String)] = [
      (.positive, 0.81249, "positive\t0.8125\n"), (.negative, 1, "negative\t1.0000\n"),
      (.neutral, 0.33333, "neutral\t0.3333\n"),
    ]
    for (label, confidence, expected) in cases {
      var line = Array("before ".utf8)
      Context.write(label, confidence, into: &line)
      XCTAssertEqual(String(decoding: line, as: UTF8.self), "before " + expected)
    }
  }
}
