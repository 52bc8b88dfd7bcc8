/// Finds a model's pair features (`"not good"`) by the ids of their two
/// tokens, so that classifying a text never copies, hashes or compares the
/// bytes of a pair.
///
/// A token's key is its feature id in the model's vocabulary; a token that
/// only occurs inside pairs (possible in a hand-written model file) gets a
/// key after those. A vocabulary entry is a pair when it is two tokens
/// joined by one space: tokens never contain a space, so nothing else can
/// match a pair the ``Featurizer`` makes.
///
/// ```swift
/// let index = PairIndex(vocabulary: model.vocabulary)
/// let view = index.view
/// if let not = view.key(of: notBytes), let good = view.key(of: goodBytes) {
///   view.pair(not, good)   // the id of "not good", if the model has it
/// }
/// ```
final class PairIndex: @unchecked Sendable {
  /// The model's features; the keys of its tokens are their ids.
  private let vocabulary: Vocabulary
  /// Tokens found only inside pairs; key = vocabulary count + id.
  private let extraTokens: Vocabulary
  /// Open addressing, linear probing, at most half full: `(first + 1) << 32
  /// | (second + 1)`, 0 for an empty slot.
  private let keys: UnsafeMutablePointer<UInt64>
  /// Slot → the pair's feature id.
  private let features: UnsafeMutablePointer<UInt32>
  private let mask: Int

  /// Indexes the pairs of `vocabulary`.
  ///
  /// - Complexity: O(*n*) in the vocabulary's bytes.
  init(vocabulary: Vocabulary) {
    self.vocabulary = vocabulary
    var extra = Vocabulary(capacity: 16)
    var pairs: [(UInt64, UInt32)] = []
    pairs.reserveCapacity(vocabulary.count)
    let view = vocabulary.view
    for id in 0..<vocabulary.count {
      let feature = view.token(at: id)
      guard let split = Self.onlySpace(in: feature) else { continue }
      let first = UnsafeBufferPointer(rebasing: feature[..<split])
      let second = UnsafeBufferPointer(rebasing: feature[(split + 1)...])
      let firstKey = view.id(of: first) ?? vocabulary.count + extra.insert(first)
      let secondKey = view.id(of: second) ?? vocabulary.count + extra.insert(second)
      pairs.append((Self.key(firstKey, secondKey), UInt32(id)))
    }
    extraTokens = extra
    var size = 16
    while size < pairs.count * 2 { size <<= 1 }
    keys = .allocate(capacity: size)
    keys.initialize(repeating: 0, count: size)
    features = .allocate(capacity: size)
    features.initialize(repeating: 0, count: size)
    mask = size - 1
    for (key, feature) in pairs {
      var slot = Self.slot(of: key, mask: mask)
      while keys[slot] != 0 && keys[slot] != key { slot = (slot &+ 1) & mask }
      keys[slot] = key
      features[slot] = feature
    }
  }

  /// Where the one space of `feature` is, when it has exactly one and
  /// text on both sides of it.
  private static func onlySpace(in feature: UnsafeBufferPointer<UInt8>) -> Int? {
    var found: Int?
    for index in 0..<feature.count where feature[index] == UInt8(ascii: " ") {
      if found != nil { return nil }
      found = index
    }
    guard let found, found > 0, found < feature.count - 1 else { return nil }
    return found
  }

  deinit {
    keys.deallocate()
    features.deallocate()
  }

  /// Raw pointers for lookups in hot loops, valid while this index lives.
  var view: View {
    View(
      vocabulary: vocabulary.view, featureCount: vocabulary.count,
      extraTokens: extraTokens.count > 0 ? extraTokens.view : nil, keys: keys, features: features,
      mask: mask)
  }

  /// Lookups without reference counting.
  struct View {
    let vocabulary: VocabularyView
    let featureCount: Int
    let extraTokens: VocabularyView?
    let keys: UnsafeMutablePointer<UInt64>
    let features: UnsafeMutablePointer<UInt32>
    let mask: Int

    /// The key of `token`, or `nil` when the model has neither it nor a
    /// pair with it.
    @inline(__always)
    func key(of token: UnsafeBufferPointer<UInt8>) -> Int? {
      if let id = vocabulary.id(of: token) { return id }
      return extraTokens?.id(of: token).map { featureCount + $0 }
    }

    /// The feature id of the pair of the tokens with keys `first` then
    /// `second`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inline(__always)
    func pair(_ first: Int, _ second: Int) -> Int? {
      let key = PairIndex.key(first, second)
      var slot = PairIndex.slot(of: key, mask: mask)
      while true {
        let found = keys[slot]
        if found == key { return Int(features[slot]) }
        if found == 0 { return nil }
        slot = (slot &+ 1) & mask
      }
    }
  }

  @inline(__always)
  static func key(_ first: Int, _ second: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: first &+ 1) << 32 | UInt64(truncatingIfNeeded: second &+ 1)
  }

  @inline(__always)
  static func slot(of key: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: FeatureTable.hash(key)) & mask
  }
}
