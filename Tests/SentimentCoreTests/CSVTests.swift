import XCTest

@testable import SentimentCore

/// A record copied out of the reader's callback.
private struct Record: Equatable, CustomStringConvertible {
  var line: Int
  var fields: [String]
  var isBlank = false

  init(_ line: Int, _ fields: [String], blank: Bool = false) {
    self.line = line
    self.fields = fields
    self.isBlank = blank
  }

  var description: String { "\(line): \(fields)\(isBlank ? " (blank)" : "")" }
}

final class CSVTests: XCTestCase {
  private func records(_ bytes: [UInt8], sourceBlock: Int = .max, readerBlock: Int = 1 << 20)
    throws -> [Record]
  {
    var reader = CSVReader(
      source: MemorySource(bytes, blockSize: sourceBlock), blockSize: readerBlock)
    var result: [Record] = []
    try reader.forEachRecord { record in
      result.append(
        Record(
          record.line, (0..<record.count).map { record.string(at: $0) }, blank: record.isBlank))
    }
    return result
  }

  private func records(_ text: String, sourceBlock: Int = .max, readerBlock: Int = 1 << 20)
    throws -> [Record]
  {
    try records(Array(text.utf8), sourceBlock: sourceBlock, readerBlock: readerBlock)
  }

  private func assertError(
    _ text: String, _ expected: CSVError, file: StaticString = #filePath, line: UInt = #line
  ) {
    for sourceBlock in [1, 2, 3, 7, Int.max] {
      XCTAssertThrowsError(
        try records(text, sourceBlock: sourceBlock, readerBlock: 16), file: file, line: line
      ) { error in
        XCTAssertEqual(
          error as? CSVError, expected, "source block \(sourceBlock)", file: file, line: line)
      }
    }
  }

  // MARK: Fields and records

  func testPlainRecords() throws {
    XCTAssertEqual(
      try records("a,b,c\n1,2,3\n"), [Record(1, ["a", "b", "c"]), Record(2, ["1", "2", "3"])])
  }

  /// The parser skips eight bytes at a time while none of them can end or
  /// escape a field: a comma, quote or line break at every position of
  /// fields up to 20 bytes (every place in a chunk and the tail after the
  /// last one) must still be seen.
  func testSeparatorsAtEveryPositionOfTheChunks() throws {
    for length in 1...20 {
      for position in 0..<length {
        let before = String(repeating: "a", count: position)
        let after = String(repeating: "b", count: length - position - 1)
        XCTAssertEqual(
          try records(before + "," + after + "\n"), [Record(1, [before, after])],
          "plain, comma at \(position) of \(length)")
        XCTAssertEqual(
          try records(before + "\n" + after + "\n"),
          [Record(1, [before], blank: before.isEmpty)]
            + [after.isEmpty ? Record(2, [""], blank: true) : Record(2, [after])],
          "plain, line break at \(position) of \(length)")
        XCTAssertEqual(
          try records("\"" + before + "\"\"" + after + "\",x\n"),
          [Record(1, [before + "\"" + after, "x"])],
          "quoted, escaped quote at \(position) of \(length)")
        XCTAssertEqual(
          try records("\"" + before + "\n" + after + "\"\ny\n"),
          [Record(1, [before + "\n" + after]), Record(3, ["y"])],
          "quoted, line break at \(position) of \(length)")
      }
    }
  }

  func testQuotedFieldsWithCommasAndEscapedQuotes() throws {
    XCTAssertEqual(
      try records("\"x, y\",\"say \"\"hi\"\"\",z\n"),
      [Record(1, ["x, y", "say \"hi\"", "z"])])
  }

  func testFieldThatIsOnlyAnEscapedQuote() throws {
    XCTAssertEqual(try records("\"\"\"\"\n"), [Record(1, ["\""])])
    XCTAssertEqual(try records("a,\"\"\"\"\"\"\n"), [Record(1, ["a", "\"\""])])
  }

