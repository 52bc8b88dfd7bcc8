// libFuzzer target: the tokenizer, the featurizer with bigrams, and
// `HTMLEntities`.
//
// The first byte switches tokenizer steps off (one bit each), so every
// combination is reached. Every token must be valid UTF-8, non-empty, and no
// longer than the scratch room: 64 bytes for a word, an emoji sequence up to
// 120, plus the negation prefix.

private let steps = [
  "urls", "mentions", "hashtags", "emoticons", "emoji", "squeeze_repeats", "punctuation",
  "lowercase", "negation", "numbers", "drop_short_words",
]

/// The settings and the text of a tokenizer target's input: the first two
/// bytes switch steps off, one bit each; the rest is the text.
func tokenizerInput(
  _ data: UnsafePointer<UInt8>, _ size: Int
) -> (settings: TokenizerSettings, text: UnsafeBufferPointer<UInt8>) {
  let all = UnsafeBufferPointer(start: data, count: size)
  var settings = TokenizerSettings()
  if let first = all.first, size > 1 {
    let mask = Int(first) | (size > 2 ? Int(all[1]) << 8 : 0)
    for (bit, step) in steps.enumerated() where mask & (1 << bit) != 0 {
      _ = settings.set(step, to: false)
    }
  }
  return (settings, UnsafeBufferPointer(rebasing: all[min(2, size)...]))
}

public func fuzzTokenizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let (settings, text) = tokenizerInput(data, size)
  let tokenizer = Tokenizer(settings: settings)
  let longest = Tokenizer.scratchCapacity - 8 + Tokenizer.negationPrefix.utf8.count
  var count = 0
  tokenizer.forEachPaddedToken(in: text.span) { token in
    count += 1
    if token.isEmpty { fatalError("an empty token") }
    if token.count > longest { fatalError("a token of \(token.count) bytes") }
    if !isValidUTF8(token) { fatalError("a token that is not UTF-8: \(Array(token))") }
  }
  if count > text.count { fatalError("\(count) tokens from \(text.count) bytes") }
  var features = 0
  Featurizer(tokenizer: tokenizer, bigrams: true).forEachFeature(in: text.span) { feature in
    let feature = feature.withUnsafeBytes { Array($0) }
    features += 1
    if feature.isEmpty { fatalError("an empty feature") }
    if !isValidUTF8(feature) { fatalError("a feature that is not UTF-8: \(Array(feature))") }
  }
  if features != (count == 0 ? 0 : 2 * count - 1) {
    fatalError("\(features) features from \(count) tokens")
  }
  var decoded: [UInt8] = []
  HTMLEntities.decode(Array(text)[...], into: &decoded)
  if decoded.count > text.count + 3 { fatalError("decoding grew the text") }
  if isValidUTF8(text) {
    if !isValidUTF8(decoded) { fatalError("decoding made valid UTF-8 invalid: \(Array(text))") }
  }
  _ = HTMLEntities.decode(String(decoding: text, as: UTF8.self))
  return 0
}
