#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The model file reader: one pass over the file's bytes, the one way a
/// model is loaded (``ModelFile/decode(_:)-([UInt8])``), for `--model PATH`
/// and the built-in model alike.
///
/// The two big members go straight from the file's bytes into the model's
/// tables, with no ``JSONValue`` tree and no `String` per token: each
/// `vocabulary` token is inserted into a ``Vocabulary`` from the file's bytes
/// (or, when it has escapes, from one reused buffer), and the `counts`
/// columns are read digit by digit, side by side, into the distinct rows of
/// counts (``CountRows``). The small members that ``ModelFile`` reads
/// (`format`, `options`, `metadata`, …) are parsed one by one into
/// ``JSONValue`` trees, at most ``smallMemberValues`` values in all, and
/// checked by ``ModelFile``; other members are checked as JSON but not
/// built, so that they cannot make loading take many times the file's size.
///
/// Members may come in any order and with any white space between tokens.
/// A syntax error anywhere is reported first, with its byte offset: where
/// the fast scan of a big member stops, the member is checked again by the
/// strict ``JSONParser``, which finds the error, or, when the member is
/// valid JSON, the problem is one of content (a count that is not written as
/// plain digits, a token that is not a non-empty string, a repeated token),
/// reported after the format and version are checked.
///
/// Why hand-written: `JSONDecoder` takes 64 ms for the built-in model (a
/// generic JSON tree about twice this reader's time); see
/// `docs/performance.md`.
struct ModelFileReader {
  /// A file's members, the two big ones already decoded.
  struct Contents {
    /// Every member but `vocabulary` and `counts`, parsed.
    var members: [String: JSONValue]
    /// The vocabulary, the counts and the pairs' keys, or the first
    /// problem with their content.
    var features: Result<ModelFile.Features, ModelFileError>
    /// The bytes of the `checksum` member, its name to its value, with the
    /// comma after it (before it, when it is the last member): what its
    /// digest leaves out.
    var checksumRange: Range<Int>?
  }

  /// Why the scan of a big member stopped.
  private enum Failure: Error {
    /// Not what the scan reads: the strict parser decides.
    case unread
    /// Valid JSON, but not a valid member.
    case content(ModelFileError)
    /// Not JSON, as the strict parser would say.
    case syntax(JSONError)
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  /// The decoded bytes of the current token when it has escapes.
  private var scratch: [UInt8] = []

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Reads a model file's members.
  ///
  /// - Throws: ``ModelFileError/notJSON(reason:offset:)`` for a syntax
  ///   error; content problems are in ``Contents/features`` or found by
  ///   ``ModelFile`` in the members.
  /// - Complexity: O(*n*) in the file's size.
  static func read(_ bytes: Span<UInt8>) throws(ModelFileError) -> Contents {
    try bytes.withUnsafeBufferPointer { (bytes) throws(ModelFileError) in
      var reader = ModelFileReader(bytes: bytes)
      return try reader.file()
    }
  }

  // MARK: The file

  /// The members besides `vocabulary` and `counts` that ``ModelFile``
  /// reads: only these are built as ``JSONValue`` trees.
  static let readMembers: Set<String> = [
    "calibration", "checksum", "classes", "documents", "format", "lexicon", "metadata", "options",
    "provenance", "tokenizer", "version",
  ]

  /// The most values the members in ``readMembers`` may hold together. A
  /// model's hold a few thousand (a lexicon word is one; a merge's
  /// provenance lists its parts); the limit keeps their trees to tens of
  /// megabytes whatever the file holds.
  static let smallMemberValues = 1_000_000

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")

