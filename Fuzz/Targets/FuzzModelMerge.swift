// libFuzzer target: `ModelMerge.merge` on pairs of valid models.
//
// The input describes two models and the options of each, which sometimes
// differ. Each model is either trained (`NaiveBayesTrainer.add` on 1 to 8
// texts of a few words from a small list, with a lexicon of 3 words when
// the options weigh one in) or built directly from counts: up to 12
// features (words, and the word pairs that a model with bigrams lists),
// documents and counts of any size up to the 9e15 that a model file holds
// (counts near it make sums overflow it), within a class's documents when
// binarized, and sometimes a calibration (any folds). Both are valid
// models, as a model file that loads gives them; they are not written to
// files and read back (that was most of the time per input, and the `model`
// target covers files), but the merge is.
//
// Models with the same options must merge into the sums of their counts
// (documents and every feature of both), or fail with `tooLarge` exactly
// when a sum exceeds 9e15; other options or calibration folds fail with a
// `differs` that names the setting and model 2; `--min-count` above 1 with
// `cutCounts`. A merged model encodes, and the file loads with the same
// counts. Nothing may trap.

private let mergeWords = [
  "good", "bad", "not", "happy", "sad", ":)", ":(", "#great", "@someone", "love", "hate",
  "http://t.co/x", "the", "a", "!!!", "🙂", "&amp;", "ok",
]
private let mergeLabels = Sentiment.allCases

/// Reads the input a byte at a time; zeros once it is used up.
private struct MergeInput {
  var source: FuzzBytes
  mutating func next() -> Int { source.byte() }

  /// A count up to the 9e15 a model file holds: mostly small, sometimes
  /// near the limit.
  mutating func count() -> Int {
    let selector = next()
    switch selector % 8 {
    case 0: return ModelMerge.countLimit - next()
    case 1: return ModelMerge.countLimit / 2 + next()
    case 2: return next() << 32 | next() << 24 | next() << 16 | next()
    default: return selector / 8
    }
  }
}

/// Options from one byte: most bits clear give the defaults.
private func mergeOptions(_ byte: Int) -> NaiveBayesOptions {
  NaiveBayesOptions(
    alpha: byte & 1 == 0 ? 0.6 : 1, binarized: byte & 2 == 0, complement: byte & 4 != 0,
    priors: byte & 8 == 0 ? .uniform : .data, bigrams: byte & 16 == 0,
    minCount: byte & 32 == 0 ? 1 : 2, lexiconWeight: byte & 64 == 0 ? 0 : 1000,
    smoothing: byte & 128 == 0 ? .additive : .background)
}

/// The lexicons of the models: the usual one, or (rarely) another.
private let mergeLexicons: [Lexicon] = [
  [("good", Sentiment.positive), ("bad", .negative), ("love", .positive)],
  [("good", Sentiment.positive), ("hate", .negative)],
].compactMap { try? Lexicon(entries: $0) }

/// A model trained on up to 8 texts.
private func trainedModel(
  _ input: inout MergeInput, _ options: NaiveBayesOptions, _ lexicon: Lexicon
) -> NaiveBayesModel {
  var trainer = NaiveBayesTrainer(
    tokenizer: TokenizerSettings(), options: options, lexicon: lexicon)
  // At least one text: a model file holds at least one document.
  for _ in 0..<(input.next() % 8 + 1) {
    let label = mergeLabels[input.next() % 3]
    let words = (0..<(input.next() % 6)).map { _ in mergeWords[input.next() % mergeWords.count] }
    trainer.add(Array(words.joined(separator: " ").utf8).span, as: label)
  }
  return trainer.model()
}

/// A model built from counts: the lexicon's words first, as a trainer lists
/// them, then words and (with bigrams) pairs of them.
private func builtModel(
  _ input: inout MergeInput, _ options: NaiveBayesOptions, _ lexicon: Lexicon
) -> NaiveBayesModel {
  let model = options.lexiconWeight > 0 ? lexicon : Lexicon()
  var documents = PerClass { _ in input.count() }
  if documents.sum == 0 { documents[Sentiment.allCases[input.next() % 3]] = 1 }
  var vocabulary = Vocabulary()
  var counts: [Int] = []
  func feature(_ token: String) {
    let before = vocabulary.count
    guard vocabulary.insert(token) == before else { return }
    for label in Sentiment.allCases {
      let count = input.count()
      counts.append(options.binarized ? min(count, documents[label]) : count)
    }
  }
  for entry in model.entries { feature(entry.word) }
  for _ in 0..<(input.next() % 13) {
    let word = mergeWords[input.next() % mergeWords.count]
    if options.bigrams && input.next() % 4 == 0 {
      let other = mergeWords[input.next() % mergeWords.count]
      feature(word + " " + other)
    } else {
      feature(word)
    }
  }
  var built = NaiveBayesModel(
    metadata: ModelMetadata(), provenance: Provenance(), tokenizer: TokenizerSettings(),
    options: options, lexicon: model, vocabulary: vocabulary, counts: counts,
    documents: documents)
  let calibration = input.next()
  if calibration % 4 == 0 {
    let confusion = PerClass { _ in PerClass { _ in input.next() } }
    built.heldOut = HeldOutFit(
      calibration: Calibration(
        temperature: Double(input.next() + 1) / 16,
        biases: PerClass { _ in Double(input.next() - 128) / 32 },
        readerWeights: options.reader
          ? PerClass { label in
            label == .neutral
              ? SIMD2(0, 0)
              : SIMD2(Double(input.next() - 128) / 64, Double(input.next() - 128) / 64)
          }
          : nil),
      confusion: confusion,
      meanProbabilities: PerClass { _ in PerClass(negative: 0.2, neutral: 0.3, positive: 0.5).shares
      },
      equalPriorMeans: PerClass { _ in PerClass(negative: 0.3, neutral: 0.3, positive: 0.4).shares
      },
      folds: calibration % 8 == 0 ? 5 : 2 + input.next() % 4,
      rows: confusion.map { $0.sum }.sum)
  }
  return built
}

