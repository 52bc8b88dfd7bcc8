#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-pass reader of model files: the fast path of ``ModelFile/decode(_:)``.
///
/// The two big members go straight from the file's bytes into the model's
/// tables, with no ``JSONValue`` tree and no `String` per token: each
/// `vocabulary` token is inserted into a ``Vocabulary`` from the file's bytes
/// (or, when it has escapes, from one reused buffer), and the `counts`
/// columns are read digit by digit, side by side, into the distinct rows of
/// counts (``CountRows``). The small members (`format`,
/// `options`, `metadata`, unknown ones, …) are parsed one by one with
/// ``JSONValue/parse(_:)`` and checked by the same code as in the generic
/// path.
///
/// The reader accepts no file that the generic parser rejects, and it
/// declines rather than reports: anything it does not handle or finds wrong
/// (a syntax error, an escaped member name, a count written as `1.0`, a
/// repeated token, columns of another length than the vocabulary, …) makes
/// ``read(_:)`` return `nil`, and ``ModelFile/decode(_:)`` then decodes the
/// file with the generic parser, which finds the problem and reports it.
/// Members may come in any order and with any white space between tokens.
struct ModelFileReader {
  /// A file's members, the two big ones already decoded.
  struct Contents {
    /// Every member but `vocabulary` and `counts`, parsed.
    var members: [String: JSONValue]
    /// The same members' names and where their values' text is in the
    /// file, in file order.
    var memberTexts: [(name: String, range: Range<Int>)]
    /// The `vocabulary` tokens, with ids in file order.
    var vocabulary: Vocabulary
    /// Feature id × class → count, from the `counts` columns.
    var counts: CountRows
    /// The keys of the vocabulary's pairs, gathered as it was read.
    var pairKeys: PairKeys
  }

