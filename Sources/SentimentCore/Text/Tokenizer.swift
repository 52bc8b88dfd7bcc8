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
/// What happens to a tweet, rule by rule, is written out in
/// ``ReferenceTokenizer``: ``referenceTokens(in:)`` follows it plainly. The
/// other methods use the fast path (`TokenizerFastPath.swift`), which gives
/// the same tokens without creating a `String` per token.
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

  /// The tokens of `text` by ``ReferenceTokenizer``: the same as
  /// ``tokens(in:)``, slowly, for tests and for reading.
  ///
  /// - Complexity: O(*n*) in the length of `text`, with an allocation per
  ///   token.
  package func referenceTokens(in text: String) -> [String] {
    var reference = ReferenceTokenizer(settings: settings, text: Array(text.unicodeScalars))
    return reference.tokens()
  }

  /// The tokens of UTF-8 bytes by ``ReferenceTokenizer``: the same as
  /// ``tokens(inUTF8:)``, slowly.
  ///
  /// Each invalid sequence becomes U+FFFD, which separates tokens as the
  /// invalid bytes do in the fast path.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  package func referenceTokens(inUTF8 bytes: [UInt8]) -> [[UInt8]] {
    referenceTokens(in: String(decoding: bytes, as: UTF8.self)).map { Array($0.utf8) }
  }
}

// MARK: - The reference tokenizer

