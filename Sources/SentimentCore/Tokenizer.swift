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

  /// Calls `body` with the bytes of each token of `text`, in order.
  ///
  /// The buffer passed to `body` is only valid during the call.
  ///
  /// - Complexity: O(*n*) in the length of `text`, no allocation.
  public func forEachToken(
    in text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var scan = TokenScanner(settings: settings, text: text)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratchCapacity) { scratch in
      scan.run(scratch: scratch, body)
    }
  }

  /// Room for the negation prefix, a token, and an emoji sequence.
  static let scratchCapacity = 128
}

// MARK: - Character classes

/// What an ASCII byte can start or continue.
private enum ByteClass: UInt8 {
  case separator, space, word, apostrophe, at, hash, bang, clause, emoticonStart, nonASCII
}

private let byteClasses: [ByteClass] = (0..<256).map { (value: Int) -> ByteClass in
  let byte = UInt8(value)
  switch byte {
  case 0x80...: return .nonASCII
  case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
    return .word
  case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
    return .space
  case UInt8(ascii: "'"): return .apostrophe
  case UInt8(ascii: "@"): return .at
  case UInt8(ascii: "#"): return .hash
  case UInt8(ascii: "!"), UInt8(ascii: "?"): return .bang
  case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"): return .clause
  case UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: "("),
    UInt8(ascii: ")"), UInt8(ascii: "^"), UInt8(ascii: "-"):
    return .emoticonStart
  default: return .separator
  }
}

/// What a non-ASCII scalar is to the tokenizer.
private enum ScalarClass {
  case letter, ideograph, emoji, emojiModifier, joiner, regionalIndicator, apostrophe, clause
  case separator
}

