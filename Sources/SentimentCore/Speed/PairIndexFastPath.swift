// Part of the classifier's fast path (`ClassifierFastPath.swift`): a pair is
// found by the keys of its two tokens in tables of raw memory, never by its
// text. The plain way is looking the pair's text ("not good") up in the
// vocabulary; `PairIndexTests` check the index against the features listed,
// and `NaiveBayesTests` that the classifier scores pairs as the featurizer
// makes them.

/// Finds a model's pair features (`"not good"`) by the ids of their two
/// tokens, so that classifying a text never copies, hashes or compares the
/// bytes of a pair.
///
/// A token's key is its feature id in the model's vocabulary; a token that
/// only occurs inside pairs (possible in a hand-written model file) gets a
/// key after those. Tokens are looked up in a table of their own: a model
/// has several times more pairs than tokens, and a table of the tokens alone
/// stays in the cache while a text is classified. A vocabulary entry is a pair when it is two tokens
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
///
/// The keys of the pairs' tokens can be gathered while the vocabulary is
/// filled (``PairKeys``, as the model file reader does), when the tokens
/// are still in the cache, or afterwards from the whole vocabulary.
final class PairIndex: @unchecked Sendable {
  /// The model's features; the keys of its tokens are their ids.
  private let vocabulary: Vocabulary
  /// The features that are tokens, not pairs, and then the tokens found
  /// only inside pairs.
  private let tokens: Vocabulary
  /// `tokens`' id → the token's key.
  private let tokenKeys: UnsafeMutablePointer<UInt32>
  /// Feature id → the key of its two tokens when it is a pair.
  private let keys: PairKeys
  /// The pairs' feature ids by the hashes of their keys, at most half full.
  private let table: TaggedSlots

  /// Indexes the pairs of `vocabulary`.
  ///
  /// - Complexity: O(*n*) in the vocabulary's bytes.
  convenience init(vocabulary: Vocabulary) {
    let keys = PairKeys(capacity: vocabulary.count)
    let view = vocabulary.view
    for id in 0..<vocabulary.count { keys.add(view.token(at: id), in: view) }
    self.init(vocabulary: vocabulary, keys: keys)
  }

  /// Indexes the pairs of `vocabulary`, whose features' keys `keys` has
  /// gathered, in id order, as the vocabulary was filled.
  ///
  /// - Complexity: O(*n*) in the number of features.
  init(vocabulary: Vocabulary, keys: PairKeys) {
    precondition(keys.count == vocabulary.count, "the keys of another vocabulary")
    self.vocabulary = vocabulary
    self.keys = keys
    // A pair whose tokens were not all in the vocabulary when it was added.
    var extra = Vocabulary(capacity: 16)
    let view = vocabulary.view
    for id in keys.unresolved {
      let feature = view.token(at: id)
      guard let split = PairKeys.onlySpace(in: feature) else { continue }
      let first = feature.extracting(..<split)
      let second = feature.extracting((split + 1)...)
      let firstKey = view.id(of: first) ?? vocabulary.count + extra.insert(buffer: first)
      let secondKey = view.id(of: second) ?? vocabulary.count + extra.insert(buffer: second)
      keys.resolve(id, key: Self.key(firstKey, secondKey))
    }
    var tokens = Vocabulary(capacity: vocabulary.count - keys.pairCount + extra.count)
    tokenKeys = .allocate(capacity: vocabulary.count - keys.pairCount + extra.count)
    for id in 0..<vocabulary.count where !keys.isPair(id) {
      tokenKeys[tokens.insert(buffer: view.token(at: id))] = UInt32(truncatingIfNeeded: id)
    }
    let extraView = extra.view
    for id in 0..<extra.count {
      tokenKeys[tokens.insert(buffer: extraView.token(at: id))] = UInt32(
        truncatingIfNeeded: vocabulary.count + id)
    }
    self.tokens = tokens
    var size = 16
    while size < keys.pairCount * 2 { size <<= 1 }
    table = TaggedSlots(
      slots: .allocate(capacity: size), mask: size - 1, idLimit: Self.idLimit(vocabulary.count))
    table.slots.initialize(repeating: 0, count: size)
    for id in 0..<keys.written where keys.keys[id] != 0 {
      table.place(id, hash: FeatureTable.hash(keys.keys[id]))
    }
  }

  deinit {
    table.slots.deallocate()
    tokenKeys.deallocate()
  }

  /// The bound of the feature ids that the table's slots keep: a power of
  /// two above the number of features.
  private static func idLimit(_ featureCount: Int) -> Int {
    var idLimit = 16
    while idLimit <= featureCount { idLimit <<= 1 }
    return idLimit
  }

  /// Raw pointers for lookups in hot loops, valid while this index lives.
  var view: View {
    View(
      tokens: tokens.view, tokenKeys: tokenKeys, featureCount: vocabulary.count, table: table,
      keys: keys.keys)
  }