/// The tokenizer's rules, stated plainly: one token at a time from the left,
/// each step of ``TokenizerSettings`` applied where the text calls for it.
///
/// ```swift
/// Tokenizer().referenceTokens(in: "Sooo happy with @Apple :-) but not #TODAY!! 😭🏽 http://t.co/x")
/// // ["soo", "happy", "with", "<user>", ":)", "but", "not", "NOT_today", "!!", "😭", "<url>"]
/// ```
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
/// 7. **Words**: a word character starts a word (see
///    ``readWord(prefix:)``: case folding, squeezed repeats, apostrophes,
///    the 64-byte limit), and ``finishWord(_:prefix:)`` decides its token:
///    dropped when short, `<num>` when a number, `NOT_` in a negated clause.
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
package struct ReferenceTokenizer {
  /// The steps applied.
  package let settings: TokenizerSettings
  /// The text, a scalar at a time.
  private let text: [Unicode.Scalar]
  /// Where the next token starts.
  private var position = 0
  /// Whether the words read now are in a negated clause: after a negator,
  /// up to `but`, an emoticon or a mark that ends a clause.
  private var negated = false

  /// A tokenizer for `text`; invalid UTF-8 must already be U+FFFD.
  package init(settings: TokenizerSettings, text: [Unicode.Scalar]) {
    self.settings = settings
    self.text = text
  }

  /// The text's tokens, in order.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  package mutating func tokens() -> [String] {
    var tokens: [String] = []
    while position < text.count {
      if let token = nextToken() { tokens.append(token) }
    }
    return tokens
  }

  /// Applies the first rule that fits at `position` and moves past what it
  /// took; its token, if it makes one.
  private mutating func nextToken() -> String? {
    let character = text[position]
    let kind = TokenizerRules.scalarClass(of: character.value)
    if TokenizerRules.isSpace(character) {
      position += 1
      return nil
    }
    if settings.urls && startsLink() {
      while position < text.count && !TokenizerRules.isSpace(text[position]) { position += 1 }
      return "<url>"
    }
    if settings.emoticons, let (length, form) = emoticon() {
      position += length
      negated = false
      return form
    }
    if character == "@" && isWordCharacter(at: position + 1) {
      position += 1
      guard settings.mentions else { return readWord(prefix: "") }
      while isWordCharacter(at: position) { position += 1 }
      return "<user>"
    }
    if character == "#" && isWordCharacter(at: position + 1) {
      position += 1
      return readWord(prefix: settings.hashtags ? "" : "#")
    }
    if character == "!" || character == "?" { return readMarks() }
    if isWordCharacter(at: position) { return readWord(prefix: "") }
    if kind == .ideograph {
      position += 1
      return finishWord(String(character), prefix: "")
    }
    if kind == .emoji || kind == .regionalIndicator { return readEmoji() }
    if TokenizerRules.endsClause(character) { negated = false }
    position += 1
    return nil
  }

  // MARK: Words

  /// Whether the character at `index` can start or continue a word.
  private func isWordCharacter(at index: Int) -> Bool {
    index < text.count && TokenizerRules.isWordCharacter(text[index])
  }

  /// Reads the word at `position`, after `prefix`, and gives its token
  /// (``finishWord(_:prefix:)``).
  ///
  /// - A word runs over word characters; an apostrophe (`'`, `’` or `ʼ`)
  ///   followed by a word character stays in it, as `'` (`don’t` → `don't`).
  /// - `lowercase` folds each letter (``TokenizerRules/lowercased(_:)``).
  /// - `squeezeRepeats` leaves out the third and later of a run of the same
  ///   folded letter (`loooove` → `loove`). Digits make no runs; an
  ///   apostrophe breaks one, and so does a change between an ASCII and a
  ///   non-ASCII character (`İ` folds to `i`, but `iiİ` is no run).
  /// - A character that does not fit in ``Tokenizer/maximumTokenLength``
  ///   bytes, with the prefix, is left out; the word still runs to its end.
  private mutating func readWord(prefix: String) -> String? {
    var word = String.UnicodeScalarView()
    var length = prefix.utf8.count
    func append(_ scalar: Unicode.Scalar) {
      let size = scalar.utf8.count
      guard length + size <= Tokenizer.maximumTokenLength else { return }
      word.append(scalar)
      length += size
    }
    var previous: (folded: Unicode.Scalar, isASCII: Bool)?
    var run = 0
    while position < text.count {
      let character = text[position]
      if TokenizerRules.isApostrophe(character) {
        guard isWordCharacter(at: position + 1) else { break }
        append("'")
        previous = nil
        position += 1
        continue
      }
      guard TokenizerRules.isWordCharacter(character) else { break }
      let folded = settings.lowercase ? TokenizerRules.lowercased(character) : character
      let repeats =
        previous?.folded == folded && previous?.isASCII == character.isASCII
        && !("0"..."9").contains(character)
      run = repeats ? run + 1 : 1
      previous = (folded, character.isASCII)
      if !(settings.squeezeRepeats && run > 2) { append(folded) }
      position += 1
    }
    return finishWord(String(word), prefix: prefix)
  }

  /// The token of a word read after `prefix` (`#` or nothing), by these
  /// rules in order:
  ///
  /// 1. `dropShortWords`: a word of one byte (an ASCII letter, digit or
  ///    `_`) is dropped.
  /// 2. `numbers`: a word of ASCII digits only is `<num>`.
  /// 3. `negation`: a negator (``TokenizerRules/negators``, or a word
  ///    ending in `n't`, ASCII letters in any case) starts a negated clause
  ///    and `but` ends it; both are kept as they are. Any other word in a
  ///    negated clause gets ``Tokenizer/negationPrefix`` before its prefix
  ///    (`NOT_happy`, `NOT_#happy`).
  private mutating func finishWord(_ word: String, prefix: String) -> String? {
    let bytes = Array(word.utf8)
    if settings.dropShortWords && bytes.count == 1 { return nil }
    if settings.numbers && !bytes.isEmpty && bytes.allSatisfy({ (0x30...0x39).contains($0) }) {
      return "<num>"
    }
    let token = prefix + word
    guard settings.negation else { return token }
    let key = String(decoding: bytes.map(TokenizerRules.lowercasedASCII), as: UTF8.self)
    if TokenizerRules.negators.contains(key) || key.hasSuffix("n't") {
      negated = true
      return token
    }
    if key == "but" {
      negated = false
      return token
    }
    return negated ? Tokenizer.negationPrefix + token : token
  }

  // MARK: Links, emoticons, marks, emoji

  /// Whether a link starts at `position`.
  private func startsLink() -> Bool {
    ["http://", "https://", "www."].contains { start in
      let start = Array(start.unicodeScalars)
      guard position + start.count <= text.count else { return false }
      return zip(text[position...], start).allSatisfy {
        TokenizerRules.lowercasedASCII($0.0) == $0.1
      }
    }
  }

  /// The emoticon at `position`, as its length and its group's form.
  private func emoticon() -> (length: Int, form: String)? {
    if position > 0 && TokenizerRules.isWordCharacter(text[position - 1]) { return nil }
    for (variant, form) in TokenizerRules.emoticonsLongestFirst {
      let end = position + variant.count
      guard end <= text.count && text[position..<end].elementsEqual(variant) else { continue }
      if end < text.count
        && (TokenizerRules.isWordCharacter(text[end]) || text[end] == "'")
      {
        continue
      }
      return (variant.count, form)
    }
    return nil
  }

  /// Reads a run of `!` and `?`.
  private mutating func readMarks() -> String? {
    var marks = Set<Unicode.Scalar>()
    var count = 0
    while position < text.count && (text[position] == "!" || text[position] == "?") {
      marks.insert(text[position])
      count += 1
      position += 1
    }
    negated = false
    guard settings.punctuation else { return nil }
    if marks.count == 2 { return "?!" }
    let mark = String(marks.first ?? "!")
    return count > 1 ? mark + mark : mark
  }

  /// Reads an emoji sequence: an emoji, its modifiers (dropped) and the
  /// emoji joined to it by ZWJ (U+200D), kept while the token has room for
  /// another pair within ``TokenizerRules/longestEmojiSequence`` bytes; or a
  /// flag, two regional indicators. The token is the sequence when `emoji`
  /// is on. Emoji leave negation as it is.
  private mutating func readEmoji() -> String? {
    let first = text[position]
    var sequence = String.UnicodeScalarView([first])
    position += 1
    func kind(at index: Int) -> ScalarClass? {
      index < text.count ? TokenizerRules.scalarClass(of: text[index].value) : nil
    }
    if TokenizerRules.scalarClass(of: first.value) == .regionalIndicator {
      if kind(at: position) == .regionalIndicator {
        sequence.append(text[position])
        position += 1
      }
    } else {
      while let next = kind(at: position) {
        if next == .emojiModifier {
          position += 1
        } else if next == .joiner && kind(at: position + 1) == .emoji
          && String(sequence).utf8.count + 8 <= TokenizerRules.longestEmojiSequence
        {
          sequence.append(text[position])
          sequence.append(text[position + 1])
          position += 2
        } else {
          break
        }
      }
    }
    return settings.emoji ? String(sequence) : nil
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
