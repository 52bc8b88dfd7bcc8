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
/// with linear probing and is kept at most three quarters full
/// (`VocabularyFastPath.swift`).
package struct Vocabulary: Sendable {
  /// The memory, shared by copies until one of them changes.
  var storage: VocabularyStorage

  /// Creates an empty vocabulary with room for about `capacity` tokens of
  /// `tokenBytes` bytes in all (by default 8 bytes per token) before it
  /// grows.
  ///
  /// Room that is reserved but never filled costs address space, not memory:
  /// a reader that knows an upper bound can pass it.
  package init(capacity: Int = 1024, tokenBytes: Int? = nil) {
    storage = VocabularyStorage(capacity: capacity, tokenBytes: tokenBytes)
  }

  /// The number of tokens.
  package var count: Int { storage.count }

  /// The id of `token`, or `nil` when it is not in the vocabulary.
  ///
  /// - Complexity: O(*k*) in the token's length, on average.
  package func id(of token: Span<UInt8>) -> Int? {
    id(ofSpan: token)
  }

  /// The id of `token`, inserting it with the next id if it is new.
  ///
  /// - Complexity: O(*k*) in the token's length, amortized.
  @discardableResult
  package mutating func insert(_ token: Span<UInt8>) -> Int {
    insert(span: token)
  }

  /// The id of `token`, or `nil` when it is not in the vocabulary.
  package func id(of token: String) -> Int? {
    var token = token
    return token.withUTF8 { id(ofSpan: $0.span) }
  }

  /// The id of `token`, inserting it if it is new.
  @discardableResult
  package mutating func insert(_ token: String) -> Int {
    var token = token
    return token.withUTF8 { insert(buffer: $0) }
  }

  /// The token with the given id, as a string.
  package func token(at id: Int) -> String {
    precondition(id >= 0 && id < count, "token id out of range")
    return String(decoding: storage.view.token(at: id), as: UTF8.self)
  }

  /// Calls `body` with the bytes of the token with the given id.
  package func withToken<Result>(
    at id: Int, _ body: (Span<UInt8>) throws -> Result
  ) rethrows -> Result {
    precondition(id >= 0 && id < count, "token id out of range")
    return try body(storage.view.token(at: id).span)
  }

  /// Gives this vocabulary storage of its own, to be changed.
  @inline(__always)
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = storage.copy()
    }
  }

  /// A non-owning view for lookups in hot loops; valid while this
  /// vocabulary is alive and not mutated.
  var view: VocabularyView { storage.view }
}
