import XCTest

@testable import SentimentCore

extension Tokenizer {
  /// The tokens of `text` by ``ReferenceTokenizer``: the same as
  /// ``tokens(in:)``, slowly, for tests and for reading.
  ///
  /// - Complexity: O(*n*) in the length of `text`, with an allocation per
  ///   token.
  func referenceTokens(in text: String) -> [String] {
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
  func referenceTokens(inUTF8 bytes: [UInt8]) -> [[UInt8]] {
    referenceTokens(in: String(decoding: bytes, as: UTF8.self)).map { Array($0.utf8) }
  }
}

/// The tokenizer's rules, stated plainly: one token at a time from the left,
/// each step of ``TokenizerSettings`` applied where the text calls for it.
///
/// ```swift
/// Tokenizer().referenceTokens(in: "Sooo happy with @Apple :-) but not #TODAY!! 😭🏽 http://t.co/x")
/// // ["soo", "happy", "with", "<user>", ":)", "but", "not", "NOT_today", "!!", "😭", "<url>"]
/// ```
///
/// The rules are those of ``Tokenizer``'s documentation, followed in that
/// order.
struct ReferenceTokenizer {
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