  func testQuoteInsideAnUnquotedFieldIsKept() throws {
    XCTAssertEqual(try records("ab\"c,d\n"), [Record(1, ["ab\"c", "d"])])
  }

  func testRecordAccessors() throws {
    var reader = CSVReader(source: MemorySource("ab,\"c\"\"d\",\n"))
    var calls = 0
    try reader.forEachRecord { record in
      calls += 1
      XCTAssertEqual(record.count, 3)
      XCTAssertEqual(Array(record[0]), Array("ab".utf8))
      XCTAssertEqual(Array(record[1]), Array("c\"d".utf8))
      XCTAssertEqual(record[2].count, 0)
      XCTAssertFalse(record.isBlank)
      XCTAssertEqual(record.line, 1)
    }
    XCTAssertEqual(calls, 1)
  }

  func testInvalidUTF8IsRepairedByString() throws {
    let result = try records([0x61, 0xFF, 0x2C, 0x62, 0x0A])
    XCTAssertEqual(result, [Record(1, ["a\u{FFFD}", "b"])])
  }

  // MARK: Line breaks

  func testLineBreaksInsideQuotesAndLineNumbersOfFollowingRecords() throws {
    let text = "id,text\n1,\"first\nsecond\nthird\"\n2,after\n3,\"x\"\n"
    XCTAssertEqual(
      try records(text),
      [
        Record(1, ["id", "text"]),
        Record(2, ["1", "first\nsecond\nthird"]),
        Record(5, ["2", "after"]),
        Record(6, ["3", "x"]),
      ])
  }

  func testCRLFInsideQuotesIsKeptAndCountsOneLine() throws {
    let text = "a,\"l1\r\nl2\"\r\nb,c\r\n"
    XCTAssertEqual(try records(text), [Record(1, ["a", "l1\r\nl2"]), Record(3, ["b", "c"])])
  }

  func testLoneCRInsideQuotesCountsAsALineBreak() throws {
    // The reader treats a lone CR as a line break between records (old Mac
    // files), so one inside a quoted field is a line break too.
    let text = "a,\"l1\rl2\"\rb,c\r"
    XCTAssertEqual(try records(text), [Record(1, ["a", "l1\rl2"]), Record(3, ["b", "c"])])
  }

  func testCRLFRecords() throws {
    XCTAssertEqual(
      try records("a,b\r\nc,d\r\n"), [Record(1, ["a", "b"]), Record(2, ["c", "d"])])
  }

  func testLoneCRRecords() throws {
    XCTAssertEqual(
      try records("a,b\rc,d\re"),
      [Record(1, ["a", "b"]), Record(2, ["c", "d"]), Record(3, ["e"])])
  }

  func testMixedLineEndings() throws {
    XCTAssertEqual(
      try records("a\r\nb\nc\rd"),
      [Record(1, ["a"]), Record(2, ["b"]), Record(3, ["c"]), Record(4, ["d"])])
  }

  func testQuotedFieldFollowedByCRLF() throws {
    XCTAssertEqual(
      try records("\"a\"\r\n\"b\"\r\n"), [Record(1, ["a"]), Record(2, ["b"])])
  }

  func testLastRecordWithoutLineBreak() throws {
    XCTAssertEqual(try records("a,b\nc,d"), [Record(1, ["a", "b"]), Record(2, ["c", "d"])])
    XCTAssertEqual(try records("a,\"b\""), [Record(1, ["a", "b"])])
  }

  func testEmptyStreamHasNoRecords() throws {
    XCTAssertEqual(try records(""), [])
  }

  // MARK: Byte order mark

