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
/// `errors[]`, `noteTweet`) and v1.1 (`statuses[]`, `fullText` else
/// `text`). The HTTP source and the fixture source share it.
public enum SearchResponseDecoder {
  /// Decodes one response object.
  ///
  /// - Throws: ``SearchResponseError``.
  public static func decodePage(_ data: Data, line: Int = 0) throws -> SearchResponsePage {
    let response: Response
    do {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      response = try decoder.decode(Response.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw SearchResponseError.notJSON(line: line)
    } catch let error as DecodingError {
      throw SearchResponseError.unexpectedShape(line: line, detail: describe(error))
    } catch {
      throw SearchResponseError.notJSON(line: line)
    }
    return try response.page(line: line)
  }

  /// Decodes a file: one response object, or JSONL with one page per line.
  ///
  /// - Throws: ``SearchResponseError``, naming the line for JSONL.
  /// - Complexity: O(*n*) in the file's size.
  public static func decodeFile(_ data: Data) throws -> [SearchResponsePage] {
    let lines = data.withUnsafeBytes { nonBlankLines(in: $0) }
    guard !lines.isEmpty else { throw SearchResponseError.empty }
    guard lines.count > 1 else { return [try decodePage(data)] }
    do {
      return [try decodePage(data)]
    } catch {
      // Not one object spread over lines: JSONL, one page per line.
    }
    return try lines.map { number, range in
      let offset = data.startIndex
      return try decodePage(
        data.subdata(in: (offset + range.lowerBound)..<(offset + range.upperBound)),
        line: number)
    }
  }

  /// The lines of `bytes` (split at line feeds) that hold more than JSON
  /// white space: each line's number, from 1, and its bytes without the line
  /// feed. It scans the bytes directly: `Data`'s generic `split` took about a
  /// millisecond for a 75 KB fixture, most of the time spent outside
  /// `JSONDecoder`.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  private static func nonBlankLines(in bytes: UnsafeRawBufferPointer) -> [(
    number: Int, range: Range<Int>
  )] {
    var lines: [(number: Int, range: Range<Int>)] = []
    var number = 1
    var start = 0
    var isBlank = true
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case 0x0A:
        if !isBlank { lines.append((number, start..<index)) }
        number += 1
        start = index + 1
        isBlank = true
      case 0x20, 0x0D, 0x09:
        break
      default:
        isBlank = false
      }
    }
    if !isBlank { lines.append((number, start..<bytes.count)) }
    return lines
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      return keys.isEmpty ? "top level" : keys.joined().trimmingCharacters(in: ["."])
    }
    switch error {
    case .keyNotFound(let key, let context):
      let at = path(context)
      return "missing \"\(key.stringValue)\"" + (at == "top level" ? "" : " in \(at)")
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "unexpected value at \(path(context))"
    case .dataCorrupted(let context):
      return "invalid value at \(path(context))"
    @unknown default:
      return "unexpected structure"
    }
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

    func page(line: Int) throws -> SearchResponsePage {
      if let statuses {
        return SearchResponsePage(tweets: statuses.map(\.tweet))
      }
      guard data != nil || meta != nil || errors != nil else {
        if let title {
          throw SearchResponseError.unexpectedShape(
            line: line, detail: "an API error: \(title)\(detail.map { ": \($0)" } ?? "")")
        }
        throw SearchResponseError.unexpectedShape(
          line: line, detail: "no \"data\", \"meta\" or \"statuses\"")
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
    var resultCount: Int?
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
  }
}
