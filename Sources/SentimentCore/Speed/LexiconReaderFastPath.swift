// The lexicon reader's fast path: it reads the UTF-8 bytes of a text without
// making a `String`, looks each word up once in a byte-keyed open-addressing
// table built from a `ReaderLexicon`, with flags and ids for the words the
// rules compare in place of string compares, and keeps what the rules need
// of each word (24 bytes) on the stack. The rules need the whole text first
// (whether some words, not all, are in capitals; where the contrast of a
// `but` or `though` turns), so a text of more than 42 words is read twice:
// once to count, once to score over a window of eight words. Every rule of
// the plain reader is restated, issue 41's too (`no cap`, `is fire`, `hits
// different`, `could be better`, `at best`, comparatives, `can't stop`,
// `though`): no text falls back to it. It allocates nothing for a text of valid
// UTF-8 whose non-ASCII words need no case folding, and its memory does not
// grow with the text.
//
// It applies the rules of `LexiconReader` (Text/LexiconReader.swift), which
// states them plainly; `LexiconReaderFastPathTests`, the corpus test
// `LexiconReaderCorpusTests` and the `reader-equivalence` fuzz target check
// that both give bit-identical `ReaderScores`.

/// The lexicon reader, by the fast path: the same ``ReaderScores`` as
/// ``LexiconReader``, bit for bit, from the text's bytes.
///
/// ```swift
/// FastLexiconReader.shared.read("not bad at all").compound  // 0.43
/// ```
package struct FastLexiconReader: Sendable {
  /// The fast reader of the built-in lexicon, its table built straight
  /// from the generated text (``ReaderTableSource/builtIn()``): a run that
  /// reads with it parses no ``ReaderLexicon``.
  package static let shared = FastLexiconReader(table: ReaderTable(source: .builtIn()))

  /// The lexicon as byte-keyed tables.
  let table: ReaderTable

  /// Creates a fast reader of `lexicon`.
  ///
  /// - Complexity: O(*n*) in the size of the lexicon.
  package init(lexicon: ReaderLexicon) {
    table = ReaderTable(source: ReaderTableSource(lexicon: lexicon))
  }

  /// Creates a fast reader of a built table.
  init(table: ReaderTable) {
    self.table = table
  }

  /// Reads a text.
  package func read(_ text: String) -> ReaderScores {
    var text = text
    return text.withUTF8 { read($0.span) }
  }

  /// Reads a text given as UTF-8 bytes; invalid UTF-8 is read as
  /// `String(decodingUTF8:)` reads it (U+FFFD for each invalid sequence).
  ///
  /// - Complexity: O(*n*) in the text's length; no allocation for valid
  ///   UTF-8, memory independent of the text's length.
  package func read(_ text: Span<UInt8>) -> ReaderScores {
    let table = self.table
    let read: ReaderScores? = text.withUnsafeBufferPointer { bytes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ReaderTable.wordCapacity) {
        buffer in
        withUnsafeTemporaryAllocation(of: ReaderWord.self, capacity: Self.storedWords) {
          words in
          guard let buffer = buffer.baseAddress, let words = words.baseAddress else { return nil }
          var collector = ReaderCollector(table: table, words: words, capacity: Self.storedWords)
          guard ReaderScanner.scan(bytes, table: table, buffer: buffer, into: &collector) else {
            return nil
          }
          guard collector.count > 0 else { return ReaderScores.none }
          let emphasisByCase = collector.capitals > 0 && collector.capitals < collector.count
          let turn = collector.turn
          if collector.count <= Self.storedWords {
            var scorer = ReaderScorer(
              table: table, words: words, mask: -1, count: collector.count,
              emphasisByCase: emphasisByCase, turn: turn)
            scorer.finish(scoring: collector.scoredWords)
            return scorer.scores(text: bytes)
          }
          // A long text: read again, scoring over a window of the last eight
          // words.
          var scorer = ReaderScorer(
            table: table, words: words, mask: 7, count: collector.count,
            emphasisByCase: emphasisByCase, turn: turn)
          _ = ReaderScanner.scan(bytes, table: table, buffer: buffer, into: &scorer)
          scorer.finish()
          return scorer.scores(text: bytes)
        }
      }
    }
    if let read { return read }
    // Invalid UTF-8: read the text as the plain reader receives it.
    var repaired = String(decodingUTF8: text)
    return repaired.withUTF8 { self.read($0.span) }
  }

  /// The words of a text kept for the rules (more are read twice): as many
  /// as fit in the 1 KiB that `withUnsafeTemporaryAllocation` keeps on the
  /// stack (more went to the heap, one allocation a text), 42.
  static let storedWords = 1024 / MemoryLayout<ReaderWord>.stride
}

// MARK: - Tables

/// A ``ReaderLexicon`` as the fast reader uses it: words by their bytes,
/// emoji by their scalar, and the words the rules name by a small id.
final class ReaderTable: @unchecked Sendable {
  /// The bytes the scanner keeps of a word: room for the word stripped of
  /// its punctuation, after up to ``longestRawKey`` bytes of punctuation.
  static let wordCapacity = 512

  /// The longest word, in bytes before case folding, that can be a key:
  /// keys are at most a third of it (folding shrinks a scalar to no less
  /// than a third of its bytes, as `K` to `k`); longer keys are left out.
  static let longestRawKey = 255

  /// One word of the table.
  struct Entry {
    /// The lexicon valence, or NaN for a word not in the lexicon.
    var valence: Double = .nan
    /// The degree (``ReaderLexicon/boosters``), or NaN for none.
    var booster: Double = .nan
    /// Where the key's bytes start in `keys`.
    var keyStart: Int32 = 0
    /// The key's length in bytes.
    var keyLength: Int32 = 0
    /// The key's first eight bytes, the first in the lowest bits, zeros
    /// past its end: the whole key for most.
    var head: UInt64 = 0
    /// The id of a word the rules name (``WordID``), 0 for others.
    var id: UInt16 = 0
    /// The word's ``ReaderWord/Flag``s: ``negator``, ``verdict``,
    /// ``comparative``.
    var flags: UInt8 = 0

    /// Whether the word is one of ``ReaderLexicon/negators``.
    var negator: Bool {
      get { flags & ReaderWord.Flag.negator != 0 }
      set { ReaderWord.set(ReaderWord.Flag.negator, newValue, in: &flags) }
    }
    /// Whether the word makes `fire` a verdict
    /// (``ReaderAdditions/verdictWords``).
    var verdict: Bool {
      get { flags & ReaderWord.Flag.verdict != 0 }
      set { ReaderWord.set(ReaderWord.Flag.verdict, newValue, in: &flags) }
    }
    /// Whether the word is a comparative no negation turns
    /// (``ReaderAdditions/comparatives``).
    var comparative: Bool {
      get { flags & ReaderWord.Flag.comparative != 0 }
      set { ReaderWord.set(ReaderWord.Flag.comparative, newValue, in: &flags) }
    }
  }

  /// The ids of the words the rules compare with.
  enum WordID {
    static let but: UInt16 = 1
    static let no: UInt16 = 2
    static let kind: UInt16 = 3
    static let of: UInt16 = 4
    static let least: UInt16 = 5
    static let at: UInt16 = 6
    static let very: UInt16 = 7
    static let never: UInt16 = 8
    static let so: UInt16 = 9
    static let this: UInt16 = 10
    static let without: UInt16 = 11
    static let doubt: UInt16 = 12
    static let or: UInt16 = 13
    static let nor: UInt16 = 14
    static let cap: UInt16 = 15
    static let fire: UInt16 = 16
    static let different: UInt16 = 17
    static let better: UInt16 = 18
    static let best: UInt16 = 19
    static let stop: UInt16 = 20
    static let though: UInt16 = 21
    static let although: UInt16 = 22
    static let hits: UInt16 = 23
    static let be: UInt16 = 24
    static let could: UInt16 = 25
    static let been: UInt16 = 26
    static let have: UInt16 = 27

