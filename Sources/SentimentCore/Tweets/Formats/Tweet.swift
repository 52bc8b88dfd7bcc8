import Foundation

/// One tweet as the analyzer sees it.
public struct Tweet: Equatable, Sendable {
  /// The tweet's id (a decimal string: ids exceed 2^53).
  public var id: String
  /// The full text: a long post's whole `note_tweet` text, HTML entities
  /// decoded.
  public var text: String
  /// When it was posted, if known.
  public var createdAt: Date?
  /// Its language as the API detected it (`en`), if known.
  public var language: String?
  /// The author's username (without `@`), when the response includes it.
  public var author: String?

  /// Creates a tweet.
  public init(
    id: String, text: String, createdAt: Date? = nil, language: String? = nil,
    author: String? = nil
  ) {
    self.id = id
    self.text = text
    self.createdAt = createdAt
    self.language = language
    self.author = author
  }
}

/// Why a search query was rejected.
package enum SearchQueryError: LocalizedError, Equatable {
  /// The query is not `@name` or `#tag`.
  case invalid(String, reason: String)

  package var errorDescription: String? {
    switch self {
    case .invalid(let query, let reason):
      "invalid query '\(query)': \(reason). Expected @name (1-15 letters, digits or _, "
        + "e.g. @Apple) or #tag (letters, digits or _, e.g. #WWDC)"
    }
  }
}

/// A validated search: tweets mentioning a user (`@name`) or carrying a
/// hashtag (`#tag`), or (Bluesky) posts holding a phrase.
///
/// ```swift
/// try SearchQuery("@Apple")   // .mention("Apple")
/// try SearchQuery("#WWDC25")  // .hashtag("WWDC25")
/// try SearchQuery("apple")    // throws SearchQueryError
/// ```
public enum SearchQuery: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Tweets that mention the user with this handle (no `@`).
  case mention(String)
  /// Tweets with this hashtag (no `#`).
  case hashtag(String)
  /// Posts with these words in this order (Bluesky only: the X source
  /// searches `@name` and `#tag`, Mastodon `#tag`).
  case phrase(String)

  /// The longest hashtag accepted, in code points after NFC normalization.
  public static let maximumHashtagLength = 100

  /// Validates `text`: `@` and 1-15 ASCII letters, digits or `_` (X's handle
  /// rule), or `#` and Unicode letters, digits, combining marks or `_` with
  /// at least one that is not a digit (X's hashtag rule).
  public init(_ text: String) throws {
    guard let sigil = text.unicodeScalars.first else {
      throw SearchQueryError.invalid(text, reason: "it is empty")
    }
    let body = String(text.unicodeScalars.dropFirst())
    switch sigil {
    case "@":
      guard !body.isEmpty else { throw SearchQueryError.invalid(text, reason: "no name after @") }
      guard body.unicodeScalars.count <= 15 else {
        throw SearchQueryError.invalid(text, reason: "a handle has at most 15 characters")
      }
      guard body.unicodeScalars.allSatisfy(Self.isHandleScalar) else {
        throw SearchQueryError.invalid(text, reason: "a handle has only A-Z, a-z, 0-9 and _")
      }
      self = .mention(body)
    case "#":
      guard !body.isEmpty else { throw SearchQueryError.invalid(text, reason: "no tag after #") }
      // Code points after NFC, as X counts them; graphemes would let one
      // letter carry any number of combining marks.
      guard
        body.precomposedStringWithCanonicalMapping.unicodeScalars.count
          <= Self.maximumHashtagLength
      else {
        throw SearchQueryError.invalid(
          text, reason: "a hashtag has at most \(Self.maximumHashtagLength) characters")
      }
      guard body.unicodeScalars.allSatisfy(Self.isHashtagScalar) else {
        throw SearchQueryError.invalid(text, reason: "a hashtag has only letters, digits and _")
      }
      guard !body.unicodeScalars.allSatisfy({ $0.properties.numericType != nil }) else {
        throw SearchQueryError.invalid(text, reason: "a hashtag cannot be only digits")
      }
      self = .hashtag(body)
    default:
      throw SearchQueryError.invalid(text, reason: "it must start with @ or #")
    }
  }

  static func isHandleScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_": true
    default: false
    }
  }

  static func isHashtagScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "_" { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .nonspacingMark, .spacingMark:
      return true
    default:
      return false
    }
  }

  /// The query as typed: `@Apple`, `#WWDC`.
  public var description: String {
    switch self {
    case .mention(let name): "@\(name)"
    case .hashtag(let tag): "#\(tag)"
    case .phrase(let words): "\"\(words)\""
    }
  }

  /// The name without its sigil (a phrase's words).
  public var name: String {
    switch self {
    case .mention(let name), .hashtag(let name), .phrase(let name): name
    }
  }

  /// The file name, without extension, that a fixture or recording for this
  /// query has: `at-` or `hashtag-` and the lower-cased name (`@Apple` →
  /// `at-apple`, `#WWDC` → `hashtag-wwdc`).
  public var fileStem: String {
    switch self {
    case .mention(let name): "at-\(name.lowercased())"
    case .hashtag(let tag): "hashtag-\(tag.lowercased())"
    case .phrase(let words): "phrase-" + Self.slug(words)
    }
  }

  /// `words` lower-cased, each run of characters other than ASCII letters
  /// and digits one `-`, at most 60 characters (`"Climate change!"` →
  /// `climate-change`).
  static func slug(_ words: String) -> String {
    var slug = ""
    for scalar in words.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        slug.unicodeScalars.append(scalar)
      } else if !slug.isEmpty && !slug.hasSuffix("-") {
        slug += "-"
      }
    }
    slug = String(slug.prefix(60))
    while slug.hasSuffix("-") { slug.removeLast() }
    return slug.isEmpty ? "posts" : slug
  }

  /// The longest Bluesky handle accepted (a domain name: 253 characters).
  package static let maximumBlueskyHandleLength = 253

  /// A Bluesky query: `@handle.domain` (a mention; `@alice` means
  /// `@alice.bsky.social`), `#tag`, or any other text as a phrase
  /// (surrounding double quotes dropped).
  ///
  /// - Throws: ``SearchQueryError``.
  package static func bluesky(_ text: String) throws -> SearchQuery {
    if text.hasPrefix("#") { return try SearchQuery(text) }
    if text.hasPrefix("@") {
      var handle = String(text.dropFirst()).lowercased()
      guard !handle.isEmpty else { throw SearchQueryError.invalid(text, reason: "no name after @") }
      if !handle.contains(".") { handle += ".bsky.social" }
      let labels = handle.split(separator: ".", omittingEmptySubsequences: false)
      let valid =
        handle.utf8.count <= maximumBlueskyHandleLength && labels.count >= 2
        && labels.allSatisfy { label in
          (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
            && label.unicodeScalars.allSatisfy {
              ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }
        }
      guard valid else {
        throw SearchQueryError.invalid(
          text, reason: "a Bluesky handle is a domain name such as alice.bsky.social")
      }
      return .mention(handle)
    }
    var words = text.trimmingCharacters(in: .whitespaces)
    if words.count >= 2 && words.hasPrefix("\"") && words.hasSuffix("\"") {
      words = String(words.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
    }
    guard !words.isEmpty else { throw SearchQueryError.invalid(text, reason: "it is empty") }
    guard !words.contains("\""), words.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else {
      throw SearchQueryError.invalid(
        text, reason: "a phrase holds no double quote or control character")
    }
    guard words.count <= 200 else {
      throw SearchQueryError.invalid(text, reason: "a phrase has at most 200 characters")
    }
    return .phrase(words)
  }
}
