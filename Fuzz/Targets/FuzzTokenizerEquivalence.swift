// libFuzzer target: the tokenizer's fast path (`TokenizerFastPath.swift`)
// against `ReferenceTokenizer`, which states the same rules plainly. Any
// difference in the tokens, byte for byte, is a crash.
//
// As in `FuzzTokenizer.swift`, the first two bytes switch tokenizer steps off
// (one bit each), so every combination is reached; the rest is the text,
// any bytes, valid UTF-8 or not.

private let steps = [
  "urls", "mentions", "hashtags", "emoticons", "emoji", "squeeze_repeats", "punctuation",
  "lowercase", "negation", "numbers", "drop_short_words",
]

public func fuzzTokenizerEquivalence(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let all = UnsafeBufferPointer(start: data, count: size)
  var settings = TokenizerSettings()
  if let first = all.first, size > 1 {
    let mask = Int(first) | (size > 2 ? Int(all[1]) << 8 : 0)
    for (bit, step) in steps.enumerated() where mask & (1 << bit) != 0 {
      _ = settings.set(step, to: false)
    }
  }
  let text = UnsafeBufferPointer(rebasing: all[min(2, size)...])
  let tokenizer = Tokenizer(settings: settings)
  var fast: [[UInt8]] = []
  tokenizer.forEachPaddedToken(in: text.span) { fast.append(Array($0)) }
  let reference = tokenizer.referenceTokens(inUTF8: Array(text))
  if fast != reference {
    let off = settings.fields.filter { !$0.value }.map(\.name)
    fatalError(
      "fast path and reference differ on \(Array(text)) with \(off) off:\n"
        + "fast:      \(fast)\nreference: \(reference)")
  }
  return 0
}