    /// Whether a word of this id may take a phrase's valence
    /// (`phraseValence`): `fire`, `different`, `better`, `best`.
    @inline(__always)
    static func setsValence(_ id: UInt16) -> Bool { id &- fire < 4 }
    /// The words the ids up to here stand for, in id order from 1.
    static let named = [
      "but", "no", "kind", "of", "least", "at", "very", "never", "so", "this", "without",
      "doubt", "or", "nor", "cap", "fire", "different", "better", "best", "stop", "though",
      "although", "hits", "be", "could", "been", "have",
    ]
  }

  let entries: UnsafeMutablePointer<Entry>
  let entryCount: Int
  let keys: UnsafeMutablePointer<UInt8>
  /// Open addressing: entry index + 1, 0 for an empty slot.
  let slots: UnsafeMutablePointer<UInt64>
  /// One bit per 16 bits of a key's hash (8 KiB, in the first-level
  /// cache): most words not in the table are passed over by it alone.
  let filter: UnsafeMutablePointer<UInt64>
  let slotMask: Int
  /// The emoji scalars, ascending, and each one's description in
  /// `descriptions`.
  let emojiScalars: [UInt32]
  let emojiRanges: [(start: Int32, length: Int32)]
  let descriptions: UnsafeMutablePointer<UInt8>
  /// The smallest emoji scalar (none below it need a search).
  let smallestEmoji: UInt32
  /// Whether `least` has a lexicon valence of its own (then it does not
  /// negate).
  let leastIsWord: Bool
  /// The phrases that set a valence and the degree phrases, as word ids.
  let phrases: [(ids: [UInt16], valence: Double)]
  let boosterPhrases: [(ids: [UInt16], boost: Double)]
  /// Whether a word id is one of a phrase's words (indexed by id).
  let phraseWord: [Bool]
  /// What the rules read for `no` before `cap`: the word `no cap` ("no
  /// lie"), neither `no` nor a negator. Set last in `init`, from the
  /// table's entry of the phrase (if the lexicon has one).
  private(set) var noCapWord = ReaderWord()

  /// Whether the word of `id` is one of a phrase's words.
  @inline(__always)
  func isPhraseWord(_ id: UInt16) -> Bool {
    Int(id) < phraseWord.count && phraseWord[Int(id)]
  }

  init(source: ReaderTableSource) {
    // Every word the rules may look up or compare: the lexicon's, the degree
    // words, the negators, the named words and the phrases' words.
    var ids: [String: UInt16] = [:]
    for (index, word) in WordID.named.enumerated() { ids[word] = UInt16(index + 1) }
    let phraseKeys = ReaderLexicon.phrases.keys.sorted()
    let boosterPhraseKeys = ReaderLexicon.boosters.keys.filter { $0.contains(" ") }.sorted()
    for phrase in phraseKeys + boosterPhraseKeys {
      for word in phrase.split(separator: " ") where ids[String(word)] == nil {
        ids[String(word)] = UInt16(ids.count + 1)
      }
    }
    // At most this many entries and key bytes; a word found twice is one
    // entry. Built straight into the table: no Set, no sort (start-up).
    let boosterWords = ReaderLexicon.boosters.filter { !$0.key.contains(" ") }
    let verdictWords = ReaderAdditions.verdictWords
    let comparatives = ReaderAdditions.comparatives
    let most =
      source.words.count + boosterWords.count + ReaderLexicon.negators.count + ids.count
      + verdictWords.count + comparatives.count
    var keyBytes = ids.keys.reduce(0) { $0 + $1.utf8.count }
    keyBytes += source.keyBytes.count
    keyBytes += boosterWords.keys.reduce(0) { $0 + $1.utf8.count }
    keyBytes += ReaderLexicon.negators.reduce(0) { $0 + $1.utf8.count }
    keyBytes += verdictWords.reduce(0) { $0 + $1.utf8.count }
    keyBytes += comparatives.reduce(0) { $0 + $1.utf8.count }
    entries = .allocate(capacity: max(most, 1))
    keys = .allocate(capacity: max(keyBytes, 1))
    var capacity = 16
    while capacity < most * 2 { capacity *= 2 }
    slotMask = capacity - 1
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    filter = .allocate(capacity: 1024)
    filter.initialize(repeating: 0, count: 1024)
    var count = 0
    var offset = 0
    let keys = self.keys
    let entries = self.entries
    let slots = self.slots
    let filter = self.filter
    let slotMask = self.slotMask
    /// The entry of `word`'s bytes, made if it is new; nil for a word too
    /// long to be a key.
    func entry<Bytes: Collection<UInt8>>(bytes word: Bytes) -> UnsafeMutablePointer<Entry>? {
      let length = word.count
      guard length * 3 <= Self.longestRawKey else { return nil }
      let start = offset
      for byte in word {
        (keys + offset).initialize(to: byte)
        offset += 1
      }
      let hash = Self.hash(keys + start, length)
      var slot = Int(truncatingIfNeeded: hash) & slotMask
      while slots[slot] != 0 {
        let found = entries + (Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1)
        if Int(found.pointee.keyLength) == length
          && (0..<length).allSatisfy({ keys[Int(found.pointee.keyStart) + $0] == keys[start + $0] })
        {
          offset = start
          return found
        }
        slot = (slot + 1) & slotMask
      }
      var made = Entry()
      made.keyStart = Int32(start)
      made.keyLength = Int32(length)
      for index in 0..<min(length, 8) {
        made.head |= UInt64(keys[start + index]) << UInt64(index * 8)
      }
      (entries + count).initialize(to: made)
      count += 1
      slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(count)
      let bit = Int(truncatingIfNeeded: hash >> 40) & 0xFFFF
      filter[bit >> 6] |= 1 << UInt64(bit & 63)
      return entries + (count - 1)
    }
    func entry(_ word: String) -> UnsafeMutablePointer<Entry>? { entry(bytes: word.utf8) }
    for word in source.words {
      let key = source.keyBytes[word.start..<word.start + word.length]
      entry(bytes: key)?.pointee.valence = word.valence
    }
    for (word, boost) in boosterWords { entry(word)?.pointee.booster = boost }
    for word in ReaderLexicon.negators { entry(word)?.pointee.negator = true }
    for (word, id) in ids { entry(word)?.pointee.id = id }
    for word in verdictWords { entry(word)?.pointee.verdict = true }
    for word in comparatives { entry(word)?.pointee.comparative = true }
    // `least` is a named word: found, not made.
    leastIsWord = !(entry("least")?.pointee.valence ?? .nan).isNaN
    entryCount = count
    for made in entries..<entries + count {
      let scored =
        made.pointee.booster.isNaN
        && (!made.pointee.valence.isNaN || WordID.setsValence(made.pointee.id))
      ReaderWord.set(ReaderWord.Flag.scored, scored, in: &made.pointee.flags)
    }
    // By scalar, the last of each scalar's descriptions (a later one wins).
    var emoji: [(scalar: UInt32, start: Int, length: Int)] = []
    let ordered = source.emoji.enumerated().filter { $0.element.scalar >= 0x80 }
      .sorted { ($0.element.scalar, $0.offset) < ($1.element.scalar, $1.offset) }
    for next in ordered.map(\.element) {
      if let last = emoji.last, last.scalar == next.scalar {
        emoji[emoji.count - 1] = next
      } else {
        emoji.append(next)
      }
    }
    emojiScalars = emoji.map(\.scalar)
    smallestEmoji = emojiScalars.first ?? UInt32.max
    let descriptionBytes = emoji.reduce(0) { $0 + $1.length }
    descriptions = .allocate(capacity: max(descriptionBytes, 1))
    var ranges: [(start: Int32, length: Int32)] = []
    var at = 0
    for one in emoji {
      ranges.append((Int32(at), Int32(one.length)))
      for byte in source.descriptionBytes[one.start..<one.start + one.length] {
        (descriptions + at).initialize(to: byte)
        at += 1
      }
    }
    emojiRanges = ranges
    func idList(_ phrase: String) -> [UInt16] {
      phrase.split(separator: " ").map { ids[String($0)] ?? 0 }
    }
    phrases = phraseKeys.filter { $0.contains(" ") }.map {
      (idList($0), ReaderLexicon.phrases[$0] ?? 0)
    }
    boosterPhrases = boosterPhraseKeys.map { (idList($0), ReaderLexicon.boosters[$0] ?? 0) }
    var phraseWord = [Bool](repeating: false, count: ids.count + 1)
    for phrase in phrases.map(\.ids) + boosterPhrases.map(\.ids) {
      for id in phrase { phraseWord[Int(id)] = true }
    }
    self.phraseWord = phraseWord
    var phrase = "no cap"
    if let entry = phrase.withUTF8({ bytes in
      bytes.baseAddress.flatMap { self.entry($0, bytes.count) }
    }) {
      noCapWord.take(entry.pointee)
    }
  }

