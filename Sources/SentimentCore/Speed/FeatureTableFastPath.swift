#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Part of the trainer's fast path (`TrainerFastPath.swift`): the counts in
// raw memory that grows by reallocation, pairs keyed by their tokens' ids and
// their hashes prefetched a chunk at a time. `ReferenceCounts` counts the
// same plainly, by each feature's text; `TrainerFastPathTests` check that
// both agree, `FeatureTableTests` the table's ids, prefetching and marks.

/// The counts a trainer gathers: for every feature seen (a token, or a pair
/// of neighbouring tokens), a count per class, with dense ids in order of
/// first occurrence.
///
/// A pair is keyed by the ids of its two tokens, not by its text: counting
/// it hashes one integer and touches one record, and its text (`"not good"`)
/// is only put together when the model is written. With a million tweets
/// the table holds millions of pairs, so what each count touches in memory
/// decides the speed.
///
/// ```swift
/// let table = FeatureTable()
/// table.feature(ofToken: 7)                // token 7 ("good"): feature 0
/// table.insertPair(first: 3, second: 7)    // "not good": feature 1
/// ```
final class FeatureTable {
  /// One feature: its key, a count per class, and the last document that
  /// counted it (for binarized counts).
  struct Record {
    /// A pair's two token ids (first in the upper half); a token's id with
    /// `tokenTag` in the upper half.
    var key: UInt64
    var counts: (UInt32, UInt32, UInt32)
    var lastSeen: UInt32
  }

  /// The upper half of a token's key; no pair has it, as token ids are
  /// below 2^31.
  static let tokenTag: UInt64 = 0xFFFF_FFFF_0000_0000

  /// Token id → feature id.
  private var tokenFeatures: UnsafeMutablePointer<UInt32>
  private var tokenFeatureCapacity: Int
  /// The number of tokens with an entry in `tokenFeatures`.
  private var knownTokens = 0
  /// `tokenFeatures`' entry for a token not counted yet.
  private static let noFeature = UInt32.max
  /// Feature id → record.
  private var records: UnsafeMutablePointer<Record>
  private var recordCapacity: Int
  /// The number of features.
  private(set) var count = 0
  /// Open addressing for pairs, linear probing, at most three quarters
  /// full: the hash's upper 32 bits, and the feature id + 1 in the lower
  /// (0 for an empty slot). The upper half rejects most other pairs without
  /// reading their records.
  private var pairSlots: UnsafeMutablePointer<UInt64>
  private var pairMask: Int
  private var pairCount = 0

  /// Creates an empty table.
  init() {
    tokenFeatureCapacity = 1024
    tokenFeatures = Self.reallocate(nil, capacity: tokenFeatureCapacity)
    recordCapacity = 1024
    records = Self.reallocate(nil, capacity: recordCapacity)
    pairMask = 1023
    pairSlots = Self.reallocate(nil, capacity: pairMask + 1)
    pairSlots.initialize(repeating: 0, count: pairMask + 1)
  }

  deinit {
    free(tokenFeatures)
    free(records)
    free(pairSlots)
  }

  /// An independent copy, for a trainer that was copied before adding.
  func copy() -> FeatureTable {
    let copy = FeatureTable()
    copy.tokenFeatureCapacity = tokenFeatureCapacity
    copy.tokenFeatures = Self.reallocate(copy.tokenFeatures, capacity: tokenFeatureCapacity)
    copy.tokenFeatures.initialize(from: tokenFeatures, count: knownTokens)
    copy.knownTokens = knownTokens
    copy.recordCapacity = recordCapacity
    copy.records = Self.reallocate(copy.records, capacity: recordCapacity)
    copy.records.initialize(from: records, count: count)
    copy.count = count
    copy.pairMask = pairMask
    copy.pairSlots = Self.reallocate(copy.pairSlots, capacity: pairMask + 1)
    copy.pairSlots.initialize(from: pairSlots, count: pairMask + 1)
    copy.pairCount = pairCount
    return copy
  }

  /// The id of the feature for the token with id `token` (from the
  /// trainer's token ``Vocabulary``), inserting it if new.
  @inline(__always)
  func feature(ofToken token: UInt32) -> Int {
    let index = Int(token)
    if index >= knownTokens { addTokens(upTo: index) }
    let feature = tokenFeatures[index]
    if feature != Self.noFeature { return Int(feature) }
    let new = append(key: Self.tokenTag | UInt64(token))
    tokenFeatures[index] = UInt32(truncatingIfNeeded: new)
    return new
  }

