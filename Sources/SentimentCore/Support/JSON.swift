/// A parsed JSON value: the small reader behind model files, kept apart from
/// Foundation so that loading the default model is fast and deterministic.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number; integers up to 2^53 are exact.
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// An object's members by name, in no order (a dictionary: the file's
  /// order is not kept; duplicates are rejected by the parser).
  case object([String: JSONValue])

  /// Parses one JSON text (RFC 8259) from UTF-8 bytes.
  ///
  /// - Throws: ``JSONError`` with the byte offset of the first problem.
  /// - Complexity: O(*n*); nesting deeper than 512 levels is an error.
  package static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
    try parse(bytes[...])
  }

  /// ``parse(_:)`` for any bytes in memory; offsets count from their start.
  static func parse<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes
  ) throws(JSONError) -> JSONValue where Bytes.Index == Int {
    var parser = JSONParser(bytes: bytes)
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.position == bytes.endIndex else {
      throw parser.error("unexpected data after the end")
    }
    return value
  }

  /// The member `key` of an object, or `nil`.
  package subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}

/// Why a JSON text could not be parsed.
package struct JSONError: Error, Equatable, Sendable {
  /// The byte offset where the problem was found.
  package var offset: Int
  /// What was wrong.
  package var reason: String
}

/// A strict reader of JSON text (RFC 8259): ``JSONValue/parse(_:)`` builds
/// values with it, and a decoder that needs only some members of a large
/// text can read those and check the rest with ``skipValue(depth:)``,
/// which builds nothing.
///
/// It reads any bytes in memory (an array, or the model reader's buffer);
/// `position` is an index into them.
struct JSONParser<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
  let bytes: Bytes
  var position: Int
  /// How many more values ``value(depth:)`` may build; past it, it throws
  /// ``JSONError`` with ``budgetReason``. A tree takes 30 bytes or more per
  /// value where the text may take 2 (`0,`): the budget bounds the memory
  /// a text can make the parser take.
  var budget = Int.max

  /// The reason of the error thrown when the budget is spent.
  static var budgetReason: String { "more values than allowed" }

  init(bytes: Bytes) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  func error(_ reason: String) -> JSONError {
    JSONError(offset: position - bytes.startIndex, reason: reason)
  }

  mutating func skipSpace() {
    while position < bytes.endIndex {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// The next byte after white space, which it skips, or `nil` at the end.
  mutating func peek() -> UInt8? {
    skipSpace()
    return position < bytes.endIndex ? bytes[position] : nil
  }

  /// Checks the value that starts here, as ``value(depth:)`` would parse
  /// it, without building it; duplicate member names are not looked for.
  ///
  /// - Complexity: O(*n*) in the value's length; no allocation but for
  ///   escaped strings.
  mutating func skipValue(depth: Int) throws(JSONError) {
    guard depth < 512 else { throw error("nested too deeply") }
    guard position < bytes.endIndex else { throw error("unexpected end of data") }
    switch bytes[position] {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = bytes[position] == UInt8(ascii: "{")
      let end = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      position += 1
      if peek() == end {
        position += 1
        return
      }
      while true {
        skipSpace()
        if isObject {
          guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "\"") else {
            throw error("expected a member name")
          }
          _ = try readString(keeping: false)
          try expect(UInt8(ascii: ":"))
          skipSpace()
        }
        try skipValue(depth: depth + 1)
        skipSpace()
        guard position < bytes.endIndex else { throw error("unexpected end of data") }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          continue
        }
        try expect(end)
        return
      }
    case UInt8(ascii: "\""): _ = try readString(keeping: false)
    case UInt8(ascii: "t"): _ = try literal("true", .bool(true))
    case UInt8(ascii: "f"): _ = try literal("false", .bool(false))
    case UInt8(ascii: "n"): _ = try literal("null", .null)
    default: _ = try numberText()
    }
  }

  mutating func value(depth: Int) throws(JSONError) -> JSONValue {
    guard depth < 512 else { throw error("nested too deeply") }
    budget -= 1
    guard budget >= 0 else { throw error(Self.budgetReason) }
    guard position < bytes.endIndex else { throw error("unexpected end of data") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return .number(try number())
    }
  }

  mutating func literal(_ text: String, _ value: JSONValue) throws(JSONError) -> JSONValue {
    let start = position
    guard bytes.endIndex - position >= text.utf8.count else {
      throw error("unexpected end of data")
    }
    for byte in text.utf8 {
      guard bytes[position] == byte else {
        position = start
        throw error("unexpected character")
      }
      position += 1
    }
    return value
  }

  mutating func expect(_ byte: UInt8) throws(JSONError) {
    skipSpace()
    guard position < bytes.endIndex else { throw error("unexpected end of data") }
    guard bytes[position] == byte else {
      throw error("expected '\(Character(Unicode.Scalar(byte)))'")
    }
    position += 1
  }

  mutating func object(depth: Int) throws(JSONError) -> JSONValue {
    position += 1
    var members: [String: JSONValue] = [:]
    skipSpace()
    if position < bytes.endIndex && bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "\"") else {
        throw error("expected a member name")
      }
      let key = try string()
      try expect(UInt8(ascii: ":"))
      skipSpace()
      let value = try value(depth: depth + 1)
      guard members.updateValue(value, forKey: key) == nil else {
        throw error("duplicate member '\(key)'")
      }
      skipSpace()
      guard position < bytes.endIndex else { throw error("unexpected end of data") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "}"))
      return .object(members)
    }
  }

  mutating func array(depth: Int) throws(JSONError) -> JSONValue {
    position += 1
    var elements: [JSONValue] = []
    skipSpace()
    if position < bytes.endIndex && bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value(depth: depth + 1))
      skipSpace()
      guard position < bytes.endIndex else { throw error("unexpected end of data") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "]"))
      return .array(elements)
    }
  }

  mutating func number() throws(JSONError) -> Double {
    let (range, isInteger) = try numberText()
    let text = bytes[range]
    let negative = text.first == UInt8(ascii: "-")
    if isInteger && text.count - (negative ? 1 : 0) <= 15 {
      var value = 0
      for byte in text.dropFirst(negative ? 1 : 0) { value = value * 10 + Int(byte - 0x30) }
      return Double(negative ? -value : value)
    }
    guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
      throw error("number out of range")
    }
    return value
  }

  /// Reads the number that starts here, checking only its grammar: where
  /// its bytes are, and whether it has neither fraction nor exponent.
  mutating func numberText() throws(JSONError) -> (text: Range<Int>, isInteger: Bool) {
    let start = position
    if position < bytes.endIndex && bytes[position] == UInt8(ascii: "-") { position += 1 }
    func digits() -> Int {
      let from = position
      while position < bytes.endIndex && bytes[position] >= 0x30 && bytes[position] <= 0x39 {
        position += 1
      }
      return position - from
    }
    let integerStart = position
    let integerDigits = digits()
    guard integerDigits > 0 else { throw error("unexpected character") }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      throw error("a number has a leading zero")
    }
    var isInteger = true
    if position < bytes.endIndex && bytes[position] == UInt8(ascii: ".") {
      position += 1
      isInteger = false
      guard digits() > 0 else { throw error("expected digits after '.'") }
    }
    if position < bytes.endIndex && bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      isInteger = false
      if position < bytes.endIndex && (bytes[position] == 0x2B || bytes[position] == 0x2D) {
        position += 1
      }
      guard digits() > 0 else { throw error("expected digits in the exponent") }
    }
    return (start..<position, isInteger)
  }

  mutating func string() throws(JSONError) -> String {
    // Not `nil`: it is kept.
    try readString(keeping: true) ?? ""
  }

  /// Reads the string that starts here and checks it; returns it when
  /// `keeping`, else `nil`.
  mutating func readString(keeping: Bool) throws(JSONError) -> String? {
    position += 1
    let start = position
    var allBits: UInt8 = 0
    // Fast path: no escapes, so the bytes between the quotes are the string.
    while position < bytes.endIndex {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = bytes[start..<position]
        position += 1
        guard allBits < 0x80 || isValidUTF8(text) else {
          throw error("invalid UTF-8 in a string")
        }
        return keeping ? String(decoding: text, as: UTF8.self) : nil
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw error("control character in a string") }
      allBits |= byte
      position += 1
    }
    var decoded = Array(bytes[start..<position])
    while position < bytes.endIndex {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard isValidUTF8(decoded) else { throw error("invalid UTF-8 in a string") }
        return keeping ? String(decoding: decoded, as: UTF8.self) : nil
      case UInt8(ascii: "\\"):
        try escape(into: &decoded)
      case ..<0x20:
        position -= 1
        throw error("control character in a string")
      default:
        decoded.append(byte)
      }
    }
    throw error("unterminated string")
  }

  mutating func escape(into decoded: inout [UInt8]) throws(JSONError) {
    do {
      try JSONEscape.decode(bytes, at: &position, into: &decoded)
    } catch {
      switch error {
      case .truncated: throw self.error("unterminated string")
      case .invalidEscape:
        position -= 1
        throw self.error("invalid escape")
      case .invalidUnicode: throw self.error("invalid \\u escape")
      case .unpairedSurrogate: throw self.error("unpaired surrogate")
      }
    }
  }
}