  deinit {
    entries.deallocate()
    keys.deallocate()
    slots.deallocate()
    filter.deallocate()
    descriptions.deallocate()
  }

  /// A hash of a key's bytes, eight at a time: the lower bits choose the
  /// slot, the upper 32 are kept in it as a tag.
  @inline(__always)
  static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
    var index = 0
    let raw = UnsafeRawPointer(bytes)
    while count &- index >= 8 {
      hash = mix(hash, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
      index &+= 8
    }
    if index < count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while index < count {
        tail |= UInt64(bytes[index]) << shift
        shift &+= 8
        index &+= 1
      }
      hash = (hash ^ tail) &* 0xFF51_AFD7_ED55_8CCD
    }
    return finish(hash)
  }

  /// ``hash(_:_:)`` of the bytes `start..<end` of a text of `textCount`
  /// bytes, all ASCII, as they are in lower case: eight bytes at a time
  /// straight from the text (a last part of fewer than eight in one load
  /// where the text has room), folded as loaded.
  @inline(__always)
  static func foldedHash(
    _ base: UnsafePointer<UInt8>, start: Int, end: Int, textCount: Int
  ) -> (hash: UInt64, head: UInt64) {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: end &- start)
    var index = start
    let raw = UnsafeRawPointer(base)
    var head: UInt64 = 0
    while end &- index >= 8 {
      let chunk = ASCIIChunk.lowercased(
        raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
      if index == start { head = chunk }
      hash = mix(hash, chunk)
      index &+= 8
    }
    let rest = end &- index
    if rest > 0 {
      let tail = ASCIIChunk.lowercased(ReaderScanner.chunk(base, from: index, rest, textCount))
      if index == start { head = tail }
      hash = (hash ^ tail) &* 0xFF51_AFD7_ED55_8CCD
    }
    return (finish(hash), head)
  }

  /// One step of ``hash(_:_:)``: eight more bytes.
  @inline(__always)
  static func mix(_ hash: UInt64, _ chunk: UInt64) -> UInt64 {
    let hash = (hash ^ chunk) &* 0xFF51_AFD7_ED55_8CCD
    return hash ^ hash >> 32
  }

  /// The last step of ``hash(_:_:)``.
  @inline(__always)
  static func finish(_ hash: UInt64) -> UInt64 {
    let hash = (hash ^ hash >> 29) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ hash >> 32
  }

  /// The longest key in bytes (``longestRawKey`` folded to a third).
  static let longestKey = longestRawKey / 3

  /// The entry of a lower-case word's bytes, if the table has it. A slot
  /// holds its key's tag beside the entry's number, so that a word not in
  /// the table is mostly passed over without reading an entry.
  @inline(__always)
  func entry(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UnsafeMutablePointer<Entry>? {
    let hash = Self.hash(bytes, count)
    guard mayHold(hash) else { return nil }
    return entry(hash: hash, bytes, count)
  }

  /// Whether the bit filter lets a key of this ``hash(_:_:)`` through (no
  /// key of the table is stopped by it).
  @inline(__always)
  func mayHold(_ hash: UInt64) -> Bool {
    let bit = Int(truncatingIfNeeded: hash >> 40) & 0xFFFF
    return filter[bit >> 6] >> UInt64(bit & 63) & 1 != 0
  }

  /// The entry of a key of at most eight bytes whose ``hash(_:_:)`` is
  /// `hash` and whose bytes are `head` (as ``Entry/head``), if the table has
  /// it: compared in one step.
  @inline(__always)
  func entry(hash: UInt64, head: UInt64, count: Int) -> UnsafeMutablePointer<Entry>? {
    let tag = hash >> 32
    var slot = Int(truncatingIfNeeded: hash) & slotMask
    while true {
      let value = slots[slot]
      if value == 0 { return nil }
      let entry = entries + (Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1)
      if value >> 32 == tag && Int(entry.pointee.keyLength) == count && entry.pointee.head == head {
        return entry
      }
      slot = (slot + 1) & slotMask
    }
  }

  /// The entry of the bytes of a key whose ``hash(_:_:)`` is `hash`, if the
  /// table has it.
  @inline(__always)
  func entry(
    hash: UInt64, _ bytes: UnsafePointer<UInt8>, _ count: Int
  ) -> UnsafeMutablePointer<Entry>? {
    let tag = hash >> 32
    var slot = Int(truncatingIfNeeded: hash) & slotMask
    while true {
      let value = slots[slot]
      if value == 0 { return nil }
      let entry = entries + (Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1)
      if value >> 32 == tag && Int(entry.pointee.keyLength) == count {
        let key = keys + Int(entry.pointee.keyStart)
        var same = true
        for offset in 0..<count where key[offset] != bytes[offset] {
          same = false
          break
        }
        if same { return entry }
      }
      slot = (slot + 1) & slotMask
    }
  }

  /// The description of an emoji scalar, if the lexicon has one.
  @inline(__always)
  func emoji(_ scalar: UInt32) -> (start: Int, length: Int)? {
    guard scalar >= smallestEmoji else { return nil }
    var low = 0
    var high = emojiScalars.count
    while low < high {
      let middle = (low + high) / 2
      if emojiScalars[middle] < scalar { low = middle + 1 } else { high = middle }
    }
    guard low < emojiScalars.count, emojiScalars[low] == scalar else { return nil }
    let range = emojiRanges[low]
    return (Int(range.start), Int(range.length))
  }
}

// MARK: - Words

/// What the rules need of one word.
struct ReaderWord {
  /// The lexicon valence, or NaN.
  var valence: Double = .nan
  /// The degree, or NaN.
  var booster: Double = .nan
  /// The id of a named word (``ReaderTable/WordID``), 0 for others.
  var id: UInt16 = 0
  /// The word's yes-or-no properties, a bit each (``Flag``): one byte to
  /// copy and pass, not five.
  var flags: UInt8 = 0

