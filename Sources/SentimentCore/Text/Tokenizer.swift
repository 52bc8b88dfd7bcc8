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

/// Splits tweet text into tokens: words, `<url>`, `<user>`, `<num>`,
/// emoticons, emoji and runs of `!` and `?`.
///
/// ```swift
/// let tokenizer = Tokenizer()
/// tokenizer.tokens(in: "Sooo happy with @Apple :-) http://t.co/x")
/// // ["soo", "happy", "with", "<user>", ":)", "<url>"]
/// ```
///
/// The tokens come from the fast path (`TokenizerFastPath.swift`), which
/// creates no `String` per token; the tests' `ReferenceTokenizer`
/// (`Tests/SentimentCoreTests/Oracles`) states the same rules plainly and
/// must give the same tokens.
///
/// At each place in the text, the first rule that applies takes what it
/// needs and may give a token:
///
/// 1. **Whitespace** (space, tab, line feed, carriage return, vertical tab,
///    form feed) is skipped.
/// 2. **Links** (`urls`): `http://`, `https://` or `www.`, in any case,
///    starts a link that runs to the next whitespace: the token `<url>`.
///    Links, mentions and emoji leave a negated clause as it is.
/// 3. **Emoticons** (`emoticons`): one of ``TokenizerRules/emoticons`` that
///    does not follow a word character and is not followed by one or by
///    `'`; the longest one that fits. Its token is the group's form (`:-)`
///    → `:)`), and it ends a negated clause.
/// 4. **Mentions**: `@` before a word character. With `mentions` the name
///    (word characters, no apostrophe) becomes `<user>`; without it the
///    name is read as a word (rule 7) without the `@`.
/// 5. **Hashtags**: `#` before a word character starts a word (rule 7);
///    without `hashtags` the word keeps its `#`, inside the 64 bytes.
/// 6. **`!` and `?`**: a run of them ends a negated clause; with
///    `punctuation` it is the token `!` or `?` (one), `!!` or `??` (more
///    than one), or `?!` (both).
/// 7. **Words**: a word character starts a word (case folding, squeezed
///    repeats, apostrophes inside, the 64-byte limit), and its token is
///    dropped when short, `<num>` when a number, `NOT_…` in a negated
///    clause.
/// 8. **Ideographs** (Chinese, Japanese kana) are one word each, so they
///    take `NOT_` in a negated clause.
/// 9. **Emoji** (`emoji`): an emoji with its modifiers (skin tones,
///    variation selectors, keycaps, tags: dropped) and the emoji joined to
///    it by ZWJ is one token; two regional indicators are one flag. Without
///    `emoji` the sequence is skipped.
/// 10. **Anything else** is skipped: `. , ; :` and the other clause marks
///    (``ScalarClass/clause``) end a negated clause; other punctuation,
///    apostrophes outside words, lone modifiers and joiners, and invalid
///    UTF-8 (U+FFFD here) do not.
///
/// A *word character* is an ASCII letter or digit, `_`, or a letter of
/// another script (``ScalarClass/letter``: letters, combining marks, digits
/// of other scripts). HTML entities are not the tokenizer's business: the
/// readers decode them first (``HTMLEntities``).
package struct Tokenizer: Sendable {
  /// The steps this tokenizer applies.
  package var settings: TokenizerSettings

  /// The longest token, in bytes; longer ones are truncated.
  package static let maximumTokenLength = 64

  /// The prefix that marks a negated word.
  package static let negationPrefix = "NOT_"

  /// Creates a tokenizer with the given steps.
  package init(settings: TokenizerSettings = TokenizerSettings()) {
    self.settings = settings
  }

  /// The tokens of `text`, by the fast path.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package func tokens(in text: String) -> [String] {
    var result: [String] = []
    var text = text
    text.withUTF8 { bytes in
      forEachPaddedToken(in: bytes.span) { token in
        result.append(String(decoding: token, as: UTF8.self))
      }
    }
    return result
  }
}

// MARK: - Character classes and word lists

/// What a scalar is to the tokenizer, beyond ASCII (see
/// ``TokenizerRules/scalarClass(of:)``).
enum ScalarClass {
  /// Starts or continues a word: letters, combining marks and digits of
  /// every script without a class of its own.
  case letter
  /// Chinese, Japanese: one token each.
  case ideograph
  /// Starts an emoji sequence.
  case emoji
  /// Dropped after an emoji: skin tones, variation selectors, keycap, tags.
  case emojiModifier
  /// ZWJ, U+200D.
  case joiner
  /// Half of a flag.
  case regionalIndicator
  /// `’` and `ʼ`: an apostrophe inside a word.
  case apostrophe
  /// Ends a negated clause: `…`, ideographic and fullwidth marks, Arabic
  /// `؟` and `،`.
  case clause
  /// Punctuation, spaces, symbols and the like: separates tokens.
  case separator
}

/// The character classes, word lists and limits that both the
/// ``ReferenceTokenizer`` and the fast path follow.
enum TokenizerRules {
  /// The words after which words are negated, besides every word ending in
  /// `n't`: `not`, `no`, `never`, … and the apostrophe-less `dont`, `cant` ….
  static let negatorWords = [
    "not", "no", "never", "cannot", "nothing", "nobody", "none", "nor", "neither", "nowhere",
    "dont", "cant", "wont", "isnt", "arent", "wasnt", "werent", "doesnt", "didnt", "aint",
    "couldnt", "shouldnt", "wouldnt", "havent", "hasnt", "hadnt",
  ]

