import XCTest

@testable import SentimentCore
@testable import tweetalyze

/// `classify`'s printers (`Output/ClassifyOutput.swift`), in memory.
final class ClassifyOutputTests: XCTestCase {
  let prediction = Prediction(
    label: .positive, probabilities: PerClass(negative: 0.1, neutral: 0.25, positive: 0.65))

  func text(_ fill: (inout [UInt8]) -> Void) -> String {
    var buffer: [UInt8] = []
    fill(&buffer)
    return String(decoding: buffer, as: UTF8.self)
  }

  /// A line is the label, a tab and the probability, marked doubtful under
  /// 0.5 as printed: 0.49995 prints 0.5000 and is not marked.
  func testALineIsTheLabelAndItsProbabilityMarkedWhenDoubtful() {
    XCTAssertEqual(text { ClassifyOutput.write(.positive, 0.65, into: &$0) }, "positive\t0.6500\n")
    XCTAssertEqual(
      text { ClassifyOutput.write(.negative, 0.4, into: &$0) }, "negative\t0.4000\tdoubtful\n")
    XCTAssertEqual(
      text { ClassifyOutput.write(.neutral, 0.49995, into: &$0) }, "neutral\t0.5000\n")
  }

  /// The JSON object has the compound, the label and the probabilities,
  /// sorted, 4 decimals.
  func testTheJSONObjectHasSortedKeys() {
    XCTAssertEqual(
      text { ClassifyOutput.formatJSON(prediction, compound: -0.25, into: &$0) },
      #"{"compound":-0.2500,"label":"positive","probabilities":"#
        + #"{"negative":0.1000,"neutral":0.2500,"positive":0.6500}}"# + "\n")
  }

  /// A CSV row puts the text, quoted as needed, between the label's
  /// probability and the three probabilities; the header names each column.
  func testTheCSVRowMatchesItsHeader() {
    let bytes = Array("a, \"quoted\" text".utf8)
    let row = ClassifyOutput.csvRow(prediction, compound: 0.5, text: bytes.span)
    XCTAssertEqual(row, "positive,0.6500,\"a, \"\"quoted\"\" text\",0.1000,0.2500,0.6500,0.5000\n")
    XCTAssertEqual(
      ClassifyOutput.csvHeader, "label,probability,text,negative,neutral,positive,compound\n")
  }

  /// `--csv-column`: a JSON object with the id when there is one and the
  /// row number; with `--csv`, the fields as read and four columns more.
  func testCSVColumnRowsKeepTheirIdAndFields() {
    XCTAssertEqual(
      text { ClassifyOutput.appendCSVColumnJSON(id: "7", row: 2, prediction, into: &$0) },
      #"{"id":"7","label":"positive","probabilities":"#
        + #"{"negative":0.1000,"neutral":0.2500,"positive":0.6500},"row":2}"# + "\n")
    XCTAssertFalse(
      text { ClassifyOutput.appendCSVColumnJSON(id: nil, row: 1, prediction, into: &$0) }
        .contains("\"id\""))
    XCTAssertEqual(
      text { ClassifyOutput.appendCSVColumnRow(["7", "so, good"], prediction, into: &$0) },
      "7,\"so, good\",positive,0.1000,0.2500,0.6500\n")
    XCTAssertEqual(
      ClassifyOutput.csvColumnHeader(["id", "text"]), "id,text,label,negative,neutral,positive\n")
  }

  /// An archived tweet's object has its author and date only when known.
  func testAnArchivedTweetHasItsAuthorAndDateWhenKnown() {
    let full = ArchivedTweet(id: "1", text: "hi", createdAt: "2026-01-02", authorID: "9")
    XCTAssertEqual(
      text { ClassifyOutput.formatTweet(full, prediction, into: &$0) },
      #"{"author_id":"9","created_at":"2026-01-02","id":"1","label":"positive","#
        + #""probabilities":{"negative":0.1000,"neutral":0.2500,"positive":0.6500}}"# + "\n")
    XCTAssertTrue(
      text { ClassifyOutput.formatTweet(ArchivedTweet(id: "1", text: "hi"), prediction, into: &$0) }
        .hasPrefix(#"{"id":"1","label""#))
  }
}
