import Foundation

/// One page of a search response, whatever API version it came from.
public struct SearchResponsePage: Equatable, Sendable {
  /// The page's tweets, in the order the API sent them.
  public var tweets: [Tweet]
  /// The token for the next page (v2 `meta.next_token`), if there is one.
  public var nextToken: String?
  /// Problems the API reported alongside the data (v2 partial errors), as
  /// one-line messages.
  public var warnings: [String]

  /// Creates a page.
  public init(tweets: [Tweet], nextToken: String? = nil, warnings: [String] = []) {
    self.tweets = tweets
    self.nextToken = nextToken
    self.warnings = warnings
  }
}

/// Why a search response could not be decoded.
public enum SearchResponseError: LocalizedError, Equatable {
  /// The bytes are not JSON (`line` for a JSONL file, else 0).
  case notJSON(line: Int)
  /// The JSON is not a v2 or v1.1 search response.
  case unexpectedShape(line: Int, detail: String)
  /// The file holds no response at all.
  case empty

  public var errorDescription: String? {
    switch self {
    case .notJSON(let line):
      line > 0 ? "line \(line) is not valid JSON" : "the response is not valid JSON"
    case .unexpectedShape(let line, let detail):
      (line > 0 ? "line \(line): " : "") + "not an X API search response (\(detail))"
    case .empty:
      "the file is empty; expected an X API search response"
    }
  }
}

/// Decodes X API search responses: v2 (`data[]`, `includes.users`, `meta`,
/// `errors[]`, `note_tweet`) and v1.1 (`statuses[]`, `full_text` else
/// `text`). The HTTP source and the fixture source share it.
///
/// It reads the JSON text in one pass with ``JSONParser``: the members it
/// knows are decoded as they come, the others are checked and skipped
/// without being built. It gives what `JSONDecoder` with
/// `.convertFromSnakeCase` gave for these types, at a tenth of the cost: a
/// member is found by its name converted from snake case (`author_id` →
/// `authorId`, `AUTHOR_ID` too), the first of two that convert to the same
/// name counts, `null` is an absent member, a problem in the structure is
/// reported for the first member in declaration order, with its path
/// (`missing "text" in data[3]`), a number that is not a whole number (as a
/// `Double`, when written with a fraction or exponent) or does not fit in
/// 64 bits is not JSON, and a UTF-8 byte order mark is skipped. Unlike
/// `JSONDecoder`, it checks the members it skips as strictly as the others
/// (RFC 8259): a trailing comma, a leading zero, a bad escape or invalid
/// UTF-8 anywhere is not JSON, and so is text in UTF-16 or UTF-32.
public enum SearchResponseDecoder {
  /// Decodes one response object.
  ///
  /// - Throws: ``SearchResponseError``.
  public static func decodePage(_ data: Data, line: Int = 0) throws -> SearchResponsePage {
    try data.withUnsafeBytes { try decodePage($0.bindMemory(to: UInt8.self), line: line) }
  }

  /// Decodes one response object from UTF-8 bytes.
  ///
  /// - Throws: ``SearchResponseError``.
  /// - Complexity: O(*n*) in the number of bytes.
  static func decodePage(
    _ bytes: UnsafeBufferPointer<UInt8>, line: Int = 0
  ) throws(SearchResponseError) -> SearchResponsePage {
    var reader = ResponseReader(bytes: bytes)
    let decoded: Result<Response, Mismatch>
    do {
      decoded = try reader.document()
    } catch {
      throw .notJSON(line: line)
    }
    switch decoded {
    case .success(let response):
      return try response.page(line: line)
    case .failure(let mismatch):
      guard let detail = mismatch.detail else { throw .notJSON(line: line) }
      throw .unexpectedShape(line: line, detail: detail)
    }
  }

  /// Decodes a file: one response object, or JSONL with one page per line.
  ///
  /// - Throws: ``SearchResponseError``, naming the line for JSONL.
  /// - Complexity: O(*n*) in the file's size.
  public static func decodeFile(_ data: Data) throws -> [SearchResponsePage] {
    try data.withUnsafeBytes { try decodeFile($0.bindMemory(to: UInt8.self)) }
  }

