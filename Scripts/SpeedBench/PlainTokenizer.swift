// The tokenizer's rules in plain Swift, to measure `TokenizerFastPath.swift` against: the steps
// of the tests' `ReferenceTokenizer` one scalar at a time, the text decoded into a reused array
// of scalars and each token written into a reused byte buffer, so that nothing is allocated per
// token or, once the buffers have grown, per text. No SWAR, no perfect hash, no unsafe code.
// `speed-bench` checks that it gives the fast path's tokens before it times both.

/// A plain tokenizer: the reference's rules, without a `String` per token.
struct PlainTokenizer {
  let settings: TokenizerSettings
  private var text: [Unicode.Scalar] = []
  private var position = 0
  private var negated = false
  /// The token being written.
  private var token: [UInt8] = []
  /// A word folded to ASCII lower case, to look negators up.
  private var key: [UInt8] = []

  private static let linkStarts: [[Unicode.Scalar]] = ["http://", "https://", "www."].map {
    Array($0.unicodeScalars)
  }

  init(settings: TokenizerSettings) {
    self.settings = settings
    token.reserveCapacity(256)
    key.reserveCapacity(256)
  }

  /// Calls `body` with each token of `bytes` (UTF-8, possibly invalid).
  mutating func forEachToken(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Span<UInt8>) -> Void) {
    text.removeAll(keepingCapacity: true)
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    decoding: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): text.append(Unicode.UTF8.decode(encoded))
      case .error: text.append("\u{FFFD}")
      case .emptyInput: break decoding
      }
    }
    position = 0
    negated = false
    while position < text.count {
      token.removeAll(keepingCapacity: true)
      if nextToken() { token.withUnsafeBufferPointer { body($0.span) } }
    }
  }

  private mutating func write(_ scalar: Unicode.Scalar) {
    for byte in scalar.utf8 { token.append(byte) }
  }

  private mutating func write(_ text: String) {
    for byte in text.utf8 { token.append(byte) }
  }

  /// Applies the first rule that fits at `position`; whether it wrote a token.
  private mutating func nextToken() -> Bool {
    let character = text[position]
    let kind = TokenizerRules.scalarClass(of: character.value)
    if TokenizerRules.isSpace(character) {
      position += 1
      return false
    }
    if settings.urls && startsLink() {
      while position < text.count && !TokenizerRules.isSpace(text[position]) { position += 1 }
      write("<url>")
      return true
    }
    if settings.emoticons, let (length, form) = emoticon() {
      position += length
      negated = false
      write(form)
      return true
    }
    if character == "@" && isWordCharacter(at: position + 1) {
      position += 1
      guard settings.mentions else { return readWord(prefix: false) }
      while isWordCharacter(at: position) { position += 1 }
      write("<user>")
      return true
    }
    if character == "#" && isWordCharacter(at: position + 1) {
      position += 1
      return readWord(prefix: !settings.hashtags)
    }
    if character == "!" || character == "?" { return readMarks() }
    if isWordCharacter(at: position) { return readWord(prefix: false) }
    if kind == .ideograph {
      position += 1
      write(character)
      return finishWord(prefixLength: 0)
    }
    if kind == .emoji || kind == .regionalIndicator { return readEmoji() }
    if TokenizerRules.endsClause(character) { negated = false }
    position += 1
    return false
  }

  private func isWordCharacter(at index: Int) -> Bool {
    index < text.count && TokenizerRules.isWordCharacter(text[index])
  }

  /// Reads the word at `position`, after a `#` when `prefix`.
  private mutating func readWord(prefix: Bool) -> Bool {
    if prefix { token.append(UInt8(ascii: "#")) }
    let prefixLength = token.count
    var previous: (folded: Unicode.Scalar, isASCII: Bool)?
    var run = 0
    while position < text.count {
      let character = text[position]
      if TokenizerRules.isApostrophe(character) {
        guard isWordCharacter(at: position + 1) else { break }
        if token.count + 1 <= Tokenizer.maximumTokenLength { token.append(UInt8(ascii: "'")) }
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
      if !(settings.squeezeRepeats && run > 2)
        && token.count + folded.utf8.count <= Tokenizer.maximumTokenLength
      {
        write(folded)
      }
      position += 1
    }
    return finishWord(prefixLength: prefixLength)
  }

  /// The token of the word after the first `prefixLength` bytes of `token`.
  private mutating func finishWord(prefixLength: Int) -> Bool {
    let length = token.count - prefixLength
    if settings.dropShortWords && length == 1 { return false }
    if settings.numbers && length > 0
      && token[prefixLength...].allSatisfy({ (0x30...0x39).contains($0) })
    {
      token.removeAll(keepingCapacity: true)
      write("<num>")
      return true
    }
    guard settings.negation else { return true }
    key.removeAll(keepingCapacity: true)
    for byte in token[prefixLength...] { key.append(TokenizerRules.lowercasedASCII(byte)) }
    let word = String(decoding: key, as: UTF8.self)
    if TokenizerRules.negators.contains(word) || word.hasSuffix("n't") {
      negated = true
      return true
    }
    if word == "but" {
      negated = false
      return true
    }
    if negated { token.insert(contentsOf: Tokenizer.negationPrefix.utf8, at: 0) }
    return true
  }

  private func startsLink() -> Bool {
    Self.linkStarts.contains { start in
      guard position + start.count <= text.count else { return false }
      for index in start.indices
      where TokenizerRules.lowercasedASCII(text[position + index]) != start[index] {
        return false
      }
      return true
    }
  }

  private func emoticon() -> (length: Int, form: String)? {
    if position > 0 && TokenizerRules.isWordCharacter(text[position - 1]) { return nil }
    for (variant, form) in TokenizerRules.emoticonsLongestFirst {
      let end = position + variant.count
      guard end <= text.count && text[position..<end].elementsEqual(variant) else { continue }
      if end < text.count && (TokenizerRules.isWordCharacter(text[end]) || text[end] == "'") {
        continue
      }
      return (variant.count, form)
    }
    return nil
  }

  private mutating func readMarks() -> Bool {
    var exclamation = false
    var question = false
    var count = 0
    while position < text.count && (text[position] == "!" || text[position] == "?") {
      if text[position] == "!" { exclamation = true } else { question = true }
      count += 1
      position += 1
    }
    negated = false
    guard settings.punctuation else { return false }
    if exclamation && question {
      write("?!")
    } else {
      let mark = UInt8(ascii: question ? "?" : "!")
      token.append(mark)
      if count > 1 { token.append(mark) }
    }
    return true
  }

  private mutating func readEmoji() -> Bool {
    let first = text[position]
    write(first)
    position += 1
    func kind(at index: Int) -> ScalarClass? {
      index < text.count ? TokenizerRules.scalarClass(of: text[index].value) : nil
    }
    if TokenizerRules.scalarClass(of: first.value) == .regionalIndicator {
      if kind(at: position) == .regionalIndicator {
        write(text[position])
        position += 1
      }
    } else {
      while let next = kind(at: position) {
        if next == .emojiModifier {
          position += 1
        } else if next == .joiner && kind(at: position + 1) == .emoji
          && token.count + 8 <= TokenizerRules.longestEmojiSequence
        {
          write(text[position])
          write(text[position + 1])
          position += 2
        } else {
          break
        }
      }
    }
    return settings.emoji
  }
}
