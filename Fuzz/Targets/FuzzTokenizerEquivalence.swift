// libFuzzer target: the tokenizer's fast path (`TokenizerFastPath.swift`)
// against `ReferenceTokenizer`, which states the same rules plainly. Any
// difference in the tokens, byte for byte, is a crash.
//
// As in `FuzzTokenizer.swift` (`tokenizerInput`), the first two bytes switch
// tokenizer steps off (one bit each), so every combination is reached; the
// rest is the text, any bytes, valid UTF-8 or not.

public func fuzzTokenizerEquivalence(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let (settings, text) = tokenizerInput(data, size)
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