  /// The bits of ``flags`` (and of ``ReaderTable/Entry/flags``).
  enum Flag {
    static let negator: UInt8 = 1
    static let upper: UInt8 = 2
    static let verdict: UInt8 = 4
    static let comparative: UInt8 = 8
    static let clauseEnd: UInt8 = 16
    /// The word has a valence of its own or may take a phrase's, and is not
    /// a degree word: the scorer gives it a valence (others add 0 to every
    /// sum but the neutral count).
    static let scored: UInt8 = 32
  }

  /// Sets or clears `flag` in `flags`.
  @inline(__always)
  static func set(_ flag: UInt8, _ on: Bool, in flags: inout UInt8) {
    flags = on ? flags | flag : flags & ~flag
  }

  /// Whether the word negates what follows.
  var negator: Bool {
    get { flags & Flag.negator != 0 }
    set { Self.set(Flag.negator, newValue, in: &flags) }
  }
  /// Whether the word is in capitals.
  var upper: Bool {
    get { flags & Flag.upper != 0 }
    set { Self.set(Flag.upper, newValue, in: &flags) }
  }
  /// Whether the word makes a following `fire` a verdict.
  var verdict: Bool {
    get { flags & Flag.verdict != 0 }
    set { Self.set(Flag.verdict, newValue, in: &flags) }
  }
  /// Whether the word is a comparative no negation turns.
  var comparative: Bool {
    get { flags & Flag.comparative != 0 }
    set { Self.set(Flag.comparative, newValue, in: &flags) }
  }
  /// Whether a comma or semicolon ends the word
  /// (``LexiconReader``'s `endsClause`).
  var clauseEnd: Bool {
    get { flags & Flag.clauseEnd != 0 }
    set { Self.set(Flag.clauseEnd, newValue, in: &flags) }
  }
}

/// Receives the words that ``ReaderScanner`` finds, looked up.
protocol ReaderWordSink {
  /// The next word of the text.
  mutating func word(_ word: ReaderWord)
}

/// The state of the word being read.
struct ReaderToken {
  /// Its bytes so far (only the first ``ReaderTable/wordCapacity`` are
  /// kept).
  var length = 0
  /// Where in the word the kept bytes start: past the punctuation before
  /// it when that is too long for the whole word to be a key.
  var shift = 0
  var scalars = 0
  /// The first and last scalar that is not ASCII punctuation, and where
  /// their bytes start and end; -1 when there is none.
  var firstCore = -1
  var lastCore = -1
  var coreStart = 0
  var coreEnd = 0
  var hasLower = false
  var cased = false
  /// Whether some scalar changes when lower-cased beyond ASCII.
  var foldsBeyondASCII = false
  /// Progress through `n't` (1 after `n`, 2 after `n'`) and whether it was
  /// seen.
  var notProgress: UInt8 = 0
  var hasNot = false
  /// The punctuation byte right after the last scalar that is not
  /// punctuation (0 for none), and the word's last byte.
  var afterCore: UInt8 = 0
  var lastByte: UInt8 = 0

  /// Whether the word is in capitals (Python's `str.isupper()`).
  var upper: Bool { cased && !hasLower }

  /// Whether a comma or semicolon ends the word the rules read: its last
  /// scalar when it is the whole token, else the scalar after ``range``.
  var endsClause: Bool {
    let byte = firstCore < 0 || lastCore - firstCore + 1 <= 2 ? lastByte : afterCore
    return byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";")
  }

  /// The bytes the rules read: the word stripped of the ASCII punctuation
  /// around it, unless that leaves two scalars or fewer.
  var range: (start: Int, end: Int) {
    if firstCore < 0 || lastCore - firstCore + 1 <= 2 { return (0, length) }
    return (coreStart, coreEnd)
  }

  /// Where ``range``'s bytes are in the scanner's buffer, if it kept them
  /// all.
  var kept: (start: Int, end: Int)? {
    let (start, end) = range
    guard start >= shift, end - shift <= ReaderTable.wordCapacity else { return nil }
    return (start - shift, end - shift)
  }

  /// Notes the start of a scalar that is not punctuation, at `length`.
  @inline(__always)
  mutating func core() {
    guard firstCore < 0 else { return }
    firstCore = scalars
    coreStart = length
    if length >= ReaderTable.longestRawKey { shift = length }
  }
}

/// Splits the text into the plain reader's words (emoji replaced by their
/// descriptions, runs between white space) and hands each to a sink.
enum ReaderScanner {
  /// Scans `text`; `false` (and no more words) at the first invalid UTF-8.
  static func scan<Sink: ReaderWordSink>(
    _ text: UnsafeBufferPointer<UInt8>, table: ReaderTable,
    buffer: UnsafeMutablePointer<UInt8>, into sink: inout Sink
  ) -> Bool {
    var token = ReaderToken()
    var inWord = false
    var afterSpace = true
    var index = 0
    let count = text.count
    guard let base = text.baseAddress else { return true }
    while index < count {
      let lead = base[index]
      if lead < 0x80 {
        if isSpace(lead) {
          if inWord {
            sink.word(word(token, buffer: buffer, table: table))
            inWord = false
          }
          afterSpace = lead == 0x20
          index += 1
          continue
        }
        if !inWord {
          // Most words are ASCII between white space: read at once.
          let (end, space, read) = asciiWords(
            base, from: index, count: count, table: table, buffer: buffer, into: &sink)
          index = end
          if read {
            afterSpace = space
            continue
          }
          token = ReaderToken()
          inWord = true
        }
        index = asciiRun(base, from: index, count: count, token: &token, buffer: buffer)
        afterSpace = false
        continue
      }
      guard let (scalar, length) = decode(base, at: index, count: count) else { return false }
      if let (start, descriptionLength) = table.emoji(scalar) {
        if !afterSpace {
          feedASCII(
            0x20, token: &token, inWord: &inWord, table: table, buffer: buffer, sink: &sink)
        }
        var at = start
        let end = start + descriptionLength
        while at < end {
          let byte = table.descriptions[at]
          if byte < 0x80 {
            feedASCII(
              byte, token: &token, inWord: &inWord, table: table, buffer: buffer, sink: &sink)
            at += 1
          } else {
            // Descriptions are valid UTF-8: they come from `String`s.
            guard let (scalar, length) = decode(table.descriptions, at: at, count: end) else {
              break
            }
            feedScalar(
              scalar, bytes: table.descriptions + at, length: length, token: &token,
              inWord: &inWord, table: table, buffer: buffer, sink: &sink)
            at += length
          }
        }
        afterSpace = false
      } else {
        feedScalar(
          scalar, bytes: base + index, length: length, token: &token, inWord: &inWord,
          table: table, buffer: buffer, sink: &sink)
        afterSpace = false
      }
      index += length
    }
    if inWord { sink.word(word(token, buffer: buffer, table: table)) }
    return true
  }

  /// Reads the words of ASCII bytes from `start` (not white space) while
  /// each is followed by one space and then the next, and hands them to
  /// `sink`: in one loop, without a call a word. The index where it stopped;
  /// whether the byte before it is a space (as the scan's `afterSpace`); and
  /// `false` when the word at the index goes on beyond ASCII (to be read
  /// scalar by scalar from there).
  @inline(never)
  static func asciiWords<Sink: ReaderWordSink>(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, table: ReaderTable,
    buffer: UnsafeMutablePointer<UInt8>, into sink: inout Sink
  ) -> (end: Int, afterSpace: Bool, read: Bool) {
    var index = start
    while true {
      var word = ReaderWord()
      let end = asciiWord(
        base, from: index, count: count, table: table, buffer: buffer, into: &word)
      if end == 0 { return (index, index > start, false) }
      sink.word(word)
      // The space after it, as the scan's loop would read it.
      guard end < count && base[end] == 0x20 else { return (end, false, true) }
      index = end &+ 1
      guard index < count, base[index] < 0x80, !isSpace(base[index]) else {
        return (index, true, true)
      }
    }
  }

