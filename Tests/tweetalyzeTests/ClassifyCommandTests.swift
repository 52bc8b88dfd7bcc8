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
      var line = [UInt8](repeating: 0, count: Context.lineLength)
      let count = line.withUnsafeMutableBufferPointer {
        Context.write(label, confidence, to: $0.baseAddress!)
      }
      XCTAssertEqual(String(decoding: line[..<count], as: UTF8.self), expected)
    }
  }
}
