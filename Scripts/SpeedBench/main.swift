import Foundation

// Each fast path of Sources/SentimentCore/Speed against a plain Swift version of its rule, in one
// run (Scripts/speed-bench.sh builds and runs it). Usage: speed-bench MODEL.json CORPUS.txt ROUNDS
let arguments = CommandLine.arguments
let modelBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
let corpus = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[2])))
let rounds = Int(arguments[3]) ?? 3
var lines: [ArraySlice<UInt8>] = corpus.split(separator: 10, omittingEmptySubsequences: true)

/// Thread CPU time: steadier than wall time on a machine doing other work.
func cpuSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func time(_ label: String, _ body: () throws -> Int) rethrows -> Double {
  let start = cpuSeconds()
  let check = try body()
  let seconds = cpuSeconds() - start
  print(label, String(format: "%.3f", seconds), "check", check)
  return seconds
}

var results: [String: [Double]] = [:]
func record(_ label: String, _ body: () throws -> Int) rethrows {
  results[label, default: []].append(try time(label, body))
}

let model = try modelBytes.withUnsafeBufferPointer {
  try ModelFile.decode($0.span, verifyingChecksum: false)
}
let vocabulary = model.vocabulary
var plainVocabulary: [String: Int] = [:]
plainVocabulary.reserveCapacity(vocabulary.count)
for id in 0..<vocabulary.count { plainVocabulary[vocabulary.token(at: id)] = id }
let tokenizer = Tokenizer(settings: model.tokenizer)
let countTable = model.counts

// The plain tokenizer must give the fast path's tokens before it is timed against it.
var plainTokenizer = PlainTokenizer(settings: model.tokenizer)
var disagreements = 0
for line in lines {
  var fast: [[UInt8]] = []
  var plain: [[UInt8]] = []
  line.withUnsafeBufferPointer { buffer in
    tokenizer.forEachToken(in: buffer.span) { token in
      fast.append((0..<token.count).map { token[$0] })
    }
    plainTokenizer.forEachToken(in: buffer) { token in
      plain.append((0..<token.count).map { token[$0] })
    }
  }
  if fast != plain {
    disagreements += 1
    if disagreements <= 3 {
      print("tokenizers disagree on:", String(decoding: line, as: UTF8.self))
    }
  }
}
print("plain tokenizer: \(disagreements) of \(lines.count) texts tokenized differently")

// The built-in model (Naive Bayes with the reader and its calibration), for the reader's and the
// calibration's timings.
let builtIn = try DefaultModel.load()
var calibrationInputs: [(PerClass<Double>, ReaderScores)] = []

