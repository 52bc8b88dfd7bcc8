// What the fast reader's table is built from, as bytes: the built-in
// lexicon read straight from the generated text's bytes (no `String` per
// word, no dictionary), or any `ReaderLexicon`. `ReaderLexicon.init` states
// the same parse plainly; `LexiconReaderFastPathTests` checks that the
// built-in table holds exactly `ReaderLexicon.builtIn`'s words and emoji.

/// The words and emoji a ``ReaderTable`` is built from: each word's key
/// bytes and valence, in the order they are set (a later one wins; NaN
/// takes a word out), and each emoji's description bytes.
struct ReaderTableSource {
  /// The words' key bytes, one after another.
  var keyBytes: [UInt8] = []
  /// Each word: where its key is in ``keyBytes`` and its valence.
  var words: [(start: Int, length: Int, valence: Double)] = []
  /// The emoji's description bytes, one after another.
  var descriptionBytes: [UInt8] = []
  /// Each emoji: its scalar and where its description is (a later one
  /// wins).
  var emoji: [(scalar: UInt32, start: Int, length: Int)] = []

  /// The words and emoji of `lexicon`.
  init(lexicon: ReaderLexicon) {
    for (word, valence) in lexicon.words { add(word: Array(word.utf8)[...], valence: valence) }
    for (scalar, description) in lexicon.emoji {
      add(emoji: scalar.value, description: Array(description.utf8)[...])
    }
  }

  private init() {}

  /// The built-in lexicon (``ReaderLexicon/builtIn``'s words and emoji),
  /// parsed from `ReaderLexiconTable`'s bytes as `ReaderLexicon.init`
  /// parses its text, then ``ReaderAdditions`` as it adds them.
  static func builtIn() -> ReaderTableSource {
    var source = ReaderTableSource()
    ReaderLexiconTable.words.withUTF8Buffer { text in
      source.keyBytes.reserveCapacity(text.count)
      source.words.reserveCapacity(8192)
      forEachLine(text) { text, fields in
        guard let tenths = integer(text[fields[0]]) else { return }
        // Tenths divided by ten: the same Double as the decimal VADER lists.
        for word in fields.dropFirst() {
          source.add(word: text[word], valence: Double(tenths) / 10)
        }
      }
    }
    ReaderLexiconTable.emoji.withUTF8Buffer { text in
      source.descriptionBytes.reserveCapacity(text.count)
      source.emoji.reserveCapacity(1280)
      forEachLine(text) { text, fields in
        guard fields.count >= 2, let scalar = onlyScalar(text[fields[0]]) else { return }
        source.add(emoji: scalar, description: text[fields[1]])
      }
    }
    for entry in ReaderAdditions.words {
      source.add(word: Array(entry.text.utf8)[...], valence: entry.valence ?? .nan)
    }
    for entry in ReaderAdditions.emoji {
      guard let scalar = entry.text.unicodeScalars.first else { continue }
      let text = Array(entry.text.utf8)[...]
      source.add(emoji: scalar.value, description: entry.valence == nil ? ArraySlice() : text)
      source.add(word: text, valence: entry.valence ?? .nan)
    }
    return source
  }

  /// Sets a word's valence.
  mutating func add<Bytes: Collection<UInt8>>(word: Bytes, valence: Double) {
    words.append((keyBytes.count, word.count, valence))
    keyBytes.append(contentsOf: word)
  }

  /// Sets an emoji's description.
  mutating func add<Bytes: Collection<UInt8>>(emoji scalar: UInt32, description: Bytes) {
    emoji.append((scalar, descriptionBytes.count, description.count))
    descriptionBytes.append(contentsOf: description)
  }

  /// Each line of `text` as its tab-separated fields, empty fields left out
  /// (`split(separator:)`'s way; tab and line feed are always characters of
  /// their own, so bytes split as the `String`'s characters do). The fields
  /// are handed over in a buffer reused for every line.
  private static func forEachLine(
    _ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, [Range<Int>]) -> Void
  ) {
    var fields: [Range<Int>] = []
    var index = 0
    let count = text.count
    while index < count {
      fields.removeAll(keepingCapacity: true)
      var start = index
      while index < count && text[index] != 0x0A {
        if text[index] == 0x09 {
          if index > start { fields.append(start..<index) }
          start = index + 1
        }
        index += 1
      }
      if index > start { fields.append(start..<index) }
      index += 1
      if !fields.isEmpty { body(text, fields) }
    }
  }

  /// The integer a field spells (`Int(_:)` of its text: an optional sign,
  /// then one or more ASCII digits), or nil.
  private static func integer(_ field: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
    var index = field.startIndex
    var negative = false
    if index < field.endIndex && (field[index] == 0x2B || field[index] == 0x2D) {
      negative = field[index] == 0x2D
      index += 1
    }
    guard index < field.endIndex else { return nil }
    var value = 0
    while index < field.endIndex {
      let digit = Int(field[index]) - 0x30
      guard (0...9).contains(digit) else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
      guard !overflow, !overflow2 else { return nil }
      value = sum
      index += 1
    }
    return value
  }

  /// The scalar of a field that is one Unicode scalar, or nil.
  private static func onlyScalar(_ field: UnsafeBufferPointer<UInt8>.SubSequence) -> UInt32? {
    let scalars = String(decoding: field, as: UTF8.self).unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else { return nil }
    return scalar.value
  }
}