  func testByteOrderMarkIsSkipped() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("class,text\nPos,hi\n".utf8)
    XCTAssertEqual(
      try records(bytes), [Record(1, ["class", "text"]), Record(2, ["Pos", "hi"])])
  }

  func testByteOrderMarkBeforeAQuotedField() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\"a\",b\n".utf8)
    XCTAssertEqual(try records(bytes), [Record(1, ["a", "b"])])
  }

  func testByteOrderMarkIsSkippedWhenTheFirstReadIsShort() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a,b\n".utf8)
    for sourceBlock in [1, 2, 3, 7] {
      XCTAssertEqual(
        try records(bytes, sourceBlock: sourceBlock), [Record(1, ["a", "b"])],
        "source block \(sourceBlock)")
    }
  }

  func testByteOrderMarkAloneIsAnEmptyStream() throws {
    XCTAssertEqual(try records([0xEF, 0xBB, 0xBF]), [])
  }

  func testByteOrderMarkElsewhereIsData() throws {
    let bytes: [UInt8] = Array("a,".utf8) + [0xEF, 0xBB, 0xBF] + Array("b\n".utf8)
    XCTAssertEqual(try records(bytes), [Record(1, ["a", "\u{FEFF}b"])])
  }

  // MARK: Empty fields and blank lines

  func testEmptyFields() throws {
    XCTAssertEqual(try records(",,\n"), [Record(1, ["", "", ""])])
    XCTAssertEqual(try records("a,,b\n"), [Record(1, ["a", "", "b"])])
    XCTAssertEqual(try records("\"\",x\n"), [Record(1, ["", "x"])])
  }

  func testTrailingCommaMakesAnEmptyLastField() throws {
    XCTAssertEqual(
      try records("a,b,\nc,d,"), [Record(1, ["a", "b", ""]), Record(2, ["c", "d", ""])])
  }

  func testBlankLinesAreBlankRecords() throws {
    XCTAssertEqual(
      try records("a\n\nb\r\n\r\nc\n"),
      [
        Record(1, ["a"]), Record(2, [""], blank: true), Record(3, ["b"]),
        Record(4, [""], blank: true), Record(5, ["c"]),
      ])
  }

  func testAFieldOfSpacesOrTwoEmptyFieldsIsNotBlank() throws {
    XCTAssertEqual(try records(" \n,\n"), [Record(1, [" "]), Record(2, ["", ""])])
  }

  // MARK: Errors

  func testUnterminatedQuoteNamesTheLineWhereTheFieldStarts() {
    assertError("a,b\nc,\"open\nmore\n", .unterminatedQuote(line: 2))
    assertError("\"", .unterminatedQuote(line: 1))
    assertError("x\n\"a\nb\"\ny,\"z", .unterminatedQuote(line: 4))
  }

  func testTextAfterAClosingQuote() {
    assertError("\"ab\"c,d\n", .characterAfterQuote(line: 1))
    assertError("x\n\"a\nb\"z\n", .characterAfterQuote(line: 3))
    assertError("a,\"b\" ,c\n", .characterAfterQuote(line: 1))
  }

  func testNULByte() {
    assertError("a,b\nc\u{0}d\n", .nulByte(line: 2))
    assertError("a\n\"x\ny\u{0}\"\n", .nulByte(line: 3))
  }

  func testRecordsBeforeAnErrorAreDelivered() {
    var reader = CSVReader(source: MemorySource("a\nb\n\"c\n"))
    var seen: [String] = []
    XCTAssertThrowsError(try reader.forEachRecord { seen.append($0.string(at: 0)) }) {
      XCTAssertEqual($0 as? CSVError, .unterminatedQuote(line: 3))
    }
    XCTAssertEqual(seen, ["a", "b"])
  }

  // MARK: Blocks

  /// Everything above in one stream (without a byte order mark, which has a
  /// test of its own).
  private let mixed =
    "class,text\r\n"
    + "Pos,\"multi\nline \"\"quoted\"\" text, with comma\"\r\n"
    + "\r\n"
    + "Neg,plain text\n"
    + ",\n"
    + "\"\",\"\"\r"
    + "Neutral,\"crlf\r\ninside\",\n"
    + "last,\"" + String(repeating: "long ", count: 40) + "\""

  private let mixedExpected = [
    Record(1, ["class", "text"]),
    Record(2, ["Pos", "multi\nline \"quoted\" text, with comma"]),
    Record(4, [""], blank: true),
    Record(5, ["Neg", "plain text"]),
    Record(6, ["", ""]),
    Record(7, ["", ""]),
    Record(8, ["Neutral", "crlf\r\ninside", ""]),
    Record(10, ["last", String(repeating: "long ", count: 40)]),
  ]

  func testOneBigBlockGivesTheExpectedRecords() throws {
    XCTAssertEqual(try records(mixed), mixedExpected)
  }

  func testTinyBlocksGiveTheSameRecordsAsOneBigBlock() throws {
    for sourceBlock in [1, 2, 3, 7] {
      for readerBlock in [1, 16, 64] {
        XCTAssertEqual(
          try records(mixed, sourceBlock: sourceBlock, readerBlock: readerBlock), mixedExpected,
          "source block \(sourceBlock), reader block \(readerBlock)")
      }
    }
  }

  func testTinyBlocksWithAByteOrderMark() throws {
    let bytes = [0xEF, 0xBB, 0xBF] + Array(mixed.utf8)
    let big = try records(bytes)
    XCTAssertEqual(big, mixedExpected)
    for sourceBlock in [1, 2, 3, 7] {
      XCTAssertEqual(
        try records(bytes, sourceBlock: sourceBlock, readerBlock: 16), big,
        "source block \(sourceBlock)")
    }
  }

  func testEveryPrefixSplitGivesTheSameRecords() throws {
    // A source whose first block ends at every possible offset, then 1 byte at a time.
    let bytes = Array(mixed.utf8)
    for sourceBlock in 1...bytes.count where sourceBlock % 5 == 0 || sourceBlock < 20 {
      XCTAssertEqual(
        try records(bytes, sourceBlock: sourceBlock, readerBlock: 16), mixedExpected,
        "source block \(sourceBlock)")
    }
  }

  func testFieldsKeptPastTheCallStayIntact() throws {
    var reader = CSVReader(
      source: MemorySource("a,\"b\"\"c\"\nd,e\n", blockSize: 3), blockSize: 4)
    var kept: [ArraySlice<UInt8>] = []
    try reader.forEachRecord { record in
      for index in 0..<record.count { kept.append(record[index]) }
    }
    XCTAssertEqual(kept.map { String(decoding: $0, as: UTF8.self) }, ["a", "b\"c", "d", "e"])
  }

  /// A record longer than the cap is an error naming its line, whatever
  /// the reads and blocks: one read, 1-byte reads, small blocks. A record
  /// of exactly the cap (bytes as read, line break included) is fine.
  func testRecordCapIsTheSameForEveryReadSize() throws {
    let text = "a,b\n\"0123456\"\nxx,\"y\ny\"\n" + "\"" + String(repeating: "z", count: 20)
    for (sourceBlock, readerBlock) in [(Int.max, 1 << 20), (1, 4), (3, 2), (7, 16)] {
      var reader = CSVReader(
        source: MemorySource(text, blockSize: sourceBlock), blockSize: readerBlock,
        maximumRecordBytes: 10)
      var lines: [Int] = []
      XCTAssertThrowsError(try reader.forEachRecord { lines.append($0.line) }) {
        XCTAssertEqual($0 as? CSVError, .recordTooLong(line: 5, limit: 10), "\(sourceBlock)")
      }
      XCTAssertEqual(lines, [1, 2, 3], "\(sourceBlock)")
      var longer = CSVReader(
        source: MemorySource("a,b\n\"01234567\"\n", blockSize: sourceBlock),
        blockSize: readerBlock, maximumRecordBytes: 10)
      XCTAssertThrowsError(try longer.forEachRecord { _ in }) {
        XCTAssertEqual($0 as? CSVError, .recordTooLong(line: 2, limit: 10), "\(sourceBlock)")
      }
    }
    XCTAssertEqual(
      CSVError.recordTooLong(line: 4, limit: 1 << 20).localizedDescription,
      "line 4: a record longer than 1 MiB, more than any text to train on; check for a quote "
        + "that is never closed, or that this is a CSV file")
  }
}