  /// Makes room in `tokenFeatures` for tokens up to `last`, with no
  /// feature yet.
  private func addTokens(upTo last: Int) {
    while last >= tokenFeatureCapacity {
      tokenFeatureCapacity *= 2
      tokenFeatures = Self.reallocate(tokenFeatures, capacity: tokenFeatureCapacity)
    }
    (tokenFeatures + knownTokens).initialize(
      repeating: Self.noFeature, count: last + 1 - knownTokens)
    knownTokens = last + 1
  }

  /// Loads the memory that counting the pairs of neighbouring `tokens` will
  /// touch: first the pairs' slots, then the records they point to.
  ///
  /// With millions of pairs, nearly every slot and record is a cache miss.
  /// Counting a pair reads its slot and then its record, one miss after the
  /// other; loading all the slots of a text first, then all the records,
  /// lets the processor wait for the misses of a text together instead of
  /// one by one. The counting afterwards finds them in the cache. This only
  /// reads the table; the counts do not depend on it.
  ///
  /// Writes the hash of the pair that ends at each index but the first to
  /// `hashes` (``pairHash(first:second:)``), for
  /// ``insertPair(first:second:hash:)``.
  func prefetchPairs(
    of tokens: UnsafeBufferPointer<UInt32>, hashes: UnsafeMutablePointer<UInt64>
  ) {
    guard tokens.count > 1 else { return }
    let slots = pairSlots
    let mask = pairMask
    let records = self.records
    var touched: UInt64 = 0
    for index in 1..<tokens.count {
      let hash = Self.pairHash(first: tokens[index - 1], second: tokens[index])
      hashes[index] = hash
      touched &+= slots[Int(truncatingIfNeeded: hash) & mask]
    }
    for index in 1..<tokens.count {
      let hash = hashes[index]
      let entry = slots[Int(truncatingIfNeeded: hash) & mask]
      if entry != 0 && entry & 0xFFFF_FFFF_0000_0000 == hash & 0xFFFF_FFFF_0000_0000 {
        touched &+= records[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1].key
      }
    }
    // Kept so that the loads are not optimized away.
    prefetched = touched
  }

  /// The sum of what ``prefetchPairs(of:)`` loaded; no meaning of its own.
  private var prefetched: UInt64 = 0

  /// The id of the feature for the pair of tokens `first` then `second`,
  /// inserting it if new.
  ///
  /// - Complexity: O(1) on average.
  @inline(__always)
  func insertPair(first: UInt32, second: UInt32) -> Int {
    insertPair(first: first, second: second, hash: Self.pairHash(first: first, second: second))
  }

  /// ``insertPair(first:second:)`` with the pair's hash computed already
  /// (``pairHash(first:second:)``).
  @inline(__always)
  func insertPair(first: UInt32, second: UInt32, hash: UInt64) -> Int {
    let key = UInt64(first) << 32 | UInt64(second)
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var slot = Int(truncatingIfNeeded: hash) & pairMask
    while true {
      let entry = pairSlots[slot]
      if entry == 0 { break }
      if entry & 0xFFFF_FFFF_0000_0000 == tag {
        let feature = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
        if records[feature].key == key { return feature }
      }
      slot = (slot &+ 1) & pairMask
    }
    let feature = append(key: key)
    pairSlots[slot] = tag | UInt64(feature + 1)
    pairCount += 1
    if pairCount * 4 > (pairMask + 1) * 3 { growPairs() }
    return feature
  }

  /// Adds one to `feature`'s count for class `label` (a `Sentiment` raw
  /// value).
  @inline(__always)
  func increment(_ feature: Int, label: Int) {
    // Saturates rather than wraps: 4 billion is beyond any real corpus, and
    // a wrong small count would be worse than a capped one.
    switch label {
    case 0: if records[feature].counts.0 != .max { records[feature].counts.0 &+= 1 }
    case 1: if records[feature].counts.1 != .max { records[feature].counts.1 &+= 1 }
    default: if records[feature].counts.2 != .max { records[feature].counts.2 &+= 1 }
    }
  }

  /// Whether `feature` was already counted in `document`; marks it counted.
  @inline(__always)
  func markSeen(_ feature: Int, in document: UInt32) -> Bool {
    if records[feature].lastSeen == document { return true }
    records[feature].lastSeen = document
    return false
  }