/// Decodes the escapes of JSON strings (RFC 8259): what the generic parser
/// and the model file reader share.
enum JSONEscape {
  /// What is wrong with an escape.
  enum Problem: Error {
    case truncated, invalidEscape, invalidUnicode, unpairedSurrogate
  }

  /// Decodes the escape after a backslash at `position` (which it advances
  /// past the escape), appending its UTF-8 to `output`.
  ///
  /// On `invalidEscape`, `position` is just past the offending byte.
  static func decode<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at position: inout Int, into output: inout [UInt8]
  ) throws(Problem) where Bytes.Index == Int {
    guard position < bytes.endIndex else { throw .truncated }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hex4(bytes, at: &position)
      if (0xD800...0xDBFF).contains(scalar) {
        guard position + 1 < bytes.endIndex, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw .unpairedSurrogate }
        position += 2
        let low = try hex4(bytes, at: &position)
        guard (0xDC00...0xDFFF).contains(low) else { throw .unpairedSurrogate }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalar) {
        throw .unpairedSurrogate
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw .invalidUnicode }
      UTF8.encode(unicode) { output.append($0) }
    default:
      throw .invalidEscape
    }
  }

  /// Reads the four hex digits of a `\\u` escape.
  private static func hex4<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at position: inout Int
  ) throws(Problem) -> UInt32 where Bytes.Index == Int {
    guard position + 4 <= bytes.endIndex else { throw .truncated }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 0x30
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 0x57
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 0x37
      default: throw .invalidUnicode
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}

