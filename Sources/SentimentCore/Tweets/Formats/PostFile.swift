import Foundation

/// The formats of a file of posts that `tweetalyze --input` reads, told
/// apart by their content, never by the file's name. A new source's format
/// is one more case here and one more rule in
/// ``PostFile/detect(_:textColumns:)``.
package enum PostFileFormat: String, CaseIterable, Equatable, Sendable {
  /// X API search JSON: a v2 page (`{"data":[…]}`), JSONL of pages (twarc2,
  /// `--record`), a v1.1 search result (`{"statuses":[…]}`) or v1.1 and v2
  /// tweets, one per line.
  case xSearch
  /// Bluesky search JSON: an `app.bsky.feed.searchPosts` page
  /// (`{"posts":[…]}`) or JSONL of pages (`--record`).
  case blueskySearch
  /// Mastodon statuses: a status array (a tag timeline's page) or JSONL of
  /// arrays (`--record`).
  case mastodonStatuses
  /// CSV whose header names a text column.
  case csv
  /// Plain text, one post per line.
  case plainText

  /// The format as messages name it.
  package var name: String {
    switch self {
    case .xSearch: "X API search JSON (v2 pages, twarc2 JSONL, v1.1 search results or tweets)"
    case .blueskySearch: "Bluesky searchPosts JSON ({\"posts\":[…]} pages, or JSONL of them)"
    case .mastodonStatuses: "Mastodon status arrays ([{\"content\":…}, …], or JSONL of them)"
    case .csv: "CSV with a header naming a text column"
    case .plainText: "plain text, one post per line"
    }
  }
}

/// Why a file of posts could not be read: bad input data.
package enum PostFileError: LocalizedError, Equatable {
  /// The file holds nothing but white space.
  case empty
  /// Line `line` is not UTF-8 text.
  case invalidUTF8(line: Int)
  /// Line `line` is longer than `limit` bytes.
  case lineTooLong(line: Int, limit: Int)
  /// JSON of a shape that no format read here has.
  case unknownJSON(detail: String)
  /// JSON that is cut off or broken (`line` 0: the file as one object).
  case invalidJSON(line: Int)
  /// A Bluesky or Mastodon page of the wrong shape, as its decoder says.
  case invalidPage(PostDecodingError)
  /// `--text-column` names a column that the header lacks.
  case missingTextColumn(name: String, header: [String])
  /// A CSV problem (quotes, record length), as its message.
  case invalidCSV(String)
  /// An HTML document (a saved web page), not posts.
  case htmlDocument
  /// Bytes that are no text: a NUL byte, or mostly invalid UTF-8 or control
  /// characters (an image, a model, an executable).
  case binary
  /// A CSV header that names none of the text columns tried.
  case unknownTextColumn(header: [String], tried: [String])
  /// `--date-column` names a column that the header lacks.
  case missingDateColumn(name: String, header: [String])

  /// The formats read, as a list for messages.
  package static var formats: String {
    PostFileFormat.allCases.map(\.name).joined(separator: "; ")
  }

  /// A header's names, quoted, for messages (at most 20, each cut at 60
  /// characters).
  private static func list(_ header: [String]) -> String {
    header.prefix(20).map { "'\(String($0.prefix(60)))'" }.joined(separator: ", ")
  }

  package var errorDescription: String? {
    switch self {
    case .empty:
      "the file is empty; expected posts as \(Self.formats)"
    case .invalidUTF8(let line):
      "line \(line) is not UTF-8 text; convert the file to UTF-8 (iconv -t UTF-8)"
    case .lineTooLong(let line, let limit):
      "line \(line) is longer than \(limit >> 20) MiB, more than any post; "
        + "give one post, JSON page or CSV record per line"
    case .unknownJSON(let detail):
      "JSON that holds no posts tweetalyze reads (\(detail)); it reads \(Self.formats)"
    case .invalidJSON(let line):
      (line > 0 ? "line \(line) is not valid JSON" : "the JSON is not valid")
        + "; is the file cut off? Expected one JSON object, or one per line (JSONL)"
    case .invalidPage(let problem):
      problem.localizedDescription
    case .missingTextColumn(let name, let header):
      "the CSV header has no column '\(String(name.prefix(60)))' (it has \(Self.list(header))); "
        + "name the text column with --text-column"
    case .invalidCSV(let message):
      "not valid CSV: \(message)"
    case .htmlDocument:
      "an HTML page, not posts; save the API's JSON (or export the posts as CSV or text) "
        + "and give that; it reads \(Self.formats)"
    case .binary:
      "binary data (NUL bytes or mostly invalid UTF-8), not posts; it reads \(Self.formats)"
    case .unknownTextColumn(let header, let tried):
      "the CSV header names no text column (it has \(Self.list(header)); tried "
        + tried.map { "'\($0)'" }.joined(separator: ", ")
        + "); name the text column with --text-column NAME"
    case .missingDateColumn(let name, let header):
      "the CSV header has no column '\(String(name.prefix(60)))' (it has \(Self.list(header))); "
        + "name the date column with --date-column, or give --date-column none"
    }
  }
}

