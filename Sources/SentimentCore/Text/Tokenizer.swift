/// The steps a ``Tokenizer`` applies; stored in every model file so that a
/// model always tokenizes as it was trained.
///
/// Every step can be switched off. With all of them off the tokenizer splits
/// on anything that is not a letter, a digit, `_` or a word-internal
/// apostrophe (a hashtag keeps its `#`), which is the "lower-cased words"
/// baseline when `lowercase` is on.
public struct TokenizerSettings: Equatable, Hashable, Sendable {
  /// Folds letters to lower case (ASCII, Latin-1, Latin Extended-A, Greek,
  /// Cyrillic).
  public var lowercase: Bool
  /// Turns every `http://`, `https://` or `www.` link into the token `<url>`.
  public var urls: Bool
  /// Turns every `@name` into the token `<user>`, so that the account a tweet
  /// mentions does not decide its sentiment. Off: the name is a plain word.
  public var mentions: Bool
  /// Drops the `#` of a hashtag so `#happy` and `happy` are one token.
  /// Off: `#happy` stays a token of its own.
  public var hashtags: Bool
  /// Keeps emoticons such as `:)`, `:-(`, `<3` and `:D` as tokens, with the
  /// nose and case variants mapped to one form (`:-)`, `=)` → `:)`).
  public var emoticons: Bool
  /// Keeps emoji as tokens: skin-tone modifiers and variation selectors are
  /// dropped, ZWJ sequences and flags stay whole.
  public var emoji: Bool
  /// Shortens a letter repeated three or more times to two (`loooove` →
  /// `loove`).
  public var squeezeRepeats: Bool
  /// Keeps runs of `!` and `?` as the tokens `!`, `!!`, `?`, `??` or `?!`.
  public var punctuation: Bool
  /// Prefixes `NOT_` to the words that follow a negation (`not`, `no`,
  /// `never`, `…n't` …) up to the next punctuation mark.
  public var negation: Bool
  /// Turns every number (a word of digits only) into the token `<num>`:
  /// prices, years and version numbers change, their sentiment does not.
  public var numbers: Bool
  /// Drops words of a single ASCII letter or digit (`a`, `i`, `u`, `2`), as
  /// scikit-learn's default tokenizer does: they carry no sentiment.
  public var dropShortWords: Bool

  /// Creates settings; by default every step is on.
  public init(
    lowercase: Bool = true, urls: Bool = true, mentions: Bool = true, hashtags: Bool = true,
    emoticons: Bool = true, emoji: Bool = true, squeezeRepeats: Bool = true,
    punctuation: Bool = true, negation: Bool = true, numbers: Bool = true,
    dropShortWords: Bool = true
  ) {
    self.numbers = numbers
    self.dropShortWords = dropShortWords
    self.lowercase = lowercase
    self.urls = urls
    self.mentions = mentions
    self.hashtags = hashtags
    self.emoticons = emoticons
    self.emoji = emoji
    self.squeezeRepeats = squeezeRepeats
    self.punctuation = punctuation
    self.negation = negation
  }

  /// Settings with every tweet-specific step off: lower-cased words only.
  public static let plainWords = TokenizerSettings(
    urls: false, mentions: false, hashtags: false, emoticons: false, emoji: false,
    squeezeRepeats: false, punctuation: false, negation: false, numbers: false,
    dropShortWords: false)

  /// The settings as `(name, value)` pairs, in the order of the model file.
  public var fields: [(name: String, value: Bool)] {
    [
      ("drop_short_words", dropShortWords), ("emoji", emoji), ("emoticons", emoticons),
      ("hashtags", hashtags), ("lowercase", lowercase), ("mentions", mentions),
      ("negation", negation), ("numbers", numbers), ("punctuation", punctuation),
      ("squeeze_repeats", squeezeRepeats), ("urls", urls),
    ]
  }

  /// Sets the step called `name` (as in ``fields``); returns `false` for an
  /// unknown name.
  public mutating func set(_ name: String, to value: Bool) -> Bool {
    switch name {
    case "drop_short_words": dropShortWords = value
    case "numbers": numbers = value
    case "emoji": emoji = value
    case "emoticons": emoticons = value
    case "hashtags": hashtags = value
    case "lowercase": lowercase = value
    case "mentions": mentions = value
    case "negation": negation = value
    case "punctuation": punctuation = value
    case "squeeze_repeats": squeezeRepeats = value
    case "urls": urls = value
    default: return false
    }
    return true
  }
}

/// Splits tweet text, given as UTF-8 bytes, into tokens without creating a
/// `String` per token.
///
/// ```swift
/// let tokenizer = Tokenizer()
/// tokenizer.tokens(in: "Sooo happy with @Apple :-) http://t.co/x")
/// // ["soo", "happy", "with", "<user>", ":)", "<url>"]
/// ```
///
/// Words are runs of letters, digits, `_` and combining marks, with an
/// apostrophe (`'` or `’`) kept inside a word (`don't`). Chinese and Japanese
/// characters, which are written without spaces, are one token each. Invalid
/// UTF-8 and other punctuation separate tokens. A token longer than
/// ``maximumTokenLength`` bytes is cut to that length.
public struct Tokenizer: Sendable {
  /// The steps this tokenizer applies.
  public var settings: TokenizerSettings

  /// The longest token, in bytes; longer ones are truncated.
  public static let maximumTokenLength = 64

  /// The prefix that marks a negated word.
  public static let negationPrefix = "NOT_"

  /// Creates a tokenizer with the given steps.
  public init(settings: TokenizerSettings = TokenizerSettings()) {
    self.settings = settings
  }

  /// The tokens of `text` as strings, for tests, `explain` and other cold
  /// paths.
  public func tokens(in text: String) -> [String] {
    var result: [String] = []
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer { buffer in
      forEachToken(in: UnsafeBufferPointer(buffer)) { token in
        result.append(String(decoding: token, as: UTF8.self))
      }
    }
    return result
  }

}
