import Foundation
import TestSupport
import XCTest

@testable import SentimentCore
@testable import tweetalyze

/// `explain`'s printers (`Output/ExplainReport.swift`), in memory.
final class ExplainReportTests: XCTestCase {
  /// The table has a row per feature and the prior, score, experts'
  /// parts and probability rows, each with three aligned numbers that are
  /// the explanation's own, and the reader line says which way it pushes.
  func testTheTableRowsAreTheExplanationsNumbers() throws {
    let model = try DefaultModel.load()
    let explanation = Explanation(text: "I love this phone, the battery is great", model: model)
    let text = ExplainReport.text(explanation, style: .plain)
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "text: I love this phone, the battery is great")
    XCTAssertTrue(lines[1].hasPrefix("label: positive "), lines[1])
    let header = try XCTUnwrap(lines.first { $0.hasPrefix("feature") })
    XCTAssertTrue(header.hasSuffix("negative   neutral  positive  leans"), header)
    let row = { (name: String) throws -> [String] in
      let line = try XCTUnwrap(lines.first { $0.hasPrefix(name + " ") }, name)
      return Array(line.dropFirst(name.count).split(separator: " ").map(String.init).prefix(3))
    }
    let expected = { (values: PerClass<Double>) in
      Sentiment.allCases.map { FixedDecimal.string(values[$0], decimals: 4) }
    }
    XCTAssertEqual(try row("prior"), expected(explanation.logPriors))
    XCTAssertEqual(try row("score"), expected(explanation.scores))
    XCTAssertEqual(try row("probability"), expected(explanation.prediction.probabilities))
    XCTAssertEqual(try row("reader"), expected(explanation.readerPart))
    let love = try XCTUnwrap(explanation.features.first { $0.feature == "love" })
    XCTAssertEqual(try row("love"), expected(love.weights))
    let reader = try XCTUnwrap(lines.first { $0.hasPrefix("reader: reads it positive") })
    XCTAssertTrue(reader.contains("toward positive"), reader)
    XCTAssertFalse(text.contains("\u{1B}["), "no colour in plain style")
  }

  /// The reader's push names the class it adds to, or says there is none.
  func testThePushNamesTheClassOrNone() {
    XCTAssertEqual(
      ExplainReport.push(PerClass(negative: 0, neutral: 0, positive: 1.234)),
      "+1.23 toward positive")
    XCTAssertEqual(ExplainReport.push(PerClass(negative: 0, neutral: 0, positive: 0)), "no push")
  }

  /// Control characters from the text are escaped in the table, and the
  /// JSON line is one line of sorted keys that holds the text as given.
  func testTextFromOutsideIsEscapedAndTheJSONIsOneLine() throws {
    let model = try DefaultModel.load()
    let explanation = Explanation(text: "bad\u{1B}[2J\nnews", model: model)
    let text = ExplainReport.text(explanation, style: .plain)
    XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B }, text)
    let json = ExplainReport.json(explanation)
    XCTAssertEqual(json.last, 0x0A)
    XCTAssertEqual(json.filter { $0 == 0x0A }.count, 1)
    XCTAssertTrue(JSONText.keysAreSorted(json))
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    XCTAssertEqual(object["text"] as? String, "bad\u{1B}[2J\nnews")
    XCTAssertEqual(object["label"] as? String, explanation.prediction.label.name)
    let reader = try XCTUnwrap(object["reader"] as? [String: Any])
    XCTAssertEqual(reader["label"] as? String, explanation.reading?.label.name)
  }
}