  /// Reads the root object and checks that nothing follows it.
  private mutating func file() throws(ModelFileError) -> Contents {
    var json = JSONParser(bytes: bytes)
    var members: [String: JSONValue] = [:]
    var counts: CountRows?
    var vocabulary: (Vocabulary, PairKeys)?
    var problems: [String: ModelFileError] = [:]
    var names: Set<String> = []
    var checksumRange: Range<Int>?
    var lastComma = 0
    var budget = Self.smallMemberValues
    var tooMany: String?
    if json.peek() != UInt8(ascii: "{") {
      // Not an object: the parser says why, or it is not a model.
      do {
        _ = try JSONValue.parse(bytes)
      } catch {
        throw .notJSON(reason: error.reason, offset: error.offset)
      }
      throw .notAModel
    }
    do throws(JSONError) {
      json.position += 1
      if json.peek() == UInt8(ascii: "}") {
        json.position += 1
      } else {
        while true {
          json.skipSpace()
          guard json.peek() == Self.quote else { throw json.error("expected a member name") }
          let nameStart = json.position
          let name = try json.string()
          try json.expect(UInt8(ascii: ":"))
          json.skipSpace()
          let start = json.position
          if !names.insert(name).inserted {
            // Where the generic parser finds it: after the value.
            try json.skipValue(depth: 1)
            throw json.error("duplicate member '\(name)'")
          }
          switch name {
          case "counts", "vocabulary":
            position = start
            do throws(Failure) {
              if name == "counts" {
                counts = try self.counts()
              } else {
                // The encoder writes `counts` first: its length is the usual size.
                vocabulary = try tokens(capacity: counts?.featureCount ?? 1024)
              }
              json.position = position
            } catch {
              // The first syntax error in the member, in file order, if any.
              try json.skipValue(depth: 1)
              switch error {
              case .syntax(let syntax): throw syntax
              case .content(let content): problems[name] = content
              case .unread: problems[name] = Self.unreadable(name)
              }
            }
          default:
            try json.skipValue(depth: 1)
            // Members that are not read are checked but not built, but for
            // strings: a damaged `checksum` name is recognized by its value.
            guard Self.readMembers.contains(name) || bytes[start] == Self.quote else { break }
            var member = JSONParser(bytes: bytes.extracting(start..<json.position))
            member.budget = budget
            do {
              members[name] = try member.value(depth: 1)
            } catch {
              if error.reason == JSONParser<UnsafeBufferPointer<UInt8>>.budgetReason {
                tooMany = name
                break
              }
              throw JSONError(offset: start + error.offset, reason: error.reason)
            }
            budget = member.budget
          }
          let valueEnd = json.position
          json.skipSpace()
          let comma = json.peek() == UInt8(ascii: ",")
          if name == "checksum" {
            checksumRange = comma ? nameStart..<json.position + 1 : lastComma..<valueEnd
          }
          guard comma else { break }
          lastComma = json.position
          json.position += 1
        }
        try json.expect(UInt8(ascii: "}"))
      }
      json.skipSpace()
      guard json.position == bytes.count else { throw json.error("unexpected data after the end") }
    } catch {
      throw ModelFileError.notJSON(reason: error.reason, offset: error.offset)
    }
    if let tooMany {
      throw ModelFileError.tooManyValues(member: tooMany, limit: Self.smallMemberValues)
    }
    let features: Result<ModelFile.Features, ModelFileError>
    // The vocabulary's problems first, a missing vocabulary included, then
    // the counts': the reference's order.
    if let problem = problems["vocabulary"] {
      features = .failure(problem)
    } else if vocabulary == nil {
      features = .failure(.missing("vocabulary"))
    } else if let problem = problems["counts"] {
      features = .failure(problem)
    } else if let (vocabulary, pairKeys) = vocabulary, let counts {
      features =
        counts.featureCount == vocabulary.count
        ? .success(
          ModelFile.Features(vocabulary: vocabulary, rows: counts, pairs: .keys(pairKeys)))
        : .failure(
          .inconsistent("\(counts.featureCount) counts per class for \(vocabulary.count) tokens"))
    } else {
      features = .failure(.missing(vocabulary == nil ? "vocabulary" : "counts.negative"))
    }
    return Contents(members: members, features: features, checksumRange: checksumRange)
  }

  /// The problem with a big member that is valid JSON but that the scan
  /// could not read.
  private static func unreadable(_ name: String) -> ModelFileError {
    name == "counts"
      ? .inconsistent("the counts are not one array of whole numbers ≥ 0 per class")
      : .missing("vocabulary")
  }

  /// Reads a member name written without escapes in printable ASCII (as the
  /// encoder writes every name).
  private mutating func memberName() throws(Failure) -> String {
    try expect(Self.quote)
    let start = position
    while position < bytes.count, bytes[position] != Self.quote {
      guard (0x20..<0x7F).contains(bytes[position]), bytes[position] != Self.backslash else {
        throw .unread
      }
      position += 1
    }
    let name = String(decoding: bytes[start..<position], as: UTF8.self)
    try expect(Self.quote)
    return name
  }

  // MARK: Counts

