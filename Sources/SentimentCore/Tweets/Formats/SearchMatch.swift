/// The `@handles` and `#hashtags` written in tweet texts, and how often and
/// in what mood they occur among analyzed tweets (Smashtag's mention list).
///
/// ```swift
/// Mentions.extract(from: "Thanks @Apple and @apple! #WWDC #wwdc 🎉")
/// // Mentions(users: ["apple"], hashtags: ["wwdc"])
/// ```
package struct Mentions: Equatable, Sendable {
  /// The handles mentioned (lower-cased, without `@`), each once, in order of
  /// first occurrence.
  package var users: [String]
  /// The hashtags carried (lower-cased, without `#`), each once, in order of
  /// first occurrence.
  package var hashtags: [String]

  /// Creates a set of mentions.
  package init(users: [String] = [], hashtags: [String] = []) {
    self.users = users
    self.hashtags = hashtags
  }

  /// The mentions in `text`, case-insensitive and each counted once.
  ///
  /// A handle is `@` followed by 1-15 ASCII letters, digits or `_` (X's
  /// rule), not preceded by one of those characters (so `ada@example.com` is
  /// no mention) and not followed by more of them (`@` and 16 letters is no
  /// handle). A hashtag is `#` followed by Unicode letters, digits,
  /// combining marks or `_`, not only digits (`#1` is no tag), not preceded
  /// by such a character (`C#` is no tag), at most 100 characters.
  ///
  /// - Complexity: O(*n*) in the text's length.
  package static func extract(from text: String) -> Mentions {
    var result = Mentions()
    var seenUsers: Set<String> = []
    var seenTags: Set<String> = []
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let previous = index > 0 ? scalars[index - 1] : nil
      if scalar == "@" || scalar == "＠",
        previous.map({ !SearchQuery.isHandleScalar($0) && $0 != "@" }) ?? true
      {
        var end = index + 1
        while end < scalars.count && SearchQuery.isHandleScalar(scalars[end]) { end += 1 }
        let length = end - index - 1
        if length >= 1 && length <= 15 && (end == scalars.count || scalars[end] != "@") {
          let name = lowercased(scalars[(index + 1)..<end])
          if seenUsers.insert(name).inserted { result.users.append(name) }
        }
        index = max(end, index + 1)
        continue
      }
      if scalar == "#" || scalar == "＃",
        previous.map({ !SearchQuery.isHashtagScalar($0) && $0 != "&" }) ?? true
      {
        var end = index + 1
        while end < scalars.count && SearchQuery.isHashtagScalar(scalars[end]) { end += 1 }
        let body = scalars[(index + 1)..<end]
        if !body.isEmpty && body.count <= SearchQuery.maximumHashtagLength
          && !body.allSatisfy({ $0.properties.numericType != nil })
        {
          let tag = lowercased(body)
          if seenTags.insert(tag).inserted { result.hashtags.append(tag) }
        }
        index = max(end, index + 1)
        continue
      }
      index += 1
    }
    return result
  }

  private static func lowercased(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text.lowercased()
  }
}

extension SearchQuery {
  /// Whether `tweet` is one the search could have found: it mentions the
  /// `@handle` or carries the `#hashtag` (case-insensitive), or, for a
  /// handle, was written by that user; for a phrase, holds its words.
  ///
  /// ```swift
  /// SearchQuery.mention("Apple").matches(Tweet(id: "1", text: "hi @apple"))  // true
  /// ```
  public func matches(_ tweet: Tweet) -> Bool {
    let found = Mentions.extract(from: tweet.text)
    switch self {
    case .mention(let name):
      // A Bluesky handle is a domain name, which `extract` does not read.
      return found.users.contains(name.lowercased())
        || tweet.author?.lowercased() == name.lowercased()
        || (name.contains(".") && tweet.text.lowercased().contains("@" + name.lowercased()))
    case .hashtag(let tag):
      return found.hashtags.contains(tag.lowercased())
    case .phrase(let words):
      return tweet.text.range(of: words, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