for _ in 0..<rounds {
  // 1. The model reader: one pass into the tables, against a JSON tree read member by member.
  try record("reader-fast") {
    try modelBytes.withUnsafeBufferPointer {
      try ModelFile.decode($0.span, verifyingChecksum: false).vocabulary.count
    }
  }
  try record("reader-plain") { try ReferenceModelDecoder.decode(modelBytes).vocabulary.count }

  // 1b. The model's distinct rows of counts (built on every load and after training): open
  // addressing with unchecked subscripts, against a dictionary of rows (ReferenceCountRows).
  record("count-rows-fast") { CountRows(table: countTable).counts.count }
  record("count-rows-plain") { ReferenceCountRows(table: countTable).counts.count }

  // 2. token -> id: the byte arena and open addressing, against [String: Int].
  record("vocabulary-fast") {
    var found = 0
    for line in lines {
      line.withUnsafeBufferPointer { buffer in
        tokenizer.forEachToken(in: buffer.span) { token in
          if let id = vocabulary.id(of: token) { found &+= id }
        }
      }
    }
    return found
  }
  record("vocabulary-plain") {
    var found = 0
    for line in lines {
      line.withUnsafeBufferPointer { buffer in
        tokenizer.forEachToken(in: buffer.span) { token in
          let text = token.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
          if let id = plainVocabulary[text] { found &+= id }
        }
      }
    }
    return found
  }

  // 2b. lookups alone, over tokens gathered first.
  var flat: [UInt8] = []
  var bounds: [Range<Int>] = []
  for line in lines {
    line.withUnsafeBufferPointer { buffer in
      tokenizer.forEachToken(in: buffer.span) { token in
        let start = flat.count
        for index in token.indices { flat.append(token[index]) }
        bounds.append(start..<flat.count)
      }
    }
  }
  flat.append(contentsOf: [UInt8](repeating: 0, count: 16))
  record("lookup-fast") {
    var found = 0
    flat.withUnsafeBufferPointer { all in
      for range in bounds {
        if let id = vocabulary.id(of: all.span.extracting(range)) { found &+= id }
      }
    }
    return found
  }
  record("lookup-fast-padded") {
    var found = 0
    let view = vocabulary.view
    flat.withUnsafeBufferPointer { all in
      for range in bounds {
        if let id = view.id(ofPadded: UnsafeBufferPointer(rebasing: all[range])) { found &+= id }
      }
    }
    return found
  }
  record("lookup-plain") {
    var found = 0
    flat.withUnsafeBufferPointer { all in
      for range in bounds {
        let text = String(decoding: UnsafeBufferPointer(rebasing: all[range]), as: UTF8.self)
        if let id = plainVocabulary[text] { found &+= id }
      }
    }
    return found
  }

  // 3. the trainer's counts per feature (tokens and pairs by ids), against dictionaries.
  var ids: [UInt32] = []
  var labels: [Int] = []
  var ends: [Int] = []
  for (index, line) in lines.enumerated() {
    line.withUnsafeBufferPointer { buffer in
      tokenizer.forEachToken(in: buffer.span) { token in
        ids.append(UInt32(vocabulary.id(of: token) ?? 0))
      }
    }
    ends.append(ids.count)
    labels.append(index % 3)
  }
  record("feature-table-fast") {
    let table = FeatureTable()
    var start = 0
    for (text, end) in ends.enumerated() {
      for index in start..<end {
        table.increment(table.feature(ofToken: ids[index]), label: labels[text])
        if index > start {
          table.increment(
            table.insertPair(first: ids[index - 1], second: ids[index]), label: labels[text])
        }
      }
      start = end
    }
    return table.count
  }
  record("feature-table-plain") {
    var features: [UInt64: Int] = [:]
    var counts: [UInt32] = []
    func feature(_ key: UInt64) -> Int {
      if let id = features[key] { return id }
      let id = features.count
      features[key] = id
      counts.append(contentsOf: [0, 0, 0])
      return id
    }
    var start = 0
    for (text, end) in ends.enumerated() {
      for index in start..<end {
        counts[feature(UInt64(ids[index]) << 32 | 0xFFFF_FFFF) * 3 + labels[text]] += 1
        if index > start {
          counts[feature(UInt64(ids[index - 1]) << 32 | UInt64(ids[index])) * 3 + labels[text]] += 1
        }
      }
      start = end
    }
    return features.count
  }

  // 5. the trainer: 128 token ids at a time with their pairs' hashes prefetched, against one
  // token at a time.
  record("trainer-fast") {
    var trainer = NaiveBayesTrainer()
    for (index, line) in lines.enumerated() {
      line.withUnsafeBufferPointer { trainer.add(span: $0.span, as: Sentiment.allCases[index % 3]) }
    }
    return trainer.table.count
  }
  record("trainer-plain") {
    var trainer = NaiveBayesTrainer()
    for (index, line) in lines.enumerated() {
      line.withUnsafeBufferPointer {
        trainer.plainAdd(span: $0.span, as: Sentiment.allCases[index % 3])
      }
    }
    return trainer.table.count
  }

  // 6. the classifier: tokens and pairs looked up as scanned (pair index, stamped weight rows),
  // against the featurizer's features looked up by their text, seen once per text.
  record("classifier-fast") {
    var classifier = Classifier(model: model)
    var sum = 0.0
    for line in lines {
      line.withUnsafeBufferPointer { sum += classifier.scores(of: $0.span).negative }
    }
    return Int(sum)
  }
  record("classifier-plain") {
    var classifier = PlainClassifier(model: model)
    var sum = 0.0
    for line in lines {
      line.withUnsafeBufferPointer { sum += classifier.scores(of: $0.span).0 }
    }
    return Int(sum)
  }

  // 7. the lexicon reader: the fast path over bytes, against the plain reader over a String; and
  // the calibration that weighs Naive Bayes's scores and the reading into probabilities.
  record("lexicon-reader-fast") {
    var sum = 0.0
    for line in lines {
      line.withUnsafeBufferPointer { sum += FastLexiconReader.shared.read($0.span).compound }
    }
    return Int(sum)
  }
  record("lexicon-reader-plain") {
    var sum = 0.0
    for line in lines {
      line.withUnsafeBufferPointer {
        sum += LexiconReader.shared.read(String(decodingUTF8: $0.span)).compound
      }
    }
    return Int(sum)
  }
  if calibrationInputs.isEmpty {
    var classifier = Classifier(model: builtIn)
    for line in lines {
      line.withUnsafeBufferPointer {
        calibrationInputs.append(
          (classifier.scores(of: $0.span), FastLexiconReader.shared.read($0.span)))
      }
    }
  }
  record("calibration") {
    var sum = 0.0
    for (scores, reading) in calibrationInputs {
      sum += builtIn.prediction(scores: scores, reading: reading).confidence
    }
    return Int(sum)
  }

  // 4. the tokenizer: the fast path, against the reference statement of its rules.
  record("tokenizer-fast") {
    var tokens = 0
    for line in lines.prefix(100_000) {
      line.withUnsafeBufferPointer { buffer in
        tokenizer.forEachToken(in: buffer.span) { _ in tokens &+= 1 }
      }
    }
    return tokens
  }
  record("tokenizer-plain") {
    var tokens = 0
    for line in lines.prefix(100_000) {
      line.withUnsafeBufferPointer { buffer in
        plainTokenizer.forEachToken(in: buffer) { _ in tokens &+= 1 }
      }
    }
    return tokens
  }
  record("tokenizer-reference") {
    var tokens = 0
    for line in lines.prefix(100_000) {
      tokens &+= tokenizer.referenceTokens(in: String(decoding: line, as: UTF8.self)).count
    }
    return tokens
  }
}
print("---- best of \(rounds), thread CPU seconds")
for (label, values) in results.sorted(by: { $0.key < $1.key }) {
  print(label, String(format: "%.3f", values.min() ?? 0))
}
print("---- µs a post (best of \(rounds)), \(lines.count) posts")
for (label, name, posts) in [
  ("tokenizer (fast path)", "tokenizer-fast", min(lines.count, 100_000)),
  ("Naive Bayes (tokens, look-ups, weights)", "classifier-fast", lines.count),
  ("lexicon reader, plain", "lexicon-reader-plain", lines.count),
  ("lexicon reader, fast", "lexicon-reader-fast", lines.count),
  ("calibration", "calibration", lines.count),
] {
  let seconds = results[name]?.min() ?? 0
  print(label.padding(toLength: 42, withPad: " ", startingAt: 0), String(format: "%.3f", seconds * 1e6 / Double(max(posts, 1))))
}

