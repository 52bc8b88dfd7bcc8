// The tokenizer's fast path: a single pass over the UTF-8 bytes that reads
// words eight bytes at a time (SWAR), keeps the token being built in a
// scratch buffer on the stack and looks negators up by a perfect hash. It
// applies the rules of `ReferenceTokenizer` (Tests/SentimentCoreTests/Oracles), which states
// them plainly; `TokenizerFastPathTests` and the `tokenizer-equivalence` fuzz
// target check that both give the same tokens.
//
// It is kept because it is measured to matter: tokenizing is most of the time
// of `train` and `classify`, and on 2026-11-24 (`swiftc -O -wmo`, 2 shared
// cores) ten passes over the 3,424 labeled Sanders texts took 25–33 ms here
// and 630–970 ms through `ReferenceTokenizer`, some 30 times as long.

extension Tokenizer {
  /// The tokens of UTF-8 bytes, by the fast path; invalid UTF-8 separates
  /// tokens, and every token is valid UTF-8.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  package func tokens(inUTF8 bytes: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    forEachPaddedToken(in: bytes.span) { result.append(Array($0)) }
    return result
  }

  /// Calls `body` with the bytes of each token of `text` (UTF-8, possibly
  /// invalid), in order, by the fast path; the span is valid during the
  /// call only.
  ///
  /// - Complexity: O(*n*) in the length of `text`, no allocation.
  package func forEachToken(in text: Span<UInt8>, _ body: (Span<UInt8>) -> Void) {
    forEachPaddedToken(in: text) { token in body(token.span) }
  }

  /// Calls `body` with the bytes of each token of `text`, in order.
  ///
  /// The buffer passed to `body` is only valid during the call. At least
  /// ``padding`` readable bytes follow it, so that a lookup can read the
  /// token's last bytes in one load.
  ///
  /// - Complexity: O(*n*) in the length of `text`, no allocation.
  @inline(__always)
  func forEachPaddedToken(
    in text: Span<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let capacity = Self.scratchCapacity + Self.padding
    text.withUnsafeBufferPointer { text in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
        // Words are read eight bytes at a time, past their end.
        scratch.initialize(repeating: 0)
        let tokens = scratch.extracting(..<Self.scratchCapacity)
        var scanner = TokenScanner(settings: settings, text: text, scratch: tokens)
        scanner.forEach(body)
      }
    }
  }

  /// Room for the negation prefix, a token, and an emoji sequence.
  static let scratchCapacity = 128

  /// How many readable bytes follow each token that ``forEachPaddedToken(in:_:)``
  /// passes on.
  static let padding = 8
}

// MARK: - Character classes

/// What an ASCII byte can start or continue.
private enum ByteClass: UInt8 {
  case separator, space, word, apostrophe, at, hash, bang, clause, emoticonStart, nonASCII

  init(_ byte: UInt8) {
    switch byte {
    case 0x80...: self = .nonASCII
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      self = .word
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
      self = .space
    case UInt8(ascii: "'"): self = .apostrophe
    case UInt8(ascii: "@"): self = .at
    case UInt8(ascii: "#"): self = .hash
    case UInt8(ascii: "!"), UInt8(ascii: "?"): self = .bang
    case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"): self = .clause
    case UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "^"), UInt8(ascii: "-"):
      self = .emoticonStart
    default: self = .separator
    }
  }
}

/// The tables the scanner reads for every byte and word, built once and
/// never freed: through pointers they are read without the bounds checks
/// and lazy-initialization checks of global arrays.
private struct ScannerTables: @unchecked Sendable {
  /// `ByteClass` by byte.
  let classes: UnsafeMutablePointer<ByteClass>
  /// The negators, packed (see `packedLowercase`), by `negatorSlot`; all
  /// ones, which no packed word is, in the empty slots.
  let negators: UnsafeMutablePointer<UInt64>

  static let shared = ScannerTables()

  private init() {
    classes = .allocate(capacity: 256)
    for value in 0..<256 { (classes + value).initialize(to: ByteClass(UInt8(value))) }
    negators = .allocate(capacity: Self.negatorSlots)
    negators.initialize(repeating: .max, count: Self.negatorSlots)
    for word in TokenizerRules.negatorWords {
      var word = word
      let packed = word.withUTF8 { packedLowercase($0) }
      let slot = Self.negatorSlot(packed)
      // The multiplier was chosen so that the negators do not collide.
      precondition(negators[slot] == .max, "two negators share a slot")
      negators[slot] = packed
    }
  }