/// Writes JSON text into a byte array: keys in the order written (callers
/// write them sorted), strings escaped per RFC 8259, numbers in a form that is
/// the same on every platform.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("label"); json.string("positive")
/// json.endObject()
/// String(decoding: json.bytes, as: UTF8.self)   // {"label":"positive"}
/// ```
package struct JSONWriter: Sendable {
  /// The text written so far.
  package private(set) var bytes: [UInt8] = []
  private var needsComma = false
  private let pretty: Bool
  private var depth = 0
  private var afterKey = false

  /// Creates a writer; `pretty` puts each member and element on a line of its
  /// own, indented by two spaces.
  package init(pretty: Bool = false) {
    self.pretty = pretty
  }

  /// The number of bytes written so far: the count of ``bytes``.
  package var byteCount: Int { bytes.count }

  /// Hands over the text written so far and starts an empty buffer, keeping
  /// the writer's place in the document: for writing large documents in
  /// chunks.
  package mutating func takeBytes() -> [UInt8] {
    let taken = bytes
    bytes = []
    bytes.reserveCapacity(taken.count)
    return taken
  }

  /// Starts a value: a comma and a new line unless it follows its key.
  private mutating func valueStart() {
    if afterKey {
      afterKey = false
    } else {
      separate()
    }
    needsComma = true
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    if pretty && depth > 0 { newline() }
  }

  private mutating func newline() {
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }

  /// Starts an object.
  package mutating func beginObject() {
    valueStart()
    bytes.append(UInt8(ascii: "{"))
    depth += 1
    needsComma = false
  }

  /// Ends the object; an empty one stays on one line.
  package mutating func endObject() {
    end(UInt8(ascii: "}"))
  }

  /// Starts an array.
  package mutating func beginArray() {
    valueStart()
    bytes.append(UInt8(ascii: "["))
    depth += 1
    needsComma = false
  }

  /// Ends the array.
  package mutating func endArray() {
    end(UInt8(ascii: "]"))
  }

  private mutating func end(_ byte: UInt8) {
    depth -= 1
    if pretty && needsComma { newline() }
    bytes.append(byte)
    needsComma = true
  }

  /// Writes a member name; the value written next belongs to it.
  package mutating func key(_ name: String) {
    separate()
    var name = name
    name.withUTF8 { appendQuoted($0.span) }
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(UInt8(ascii: " ")) }
    afterKey = true
  }

  /// Writes a string value.
  package mutating func string(_ value: String) {
    valueStart()
    var value = value
    value.withUTF8 { appendQuoted($0.span) }
  }

  /// Writes a string value given as valid UTF-8 bytes.
  package mutating func string(bytes value: Span<UInt8>) {
    valueStart()
    appendQuoted(value)
  }

  /// Writes an integer value.
  ///
  /// - Complexity: O(digits), without creating a `String`.
  package mutating func integer(_ value: Int) {
    valueStart()
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    FixedDecimal.appendDigits(UInt64(value.magnitude), to: &bytes)
  }

  /// Writes a number in Swift's shortest round-trip form (`0.5`, `1`); NaN
  /// and infinity, which JSON cannot hold, are written as `null`.
  package mutating func number(_ value: Double) {
    valueStart()
    guard value.isFinite else {
      bytes.append(contentsOf: "null".utf8)
      return
    }
    if value == value.rounded() && abs(value) < 1e15 {
      bytes.append(contentsOf: String(Int(value)).utf8)
    } else {
      bytes.append(contentsOf: value.description.utf8)
    }
  }

  /// Writes a number rounded to `digits` decimals (`0.8125`), or `null` when
  /// it is not finite.
  package mutating func number(_ value: Double, decimals digits: Int) {
    valueStart()
    guard value.isFinite else {
      bytes.append(contentsOf: "null".utf8)
      return
    }
    FixedDecimal.append(value, decimals: digits, to: &bytes)
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    valueStart()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `null`.
  package mutating func null() {
    valueStart()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes raw bytes that are already valid JSON.
  package mutating func raw(_ json: [UInt8]) {
    valueStart()
    bytes.append(contentsOf: json)
  }

  /// Writes `value` quoted: at once when nothing in it needs an escape
  /// (nearly always), else byte by byte.
  ///
  /// - Complexity: O(*n*).
  private mutating func appendQuoted(_ value: Span<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    if Self.anyNeedsEscape(value) {
      for index in value.indices {
        let byte = value[index]
        if Self.needsEscape(byte) {
          appendEscaped(byte)
        } else {
          bytes.append(byte)
        }
      }
    } else {
      bytes.append(copying: value)
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Whether a JSON string cannot hold some byte of `value` as it is. The
  /// loop reads every byte, without a branch, so that the compiler can
  /// vectorize it.
  private static func anyNeedsEscape(_ value: Span<UInt8>) -> Bool {
    var found: UInt8 = 0
    for index in value.indices {
      let byte = value[index]
      found |=
        (byte < 0x20 ? 1 : 0) | (byte == UInt8(ascii: "\"") ? 1 : 0)
        | (byte == UInt8(ascii: "\\") ? 1 : 0)
    }
    return found != 0
  }

  /// Whether a JSON string cannot hold `byte` as it is.
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Writes the escape of a byte that JSON strings cannot hold as it is.
  private mutating func appendEscaped(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
    case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
    case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
    case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
    case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
    default:
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: #"\u00"#.utf8)
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0xF)])
    }
  }
}

