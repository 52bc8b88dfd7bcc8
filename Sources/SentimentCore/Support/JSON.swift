/// A parsed JSON value: the small reader behind model files, kept apart from
/// Foundation so that loading the default model is fast and deterministic.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number; integers up to 2^53 are exact.
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// An object's members in file order (duplicates are rejected by the
  /// parser).
  case object([String: JSONValue])

  /// Parses one JSON text (RFC 8259) from UTF-8 bytes.
  ///
  /// - Throws: ``JSONError`` with the byte offset of the first problem.
  /// - Complexity: O(*n*); nesting deeper than 512 levels is an error.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.position == bytes.count else {
      throw parser.error("unexpected data after the end")
    }
    return value
  }

  /// Parses one JSON text from a byte array.
  public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
    do {
      return try bytes.withUnsafeBufferPointer { buffer in try parse(buffer) }
    } catch let error as JSONError {
      throw error
    } catch {
      throw JSONError(offset: 0, reason: "\(error)")
    }
  }

  /// The member `key` of an object, or `nil`.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}

/// Why a JSON text could not be parsed.
public struct JSONError: Error, Equatable, Sendable {
  /// The byte offset where the problem was found.
  public var offset: Int
  /// What was wrong.
  public var reason: String
}

/// A strict reader of JSON text (RFC 8259): ``JSONValue/parse(_:)`` builds
/// values with it, and a decoder that needs only some members of a large
/// text can read those and check the rest with ``skipValue(depth:)``,
/// which builds nothing.
struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  func error(_ reason: String) -> JSONError {
    JSONError(offset: position, reason: reason)
  }

  mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// The next byte after white space, which it skips, or `nil` at the end.
  mutating func peek() -> UInt8? {
    skipSpace()
    return position < bytes.count ? bytes[position] : nil
  }

  /// Checks the value that starts here, as ``value(depth:)`` would parse
  /// it, without building it; duplicate member names are not looked for.
  ///
  /// - Complexity: O(*n*) in the value's length; no allocation but for
  ///   escaped strings.
  mutating func skipValue(depth: Int) throws(JSONError) {
    guard depth < 512 else { throw error("nested too deeply") }
    guard position < bytes.count else { throw error("unexpected end of data") }
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
          guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw error("expected a member name")
          }
          try readString { _ in }
          try expect(UInt8(ascii: ":"))
          skipSpace()
        }
        try skipValue(depth: depth + 1)
        skipSpace()
        guard position < bytes.count else { throw error("unexpected end of data") }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          continue
        }
        try expect(end)
        return
      }
    case UInt8(ascii: "\""): try readString { _ in }
    case UInt8(ascii: "t"): _ = try literal("true", .bool(true))
    case UInt8(ascii: "f"): _ = try literal("false", .bool(false))
    case UInt8(ascii: "n"): _ = try literal("null", .null)
    default: _ = try numberText()
    }
  }

  mutating func value(depth: Int) throws(JSONError) -> JSONValue {
    guard depth < 512 else { throw error("nested too deeply") }
    guard position < bytes.count else { throw error("unexpected end of data") }
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

  mutating func literal(_ text: StaticString, _ value: JSONValue) throws(JSONError) -> JSONValue {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { throw error("unexpected end of data") }
    for index in 0..<count where bytes[position + index] != text.utf8Start[index] {
      throw error("unexpected character")
    }
    position += count
    return value
  }

  mutating func expect(_ byte: UInt8) throws(JSONError) {
    skipSpace()
    guard position < bytes.count else { throw error("unexpected end of data") }
    guard bytes[position] == byte else {
      throw error("expected '\(Character(Unicode.Scalar(byte)))'")
    }
    position += 1
  }

  mutating func object(depth: Int) throws(JSONError) -> JSONValue {
    position += 1
    var members: [String: JSONValue] = [:]
    skipSpace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
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
      guard position < bytes.count else { throw error("unexpected end of data") }
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
    if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value(depth: depth + 1))
      skipSpace()
      guard position < bytes.count else { throw error("unexpected end of data") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "]"))
      return .array(elements)
    }
  }

  mutating func number() throws(JSONError) -> Double {
    let (text, isInteger) = try numberText()
    let negative = text[0] == UInt8(ascii: "-")
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

  /// Reads the number that starts here, checking only its grammar: its
  /// bytes, and whether it has neither fraction nor exponent.
  mutating func numberText() throws(JSONError) -> (
    text: UnsafeBufferPointer<UInt8>, isInteger: Bool
  ) {
    let start = position
    if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
    func digits() -> Int {
      let from = position
      while position < bytes.count && bytes[position] >= 0x30 && bytes[position] <= 0x39 {
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
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      position += 1
      isInteger = false
      guard digits() > 0 else { throw error("expected digits after '.'") }
    }
    if position < bytes.count && bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      isInteger = false
      if position < bytes.count && (bytes[position] == 0x2B || bytes[position] == 0x2D) {
        position += 1
      }
      guard digits() > 0 else { throw error("expected digits in the exponent") }
    }
    return (UnsafeBufferPointer(rebasing: bytes[start..<position]), isInteger)
  }

  mutating func string() throws(JSONError) -> String {
    try readString { String(decoding: $0, as: UTF8.self) }
  }

  /// Reads the string that starts here and calls `body` with its decoded
  /// bytes, which are valid UTF-8: the text's own bytes when it has no
  /// escapes.
  mutating func readString<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) throws(JSONError) -> Result {
    position += 1
    let start = position
    var allBits: UInt8 = 0
    // Eight bytes at a time while none of them ends or escapes the string
    // or is a control character; the byte loop below finds which one does.
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      var chunks: UInt64 = 0
      while position &+ 8 <= bytes.count {
        let chunk = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        if ByteChunk.jsonStringStops(chunk) != 0 { break }
        chunks |= chunk
        position &+= 8
      }
      if chunks & ByteChunk.highBits != 0 { allBits = 0x80 }
    }
    // Fast path: no escapes, so the bytes between the quotes are the string.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
        position += 1
        guard allBits < 0x80 || Self.isValidUTF8(slice) else {
          throw error("invalid UTF-8 in a string")
        }
        return body(slice)
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw error("control character in a string") }
      allBits |= byte
      position += 1
    }
    var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return try decoded.withUnsafeBufferPointer { (decoded) throws(JSONError) in
          guard Self.isValidUTF8(decoded) else { throw error("invalid UTF-8 in a string") }
          return body(decoded)
        }
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

  /// Whether `bytes` are well-formed UTF-8.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var parser = Unicode.UTF8.ForwardParser()
    var input = bytes.makeIterator()
    while true {
      switch parser.parseScalar(from: &input) {
      case .valid: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
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
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, into output: inout [UInt8]
  ) throws(Problem) {
    guard position < bytes.count else { throw .truncated }
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
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
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
  private static func hex4(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int
  ) throws(Problem) -> UInt32 {
    guard position + 4 <= bytes.count else { throw .truncated }
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

/// Writes JSON text into a byte buffer: keys in the order written (callers
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
///
/// A copy of a writer shares its text until either writes (copy on write).
public struct JSONWriter: Sendable {
  /// The text written so far; writes go to it in place, not through array
  /// appends, which cost more than the few bytes most of them write.
  private var buffer = JSONBuffer()
  private var needsComma = false
  private let pretty: Bool
  private var depth = 0
  private var afterKey = false

  /// Creates a writer; `pretty` puts each member and element on a line of its
  /// own, indented by two spaces.
  public init(pretty: Bool = false) {
    self.pretty = pretty
  }

  /// The text written so far.
  public var bytes: [UInt8] { buffer.array }

  /// The number of bytes written so far: the count of ``bytes``, without
  /// copying them.
  public var byteCount: Int { buffer.count }

  /// Hands over the text written so far and starts an empty buffer, keeping
  /// the writer's place in the document: for writing large documents in
  /// chunks.
  public mutating func takeBytes() -> [UInt8] {
    let taken = buffer.array
    if isKnownUniquelyReferenced(&buffer) {
      buffer.count = 0
    } else {
      buffer = JSONBuffer()
    }
    return taken
  }

  /// Gives this writer a buffer of its own before it writes.
  @inline(__always)
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
  }

  /// Starts a value: a comma and a new line unless it follows its key.
  @inline(__always)
  private mutating func valueStart() {
    makeUnique()
    if afterKey {
      afterKey = false
    } else {
      separate()
    }
    needsComma = true
  }

  @inline(__always)
  private mutating func separate() {
    if needsComma { buffer.append(UInt8(ascii: ",")) }
    if pretty && depth > 0 { newline() }
  }

  private mutating func newline() {
    let indent = depth * 2
    let start = buffer.reserve(1 + indent)
    start.pointee = 0x0A
    (start + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
    buffer.count += 1 + indent
  }

  /// Starts an object.
  public mutating func beginObject() {
    valueStart()
    buffer.append(UInt8(ascii: "{"))
    depth += 1
    needsComma = false
  }

  /// Ends the object; an empty one stays on one line.
  public mutating func endObject() {
    end(UInt8(ascii: "}"))
  }

  /// Starts an array.
  public mutating func beginArray() {
    valueStart()
    buffer.append(UInt8(ascii: "["))
    depth += 1
    needsComma = false
  }

  /// Ends the array.
  public mutating func endArray() {
    end(UInt8(ascii: "]"))
  }

  private mutating func end(_ byte: UInt8) {
    makeUnique()
    depth -= 1
    if pretty && needsComma { newline() }
    buffer.append(byte)
    needsComma = true
  }

  /// Writes a member name; the value written next belongs to it.
  public mutating func key(_ name: String) {
    makeUnique()
    separate()
    appendQuoted(name)
    buffer.append(UInt8(ascii: ":"))
    if pretty { buffer.append(UInt8(ascii: " ")) }
    afterKey = true
  }

  /// Writes a string value.
  public mutating func string(_ value: String) {
    valueStart()
    appendQuoted(value)
  }

  /// Writes a string value given as valid UTF-8 bytes.
  public mutating func string(bytes value: UnsafeBufferPointer<UInt8>) {
    valueStart()
    appendQuoted(value)
  }

  /// Writes an integer value.
  ///
  /// - Complexity: O(digits), without creating a `String`.
  public mutating func integer(_ value: Int) {
    valueStart()
    // Most counts in a model file are one digit.
    if UInt(bitPattern: value) < 10 {
      buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    // A sign and the 20 digits of the largest magnitude.
    var start = buffer.reserve(21)
    if value < 0 {
      start.pointee = UInt8(ascii: "-")
      start += 1
    }
    let magnitude = UInt64(value.magnitude)
    let digits = FixedDecimal.digitCount(magnitude)
    FixedDecimal.writeDigits(magnitude, count: digits, to: start)
    buffer.count = start + digits - buffer.base
  }

  /// Writes a number in Swift's shortest round-trip form (`0.5`, `1`); NaN
  /// and infinity, which JSON cannot hold, are written as `null`.
  public mutating func number(_ value: Double) {
    valueStart()
    guard value.isFinite else {
      appendLiteral("null")
      return
    }
    if value == value.rounded() && abs(value) < 1e15 {
      appendText(String(Int(value)))
    } else {
      appendText(value.description)
    }
  }

  /// Writes a number rounded to `digits` decimals (`0.8125`), or `null` when
  /// it is not finite.
  public mutating func number(_ value: Double, decimals digits: Int) {
    valueStart()
    guard value.isFinite else {
      appendLiteral("null")
      return
    }
    let start = buffer.reserve(FixedDecimal.maximumLength)
    buffer.count += FixedDecimal.write(value, decimals: digits, to: start)
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    valueStart()
    appendLiteral(value ? "true" : "false")
  }

  /// Writes `null`.
  public mutating func null() {
    valueStart()
    appendLiteral("null")
  }

  /// Writes raw bytes that are already valid JSON.
  public mutating func raw(_ json: [UInt8]) {
    valueStart()
    json.withUnsafeBufferPointer { buffer.append($0) }
  }

  private mutating func appendLiteral(_ literal: StaticString) {
    buffer.append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  private mutating func appendText(_ text: String) {
    var text = text
    text.withUTF8 { buffer.append($0) }
  }

  private mutating func appendQuoted(_ value: String) {
    var value = value
    value.withUTF8 { appendQuoted($0) }
  }

  /// Writes `value` quoted: runs of bytes that need no escape at once, the
  /// others one by one.
  ///
  /// - Complexity: O(*n*).
  private mutating func appendQuoted(_ value: UnsafeBufferPointer<UInt8>) {
    buffer.append(UInt8(ascii: "\""))
    var runStart = 0
    var index = Self.plainPrefix(value)
    while index < value.count {
      let byte = value[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        buffer.append(UnsafeBufferPointer(rebasing: value[runStart..<index]))
        appendEscaped(byte)
        runStart = index + 1
      }
      index += 1
    }
    buffer.append(UnsafeBufferPointer(rebasing: value[runStart...]))
    buffer.append(UInt8(ascii: "\""))
  }

  /// How many bytes at the start of `value` need no escape, counted eight
  /// at a time: a multiple of eight, or all of them.
  ///
  /// - Complexity: O(*n*).
  @inline(__always)
  private static func plainPrefix(_ value: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = value.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index &+ 8 <= value.count {
      let chunk = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if ByteChunk.jsonStringStops(chunk) != 0 { return index }
      index &+= 8
    }
    return index
  }

  /// Writes the escape of a byte that JSON strings cannot hold as it is.
  private mutating func appendEscaped(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): appendLiteral("\\\"")
    case UInt8(ascii: "\\"): appendLiteral("\\\\")
    case 0x0A: appendLiteral("\\n")
    case 0x0D: appendLiteral("\\r")
    case 0x09: appendLiteral("\\t")
    case ..<0x20:
      let hex: StaticString = "0123456789abcdef"
      appendLiteral("\\u00")
      buffer.append(hex.utf8Start[Int(byte >> 4)])
      buffer.append(hex.utf8Start[Int(byte & 0xF)])
    default: buffer.append(byte)
    }
  }
}

/// The memory a ``JSONWriter`` writes to: bytes written in place, growing
/// by doubling.
private final class JSONBuffer: @unchecked Sendable {
  // Unchecked: a writer changes its buffer only when it holds the only
  // reference (`JSONWriter.makeUnique`), as arrays do.
  private(set) var base: UnsafeMutablePointer<UInt8>
  /// The bytes written: `base[0..<count]`.
  var count = 0
  private var capacity: Int

  init(capacity: Int = 256) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  func copy() -> JSONBuffer {
    let copy = JSONBuffer(capacity: capacity)
    copy.base.initialize(from: base, count: count)
    copy.count = count
    return copy
  }

  /// The bytes written, as an array.
  var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// Where the next bytes go, with room for `bytes` of them.
  @inline(__always)
  func reserve(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
    if count &+ bytes > capacity { grow(to: count + bytes) }
    return base + count
  }

  @inline(never)
  private func grow(to needed: Int) {
    var bigger = capacity * 2
    while bigger < needed { bigger *= 2 }
    let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
    memory.initialize(from: base, count: count)
    base.deallocate()
    base = memory
    capacity = bigger
  }

  @inline(__always)
  func append(_ byte: UInt8) {
    reserve(1).pointee = byte
    count &+= 1
  }

  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count).initialize(from: source, count: bytes.count)
    count &+= bytes.count
  }
}

/// Formats numbers with a fixed number of decimals, without Foundation's
/// locale-dependent and slow `String(format:)`.
public enum FixedDecimal {
  /// The most bytes ``write(_:decimals:to:)`` writes.
  public static let maximumLength = 32

  /// Appends `value` rounded half away from zero to `decimals` digits
  /// (`0.81249` with 4 → `0.8125`).
  public static func append(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { text in
      let count = write(value, decimals: decimals, to: text.baseAddress.unsafelyUnwrapped)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<count]))
    }
  }

  /// Writes `value` rounded half away from zero to `decimals` digits at
  /// `output`, which has room for ``maximumLength`` bytes, and returns how
  /// many bytes it wrote: ``append(_:decimals:to:)`` without an array, for
  /// output written line by line.
  ///
  /// - Complexity: O(*d*) in the number of digits; no allocation.
  public static func write(
    _ value: Double, decimals: Int, to output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard value.isFinite else { return copy("nan", to: output) }
    // Past 15 decimals a Double has no more digits to give.
    let decimals = min(max(decimals, 0), 15)
    // 10^decimals is exact as a Double.
    var power: UInt64 = 1
    for _ in 0..<decimals { power &*= 10 }
    let scaled = (abs(value) * Double(power)).rounded()
    guard scaled < 9e15 else { return copy(value.description, to: output) }
    let units = UInt64(scaled)
    let integer = units / power
    var start = output
    if value < 0 && units > 0 {
      start.pointee = UInt8(ascii: "-")
      start += 1
    }
    let integerDigits = digitCount(integer)
    writeDigits(integer, count: integerDigits, to: start)
    guard decimals > 0 else { return start - output + integerDigits }
    start[integerDigits] = UInt8(ascii: ".")
    writeDigits(units &- integer &* power, count: decimals, to: start + integerDigits + 1)
    return start - output + integerDigits + 1 + decimals
  }

  /// The number of decimal digits of `value`, 1 for 0.
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    var digits = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      digits &+= 1
    }
    return digits
  }

  /// Writes the last `count` decimal digits of `value` at `output`, with
  /// leading zeros: the length is known before the first byte is written,
  /// so the digits go right to left in place.
  @inline(__always)
  static func writeDigits(_ value: UInt64, count: Int, to output: UnsafeMutablePointer<UInt8>) {
    var value = value
    var index = count
    while index > 0 {
      index &-= 1
      output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
      value /= 10
    }
  }

  /// Copies at most ``maximumLength`` bytes of `text` to `output`.
  private static func copy(_ text: String, to output: UnsafeMutablePointer<UInt8>) -> Int {
    var count = 0
    for byte in text.utf8.prefix(maximumLength) {
      output[count] = byte
      count += 1
    }
    return count
  }

  /// `value` rounded to `decimals` digits, as a string.
  public static func string(_ value: Double, decimals: Int) -> String {
    var bytes: [UInt8] = []
    append(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