  /// The scalar of a non-ASCII lead byte at `index` and its length in
  /// bytes; nil for invalid UTF-8.
  @inline(__always)
  static func decode(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> (UInt32, Int)? {
    let lead = base[index]
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
    default: return nil
    }
    guard index + length <= count else { return nil }
    for offset in 1..<length {
      let byte = base[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
      return nil
    }
    return (value, length)
  }

  /// Space, tab, line feed, vertical tab, form feed, carriage return.
  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte &- 0x09 < 5
  }

  /// Reads the word of ASCII bytes from `start` (not white space) to the
  /// next white space or the end of the text at once, eight bytes at a
  /// time: the index after it, its word (what ``word(_:buffer:table:)``
  /// gives for its token) in `word`, which is new; 0 when a byte beyond
  /// ASCII comes first (the word is then read scalar by scalar).
  @inline(__always)
  static func asciiWord(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, table: ReaderTable,
    buffer: UnsafeMutablePointer<UInt8>, into word: inout ReaderWord
  ) -> Int {
    let raw = UnsafeRawPointer(base)
    var capitals: UInt64 = 0
    var lowers: UInt64 = 0
    var apostrophes: UInt64 = 0
    // A word that ends within its first eight bytes (most): read from the
    // one chunk, in registers.
    do {
      let chunk: UInt64
      var stops: UInt64
      if count &- start >= 8 {
        chunk = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self).littleEndian
        stops = 0
      } else {
        let rest = count &- start
        chunk = Self.chunk(base, from: start, rest, count)
        stops = ~ASCIIChunk.first(rest) & ASCIIChunk.high
      }
      stops |= ASCIIChunk.spaces(chunk) | chunk & ASCIIChunk.high
      if stops != 0 {
        // At least 1: the first byte is neither white space nor beyond ASCII.
        let taken = stops.trailingZeroBitCount &>> 3
        // A byte past the text's end is 0 here, as if the text ended.
        if chunk &>> UInt64(truncatingIfNeeded: taken &* 8) & 0x80 != 0 { return 0 }
        let part = chunk & ASCIIChunk.first(taken)
        let letters = ASCIIChunk.letters(part)
        let capitals = letters & ~(part &<< 2)
        let lowers = letters & part &<< 2
        if capitals != 0 && lowers == 0 { word.upper = true }
        if ASCIIChunk.zeros(part ^ 0x2727_2727_2727_2727) != 0 {
          word.negator = hasNot(base, from: start, to: start &+ taken)
        }
        shortKey(part, letters: letters, count: taken, table: table, into: &word)
        return start &+ taken
      }
      // A longer word: its first eight bytes are read, on from there.
      let letters = ASCIIChunk.letters(chunk)
      capitals = letters & ~(chunk &<< 2)
      lowers = letters & chunk &<< 2
      apostrophes = ASCIIChunk.zeros(chunk ^ 0x2727_2727_2727_2727)
    }
    var end = start &+ 8
    while end < count {
      let chunk: UInt64
      var stops: UInt64
      if count &- end >= 8 {
        chunk = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self).littleEndian
        stops = 0
      } else {
        let rest = count &- end
        chunk = Self.chunk(base, from: end, rest, count)
        stops = ~ASCIIChunk.first(rest) & ASCIIChunk.high
      }
      stops |= ASCIIChunk.spaces(chunk) | chunk & ASCIIChunk.high
      let taken = stops == 0 ? 8 : stops.trailingZeroBitCount &>> 3
      if taken > 0 {
        let part = taken == 8 ? chunk : chunk & ASCIIChunk.first(taken)
        // A letter is in lower case when it has the case bit (0x20), moved
        // here to the byte's high bit.
        let letters = ASCIIChunk.letters(part)
        capitals |= letters & ~(part &<< 2)
        lowers |= letters & part &<< 2
        apostrophes |= ASCIIChunk.zeros(part ^ 0x2727_2727_2727_2727)
      }
      end &+= taken
      if taken < 8 { break }
    }
    if end < count && base[end] >= 0x80 { return 0 }
    word.upper = capitals != 0 && lowers == 0
    if apostrophes != 0 { word.negator = hasNot(base, from: start, to: end) }
    // The rules read the word stripped of the punctuation around it, unless
    // that leaves two bytes or fewer.
    var first = start
    while first < end && isASCIIPunctuation(base[first]) { first &+= 1 }
    var keyStart = start
    var keyEnd = end
    var closing = base[end &- 1]
    if first < end {
      var last = end &- 1
      while isASCIIPunctuation(base[last]) { last &-= 1 }
      if last &- first >= 2 {
        keyStart = first
        keyEnd = last &+ 1
        closing = keyEnd < end ? base[keyEnd] : 0
      }
    }
    word.clauseEnd = closing == UInt8(ascii: ",") || closing == UInt8(ascii: ";")
    let length = keyEnd &- keyStart
    if length <= ReaderTable.longestKey {
      let (hash, head) = ReaderTable.foldedHash(
        base, start: keyStart, end: keyEnd, textCount: count)
      if table.mayHold(hash) {
        if length <= 8 {
          if let entry = table.entry(hash: hash, head: head, count: length) {
            word.take(entry.pointee)
          }
        } else {
          for offset in 0..<length {
            let byte = base[keyStart &+ offset]
            buffer[offset] = byte &- 0x41 < 26 ? byte | 0x20 : byte
          }
          if let entry = table.entry(hash: hash, buffer, length) { word.take(entry.pointee) }
        }
      }
    }
    return end
  }

  /// The rest of ``asciiWord(_:from:count:table:buffer:into:)`` for a word
  /// of `count` (1...7) bytes, all in `chunk` (zeros past them), whose
  /// letters are `letters`: the punctuation around it found in the chunk,
  /// the key folded, hashed (as ``ReaderTable/hash(_:_:)`` hashes it) and
  /// looked up without reading the text again.
  @inline(__always)
  static func shortKey(
    _ chunk: UInt64, letters: UInt64, count: Int, table: ReaderTable,
    into word: inout ReaderWord
  ) {
    var key = ASCIIChunk.lowercased(chunk, letters: letters)
    var length = count
    var closing = UInt8(truncatingIfNeeded: chunk &>> UInt64(truncatingIfNeeded: (count &- 1) &* 8))
    // The rules read the word stripped of the punctuation around it, unless
    // that leaves two bytes or fewer: most words have none at either end.
    if isASCIIPunctuation(UInt8(truncatingIfNeeded: chunk)) || isASCIIPunctuation(closing) {
      let punctuation =
        ASCIIChunk.inRange(chunk, 0x21, 0x7E) & ~letters & ~ASCIIChunk.inRange(chunk, 0x30, 0x39)
      let core = ~punctuation & ASCIIChunk.first(count) & ASCIIChunk.high
      // No core: `first` 8, `last` -1. A core ends at byte 6 at most.
      let first = core.trailingZeroBitCount &>> 3
      let last = (63 &- core.leadingZeroBitCount) &>> 3
      if last &- first >= 2 {
        length = last &- first &+ 1
        key = key &>> UInt64(truncatingIfNeeded: first &* 8) & ASCIIChunk.first(length)
        closing = UInt8(truncatingIfNeeded: chunk &>> UInt64(truncatingIfNeeded: (last &+ 1) &* 8))
      }
    }
    word.clauseEnd = closing == UInt8(ascii: ",") || closing == UInt8(ascii: ";")
    // A key of fewer than eight bytes: one step of the hash, then its end.
    let seed: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: length)
    let hash = ReaderTable.finish((seed ^ key) &* 0xFF51_AFD7_ED55_8CCD)
    if table.mayHold(hash), let entry = table.entry(hash: hash, head: key, count: length) {
      word.take(entry.pointee)
    }
  }

  /// The `count` (1...7) bytes of a text of `textCount` bytes from `index`,
  /// the first in the lowest bits, zeros above: one load where the text has
  /// eight bytes from `index` or up to `index + count`.
  @inline(__always)
  static func chunk(
    _ base: UnsafePointer<UInt8>, from index: Int, _ count: Int, _ textCount: Int
  ) -> UInt64 {
    let raw = UnsafeRawPointer(base)
    if textCount &- index >= 8 {
      return raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
        & ASCIIChunk.first(count)
    }
    if index &+ count >= 8 {
      return raw.loadUnaligned(fromByteOffset: index &+ count &- 8, as: UInt64.self).littleEndian
        &>> UInt64(truncatingIfNeeded: (8 &- count) &* 8)
    }
    var chunk: UInt64 = 0
    for offset in 0..<count { chunk |= UInt64(base[index &+ offset]) &<< UInt64(offset &* 8) }
    return chunk
  }

  /// Whether the ASCII bytes `start..<end` hold `n't` in any case.
  static func hasNot(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
    var index = start &+ 1
    while index &+ 1 < end {
      if base[index] == UInt8(ascii: "'") && base[index &- 1] | 0x20 == UInt8(ascii: "n")
        && base[index &+ 1] | 0x20 == UInt8(ascii: "t")
      {
        return true
      }
      index &+= 1
    }
    return false
  }

  /// Adds the run of ASCII bytes but white space from `start` to the word;
  /// the index after it. The word's state is kept in locals meanwhile: this
  /// is the reader's inner loop.
  @inline(__always)
  static func asciiRun(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, token: inout ReaderToken,
    buffer: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var word = token
    var index = start
    while index < count {
      let byte = base[index]
      if byte >= 0x80 || isSpace(byte) { break }
      let punctuation = isPunctuation(byte)
      if !punctuation && word.firstCore < 0 {
        word.firstCore = word.scalars
        word.coreStart = word.length
        if word.length >= ReaderTable.longestRawKey { word.shift = word.length }
      }
      let upper = byte &- 0x41 < 26
      let lower = upper ? byte | 0x20 : byte
      // Kept in lower case: folding beyond ASCII, when needed, leaves it so.
      let at = word.length &- word.shift
      if at < ReaderTable.wordCapacity { buffer[at] = lower }
      if punctuation {
        if word.length == word.coreEnd { word.afterCore = byte }
        word.length &+= 1
      } else {
        word.length &+= 1
        word.lastCore = word.scalars
        word.coreEnd = word.length
        word.afterCore = 0
      }
      word.scalars &+= 1
      if upper {
        word.cased = true
      } else if byte &- 0x61 < 26 {
        word.hasLower = true
      }
      if lower == UInt8(ascii: "n") {
        word.notProgress = 1
      } else if lower == UInt8(ascii: "'") && word.notProgress == 1 {
        word.notProgress = 2
      } else {
        if lower == UInt8(ascii: "t") && word.notProgress == 2 { word.hasNot = true }
        word.notProgress = 0
      }
      index &+= 1
    }
    if index > start { word.lastByte = base[index &- 1] }
    token = word
    return index
  }

  @inline(__always)
  static func feedASCII<Sink: ReaderWordSink>(
    _ byte: UInt8, token: inout ReaderToken, inWord: inout Bool, table: ReaderTable,
    buffer: UnsafeMutablePointer<UInt8>, sink: inout Sink
  ) {
    if byte == 0x20 || (0x09...0x0D).contains(byte) {
      if inWord {
        sink.word(word(token, buffer: buffer, table: table))
        inWord = false
      }
      return
    }
    if !inWord {
      token = ReaderToken()
      inWord = true
    }
    let punctuation = isPunctuation(byte)
    if !punctuation { token.core() }
    if token.length - token.shift < ReaderTable.wordCapacity {
      buffer[token.length - token.shift] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
    if punctuation && token.length == token.coreEnd { token.afterCore = byte }
    token.length += 1
    if !punctuation {
      token.lastCore = token.scalars
      token.coreEnd = token.length
      token.afterCore = 0
    }
    token.lastByte = byte
    token.scalars += 1
    var lower = byte
    if (0x41...0x5A).contains(byte) {
      token.cased = true
      lower = byte + 0x20
    } else if (0x61...0x7A).contains(byte) {
      token.hasLower = true
    }
    if lower == UInt8(ascii: "n") {
      token.notProgress = 1
    } else if lower == UInt8(ascii: "'") && token.notProgress == 1 {
      token.notProgress = 2
    } else {
      if lower == UInt8(ascii: "t") && token.notProgress == 2 { token.hasNot = true }
      token.notProgress = 0
    }
  }

  @inline(__always)
  static func feedScalar<Sink: ReaderWordSink>(
    _ scalar: UInt32, bytes: UnsafePointer<UInt8>, length: Int, token: inout ReaderToken,
    inWord: inout Bool, table: ReaderTable, buffer: UnsafeMutablePointer<UInt8>,
    sink: inout Sink
  ) {
    // Valid UTF-8 decodes to a valid scalar.
    let properties = Unicode.Scalar(scalar).map(\.properties)
    if properties?.isWhitespace == true {
      if inWord {
        sink.word(word(token, buffer: buffer, table: table))
        inWord = false
      }
      return
    }
    if !inWord {
      token = ReaderToken()
      inWord = true
    }
    token.core()
    for offset in 0..<length where token.length - token.shift + offset < ReaderTable.wordCapacity {
      buffer[token.length - token.shift + offset] = bytes[offset]
    }
    token.length += length
    token.lastCore = token.scalars
    token.coreEnd = token.length
    token.afterCore = 0
    token.lastByte = 0
    token.scalars += 1
    if let properties {
      if properties.isLowercase { token.hasLower = true }
      if properties.isUppercase { token.cased = true }
      if properties.changesWhenLowercased { token.foldsBeyondASCII = true }
    }
    token.notProgress = 0
  }

  /// ``isPunctuation(_:)`` of a byte known to be ASCII.
  @inline(__always)
  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    let mask: UInt64 = byte < 64 ? 0xFC00_FFFE_0000_0000 : 0x7800_0001_F800_0001
    return mask &>> UInt64(byte & 63) & 1 == 1
  }

  /// Whether an ASCII byte is punctuation (Python's `string.punctuation`).
  @inline(__always)
  static func isPunctuation(_ byte: UInt8) -> Bool {
    // Bit b of the mask for bytes 0–63 and 64–127: 0x21–0x2F, 0x3A–0x40,
    // 0x5B–0x60, 0x7B–0x7E.
    let mask: UInt64 = byte < 64 ? 0xFC00_FFFE_0000_0000 : 0x7800_0001_F800_0001
    return byte < 0x80 && mask >> (UInt64(byte) & 63) & 1 == 1
  }

  /// The table's word for a token, with its capitals and `n't`.
  @inline(__always)
  static func word(
    _ token: borrowing ReaderToken, buffer: UnsafeMutablePointer<UInt8>, table: ReaderTable
  ) -> ReaderWord {
    var word = ReaderWord()
    word.upper = token.upper
    word.negator = token.hasNot
    word.clauseEnd = token.endsClause
    guard let (start, end) = token.kept else { return word }
    if !token.foldsBeyondASCII {
      if let entry = table.entry(buffer + start, end - start) { word.take(entry.pointee) }
      return word
    }
    // Letters beyond ASCII that change in lower case: as the plain reader
    // folds them (rare: one `String` for the word).
    var lowered = String(
      decoding: UnsafeBufferPointer(start: buffer + start, count: end - start), as: UTF8.self
    )
    .lowercased()
    lowered.withUTF8 { bytes in
      guard let base = bytes.baseAddress, let entry = table.entry(base, bytes.count) else { return }
      word.take(entry.pointee)
    }
    return word
  }
}

