import Foundation

/// One tweet of an archive, with what an annotation keeps of it.
package struct ArchivedTweet: Equatable, Sendable {
  /// The tweet's id (a decimal string).
  package var id: String
  /// The full text (a long post's `note_tweet` or v1.1 `full_text`), HTML
  /// entities decoded.
  package var text: String
  /// `created_at` as the archive writes it, if present.
  package var createdAt: String?
  /// The author's user id (v2 `author_id`, v1.1 `user.id_str`), if present.
  package var authorID: String?

  /// Creates a tweet.
  package init(id: String, text: String, createdAt: String? = nil, authorID: String? = nil) {
    self.id = id
    self.text = text
    self.createdAt = createdAt
    self.authorID = authorID
  }
}

/// Reads tweet archives one line at a time: each line of JSONL is an X API
/// v2 page (`{"data":[…]}`, as twarc2 writes them, or a lookup's
/// `{"data":{…}}`), one tweet (v2, as twarc2's flattened files, or v1.1),
/// or a v1.1 search result (`{"statuses":[…]}`). A page without `data`
/// (only `meta` or `errors`) holds no tweets; a blank line is skipped.
///
/// ```swift
/// let tweets = try TweetArchive.tweets(inLine: Array(#"{"data":[{"id":"1","text":"hi"}]}"#.utf8))
/// tweets.first?.id   // "1"
/// ```
package enum TweetArchive {
  /// The tweets of one line of an archive (its number, from 1, for errors).
  ///
  /// - Throws: ``PostDecodingError`` (``PostDecodingError/Format/xArchive``).
  /// - Complexity: O(*n*) in the line's length.
  package static func tweets(inLine bytes: [UInt8], number: Int = 0) throws(PostDecodingError)
    -> [ArchivedTweet]
  {
    guard bytes.contains(where: { !PostPageJSON.isSpace($0) }) else { return [] }
    let line: XWire.Page
    do {
      line = try XWire.decoder(search: false).decode(XWire.Page.self, from: Data(bytes))
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw .notJSON(.xArchive, line: number)
    } catch {
      throw .unexpectedShape(.xArchive, line: number, detail: "a member has an unexpected type")
    }
    if let data = line.data { return data.map(archived) }
    if let statuses = line.statuses { return statuses.map(archived) }
    if let tweet = line.tweet, tweet.id != nil, tweet.text != nil { return [archived(tweet)] }
    if line.hasMetaOrErrors { return [] }
    throw .unexpectedShape(
      .xArchive, line: number, detail: "no \"data\", \"statuses\", or \"id\" and \"text\"")
  }

  private static func archived(_ tweet: XWire.Tweet) -> ArchivedTweet {
    ArchivedTweet(
      id: tweet.id ?? "", text: HTMLEntities.decode(tweet.text ?? ""),
      createdAt: tweet.createdAt, authorID: tweet.authorID)
  }
}
