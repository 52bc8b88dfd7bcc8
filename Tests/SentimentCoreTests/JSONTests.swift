import XCTest

@testable import SentimentCore

final class JSONTests: XCTestCase {
  private func parse(_ text: String) throws -> JSONValue {
    try JSONValue.parse(Array(text.utf8))
  }

  /// Asserts that `text` is rejected at a byte offset in `offsets`.
  private func assertRejects(
    _ text: String, at offsets: ClosedRange<Int>, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertRejects(Array(text.utf8), at: offsets, file: file, line: line)
  }

  private func assertRejects(
    _ bytes: [UInt8], at offsets: ClosedRange<Int>, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    do {
      let value = try JSONValue.parse(bytes)
      XCTFail(
        "accepted \(String(decoding: bytes, as: UTF8.self)) as \(value)", file: file, line: line)
    } catch {
      XCTAssertTrue(
        offsets.contains(error.offset),
        "offset \(error.offset) (\(error.reason)) not in \(offsets) for "
          + String(decoding: bytes, as: UTF8.self), file: file, line: line)
      XCTAssertFalse(error.reason.isEmpty, file: file, line: line)
    }
  }

  // MARK: Values

  func testLiterals() throws {
    XCTAssertEqual(try parse("null"), .null)
    XCTAssertEqual(try parse("true"), .bool(true))
    XCTAssertEqual(try parse("false"), .bool(false))
    XCTAssertEqual(try parse(" \t\r\n true \n"), .bool(true))
  }

  func testNumbers() throws {
    let cases: [(String, Double)] = [
      ("0", 0), ("-0", 0), ("7", 7), ("-45", -45), ("123456789012345", 123_456_789_012_345),
      ("9007199254740992", 9_007_199_254_740_992), ("0.5", 0.5), ("-2.25", -2.25),
      ("1e3", 1000), ("1E3", 1000), ("2.5e-1", 0.25), ("2.5E+2", 250), ("0e0", 0),
      ("-0.125", -0.125), ("1.7976931348623157e308", 1.797_693_134_862_315_7e308),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(try parse(text), .number(expected), text)
    }
  }

  func testStrings() throws {
    XCTAssertEqual(try parse("\"\""), .string(""))
    XCTAssertEqual(try parse("\"hello world\""), .string("hello world"))
    XCTAssertEqual(try parse("\"café 日本 😀\""), .string("café 日本 😀"))
  }

