import Foundation

/// Why a page of posts, a line of an archive or a file of them could not be
/// decoded: what every decoder in `Formats/` throws, the X API's, the
/// archive's, Bluesky's and Mastodon's alike. The format it was read as
/// names what was expected in the message; ``PostFileError`` and
/// `FixtureError` wrap it with the file.
package enum PostDecodingError: LocalizedError, Equatable {
  /// The bytes are not JSON (`line` for a JSONL file, else 0).
  case notJSON(Format, line: Int)
  /// The JSON is not what the format holds.
  case unexpectedShape(Format, line: Int, detail: String)
  /// The file holds no page at all.
  case empty(Format)

  /// The formats decoded: they name what was expected in messages.
  package enum Format: Equatable, Sendable {
    /// An X API search response, v2 or v1.1 (``SearchResponseDecoder``).
    case xSearch
    /// A line of a tweet archive (``TweetArchive``).
    case xArchive
    /// A Bluesky `app.bsky.feed.searchPosts` response.
    case bluesky
    /// A Mastodon status array (`/api/v1/timelines/tag/:tag`).
    case mastodon

    /// What a page of a service's format is, for messages.
    var name: String {
      switch self {
      case .xSearch: "an X API search response"
      case .xArchive: "a tweet archive"
      case .bluesky: "a Bluesky searchPosts page"
      case .mastodon: "a Mastodon status array"
      }
    }

    /// What a Bluesky or Mastodon page looks like, for messages.
    var shape: String {
      switch self {
      case .bluesky:
        #"{"posts":[{"uri":…,"record":{"text":…}}, …]} as app.bsky.feed.searchPosts returns it"#
      case .mastodon: #"[{"id":…,"content":…}, …] as /api/v1/timelines/tag/:tag returns it"#
      case .xSearch, .xArchive: ""
      }
    }
  }

  /// The same problem on line `line` (a line of an archive read alone).
  package func at(line: Int) -> Self {
    switch self {
    case .notJSON(let format, _): .notJSON(format, line: line)
    case .unexpectedShape(let format, _, let detail):
      .unexpectedShape(format, line: line, detail: detail)
    case .empty: self
    }
  }

  package var errorDescription: String? {
    let on = { (line: Int) in line > 0 ? "line \(line): " : "" }
    let invalid = { (line: Int) in
      line > 0 ? "line \(line) is not valid JSON" : "the response is not valid JSON"
    }
    switch self {
    case .notJSON(.xSearch, let line):
      return invalid(line)
    case .notJSON(.xArchive, let line):
      return "line \(line) of the archive is not JSON; expected one JSON object per line (JSONL)"
    case .notJSON(let format, let line):
      return invalid(line) + "; is it cut off? Expected \(format.name), or one per line (JSONL)"
    case .unexpectedShape(.xSearch, let line, let detail):
      return on(line) + "not an X API search response (\(detail))"
    case .unexpectedShape(.xArchive, let line, let detail):
      return "line \(line) of the archive holds no tweets (\(detail)); expected X API v2 pages "
        + "({\"data\":[…]}), tweets (v2 or v1.1) or v1.1 search results ({\"statuses\":[…]}), "
        + "one per line"
    case .unexpectedShape(let format, let line, let detail):
      return on(line) + "not \(format.name) (\(detail)); expected \(format.shape)"
    case .empty(.xSearch):
      return "the file is empty; expected an X API search response"
    case .empty(.xArchive):
      return "the archive is empty; expected one JSON object per line (JSONL)"
    case .empty(let format):
      return "the file is empty; expected \(format.name), or one per line (JSONL)"
    }
  }
}