  static let negatorSlots = 64

  /// A perfect hash of the packed negators into 64 slots: one multiplication,
  /// one load and one comparison per word, instead of a search.
  @inline(__always)
  static func negatorSlot(_ packed: UInt64) -> Int {
    Int(truncatingIfNeeded: (packed &* 0x66FE_C086_DF22_9651) >> 58)
  }

  /// Whether a packed word of up to eight bytes is a negator; 0 for a
  /// longer word is not.
  @inline(__always)
  func isNegator(packed: UInt64) -> Bool {
    negators[Self.negatorSlot(packed)] == packed
  }
}

/// The class of a non-ASCII scalar (``TokenizerRules/scalarClass(of:)``).
@inline(__always)
private func classify(_ scalar: UInt32) -> ScalarClass {
  TokenizerRules.scalarClass(of: scalar)
}

/// A non-ASCII letter in lower case (``TokenizerRules/lowercased(_:)-(UInt32)``).
@inline(__always)
private func lowercased(_ scalar: UInt32) -> UInt32 {
  TokenizerRules.lowercased(scalar)
}

/// An emoticon and the one form it is mapped to.
private struct Emoticon {
  let text: [UInt8]
  let canonical: [UInt8]
}

/// The emoticons that start with each byte, longest first: where a byte
/// may start an emoticon, only those that start with it are tried.
private let emoticonsByFirstByte: [[Emoticon]] = {
  var table = [[Emoticon]](repeating: [], count: 256)
  for (canonical, variants) in TokenizerRules.emoticons {
    for variant in variants {
      let text = Array(variant.utf8)
      table[Int(text[0])].append(Emoticon(text: text, canonical: Array(canonical.utf8)))
    }
  }
  // Longest first, so that `:-)` is not read as `:-` and `)`; no two
  // emoticons of one length and first byte can both match.
  return table.map { $0.sorted { $0.text.count > $1.text.count } }
}()

/// Up to eight bytes, lower-cased ASCII, packed into one integer with the
/// first byte lowest: a set key that needs no allocation.
private func packedLowercase(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var packed: UInt64 = 0
  for (index, byte) in word.prefix(8).enumerated() { packed |= UInt64(byte) << (8 * index) }
  return ASCIIChunk.lowercased(packed)
}

/// `"but"`, packed.
private let packedBut: UInt64 = 0x74_7562

// MARK: - Scanner

/// One pass over a text, a token at a time: between two tokens its state is
/// where it is and whether words are negated.
private struct TokenScanner {
  let settings: TokenizerSettings
  let text: UnsafeBufferPointer<UInt8>
  /// `ScannerTables.classes`, read once per text.
  let classes: UnsafeMutablePointer<ByteClass>
  let tables: ScannerTables
  var position = 0
  var negated = false
  /// The token being built.
  var out: TokenBuffer

