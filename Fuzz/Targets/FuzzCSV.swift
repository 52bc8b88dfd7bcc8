// libFuzzer target: the CSV reader and TrainingData on arbitrary bytes.
//
// The same bytes are read with one big block and with tiny reads and a tiny
// window, and must give the same records or the same error: records split
// across reads are where a streaming parser goes wrong.

/// The records of `bytes` (fields as byte arrays) or the error.
private func records(_ bytes: [UInt8], sourceBlock: Int, windowBlock: Int) -> (
  [[[UInt8]]], String?
) {
  var reader = CSVReader(
    source: MemorySource(bytes, blockSize: sourceBlock), blockSize: windowBlock)
  var result: [[[UInt8]]] = []
  do {
    try reader.forEachRecord { record in
      result.append((0..<record.count).map { Array(record[$0]) })
      if record.line < 1 { fatalError("line \(record.line) < 1") }
    }
  } catch {
    return (result, "\(error)")
  }
  return (result, nil)
}

public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let whole = records(bytes, sourceBlock: .max, windowBlock: 1 << 20)
  let split = Int(bytes.first ?? 1) % 13 + 1
  let pieces = records(bytes, sourceBlock: split, windowBlock: 16)
  if whole.0 != pieces.0 || whole.1 != pieces.1 {
    fatalError("CSV differs with reads of \(split) bytes: \(whole) vs \(pieces)")
  }

  // TrainingData: labels, layout, UTF-8 and HTML entities; then features.
  let featurizer = Featurizer(tokenizer: Tokenizer(), bigrams: true)
  for columns in [
    TrainingDataColumns(), TrainingDataColumns(text: "b", label: "a"),
  ] {
    var trainer = NaiveBayesTrainer(
      tokenizer: TokenizerSettings(), options: NaiveBayesOptions())
    do {
      try TrainingData.read(MemorySource(bytes, blockSize: split), columns: columns) {
        label, text in
        if !isValidUTF8(text) { fatalError("TrainingData passed invalid UTF-8 on") }
        featurizer.forEachFeature(in: text.span) { _ in }
        trainer.add(text.span, as: label)
      }
      var classifier = Classifier(model: trainer.model())
      _ = classifier.predict("good")
    } catch {
      _ = "\(error)"
      _ = (error as? TrainingDataError)?.errorDescription
    }
  }
  return 0
}
