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

/// Why a line of a tweet archive could not be read: bad input data.
package enum TweetArchiveError: LocalizedError, Equatable {
  /// The line is not JSON.
  case notJSON(line: Int)
  /// The line is JSON, but neither a page of tweets nor a tweet.
  case notTweets(line: Int, detail: String)

  /// The same problem on line `line`.
  package func at(line: Int) -> Self {
    switch self {
    case .notJSON: .notJSON(line: line)
    case .notTweets(_, let detail): .notTweets(line: line, detail: detail)
    }
  }

  package var errorDescription: String? {
    switch self {
    case .notJSON(let line):
      "line \(line) of the archive is not JSON; expected one JSON object per line (JSONL)"
    case .notTweets(let line, let detail):
      "line \(line) of the archive holds no tweets (\(detail)); expected X API v2 pages "
        + "({\"data\":[…]}), tweets (v2 or v1.1) or v1.1 search results ({\"statuses\":[…]}), "
        + "one per line"
    }
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
  /// - Throws: ``TweetArchiveError``.
  /// - Complexity: O(*n*) in the line's length.
  package static func tweets(inLine bytes: [UInt8], number: Int = 0) throws(TweetArchiveError)
    -> [ArchivedTweet]
  {
    guard bytes.contains(where: { !isSpace($0) }) else { return [] }
    let line: Line
    do {
      line = try JSONDecoder().decode(Line.self, from: Data(bytes))
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw .notJSON(line: number)
    } catch {
      throw .notTweets(line: number, detail: "a member has an unexpected type")
    }
    if let data = line.data { return data.tweets.map(\.archived) }
    if let statuses = line.statuses { return statuses.map(\.archived) }
    if line.tweet.id != nil, line.tweet.textOrNil != nil { return [line.tweet.archived] }
    if line.meta != nil || line.errors != nil { return [] }
    throw .notTweets(line: number, detail: "no \"data\", \"statuses\", or \"id\" and \"text\"")
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  // MARK: Wire format

  /// A line: a page, a v1.1 search result, or a tweet itself.
  private struct Line: Decodable {
    var data: Tweets?
    var statuses: [WireTweet]?
    var meta: Ignored?
    var errors: Ignored?
    var tweet: WireTweet

    enum CodingKeys: String, CodingKey { case data, statuses, meta, errors }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      data = try container.decodeIfPresent(Tweets.self, forKey: .data)
      statuses = try container.decodeIfPresent([WireTweet].self, forKey: .statuses)
      meta = try container.decodeIfPresent(Ignored.self, forKey: .meta)
      errors = try container.decodeIfPresent(Ignored.self, forKey: .errors)
      tweet = try WireTweet(from: decoder)
    }
  }

  /// `data`: a page's tweets, or a lookup's one tweet.
  private struct Tweets: Decodable {
    var tweets: [WireTweet]

    init(from decoder: any Decoder) throws {
      if let many = try? [WireTweet](from: decoder) {
        tweets = many
      } else {
        tweets = [try WireTweet(from: decoder)]
      }
    }
  }

  /// Any JSON value, not looked into.
  private struct Ignored: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  /// A tweet of either version: every member optional.
  private struct WireTweet: Decodable {
    var id: String?
    var text: String?
    var fullText: String?
    var noteTweet: Text?
    var extendedTweet: Text?
    var createdAt: String?
    var authorID: String?
    var user: User?

    enum CodingKeys: String, CodingKey {
      case id, text, user
      case idString = "id_str"
      case fullText = "full_text"
      case noteTweet = "note_tweet"
      case extendedTweet = "extended_tweet"
      case createdAt = "created_at"
      case authorID = "author_id"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      // v1.1 has `id` as a number and `id_str`; v2 `id` as a string.
      if let id = try container.decodeIfPresent(String.self, forKey: .idString) {
        self.id = id
      } else if let id = try? container.decodeIfPresent(String.self, forKey: .id) {
        self.id = id
      } else {
        id = try container.decodeIfPresent(Int64.self, forKey: .id).map(String.init)
      }
      text = try container.decodeIfPresent(String.self, forKey: .text)
      fullText = try container.decodeIfPresent(String.self, forKey: .fullText)
      noteTweet = try container.decodeIfPresent(Text.self, forKey: .noteTweet)
      extendedTweet = try container.decodeIfPresent(Text.self, forKey: .extendedTweet)
      createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
      authorID = try container.decodeIfPresent(String.self, forKey: .authorID)
      user = try container.decodeIfPresent(User.self, forKey: .user)
    }

    var textOrNil: String? {
      noteTweet?.text ?? extendedTweet?.fullText ?? fullText ?? text
    }

    var archived: ArchivedTweet {
      ArchivedTweet(
        id: id ?? "", text: HTMLEntities.decode(textOrNil ?? ""), createdAt: createdAt,
        authorID: authorID ?? user?.id)
    }
  }

  /// `note_tweet` (`text`) or `extended_tweet` (`full_text`).
  private struct Text: Decodable {
    var text: String?
    var fullText: String?

    enum CodingKeys: String, CodingKey {
      case text
      case fullText = "full_text"
    }
  }

  private struct User: Decodable {
    var id: String?

    enum CodingKeys: String, CodingKey {
      case id = "id_str"
    }
  }
}
