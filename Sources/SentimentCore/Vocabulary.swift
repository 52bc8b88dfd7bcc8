/// A table from token bytes to dense integer ids (0, 1, 2 … in order of first
/// insertion), keyed by the bytes themselves so that looking up a token never
/// creates a `String`.
///
/// ```swift
/// var vocabulary = Vocabulary()
/// let id = vocabulary.insert("happy")   // 0
/// vocabulary.id(of: "happy")            // 0
/// vocabulary.token(at: id)              // "happy"
/// ```
///
/// The bytes of all tokens live in one arena; the table is open addressing
/// with linear probing and is kept at most half full.
public struct Vocabulary: Sendable {
  private var arena: [UInt8] = []
  /// Where each token starts in `arena`; `starts[id + 1]` is where it ends.
  private var starts: [Int] = [0]
  private var hashes: [UInt64] = []
  /// Slot → id + 1, 0 for an empty slot.
  private var slots: [Int32]
  private var mask: Int

  /// Creates an empty vocabulary with room for about `capacity` tokens.
  public init(capacity: Int = 1024) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
    mask = size - 1
  }

  /// The number of tokens.
  public var count: Int { hashes.count }

  /// The id of `token`, or `nil` when it is not in the vocabulary.
  ///
  /// - Complexity: O(*k*) in the token's length, on average.
  @inline(__always)
  public func id(of token: UnsafeBufferPointer<UInt8>) -> Int? {
    let hash = Self.hash(token)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { return nil }
      if hashes[entry - 1] == hash && equals(entry - 1, token) { return entry - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// The id of `token`, inserting it with the next id if it is new.
  ///
  /// - Complexity: O(*k*) in the token's length, amortized.
  @discardableResult
  public mutating func insert(_ token: UnsafeBufferPointer<UInt8>) -> Int {
    let hash = Self.hash(token)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { break }
      if hashes[entry - 1] == hash && equals(entry - 1, token) { return entry - 1 }
      slot = (slot + 1) & mask
    }
    let id = hashes.count
    arena.append(contentsOf: token)
    starts.append(arena.count)
    hashes.append(hash)
    slots[slot] = Int32(truncatingIfNeeded: id + 1)
    if hashes.count * 2 > slots.count { grow() }
    return id
  }

  /// The id of `token`, or `nil` when it is not in the vocabulary.
  public func id(of token: String) -> Int? {
    var token = token
    return token.withUTF8 { id(of: $0) }
  }

  /// The id of `token`, inserting it if it is new.
  @discardableResult
  public mutating func insert(_ token: String) -> Int {
    var token = token
    return token.withUTF8 { insert($0) }
  }

  /// The token with the given id, as a string.
  public func token(at id: Int) -> String {
    String(decoding: arena[starts[id]..<starts[id + 1]], as: UTF8.self)
  }

  /// Calls `body` with the bytes of the token with the given id.
  public func withToken<Result>(
    at id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try arena.withUnsafeBufferPointer { all in
      try body(UnsafeBufferPointer(rebasing: all[starts[id]..<starts[id + 1]]))
    }
  }

  /// The ids ordered by the tokens' bytes, the order of the model file.
  public func idsSortedByToken() -> [Int] {
    arena.withUnsafeBufferPointer { all in
      (0..<count).sorted { left, right in
        let a = UnsafeBufferPointer(rebasing: all[starts[left]..<starts[left + 1]])
        let b = UnsafeBufferPointer(rebasing: all[starts[right]..<starts[right + 1]])
        return a.lexicographicallyPrecedes(b)
      }
    }
  }

  private func equals(_ id: Int, _ token: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = starts[id]
    guard starts[id + 1] - start == token.count else { return false }
    return arena.withUnsafeBufferPointer { all in
      for index in 0..<token.count where all[start + index] != token[index] { return false }
      return true
    }
  }

  private mutating func grow() {
    let size = slots.count * 2
    slots = [Int32](repeating: 0, count: size)
    mask = size - 1
    for (id, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: id + 1)
    }
  }

  /// FNV-1a over the bytes, then a multiply-xorshift so the low bits that
  /// pick a slot depend on every byte.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    hash ^= hash >> 32
    hash = hash &* 0x9E37_79B9_7F4A_7C15
    return hash ^ (hash >> 29)
  }
}