extension NaiveBayesTrainer {
  /// What `add(span:as:)` counts, one token at a time.
  mutating func plainAdd(span: Span<UInt8>, as label: Sentiment) {
    let offset = label.rawValue
    documents[offset] += 1
    document += 1
    let current = options.binarized ? document : 0
    let table = self.table
    let bigrams = options.bigrams
    let inserter = tokens.paddedInserter()
    var previous: UInt32? = nil
    func count(_ feature: Int) {
      if current > 0 && table.markSeen(feature, in: current) { return }
      table.increment(feature, label: offset)
    }
    scanner.forEachPaddedToken(in: span) { token in
      let id = UInt32(truncatingIfNeeded: inserter.insert(token))
      count(table.feature(ofToken: id))
      if bigrams, let before = previous { count(table.insertPair(first: before, second: id)) }
      previous = id
    }
  }
}

/// The classifier's rule in plain Swift: each feature of the featurizer looked up by its text.
struct PlainClassifier {
  let model: NaiveBayesModel
  let featurizer: Featurizer
  var seen: [UInt32]
  var text: UInt32 = 0

  init(model: NaiveBayesModel) {
    self.model = model
    featurizer = Featurizer(
      tokenizer: Tokenizer(settings: model.tokenizer), bigrams: model.options.bigrams)
    seen = [UInt32](repeating: 0, count: model.weightRow.count)
  }

  mutating func scores(of span: Span<UInt8>) -> (Double, Double, Double) {
    text += 1
    let stamp = model.options.binarized ? text : 0
    var scores = (model.logPriors[0], model.logPriors[1], model.logPriors[2])
    let vocabulary = model.vocabulary
    let weightRow = model.weightRow
    let weights = model.weightRows
    featurizer.forEachFeature(in: span) { feature in
      guard let id = vocabulary.id(of: feature) else { return }
      if stamp != 0 {
        if seen[id] == stamp { return }
        seen[id] = stamp
      }
      let base = Int(weightRow[id]) &* Sentiment.count
      scores.0 += weights[base]
      scores.1 += weights[base &+ 1]
      scores.2 += weights[base &+ 2]
    }
    return scores
  }
}
