import Foundation

/// The kinds of page of posts, other than the X API's, that are decoded:
/// they name what was expected in messages.
package enum PostPageKind: String, Equatable, Sendable {
  /// A Bluesky `app.bsky.feed.searchPosts` response.
  case bluesky
  /// A Mastodon status array (`/api/v1/timelines/tag/:tag`).
  case mastodon

  /// What a page of this kind is, for messages.
  package var name: String {
    switch self {
    case .bluesky: "a Bluesky searchPosts page"
    case .mastodon: "a Mastodon status array"
    }
  }

  /// What a page of this kind looks like, for messages.
  package var shape: String {
    switch self {
    case .bluesky:
      #"{"posts":[{"uri":…,"record":{"text":…}}, …]} as app.bsky.feed.searchPosts returns it"#
    case .mastodon: #"[{"id":…,"content":…}, …] as /api/v1/timelines/tag/:tag returns it"#
    }
  }
}

/// Why a Bluesky or Mastodon page (or a recording of them) could not be
/// decoded.
package enum PostPageError: LocalizedError, Equatable {
  /// The bytes are not JSON (`line` for a JSONL file, else 0).
  case notJSON(PostPageKind, line: Int)
  /// The JSON is not a page of this kind.
  case unexpectedShape(PostPageKind, line: Int, detail: String)
  /// The file holds no page at all.
  case empty(PostPageKind)

  package var errorDescription: String? {
    switch self {
    case .notJSON(let kind, let line):
      (line > 0 ? "line \(line) is not valid JSON" : "the response is not valid JSON")
        + "; is it cut off? Expected \(kind.name), or one per line (JSONL)"
    case .unexpectedShape(let kind, let line, let detail):
      (line > 0 ? "line \(line): " : "") + "not \(kind.name) (\(detail)); expected \(kind.shape)"
    case .empty(let kind):
      "the file is empty; expected \(kind.name), or one per line (JSONL)"
    }
  }
}

/// The decoding that the Bluesky and Mastodon pages share: `JSONDecoder`
/// (unknown members ignored, `null` an absent member, a UTF-8 byte order
/// mark skipped), errors with their path (`missing "text" in
/// posts[3].record`), and files of one page or JSONL of pages. The X
/// decoders use its white space, lines and paths.
enum PostPageJSON {
  /// Decodes one page (`line`: its line in a JSONL file, else 0).
  static func decode<Page: Decodable>(
    _: Page.Type, from data: Data, kind: PostPageKind, line: Int
  ) throws(PostPageError) -> Page {
    let bom = Data([0xEF, 0xBB, 0xBF])
    let body = data.starts(with: bom) ? data.dropFirst(bom.count) : data
    do {
      return try JSONDecoder().decode(Page.self, from: body)
    } catch let error as DecodingError {
      throw problem(error, kind: kind, line: line)
    } catch {
      throw .notJSON(kind, line: line)
    }
  }

  /// Decodes a file: one page, or JSONL with one page per line. A file
  /// whose first line is not JSON by itself is one page spread over lines,
  /// and its error is the whole file's.
  ///
  /// - Complexity: O(*n*) in the file's size.
  static func decodeFile<Page>(
    _ data: Data, kind: PostPageKind, page: (Data, Int) throws(PostPageError) -> Page
  ) throws(PostPageError) -> [Page] {
    guard data.contains(where: { !isSpace($0) }) else { throw .empty(kind) }
    let problem: PostPageError
    do {
      return [try page(data, 0)]
    } catch {
      problem = error
    }
    let lines = nonBlankLines(in: data)
    guard lines.count > 1 else { throw problem }
    var pages: [Page] = []
    for (index, (number, line)) in lines.enumerated() {
      do {
        pages.append(try page(line, number))
      } catch {
        if index == 0, case .notJSON = error { throw problem }
        throw error
      }
    }
    return pages
  }

  /// Calls `body` with each page of a file, as ``decodeFile(_:kind:page:)``
  /// reads them, without holding more than one page and one line at a
  /// time: a file whose first non-blank line is a page is JSONL, decoded
  /// line by line; otherwise the file is one page spread over lines. The
  /// file must hold more than white space.
  ///
  /// - Parameters:
  ///   - isNotJSON: whether an error says the text is no JSON at all.
  ///   - wholeErrorFirst: which error a file fails with whose first line
  ///     is no JSON and that is no page as a whole either: the whole file's
  ///     (true) or the first line's.
  /// - Complexity: O(*n*) in the file's size.
  static func forEachPage<Page, Failure: Error>(
    _ bytes: ArraySlice<UInt8>, page: (Data, Int) throws(Failure) -> Page,
    isNotJSON: (Failure) -> Bool, wholeErrorFirst: Bool, _ body: (Page) -> Void
  ) throws(Failure) {
    var number = 0
    var start = bytes.startIndex
    var first = true
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
      number += 1
      let line = bytes[start..<end]
      start = end < bytes.endIndex ? end + 1 : end
      guard !line.allSatisfy(isSpace) else { continue }
      guard first else {
        body(try page(Data(line), number))
        continue
      }
      first = false
      // One non-blank line: the whole file, as one page (line 0).
      guard bytes[start...].contains(where: { !isSpace($0) }) else {
        body(try page(Data(bytes), 0))
        return
      }
      do {
        body(try page(Data(line), number))
      } catch {
        // A line that is JSON but no page: the whole cannot be one value.
        guard isNotJSON(error) else { throw error }
        do {
          body(try page(Data(bytes), 0))
          return
        } catch let whole {
          throw wholeErrorFirst ? whole : error
        }
      }
    }
  }

  /// The lines of `data` (split at line feeds) that hold more than JSON
  /// white space, with their numbers from 1.
  static func nonBlankLines(in data: Data) -> [(number: Int, bytes: Data)] {
    data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
      .filter { !$0.element.allSatisfy(isSpace) }
      .map { (number: $0.offset + 1, bytes: Data($0.element)) }
  }

  /// JSON white space.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// A decoding error as a ``PostPageError``: a syntax error is not JSON; a
  /// value of the wrong type or a missing member is not a page.
  private static func problem(_ error: DecodingError, kind: PostPageKind, line: Int)
    -> PostPageError
  {
    switch error {
    case .keyNotFound(let key, let context):
      let at = path(context.codingPath)
      return .unexpectedShape(
        kind, line: line,
        detail: "missing \"\(key.stringValue)\"" + (at.isEmpty ? "" : " in \(at)"))
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return .unexpectedShape(kind, line: line, detail: "unexpected value at \(describe(context))")
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      return .unexpectedShape(kind, line: line, detail: "unexpected value at \(describe(context))")
    default:
      return .notJSON(kind, line: line)
    }
  }

  static func describe(_ context: DecodingError.Context) -> String {
    let at = path(context.codingPath)
    return at.isEmpty ? "top level" : at
  }

  /// A coding path as `posts[3].record`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }
}
