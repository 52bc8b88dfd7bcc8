import Foundation

/// One page of a search response, whatever API version it came from.
package struct SearchResponsePage: Equatable, Sendable {
  /// The page's tweets, in the order the API sent them.
  package var tweets: [Tweet]
  /// The token for the next page (v2 `meta.next_token`), if there is one.
  package var nextToken: String?
  /// Problems the API reported alongside the data (v2 partial errors), as
  /// one-line messages.
  package var warnings: [String]

  /// Creates a page.
  package init(tweets: [Tweet], nextToken: String? = nil, warnings: [String] = []) {
    self.tweets = tweets
    self.nextToken = nextToken
    self.warnings = warnings
  }
}

/// Why a search response could not be decoded.
package enum SearchResponseError: LocalizedError, Equatable {
  /// The bytes are not JSON (`line` for a JSONL file, else 0).
  case notJSON(line: Int)
  /// The JSON is not a v2 or v1.1 search response.
  case unexpectedShape(line: Int, detail: String)
  /// The file holds no response at all.
  case empty

  package var errorDescription: String? {
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
/// It is `JSONDecoder` on the wire types below, with the API's snake-case names:
/// members it does not know are ignored, `null` is an absent member, and a
/// UTF-8 byte order mark is skipped. A problem in the structure is reported
/// with its path (`missing "text" in data[3]`).
///
/// ```swift
/// let page = try SearchResponseDecoder.decodePage(Data(#"{"data":[{"id":"1","text":"hi"}]}"#.utf8))
/// page.tweets.first?.text  // "hi"
/// ```
package enum SearchResponseDecoder {
  /// Decodes one response object (`line`: its line in a JSONL file, else 0).
  ///
  /// - Throws: ``SearchResponseError``.
  /// - Complexity: O(*n*) in the number of bytes.
  package static func decodePage(_ data: Data, line: Int = 0) throws(SearchResponseError)
    -> SearchResponsePage
  {
    let bom = Data([0xEF, 0xBB, 0xBF])
    let body = data.starts(with: bom) ? data.dropFirst(bom.count) : data
    let response: Response
    do {
      response = try JSONDecoder().decode(Response.self, from: body)
    } catch let error as DecodingError {
      throw problem(error, line: line)
    } catch {
      throw .notJSON(line: line)
    }
    return try response.page(line: line)
  }

  /// Decodes a file: one response object, or JSONL with one page per line.
  ///
  /// - Throws: ``SearchResponseError``, naming the line for JSONL.
  /// - Complexity: O(*n*) in the file's size.
  package static func decodeFile(_ data: Data) throws(SearchResponseError)
    -> [SearchResponsePage]
  {
    guard data.contains(where: { !isSpace($0) }) else { throw .empty }
    let problem: SearchResponseError
    do {
      return [try decodePage(data)]
    } catch {
      problem = error
    }
    let lines = nonBlankLines(in: data)
    guard lines.count > 1 else { throw problem }
    // Not one object spread over lines: JSONL, one page per line.
    var pages: [SearchResponsePage] = []
    for (number, line) in lines {
      pages.append(try decodePage(line, line: number))
    }
    return pages
  }

  /// The lines of `data` (split at line feeds) that hold more than JSON
  /// white space, with their numbers from 1.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  private static func nonBlankLines(in data: Data) -> [(number: Int, bytes: Data)] {
    data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
      .filter { !$0.element.allSatisfy(isSpace) }
      .map { (number: $0.offset + 1, bytes: Data($0.element)) }
  }

  /// JSON white space.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// What a decoding error says, as a ``SearchResponseError``: a syntax
  /// error is not JSON; a value of the wrong type, a number that does not
  /// fit, or a missing member is not a search response.
  private static func problem(_ error: DecodingError, line: Int) -> SearchResponseError {
    switch error {
    case .keyNotFound(let key, let context):
      let at = path(context.codingPath)
      return .unexpectedShape(
        line: line, detail: "missing \"\(key.stringValue)\"" + (at.isEmpty ? "" : " in \(at)"))
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return .unexpectedShape(line: line, detail: "unexpected value at \(describe(context))")
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      return .unexpectedShape(line: line, detail: "unexpected value at \(describe(context))")
    default:
      return .notJSON(line: line)
    }
  }

  private static func describe(_ context: DecodingError.Context) -> String {
    let at = path(context.codingPath)
    return at.isEmpty ? "top level" : at
  }

  /// A coding path as `data[3].text`.
  private static func path(_ codingPath: [any CodingKey]) -> String {
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

  // MARK: Wire format

  private struct Response: Decodable {
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

  private struct V2Tweet: Decodable {
    var id: String
    var text: String
    var createdAt: String?
    var lang: String?
    var authorId: String?
    var noteTweet: NoteTweet?

    enum CodingKeys: String, CodingKey {
      case id, text, lang
      case createdAt = "created_at"
      case authorId = "author_id"
      case noteTweet = "note_tweet"
    }
  }

  private struct NoteTweet: Decodable {
    var text: String
  }

  private struct Includes: Decodable {
    var users: [User]?
  }

  private struct User: Decodable {
    var id: String
    var username: String
  }

  private struct Meta: Decodable {
    var nextToken: String?
    var resultCount: Int64?

    enum CodingKeys: String, CodingKey {
      case nextToken = "next_token"
      case resultCount = "result_count"
    }
  }

  private struct Problem: Decodable {
    var title: String?
    var detail: String?
    var message: String?

    var summary: String {
      let parts = [title, detail ?? message].compactMap { $0 }
      return parts.isEmpty ? "unknown problem" : parts.joined(separator: ": ")
    }
  }

  private struct V1Status: Decodable {
    var idStr: String?
    var id: Int64?
    var fullText: String?
    var text: String?
    var createdAt: String?
    var lang: String?
    var user: V1User?

    enum CodingKeys: String, CodingKey {
      case id, text, lang, user
      case idStr = "id_str"
      case fullText = "full_text"
      case createdAt = "created_at"
    }

    var tweet: Tweet {
      Tweet(
        id: idStr ?? id.map(String.init) ?? "",
        text: HTMLEntities.decode(fullText ?? text ?? ""),
        createdAt: createdAt.flatMap(TweetDate.parseV1), language: lang,
        author: user?.screenName)
    }
  }

  private struct V1User: Decodable {
    var screenName: String?

    enum CodingKeys: String, CodingKey {
      case screenName = "screen_name"
    }
  }
}