  func testEscapes() throws {
    XCTAssertEqual(
      try parse(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{8}\u{C}\n\r\t"))
    XCTAssertEqual(try parse(#""a\u0041b""#), .string("aAb"))
    XCTAssertEqual(try parse(#""\u00e9\u00E9""#), .string("éé"))
    XCTAssertEqual(try parse(#""\u20ac""#), .string("€"))
    XCTAssertEqual(try parse(#""\u0000""#), .string("\u{0}"))
    XCTAssertEqual(try parse(#""plain then \n escape""#), .string("plain then \n escape"))
  }

  func testSurrogatePairs() throws {
    // U+1F600 = D83D DE00; U+10FFFF = DBFF DFFF; U+10000 = D800 DC00.
    XCTAssertEqual(try parse(#""\ud83d\ude00""#), .string("😀"))
    XCTAssertEqual(try parse(#""\uD83D\uDE00!""#), .string("😀!"))
    XCTAssertEqual(try parse(#""\uDBFF\uDFFF""#), .string("\u{10FFFF}"))
    XCTAssertEqual(try parse(#""\uD800\uDC00""#), .string("\u{10000}"))
  }

  func testArraysAndObjects() throws {
    XCTAssertEqual(try parse("[]"), .array([]))
    XCTAssertEqual(try parse("{}"), .object([:]))
    XCTAssertEqual(try parse("[ ]"), .array([]))
    XCTAssertEqual(try parse("{ }"), .object([:]))
    XCTAssertEqual(
      try parse(#"[1, "two", [null], {"k": false}]"#),
      .array([.number(1), .string("two"), .array([.null]), .object(["k": .bool(false)])]))
    let object = try parse(
      """
      {
        "name" : "model",
        "counts": [1, 2, 3],
        "nested": {"deep": {"er": true}},
        "": 0
      }
      """)
    XCTAssertEqual(
      object,
      .object([
        "name": .string("model"),
        "counts": .array([.number(1), .number(2), .number(3)]),
        "nested": .object(["deep": .object(["er": .bool(true)])]),
        "": .number(0),
      ]))
  }

  func testSubscript() throws {
    let value = try parse(#"{"a": {"b": 2}}"#)
    XCTAssertEqual(value["a"]?["b"], .number(2))
    XCTAssertNil(value["missing"])
    XCTAssertNil(JSONValue.array([])["a"])
    XCTAssertNil(JSONValue.string("a")["a"])
  }

  func testNestingUpTo512LevelsIsAccepted() throws {
    let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    var value = try parse(text)
    var depth = 0
    while case .array(let elements) = value {
      depth += 1
      guard let first = elements.first else { break }
      value = first
    }
    XCTAssertEqual(depth, 512)
  }

  // MARK: Rejections

  func testRejectsEmptyInput() {
    assertRejects("", at: 0...0)
    assertRejects("   ", at: 0...3)
  }

  func testRejectsTrailingCommas() {
    assertRejects("[1,]", at: 2...3)
    assertRejects("[1, 2 , ]", at: 6...8)
    assertRejects(#"{"a":1,}"#, at: 6...7)
    assertRejects("[,]", at: 1...1)
    assertRejects("[1,,2]", at: 2...3)
  }

  func testRejectsLeadingZeros() {
    assertRejects("01", at: 0...2)
    assertRejects("[-012]", at: 1...5)
    assertRejects("00", at: 0...2)
  }

  func testRejectsMalformedNumbers() {
    assertRejects("-", at: 0...1)
    assertRejects("+1", at: 0...0)
    assertRejects(".5", at: 0...0)
    assertRejects("1.", at: 1...2)
    assertRejects("1.e3", at: 1...2)
    assertRejects("1e", at: 1...2)
    assertRejects("1e+", at: 1...3)
    assertRejects("[1e999]", at: 1...6)
    assertRejects("NaN", at: 0...0)
    assertRejects("Infinity", at: 0...0)
    assertRejects("0x10", at: 1...1)
  }

  func testRejectsUnpairedSurrogates() {
    assertRejects(#""\ud800""#, at: 1...7)
    assertRejects(#""\ud800x""#, at: 1...7)
    assertRejects(#""\udc00""#, at: 1...7)
    assertRejects(#""\ud800\u0041""#, at: 1...13)
    assertRejects(#""\ud800\ud800""#, at: 1...13)
    assertRejects(#""\ude00\ud83d""#, at: 1...7)
  }

  func testRejectsBadEscapes() {
    assertRejects(#""\x""#, at: 1...2)
    assertRejects(#""\u12G4""#, at: 1...5)
    assertRejects(#""\U0041""#, at: 1...2)
    assertRejects(#""\'""#, at: 1...2)
  }

  func testRejectsControlCharacters() {
    assertRejects("\"a\tb\"", at: 2...2)
    assertRejects("\"a\nb\"", at: 2...2)
    assertRejects("\"\u{0}\"", at: 1...1)
    assertRejects("\"\u{1F}\"", at: 1...1)
    assertRejects("\"\\n\u{1}\"", at: 3...3)
  }

  func testAcceptsDELAndNonASCIIInStrings() throws {
    XCTAssertEqual(try parse("\"\u{7F}\""), .string("\u{7F}"))
  }

  func testRejectsInvalidUTF8InStrings() {
    assertRejects([0x22, 0xFF, 0x22], at: 0...3)
    assertRejects([0x22, 0x5C, 0x6E, 0xC0, 0x80, 0x22], at: 0...6)
    assertRejects([0x22, 0xED, 0xA0, 0x80, 0x22], at: 0...5)
  }

  func testRejectsDuplicateKeys() {
    assertRejects(#"{"a":1,"a":2}"#, at: 7...13)
    assertRejects(#"{"x":{"a":[],"b":0,"a":null}}"#, at: 19...28)
  }

  func testRejectsNestingDeeperThan512() {
    let arrays = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    assertRejects(arrays, at: 511...513)
    let objects =
      String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
    assertRejects(objects, at: 5 * 511...5 * 513)
    // Far too deep must fail cleanly too, not overflow the stack.
    assertRejects(String(repeating: "[", count: 100_000), at: 511...513)
  }

  func testRejectsTruncatedInput() {
    let whole = #"{"key": [true, false, null, "text\u00e9", -1.5e2], "other": {}}"#
    let bytes = Array(whole.utf8)
    XCTAssertNoThrow(try JSONValue.parse(bytes))
    for length in 0..<bytes.count {
      assertRejects(Array(bytes[..<length]), at: 0...length)
    }
  }

  func testRejectsTruncatedLiterals() {
    assertRejects("tru", at: 0...3)
    assertRejects("nul", at: 0...3)
    assertRejects("fals", at: 0...4)
    assertRejects("trUe", at: 0...3)
    assertRejects("nulll", at: 4...4)
  }

  func testRejectsTrailingGarbage() {
    assertRejects("{} x", at: 3...3)
    assertRejects("1 2", at: 2...2)
    assertRejects("[1]]", at: 3...3)
    assertRejects("\"a\"\"b\"", at: 3...3)
    assertRejects("true,", at: 4...4)
  }

  func testRejectsOtherSyntaxErrors() {
    assertRejects("{a:1}", at: 1...1)
    assertRejects(#"{"a" 1}"#, at: 4...5)
    assertRejects(#"{"a":1 "b":2}"#, at: 6...7)
    assertRejects("[1 2]", at: 2...3)
    assertRejects("'a'", at: 0...0)
    assertRejects("]", at: 0...0)
    assertRejects("{\"a\"}", at: 4...4)
  }

  /// Strings are scanned eight bytes at a time up to the first byte that
  /// needs a look: a control character or invalid UTF-8 is found at every
  /// place of strings up to 20 bytes, and valid non-ASCII text is kept.
  func testStringBytesAtEveryPositionOfTheChunks() throws {
    for length in 1...20 {
      for position in 0..<length {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        // Offsets count the opening quote.
        bytes[position] = 0x1F
        assertRejects([0x22] + bytes + [0x22], at: (position + 1)...(position + 1))
        bytes[position] = 0xFF
        assertRejects([0x22] + bytes + [0x22], at: (length + 2)...(length + 2))
        guard position + 1 < length else { continue }
        bytes[position] = 0xC3
        bytes[position + 1] = 0xA9
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(try JSONValue.parse([0x22] + bytes + [0x22]), .string(text))
      }
    }
  }

  // MARK: Writer

  private func text(_ writer: JSONWriter) -> String {
    String(decoding: writer.bytes, as: UTF8.self)
  }

  func testCompactOutput() throws {
    var json = JSONWriter()
    json.beginObject()
    json.key("a")
    json.integer(1)
    json.key("b")
    json.beginArray()
    json.string("x")
    json.bool(true)
    json.bool(false)
    json.null()
    json.beginObject()
    json.endObject()
    json.beginArray()
    json.endArray()
    json.endArray()
    json.key("c")
    json.number(-0.5)
    json.key("d")
    json.raw(Array("[1,2]".utf8))
    json.endObject()
    XCTAssertEqual(text(json), #"{"a":1,"b":["x",true,false,null,{},[]],"c":-0.5,"d":[1,2]}"#)
    XCTAssertEqual(
      try JSONValue.parse(json.bytes),
      .object([
        "a": .number(1),
        "b": .array([.string("x"), .bool(true), .bool(false), .null, .object([:]), .array([])]),
        "c": .number(-0.5), "d": .array([.number(1), .number(2)]),
      ]))
  }

  func testPrettyOutput() {
    var json = JSONWriter(pretty: true)
    json.beginObject()
    json.key("a")
    json.integer(1)
    json.key("b")
    json.beginArray()
    json.integer(1)
    json.string("two")
    json.endArray()
    json.key("c")
    json.beginObject()
    json.endObject()
    json.key("d")
    json.beginObject()
    json.key("e")
    json.null()
    json.endObject()
    json.endObject()
    let expected = """
      {
        "a": 1,
        "b": [
          1,
          "two"
        ],
        "c": {},
        "d": {
          "e": null
        }
      }
      """
    XCTAssertEqual(text(json), expected)
  }

  func testTopLevelScalarsAndEmptyContainers() {
    var number = JSONWriter()
    number.integer(-42)
    XCTAssertEqual(text(number), "-42")
    var array = JSONWriter(pretty: true)
    array.beginArray()
    array.endArray()
    XCTAssertEqual(text(array), "[]")
  }

  func testStringEscaping() throws {
    let value =
      "quote \" backslash \\ newline \n return \r tab \t bell \u{7} nul \u{0} us \u{1F} é 😀 /"
    var json = JSONWriter()
    json.string(value)
    XCTAssertEqual(
      text(json),
      #""quote \" backslash \\ newline \n return \r tab \t bell \u0007 nul \u0000 us \u001f é 😀 /""#
    )
    XCTAssertEqual(try JSONValue.parse(json.bytes), .string(value))
  }

  /// The writer looks for bytes to escape eight at a time: each such byte,
  /// at every position of strings up to 20 bytes (every place in a chunk
  /// and the tail after the last one), must come back from the parser, and
  /// so must bytes that only look like them to the chunk test.
  func testEscapesAtEveryPositionOfTheChunks() throws {
    let specials: [UInt8] = [0x22, 0x5C, 0x0A, 0x00, 0x1F, 0x7F, 0x21, 0x5D, 0x20, 0xC3]
    for length in 1...20 {
      for position in 0..<length {
        for special in specials {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[position] = special
          // A lone 0xC3 is not UTF-8: pair it with the byte after it.
          if special == 0xC3 {
            guard position + 1 < length else { continue }
            bytes[position + 1] = 0xA9
          }
          let value = String(decoding: bytes, as: UTF8.self)
          var json = JSONWriter()
          json.string(value)
          XCTAssertEqual(
            try JSONValue.parse(json.bytes), .string(value), "\(length) \(position) \(special)")
        }
      }
    }
  }

  func testKeysAreEscapedToo() {
    var json = JSONWriter()
    json.beginObject()
    json.key("a\"b\n")
    json.integer(0)
    json.endObject()
    XCTAssertEqual(text(json), #"{"a\"b\n":0}"#)
  }

  func testWriterIntegers() {
    let values = [0, 1, 9, 10, -1, -9, -10, 99, 100, 1_000_007, Int.max, Int.min, Int.min + 1]
    for value in values {
      var json = JSONWriter()
      json.integer(value)
      XCTAssertEqual(text(json), String(value))
      XCTAssertEqual(json.byteCount, json.bytes.count)
    }
  }

  /// A copy of a writer shares its text only until one of them writes.
  func testCopiesWriteIndependently() {
    var original = JSONWriter()
    original.beginArray()
    original.integer(1)
    var copy = original
    copy.integer(2)
    original.string("a")
    original.endArray()
    copy.endArray()
    XCTAssertEqual(text(original), #"[1,"a"]"#)
    XCTAssertEqual(text(copy), "[1,2]")
    var taker = original
    XCTAssertEqual(String(decoding: taker.takeBytes(), as: UTF8.self), #"[1,"a"]"#)
    XCTAssertEqual(taker.byteCount, 0)
    XCTAssertEqual(text(original), #"[1,"a"]"#, "taking from a copy leaves the original")
  }

  /// A document far larger than the writer's first buffer, written in
  /// chunks as a model file is, comes back whole and in order.
  func testLargeDocumentsInChunks() throws {
    var json = JSONWriter()
    var chunks: [UInt8] = []
    json.beginArray()
    for index in 0..<20_000 {
      if index.isMultiple(of: 3) {
        json.string(String(repeating: "w", count: index % 40))
      } else {
        json.integer(index * (index.isMultiple(of: 2) ? 1 : -1))
      }
      if json.byteCount >= 4096 { chunks += json.takeBytes() }
    }
    json.endArray()
    chunks += json.takeBytes()
    guard case .array(let elements) = try JSONValue.parse(chunks) else {
      return XCTFail("not an array")
    }
    XCTAssertEqual(elements.count, 20_000)
    for (index, element) in elements.enumerated() {
      let expected: JSONValue =
        index.isMultiple(of: 3)
        ? .string(String(repeating: "w", count: index % 40))
        : .number(Double(index * (index.isMultiple(of: 2) ? 1 : -1)))
      guard element == expected else { return XCTFail("element \(index): \(element)") }
    }
  }

  func testWriterNumbers() {
    let cases: [(Double, String)] = [
      (0, "0"), (-0.0, "0"), (1, "1"), (-2, "-2"), (0.5, "0.5"), (0.1, "0.1"), (-1.25, "-1.25"),
      (123_456_789, "123456789"), (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
    ]
    for (value, expected) in cases {
      var json = JSONWriter()
      json.number(value)
      XCTAssertEqual(text(json), expected, "\(value)")
    }
  }

  func testWriterNumbersRoundTrip() throws {
    for value in [0.1, 1.0 / 3, 2.0 / 3, 1e-7, 123.456, 1e20, -5e-324, 1.797_693_134_862_315_7e308]
    {
      var json = JSONWriter()
      json.number(value)
      XCTAssertEqual(try JSONValue.parse(json.bytes), .number(value), text(json))
    }
  }

  func testWriterNumbersWithDecimals() {
    let cases: [(Double, Int, String)] = [
      (0.81249, 4, "0.8125"), (0.5, 2, "0.50"), (2, 3, "2.000"), (.nan, 2, "null"),
      (.infinity, 1, "null"), (-0.25, 1, "-0.3"),
    ]
    for (value, decimals, expected) in cases {
      var json = JSONWriter()
      json.number(value, decimals: decimals)
      XCTAssertEqual(text(json), expected, "\(value) with \(decimals)")
    }
  }

  func testWriterNumbersWithDecimalsInsideContainers() {
    var json = JSONWriter()
    json.beginArray()
    json.number(1.0 / 3, decimals: 3)
    json.number(.nan, decimals: 3)
    json.endArray()
    XCTAssertEqual(text(json), "[0.333,null]")
  }

  // MARK: FixedDecimal

  func testFixedDecimalRounding() {
    let cases: [(Double, Int, String)] = [
      (0.81249, 4, "0.8125"),
      (0.81244, 4, "0.8124"),
      // 0.99995 is stored as 0.99995000000000000550…, just above the half.
      (0.99995, 4, "1.0000"),
      (0.99994, 4, "0.9999"),
      (0.05, 4, "0.0500"),
      (0.0001, 4, "0.0001"),
      (0.00004, 4, "0.0000"),
      (0, 2, "0.00"),
      (7, 3, "7.000"),
      (123.456, 1, "123.5"),
      (2.5, 0, "3"),
      (1.5, 0, "2"),
      (0.4, 0, "0"),
      (99.96, 1, "100.0"),
      (-1.23456, 2, "-1.23"),
      (-0.125, 2, "-0.13"),  // exactly half, away from zero
      (-2.5, 0, "-3"),
      (-0.5, 0, "-1"),
      (-99.96, 1, "-100.0"),
      (-0.004, 2, "0.00"),  // rounds to zero: no "-0.00"
      (-0.0, 1, "0.0"),
      (1_234_567.891, 2, "1234567.89"),
    ]
    for (value, decimals, expected) in cases {
      XCTAssertEqual(
        FixedDecimal.string(value, decimals: decimals), expected, "\(value) with \(decimals)")
    }
  }

  func testFixedDecimalAppends() {
    var bytes = Array("x=".utf8)
    FixedDecimal.append(0.5, decimals: 1, to: &bytes)
    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "x=0.5")
  }

  func testFixedDecimalNotFinite() {
    XCTAssertEqual(FixedDecimal.string(.nan, decimals: 2), "nan")
  }

  func testFixedDecimalForEachByteGivesTheAppendedBytes() {
    let cases: [(Double, Int, String)] = [
      (0.95474, 4, "0.9547"), (1, 4, "1.0000"), (-0.125, 2, "-0.13"), (123.456, 0, "123"),
      (1e20, 2, "1e+20"), (-1.7976931348623157e308, 15, "-1.7976931348623157e+308"),
      (.infinity, 3, "nan"), (0.5, 40, "0.500000000000000"),
    ]
    for (value, decimals, expected) in cases {
      var bytes: [UInt8] = []
      FixedDecimal.forEachByte(of: value, decimals: decimals) { bytes.append($0) }
      XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
      XCTAssertLessThanOrEqual(bytes.count, FixedDecimal.maximumLength)
      XCTAssertEqual(FixedDecimal.string(value, decimals: decimals), expected)
    }
  }

  // MARK: Other bytes than arrays

  func testParsesASliceWithOffsetsFromItsStart() throws {
    let bytes = Array("xx [1, \"a\", {\"b\": null}]".utf8)
    XCTAssertEqual(
      try JSONValue.parse(bytes[3...]), .array([.number(1), .string("a"), .object(["b": .null])]))
    let broken = Array("xx [1, nul]".utf8)
    XCTAssertThrowsError(try JSONValue.parse(broken[3...])) { error in
      XCTAssertEqual((error as? JSONError)?.offset, 4)
    }
  }

  func testParserReadsAnotherCollection() throws {
    let bytes = ContiguousArray("{\"a\": [true, \"\\u00e9\"]}".utf8)
    XCTAssertEqual(
      try JSONValue.parse(bytes), .object(["a": .array([.bool(true), .string("é")])]))
  }
}