  /// Thrown inside the reader when it declines a file.
  private struct Declined: Error {}

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  /// The decoded bytes of the current token when it has escapes.
  private var scratch: [UInt8] = []

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Reads a model file's members, or returns `nil` when the file is not
  /// one that this reader handles (see the type's documentation).
  ///
  /// - Complexity: O(*n*) in the file's size.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Contents? {
    var reader = ModelFileReader(bytes: bytes)
    do {
      return try reader.file()
    } catch {
      return nil
    }
  }

  // MARK: The file

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")

  /// Reads the root object and checks that nothing follows it.
  private mutating func file() throws(Declined) -> Contents {
    var members: [String: JSONValue] = [:]
    var memberTexts: [(name: String, range: Range<Int>)] = []
    var counts: CountRows?
    var vocabulary: (Vocabulary, PairKeys)?
    skipSpace()
    try expect(UInt8(ascii: "{"))
    while true {
      skipSpace()
      let name = try memberName()
      skipSpace()
      try expect(UInt8(ascii: ":"))
      skipSpace()
      switch name {
      case "counts":
        guard counts == nil else { throw Declined() }
        counts = try self.counts()
      case "vocabulary":
        guard vocabulary == nil else { throw Declined() }
        // The encoder writes `counts` first, so its length is the usual size.
        vocabulary = try tokens(capacity: counts?.featureCount ?? 1024)
      default:
        let value: JSONValue
        let start = position
        do {
          value = try JSONValue.parse(try skipValue())
        } catch {
          throw Declined()
        }
        guard members.updateValue(value, forKey: name) == nil else { throw Declined() }
        memberTexts.append((name, start..<position))
      }
      skipSpace()
      if try next() != UInt8(ascii: ",") { break }
    }
    guard bytes[position - 1] == UInt8(ascii: "}") else { throw Declined() }
    skipSpace()
    guard position == bytes.count, let (vocabulary, pairKeys) = vocabulary, let counts,
      counts.featureCount == vocabulary.count
    else { throw Declined() }
    return Contents(
      members: members, memberTexts: memberTexts, vocabulary: vocabulary, counts: counts,
      pairKeys: pairKeys)
  }

  /// Reads a member name written without escapes in printable ASCII (as the
  /// encoder writes every name).
  private mutating func memberName() throws(Declined) -> String {
    try expect(Self.quote)
    let start = position
    while position < bytes.count, bytes[position] != Self.quote {
      guard (0x20..<0x7F).contains(bytes[position]), bytes[position] != Self.backslash else {
        throw Declined()
      }
      position += 1
    }
    let name = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    try expect(Self.quote)
    return name
  }

  /// Skips a value of at most 64 levels of nesting and returns its bytes,
  /// which the caller parses exactly; this only finds where the value ends.
  private mutating func skipValue() throws(Declined) -> UnsafeBufferPointer<UInt8> {
    let start = position
    var depth = 0
    while position < bytes.count {
      switch bytes[position] {
      case Self.quote:
        position += 1
        while position < bytes.count, bytes[position] != Self.quote {
          position += bytes[position] == Self.backslash ? 2 : 1
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        // Deeper values go to the generic parser, whose limit counts the root.
        guard depth <= 64 else { throw Declined() }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return UnsafeBufferPointer(rebasing: bytes[start..<position]) }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 0 { return UnsafeBufferPointer(rebasing: bytes[start..<position]) }
      default:
        break
      }
      position += 1
    }
    throw Declined()
  }

  // MARK: Counts

  /// Reads the `counts` object, one column per class in any order, all of
  /// the same length: the columns are found first, then read side by side,
  /// a feature's counts at a time, into rows (no feature id × class table).
  ///
  /// - Complexity: O(*n*) in the object's length in bytes.
  private mutating func counts() throws(Declined) -> CountRows {
    // Where each class's column starts, just after its `[`.
    var columns = [Int](repeating: -1, count: Sentiment.count)
    try expect(UInt8(ascii: "{"))
    repeat {
      skipSpace()
      let name = try memberName()
      guard let label = Sentiment.allCases.first(where: { $0.name == name }),
        columns[label.rawValue] < 0
      else { throw Declined() }
      skipSpace()
      try expect(UInt8(ascii: ":"))
      skipSpace()
      try expect(UInt8(ascii: "["))
      columns[label.rawValue] = position
      // Only numbers are read: anything else, `]` included, is found then.
      guard let base = bytes.baseAddress,
        let close = memchr(base + position, Int32(UInt8(ascii: "]")), bytes.count - position)
      else { throw Declined() }
      position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(close)) + 1
      skipSpace()
    } while try next() == UInt8(ascii: ",")
    guard bytes[position - 1] == UInt8(ascii: "}"), !columns.contains(-1) else {
      throw Declined()
    }
    let end = position
    var rows = CountRows(capacity: elementCount(from: columns[0]))
    var isEmpty = true
    for label in columns.indices {
      position = columns[label]
      skipSpace()
      let empty = position < bytes.count && bytes[position] == UInt8(ascii: "]")
      guard label == 0 || empty == isEmpty else { throw Declined() }
      isEmpty = empty
    }
    guard !isEmpty, let base = bytes.baseAddress else {
      position = end
      return rows
    }
    // Each column's read position and the row being read, in memory of
    // their own: the loop runs once per count, so no array checks.
    let classes = Sentiment.count
    let cursors = UnsafeMutablePointer<Int>.allocate(capacity: classes)
    defer { cursors.deallocate() }
    cursors.initialize(from: columns, count: classes)
    let row = UnsafeMutablePointer<Int>.allocate(capacity: classes)
    defer { row.deallocate() }
    row.initialize(repeating: 0, count: classes)
    let size = bytes.count
    var isLast = false
    while !isLast {
      for label in 0..<classes {
        var at = cursors[label]
        Self.skipSpace(base, size, &at)
        row[label] = try Self.count(base, size, &at)
        Self.skipSpace(base, size, &at)
        guard at < size else { throw Declined() }
        let separator = base[at]
        at &+= 1
        guard separator == UInt8(ascii: ",") || separator == UInt8(ascii: "]"),
          label == 0 || (separator == UInt8(ascii: "]")) == isLast
        else { throw Declined() }
        isLast = separator == UInt8(ascii: "]")
        cursors[label] = at
      }
      rows.append(UnsafeBufferPointer(start: row, count: classes))
    }
    position = end
    return rows
  }

  /// The number of elements of the array of numbers whose first element
  /// starts at `start`, from its commas; whether it is a valid array is
  /// found when it is read.
  private func elementCount(from start: Int) -> Int {
    var commas = 0
    var isEmpty = true
    for byte in bytes[start...] {
      switch byte {
      case UInt8(ascii: "]"): return isEmpty ? 0 : commas + 1
      case UInt8(ascii: ","): commas += 1
      case 0x20, 0x09, 0x0A, 0x0D: break
      default: isEmpty = false
      }
    }
    return 0
  }

  /// Reads a count written as plain digits at `at`, moving past it: no
  /// sign, fraction or exponent.
  ///
  /// - Complexity: O(1); at most 15 digits, which a `Double` holds exactly.
  @inline(__always)
  private static func count(
    _ base: UnsafePointer<UInt8>, _ size: Int, _ at: inout Int
  ) throws(Declined) -> Int {
    let start = at
    var value = 0
    while at < size {
      let digit = base[at] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      at &+= 1
    }
    let digits = at &- start
    // `01` is not JSON; longer numbers are left to the generic parser.
    guard digits > 0, digits <= 15, digits == 1 || base[start] != UInt8(ascii: "0") else {
      throw Declined()
    }
    return value
  }

  // MARK: Vocabulary

  /// Reads the `vocabulary` array into a new vocabulary, and the keys of
  /// its pairs; an empty, repeated or non-string token declines.
  ///
  /// - Complexity: O(*n*) in the array's length in bytes, amortized.
  private mutating func tokens(capacity: Int) throws(Declined) -> (Vocabulary, PairKeys) {
    // The rest of the file bounds the tokens' bytes, so the arena is never
    // copied to grow; the room left over is never touched.
    var vocabulary = Vocabulary(capacity: capacity, tokenBytes: bytes.count - position)
    let pairKeys = PairKeys(capacity: capacity)
    try expect(UInt8(ascii: "["))
    skipSpace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
      position += 1
      return (vocabulary, pairKeys)
    }
    repeat {
      skipSpace()
      try token(into: &vocabulary, pairKeys: pairKeys)
      skipSpace()
    } while try next() == UInt8(ascii: ",")
    guard bytes[position - 1] == UInt8(ascii: "]") else { throw Declined() }
    return (vocabulary, pairKeys)
  }

  /// Reads one string and inserts it into `vocabulary` with the next id,
  /// and adds it to `pairKeys` while its tokens are still in the cache.
  ///
  /// A string without escapes is inserted from the file's bytes, and is
  /// checked to be UTF-8 only when it has a non-ASCII byte; one with escapes
  /// is decoded into `scratch` first.
  ///
  /// - Complexity: O(*k*) in the string's length in bytes, amortized.
  @inline(__always)
  private mutating func token(
    into vocabulary: inout Vocabulary, pairKeys: PairKeys
  ) throws(Declined) {
    try expect(Self.quote)
    let start = position
    let isASCII = skipPlainBytes()
    guard position < bytes.count else { throw Declined() }
    if bytes[position] == Self.quote {
      let token = UnsafeBufferPointer(rebasing: bytes[start..<position])
      position += 1
      guard Self.insertNew(token, into: &vocabulary, checkingUTF8: !isASCII) else {
        throw Declined()
      }
      pairKeys.add(token, in: vocabulary.view)
      return
    }
    guard bytes[position] == Self.backslash else { throw Declined() }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
    try unescapeRest()
    let inserted = scratch.withUnsafeBufferPointer {
      guard Self.insertNew($0, into: &vocabulary, checkingUTF8: true) else { return false }
      pairKeys.add($0, in: vocabulary.view)
      return true
    }
    guard inserted else { throw Declined() }
  }

  /// Skips the bytes of a string up to its closing quote, a backslash, a
  /// control character or the end, eight at a time, and tells whether they
  /// are all ASCII.
  ///
  /// - Complexity: O(*k*) in the number of bytes skipped.
  @inline(__always)
  private mutating func skipPlainBytes() -> Bool {
    let highBits = ByteChunk.highBits
    var allBits: UInt64 = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while position &+ 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        // The lowest flagged byte is exactly the first that stops the string.
        let stops = ByteChunk.jsonStringStops(word)
        if stops != 0 {
          let length = stops.trailingZeroBitCount &>> 3
          allBits |= word & ((1 &<< UInt64(length &* 8)) &- 1)
          position &+= length
          return allBits & highBits == 0
        }
        allBits |= word
        position &+= 8
      }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Self.quote || byte == Self.backslash || byte < 0x20 { break }
      allBits |= UInt64(byte)
      position += 1
    }
    return allBits & highBits == 0
  }

  /// Inserts a non-empty token that is not in `vocabulary` yet, as the
  /// generic path requires; `false` when it is empty, repeated or (when
  /// checked) not UTF-8.
  @inline(__always)
  private static func insertNew(
    _ token: UnsafeBufferPointer<UInt8>, into vocabulary: inout Vocabulary, checkingUTF8: Bool
  ) -> Bool {
    guard !token.isEmpty else { return false }
    if checkingUTF8 && !JSONParser.isValidUTF8(token) { return false }
    let before = vocabulary.count
    return vocabulary.insert(token) == before
  }

  /// Decodes the rest of a string with escapes into `scratch`, up to and past
  /// its closing quote, as the generic parser decodes it.
  private mutating func unescapeRest() throws(Declined) {
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case Self.quote: return
      case Self.backslash: try escape()
      case ..<0x20: throw Declined()
      default: scratch.append(byte)
      }
    }
    throw Declined()
  }

  /// Decodes one escape after its backslash into `scratch`.
  private mutating func escape() throws(Declined) {
    do {
      try JSONEscape.decode(bytes, at: &position, into: &scratch)
    } catch {
      throw Declined()
    }
  }

  // MARK: Bytes

  /// Skips JSON white space.
  @inline(__always)
  private mutating func skipSpace() {
    guard let base = bytes.baseAddress else { return }
    Self.skipSpace(base, bytes.count, &position)
  }

  /// Skips JSON white space from `at`, below `size`.
  @inline(__always)
  private static func skipSpace(_ base: UnsafePointer<UInt8>, _ size: Int, _ at: inout Int) {
    while at < size {
      switch base[at] {
      case 0x20, 0x09, 0x0A, 0x0D: at &+= 1
      default: return
      }
    }
  }

  /// Consumes `byte`, which must come next.
  @inline(__always)
  private mutating func expect(_ byte: UInt8) throws(Declined) {
    guard try next() == byte else { throw Declined() }
  }

  /// Consumes and returns the next byte.
  @inline(__always)
  private mutating func next() throws(Declined) -> UInt8 {
    guard position < bytes.count else { throw Declined() }
    position += 1
    return bytes[position - 1]
  }
}