  init(
    settings: TokenizerSettings, text: UnsafeBufferPointer<UInt8>,
    scratch: UnsafeMutableBufferPointer<UInt8>
  ) {
    self.settings = settings
    self.text = text
    tables = ScannerTables.shared
    classes = tables.classes
    out = TokenBuffer(storage: scratch)
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

  /// Calls `body` with each token to the end of the text; a token's bytes
  /// are valid during the call.
  ///
  /// The loop calls `body` rather than returning each token, so that its
  /// state stays in registers from one token to the next.
  @inline(__always)
  mutating func forEach(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    while position < text.count {
      let byte = text[position]
      let kind = classes[Int(byte)]
      // Most tokens are plain words, most separators one space: they take
      // two predictable branches.
      if kind == .word {
        if settings.urls && startsURL() {
          skipToSpace()
          body(special("<url>"))
        } else if settings.emoticons && byte | 0x20 == UInt8(ascii: "x") && matchEmoticon() {
          body(emoticon())
        } else {
          out.reset(prefix: nil)
          if let word = scanWord() { body(word) }
        }
      } else if kind == .space {
        position += 1
      } else if let token = scanOther(kind, byte) {
        body(token)
      }
    }
  }

  /// Scans what starts with a byte that is neither a word's nor a space: a
  /// mention, a hashtag, punctuation, an emoticon or a non-ASCII scalar;
  /// its token, if it makes one.
  @inline(never)
  mutating func scanOther(_ kind: ByteClass, _ byte: UInt8) -> UnsafeBufferPointer<UInt8>? {
    switch kind {
    case .space, .separator, .apostrophe, .word:
      position += 1
    case .at:
      guard isWordStart(at: position + 1) else {
        position += 1
        return nil
      }
      position += 1
      guard settings.mentions else {
        out.reset(prefix: nil)
        return scanWord()
      }
      skipWordChars()
      return special("<user>")
    case .hash:
      guard isWordStart(at: position + 1) else {
        position += 1
        return nil
      }
      out.reset(prefix: settings.hashtags ? nil : UInt8(ascii: "#"))
      position += 1
      return scanWord()
    case .bang:
      return scanBangs()
    case .clause:
      if byte == UInt8(ascii: ";") && settings.emoticons && matchEmoticon() { return emoticon() }
      position += 1
      negated = false
    case .emoticonStart:
      if settings.emoticons && matchEmoticon() { return emoticon() }
      if byte == UInt8(ascii: ":") { negated = false }
      position += 1
    case .nonASCII:
      return scanNonASCII()
    }
    return nil
  }

  // MARK: Words

  func isWordStart(at index: Int) -> Bool {
    guard index < text.count else { return false }
    let byte = text[index]
    if byte < 0x80 { return classes[Int(byte)] == .word }
    let (value, _) = scalar(at: index)
    return classify(value) == .letter
  }

  /// Scans a word from `position` into `out`, after what `out` holds (a `#`
  /// or nothing); the word's token, unless it is dropped.
  ///
  /// Takes eight bytes at a time while they are ASCII letters, digits or
  /// `_` and hold no letter repeated three times; the byte that stops that
  /// (an apostrophe, a non-ASCII letter, a repeat, the end of the word or of
  /// the text) is read alone.
  @inline(__always)
  mutating func scanWord() -> UnsafeBufferPointer<UInt8>? {
    let start = out.count
    // The loop's state lives in locals, not in `self`: a count kept in
    // memory would chain every byte to the store of the one before.
    var word = WordScan(at: position, count: out.count)
    let token = out.tokenStart
    let lowercase = settings.lowercase
    let squeeze = settings.squeezeRepeats
    let end = text.count
    let limit = Tokenizer.maximumTokenLength
    while word.at < end {
      if word.at &+ 8 <= end {
        let chunk = UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped + word.at)
          .loadUnaligned(as: UInt64.self).littleEndian
        let letters = ASCIIChunk.letters(chunk)
        let digits = ASCIIChunk.inRange(chunk, 0x30, 0x39)
        let run = ASCIIChunk.leadingWordBytes(chunk, letters: letters, digits: digits)
        if run > 0 {
          let folded = lowercase ? ASCIIChunk.lowercased(chunk, letters: letters) : chunk
          let pairs = ASCIIChunk.pairs(folded, digits: digits, count: run)
          if !squeeze || ASCIIChunk.continuesWithoutTriple(folded, pairs: pairs, after: word.last) {
            // The token has room for eight bytes past its limit.
            UnsafeMutableRawPointer(token + word.count).storeBytes(
              of: folded.littleEndian, as: UInt64.self)
            word.count = min(word.count &+ run, limit)
            word.last = UInt8(truncatingIfNeeded: folded >> (UInt64(run &- 1) &* 8))
            word.repeats = pairs >> (UInt64(run &- 1) &* 8) & 0x80 != 0 ? 2 : 1
            word.lastScalar = 0
            word.at &+= run
            if run == 8 { continue }
            // The byte after the run is not a word's: unless it is an
            // apostrophe or not ASCII, the word ends there.
            let stop = UInt8(truncatingIfNeeded: chunk >> (UInt64(run) &* 8))
            if stop < 0x80 && stop != UInt8(ascii: "'") { break }
          }
        }
      }
      let byte = text[word.at]
      if byte < 0x80 {
        let kind = classes[Int(byte)]
        if kind == .word {
          let folded = lowercase && byte &- 0x41 < 26 ? byte | 0x20 : byte
          if folded == word.last && folded > 0x39 {
            word.repeats &+= 1
          } else {
            word.repeats = 1
            word.last = folded
          }
          if (!squeeze || word.repeats < 3) && word.count < limit {
            token[word.count] = folded
            word.count &+= 1
          }
          word.lastScalar = 0
          word.at &+= 1
          continue
        }
        // Only `'` is an ASCII apostrophe.
        guard kind == .apostrophe && isWordStart(at: word.at + 1) else { break }
        if word.count < limit {
          token[word.count] = byte
          word.count &+= 1
        }
        word.last = 0
        word.lastScalar = 0
        word.at &+= 1
        continue
      }
      out.count = word.count
      guard let next = scanNonASCIILetter(word) else { break }
      word = next
    }
    out.count = word.count
    position = word.at
    return emitWord(from: start)
  }

