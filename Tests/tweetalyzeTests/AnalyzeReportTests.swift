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
}
