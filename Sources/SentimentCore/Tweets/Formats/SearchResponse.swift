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

/// Decodes X API search responses: v2 (`data[]`, `includes.users`, `meta`,
/// `errors[]`, `note_tweet`) and v1.1 (`statuses[]`, `full_text` else
/// `text`). The HTTP source and the fixture source share it.
///
/// It is `JSONDecoder` on ``XWire``'s types, with the search rules and the
/// API's snake-case names: members it does not know are ignored, `null` is an
/// absent member, and a UTF-8 byte order mark is skipped. A problem in the
/// structure is reported with its path (`missing "text" in data[3]`).
///
/// ```swift
/// let page = try SearchResponseDecoder.decodePage(Data(#"{"data":[{"id":"1","text":"hi"}]}"#.utf8))
/// page.tweets.first?.text  // "hi"
/// ```
package enum SearchResponseDecoder {
  /// Decodes one response object (`line`: its line in a JSONL file, else 0).
  ///
  /// - Throws: ``PostDecodingError``.
  /// - Complexity: O(*n*) in the number of bytes.
  package static func decodePage(_ data: Data, line: Int = 0) throws(PostDecodingError)
    -> SearchResponsePage
  {
    let response = try PostPageJSON.decode(
      XWire.Page.self, from: data, format: .xSearch, line: line,
      decoder: XWire.decoder(search: true))
    return try page(response, line: line)
  }

  /// Calls `body` with each page of a file, one response object or JSONL
  /// with one page per line, holding one page at a time.
  ///
  /// - Throws: ``PostDecodingError``, naming the line for JSONL.
  /// - Complexity: O(*n*) in the file's size.
  package static func forEachPage(
    in bytes: ArraySlice<UInt8>, _ body: (SearchResponsePage) -> Void
  ) throws(PostDecodingError) {
    try PostPageJSON.forEachPage(
      bytes, format: .xSearch,
      page: { (data, line) throws(PostDecodingError) in try decodePage(data, line: line) },
      wholeErrorFirst: false, body)
  }

  /// The page a decoded response holds, or why it holds none.
  private static func page(_ response: XWire.Page, line: Int) throws(PostDecodingError)
    -> SearchResponsePage
  {
    if let statuses = response.statuses {
      return SearchResponsePage(
        tweets: statuses.map {
          Tweet(
            id: $0.id ?? "", text: HTMLEntities.decode($0.text ?? ""),
            createdAt: $0.createdAt.flatMap(TweetDate.parseV1), language: $0.lang,
            author: $0.screenName)
        })
    }
    guard response.data != nil || response.meta != nil || response.errors != nil else {
      if let title = response.title {
        throw .unexpectedShape(
          .xSearch, line: line,
          detail: "an API error: \(title)\(response.detail.map { ": \($0)" } ?? "")")
      }
      throw .unexpectedShape(
        .xSearch, line: line, detail: "no \"data\", \"meta\" or \"statuses\"")
    }
    var users: [String: String] = [:]
    for user in response.includes?.users ?? [] { users[user.id] = user.username }
    let tweets = (response.data ?? []).map { tweet in
      Tweet(
        id: tweet.id ?? "", text: HTMLEntities.decode(tweet.text ?? ""),
        createdAt: tweet.createdAt.flatMap(TweetDate.parseISO8601),
        language: tweet.lang, author: tweet.authorID.flatMap { users[$0] })
    }
    return SearchResponsePage(
      tweets: tweets, nextToken: response.meta?.nextToken,
      warnings: (response.errors ?? []).map(\.summary))
  }
}