  /// Reads the `counts` object, one column per class in any order, all of
  /// the same length: the columns are found first, then read side by side,
  /// a feature's counts at a time, into rows (no feature id × class table).
  ///
  /// - Complexity: O(*n*) in the object's length in bytes.
  private mutating func counts() throws(Failure) -> CountRows {
    // Where each class's column starts, just after its `[`; -1 until found.
    var columns = PerClass(negative: -1, neutral: -1, positive: -1)
    guard try next() == UInt8(ascii: "{") else { throw .content(.missing("counts.negative")) }
    repeat {
      skipSpace()
      let name = try memberName()
      skipSpace()
      try expect(UInt8(ascii: ":"))
      skipSpace()
      guard let label = Sentiment.allCases.first(where: { $0.name == name }) else {
        // A column for no class: checked and ignored.
        try skipStrictly()
        skipSpace()
        continue
      }
      guard columns[label] < 0 else {
        try skipStrictly()
        throw .syntax(JSONError(offset: position, reason: "duplicate member '\(name)'"))
      }
      guard try next() == UInt8(ascii: "[") else { throw .content(.missing("counts.\(name)")) }
      columns[label] = position
      // Only numbers are read: anything else, `]` included, is found then.
      guard let base = bytes.baseAddress,
        let close = memchr(base + position, Int32(UInt8(ascii: "]")), bytes.count - position)
      else { throw .unread }
      position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(close)) + 1
      skipSpace()
    } while try next() == UInt8(ascii: ",")
    guard bytes[position - 1] == UInt8(ascii: "}") else { throw .unread }
    if let missing = Sentiment.allCases.first(where: { columns[$0] < 0 }) {
      throw .content(.missing("counts.\(missing.name)"))
    }
    let end = position
    var rows = CountRows(capacity: elementCount(from: columns.negative))
    var isEmpty = true
    for label in Sentiment.allCases {
      position = columns[label]
      skipSpace()
      let empty = position < bytes.count && bytes[position] == UInt8(ascii: "]")
      guard label == .negative || empty == isEmpty else { throw .unread }
      isEmpty = empty
    }
    guard !isEmpty, let base = bytes.baseAddress else {
      position = end
      return rows
    }
    // Each column's read position and the row being read, inline: the loop
    // runs once per count, so no array (no uniqueness check per store).
    let classes = Sentiment.count
    var cursors: InlineArray<3, Int> = [columns.negative, columns.neutral, columns.positive]
    var row = InlineArray<3, Int>(repeating: 0)
    let size = bytes.count
    var isLast = false
    while !isLast {
      for label in 0..<classes {
        var at = cursors[label]
        Self.skipSpace(base, size, &at)
        row[label] = try count(at: &at, label: label)
        Self.skipSpace(base, size, &at)
        guard at < size else { throw .unread }
        let separator = base[at]
        at &+= 1
        guard separator == UInt8(ascii: ",") || separator == UInt8(ascii: "]"),
          label == 0 || (separator == UInt8(ascii: "]")) == isLast
        else { throw .unread }
        isLast = separator == UInt8(ascii: "]")
        cursors[label] = at
      }
      rows.append(row.span)
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

  /// Reads the count at `at`, moving past it: plain digits at once, any
  /// other spelling of a whole number (`-0`, `1.0`, `2e3`) by the strict
  /// parser.
  @inline(__always)
  private func count(at: inout Int, label: Int) throws(Failure) -> Int {
    if let base = bytes.baseAddress, let value = Self.plainCount(base, bytes.count, &at) {
      return value
    }
    var parser = JSONParser(bytes: bytes)
    parser.position = at
    guard bytes.indices.contains(at),
      bytes[at] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[at])
    else { throw .unread }
    let number: Double
    do {
      number = try parser.number()
    } catch {
      throw .syntax(error)
    }
    at = parser.position
    guard number >= 0, number < 9e15, let value = Int(exactly: number) else {
      let name = Sentiment.allCases[label].name
      throw .content(.inconsistent("a \(name) count is not a whole number ≥ 0"))
    }
    return value
  }