private func classify(_ scalar: UInt32) -> ScalarClass {
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

/// The lower-case form of a non-ASCII letter, for the scripts that have case
/// and are common in tweets.
private func lowercased(_ scalar: UInt32) -> UInt32 {
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

/// Emoticons and the one form each is mapped to.
private let emoticonTable: [(text: [UInt8], canonical: [UInt8])] = {
  let groups: [(String, [String])] = [
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
  return groups.flatMap { canonical, variants in
    variants.map { (Array($0.utf8), Array(canonical.utf8)) }
  }.sorted { $0.text.count > $1.text.count }
}()

/// Up to eight bytes, lower-cased ASCII, packed into one integer: a set key
/// that needs no allocation.
private func packedLowercase(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var packed: UInt64 = 0
  for byte in word {
    packed = packed << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
  }
  return packed
}

/// Whether a packed word (see `packedLowercase`) is a negator: `not`, `no`,
/// `never`, `cannot`, `nothing`, … and the apostrophe-less `dont`, `cant` ….
/// A switch on constants, not a set: this runs for every word.
private func isPackedNegator(_ packed: UInt64) -> Bool {
  switch packed {
  case 0x6E6F74,  // not
    0x6E6F,  // no
    0x6E_6576_6572,  // never
    0x6361_6E6E_6F74,  // cannot
    0x6E_6F74_6869_6E67,  // nothing
    0x6E6F_626F_6479,  // nobody
    0x6E6F_6E65,  // none
    0x6E6F72,  // nor
    0x6E_6569_7468_6572,  // neither
    0x6E_6F77_6865_7265,  // nowhere
    0x646F_6E74,  // dont
    0x6361_6E74,  // cant
    0x776F_6E74,  // wont
    0x6973_6E74,  // isnt
    0x61_7265_6E74,  // arent
    0x77_6173_6E74,  // wasnt
    0x7765_7265_6E74,  // werent
    0x646F_6573_6E74,  // doesnt
    0x64_6964_6E74,  // didnt
    0x6169_6E74,  // aint
    0x63_6F75_6C64_6E74,  // couldnt
    0x7368_6F75_6C64_6E74,  // shouldnt
    0x77_6F75_6C64_6E74,  // wouldnt
    0x6861_7665_6E74,  // havent
    0x68_6173_6E74,  // hasnt
    0x68_6164_6E74:  // hadnt
    return true
  default:
    return false
  }
}

private let url = Array("<url>".utf8)
private let user = Array("<user>".utf8)
private let number = Array("<num>".utf8)

// MARK: - Scanner

/// One pass over a text; kept apart from ``Tokenizer`` so the hot loop works
/// on locals.
private struct TokenScanner {
  let settings: TokenizerSettings
  let text: UnsafeBufferPointer<UInt8>
  /// `byteClasses`, read once: a global is checked for lazy initialization
  /// on every access, which shows in a per-byte loop.
  let classes: [ByteClass]
  var position = 0
  var negated = false

  init(settings: TokenizerSettings, text: UnsafeBufferPointer<UInt8>) {
    self.settings = settings
    self.text = text
    classes = byteClasses
  }

  @inline(__always)
  func byte(at index: Int) -> UInt8 {
    index < text.count ? text[index] : 0x20
  }

  /// Decodes the scalar at `index`; invalid UTF-8 decodes as a one-byte
  /// separator.
  func scalar(at index: Int) -> (value: UInt32, length: Int) {
    let lead = UInt32(text[index])
    let count = text.count
    func continuation(_ offset: Int) -> UInt32? {
      let at = index + offset
      guard at < count, text[at] & 0xC0 == 0x80 else { return nil }
      return UInt32(text[at] & 0x3F)
    }
    switch lead {
    case 0xC2...0xDF:
      if let b1 = continuation(1) { return ((lead & 0x1F) << 6 | b1, 2) }
    case 0xE0...0xEF:
      if let b1 = continuation(1), let b2 = continuation(2) {
        let value = (lead & 0x0F) << 12 | b1 << 6 | b2
        if value >= 0x800 && !(0xD800...0xDFFF).contains(value) { return (value, 3) }
      }
    case 0xF0...0xF4:
      if let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) {
        let value = (lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
        if (0x10000...0x10FFFF).contains(value) { return (value, 4) }
      }
    default: break
    }
    return (0x80, 1)
  }

  mutating func run(
    scratch: UnsafeMutableBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var out = TokenBuffer(storage: scratch)
    while position < text.count {
      let byte = text[position]
      switch classes[Int(byte)] {
      case .space, .separator:
        position += 1
      case .word:
        if settings.urls && startsURL() {
          skipToSpace()
          emitSpecial(url, body, &out)
        } else if settings.emoticons && byte | 0x20 == UInt8(ascii: "x") && matchEmoticon(&out) {
          emitEmoticon(body, &out)
        } else {
          scanWord(&out, body)
        }
      case .apostrophe:
        position += 1
      case .at:
        if isWordStart(at: position + 1) {
          position += 1
          if settings.mentions {
            skipWordChars()
            emitSpecial(user, body, &out)
          } else {
            scanWord(&out, body)
          }
        } else {
          position += 1
        }
      case .hash:
        if isWordStart(at: position + 1) {
          out.reset(prefix: settings.hashtags ? nil : UInt8(ascii: "#"))
          position += 1
          scanWord(&out, body, keepPrefix: !settings.hashtags)
        } else {
          position += 1
        }
      case .bang:
        scanBangs(&out, body)
      case .clause:
        if byte == UInt8(ascii: ";") && settings.emoticons && matchEmoticon(&out) {
          emitEmoticon(body, &out)
        } else {
          position += 1
          negated = false
        }
      case .emoticonStart:
        if settings.emoticons && matchEmoticon(&out) {
          emitEmoticon(body, &out)
        } else {
          if byte == UInt8(ascii: ":") { negated = false }
          position += 1
        }
      case .nonASCII:
        scanNonASCII(&out, body)
      }
    }
  }

  // MARK: Words

  func isWordStart(at index: Int) -> Bool {
    guard index < text.count else { return false }
    let byte = text[index]
    if byte < 0x80 { return classes[Int(byte)] == .word }
    let (value, _) = scalar(at: index)
    return classify(value) == .letter
  }

  /// Scans a word from `position`, emitting it and handling negation.
  mutating func scanWord(
    _ out: inout TokenBuffer, _ body: (UnsafeBufferPointer<UInt8>) -> Void, keepPrefix: Bool = false
  ) {
    if !keepPrefix { out.reset(prefix: nil) }
    let start = out.count
    var last: UInt8 = 0
    var lastScalar: UInt32 = 0
    var repeats = 0
    while position < text.count {
      let byte = text[position]
      if byte < 0x80 {
        let kind = classes[Int(byte)]
        if kind == .word {
          var folded = byte
          if settings.lowercase && byte >= 0x41 && byte <= 0x5A { folded |= 0x20 }
          if folded == last && folded > 0x39 {
            repeats += 1
          } else {
            repeats = 1
            last = folded
          }
          if !(settings.squeezeRepeats && repeats > 2) { out.append(folded) }
          lastScalar = 0
          position += 1
          continue
        }
        if kind == .apostrophe && isWordStart(at: position + 1) && byte == UInt8(ascii: "'") {
          out.append(byte)
          last = 0
          position += 1
          continue
        }
        break
      }
      let (value, length) = scalar(at: position)
      let kind = classify(value)
      if kind == .apostrophe && isWordStart(at: position + length) {
        out.append(UInt8(ascii: "'"))
        last = 0
        lastScalar = 0
        position += length
        continue
      }
      guard kind == .letter else { break }
      let folded = settings.lowercase ? lowercased(value) : value
      if folded == lastScalar {
        repeats += 1
      } else {
        repeats = 1
        lastScalar = folded
      }
      if !(settings.squeezeRepeats && repeats > 2) {
        out.appendScalar(folded, limit: Tokenizer.maximumTokenLength)
      }
      last = 0
      position += length
    }
    emitWord(from: start, &out, body)
  }

  /// Emits the word in `out`, with the negation prefix when in a negated
  /// clause, and starts a negated clause after a negator.
  mutating func emitWord(
    from start: Int, _ out: inout TokenBuffer, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let length = out.count - start
    guard length > 0 else { return }
    if length == 1 && settings.dropShortWords && out.bytes(from: start)[0] < 0x80 { return }
    if settings.numbers && out.bytes(from: start).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      emitSpecial(number, body, &out)
      return
    }
    guard settings.negation else {
      out.emit(body)
      return
    }
    let word = out.bytes(from: start)
    if isNegator(word) {
      out.emit(body)
      negated = true
    } else if isWord(word, equalTo: "but") {
      out.emit(body)
      negated = false
    } else if negated {
      out.emitNegated(body)
    } else {
      out.emit(body)
    }
  }

  func isNegator(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = word.count
    if count >= 3 && word[count - 3] | 0x20 == UInt8(ascii: "n") && word[count - 2] == 0x27
      && word[count - 1] | 0x20 == UInt8(ascii: "t")
    {
      return true
    }
    guard count <= 8 else { return false }
    return isPackedNegator(packedLowercase(word))
  }

  func isWord(_ word: UnsafeBufferPointer<UInt8>, equalTo literal: StaticString) -> Bool {
    guard word.count == literal.utf8CodeUnitCount else { return false }
    let expected = literal.utf8Start
    for index in 0..<word.count where word[index] | 0x20 != expected[index] { return false }
    return true
  }

  mutating func skipWordChars() {
    while position < text.count {
      let byte = text[position]
      if byte < 0x80 {
        guard classes[Int(byte)] == .word else { return }
        position += 1
      } else {
        let (value, length) = scalar(at: position)
        guard classify(value) == .letter else { return }
        position += length
      }
    }
  }

  // MARK: URLs, emoticons, punctuation

  func startsURL() -> Bool {
    func matches(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard position + count <= text.count else { return false }
      let expected = literal.utf8Start
      for index in 0..<count where text[position + index] | 0x20 != expected[index] {
        return false
      }
      return true
    }
    let first = text[position] | 0x20
    if first == UInt8(ascii: "h") { return matches("http://") || matches("https://") }
    if first == UInt8(ascii: "w") { return matches("www.") }
    return false
  }

  mutating func skipToSpace() {
    while position < text.count && classes[Int(text[position])] != .space { position += 1 }
  }

  func isBoundary(at index: Int) -> Bool {
    guard index < text.count else { return true }
    let byte = text[index]
    if byte >= 0x80 { return classify(scalar(at: index).value) != .letter }
    let kind = classes[Int(byte)]
    return kind != .word && kind != .apostrophe
  }

  /// Whether the scalar ending just before `index` is a letter or digit.
  func followsWord(_ index: Int) -> Bool {
    guard index > 0 else { return false }
    let before = text[index - 1]
    if before < 0x80 { return classes[Int(before)] == .word }
    var start = index - 1
    while start > 0 && index - start < 4 && text[start] & 0xC0 == 0x80 { start -= 1 }
    let (value, length) = scalar(at: start)
    return start + length == index && classify(value) == .letter
  }

  /// Matches an emoticon at `position` that stands alone (a boundary before
  /// and after it); on success writes its canonical form to `out`.
  mutating func matchEmoticon(_ out: inout TokenBuffer) -> Bool {
    if followsWord(position) { return false }
    let remaining = text.count - position
    for entry in emoticonTable where entry.text.count <= remaining {
      var same = true
      for index in 0..<entry.text.count where text[position + index] != entry.text[index] {
        same = false
        break
      }
      guard same, isBoundary(at: position + entry.text.count) else { continue }
      position += entry.text.count
      out.reset(prefix: nil)
      for byte in entry.canonical { out.append(byte) }
      return true
    }
    return false
  }

  /// Emits the emoticon in `out`; an emoticon ends a negated clause.
  mutating func emitEmoticon(
    _ body: (UnsafeBufferPointer<UInt8>) -> Void, _ out: inout TokenBuffer
  ) {
    out.emit(body)
    negated = false
  }

  mutating func emitSpecial(
    _ token: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void, _ out: inout TokenBuffer
  ) {
    out.reset(prefix: nil)
    for byte in token { out.append(byte) }
    out.emit(body)
  }

  mutating func scanBangs(_ out: inout TokenBuffer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var bangs = 0
    var questions = 0
    while position < text.count {
      let byte = text[position]
      if byte == UInt8(ascii: "!") {
        bangs += 1
      } else if byte == UInt8(ascii: "?") {
        questions += 1
      } else {
        break
      }
      position += 1
    }
    negated = false
    guard settings.punctuation else { return }
    out.reset(prefix: nil)
    if bangs > 0 && questions > 0 {
      out.append(UInt8(ascii: "?"))
      out.append(UInt8(ascii: "!"))
    } else {
      let mark = bangs > 0 ? UInt8(ascii: "!") : UInt8(ascii: "?")
      out.append(mark)
      if bangs + questions > 1 { out.append(mark) }
    }
    out.emit(body)
  }

  // MARK: Non-ASCII

  mutating func scanNonASCII(_ out: inout TokenBuffer, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
  {
    let (value, length) = scalar(at: position)
    switch classify(value) {
    case .letter:
      scanWord(&out, body)
    case .apostrophe:
      position += length
    case .ideograph:
      out.reset(prefix: nil)
      out.appendScalar(value)
      position += length
      emitWord(from: 0, &out, body)
    case .emoji, .regionalIndicator:
      scanEmoji(&out, body)
    case .clause:
      position += length
      negated = false
    case .emojiModifier, .joiner, .separator:
      position += length
    }
  }

  /// Scans one emoji sequence: a base, modifiers (dropped), and more bases
  /// joined by ZWJ; a pair of regional indicators is one flag.
  mutating func scanEmoji(_ out: inout TokenBuffer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    out.reset(prefix: nil)
    var first = scalar(at: position)
    let isFlag = classify(first.value) == .regionalIndicator
    out.appendScalar(first.value)
    position += first.length
    if isFlag {
      if position < text.count {
        first = scalar(at: position)
        if classify(first.value) == .regionalIndicator {
          out.appendScalar(first.value)
          position += first.length
        }
      }
    } else {
      while position < text.count {
        let next = scalar(at: position)
        let kind = classify(next.value)
        if kind == .emojiModifier {
          position += next.length
        } else if kind == .joiner, position + next.length < text.count {
          let joined = scalar(at: position + next.length)
          guard classify(joined.value) == .emoji, out.hasRoom(for: 8) else { break }
          out.appendScalar(next.value)
          out.appendScalar(joined.value)
          position += next.length + joined.length
        } else {
          break
        }
      }
    }
    if settings.emoji { out.emit(body) }
  }
}

/// The scratch bytes of the token being built.
private struct TokenBuffer {
  let storage: UnsafeMutableBufferPointer<UInt8>
  /// Where the token starts: after the room kept for the negation prefix.
  let base = 8
  var count = 0

  init(storage: UnsafeMutableBufferPointer<UInt8>) {
    self.storage = storage
  }

  var limit: Int { Tokenizer.maximumTokenLength }

  mutating func reset(prefix: UInt8?) {
    count = 0
    if let prefix { append(prefix) }
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    guard count < limit else { return }
    storage[base + count] = byte
    count += 1
  }

  func hasRoom(for bytes: Int) -> Bool {
    base + count + bytes <= storage.count
  }

  /// Appends a scalar as UTF-8, unless it would pass `limit` bytes or the
  /// scratch capacity; never splits a scalar. Words pass the token length
  /// limit; emoji sequences may go past it, up to the scratch capacity.
  mutating func appendScalar(_ value: UInt32, limit: Int = .max) {
    let length = value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
    guard base + count + length <= storage.count, count + length <= limit else { return }
    switch length {
    case 1:
      storage[base + count] = UInt8(value)
    case 2:
      storage[base + count] = UInt8(0xC0 | value >> 6)
      storage[base + count + 1] = UInt8(0x80 | value & 0x3F)
    case 3:
      storage[base + count] = UInt8(0xE0 | value >> 12)
      storage[base + count + 1] = UInt8(0x80 | value >> 6 & 0x3F)
      storage[base + count + 2] = UInt8(0x80 | value & 0x3F)
    default:
      storage[base + count] = UInt8(0xF0 | value >> 18)
      storage[base + count + 1] = UInt8(0x80 | value >> 12 & 0x3F)
      storage[base + count + 2] = UInt8(0x80 | value >> 6 & 0x3F)
      storage[base + count + 3] = UInt8(0x80 | value & 0x3F)
    }
    count += length
  }

  func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: storage[(base + start)..<(base + count)])
  }

  func emit(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    body(UnsafeBufferPointer(rebasing: storage[base..<(base + count)]))
  }

  func emitNegated(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let prefix = Tokenizer.negationPrefix.utf8
    var at = base - prefix.count
    for byte in prefix {
      storage[at] = byte
      at += 1
    }
    body(UnsafeBufferPointer(rebasing: storage[(base - prefix.count)..<(base + count)]))
  }
}