  /// The word after the non-ASCII letter or apostrophe at `word.at`, which
  /// is appended to `out`; `nil`, changing nothing, when the scalar there
  /// ends the word.
  @inline(never)
  mutating func scanNonASCIILetter(_ word: WordScan) -> WordScan? {
    var word = word
    let (value, length) = scalar(at: word.at)
    let kind = classify(value)
    if kind == .apostrophe && isWordStart(at: word.at + length) {
      out.append(UInt8(ascii: "'"))
      word.last = 0
      word.lastScalar = 0
    } else if kind == .letter {
      let folded = settings.lowercase ? lowercased(value) : value
      if folded == word.lastScalar {
        word.repeats += 1
      } else {
        word.repeats = 1
        word.lastScalar = folded
      }
      if !(settings.squeezeRepeats && word.repeats > 2) {
        out.appendScalar(folded, limit: Tokenizer.maximumTokenLength)
      }
      word.last = 0
    } else {
      return nil
    }
    word.count = out.count
    word.at += length
    return word
  }

  /// The token of the word in `out` from `start`: with the negation prefix
  /// in a negated clause, `<num>` for a number, `nil` for a dropped short
  /// word; a negator starts a negated clause.
  @inline(__always)
  mutating func emitWord(from start: Int) -> UnsafeBufferPointer<UInt8>? {
    let word = out.bytes(from: start)
    // Most words are neither one letter long nor start with a digit.
    guard word.count > 1 && word[0] &- 0x30 >= 10 else { return emitShortWord(from: start) }
    return negation(word)
  }

  /// ``emitWord(from:)`` for the words that may be dropped or be numbers.
  @inline(never)
  mutating func emitShortWord(from start: Int) -> UnsafeBufferPointer<UInt8>? {
    let word = out.bytes(from: start)
    guard let first = word.first else { return nil }
    if word.count == 1 && settings.dropShortWords && first < 0x80 { return nil }
    if settings.numbers && first &- 0x30 < 10 && word.allSatisfy({ $0 &- 0x30 < 10 }) {
      return special("<num>")
    }
    return negation(word)
  }

  /// The token of `word`, the end of `out`: with the negation prefix in a
  /// negated clause; a negator starts a negated clause and `but` ends it.
  @inline(__always)
  mutating func negation(_ word: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard settings.negation else { return out.token }
    let count = word.count
    // The scratch has room for eight bytes from any token's start.
    var packed =
      count <= 8
      ? UnsafeRawPointer(word.baseAddress.unsafelyUnwrapped).loadUnaligned(as: UInt64.self)
        .littleEndian & ASCIIChunk.first(count) : 0
    // With `lowercase` on, the word's ASCII letters are lower case already.
    if !settings.lowercase { packed = ASCIIChunk.lowercased(packed) }
    // The last three bytes in one load: the scratch has room for the
    // negation prefix before any token, so the load stays in it.
    let lastThree =
      UnsafeRawPointer(word.baseAddress.unsafelyUnwrapped)
      .loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self).littleEndian >> 8
    // `n't` in either case; no other byte of a token gives 0x27 with the
    // case bit.
    if count >= 3 && lastThree | 0x20_0020 == 0x74_276E || tables.isNegator(packed: packed) {
      negated = true
      return out.token
    }
    if packed == packedBut {
      negated = false
      return out.token
    }
    return negated ? out.negatedToken() : out.token
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

  @inline(__always)
  func startsURL() -> Bool {
    let first = text[position] | 0x20
    if first == UInt8(ascii: "h") { return matches("http://") || matches("https://") }
    if first == UInt8(ascii: "w") { return matches("www.") }
    return false
  }