  /// Lookups without reference counting.
  struct View {
    let tokens: VocabularyView
    let tokenKeys: UnsafeMutablePointer<UInt32>
    let featureCount: Int
    let table: TaggedSlots
    let keys: UnsafeMutablePointer<UInt64>

    /// The key of `token`, or `nil` when the model has neither it nor a
    /// pair with it.
    @inline(__always)
    func key(of token: UnsafeBufferPointer<UInt8>) -> Int? {
      tokens.id(of: token).map { Int(tokenKeys[$0]) }
    }

    /// ``key(of:)`` of a token that eight readable bytes follow
    /// (``Tokenizer/padding``).
    @inline(__always)
    func key(ofPadded token: UnsafeBufferPointer<UInt8>) -> Int? {
      tokens.id(ofPadded: token).map { Int(tokenKeys[$0]) }
    }

    /// The feature id of the pair of the tokens with keys `first` then
    /// `second`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inline(__always)
    func pair(_ first: Int, _ second: Int) -> Int? {
      let key = PairIndex.key(first, second)
      return table.find(hash: FeatureTable.hash(key)) { keys[$0] == key }.id
    }
  }

  /// The key of the pair of the tokens with keys `first` and `second`;
  /// never 0.
  @inline(__always)
  static func key(_ first: Int, _ second: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: first &+ 1) << 32 | UInt64(truncatingIfNeeded: second &+ 1)
  }
}

/// The key of each feature's two tokens (``PairIndex/key(_:_:)``), 0 for a
/// feature that is not a pair: what a ``PairIndex`` is built from. Features
/// are added in id order, each after it is inserted into the vocabulary.
final class PairKeys {
  /// Feature id → the key of its tokens, 0 when it is not a pair (or not
  /// resolved yet); written up to the last pair added, 0 after it, so that
  /// a vocabulary without pairs costs nothing.
  fileprivate private(set) var keys: UnsafeMutablePointer<UInt64>
  /// The number of entries of `keys` written.
  fileprivate private(set) var written = 0
  private var capacity: Int
  /// The number of features added.
  private(set) var count = 0
  /// The number of pairs among them.
  private(set) var pairCount = 0
  /// The pairs with a token that was not in the vocabulary when they were
  /// added, in id order: it may come later, or only inside pairs.
  private(set) var unresolved: [Int] = []

  /// Creates an empty table with room for about `capacity` features.
  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    keys = .allocate(capacity: self.capacity)
  }

  deinit {
    keys.deallocate()
  }

  /// Keys restored by ``init(from:)``.
  private init(keys: UnsafeMutablePointer<UInt64>, written: Int, count: Int, pairCount: Int) {
    self.keys = keys
    self.written = written
    capacity = max(written, 1)
    self.count = count
    self.pairCount = pairCount
  }

  /// Adds the next feature, already in the vocabulary that `vocabulary`
  /// views, and the key of its tokens when it is a pair.
  ///
  /// - Complexity: O(*k*) in the feature's length, amortized.
  @inline(__always)
  func add(_ feature: UnsafeBufferPointer<UInt8>, in vocabulary: VocabularyView) {
    let id = count
    count += 1
    guard let split = Self.onlySpace(in: feature) else { return }
    pairCount += 1
    var key: UInt64 = 0
    if let first = vocabulary.id(of: feature.extracting(..<split)),
      let second = vocabulary.id(of: feature.extracting((split + 1)...))
    {
      key = PairIndex.key(first, second)
    } else {
      unresolved.append(id)
    }
    if id >= capacity {
      var bigger = capacity * 2
      while id >= bigger { bigger *= 2 }
      let old = keys
      keys = .allocate(capacity: bigger)
      keys.moveInitialize(from: old, count: written)
      old.deallocate()
      capacity = bigger
    }
    (keys + written).initialize(repeating: 0, count: id - written)
    (keys + id).initialize(to: key)
    written = id + 1
  }

  /// Whether the feature with id `id` is a pair; once ``unresolved`` are
  /// resolved.
  fileprivate func isPair(_ id: Int) -> Bool {
    id < written && keys[id] != 0
  }

  /// Sets the key of the pair with id `id`, one of ``unresolved``.
  fileprivate func resolve(_ id: Int, key: UInt64) {
    keys[id] = key
  }

  /// Where the one space of `feature` is, when it has exactly one and
  /// text on both sides of it.
  @inline(__always)
  static func onlySpace(in feature: UnsafeBufferPointer<UInt8>) -> Int? {
    var found: Int?
    for index in 0..<feature.count where feature[index] == UInt8(ascii: " ") {
      if found != nil { return nil }
      found = index
    }
    guard let found, found > 0, found < feature.count - 1 else { return nil }
    return found
  }
}

/// Where a model's ``PairIndex`` comes from, when it counts pairs.
enum PairSource {
  /// Built from the vocabulary alone.
  case vocabulary
  /// Built from the keys gathered as the vocabulary was filled.
  case keys(PairKeys)
}
