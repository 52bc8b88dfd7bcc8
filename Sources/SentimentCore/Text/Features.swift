/// Turns a text into the features a model counts: the tokenizer's tokens and,
/// when asked for, each pair of neighbouring tokens (`"not good"`).
///
/// - Complexity: O(*n*) in the text's length; no allocation per token.
package struct Featurizer: Sendable {
  /// The tokenizer that makes the unigrams.
  package let tokenizer: Tokenizer
  /// Whether pairs of neighbouring tokens are features too.
  package let bigrams: Bool

  /// Creates a featurizer.
  package init(tokenizer: Tokenizer, bigrams: Bool) {
    self.tokenizer = tokenizer
    self.bigrams = bigrams
  }

  /// Calls `body` with the bytes of each feature of `text` (UTF-8, possibly
  /// invalid): every token, and after each token but the first, the
  /// previous token, a space and it. The span is valid during the call only.
  ///
  /// - Complexity: O(*n*) in the length of `text`, no allocation.
  package func forEachFeature(in text: Span<UInt8>, _ body: (Span<UInt8>) -> Void) {
    guard bigrams else {
      tokenizer.forEachToken(in: text, body)
      return
    }
    // The previous token, a space and the current one (each token is at
    // most `scratchCapacity` bytes).
    var pair = InlineArray<257, UInt8>(repeating: 0)
    var previous = 0
    tokenizer.forEachToken(in: text) { token in
      body(token)
      let length = min(token.count, Tokenizer.scratchCapacity)
      if previous > 0 {
        pair[previous] = UInt8(ascii: " ")
        for index in 0..<length { pair[previous + 1 + index] = token[index] }
        body(pair.span.extracting(0..<(previous + 1 + length)))
      }
      for index in 0..<length { pair[index] = token[index] }
      previous = length
    }
  }

  /// The features of `text` as strings, for tests and `explain`.
  package func features(in text: String) -> [String] {
    var result: [String] = []
    var text = text
    text.withUTF8 { bytes in
      forEachFeature(in: bytes.span) { feature in
        result.append(String(decodingUTF8: feature))
      }
    }
    return result
  }
}
