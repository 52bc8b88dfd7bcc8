import XCTest

@testable import SentimentCore

final class TrainingDataTests: XCTestCase {
  /// The repository's root, found from this file's path.
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // SentimentCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  private func fixture(_ path: String) throws -> [UInt8] {
    let url = Self.repositoryRoot.appendingPathComponent(path)
    return Array(try Data(contentsOf: url))
  }

  private func read(
    _ bytes: [UInt8], columns: TrainingDataColumns = TrainingDataColumns(),
    blockSize: Int = .max
  ) throws -> (summary: TrainingDataSummary, rows: [(Sentiment, String)]) {
    var rows: [(Sentiment, String)] = []
    let summary = try TrainingData.read(
      MemorySource(bytes, blockSize: blockSize), columns: columns
    ) { label, text in
      rows.append((label, String(decoding: text, as: UTF8.self)))
    }
    return (summary, rows)
  }

  private func read(_ text: String, columns: TrainingDataColumns = TrainingDataColumns())
    throws -> (summary: TrainingDataSummary, rows: [(Sentiment, String)])
  {
    try read(Array(text.utf8), columns: columns)
  }

  private func assertError(
    _ bytes: [UInt8], _ expected: TrainingDataError,
    columns: TrainingDataColumns = TrainingDataColumns(), file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertThrowsError(try read(bytes, columns: columns), file: file, line: line) { error in
      XCTAssertEqual(error as? TrainingDataError, expected, file: file, line: line)
      let description = (error as? TrainingDataError)?.errorDescription ?? ""
      XCTAssertFalse(description.isEmpty, file: file, line: line)
    }
  }

  private func assertError(
    _ text: String, _ expected: TrainingDataError,
    columns: TrainingDataColumns = TrainingDataColumns(), file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertError(Array(text.utf8), expected, columns: columns, file: file, line: line)
  }

  // MARK: Layout

  func testClassTextLayout() throws {
    let (summary, rows) = try read("class,text\nPos,great day\nNeg,awful day\nNeutral,a day\n")
    XCTAssertEqual(rows.map(\.0), [.positive, .negative, .neutral])
    XCTAssertEqual(rows.map(\.1), ["great day", "awful day", "a day"])
    XCTAssertEqual(summary.rows, [1, 1, 1])
    XCTAssertEqual(summary.skipped, 0)
    XCTAssertEqual(summary.used, 3)
  }

  func testColumnsInAnyOrderAndCase() throws {
    let (_, rows) = try read("TEXT,Class\nhello there,pos\n")
    XCTAssertEqual(rows.map(\.0), [.positive])
    XCTAssertEqual(rows.map(\.1), ["hello there"])
  }

  func testSandersLayoutIsDetectedCaseInsensitively() throws {
    let csv = """
      "Topic","Sentiment","TweetId","TweetDate","TweetText"
      "phones","positive","1","Mon Jan 02 10:00:00 +0000 2012","my new phone is lovely"
      "phones","negative","2","Mon Jan 02 11:00:00 +0000 2012","battery died again"
      "phones","irrelevant","3","Mon Jan 02 12:00:00 +0000 2012","el telefono"
      "phones","neutral","4","Mon Jan 02 13:00:00 +0000 2012","which phone should I get"

      """
    let (summary, rows) = try read(csv)
    XCTAssertEqual(rows.map(\.0), [.positive, .negative, .neutral])
    XCTAssertEqual(
      rows.map(\.1), ["my new phone is lovely", "battery died again", "which phone should I get"])
    XCTAssertEqual(summary.rows, [1, 1, 1])
    XCTAssertEqual(summary.skipped, 1)

    let upper = try read(
      "\"TOPIC\",\"SENTIMENT\",\"TWEETID\",\"TWEETDATE\",\"TWEETTEXT\"\r\n"
        + "\"x\",\"Negative\",\"1\",\"d\",\"meh\"\r\n")
    XCTAssertEqual(upper.rows.map(\.0), [.negative])
    XCTAssertEqual(upper.rows.map(\.1), ["meh"])
  }

  func testHeaderNamesAreTrimmed() throws {
    let (_, rows) = try read(" class , text \nPos,yes\n")
    XCTAssertEqual(rows.map(\.1), ["yes"])
  }

  func testColumnOverrides() throws {
    let csv = "id,body,mood,text\n1,the body,Neg,not this\n"
    let columns = TrainingDataColumns(text: "Body", label: "MOOD")
    let (_, rows) = try read(csv, columns: columns)
    XCTAssertEqual(rows.map(\.0), [.negative])
    XCTAssertEqual(rows.map(\.1), ["the body"])
  }

  func testOverridingOnlyTheTextColumnStillDetectsTheLabel() throws {
    let (_, rows) = try read(
      "class,text,tweet\nPos,a,b\n", columns: TrainingDataColumns(text: "tweet"))
    XCTAssertEqual(rows.map(\.1), ["b"])
  }

  func testMissingTextColumn() {
    assertError(
      "class,body\nPos,x\n",
      .missingColumn(
        role: "text", tried: ["text", "tweettext", "tweet"], header: ["class", "body"])
    )
  }

  func testMissingLabelColumn() {
    assertError(
      "text,mood\nx,Pos\n",
      .missingColumn(
        role: "label", tried: ["class", "sentiment", "label"], header: ["text", "mood"])
    )
  }

  func testMissingOverriddenColumnNamesWhatWasTried() {
    assertError(
      "class,text\nPos,x\n",
      .missingColumn(role: "text", tried: ["body"], header: ["class", "text"]),
      columns: TrainingDataColumns(text: "Body"))
  }

  // MARK: Labels

  func testLabelNormalization() throws {
    let csv =
      "class,text\nPos,1\npositive,2\n POSITIVE ,3\nNeg,4\nnegative,5\nNEG,6\nNeutral,7\n"
      + "neutral,8\n"
    let (summary, rows) = try read(csv)
    XCTAssertEqual(
      rows.map(\.0),
      [.positive, .positive, .positive, .negative, .negative, .negative, .neutral, .neutral])
    XCTAssertEqual(summary.rows, [3, 2, 3])
  }

  func testIrrelevantRowsAreSkippedAndCounted() throws {
    let csv = "class,text\nirrelevant,a\nPos,b\nIrrelevant,c\n IRRELEVANT ,d\nNeg,e\n"
    let (summary, rows) = try read(csv)
    XCTAssertEqual(rows.map(\.1), ["b", "e"])
    XCTAssertEqual(summary.skipped, 3)
    XCTAssertEqual(summary.rows, [1, 0, 1])
    XCTAssertEqual(summary.used, 2)
  }

  func testUnknownLabelNamesItsLine() {
    assertError("class,text\nPos,a\n\nhappy,b\n", .unknownLabel("happy", line: 4))
  }

  func testUnknownLabelAfterAMultiLineField() {
    assertError("class,text\nPos,\"a\nb\nc\"\nmeh,d\n", .unknownLabel("meh", line: 5))
  }

  func testUnknownLabelAfterTheSameLabelWasAccepted() {
    // A label seen before is looked up in a cache; an unknown one must not be.
    assertError("class,text\nPos,a\nPos,b\nPoss,c\n", .unknownLabel("Poss", line: 4))
  }

  // MARK: Errors

  func testWrongFieldCountNamesItsLine() {
    assertError("class,text\nPos,a\nNeg,b,c\n", .fieldCount(found: 3, expected: 2, line: 3))
    assertError("class,text\nPos,\"a\nb\"\nNeg\n", .fieldCount(found: 1, expected: 2, line: 4))
  }

  func testInvalidUTF8NamesItsLine() {
    let bytes =
      Array("class,text\nPos,fine\nNeg,\"a\nb\"\nNeutral,bad ".utf8) + [0xC0, 0x80]
      + Array("\n".utf8)
    assertError(bytes, .invalidUTF8(line: 5))
  }

  func testInvalidUTF8InASkippedRowIsNotAnError() throws {
    let bytes = Array("class,text\nirrelevant,".utf8) + [0xFF] + Array("\nPos,ok\n".utf8)
    let (summary, rows) = try read(bytes)
    XCTAssertEqual(rows.map(\.1), ["ok"])
    XCTAssertEqual(summary.skipped, 1)
  }

  func testSyntaxErrorsAreWrapped() {
    assertError("class,text\nPos,\"never closed\n", .syntax(.unterminatedQuote(line: 2)))
    assertError("class,text\nPos,\"a\"b\n", .syntax(.characterAfterQuote(line: 2)))
  }

  func testEmptyInput() {
    assertError("", .empty)
    assertError("\n\n\r\n", .empty)
  }

  func testHeaderOnly() {
    assertError("class,text\n", .noUsableRows(skipped: 0))
  }

  func testAllRowsIrrelevant() {
    assertError("class,text\nirrelevant,a\nirrelevant,b\n", .noUsableRows(skipped: 2))
  }

  func testBlankLinesBetweenRowsAreIgnored() throws {
    let (summary, rows) = try read("\nclass,text\n\nPos,a\n\n\nNeg,b\n\n")
    XCTAssertEqual(rows.map(\.1), ["a", "b"])
    XCTAssertEqual(summary.used, 2)
  }

  func testErrorDescriptionsAreActionable() {
    let cases: [(TrainingDataError, [String])] = [
      (.empty, ["empty", "class,text"]),
      (
        .missingColumn(role: "text", tried: ["text"], header: ["a"]),
        ["'text'", "'a'", "--text-column"]
      ),
      (.unknownLabel("meh", line: 7), ["line 7", "'meh'"]),
      (.fieldCount(found: 3, expected: 2, line: 9), ["line 9", "3", "2", "quote"]),
      (.invalidUTF8(line: 4), ["line 4", "UTF-8"]),
      (.syntax(.unterminatedQuote(line: 2)), ["line 2"]),
      (.syntax(.characterAfterQuote(line: 3)), ["line 3"]),
      (.syntax(.nulByte(line: 5)), ["line 5"]),
      (.noUsableRows(skipped: 6), ["6"]),
    ]
    for (error, needles) in cases {
      let description = error.errorDescription ?? ""
      for needle in needles {
        XCTAssertTrue(description.contains(needle), "\(description) lacks \(needle)")
      }
    }
  }

  // MARK: Blocks and hashing

  func testSmallBlocksGiveTheSameRows() throws {
    let csv = Array("class,text\r\nPos,\"a, \"\"b\"\"\nc\"\r\nirrelevant,x\r\nNeg,d".utf8)
    let big = try read(csv)
    XCTAssertEqual(big.rows.map(\.1), ["a, \"b\"\nc", "d"])
    for blockSize in [1, 2, 3, 7] {
      let small = try read(csv, blockSize: blockSize)
      XCTAssertEqual(small.summary, big.summary)
      XCTAssertEqual(small.rows.map(\.1), big.rows.map(\.1))
      XCTAssertEqual(small.rows.map(\.0), big.rows.map(\.0))
    }
  }

  func testReadingFromAReaderLeavesItsSourceForTheHash() throws {
    let bytes = Array("class,text\nPos,abc\n".utf8)
    var reader = CSVReader(source: HashingSource(MemorySource(bytes, blockSize: 4)))
    try TrainingData.read(&reader) { _, _ in }
    var direct = SHA256()
    direct.update(bytes)
    XCTAssertEqual(reader.source.finalize(), direct.finalize())
  }

  // MARK: Corpus

  func testLabeledCorpus() throws {
    var corpus = LabeledCorpus()
    XCTAssertEqual(corpus.count, 0)
    corpus.append("first", label: .positive)
    corpus.append("", label: .neutral)
    corpus.append("dritte é", label: .negative)
    XCTAssertEqual(corpus.count, 3)
    XCTAssertEqual(corpus.labels, [.positive, .neutral, .negative])
    XCTAssertEqual(corpus.text(at: 0), "first")
    XCTAssertEqual(corpus.text(at: 1), "")
    XCTAssertEqual(corpus.text(at: 2), "dritte é")
    XCTAssertEqual(Array(corpus.bytes(at: 2)), Array("dritte é".utf8))
  }

  func testCorpusFromCSV() throws {
    let corpus = try TrainingData.corpus(
      MemorySource("class,text\nPos,yay\nirrelevant,x\nNeg,\"boo\nhoo\"\n"))
    XCTAssertEqual(corpus.count, 2)
    XCTAssertEqual(corpus.labels, [.positive, .negative])
    XCTAssertEqual(corpus.text(at: 0), "yay")
    XCTAssertEqual(corpus.text(at: 1), "boo\nhoo")
    XCTAssertEqual(corpus.summary.rows, [1, 0, 1])
    XCTAssertEqual(corpus.summary.skipped, 1)
  }

  // MARK: Fixtures

  func testTinyFixture() throws {
    let corpus = try TrainingData.corpus(MemorySource(try fixture("Fixtures/train/tiny.csv")))
    XCTAssertEqual(corpus.summary.rows, [20, 20, 20])
    XCTAssertEqual(corpus.summary.skipped, 0)
    XCTAssertEqual(corpus.count, 60)
    let texts = (0..<corpus.count).map { corpus.text(at: $0) }
    XCTAssertEqual(texts.filter { $0.contains("\n") }.count, 1, "one text has a line break")
    XCTAssertTrue(texts.contains { $0.contains("\"") }, "a \"\" escape is decoded to one quote")
    XCTAssertFalse(texts.contains { $0.contains("\"\"") })
  }

  func testSandersLayoutFixture() throws {
    let bytes = try fixture("Fixtures/train/sanders-layout.csv")
    let corpus = try TrainingData.corpus(MemorySource(bytes))
    // Indexed negative, neutral, positive.
    XCTAssertEqual(corpus.summary.rows, [6, 8, 6])
    XCTAssertEqual(corpus.summary.skipped, 4)
    XCTAssertEqual(corpus.count, 20)
    let texts = (0..<corpus.count).map { corpus.text(at: $0) }
    XCTAssertEqual(texts.filter { $0.contains("\n") }.count, 1)
    XCTAssertFalse(texts.contains { $0.contains("\r") }, "CRLF record ends are not in the text")
    XCTAssertFalse(texts.contains { $0.hasPrefix("\"") && $0.hasSuffix("\"") })
    let small = try TrainingData.corpus(MemorySource(bytes, blockSize: 3))
    XCTAssertEqual(small.labels, corpus.labels)
    XCTAssertEqual((0..<small.count).map { small.text(at: $0) }, texts)
  }

  // MARK: UTF-8 validation

  private func valid(_ bytes: [UInt8]) -> Bool {
    isValidUTF8(bytes)
  }

  func testValidUTF8() {
    let samples: [[UInt8]] = [
      [],
      Array("plain ASCII".utf8),
      [0xC2, 0x80],  // U+0080, the smallest 2-byte form
      [0xC3, 0xA9],  // é
      [0xDF, 0xBF],  // U+07FF
      [0xE0, 0xA0, 0x80],  // U+0800, the smallest 3-byte form
      [0xE2, 0x82, 0xAC],  // €
      [0xED, 0x9F, 0xBF],  // U+D7FF, just below the surrogates
      [0xEE, 0x80, 0x80],  // U+E000, just above them
      [0xEF, 0xBF, 0xBF],  // U+FFFF
      [0xF0, 0x90, 0x80, 0x80],  // U+10000, the smallest 4-byte form
      [0xF0, 0x9F, 0x98, 0x80],  // 😀
      [0xF4, 0x8F, 0xBF, 0xBF],  // U+10FFFF, the largest scalar
      Array("mixed é and 日本 and 😀 text".utf8),
    ]
    for sample in samples {
      XCTAssertTrue(valid(sample), "\(sample)")
    }
  }

  func testInvalidUTF8() {
    let samples: [[UInt8]] = [
      [0x80],  // a continuation byte alone
      [0xBF],
      [0xC0, 0x80],  // overlong NUL
      [0xC1, 0xBF],  // overlong U+007F
      [0xE0, 0x80, 0x80],  // overlong NUL in 3 bytes
      [0xE0, 0x9F, 0xBF],  // overlong U+07FF
      [0xF0, 0x80, 0x80, 0x80],  // overlong NUL in 4 bytes
      [0xF0, 0x8F, 0xBF, 0xBF],  // overlong U+FFFF
      [0xED, 0xA0, 0x80],  // U+D800, a high surrogate
      [0xED, 0xBF, 0xBF],  // U+DFFF, a low surrogate
      [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80],  // a surrogate pair encoded as CESU-8
      [0xF4, 0x90, 0x80, 0x80],  // U+110000
      [0xF5, 0x80, 0x80, 0x80],
      [0xF8, 0x88, 0x80, 0x80, 0x80],
      [0xFE], [0xFF],
      [0xC3],  // truncated
      [0xE2, 0x82],  // truncated
      [0xF0, 0x9F, 0x98],  // truncated
      [0xC3, 0x41],  // not a continuation byte
      [0xE2, 0x28, 0xA1],
      Array("ok so far ".utf8) + [0xE2, 0x82],
      [0x61, 0x80, 0x62],
    ]
    for sample in samples {
      XCTAssertFalse(valid(sample), "\(sample)")
    }
  }

  /// The array and slice forms (the standard library's validation) and the
  /// form for other sequences (a loop of our own) agree, on edge cases and
  /// on random bytes.
  func testUTF8ValidationFormsAgree() {
    var random = SeededGenerator(seed: 17)
    var samples: [[UInt8]] = []
    for _ in 0..<3000 {
      let count = random.next(below: 12)
      // Bytes from a few ranges, so that valid sequences are frequent.
      let pools: [ClosedRange<UInt8>] = [0x00...0x7F, 0x80...0xBF, 0xC0...0xF7, 0xED...0xF4]
      samples.append(
        (0..<count).map { _ in
          let pool = pools[random.next(below: pools.count)]
          return pool.lowerBound
            + UInt8(random.next(below: Int(pool.upperBound - pool.lowerBound) + 1))
        })
    }
    for sample in samples {
      let expected = isValidUTF8(sample)
      XCTAssertEqual(isValidUTF8(sample[...]), expected, "\(sample)")
      XCTAssertEqual(isValidUTF8(AnySequence(sample)), expected, "\(sample)")
      XCTAssertEqual(expected, String(validating: sample, as: UTF8.self) != nil, "\(sample)")
    }
  }

  /// An entity at every position of texts around the vector width of the
  /// scan for `&`.
  func testEntityAtEveryPosition() throws {
    for length in [1, 15, 16, 17, 31, 32, 33, 70] {
      for position in 0..<length {
        var text = String(repeating: "a", count: length)
        text.insert(contentsOf: "&lt;", at: text.index(text.startIndex, offsetBy: position))
        let expected = text.replacingOccurrences(of: "&lt;", with: "<")
        let (_, rows) = try read("class,text\nPos,\(text)\n")
        XCTAssertEqual(rows.map(\.1), [expected], "\(length) \(position)")
      }
    }
  }
}