extension ReaderWord {
  /// Takes a table entry's values (into a word that has only its own
  /// capitals, clause end and `n't`).
  @inline(__always)
  mutating func take(_ entry: ReaderTable.Entry) {
    valence = entry.valence
    booster = entry.booster
    id = entry.id
    flags |= entry.flags
  }
}

// MARK: - The two passes

/// The first (often the only) pass: each word looked up and kept while
/// there is room; the number of words, of words in capitals, and where the
/// contrast turns.
private struct ReaderCollector: ReaderWordSink {
  let table: ReaderTable
  let words: UnsafeMutablePointer<ReaderWord>
  let capacity: Int
  var count = 0
  var capitals = 0
  /// The first `but`.
  var but: Int?
  /// Whether the first word is `though` or `although`.
  var leadingThough = false
  /// The first `though` or `although` after the first word.
  var innerThough: Int?
  /// The first word that ends a clause.
  var clauseEnd: Int?
  /// Bit i for word i with ``ReaderWord/Flag/scored``; meant for a text of
  /// at most ``FastLexiconReader/storedWords`` words (a later word's bit
  /// wraps).
  var scoredWords: UInt64 = 0

  init(table: ReaderTable, words: UnsafeMutablePointer<ReaderWord>, capacity: Int) {
    self.table = table
    self.words = words
    self.capacity = capacity
  }