  /// Decodes a file's UTF-8 bytes: one response object, or JSONL with one
  /// page per line.
  ///
  /// - Throws: ``SearchResponseError``, naming the line for JSONL.
  /// - Complexity: O(*n*) in the file's size.
  static func decodeFile(
    _ bytes: UnsafeBufferPointer<UInt8>
  ) throws(SearchResponseError) -> [SearchResponsePage] {
    guard bytes.contains(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
      throw .empty
    }
    let problem: SearchResponseError
    do {
      return [try decodePage(bytes)]
    } catch {
      problem = error
    }
    let lines = nonBlankLines(in: bytes)
    guard lines.count > 1 else { throw problem }
    // Not one object spread over lines: JSONL, one page per line.
    var pages: [SearchResponsePage] = []
    for line in lines {
      pages.append(
        try decodePage(UnsafeBufferPointer(rebasing: bytes[line.range]), line: line.number))
    }
    return pages
  }

  /// The lines of `bytes` (split at line feeds) that hold more than JSON
  /// white space: each line's number, from 1, and its bytes without the line
  /// feed.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  private static func nonBlankLines(in bytes: UnsafeBufferPointer<UInt8>) -> [Line] {
    var lines: [Line] = []
    var number = 1
    var start = 0
    var isBlank = true
    for index in bytes.indices {
      switch bytes[index] {
      case 0x0A:
        if !isBlank { lines.append(Line(number: number, range: start..<index)) }
        number += 1
        start = index + 1
        isBlank = true
      case 0x20, 0x0D, 0x09:
        break
      default:
        isBlank = false
      }
    }
    if !isBlank { lines.append(Line(number: number, range: start..<bytes.count)) }
    return lines
  }

  /// A line of a file: its number, from 1, and where its bytes are.
  private struct Line {
    var number: Int
    var range: Range<Int>
  }

  // MARK: Wire format

  private struct Response {
    var data: [V2Tweet]?
    var includes: Includes?
    var meta: Meta?
    var errors: [Problem]?
    var statuses: [V1Status]?
    var title: String?
    var detail: String?

    func page(line: Int) throws(SearchResponseError) -> SearchResponsePage {
      if let statuses {
        return SearchResponsePage(tweets: statuses.map(\.tweet))
      }
      guard data != nil || meta != nil || errors != nil else {
        if let title {
          throw .unexpectedShape(
            line: line, detail: "an API error: \(title)\(detail.map { ": \($0)" } ?? "")")
        }
        throw .unexpectedShape(line: line, detail: "no \"data\", \"meta\" or \"statuses\"")
      }
      var users: [String: String] = [:]
      for user in includes?.users ?? [] { users[user.id] = user.username }
      let tweets = (data ?? []).map { tweet in
        Tweet(
          id: tweet.id, text: HTMLEntities.decode(tweet.noteTweet?.text ?? tweet.text),
          createdAt: tweet.createdAt.flatMap(TweetDate.parseISO8601),
          language: tweet.lang, author: tweet.authorId.flatMap { users[$0] })
      }
      return SearchResponsePage(
        tweets: tweets, nextToken: meta?.nextToken,
        warnings: (errors ?? []).map(\.summary))
    }
  }

  private struct V2Tweet {
    var id: String
    var text: String
    var createdAt: String?
    var lang: String?
    var authorId: String?
    var noteTweet: NoteTweet?
  }

  private struct NoteTweet {
    var text: String
  }

  private struct Includes {
    var users: [User]?
  }

  private struct User {
    var id: String
    var username: String
  }

  private struct Meta {
    var nextToken: String?
    var resultCount: Int64?
  }

  private struct Problem {
    var title: String?
    var detail: String?
    var message: String?

    var summary: String {
      let parts = [title, detail ?? message].compactMap { $0 }
      return parts.isEmpty ? "unknown problem" : parts.joined(separator: ": ")
    }
  }

  private struct V1Status {
    var idStr: String?
    var id: Int64?
    var fullText: String?
    var text: String?
    var createdAt: String?
    var lang: String?
    var user: V1User?

    var tweet: Tweet {
      Tweet(
        id: idStr ?? id.map(String.init) ?? "",
        text: HTMLEntities.decode(fullText ?? text ?? ""),
        createdAt: createdAt.flatMap(TweetDate.parseV1), language: lang,
        author: user?.screenName)
    }
  }

  private struct V1User {
    var screenName: String?
  }

  // MARK: Reading

  /// A value that is valid JSON but not what a response holds there.
  private struct Mismatch: Error {
    enum Kind {
      /// A required member is absent.
      case missing(String)
      /// A value of another type, or `null` where one is required.
      case unexpected
      /// A number that is not a whole number or does not fit.
      case number
    }

    var kind: Kind
    /// Where, innermost first: `.text`, `[3]`, `.data`.
    var path: [String] = []

    /// What ``SearchResponseError/unexpectedShape(line:detail:)`` says, as
    /// `JSONDecoder`'s errors were described; `nil` for a number, which is
    /// reported as not JSON.
    var detail: String? {
      let at = path.isEmpty ? "top level" : String(path.reversed().joined().dropFirst(1))
      switch kind {
      case .missing(let key): return "missing \"\(key)\"" + (path.isEmpty ? "" : " in \(at)")
      case .unexpected: return "unexpected value at \(at)"
      case .number: return nil
      }
    }

    /// This mismatch inside the member or element `component`.
    func inside(_ component: String) -> Mismatch {
      var copy = self
      copy.path.append(component)
      return copy
    }
  }

  /// A decoded value, `nil` for `null`, or why it is not one.
  private typealias Decoded<Value> = Result<Value?, Mismatch>

  /// Reads a response. A syntax error is thrown at once, wherever it is; a
  /// mismatch is returned, and only once the whole text has been checked,
  /// so that a text that is not JSON is reported as such first.
  private struct ResponseReader {
    var json: JSONParser
    /// The nesting of the value being read, for the parser's limit.
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      json = JSONParser(bytes: bytes)
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { json.position = 3 }
    }

    /// The response that is the whole text.
    mutating func document() throws(JSONError) -> Result<Response, Mismatch> {
      let response = try self.response()
      guard json.peek() == nil else { throw json.error("unexpected data after the end") }
      return response.flatMap { $0.map { .success($0) } ?? .failure(Mismatch(kind: .unexpected)) }
    }

    mutating func response() throws(JSONError) -> Decoded<Response> {
      var response = Response()
      return try object(
        ["data", "includes", "meta", "errors", "statuses", "title", "detail"], required: 0
      ) { (reader, index) throws(JSONError) in
        switch index {
        case 0:
          return try reader.array { (reader) throws(JSONError) in try reader.v2Tweet() }
            .store(in: &response.data)
        case 1: return try reader.includes().store(in: &response.includes)
        case 2: return try reader.meta().store(in: &response.meta)
        case 3:
          return try reader.array { (reader) throws(JSONError) in try reader.problem() }
            .store(in: &response.errors)
        case 4:
          return try reader.array { (reader) throws(JSONError) in try reader.v1Status() }
            .store(in: &response.statuses)
        case 5: return try reader.string().store(in: &response.title)
        default: return try reader.string().store(in: &response.detail)
        }
      }.map { $0 ? response : nil }
    }

    mutating func v2Tweet() throws(JSONError) -> Decoded<V2Tweet> {
      var id: String?
      var text: String?
      var tweet = V2Tweet(id: "", text: "")
      return try object(
        ["id", "text", "createdAt", "lang", "authorId", "noteTweet"], required: 2
      ) { (reader, index) throws(JSONError) in
        switch index {
        case 0: return try reader.string(required: true).store(in: &id)
        case 1: return try reader.string(required: true).store(in: &text)
        case 2: return try reader.string().store(in: &tweet.createdAt)
        case 3: return try reader.string().store(in: &tweet.lang)
        case 4: return try reader.string().store(in: &tweet.authorId)
        default: return try reader.noteTweet().store(in: &tweet.noteTweet)
        }
      }.flatMap { isObject in
        guard isObject else { return .success(nil) }
        guard let id, let text else { return .failure(Mismatch(kind: .unexpected)) }
        tweet.id = id
        tweet.text = text
        return .success(tweet)
      }
    }

    mutating func noteTweet() throws(JSONError) -> Decoded<NoteTweet> {
      var text: String?
      return try object(["text"], required: 1) { (reader, _) throws(JSONError) in
        try reader.string(required: true).store(in: &text)
      }.flatMap { isObject in
        guard isObject else { return .success(nil) }
        guard let text else { return .failure(Mismatch(kind: .unexpected)) }
        return .success(NoteTweet(text: text))
      }
    }

    mutating func includes() throws(JSONError) -> Decoded<Includes> {
      var includes = Includes()
      return try object(["users"], required: 0) { (reader, _) throws(JSONError) in
        try reader.array { (reader) throws(JSONError) in try reader.user() }
          .store(in: &includes.users)
      }.map { $0 ? includes : nil }
    }

    mutating func user() throws(JSONError) -> Decoded<User> {
      var id: String?
      var username: String?
      return try object(["id", "username"], required: 2) { (reader, index) throws(JSONError) in
        index == 0
          ? try reader.string(required: true).store(in: &id)
          : try reader.string(required: true).store(in: &username)
      }.flatMap { isObject in
        guard isObject else { return .success(nil) }
        guard let id, let username else { return .failure(Mismatch(kind: .unexpected)) }
        return .success(User(id: id, username: username))
      }
    }

    mutating func meta() throws(JSONError) -> Decoded<Meta> {
      var meta = Meta()
      return try object(["nextToken", "resultCount"], required: 0) {
        (reader, index) throws(JSONError) in
        index == 0
          ? try reader.string().store(in: &meta.nextToken)
          : try reader.integer().store(in: &meta.resultCount)
      }.map { $0 ? meta : nil }
    }

    mutating func problem() throws(JSONError) -> Decoded<Problem> {
      var problem = Problem()
      return try object(["title", "detail", "message"], required: 0) {
        (reader, index) throws(JSONError) in
        switch index {
        case 0: return try reader.string().store(in: &problem.title)
        case 1: return try reader.string().store(in: &problem.detail)
        default: return try reader.string().store(in: &problem.message)
        }
      }.map { $0 ? problem : nil }
    }

    mutating func v1Status() throws(JSONError) -> Decoded<V1Status> {
      var status = V1Status()
      return try object(
        ["idStr", "id", "fullText", "text", "createdAt", "lang", "user"], required: 0
      ) { (reader, index) throws(JSONError) in
        switch index {
        case 0: return try reader.string().store(in: &status.idStr)
        case 1: return try reader.integer().store(in: &status.id)
        case 2: return try reader.string().store(in: &status.fullText)
        case 3: return try reader.string().store(in: &status.text)
        case 4: return try reader.string().store(in: &status.createdAt)
        case 5: return try reader.string().store(in: &status.lang)
        default: return try reader.v1User().store(in: &status.user)
        }
      }.map { $0 ? status : nil }
    }

    mutating func v1User() throws(JSONError) -> Decoded<V1User> {
      var user = V1User()
      return try object(["screenName"], required: 0) { (reader, _) throws(JSONError) in
        try reader.string().store(in: &user.screenName)
      }.map { $0 ? user : nil }
    }

    // MARK: Values

    /// Reads an object whose members' names, converted from snake case
    /// (``name(_:convertsTo:)``), may be `properties` (in declaration
    /// order, the first `required` of them required): `read` decodes the
    /// value of the first member for the property with the given index and
    /// returns its mismatch, if any; other members are checked and skipped.
    ///
    /// Gives `false` for `null`, and the mismatch of the first property in
    /// declaration order that has one (or is required and absent).
    mutating func object(
      _ properties: [StaticString], required: Int,
      _ read: (inout ResponseReader, Int) throws(JSONError) -> Mismatch?
    ) throws(JSONError) -> Result<Bool, Mismatch> {
      guard json.peek() == UInt8(ascii: "{") else { return try notAContainer() }
      depth += 1
      defer { depth -= 1 }
      json.position += 1
      var seen: UInt64 = 0
      var first: (index: Int, mismatch: Mismatch)?
      if json.peek() == UInt8(ascii: "}") {
        json.position += 1
      } else {
        while true {
          guard json.peek() == UInt8(ascii: "\"") else {
            throw json.error("expected a member name")
          }
          let index = try json.readString { name in
            properties.firstIndex { SearchResponseDecoder.name(name, convertsTo: $0) }
          }
          try json.expect(UInt8(ascii: ":"))
          json.skipSpace()
          if let index, seen & 1 << index == 0 {
            seen |= 1 << index
            if let mismatch = try read(&self, index), index < first?.index ?? .max {
              first = (index, mismatch.inside(".\(properties[index])"))
            }
          } else {
            try json.skipValue(depth: depth)
          }
          guard let next = json.peek() else { throw json.error("unexpected end of data") }
          json.position += 1
          if next == UInt8(ascii: ",") { continue }
          guard next == UInt8(ascii: "}") else {
            json.position -= 1
            throw json.error("expected '}'")
          }
          break
        }
      }
      for index in 0..<required where seen & 1 << index == 0 && index < first?.index ?? .max {
        first = (index, Mismatch(kind: .missing("\(properties[index])")))
      }
      return first.map { .failure($0.mismatch) } ?? .success(true)
    }

    /// Reads an array, each element with `element`: the elements, `nil`
    /// for `null`, or the mismatch of the first element that has one (an
    /// element may not be `null`).
    mutating func array<Element>(
      _ element: (inout ResponseReader) throws(JSONError) -> Decoded<Element>
    ) throws(JSONError) -> Decoded<[Element]> {
      guard json.peek() == UInt8(ascii: "[") else {
        return try notAContainer().map { _ in nil }
      }
      depth += 1
      defer { depth -= 1 }
      json.position += 1
      var elements: [Element] = []
      var mismatch: Mismatch?
      if json.peek() == UInt8(ascii: "]") {
        json.position += 1
        return .success(elements)
      }
      while true {
        json.skipSpace()
        if mismatch != nil {
          try json.skipValue(depth: depth)
        } else {
          switch try element(&self) {
          case .success(let value?): elements.append(value)
          case .success(nil): mismatch = Mismatch(kind: .unexpected).inside("[\(elements.count)]")
          case .failure(let problem): mismatch = problem.inside("[\(elements.count)]")
          }
        }
        guard let next = json.peek() else { throw json.error("unexpected end of data") }
        json.position += 1
        if next == UInt8(ascii: ",") { continue }
        guard next == UInt8(ascii: "]") else {
          json.position -= 1
          throw json.error("expected ']'")
        }
        return mismatch.map { .failure($0) } ?? .success(elements)
      }
    }

    /// Reads a string; `null` is `nil`, or a mismatch when `required`.
    mutating func string(required: Bool = false) throws(JSONError) -> Decoded<String> {
      guard json.peek() == UInt8(ascii: "\"") else {
        return try notAValue(required: required)
      }
      return .success(try json.string())
    }

    /// Reads a whole number that fits in 64 bits, written as an integer or
    /// not (`1e3`, `2.0`); `null` is `nil`.
    mutating func integer() throws(JSONError) -> Decoded<Int64> {
      guard let next = json.peek(), next == UInt8(ascii: "-") || (0x30...0x39).contains(next)
      else { return try notAValue(required: false) }
      let (text, isInteger) = try json.numberText()
      if isInteger {
        let negative = text[0] == UInt8(ascii: "-")
        var magnitude: UInt64 = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
          let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
          let (sum, carry) = times10.addingReportingOverflow(UInt64(byte - 0x30))
          guard !overflow, !carry else { return .failure(Mismatch(kind: .number)) }
          magnitude = sum
        }
        let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        guard magnitude <= limit else { return .failure(Mismatch(kind: .number)) }
        return .success(negative ? 0 &- Int64(truncatingIfNeeded: magnitude) : Int64(magnitude))
      }
      guard let double = Double(String(decoding: text, as: UTF8.self)),
        let value = Int64(exactly: double)
      else { return .failure(Mismatch(kind: .number)) }
      return .success(value)
    }

    /// For a value that is not the container read: `false` for `null`,
    /// else a mismatch; it is checked and skipped.
    private mutating func notAContainer() throws(JSONError) -> Result<Bool, Mismatch> {
      let isNull = json.peek() == UInt8(ascii: "n")
      try json.skipValue(depth: depth)
      return isNull ? .success(false) : .failure(Mismatch(kind: .unexpected))
    }

    /// For a value that is not the scalar read: `nil` for `null` (a
    /// mismatch when `required`), else a mismatch; it is checked and
    /// skipped.
    private mutating func notAValue<Value>(required: Bool) throws(JSONError) -> Decoded<Value> {
      let isNull = json.peek() == UInt8(ascii: "n")
      try json.skipValue(depth: depth)
      return isNull && !required ? .success(nil) : .failure(Mismatch(kind: .unexpected))
    }
  }

  // MARK: Member names

  /// Whether the member name `name` is `property` once converted as
  /// `JSONDecoder`'s `.convertFromSnakeCase` converts names: a name
  /// without `_` is kept; else the leading and trailing `_` are kept and
  /// the words between the others are joined, the first lower-cased and
  /// the others capitalized (`author_id`, `AUTHOR_ID`, `author__id` →
  /// `authorId`). `property` is ASCII letters.
  static func name(_ name: UnsafeBufferPointer<UInt8>, convertsTo property: StaticString) -> Bool {
    let expected = UnsafeBufferPointer(
      start: property.utf8Start, count: property.utf8CodeUnitCount)
    // `property` has no `_`: a name equal to it converts to it, and any
    // other name without `_` converts to itself.
    if name.count == expected.count && (0..<name.count).allSatisfy({ name[$0] == expected[$0] }) {
      return true
    }
    guard name.contains(UInt8(ascii: "_")) else { return false }
    guard name.allSatisfy({ $0 < 0x80 }) else {
      return convertFromSnakeCase(String(decoding: name, as: UTF8.self))
        == String(decoding: expected, as: UTF8.self)
    }
    // ASCII: anything but letters between the words stays, and a leading
    // or trailing `_` too, so only letters and inner `_` can match.
    guard name.first != UInt8(ascii: "_"), name.last != UInt8(ascii: "_") else { return false }
    var matched = 0
    var isFirstWord = true
    var startsWord = true
    for byte in name {
      if byte == UInt8(ascii: "_") {
        isFirstWord = false
        startsWord = true
        continue
      }
      let lower = byte | 0x20
      guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return false }
      let converted = startsWord && !isFirstWord ? lower & ~0x20 : lower
      startsWord = false
      guard matched < expected.count, expected[matched] == converted else { return false }
      matched += 1
    }
    return matched == expected.count
  }

  /// `JSONDecoder`'s `.convertFromSnakeCase` for any name.
  static func convertFromSnakeCase(_ name: String) -> String {
    guard let first = name.firstIndex(where: { $0 != "_" }) else { return name }
    var last = name.index(before: name.endIndex)
    while last > first && name[last] == "_" { name.formIndex(before: &last) }
    let words = name[first...last].split(separator: "_")
    guard words.count > 1 else { return name }
    return String(name[..<first])
      + ([words[0].lowercased()] + words.dropFirst().map(\.capitalized)).joined()
      + String(name[name.index(after: last)...])
  }
}

extension Result {
  /// Stores a decoded value in `value` and gives `nil`, or gives the
  /// mismatch.
  fileprivate func store<Value>(in value: inout Value?) -> Failure?
  where Success == Value? {
    switch self {
    case .success(let decoded):
      value = decoded
      return nil
    case .failure(let failure):
      return failure
    }
  }
}