/// How often `token` occurs in class `label` of `model`; 0 when unknown.
private func mergeCount(_ model: NaiveBayesModel, _ token: String, _ label: Sentiment) -> Int {
  guard let id = model.vocabulary.id(of: token) else { return 0 }
  return model.count(ofFeature: id, label: label)
}

public func fuzzModelMerge(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = MergeInput(source: FuzzBytes(data, count: size))
  let firstOptions = mergeOptions(input.next() & 0x7f)
  // Usually the same options; else one setting or more differ.
  let change = input.next()
  let secondOptions = change < 192 ? firstOptions : mergeOptions((change * 37) & 0x7f)
  let lexicons = input.next()
  let firstLexicon = mergeLexicons[0]
  let secondLexicon = mergeLexicons[lexicons < 240 ? 0 : 1]
  let kinds = input.next()
  let a =
    kinds & 1 == 0
    ? trainedModel(&input, firstOptions, firstLexicon)
    : builtModel(&input, firstOptions, firstLexicon)
  let b =
    kinds & 2 == 0
    ? trainedModel(&input, secondOptions, secondLexicon)
    : builtModel(&input, secondOptions, secondLexicon)
  // Said apart from `ModelMerge.firstDifference`: the options, the
  // lexicons and (when both are calibrated) the folds.
  let foldsDiffer = a.heldOut.map(\.folds).flatMap { x in b.heldOut.map { $0.folds != x } } ?? false
  let sameSettings = firstOptions == secondOptions && a.lexicon == b.lexicon && !foldsDiffer
  // The sums, or nil when one exceeds what a model file holds.
  var sums: PerClass<Int>? = a.documents.zip(b.documents, +)
  var tokens: [String] = []
  for model in [a, b] {
    for id in 0..<model.vocabulary.count { tokens.append(model.vocabulary.token(at: id)) }
  }
  let tooLarge =
    sums.map { sums in Sentiment.allCases.contains { sums[$0] > ModelMerge.countLimit } } == true
    || tokens.contains { token in
      Sentiment.allCases.contains {
        mergeCount(a, token, $0) + mergeCount(b, token, $0) > ModelMerge.countLimit
      }
    }
  if tooLarge { sums = nil }

  let merged: NaiveBayesModel
  do {
    merged = try ModelMerge.merge([a, b])
  } catch {
    if error.errorDescription?.isEmpty ?? true { fatalError("a merge error without a message") }
    switch error {
    case .differs(let setting, _, _, let model):
      if sameSettings { fatalError("the same settings, yet \(setting) differs") }
      if model != 2 { fatalError("the differing model is \(model), not 2") }
    case .cutCounts:
      if !sameSettings { fatalError("cutCounts before the settings that differ") }
      if firstOptions.minCount == 1 { fatalError("cutCounts with --min-count 1") }
    case .tooLarge(let what):
      if !sameSettings || firstOptions.minCount > 1 { fatalError("tooLarge before \(error)") }
      if !tooLarge { fatalError("too large, \(what), but every sum is within the limit") }
    case .tooFew, .unloadable:
      fatalError("unexpected merge error: \(error)")
    }
    return 0
  }
  if !sameSettings { fatalError("models with other settings merged") }
  if firstOptions.minCount > 1 { fatalError("models with --min-count above 1 merged") }
  guard let sums else { fatalError("a sum above the limit merged") }
  if merged.documents != sums {
    fatalError("documents \(merged.documents) != \(a.documents) + \(b.documents)")
  }
  for token in tokens {
    for label in Sentiment.allCases {
      let sum = mergeCount(a, token, label) + mergeCount(b, token, label)
      if mergeCount(merged, token, label) != sum {
        fatalError("\(token) in \(label): \(mergeCount(merged, token, label)) != \(sum)")
      }
    }
  }
  if merged.vocabulary.count > Set(tokens).count {
    fatalError("the merge has more features than its parts")
  }
  do {
    let loaded = try ModelFile.decode(ModelFile.encode(merged))
    if loaded.documents != merged.documents || loaded.counts != merged.counts
      || loaded.vocabulary.count != merged.vocabulary.count
    {
      fatalError("the merged model's file holds other counts")
    }
  } catch {
    fatalError("a merged model does not load: \(error)")
  }
  return 0
}