  @inline(__always)
  mutating func word(_ word: ReaderWord) {
    typealias W = ReaderTable.WordID
    if word.upper { capitals += 1 }
    if word.clauseEnd && clauseEnd == nil { clauseEnd = count }
    // Only the words the rules name have an id (few).
    if word.id != 0 {
      if but == nil && word.id == W.but { but = count }
      let though = word.id == W.though || word.id == W.although
      if count == 0 {
        leadingThough = though
      } else if though && innerThough == nil {
        innerThough = count
      }
      if word.id == W.cap, count > 0, count <= capacity, words[count - 1].id == W.no {
        let noCap = table.noCap(for: words[count - 1])
        words[count - 1] = noCap
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: (count - 1) & 63)
        scoredWords =
          noCap.flags & ReaderWord.Flag.scored != 0 ? scoredWords | bit : scoredWords & ~bit
      }
    }
    scoredWords |= UInt64(word.flags >> 5 & 1) &<< UInt64(truncatingIfNeeded: count & 63)
    if count < capacity { (words + count).initialize(to: word) }
    count += 1
  }

  /// Where the contrast turns, as ``LexiconReader``'s `contrast` finds it:
  /// the first `but`; else the word after the clause a leading `though`
  /// opens; else a `though` inside the text (not its last word).
  var turn: Int? {
    if let but { return but }
    if leadingThough {
      guard let clauseEnd, clauseEnd + 1 < count else { return nil }
      return clauseEnd + 1
    }
    guard let innerThough, innerThough + 1 < count else { return nil }
    return innerThough
  }
}

extension ReaderTable {
  /// The word `no cap` in place of `no`, with the capitals and clause end
  /// of the `no` it replaces (the plain reader takes those from the text).
  @inline(__always)
  func noCap(for no: ReaderWord) -> ReaderWord {
    var word = noCapWord
    word.upper = no.upper
    word.clauseEnd = no.clauseEnd
    return word
  }
}

/// Each word's valence by the rules of ``LexiconReader``, summed in order
/// as its `scores` sums them: over the words kept by ``ReaderCollector``, or
/// (a second pass) over a window of the last eight words read, a word
/// scored when the three after it are known (`no` turns to `no cap` when
/// the word after it is read).
private struct ReaderScorer: ReaderWordSink {
  let table: ReaderTable
  /// The words, by index & `mask`: all of them (mask −1), or the last eight
  /// (mask 7).
  let words: UnsafeMutablePointer<ReaderWord>
  let mask: Int
  /// The number of words in the text.
  let count: Int
  let emphasisByCase: Bool
  /// Where the contrast turns (``ReaderCollector/turn``).
  let turn: Int?
  /// Words read, and words scored.
  var read = 0
  var scored = 0
  var sum = 0.0
  var positive = 0.0
  var negative = 0.0
  var neutral = 0.0
  var positiveSum = 0.0
  var negativeSum = 0.0

  init(
    table: ReaderTable, words: UnsafeMutablePointer<ReaderWord>, mask: Int, count: Int,
    emphasisByCase: Bool, turn: Int?
  ) {
    self.table = table
    self.words = words
    self.mask = mask
    self.count = count
    self.emphasisByCase = emphasisByCase
    self.turn = turn
  }

  @inline(__always)
  mutating func word(_ word: ReaderWord) {
    if word.id == ReaderTable.WordID.cap, read > 0,
      words[(read - 1) & mask].id == ReaderTable.WordID.no
    {
      words[(read - 1) & mask] = table.noCap(for: words[(read - 1) & mask])
    }
    words[read & mask] = word
    read += 1
    if read - scored > 3 { scoreNext() }
  }

  /// Scores the words not yet scored.
  mutating func finish() {
    while scored < read { scoreNext() }
  }

  /// Scores every word of a text whose words are all kept, given the words
  /// with ``ReaderWord/Flag/scored`` (bit i for word i): the others are
  /// counted neutral at once (the neutral count sums whole numbers, exact
  /// in any order).
  mutating func finish(scoring words: UInt64) {
    var words = words
    neutral += Double(count - words.nonzeroBitCount)
    while words != 0 {
      score(words.trailingZeroBitCount)
      words &= words &- 1
    }
    read = count
    scored = count
  }

  private mutating func scoreNext() {
    let index = scored
    // A word with no valence of its own nor a phrase's (most words) or a
    // degree word scores 0: adding 0 changes none of the sums.
    let word = at(index)
    if !word.booster.isNaN || (word.valence.isNaN && !ReaderTable.WordID.setsValence(word.id)) {
      neutral += 1
      scored += 1
      return
    }
    score(index)
    scored += 1
  }

  /// Adds the valence of the word at `index`, one with
  /// ``ReaderWord/Flag/scored``, to the sums.
  @inline(__always)
  private mutating func score(_ index: Int) {
    var valence = valence(at: index)
    if let turn, index != turn { valence *= index < turn ? 0.5 : 1.5 }
    sum += valence
    if valence > 0 { positive += valence + 1 }
    if valence < 0 { negative += 1 - valence }
    if valence == 0 { neutral += 1 }
    positiveSum += max(valence, 0)
    negativeSum -= min(valence, 0)
  }