  /// What `feature` is: a token's id, or a pair's two token ids.
  func tokens(ofFeature feature: Int) -> (first: UInt32, second: UInt32?) {
    let key = records[feature].key
    if key & Self.tokenTag == Self.tokenTag { return (UInt32(truncatingIfNeeded: key), nil) }
    return (UInt32(truncatingIfNeeded: key >> 32), UInt32(truncatingIfNeeded: key))
  }

  /// Adds the counts of feature `other` of `table` to `feature`'s, capped
  /// as ``increment(_:label:)`` caps them.
  func addCounts(of other: Int, in table: FeatureTable, to feature: Int) {
    let (a, b) = (records[feature].counts, table.records[other].counts)
    func sum(_ x: UInt32, _ y: UInt32) -> UInt32 {
      let (total, overflow) = x.addingReportingOverflow(y)
      return overflow ? .max : total
    }
    records[feature].counts = (sum(a.0, b.0), sum(a.1, b.1), sum(a.2, b.2))
  }

  /// Forgets which documents counted each feature, so that document numbers
  /// can start again from 1.
  func resetSeen() {
    for feature in 0..<count { records[feature].lastSeen = 0 }
  }

  /// The count of `feature` in documents of class `label`.
  func count(ofFeature feature: Int, label: Sentiment) -> Int {
    let counts = records[feature].counts
    switch label {
    case .negative: return Int(counts.0)
    case .neutral: return Int(counts.1)
    case .positive: return Int(counts.2)
    }
  }

  /// Calls `body` with the feature's text: the token, or the two tokens
  /// with a space between them, from the `tokens` that gave the ids.
  func withFeature<Result>(
    at feature: Int, tokens: Vocabulary, _ body: (Span<UInt8>) throws -> Result
  ) rethrows -> Result {
    let key = records[feature].key
    if key & Self.tokenTag == Self.tokenTag {
      return try tokens.withToken(at: Int(key & 0xFFFF_FFFF), body)
    }
    let view = tokens.view
    let first = view.token(at: Int(key >> 32))
    let second = view.token(at: Int(key & 0xFFFF_FFFF))
    return try withUnsafeTemporaryAllocation(
      of: UInt8.self, capacity: first.count + 1 + second.count
    ) { pair in
      var index = 0
      for byte in first {
        pair[index] = byte
        index += 1
      }
      pair[index] = UInt8(ascii: " ")
      index += 1
      for byte in second {
        pair[index] = byte
        index += 1
      }
      return try body(pair.span)
    }
  }

  private func append(key: UInt64) -> Int {
    if count == recordCapacity {
      precondition(count < Int(UInt32.max) - 1, "more than 2^32 features")
      recordCapacity *= 2
      records = Self.reallocate(records, capacity: recordCapacity)
    }
    (records + count).initialize(to: Record(key: key, counts: (0, 0, 0), lastSeen: 0))
    count += 1
    return count - 1
  }

  private func growPairs() {
    let size = (pairMask + 1) * 2
    free(pairSlots)
    pairSlots = Self.reallocate(nil, capacity: size)
    pairSlots.initialize(repeating: 0, count: size)
    pairMask = size - 1
    for feature in 0..<count where records[feature].key & Self.tokenTag != Self.tokenTag {
      let hash = Self.hash(records[feature].key)
      var slot = Int(truncatingIfNeeded: hash) & pairMask
      while pairSlots[slot] != 0 { slot = (slot &+ 1) & pairMask }
      pairSlots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(feature + 1)
    }
  }

  /// The hash of the pair of tokens `first` then `second`.
  @inline(__always)
  static func pairHash(first: UInt32, second: UInt32) -> UInt64 {
    hash(UInt64(first) << 32 | UInt64(second))
  }

  /// A 64-bit mix (SplitMix64's finalizer) whose low bits depend on every
  /// bit of the key.
  @inline(__always)
  static func hash(_ key: UInt64) -> UInt64 {
    var hash = key &+ 0x9E37_79B9_7F4A_7C15
    hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
    hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 31)
  }

  /// `realloc`, so that a large table grows in place where the allocator
  /// can remap it, without holding old and new copies at once.
  private static func reallocate<Element>(
    _ pointer: UnsafeMutablePointer<Element>?, capacity: Int
  ) -> UnsafeMutablePointer<Element> {
    let bytes = capacity * MemoryLayout<Element>.stride
    guard let raw = realloc(pointer, bytes) else {
      preconditionFailure("out of memory: cannot allocate \(bytes) bytes")
    }
    return raw.bindMemory(to: Element.self, capacity: capacity)
  }
}