  /// Reads a count written as plain digits at `at`, moving past it: no
  /// sign, fraction or exponent; `nil` for any other spelling.
  ///
  /// - Complexity: O(1); at most 15 digits, which a `Double` holds exactly.
  @inline(__always)
  private static func plainCount(
    _ base: UnsafePointer<UInt8>, _ size: Int, _ at: inout Int
  ) -> Int? {
    let start = at
    var value = 0
    while at < size {
      let digit = base[at] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      at &+= 1
    }
    let digits = at &- start
    let isWhole =
      at == size || (base[at] != UInt8(ascii: ".") && base[at] | 0x20 != UInt8(ascii: "e"))
    // `01` is not JSON; longer numbers may not fit a `Double` exactly.
    guard digits > 0, digits <= 15, digits == 1 || base[start] != UInt8(ascii: "0"), isWhole else {
      at = start
      return nil
    }
    return value
  }

  // MARK: Vocabulary

  /// Reads the `vocabulary` array into a new vocabulary, and the keys of
  /// its pairs.
  ///
  /// - Complexity: O(*n*) in the array's length in bytes, amortized.
  private mutating func tokens(capacity: Int) throws(Failure) -> (Vocabulary, PairKeys) {
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
    guard bytes[position - 1] == UInt8(ascii: "]") else { throw .unread }
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
  ) throws(Failure) {
    try expect(Self.quote)
    let start = position
    let isASCII = skipPlainBytes()
    guard position < bytes.count else { throw .unread }
    if bytes[position] == Self.quote {
      let token = bytes.extracting(start..<position)
      position += 1
      try Self.insertNew(token, into: &vocabulary, checkingUTF8: !isASCII)
      pairKeys.add(token, in: vocabulary.view)
      return
    }
    guard bytes[position] == Self.backslash else { throw .unread }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: bytes.extracting(start..<position))
    try unescapeRest()
    try scratch.withUnsafeBufferPointer { (token) throws(Failure) in
      try Self.insertNew(token, into: &vocabulary, checkingUTF8: true)
      pairKeys.add(token, in: vocabulary.view)
    }
  }

  /// Skips the bytes of a string up to its closing quote, a backslash, a
  /// control character or the end, and tells whether they are all ASCII.
  /// (Eight bytes at a time saved 4–6 % of the instructions of loading a
  /// model, too little to keep: docs/performance.md.)
  ///
  /// - Complexity: O(*k*) in the number of bytes skipped.
  @inline(__always)
  private mutating func skipPlainBytes() -> Bool {
    var allBits: UInt8 = 0
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Self.quote || byte == Self.backslash || byte < 0x20 { break }
      allBits |= byte
      position += 1
    }
    return allBits & 0x80 == 0
  }

  /// Inserts a non-empty token that is not in `vocabulary` yet.
  ///
  /// - Throws: ``Failure/unread`` when it is empty or (when checked) not
  ///   UTF-8; a content problem when it is repeated.
  @inline(__always)
  private static func insertNew(
    _ token: UnsafeBufferPointer<UInt8>, into vocabulary: inout Vocabulary, checkingUTF8: Bool
  ) throws(Failure) {
    guard !token.isEmpty else { throw .unread }
    if checkingUTF8 && !isValidUTF8(token) { throw .unread }
    let before = vocabulary.count
    guard vocabulary.insert(buffer: token) == before else {
      let text = String(decoding: token, as: UTF8.self)
      throw .content(.inconsistent("the token '\(text.prefix(80))' is listed twice"))
    }
  }

  /// Decodes the rest of a string with escapes into `scratch`, up to and past
  /// its closing quote, as the generic parser decodes it.
  private mutating func unescapeRest() throws(Failure) {
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case Self.quote: return
      case Self.backslash: try escape()
      case ..<0x20: throw .unread
      default: scratch.append(byte)
      }
    }
    throw .unread
  }

  /// Decodes one escape after its backslash into `scratch`.
  private mutating func escape() throws(Failure) {
    do {
      try JSONEscape.decode(bytes, at: &position, into: &scratch)
    } catch {
      throw .unread
    }
  }

  /// Skips the value here as the strict parser checks it.
  private mutating func skipStrictly() throws(Failure) {
    var parser = JSONParser(bytes: bytes)
    parser.position = position
    do {
      try parser.skipValue(depth: 2)
    } catch {
      throw .syntax(error)
    }
    position = parser.position
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
  private mutating func expect(_ byte: UInt8) throws(Failure) {
    guard try next() == byte else { throw .unread }
  }

  /// Consumes and returns the next byte.
  @inline(__always)
  private mutating func next() throws(Failure) -> UInt8 {
    guard position < bytes.count else { throw .unread }
    position += 1
    return bytes[position - 1]
  }
}
