// libFuzzer target: `ModelMerge.merge` on pairs of valid models.
//
// The input describes two tiny CSV files (rows of a label and a few words
// from a small list, or raw bytes) and the options of each model, which
// sometimes differ. Both go through `TrainingData.read`, the trainer and a
// model file round trip, as `train` and `merge` do. Models with the same
// options must merge into the sums of their counts (documents and every
// feature of both); models with other options must fail with a
// `ModelMergeError` that names the setting. Nothing may trap.

private let mergeWords = [
  "good", "bad", "not", "happy", "sad", ":)", ":(", "#great", "@someone", "love", "hate",
  "http://t.co/x", "the", "a", "!!!", "🙂", "&amp;", "ok",
]
private let mergeLabels = ["positive", "negative", "neutral", "pos", "neg", "irrelevant"]

/// Reads the input a byte at a time; zeros once it is used up.
private struct MergeInput {
  let bytes: [UInt8]
  var at = 0
  mutating func next() -> Int {
    defer { at += 1 }
    return at < bytes.count ? Int(bytes[at]) : 0
  }
}

/// A CSV file of `class,text` rows described by the input.
private func mergeCSV(_ input: inout MergeInput) -> [UInt8] {
  var csv = Array("class,text\n".utf8)
  let rows = input.next() % 9
  for _ in 0..<rows {
    csv += Array(mergeLabels[input.next() % mergeLabels.count].utf8) + [UInt8(ascii: ",")]
    let kind = input.next()
    if kind % 8 == 0 {
      // Raw bytes: quotes, commas, line breaks and invalid UTF-8 included.
      for _ in 0..<(kind / 8 % 12) { csv.append(UInt8(input.next())) }
    } else {
      let words = (0..<(kind % 6)).map { _ in mergeWords[input.next() % mergeWords.count] }
      csv += Array(("\"" + words.joined(separator: " ") + "\"").utf8)
    }
    csv.append(UInt8(ascii: "\n"))
  }
  return csv
}

/// Options from one byte: most bits clear give the defaults.
private func mergeOptions(_ byte: Int) -> NaiveBayesOptions {
  NaiveBayesOptions(
    alpha: byte & 1 == 0 ? 0.6 : 1, binarized: byte & 2 == 0, complement: byte & 4 != 0,
    priors: byte & 8 == 0 ? .uniform : .data, bigrams: byte & 16 == 0,
    minCount: byte & 32 == 0 ? 1 : 2, lexiconWeight: byte & 64 == 0 ? 0 : 1000,
    smoothing: byte & 128 == 0 ? .additive : .background)
}

/// A model trained on `csv` and written to and read from a model file, or
/// `nil` when the CSV is rejected (as `train` would reject it).
private func mergeModel(_ csv: [UInt8], _ options: NaiveBayesOptions) -> NaiveBayesModel? {
  var trainer = NaiveBayesTrainer(tokenizer: TokenizerSettings(), options: options)
  do {
    _ = try TrainingData.read(MemorySource(csv, blockSize: 7)) { label, text in
      trainer.add(text.span, as: label)
    }
  } catch {
    return nil
  }
  do {
    return try ModelFile.decode(ModelFile.encode(trainer.model()))
  } catch {
    fatalError("a trained model does not load: \(error)")
  }
}

/// How often `token` occurs in class `label` of `model`; 0 when unknown.
private func mergeCount(_ model: NaiveBayesModel, _ token: String, _ label: Sentiment) -> Int {
  guard let id = model.vocabulary.id(of: token) else { return 0 }
  return model.count(ofFeature: id, label: label)
}

public func fuzzModelMerge(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = MergeInput(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  let firstOptions = mergeOptions(input.next() & 0x7f)
  // Usually the same options; else one setting or more differ.
  let change = input.next()
  let secondOptions = change < 192 ? firstOptions : mergeOptions((change * 37) & 0x7f)
  let csvA = mergeCSV(&input)
  let csvB = mergeCSV(&input)
  guard let a = mergeModel(csvA, firstOptions), let b = mergeModel(csvB, secondOptions) else {
    return 0
  }
  let merged: NaiveBayesModel
  do {
    merged = try ModelMerge.merge([a, b])
  } catch {
    if error.errorDescription?.isEmpty ?? true { fatalError("a merge error without a message") }
    switch error {
    case .differs(let setting, _, _, let model):
      if firstOptions == secondOptions { fatalError("same options, yet \(setting) differs") }
      if model != 2 { fatalError("the differing model is \(model), not 2") }
    case .cutCounts:
      if firstOptions.minCount == 1 { fatalError("cutCounts with --min-count 1") }
    case .tooFew, .tooLarge:
      fatalError("unexpected merge error: \(error)")
    }
    return 0
  }
  if firstOptions != secondOptions { fatalError("models with other options merged") }
  for c in 0..<Sentiment.count where merged.documents[c] != a.documents[c] + b.documents[c] {
    fatalError("documents \(merged.documents) != \(a.documents) + \(b.documents)")
  }
  for model in [a, b] {
    for id in 0..<model.vocabulary.count {
      let token = model.vocabulary.token(at: id)
      for label in Sentiment.allCases {
        let sum = mergeCount(a, token, label) + mergeCount(b, token, label)
        if mergeCount(merged, token, label) != sum {
          fatalError("\(token) in \(label): \(mergeCount(merged, token, label)) != \(sum)")
        }
      }
    }
  }
  if merged.vocabulary.count > a.vocabulary.count + b.vocabulary.count {
    fatalError("the merge has more features than its parts")
  }
  do {
    _ = try ModelFile.decode(ModelFile.encode(merged))
  } catch {
    fatalError("a merged model does not load: \(error)")
  }
  return 0
}