  /// The scores of the text, as ``LexiconReader``'s `scores` gives them.
  func scores(text: UnsafeBufferPointer<UInt8>) -> ReaderScores {
    let (exclamations, questions) = Self.marks(text)
    let emphasis =
      Double(min(exclamations, 4)) * 0.292
      + (questions > 3 ? 0.96 : questions > 1 ? Double(questions) * 0.18 : 0)
    var sum = self.sum
    if sum > 0 { sum += emphasis } else if sum < 0 { sum -= emphasis }
    let compound = max(-1, min(1, sum / (sum * sum + 15).squareRoot()))
    var positive = self.positive
    var negative = self.negative
    if positive > negative {
      positive += emphasis
    } else if positive < negative {
      negative += emphasis
    }
    let total = positive + negative + neutral
    guard total > 0 else { return .none }
    return ReaderScores(
      compound: compound, positive: positive / total, negative: negative / total,
      positiveSum: positiveSum, negativeSum: negativeSum, exclamations: exclamations)
  }

  /// The `!` and `?` in a text, eight bytes at a time.
  static func marks(_ text: UnsafeBufferPointer<UInt8>) -> (exclamations: Int, questions: Int) {
    guard let base = text.baseAddress else { return (0, 0) }
    let raw = UnsafeRawPointer(base)
    var exclamations = 0
    var questions = 0
    var index = 0
    while text.count &- index >= 8 {
      let chunk = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      exclamations &+= ASCIIChunk.zeros(chunk ^ 0x2121_2121_2121_2121).nonzeroBitCount
      questions &+= ASCIIChunk.zeros(chunk ^ 0x3F3F_3F3F_3F3F_3F3F).nonzeroBitCount
      index &+= 8
    }
    while index < text.count {
      if base[index] == UInt8(ascii: "!") { exclamations &+= 1 }
      if base[index] == UInt8(ascii: "?") { questions &+= 1 }
      index &+= 1
    }
    return (exclamations, questions)
  }

  // MARK: The rules

  @inline(__always)
  private func at(_ i: Int) -> ReaderWord { words[i & mask] }

  @inline(__always)
  private func id(_ i: Int) -> UInt16 { words[i & mask].id }

  /// ``LexiconReader``'s `valence(at:in:)`.
  private func valence(at index: Int) -> Double {
    typealias W = ReaderTable.WordID
    let word = at(index)
    if !word.booster.isNaN { return 0 }
    if word.id == W.kind, index + 1 < count, id(index + 1) == W.of { return 0 }
    guard let base = phraseValence(at: index) ?? (word.valence.isNaN ? nil : word.valence) else {
      return 0
    }
    var valence = base
    if word.id == W.no, index + 1 < count, !at(index + 1).valence.isNaN { valence = 0 }
    if !word.comparative
      && ((index > 0 && id(index - 1) == W.no) || (index > 1 && id(index - 2) == W.no)
        || (index > 2 && id(index - 3) == W.no
          && (id(index - 1) == W.or || id(index - 1) == W.nor)))
    {
      valence = base * LexiconReader.negationScalar
    }
    if emphasisByCase && word.upper {
      valence += valence > 0 ? LexiconReader.capitalIncrement : -LexiconReader.capitalIncrement
    }
    for distance in 1...3 where index >= distance {
      let before = at(index - distance)
      guard before.valence.isNaN else { continue }
      var boost = before.booster.isNaN ? 0 : (valence < 0 ? -before.booster : before.booster)
      if boost != 0, emphasisByCase, before.upper {
        boost += valence > 0 ? LexiconReader.capitalIncrement : -LexiconReader.capitalIncrement
      }
      valence += boost * (distance == 1 ? 1 : distance == 2 ? 0.95 : 0.9)
      valence = negated(valence, at: index, distance: distance)
      if distance == 3 { valence = idioms(valence, at: index) }
    }
    if index > 0, id(index - 1) == W.least, !table.leastIsWord,
      index < 2 || (id(index - 2) != W.at && id(index - 2) != W.very)
    {
      valence *= LexiconReader.negationScalar
    }
    return valence
  }

  /// ``LexiconReader``'s `phraseValence(at:_:)`: `fire` after a verdict
  /// word, `hits different`, `could (have been) be better`, `at best`.
  @inline(__always)
  private func phraseValence(at i: Int) -> Double? {
    typealias W = ReaderTable.WordID
    guard i > 0 else { return nil }
    let previous = at(i - 1)
    switch id(i) {
    case W.fire where previous.verdict: return ReaderAdditions.fireAsVerdict
    case W.different where previous.id == W.hits: return ReaderAdditions.hitsDifferent
    case W.better
    where (previous.id == W.be && i > 1 && id(i - 2) == W.could)
      || (previous.id == W.been && i > 2 && id(i - 2) == W.have && id(i - 3) == W.could):
      return ReaderAdditions.couldBeBetter
    case W.best where previous.id == W.at: return ReaderAdditions.atBest
    default: return nil
    }
  }

  /// ``LexiconReader``'s `negated(_:at:distance:lowered:)`.
  private func negated(_ valence: Double, at i: Int, distance: Int) -> Double {
    typealias W = ReaderTable.WordID
    switch distance {
    case 2:
      if id(i - 2) == W.never, id(i - 1) == W.so || id(i - 1) == W.this { return valence * 1.25 }
      if id(i - 2) == W.without, id(i - 1) == W.doubt { return valence }
    case 3:
      if (id(i - 3) == W.never && (id(i - 2) == W.so || id(i - 2) == W.this))
        || id(i - 1) == W.so || id(i - 1) == W.this
      {
        return valence * 1.25
      }
      if id(i - 3) == W.without, id(i - 2) == W.doubt || id(i - 1) == W.doubt { return valence }
    default: break
    }
    // Ours: a comparative is not turned, nor anything after `can't stop`.
    if at(i).comparative || (distance > 1 && id(i - distance + 1) == W.stop) { return valence }
    return at(i - distance).negator ? valence * LexiconReader.negationScalar : valence
  }

  /// ``LexiconReader``'s `idioms(_:at:lowered:)`, phrases matched by their
  /// words' ids.
  private func idioms(_ valence: Double, at i: Int) -> Double {
    let last = min(i + 2, count - 1)
    guard (i - 3...last).contains(where: { table.isPhraseWord(id($0)) }) else { return valence }
    var valence = valence
    if let set = phrase(i - 1, i) ?? phrase(i - 2, i - 1, i) ?? phrase(i - 2, i - 1)
      ?? phrase(i - 3, i - 2, i - 1) ?? phrase(i - 3, i - 2)
    {
      valence = set
    }
    if i + 1 < count, let set = phrase(i, i + 1) { valence = set }
    if i + 2 < count, let set = phrase(i, i + 1, i + 2) { valence = set }
    if let boost = boosterPhrase(i - 3, i - 2, i - 1) { valence += boost }
    if let boost = boosterPhrase(i - 3, i - 2) { valence += boost }
    if let boost = boosterPhrase(i - 2, i - 1) { valence += boost }
    return valence
  }

  /// The valence of the phrase of the words at these positions, if it is
  /// one.
  private func phrase(_ a: Int, _ b: Int, _ c: Int = -1) -> Double? {
    table.phrases.first(where: { matches($0.ids, a, b, c) })?.valence
  }

  /// The degree of the degree phrase of the words at these positions, if
  /// it is one.
  private func boosterPhrase(_ a: Int, _ b: Int, _ c: Int = -1) -> Double? {
    table.boosterPhrases.first(where: { matches($0.ids, a, b, c) })?.boost
  }

  /// Whether the words at `a`, `b` (and `c` unless -1) are the phrase of
  /// `ids`.
  private func matches(_ ids: [UInt16], _ a: Int, _ b: Int, _ c: Int) -> Bool {
    guard ids.count == (c < 0 ? 2 : 3), ids[0] == id(a), ids[1] == id(b) else { return false }
    return c < 0 || ids[2] == id(c)
  }
}
