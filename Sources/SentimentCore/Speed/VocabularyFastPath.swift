#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The vocabulary's fast path: a byte arena, 32-bit offsets and an open
// addressing table over raw memory, hashed and compared eight bytes at a
// time. `VocabularyTests` check its lookups, padded lookups and growth.

extension Vocabulary {
  /// ``id(of:)-(Span<UInt8>)``, by the fast path.
  @inline(__always)
  func id(ofSpan token: Span<UInt8>) -> Int? {
    token.withUnsafeBufferPointer { storage.view.id(of: $0) }
  }

  /// ``insert(_:)-(Span<UInt8>)``, by the fast path.
  mutating func insert(span token: Span<UInt8>) -> Int {
    token.withUnsafeBufferPointer { insert(buffer: $0) }
  }

  /// ``insert(_:)-(Span<UInt8>)`` for the bytes of a buffer.
  @discardableResult
  mutating func insert(buffer token: UnsafeBufferPointer<UInt8>) -> Int {
    makeUnique()
    return storage.insert(token, key: Vocabulary.key(token, padded: false))
  }

  /// An inserter of tokens that eight readable bytes follow
  /// (``Tokenizer/padding``), for a loop of inserts: this vocabulary's
  /// storage is made its own once, not checked at every insert. Valid while
  /// this vocabulary is neither copied nor changed by other means.
  @inline(__always)
  mutating func paddedInserter() -> PaddedInserter {
    makeUnique()
    return PaddedInserter(storage: storage)
  }

  /// The hash of the bytes and their last partial word, which a lookup
  /// compares without reading it again. `padded`: eight readable bytes
  /// follow them (as they follow a ``Tokenizer``'s tokens), so that word is
  /// read in one load.
  @inline(__always)
  static func key(_ bytes: UnsafeBufferPointer<UInt8>, padded: Bool) -> TokenKey {
    var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
    guard let base = bytes.baseAddress else { return TokenKey(hash: hash, tail: 0) }
    let raw = UnsafeRawPointer(base)
    var index = 0
    let count = bytes.count
    while index &+ 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      index &+= 8
    }
    var last: UInt64 = 0
    if index < count {
      last = tail(raw + index, count &- index, padded: padded)
      hash = (hash ^ last) &* 0xBF58_476D_1CE4_E5B9
    }
    hash ^= hash >> 32
    hash = hash &* 0x94D0_49BB_1331_11EB
    return TokenKey(hash: hash ^ (hash >> 29), tail: last)
  }
}

/// Inserts tokens into a vocabulary's storage (``Vocabulary/paddedInserter()``).
struct PaddedInserter {
  fileprivate let storage: VocabularyStorage

  /// The id of `token`, which eight readable bytes follow, inserting it with
  /// the next id if it is new: ``Vocabulary/insert(buffer:)``
  /// that reads the token's last bytes in one load.
  ///
  /// - Complexity: O(*k*) in the token's length, amortized.
  @inline(__always)
  func insert(_ token: UnsafeBufferPointer<UInt8>) -> Int {
    storage.insert(token, key: Vocabulary.key(token, padded: true))
  }
}

/// What a lookup needs of a token besides its bytes: their hash, and their
/// last 1 to 7 bytes (0 when their count is a multiple of 8).
struct TokenKey {
  var hash: UInt64
  var tail: UInt64
}

/// The last 1 to 7 bytes of a key at `bytes`, in one integer with the
/// first byte lowest, read in at most three loads instead of byte by byte;
/// in one when eight readable bytes follow them (`padded`).
@inline(__always)
func tail(_ bytes: UnsafeRawPointer, _ count: Int, padded: Bool = false) -> UInt64 {
  if padded {
    return bytes.loadUnaligned(as: UInt64.self).littleEndian & (1 &<< UInt64(count &* 8) &- 1)
  }
  var word: UInt64 = 0
  var shift: UInt64 = 0
  var at = 0
  if count & 4 != 0 {
    word = UInt64(bytes.loadUnaligned(as: UInt32.self).littleEndian)
    shift = 32
    at = 4
  }
  if count & 2 != 0 {
    word |= UInt64(bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self).littleEndian) << shift
    shift &+= 16
    at &+= 2
  }
  if count & 1 != 0 {
    word |= UInt64(bytes.load(fromByteOffset: at, as: UInt8.self)) << shift
  }
  return word
}

/// Raw pointers into a ``Vocabulary``'s storage: lookups without reference
/// counting. Valid while the vocabulary lives and is not mutated.
struct VocabularyView {
  let arena: UnsafeMutablePointer<UInt8>
  /// Where each token starts in `arena`; `starts[id + 1]` is where it ends.
  let starts: UnsafeMutablePointer<UInt32>
  /// Token ids by the hashes of their bytes.
  let table: TaggedSlots

