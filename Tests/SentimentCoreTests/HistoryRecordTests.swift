import XCTest

@testable import SentimentCore

final class HistoryRecordTests: XCTestCase {
  static func record(posts: Int = 3) -> HistoryRecord {
    let texts = (0..<posts).map { "the crew was kind on flight \($0), great service today" }
    return HistoryRecord(
      time: Date(timeIntervalSince1970: 1_796_202_000.7), query: "@united \"quoted\"",
      source: "x", model: "fnv:0123456789abcdef",
      labels: LabelCount(positive: posts - 1, negative: 1, neutral: 0), interval: -12...40,
      side: Comparison.Side(
        score: 33, count: posts, labelDoubt: 0.1 + 0.2, words: WordProfile(texts: texts).sketch),
      keys: (0..<posts).map { UInt32($0 * 70_001 % 0x100_0000) })
  }

  /// A line reads back as the record it was written from, to the second.
  func testALineReadsBackAsItsRecord() throws {
    let record = Self.record()
    let line = record.line
    XCTAssertEqual(line.last, 0x0A)
    XCTAssertEqual(line.filter { $0 == 0x0A }.count, 1, "one line")
    let read = try XCTUnwrap(HistoryRecord(line: line.dropLast()))
    XCTAssertEqual(read, record)
    XCTAssertEqual(read.time.timeIntervalSince1970, 1_796_202_000)
    XCTAssertEqual(HistoryRecord.timeText(read.time), "2026-12-02T09:00:00Z")
  }

  /// Whatever part of a line a run killed mid-write leaves is not read as
  /// a record.
  func testNoPrefixOfALineIsARecord() {
    let line = Array(Self.record().line.dropLast())
    for end in 0..<line.count {
      XCTAssertNil(HistoryRecord(line: line[..<end]), "cut at \(end)")
    }
  }

  /// Counts that disagree with the posts are refused.
  func testRefusesCountsThatDisagree() {
    var record = Self.record()
    record.keys.removeLast()
    XCTAssertNil(HistoryRecord(line: record.line.dropLast()))
  }

  /// A 100-post run of tweets fits the budget of a year of hourly runs of
  /// 10 queries in 150 MB: 1,712 bytes a line.
  func testAHundredPostLineFitsTheBudget() {
    // Twelve words a post, most seen once: about 1,000 different words.
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let word = { (number: Int) in
      String([letters[number % 26], letters[number / 26 % 26], letters[number / 676 % 26], "e"])
    }
    let texts = (0..<100).map { index in
      (0..<12).map { position in word(index * 12 + position) }.joined(separator: " ")
    }
    var record = Self.record(posts: 100)
    record.side.words = WordProfile(texts: texts).sketch
    XCTAssertGreaterThan(record.side.words.buckets.count, 600)
    XCTAssertLessThanOrEqual(record.line.count, 150_000_000 / 87_600)
  }

  /// Times are written and read in one fixed UTC form, by hand; other
  /// text, or a day the month lacks, is no time.
  func testTimesReadBackAndOthersAreRefused() {
    for text in [
      "1970-01-01T00:00:00Z", "2000-02-29T12:34:56Z", "2026-12-31T23:59:59Z",
      "2100-03-01T00:00:00Z",
    ] {
      let date = HistoryRecord.date(text)
      XCTAssertNotNil(date, text)
      XCTAssertEqual(date.map(HistoryRecord.timeText), text)
    }
    XCTAssertEqual(HistoryRecord.date("2026-12-02T09:00:00Z")?.timeIntervalSince1970, 1_796_202_000)
    for text in [
      "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-12-02 09:00:00Z",
      "2026-12-02T24:00:00Z", "2026-12-02T09:00:00", "２026-12-02T09:00:00Z",
    ] {
      XCTAssertNil(HistoryRecord.date(text), text)
    }
  }
}
