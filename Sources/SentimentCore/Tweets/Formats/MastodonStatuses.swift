import Foundation

/// Decodes Mastodon statuses: a page of a tag timeline
/// (`GET /api/v1/timelines/tag/:tag`) is a JSON array of statuses.
///
/// A status's id is its `id`, its author `account.acct` (`ann`, or
/// `ann@other.example` for a remote account), its date `created_at`, its
/// language `language`. Its text is the plain text (``HTMLText``) of its
/// `spoiler_text`, if any, then of its `content`: mentions read `@ann`,
/// hashtags `#tag`, links their full URL. A status whose text is empty
/// (an image alone) is left out: it says nothing to score. Members not
/// read are ignored.
///
/// ```swift
/// let tweets = try MastodonStatuses.decode(
///   Data(#"[{"id":"1","content":"<p>so &amp; so</p>","reblog":null}]"#.utf8),
///   includeBoosts: false, language: nil)
/// tweets.first?.text  // "so & so"
/// ```
package enum MastodonStatuses {
  /// Tweets of a page; boosts (non-null `reblog`) are left out unless
  /// includeBoosts, which then reads the boosted status; `language` (nil =
  /// any) keeps only statuses whose `language` matches.
  ///
  /// A language matches without regard to case, and by its primary subtag
  /// (`en` matches `en-GB`); a status without one matches none.
  ///
  /// - Throws: ``PostDecodingError``.
  /// - Complexity: O(*n*) in the number of bytes.
  package static func decode(_ data: Data, includeBoosts: Bool, language: String?) throws
    -> [Tweet]
  {
    try decodePage(data, line: 0, includeBoosts: includeBoosts, language: language)
  }

  /// ``decode(_:includeBoosts:language:)`` with the page's line in a JSONL
  /// file (0 for a file of one page).
  package static func decodePage(
    _ data: Data, line: Int, includeBoosts: Bool, language: String?
  ) throws(PostDecodingError) -> [Tweet] {
    try decodeCounting(data, line: line, includeBoosts: includeBoosts, language: language).tweets
  }

  /// ``decodePage(_:line:includeBoosts:language:)``, and how many of the
  /// page's statuses have text whatever the filters (a boost counted as the
  /// status it boosts): the live source's test of an empty page, from the
  /// one decoding.
  package static func decodeCounting(
    _ data: Data, line: Int, includeBoosts: Bool, language: String?
  ) throws(PostDecodingError) -> (tweets: [Tweet], withText: Int) {
    let statuses = try PostPageJSON.decode(
      [Status].self, from: data, format: .mastodon, line: line)
    let wanted = language.map { primarySubtag($0) }
    var tweets: [Tweet] = []
    var withText = 0
    for status in statuses {
      let read = status.reblog?.status ?? status
      let tweet = read.tweet
      guard !tweet.text.isEmpty else { continue }
      withText += 1
      if status.reblog != nil && !includeBoosts { continue }
      if let wanted {
        guard let language = read.language, primarySubtag(language) == wanted else { continue }
      }
      tweets.append(tweet)
    }
    return (tweets, withText)
  }

  /// Calls `body` with the posts of each page of a recording, one status
  /// array or JSONL with one array per line (as `--record` writes them),
  /// holding one page at a time; the filters are
  /// ``decodePage(_:line:includeBoosts:language:)``'s.
  ///
  /// - Throws: ``PostDecodingError``, naming the line for JSONL.
  /// - Complexity: O(*n*) in the file's size.
  package static func forEachPage(
    in bytes: ArraySlice<UInt8>, includeBoosts: Bool, language: String?,
    _ body: ([Tweet]) -> Void
  ) throws(PostDecodingError) {
    try PostPageJSON.forEachPage(
      bytes, format: .mastodon,
      page: { (data, line) throws(PostDecodingError) in
        try decodePage(data, line: line, includeBoosts: includeBoosts, language: language)
      },
      wholeErrorFirst: true, body)
  }

  /// The `max_id` of the `rel="next"` link of a `Link` header, or nil.
  ///
  /// ```swift
  /// MastodonStatuses.nextMaxID(linkHeader:
  ///   #"<https://m.example/api/v1/timelines/tag/cats?max_id=109>; rel="next", <https://m.example/api/v1/timelines/tag/cats?min_id=120>; rel="prev""#)
  /// // "109"
  /// ```
  ///
  /// - Complexity: O(*n*) in the header's length.
  package static func nextMaxID(linkHeader: String?) -> String? {
    guard let header = linkHeader else { return nil }
    var rest = Substring(header)
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { return nil }
      let target = rest[rest.index(after: open)..<close]
      // The parameters run to the next link (a `<` cannot appear in them
      // but inside a quoted string, which `rel` values never need).
      let after = rest[rest.index(after: close)...]
      let parameters = after[..<(after.firstIndex(of: "<") ?? after.endIndex)]
      rest = after[parameters.endIndex...]
      guard isNext(parameters) else { continue }
      let items = URLComponents(string: String(target))?.queryItems ?? []
      if let maxID = items.first(where: { $0.name == "max_id" })?.value, !maxID.isEmpty {
        return maxID
      }
      return nil
    }
    return nil
  }

  /// Whether a link's parameters (`; rel="next"`) hold the relation `next`.
  private static func isNext(_ parameters: Substring) -> Bool {
    for parameter in parameters.split(separator: ";") {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel"
      else { continue }
      var value = parts[1].trimmingCharacters(in: .whitespaces)
      if value.hasSuffix(",") { value.removeLast() }
      value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
      if value.lowercased().split(separator: " ").contains("next") { return true }
    }
    return false
  }

  /// A language tag's primary subtag, lower-cased: `en-GB` → `en`. Two
  /// tags are the same language for the filter when these are equal (a
  /// replay of a recording filters by it too).
  package static func primarySubtag(_ language: String) -> String {
    String(language.lowercased().split(separator: "-", maxSplits: 1).first ?? "")
  }

  // MARK: Wire format

  private struct Status: Decodable {
    var id: String
    var createdAt: String?
    var content: String
    var spoilerText: String?
    var language: String?
    var account: Account?
    var reblog: Boosted?

    enum CodingKeys: String, CodingKey {
      case id, content, language, account, reblog
      case createdAt = "created_at"
      case spoilerText = "spoiler_text"
    }

    var tweet: Tweet {
      // `spoiler_text` is plain text (the API does not escape it); its
      // white space is tidied as the content's is.
      let spoiler = (spoilerText ?? "").split(whereSeparator: \.isWhitespace).joined(
        separator: " ")
      let content = HTMLText.plainText(self.content)
      return Tweet(
        id: id, text: [spoiler, content].filter { !$0.isEmpty }.joined(separator: " "),
        createdAt: createdAt.flatMap(TweetDate.parseISO8601), language: language,
        author: account?.acct ?? account?.username)
    }
  }

  /// A boosted status: a class, so that a status can hold one.
  private final class Boosted: Decodable {
    let status: Status

    init(from decoder: any Decoder) throws {
      status = try Status(from: decoder)
    }
  }

  private struct Account: Decodable {
    var acct: String?
    var username: String?
  }
}