  /// ``negatorWords`` as a set.
  static let negators = Set(negatorWords)

  /// The emoticons by the one form each group is mapped to.
  static let emoticons: [(form: String, variants: [String])] = [
    (":)", [":-)", ":)", "=)", ":]", ":o)", "(:", "=]"]),
    (":(", [":-(", ":(", "=(", ":[", "):", "=["]),
    (":D", [":-D", ":D", "=D", "xD", "XD"]),
    (";)", [";-)", ";)", ";D"]),
    (":P", [":-P", ":P", ":-p", ":p", ";P", ";p", "=P", "=p", ":-b"]),
    (":/", [":-/", ":/", ":-\\", ":\\", "=/"]),
    (":'(", [":'(", ":'-(", ":’("]),
    (":O", [":-O", ":O", ":-o", ":o"]),
    (":|", [":-|", ":|"]),
    (":*", [":-*", ":*"]),
    ("<3", ["<3", "<33", "<333"]),
    ("</3", ["</3"]),
    ("^_^", ["^_^", "^^", "^-^"]),
    ("-_-", ["-_-"]),
  ]

  /// Every emoticon with its form, longest first, so that `:-)` is not
  /// read as `:-` and `)`.
  static let emoticonsLongestFirst: [(variant: [Unicode.Scalar], form: String)] =
    emoticons.flatMap { group in
      group.variants.map { (Array($0.unicodeScalars), group.form) }
    }.sorted { $0.variant.count > $1.variant.count }

  /// The longest emoji sequence, in bytes.
  static let longestEmojiSequence = 120

  /// Space, tab, line feed, vertical tab, form feed, carriage return.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || ("\t"..."\r").contains(scalar)
  }

  /// An ASCII letter or digit, `_`, or a ``ScalarClass/letter``.
  static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar) || scalar == "_"
    }
    return scalarClass(of: scalar.value) == .letter
  }

  /// `'`, or a ``ScalarClass/apostrophe``.
  static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "'" || (!scalar.isASCII && scalarClass(of: scalar.value) == .apostrophe)
  }

  /// `.`, `,`, `;`, `:`, or a ``ScalarClass/clause`` mark.
  static func endsClause(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == "." || scalar == "," || scalar == ";" || scalar == ":" }
    return scalarClass(of: scalar.value) == .clause
  }

  /// An ASCII capital in lower case; anything else as it is.
  static func lowercasedASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
  }

  /// An ASCII capital's byte in lower case; any other byte as it is.
  static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }

  /// A letter in lower case: ASCII, and the scripts with case that are
  /// common in tweets (``lowercased(_:)-(UInt32)``).
  static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII { return lowercasedASCII(scalar) }
    return Unicode.Scalar(lowercased(scalar.value)) ?? scalar
  }

  /// The class of a non-ASCII scalar.
  static func scalarClass(of scalar: UInt32) -> ScalarClass {
    switch scalar {
    case 0x2019, 0x02BC: return .apostrophe
    case 0x200D: return .joiner
    case 0xFE0F, 0xFE0E, 0x1F3FB...0x1F3FF, 0x20E3, 0xE0020...0xE007F: return .emojiModifier
    case 0x1F1E6...0x1F1FF: return .regionalIndicator
    case 0x1F000...0x1FAFF, 0x2600...0x27BF, 0x2B00...0x2BFF, 0x231A...0x23FF, 0x2190...0x21FF,
      0x3030, 0x303D, 0x3297, 0x3299:
      return .emoji
    case 0x2026, 0x3001, 0x3002, 0xFF01, 0xFF0C, 0xFF0E, 0xFF1F, 0xFF1B, 0x061F, 0x060C:
      return .clause
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
      return .ideograph
    case 0x80...0xBF, 0xD7, 0xF7, 0x2000...0x206F, 0x2E00...0x2E7F, 0x3000...0x303F,
      0xFF00...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65, 0xFFF0...0xFFFF:
      return .separator
    default: return .letter
    }
  }

  /// The lower-case form of a non-ASCII letter: Latin-1, Latin Extended-A,
  /// Greek, Cyrillic, fullwidth Latin; `İ` becomes `i`.
  static func lowercased(_ scalar: UInt32) -> UInt32 {
    switch scalar {
    case 0x130: return 0x69
    case 0x386: return 0x3AC
    case 0x388...0x38A: return scalar + 0x25
    case 0x38C: return 0x3CC
    case 0x38E...0x38F: return scalar + 0x3F
    case 0x460...0x481, 0x48A...0x4BF, 0x4D0...0x4FF: return scalar | 1
    case 0x4C0: return 0x4CF
    case 0x4C1...0x4CE: return scalar & 1 == 1 ? scalar + 1 : scalar
    case 0xC0...0xDE where scalar != 0xD7: return scalar + 0x20
    case 0x100...0x137, 0x14A...0x177: return scalar | 1
    case 0x139...0x148, 0x179...0x17E: return scalar & 1 == 1 ? scalar + 1 : scalar
    case 0x178: return 0xFF
    case 0x391...0x3AB where scalar != 0x3A2: return scalar + 0x20
    case 0x400...0x40F: return scalar + 0x50
    case 0x410...0x42F: return scalar + 0x20
    case 0xFF21...0xFF3A: return scalar + 0x20
    default: return scalar
    }
  }
}
