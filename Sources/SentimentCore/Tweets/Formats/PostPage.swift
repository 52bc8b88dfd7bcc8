import Foundation

/// The decoding that the X API's, Bluesky's and Mastodon's pages share:
/// `JSONDecoder` (unknown members ignored, `null` an absent member, a UTF-8
/// byte order mark skipped), errors as ``PostDecodingError`` with their path
/// (`missing "text" in posts[3].record`), and files of one page or JSONL of
/// pages. The archive's decoder uses its white space.
enum PostPageJSON {
  /// Decodes one page (`line`: its line in a JSONL file, else 0).
  static func decode<Page: Decodable>(
    _: Page.Type, from data: Data, format: PostDecodingError.Format, line: Int,
    decoder: JSONDecoder = JSONDecoder()
  ) throws(PostDecodingError) -> Page {
    let bom = Data([0xEF, 0xBB, 0xBF])
    let body = data.starts(with: bom) ? data.dropFirst(bom.count) : data
    do {
      return try decoder.decode(Page.self, from: body)
    } catch let error as DecodingError {
      throw problem(error, format: format, line: line)
    } catch {
      throw .notJSON(format, line: line)
    }
  }

  /// Calls `body` with each page of a file, one page or JSONL with one page
  /// per line, without holding more than one page and one line at a time:
  /// a file whose first non-blank line is a page is JSONL, decoded line by
  /// line; otherwise the file is one page spread over lines. A file of
  /// white space is ``PostDecodingError/empty(_:)``.
  ///
  /// - Parameters:
  ///   - wholeErrorFirst: which error a file fails with whose first line
  ///     is no JSON and that is no page as a whole either: the whole file's
  ///     (true) or the first line's.
  /// - Complexity: O(*n*) in the file's size.
  static func forEachPage<Page>(
    _ bytes: ArraySlice<UInt8>, format: PostDecodingError.Format,
    page: (Data, Int) throws(PostDecodingError) -> Page, wholeErrorFirst: Bool,
    _ body: (Page) -> Void
  ) throws(PostDecodingError) {
    guard bytes.contains(where: { !isSpace($0) }) else { throw .empty(format) }
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
        guard case .notJSON = error else { throw error }
        do {
          body(try page(Data(bytes), 0))
          return
        } catch let whole {
          throw wholeErrorFirst ? whole : error
        }
      }
    }
  }

  /// JSON white space.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// A decoding error as a ``PostDecodingError``: a syntax error is not
  /// JSON; a value of the wrong type, a number that does not fit, or a
  /// missing member is not a page.
  private static func problem(
    _ error: DecodingError, format: PostDecodingError.Format, line: Int
  ) -> PostDecodingError {
    switch error {
    case .keyNotFound(let key, let context):
      let at = path(context.codingPath)
      return .unexpectedShape(
        format, line: line,
        detail: "missing \"\(key.stringValue)\"" + (at.isEmpty ? "" : " in \(at)"))
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return .unexpectedShape(
        format, line: line, detail: "unexpected value at \(describe(context))")
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      return .unexpectedShape(
        format, line: line, detail: "unexpected value at \(describe(context))")
    default:
      return .notJSON(format, line: line)
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
