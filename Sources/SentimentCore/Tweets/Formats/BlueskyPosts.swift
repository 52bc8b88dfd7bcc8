import Foundation

/// One page of a Bluesky search (`app.bsky.feed.searchPosts`): its posts as
/// tweets and the cursor of the next page.
///
/// A post's id is its `uri` (`at://did:plc:…/app.bsky.feed.post/<rkey>`),
/// its text `record.text` (plain text: no entities), its date
/// `record.createdAt` or else `indexedAt`, its language the first of
/// `record.langs`, its author `author.handle`. Members not read are
/// ignored; `cursor` and `hitsTotal` may be absent.
///
/// ```swift
/// let page = try BlueskySearchPage.decode(Data(#"{"posts":[{"uri":"at://x/app.bsky.feed.post/1","record":{"text":"hi"}}]}"#.utf8))
/// page.tweets.first?.text  // "hi"
/// ```
package struct BlueskySearchPage: Equatable, Sendable {
  /// The page's posts, in the order the server sent them.
  package var tweets: [Tweet]
  /// The cursor that asks for the next page, if there is one.
  package var cursor: String?

  /// Creates a page.
  package init(tweets: [Tweet], cursor: String? = nil) {
    self.tweets = tweets
    self.cursor = cursor
  }

  /// Decodes one response.
  ///
  /// - Throws: ``PostDecodingError``.
  /// - Complexity: O(*n*) in the number of bytes.
  package static func decode(_ data: Data) throws -> BlueskySearchPage {
    try decodePage(data, line: 0)
  }

  /// Decodes one response (`line`: its line in a JSONL file, else 0).
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  package static func decodePage(_ data: Data, line: Int) throws(PostDecodingError)
    -> BlueskySearchPage
  {
    let response = try PostPageJSON.decode(Response.self, from: data, format: .bluesky, line: line)
    return BlueskySearchPage(tweets: response.posts.map(\.tweet), cursor: response.cursor)
  }

  /// Calls `body` with each page of a recording, one response or JSONL
  /// with one page per line (as `--record` writes them), holding one page
  /// at a time.
  ///
  /// - Throws: ``PostDecodingError``, naming the line for JSONL.
  /// - Complexity: O(*n*) in the file's size.
  package static func forEachPage(
    in bytes: ArraySlice<UInt8>, _ body: (BlueskySearchPage) -> Void
  ) throws(PostDecodingError) {
    try PostPageJSON.forEachPage(
      bytes, format: .bluesky,
      page: { (data, line) throws(PostDecodingError) in try decodePage(data, line: line) },
      wholeErrorFirst: true, body)
  }

  // MARK: Wire format

  private struct Response: Decodable {
    var posts: [Post]
    var cursor: String?
  }

  private struct Post: Decodable {
    var uri: String
    var author: Author?
    var record: Record
    var indexedAt: String?

    var tweet: Tweet {
      Tweet(
        id: uri, text: record.text,
        createdAt: record.createdAt.flatMap(TweetDate.parseISO8601)
          ?? indexedAt.flatMap(TweetDate.parseISO8601),
        language: record.langs?.first, author: author?.handle)
    }
  }

  private struct Author: Decodable {
    var handle: String?
  }

  private struct Record: Decodable {
    var text: String
    var createdAt: String?
    var langs: [String]?
  }
}
