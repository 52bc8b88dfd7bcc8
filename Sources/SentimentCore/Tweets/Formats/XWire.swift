import Foundation

/// The X API's JSON for ``SearchResponseDecoder`` and ``TweetArchive``: one
/// set of `Decodable` types with the API's snake-case names, `null` an absent
/// member. ``decoder(search:)`` picks each reader's rules. Search: a v2 tweet
/// (`data[]`) needs `id` and `text` strings (a `note_tweet` its `text`), a
/// v1.1 status (`statuses[]`) has `id_str` and a whole-number `id`, members
/// are decoded in the order below (the first problem is reported). Archive:
/// `data` is an array or a lookup's one object, or the line is one tweet;
/// a tweet's members are all optional, its id `id_str`, a string or a number;
/// `meta` and `errors` are only looked for; `lang`, `includes`, `title` and
/// `detail` are skipped.
enum XWire {
  /// A `JSONDecoder` with the search rules, else the archive's.
  static func decoder(search: Bool) -> JSONDecoder {
    let decoder = JSONDecoder()
    if search { decoder.userInfo[searchKey] = true }
    return decoder
  }

  private static let searchKey = CodingUserInfoKey(rawValue: "XWire.search")!  // a literal

  fileprivate static func isSearch(_ decoder: any Decoder) -> Bool {
    decoder.userInfo[searchKey] != nil
  }

  /// A page (`data`, `includes`, `meta`, `errors`), a v1.1 result
  /// (`statuses`), an API error (`title`, `detail`) or, for the archive,
  /// a line that is one tweet.
  struct Page: Decodable {
    var data: [Tweet]?
    var includes: Includes?
    var meta: Meta?
    var errors: [Problem]?
    var statuses: [Tweet]?
    var title: String?
    var detail: String?
    /// The archive's line itself as a tweet.
    var tweet: Tweet?
    /// Whether the archive's line has `meta` or `errors`.
    var hasMetaOrErrors = false

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      guard XWire.isSearch(decoder) else {
        do {
          data = try container.decodeIfPresent([Tweet].self, forKey: .data)
        } catch {
          data = [try container.decode(Tweet.self, forKey: .data)]
        }
        statuses = try container.decodeIfPresent([Tweet].self, forKey: .statuses)
        hasMetaOrErrors =
          try container.decodeIfPresent(Ignored.self, forKey: .meta) != nil
          || container.decodeIfPresent(Ignored.self, forKey: .errors) != nil
        tweet = try Tweet(from: decoder)
        return
      }
      data = try container.decodeIfPresent([Tweet].self, forKey: .data)
      includes = try container.decodeIfPresent(Includes.self, forKey: .includes)
      meta = try container.decodeIfPresent(Meta.self, forKey: .meta)
      errors = try container.decodeIfPresent([Problem].self, forKey: .errors)
      statuses = try container.decodeIfPresent([Tweet].self, forKey: .statuses)
      title = try container.decodeIfPresent(String.self, forKey: .title)
      detail = try container.decodeIfPresent(String.self, forKey: .detail)
    }
  }

  /// A tweet of either version, its text forms resolved: `note_tweet.text`,
  /// `extended_tweet.full_text`, `full_text`, then `text`.
  struct Tweet: Decodable {
    var id: String?
    var text: String?
    var createdAt: String?
    var lang: String?
    /// v2 `author_id`; in the archive, else v1.1 `user.id_str`.
    var authorID: String?
    /// v1.1 `user.screen_name` (search only).
    var screenName: String?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      guard XWire.isSearch(decoder) else {
        id =
          try container.decodeIfPresent(String.self, forKey: .idString)
          ?? (try? container.decodeIfPresent(String.self, forKey: .id))
          ?? container.decodeIfPresent(Int64.self, forKey: .id).map(String.init)
        let text = try container.decodeIfPresent(String.self, forKey: .text)
        let fullText = try container.decodeIfPresent(String.self, forKey: .fullText)
        let note = try container.decodeIfPresent(Text.self, forKey: .noteTweet)
        let extended = try container.decodeIfPresent(Text.self, forKey: .extendedTweet)
        self.text = note?.text ?? extended?.fullText ?? fullText ?? text
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        let authorID = try container.decodeIfPresent(String.self, forKey: .authorID)
        let user = try container.decodeIfPresent(User.self, forKey: .user)
        self.authorID = authorID ?? user?.id
        return
      }
      guard decoder.codingPath.first?.stringValue == Key.statuses.stringValue else {
        // v2 (`data[]`)
        id = try container.decode(String.self, forKey: .id)
        let text = try container.decode(String.self, forKey: .text)
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        lang = try container.decodeIfPresent(String.self, forKey: .lang)
        authorID = try container.decodeIfPresent(String.self, forKey: .authorID)
        self.text = try container.decodeIfPresent(Text.self, forKey: .noteTweet)?.text ?? text
        return
      }
      // v1.1 (`statuses[]`)
      let idString = try container.decodeIfPresent(String.self, forKey: .idString)
      let id = try container.decodeIfPresent(Int64.self, forKey: .id)
      self.id = idString ?? id.map(String.init)
      let fullText = try container.decodeIfPresent(String.self, forKey: .fullText)
      let text = try container.decodeIfPresent(String.self, forKey: .text)
      self.text = fullText ?? text
      createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
      lang = try container.decodeIfPresent(String.self, forKey: .lang)
      screenName = try container.decodeIfPresent(User.self, forKey: .user)?.screenName
    }
  }

  /// `note_tweet` (`text`, required for search) or `extended_tweet` (`full_text`).
  struct Text: Decodable {
    var text: String?
    var fullText: String?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      guard XWire.isSearch(decoder) else {
        text = try container.decodeIfPresent(String.self, forKey: .text)
        fullText = try container.decodeIfPresent(String.self, forKey: .fullText)
        return
      }
      text = try container.decode(String.self, forKey: .text)
    }
  }

  /// A v1.1 `user`: `screen_name` for search, `id_str` for the archive.
  struct User: Decodable {
    var id: String?
    var screenName: String?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      if XWire.isSearch(decoder) {
        screenName = try container.decodeIfPresent(String.self, forKey: .screenName)
      } else {
        id = try container.decodeIfPresent(String.self, forKey: .idString)
      }
    }
  }

  /// v2 `includes`: the authors of a page's tweets.
  struct Includes: Decodable {
    var users: [Author]?
  }

  /// A v2 user of `includes.users`.
  struct Author: Decodable {
    var id: String
    var username: String
  }

  /// v2 `meta`.
  struct Meta: Decodable {
    var nextToken: String?
    var resultCount: Int64?

    enum CodingKeys: String, CodingKey {
      case nextToken = "next_token"
      case resultCount = "result_count"
    }
  }

  /// One of v2 `errors[]`.
  struct Problem: Decodable {
    var title: String?
    var detail: String?
    var message: String?

    /// `title: detail` (or `message`), as one line.
    var summary: String {
      let parts = [title, detail ?? message].compactMap { $0 }
      return parts.isEmpty ? "unknown problem" : parts.joined(separator: ": ")
    }
  }

  /// Any JSON value, not looked into.
  private struct Ignored: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  private enum Key: String, CodingKey {
    case data, includes, meta, errors, statuses, title, detail
    case id, text, lang, user
    case idString = "id_str"
    case fullText = "full_text"
    case noteTweet = "note_tweet"
    case extendedTweet = "extended_tweet"
    case createdAt = "created_at"
    case authorID = "author_id"
    case screenName = "screen_name"
  }
}