/// Which CSV column holds the posts' dates (`--date-column`).
package enum PostFileDateColumn: Equatable, Sendable {
  /// The first of ``PostFile/dateColumns`` the header has, if any.
  case automatic
  /// The column of this name (any case), which the header must have.
  case named(String)
  /// No column: every post is undated (`--date-column none`).
  case ignored
}

/// What reading a file found besides its posts.
package struct PostFileReport: Equatable, Sendable {
  /// The dates that could not be read, whose posts are undated.
  package var unreadableDates = 0
  /// The first of them, for messages.
  package var firstUnreadableDate: String?

  /// Creates an empty report.
  package init() {}
}

/// Reads the posts of a file in any ``PostFileFormat``: the bytes are
/// checked (UTF-8, at most 1 MiB a line), the format detected, and the
/// posts decoded with the X API, Bluesky or Mastodon decoders or the CSV
/// reader.
///
/// ```swift
/// let tweets = try PostFile.tweets(in: Array("so happy\nso sad\n".utf8))
/// tweets.count  // 2
/// ```
package enum PostFile {
  /// The longest line read: 1 MiB, as for every other input.
  package static var maximumLineBytes: Int { LineReader<MemorySource>.defaultMaximumLineBytes }
  /// The longest line of a JSON file: a page as `--record` writes it, one
  /// response a line, each at most 16 MiB
  /// (``HTTPTransportSettings/maximumResponseBytes``).
  package static let maximumPageLineBytes = 16 << 20
  /// Header names tried for a CSV's date column, which `--trend` reads.
  package static let dateColumns = ["created_at", "date"]
  /// Header names tried for a CSV's id column.
  package static let idColumns = ["id", "id_str", "tweet_id"]

  /// The format of `bytes`: JSON when the first character is `{` or `[`
  /// (after a byte order mark and white space), CSV when the first line is
  /// a header with one of `textColumns` (compared case-insensitively),
  /// else plain text. `nil` for a file of white space.
  ///
  /// JSON is Mastodon's when it starts with `[` (a status array; X's
  /// formats are objects); Bluesky's when the first object's members name
  /// `posts` but none of X's `data`, `meta` and `statuses`; else X's.
  ///
  /// - Complexity: O(*n*) in the first line's length, or the first JSON
  ///   object's.
  package static func detect(_ bytes: [UInt8], textColumns: [String]) -> PostFileFormat? {
    let text = withoutBOM(bytes)
    guard let start = text.firstIndex(where: { !isSpace($0) }) else { return nil }
    let first = text[start]
    if first == UInt8(ascii: "[") { return .mastodonStatuses }
    if first == UInt8(ascii: "{") {
      let keys = topLevelKeys(text[start...])
      let x: Set<String> = ["data", "meta", "statuses"]
      return keys.contains("posts") && keys.isDisjoint(with: x) ? .blueskySearch : .xSearch
    }
    let lineEnd = text.firstIndex(of: 0x0A) ?? text.endIndex
    guard let header = try? headerNames(Array(text[..<lineEnd])), header.count > 1 else {
      return .plainText
    }
    let wanted = Set(textColumns.map { $0.lowercased() })
    return header.contains(where: wanted.contains) ? .csv : .plainText
  }

  /// The posts of a file, in order.
  ///
  /// - Parameters:
  ///   - textColumn: the CSV text column chosen by name (`--text-column`);
  ///     then a file that is not JSON must be a CSV with that column.
  ///   - textColumns: the names tried for a CSV's text column otherwise.
  /// - Throws: ``PostFileError``.
  /// - Complexity: O(*n*) in the file's size.
  package static func tweets(
    in bytes: [UInt8], textColumn: String? = nil, textColumns: [String] = ["text"],
    dateColumn: PostFileDateColumn = .automatic
  ) throws(PostFileError) -> [Tweet] {
    var tweets: [Tweet] = []
    try forEachTweet(
      in: bytes, textColumn: textColumn, textColumns: textColumns, dateColumn: dateColumn
    ) {
      tweets.append($0)
    }
    return tweets
  }

  /// Calls `body` with each post of a file, in order, holding only the
  /// current one for plain text and CSV: a caller that keeps the first
  /// 10,000 of millions of posts never holds the others. A file whose
  /// bytes fail the checks (UTF-8, line length) calls `body` for none.
  ///
  /// - Throws: ``PostFileError``; after a JSON or CSV error `body` may have
  ///   seen the posts before it.
  /// - Complexity: O(*n*) in the file's size.
  @discardableResult
  package static func forEachTweet(
    in bytes: [UInt8], textColumn: String? = nil, textColumns: [String] = ["text"],
    dateColumn: PostFileDateColumn = .automatic, _ body: (Tweet) -> Void
  ) throws(PostFileError) -> PostFileReport {
    if isBinary(bytes) { throw .binary }
    var lineCount = 0
    var firstLine: [UInt8] = []
    var firstLongLine: Int?
    try forEachLine(bytes, limit: maximumPageLineBytes) { number, line throws(PostFileError) in
      guard isValidUTF8(line) else { throw .invalidUTF8(line: number) }
      if number == 1 { firstLine = Array(line) }
      if line.count > maximumLineBytes && firstLongLine == nil { firstLongLine = number }
      lineCount = number
    }
    let names = textColumn.map { [$0] } ?? textColumns
    guard let format = detect(bytes, textColumns: names) else { throw .empty }
    // A JSON line may be a whole recorded page; a text or CSV line is a
    // post, and no post is near 1 MiB.
    if let firstLongLine, format == .plainText || format == .csv {
      throw .lineTooLong(line: firstLongLine, limit: maximumLineBytes)
    }
    if format == .plainText, isHTMLDocument(bytes) { throw .htmlDocument }
    if let textColumn, format == .plainText {
      throw .missingTextColumn(
        name: textColumn, header: (try? headerNames(firstLine)) ?? [])
    }
    if format == .plainText, let header = csvHeader(firstLine, next: secondLine(bytes)) {
      throw .unknownTextColumn(header: header, tried: names)
    }
    var report = PostFileReport()
    switch format {
    case .xSearch: try xTweets(bytes, lineCount: lineCount, body)
    case .blueskySearch, .mastodonStatuses:
      do {
        // Boosts are left out, as the live source leaves them by default:
        // a boost repeats a post that is not the query's own.
        try forEachPage(of: format, in: bytes, includeBoosts: false, language: nil) { tweets, _ in
          tweets.forEach(body)
        }
      } catch {
        throw fileError(error)
      }
    case .csv:
      report = try csvTweets(bytes, textColumns: names, dateColumn: dateColumn, body)
    case .plainText:
      try forEachLine(bytes) { number, line in
        guard !line.allSatisfy(isSpace) else { return }
        body(Tweet(id: "\(number)", text: String(decoding: line, as: UTF8.self)))
      }
    }
    return report
  }

  /// Calls `body` with the posts and warnings of each page of a recording
  /// of a search, in order, one page at a time: X API search responses (v2
  /// pages, JSONL of them as twarc2 and `--record` write them, or a v1.1
  /// response, with the API's partial errors as warnings), or Bluesky or
  /// Mastodon pages or JSONL of them, told apart as
  /// ``detect(_:textColumns:)`` tells them. A file of white space holds no
  /// pages; a file of any other format fails as an X API response.
  ///
  /// - Parameters:
  ///   - includeBoosts: whether a Mastodon boost is read (as the boosted
  ///     status) or left out, as the live source does.
  ///   - language: the language a Mastodon status must be in (nil: any), by
  ///     the live source's rule (``MastodonStatuses/primarySubtag(_:)``:
  ///     `en` keeps `en-GB`): recorded Mastodon pages hold every status of
  ///     the timeline, while X's and Bluesky's were filtered when searched.
  /// - Throws: ``PostDecodingError``, naming the line for JSONL; `body`
  ///   may have seen the pages before it.
  /// - Complexity: O(*n*) in the file's size.
  package static func forEachRecordedPage(
    in bytes: [UInt8], includeBoosts: Bool = false, language: String? = nil,
    _ body: (_ tweets: [Tweet], _ warnings: [String]) -> Void
  ) throws(PostDecodingError) {
    guard let format = detect(bytes, textColumns: []) else { return }
    try forEachPage(
      of: format, in: bytes, includeBoosts: includeBoosts, language: language, body)
  }

  /// ``forEachRecordedPage(in:includeBoosts:language:_:)`` for a format
  /// already detected: Bluesky's, Mastodon's, else the X API's.
  private static func forEachPage(
    of format: PostFileFormat, in bytes: [UInt8], includeBoosts: Bool, language: String?,
    _ body: ([Tweet], [String]) -> Void
  ) throws(PostDecodingError) {
    switch format {
    case .blueskySearch:
      try BlueskySearchPage.forEachPage(in: withoutBOM(bytes)) { body($0.tweets, []) }
    case .mastodonStatuses:
      try MastodonStatuses.forEachPage(
        in: withoutBOM(bytes), includeBoosts: includeBoosts, language: language
      ) { body($0, []) }
    case .xSearch, .csv, .plainText:
      try SearchResponseDecoder.forEachPage(in: withoutBOM(bytes)) { body($0.tweets, $0.warnings) }
    }
  }

  /// Whether `bytes` are no text: a NUL byte anywhere, or, in the first
  /// 64 KiB, at least a tenth of the bytes invalid UTF-8 or control
  /// characters other than tab, line breaks and form feed. A Latin-1 file
  /// (a few invalid bytes) is text in the wrong encoding, not binary. The
  /// text is judged as decoded: a U+FFFD that the file holds (valid UTF-8)
  /// is a character like any other, only a sequence that does not decode
  /// counts as invalid.
  ///
  /// - Complexity: O(*n*) in the file's size.
  package static func isBinary(_ bytes: [UInt8]) -> Bool {
    if bytes.contains(0) { return true }
    let sample = bytes.prefix(65_536)
    guard !sample.isEmpty else { return false }
    var odd = 0
    var decoder = UTF8()
    var iterator = sample.makeIterator()
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D: break
        case 0..<0x20, 0x7F: odd += 1
        default: break
        }
      case .error: odd += 1
      case .emptyInput: break decoding
      }
    }
    return odd * 10 >= sample.count
  }

  /// The second line of `bytes` (empty when there is none).
  private static func secondLine(_ bytes: [UInt8]) -> [UInt8] {
    let text = withoutBOM(bytes)
    guard let end = text.firstIndex(of: 0x0A) else { return [] }
    let rest = text[(end + 1)...]
    return Array(rest[..<(rest.firstIndex(of: 0x0A) ?? rest.endIndex)])
  }

  /// Column names a CSV's header often has besides the text.
  static let knownColumns: Set<String> = [
    "id", "id_str", "tweet_id", "created_at", "date", "time", "timestamp", "class", "sentiment",
    "label", "author", "user", "username", "screen_name", "lang", "language", "url", "topic",
  ]

  /// The names of `line` when it reads as a CSV header, else `nil`: two or
  /// more fields, each a name (a letter or `_`, then letters, digits, `_`,
  /// `-` or `.`, at most 40 characters, no spaces), and one of them a
  /// column posts often have (``knownColumns``), or three or more and the
  /// next line a record of as many fields. A post such as `ok,thanks` is
  /// text.
  static func csvHeader(_ line: [UInt8], next: [UInt8]) -> [String]? {
    guard let names = try? headerNames(line), names.count > 1 else { return nil }
    let isName = { (name: String) in
      guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 40,
        first == "_" || ("a"..."z").contains(first)
      else { return false }
      return name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)
      }
    }
    guard names.allSatisfy(isName) else { return nil }
    if names.contains(where: knownColumns.contains) { return names }
    let fields = (try? headerNames(next))?.count ?? 0
    return names.count > 2 && fields == names.count ? names : nil
  }

  /// Calls `body` with each line of `bytes` (without the byte order mark)
  /// and its number from 1; a line over `limit` bytes is an error.
  private static func forEachLine(
    _ bytes: [UInt8], limit: Int = maximumLineBytes,
    _ body: (Int, ArraySlice<UInt8>) throws(PostFileError) -> Void
  ) throws(PostFileError) {
    var reader = LineReader(source: source(bytes), maximumLineBytes: limit)
    var number = 0
    do {
      try reader.forEachLine { line in
        number += 1
        try body(number, line)
      }
    } catch let error as PostFileError {
      throw error
    } catch LineReaderError.lineTooLong(let line, let limit) {
      throw .lineTooLong(line: line, limit: limit)
    } catch {
      // A memory source cannot fail to read.
      throw .empty
    }
  }

  /// X API JSON: search pages first (they carry authors and dates), then
  /// tweets one per line, as an archive holds them.
  private static func xTweets(_ bytes: [UInt8], lineCount: Int, _ body: (Tweet) -> Void)
    throws(PostFileError)
  {
    let pageProblem: PostDecodingError
    var pages = 0
    do {
      // A page at a time: a file may hold millions of posts.
      try SearchResponseDecoder.forEachPage(in: withoutBOM(bytes)) { page in
        pages += 1
        page.tweets.forEach(body)
      }
      return
    } catch {
      pageProblem = error
    }
    if case .notJSON(_, let line) = pageProblem { throw .invalidJSON(line: line) }
    // Pages, then a line that is none: the posts before it were seen.
    if pages > 0, case .unexpectedShape(_, _, let detail) = pageProblem {
      throw .unknownJSON(detail: detail)
    }
    try forEachLine(bytes) { number, line throws(PostFileError) in
      let tweets: [ArchivedTweet]
      do {
        tweets = try TweetArchive.tweets(inLine: Array(line), number: number)
      } catch {
        if case PostDecodingError.notJSON(_, let line) = error {
          throw .invalidJSON(line: lineCount > 1 ? line : 0)
        }
        if case .unexpectedShape(_, _, let detail) = pageProblem {
          throw .unknownJSON(detail: detail)
        }
        throw .unknownJSON(detail: "not an X API page or tweet")
      }
      for tweet in tweets {
        body(
          Tweet(
            id: tweet.id, text: tweet.text,
            createdAt: tweet.createdAt.flatMap {
              TweetDate.parseISO8601($0) ?? TweetDate.parseV1($0)
            }))
      }
    }
  }

  /// Whether `bytes` start as an HTML document does: `<!DOCTYPE html` or
  /// `<html` (any case), after a byte order mark and white space.
  private static func isHTMLDocument(_ bytes: [UInt8]) -> Bool {
    let text = withoutBOM(bytes).drop(while: isSpace).prefix(14).map { byte in
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
    return text.starts(with: Array("<!doctype html".utf8)) || text.starts(with: Array("<html".utf8))
  }

  /// A Bluesky or Mastodon decoding error as a ``PostFileError``.
  private static func fileError(_ error: PostDecodingError) -> PostFileError {
    switch error {
    case .notJSON(_, let line): .invalidJSON(line: line)
    case .empty: .empty
    case .unexpectedShape: .invalidPage(error)
    }
  }

  /// The member names of the JSON object that `bytes` starts with (at its
  /// top level only), as far as the bytes go; a name holding an escape is
  /// left as it is written.
  ///
  /// - Complexity: O(*n*) in the object's length.
  package static func topLevelKeys(_ bytes: ArraySlice<UInt8>) -> Set<String> {
    var keys: Set<String> = []
    var depth = 0
    var expectingKey = false
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        // A string: up to its closing quote, past escapes.
        var end = index + 1
        while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\"") {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        if depth == 1, expectingKey, end <= bytes.endIndex {
          keys.insert(
            String(decoding: bytes[(index + 1)..<min(end, bytes.endIndex)], as: UTF8.self))
        }
        expectingKey = false
        index = end + 1
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        expectingKey = depth == 1 && byte == UInt8(ascii: "{")
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth <= 0 { return keys }
      case UInt8(ascii: ","):
        expectingKey = depth == 1
      default:
        break
      }
      index += 1
    }
    return keys
  }

  /// CSV with a header: the text, and the optional id and date columns; a
  /// date that cannot be read leaves its post undated and is counted in the
  /// report.
  private static func csvTweets(
    _ bytes: [UInt8], textColumns: [String], dateColumn: PostFileDateColumn,
    _ body: (Tweet) -> Void
  ) throws(PostFileError) -> PostFileReport {
    var unreadable = 0
    var firstUnreadable: String?
    var reader = CSVReader(source: source(bytes))
    var columns: (text: Int, id: Int?, date: Int?)?
    do {
      try reader.forEachRecord { record in
        guard let found = columns else {
          let names = headerNames(of: record)
          let index = { (tried: [String]) in
            tried.lazy.compactMap { names.firstIndex(of: $0.lowercased()) }.first
          }
          guard let text = index(textColumns) else {
            throw PostFileError.missingTextColumn(
              name: textColumns.first ?? "text", header: names)
          }
          var date: Int?
          switch dateColumn {
          case .automatic: date = index(dateColumns)
          case .ignored: date = nil
          case .named(let name):
            guard let found = index([name]) else {
              throw PostFileError.missingDateColumn(name: name, header: names)
            }
            date = found
          }
          columns = (text, index(idColumns), date)
          return
        }
        guard !record.isBlank, found.text < record.count else { return }
        var date: Date?
        if let column = found.date, column < record.count {
          let value = record.string(at: column).trimmingCharacters(in: .whitespaces)
          if !value.isEmpty {
            date = parseDate(value)
            if date == nil {
              unreadable += 1
              if firstUnreadable == nil { firstUnreadable = value }
            }
          }
        }
        let id = found.id.flatMap { $0 < record.count ? record.string(at: $0) : nil }
          .flatMap { $0.isEmpty ? nil : $0 }
        body(
          Tweet(
            id: id ?? "\(record.line)", text: record.string(at: found.text), createdAt: date))
      }
    } catch let error as PostFileError {
      throw error
    } catch let error as CSVError {
      if case .recordTooLong(let line, let limit) = error {
        throw .lineTooLong(line: line, limit: limit)
      }
      throw .invalidCSV(error.localizedDescription)
    } catch {
      throw .invalidCSV("\(error)")
    }
    var report = PostFileReport()
    report.unreadableDates = unreadable
    report.firstUnreadableDate = firstUnreadable
    return report
  }

  /// A CSV date: ISO 8601, a day (`2025-06-09`, as midnight UTC), or v1.1's.
  private static func parseDate(_ text: String) -> Date? {
    TweetDate.parseISO8601(text) ?? TweetDate.parseV1(text)
      ?? TweetDate.parseISO8601(text + "T00:00:00Z")
  }

  /// The names of a CSV header line, folded to lower case.
  private static func headerNames(_ line: [UInt8]) throws -> [String] {
    var names: [String] = []
    var reader = CSVReader(source: MemorySource(line))
    try reader.forEachRecord { record in
      if names.isEmpty { names = headerNames(of: record) }
    }
    return names
  }

  /// The fields of a header record, trimmed and folded to lower case.
  private static func headerNames(of record: CSVRecord) -> [String] {
    (0..<record.count).map {
      record.string(at: $0).trimmingCharacters(in: .whitespaces).lowercased()
    }
  }

  /// `bytes` without a UTF-8 byte order mark.
  private static func withoutBOM(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
  }

  /// A source of `bytes` without a byte order mark; a file without one is
  /// not copied.
  private static func source(_ bytes: [UInt8]) -> MemorySource {
    MemorySource(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
  }

  /// JSON white space.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