  /// The id of `token`, or `nil`.
  @inline(__always)
  func id(of token: UnsafeBufferPointer<UInt8>) -> Int? {
    find(token, key: Vocabulary.key(token, padded: false)).id
  }

  /// The id of `token`, which eight readable bytes follow
  /// (``Tokenizer/padding``), or `nil`.
  @inline(__always)
  func id(ofPadded token: UnsafeBufferPointer<UInt8>) -> Int? {
    find(token, key: Vocabulary.key(token, padded: true)).id
  }

  /// The slot where `token` is or would go, and its id when present.
  @inline(__always)
  func find(_ token: UnsafeBufferPointer<UInt8>, key: TokenKey) -> (slot: Int, id: Int?) {
    table.find(hash: key.hash) { equals($0, token, tail: key.tail) }
  }

  @inline(__always)
  func token(at id: Int) -> UnsafeBufferPointer<UInt8> {
    let start = Int(starts[id])
    return UnsafeBufferPointer(start: arena + start, count: Int(starts[id &+ 1]) &- start)
  }

  @inline(__always)
  private func equals(_ id: Int, _ token: UnsafeBufferPointer<UInt8>, tail last: UInt64) -> Bool {
    let start = Int(starts[id])
    guard Int(starts[id &+ 1]) &- start == token.count else { return false }
    guard let base = token.baseAddress else { return true }
    // Eight bytes can be read from any token in the arena
    // (`VocabularyStorage.arenaPadding`).
    let stored = UnsafeRawPointer(arena + start)
    let given = UnsafeRawPointer(base)
    var index = 0
    let count = token.count
    while index &+ 8 <= count {
      if stored.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        != given.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      {
        return false
      }
      index &+= 8
    }
    if index < count {
      return tail(stored + index, count &- index, padded: true) == last
    }
    return true
  }
}

/// The memory of a ``Vocabulary``: one byte arena, 32-bit offsets, and an
/// open addressing table with linear probing kept at most three quarters
/// full.
final class VocabularyStorage: @unchecked Sendable {
  var arena: UnsafeMutablePointer<UInt8>
  var arenaCount = 0
  var arenaCapacity: Int
  var starts: UnsafeMutablePointer<UInt32>
  /// Room for this many tokens in `starts` (one more entry is allocated).
  var tokenCapacity: Int
  var count = 0
  var slots: UnsafeMutablePointer<UInt32>
  var mask: Int

  init(capacity: Int, tokenBytes: Int? = nil) {
    var size = 16
    // At most three quarters full once `capacity` tokens are in.
    while size * 3 < capacity * 4 { size <<= 1 }
    tokenCapacity = max(capacity, 16)
    arenaCapacity = max(tokenBytes ?? tokenCapacity * 8, 16)
    arena = Self.allocateArena(arenaCapacity)
    starts = .allocate(capacity: tokenCapacity + 1)
    starts[0] = 0
    slots = .allocate(capacity: size)
    slots.initialize(repeating: 0, count: size)
    mask = size - 1
  }

  deinit {
    arena.deallocate()
    starts.deallocate()
    slots.deallocate()
  }

  /// How many readable bytes follow the arena's capacity: a token's last
  /// bytes are compared in one load, which for the last token reads past
  /// the arena's end.
  static let arenaPadding = 8