  /// Whether the text at `position` is `literal`, ignoring ASCII case.
  @inline(__always)
  func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= text.count else { return false }
    let expected = literal.utf8Start
    // Only letters are folded: `| 0x20` alone would read 0x1A as `:`.
    for index in 0..<count {
      let byte = text[position + index]
      if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != expected[index] { return false }
    }
    return true
  }

  mutating func skipToSpace() {
    // Eight bytes at a time (a link is some twenty), then the last few.
    let base = UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped)
    while position &+ 8 <= text.count {
      let chunk = base.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian
      let spaces = ASCIIChunk.spaces(chunk)
      if spaces != 0 {
        position &+= spaces.trailingZeroBitCount &>> 3
        return
      }
      position &+= 8
    }
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
  mutating func matchEmoticon() -> Bool {
    if followsWord(position) { return false }
    let remaining = text.count - position
    for entry in emoticonsByFirstByte[Int(text[position])] where entry.text.count <= remaining {
      var same = true
      for index in 1..<entry.text.count where text[position + index] != entry.text[index] {
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

  /// The emoticon in `out`; an emoticon ends a negated clause.
  mutating func emoticon() -> UnsafeBufferPointer<UInt8> {
    negated = false
    return out.token
  }

  /// A placeholder token: `<url>`, `<user>` or `<num>`.
  mutating func special(_ token: StaticString) -> UnsafeBufferPointer<UInt8> {
    out.count = token.utf8CodeUnitCount
    out.tokenStart.update(from: token.utf8Start, count: out.count)
    return out.token
  }

  /// A run of `!` and `?`; it ends a negated clause.
  mutating func scanBangs() -> UnsafeBufferPointer<UInt8>? {
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
    guard settings.punctuation else { return nil }
    out.reset(prefix: nil)
    if bangs > 0 && questions > 0 {
      out.append(UInt8(ascii: "?"))
      out.append(UInt8(ascii: "!"))
    } else {
      let mark = bangs > 0 ? UInt8(ascii: "!") : UInt8(ascii: "?")
      out.append(mark)
      if bangs + questions > 1 { out.append(mark) }
    }
    return out.token
  }

  // MARK: Non-ASCII

  mutating func scanNonASCII() -> UnsafeBufferPointer<UInt8>? {
    let (value, length) = scalar(at: position)
    switch classify(value) {
    case .letter:
      out.reset(prefix: nil)
      return scanWord()
    case .ideograph:
      out.reset(prefix: nil)
      out.appendScalar(value)
      position += length
      return emitWord(from: 0)
    case .emoji, .regionalIndicator:
      return scanEmoji()
    case .clause:
      position += length
      negated = false
    case .apostrophe, .emojiModifier, .joiner, .separator:
      position += length
    }
    return nil
  }

  /// Scans one emoji sequence: a base, modifiers (dropped), and more bases
  /// joined by ZWJ; a pair of regional indicators is one flag.
  mutating func scanEmoji() -> UnsafeBufferPointer<UInt8>? {
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
    return settings.emoji ? out.token : nil
  }
}

/// Eight bytes of text in one integer, the first in the lowest bits: word
/// tests on all of them at once (SWAR). A mask has the high bit of each byte
/// that passes a test.
enum ASCIIChunk {
  static let high: UInt64 = 0x8080_8080_8080_8080
  static let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  static let ones: UInt64 = 0x0101_0101_0101_0101

  /// The ASCII bytes in `lower...upper` (with `upper` < 0x80); exact.
  @inline(__always)
  static func inRange(_ chunk: UInt64, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
    let ascii = ~chunk & high
    let seven = chunk & low
    let aboveLower = seven &+ ones &* UInt64(0x80 &- lower)
    let aboveUpper = seven &+ ones &* UInt64(0x7F &- upper)
    return aboveLower & ~aboveUpper & ascii
  }

  /// The zero bytes; exact.
  @inline(__always)
  static func zeros(_ chunk: UInt64) -> UInt64 {
    ~((chunk & low) &+ low | chunk | low)
  }

  /// The ASCII letters, either case; exact.
  @inline(__always)
  static func letters(_ chunk: UInt64) -> UInt64 {
    inRange(chunk | 0x2020_2020_2020_2020, 0x61, 0x7A)
  }

  /// How many bytes from the first are ASCII letters, digits or `_`, given
  /// the chunk's ``letters(_:)`` and digits.
  @inline(__always)
  static func leadingWordBytes(_ chunk: UInt64, letters: UInt64, digits: UInt64) -> Int {
    let underscores = zeros(chunk ^ 0x5F5F_5F5F_5F5F_5F5F)
    return (~(letters | digits | underscores) & high).trailingZeroBitCount &>> 3
  }

  /// `chunk` with ASCII capitals in lower case.
  @inline(__always)
  static func lowercased(_ chunk: UInt64) -> UInt64 {
    lowercased(chunk, letters: letters(chunk))
  }

  /// `chunk`, whose ``letters(_:)`` are `letters`, with ASCII capitals in
  /// lower case: every letter gets the case bit (0x20), which lower-case
  /// ones have already.
  @inline(__always)
  static func lowercased(_ chunk: UInt64, letters: UInt64) -> UInt64 {
    chunk | letters &>> 2
  }

  /// The mask of the first `count` bytes (1...8).
  @inline(__always)
  static func first(_ count: Int) -> UInt64 {
    ~0 &>> UInt64(truncatingIfNeeded: (8 &- count) &* 8)
  }

  /// The bytes that are ASCII whitespace, the bytes of `ByteClass.space`.
  @inline(__always)
  static func spaces(_ chunk: UInt64) -> UInt64 {
    (zeros(chunk ^ 0x2020_2020_2020_2020) | inRange(chunk, 0x09, 0x0D)) & high
  }

  /// The bytes among the first `count` that equal the byte before them
  /// and are not `digits` (which are never shortened).
  @inline(__always)
  static func pairs(_ chunk: UInt64, digits: UInt64, count: Int) -> UInt64 {
    zeros(chunk ^ chunk &<< 8) & ~digits & first(count) & ~0xFF
  }

  /// Whether a word's folded chunk, which follows the byte `last` (0 at
  /// the start of the word) and whose repeated letters are `pairs`, has no
  /// letter three times in a row: none to shorten.
  @inline(__always)
  static func continuesWithoutTriple(_ chunk: UInt64, pairs: UInt64, after last: UInt8) -> Bool {
    UInt8(truncatingIfNeeded: chunk) != last && pairs & pairs &<< 8 == 0
  }
}

/// Where a word's scan is, and what it needs to shorten repeated letters.
private struct WordScan {
  /// The position in the text.
  var at: Int
  /// The token's length so far.
  var count: Int
  /// The last ASCII byte appended, 0 after a non-ASCII letter.
  var last: UInt8 = 0
  /// The last non-ASCII letter appended, 0 after an ASCII byte.
  var lastScalar: UInt32 = 0
  /// How many times the last letter came in a row.
  var repeats = 0

  init(at: Int, count: Int) {
    self.at = at
    self.count = count
  }
}

/// The scratch bytes of the token being built.
private struct TokenBuffer {
  let storage: UnsafeMutableBufferPointer<UInt8>
  /// Where the token starts: after the room kept for the negation prefix.
  let base = 8
  var count = 0
  /// Where the token's bytes go: `count` are written, and there is room for
  /// ``limit``.
  let tokenStart: UnsafeMutablePointer<UInt8>

  init(storage: UnsafeMutableBufferPointer<UInt8>) {
    self.storage = storage
    // The scratch is never empty (`Tokenizer.scratchCapacity`).
    tokenStart = storage.baseAddress.unsafelyUnwrapped + base
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

  // The token's bounds are kept within the storage by `append`,
  // `appendScalar` and the word scan's limit: its bytes are taken without
  // the bounds checks of a slice.
  func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: tokenStart + start, count: count &- start)
  }

  /// The token's bytes.
  var token: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: tokenStart, count: count)
  }

  /// The token's bytes after the negation prefix.
  func negatedToken() -> UnsafeBufferPointer<UInt8> {
    // `Tokenizer.negationPrefix`, "NOT_", in one store; there is room for
    // it before the token (`base`).
    UnsafeMutableRawPointer(tokenStart - 4).storeBytes(
      of: UInt32(0x5F54_4F4E).littleEndian, as: UInt32.self)
    return UnsafeBufferPointer(start: tokenStart - 4, count: count &+ 4)
  }

}