/// Formats numbers with a fixed number of decimals, without Foundation's
/// locale-dependent and slow `String(format:)`.
package enum FixedDecimal {
  /// The most bytes one number takes.
  package static let maximumLength = 32

  /// Appends `value` rounded half away from zero to `decimals` digits
  /// (`0.81249` with 4 → `0.8125`); `nan` when it is not finite.
  ///
  /// - Complexity: O(*d*) in the number of digits.
  package static func append(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
    guard value.isFinite else {
      bytes.append(contentsOf: "nan".utf8)
      return
    }
    // Past 15 decimals a Double has no more digits to give.
    let decimals = min(max(decimals, 0), 15)
    // 10^decimals is exact as a Double.
    var power: UInt64 = 1
    for _ in 0..<decimals { power *= 10 }
    let scaled = (abs(value) * Double(power)).rounded()
    guard scaled < 9e15 else {
      bytes.append(contentsOf: value.description.utf8.prefix(maximumLength))
      return
    }
    let units = UInt64(scaled)
    let integer = units / power
    if value < 0 && units > 0 { bytes.append(UInt8(ascii: "-")) }
    appendDigits(integer, to: &bytes)
    guard decimals > 0 else { return }
    bytes.append(UInt8(ascii: "."))
    appendDigits(units - integer * power, to: &bytes, minimumCount: decimals)
  }

  /// Calls `body` with each byte of `value` as ``append(_:decimals:to:)``
  /// writes it: for output that has a buffer of its own.
  package static func forEachByte(
    of value: Double, decimals: Int, _ body: (UInt8) throws -> Void
  ) rethrows {
    var bytes: [UInt8] = []
    append(value, decimals: decimals, to: &bytes)
    for byte in bytes { try body(byte) }
  }

  /// Appends the decimal digits of `value`, at least `minimumCount` of them
  /// (with leading zeros).
  ///
  /// - Complexity: O(digits).
  static func appendDigits(_ value: UInt64, to bytes: inout [UInt8], minimumCount: Int = 1) {
    // Most counts in a model file are one digit.
    if value < 10 && minimumCount <= 1 {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    var digits = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    digits = max(digits, minimumCount)
    // The length is known, so the digits go in right to left.
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    rest = value
    var index = start + digits
    while rest > 0 {
      index -= 1
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
  }

  /// `value` rounded to `decimals` digits, as a string.
  package static func string(_ value: Double, decimals: Int) -> String {
    var bytes: [UInt8] = []
    append(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