  /// An arena of `capacity` bytes and the padding, all zero.
  static func allocateArena(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
    let arena = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + arenaPadding)
    arena.initialize(repeating: 0, count: capacity + arenaPadding)
    return arena
  }

  var view: VocabularyView {
    VocabularyView(
      arena: arena, starts: starts,
      table: TaggedSlots(slots: slots, mask: mask, idLimit: mask + 1))
  }

  func copy() -> VocabularyStorage {
    let copy = VocabularyStorage(capacity: 0)
    copy.arena.deallocate()
    copy.starts.deallocate()
    copy.slots.deallocate()
    copy.arenaCapacity = max(arenaCapacity, 1)
    copy.arena = Self.allocateArena(copy.arenaCapacity)
    copy.arena.update(from: arena, count: arenaCount)
    copy.arenaCount = arenaCount
    copy.tokenCapacity = tokenCapacity
    copy.starts = .allocate(capacity: tokenCapacity + 1)
    copy.starts.initialize(from: starts, count: count + 1)
    copy.count = count
    copy.slots = .allocate(capacity: mask + 1)
    copy.slots.initialize(from: slots, count: mask + 1)
    copy.mask = mask
    return copy
  }

  /// The id of `token`, whose key is `key`, inserting it with the next id
  /// if it is new.
  @inline(__always)
  func insert(_ token: UnsafeBufferPointer<UInt8>, key: TokenKey) -> Int {
    let (slot, found) = view.find(token, key: key)
    if let found { return found }
    let id = count
    if arenaCount + token.count > arenaCapacity {
      var bigger = arenaCapacity * 2
      while arenaCount + token.count > bigger { bigger *= 2 }
      precondition(
        bigger <= Int(UInt32.max),
        "the vocabulary's tokens exceed 4 GiB, the limit of 32-bit offsets")
      let arena = Self.allocateArena(bigger)
      arena.update(from: self.arena, count: arenaCount)
      self.arena.deallocate()
      self.arena = arena
      arenaCapacity = bigger
    }
    if id == tokenCapacity {
      precondition(id < Int(UInt32.max) / 2, "the vocabulary exceeds 2^31 tokens")
      let bigger = tokenCapacity * 2
      let old = starts
      starts = .allocate(capacity: bigger + 1)
      starts.moveInitialize(from: old, count: count + 1)
      old.deallocate()
      tokenCapacity = bigger
    }
    if let base = token.baseAddress {
      (arena + arenaCount).initialize(from: base, count: token.count)
    }
    arenaCount += token.count
    starts[id + 1] = UInt32(arenaCount)
    view.table.set(slot, to: id, hash: key.hash)
    count = id + 1
    if count * 4 > (mask + 1) * 3 { grow() }
    return id
  }

  private func grow() {
    let size = (mask + 1) * 2
    slots.deallocate()
    slots = .allocate(capacity: size)
    slots.initialize(repeating: 0, count: size)
    mask = size - 1
    let view = self.view
    for id in 0..<count {
      view.table.place(id, hash: Vocabulary.key(view.token(at: id), padded: false).hash)
    }
  }
}

/// Open addressing with linear probing over 32-bit slots, the table of a
/// ``Vocabulary`` and of a ``PairIndex``: a slot holds an id + 1 in the bits
/// below `tagMask` and, in the bits of `tagMask`, the same bits of the upper
/// half of the entry's hash; 0 is an empty slot. The tag rejects most other
/// entries without reading them, and 32-bit slots keep the table small.
/// The owner allocates the slots and keeps the table less than full.
struct TaggedSlots {
  let slots: UnsafeMutablePointer<UInt32>
  /// The number of slots − 1 (a power of two − 1).
  let mask: Int
  let tagMask: UInt32

  /// A table over `mask + 1` slots for ids below `idLimit` (a power of
  /// two): the tag takes the bits above those of `idLimit − 1`, none when
  /// that takes all 32.
  init(slots: UnsafeMutablePointer<UInt32>, mask: Int, idLimit: Int) {
    self.slots = slots
    self.mask = mask
    tagMask = idLimit > Int(UInt32.max) ? 0 : ~UInt32(truncatingIfNeeded: idLimit &- 1)
  }

  /// The slot of the entry with `hash` for whose id `matches` holds, and
  /// that id; or the empty slot where such an entry would go.
  ///
  /// - Complexity: O(1) on average, for a table at most three quarters full.
  @inline(__always)
  func find(hash: UInt64, _ matches: (Int) -> Bool) -> (slot: Int, id: Int?) {
    var slot = Int(truncatingIfNeeded: hash) & mask
    let tag = Self.tag(hash) & tagMask
    while true {
      let entry = slots[slot]
      if entry == 0 { return (slot, nil) }
      if entry & tagMask == tag {
        let id = Int(truncatingIfNeeded: entry & ~tagMask) &- 1
        if matches(id) { return (slot, id) }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Stores `id`, whose hash is `hash`, in `slot`, an empty slot that
  /// ``find(hash:_:)`` gave.
  @inline(__always)
  func set(_ slot: Int, to id: Int, hash: UInt64) {
    slots[slot] = Self.tag(hash) & tagMask | UInt32(truncatingIfNeeded: id &+ 1)
  }

  /// Stores `id`, whose hash is `hash`, in the first empty slot from its
  /// home: for filling a table with entries known to be distinct.
  @inline(__always)
  func place(_ id: Int, hash: UInt64) {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot &+ 1) & mask }
    set(slot, to: id, hash: hash)
  }

  /// The bits of a hash that slots keep as a tag: its upper half, which the
  /// slot index (the lower bits) does not use.
  @inline(__always)
  static func tag(_ hash: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 32)
  }
}
