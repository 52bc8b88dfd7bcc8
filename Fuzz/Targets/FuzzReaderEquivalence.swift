// libFuzzer target: the lexicon reader's fast path
// (`LexiconReaderFastPath.swift`) against the plain `LexiconReader`, which
// states the same rules plainly. The input is the text, any bytes, valid
// UTF-8 or not; any difference in the scores, bit for bit, is a crash.

public func fuzzReaderEquivalence(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = Array(UnsafeBufferPointer(start: data, count: size))
  let plain = LexiconReader.shared.read(String(decodingUTF8: text.span))
  let fast = FastLexiconReader.shared.read(text.span)
  let bits = { (scores: ReaderScores) in
    [
      scores.compound.bitPattern, scores.positive.bitPattern, scores.negative.bitPattern,
      scores.positiveSum.bitPattern, scores.negativeSum.bitPattern, UInt64(scores.exclamations),
    ]
  }
  if bits(plain) != bits(fast) {
    fatalError("fast and plain readers differ on \(text):\nfast:  \(fast)\nplain: \(plain)")
  }
  return 0
}
