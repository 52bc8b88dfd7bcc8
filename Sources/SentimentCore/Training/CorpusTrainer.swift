import Foundation

/// Trains a model from labeled CSV rows on `jobs` threads, and writes the
/// same model, byte for byte, for every `jobs`: the one trainer of a corpus.
///
/// With one job it counts on the calling thread into one
/// ``NaiveBayesTrainer`` and fits the sample's ``HeldOutFit`` after. With
/// more, the calling thread reads and parses the CSV (``TrainingData``, so a bad
/// row is reported with the same line and message as on one thread) and
/// hands the rows out in batches of about 1,000; `jobs` threads each count
/// the batches they take into a trainer of their own. Counts add up: the
/// other threads' features are added to the first thread's table by their
/// token ids (a pair is two ids, not a text to hash again). The order of
/// the features (their first occurrence in the data) is put back together
/// from the batches in input order: each thread notes which of its feature
/// ids each batch added, and the model lists them batch by batch. At most
/// `2 × jobs` batches wait, so memory does not grow with the input's rows;
/// each thread's table holds the features it saw (up to the model's size).
/// The sample's ``HeldOutFit`` is fitted while the counts are added up.
///
/// ```swift
/// var reader = CSVReader(source: MemorySource(csv))
/// var sample = HeldOutSample()
/// let (trainer, summary) = try CorpusTrainer.train(&reader, jobs: 2, sample: &sample)
/// ModelFile.encode(trainer) { bytes in … }   // the bytes NaiveBayesTrainer writes
/// ```
package struct CorpusTrainer {
  /// The tokenizer settings the model will store.
  package let tokenizer: TokenizerSettings
  /// The options the model will store.
  package let options: NaiveBayesOptions
  /// The lexicon the model will store, as ``NaiveBayesTrainer/lexicon``.
  package let lexicon: Lexicon
  /// Lexicon entries left out, as ``NaiveBayesTrainer/lexiconSkipped``.
  package var lexiconSkipped: Int { trainer.lexiconSkipped }
  /// The first thread's trainer, holding every thread's counts.
  let trainer: NaiveBayesTrainer
  /// Its feature ids in the order of the model file: first occurrence in
  /// the input, those below the minimum count left out; `nil` when that is
  /// the table's own order, every feature kept.
  let order: [UInt32]?
  /// The held-out fit of the sample, as ``HeldOutFit/fit(_:folds:seed:tokenizer:options:lexicon:jobs:)``
  /// gives it: computed while the threads' counts are added up.
  package let heldOut: HeldOutFit?

  init(trainer: NaiveBayesTrainer, order: [UInt32]?, heldOut: HeldOutFit?) {
    self.trainer = trainer
    self.order = order
    self.heldOut = heldOut
    tokenizer = trainer.tokenizer
    options = trainer.options
    lexicon = trainer.lexicon
  }

  /// The rows a batch holds at most.
  static let batchRows = 1024
  /// Rows longer than this (bytes) travel in an array of their own, shared
  /// with the sample, instead of being copied into the batch.
  static let largeRow = 1 << 16

  /// Rows handed to a counting thread: most in one array, long ones each in
  /// an array of their own (at their place, `rows` holds an empty text).
  struct Batch: Sendable {
    var rows = LabeledCorpus()
    var large: [(index: Int, text: [UInt8])] = []
  }

  /// Reads labeled rows from `reader` on the calling thread, offering each
  /// to `sample` in order, and counts them on `jobs` threads.
  ///
  /// - Throws: what ``TrainingData/read(_:columns:group:_:)`` throws, for
  ///   the first bad row.
  /// - Complexity: O(*n*) in the input, spread over `jobs` threads, plus
  ///   O(*V* × `jobs`) to merge the threads' features.
  package static func train<Source: ByteSource>(
    _ reader: inout CSVReader<Source>, columns: TrainingDataColumns = TrainingDataColumns(),
    jobs: Int, tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions(), lexicon: Lexicon = .builtIn,
    sample: inout HeldOutSample
  ) throws -> (CorpusTrainer, TrainingDataSummary) {
    let jobs = max(1, jobs)
    if jobs == 1 {
      var trainer = NaiveBayesTrainer(tokenizer: tokenizer, options: options, lexicon: lexicon)
      var group: String?
      let summary = try TrainingData.read(
        &reader, columns: columns, group: { group = $0 },
        { label, text in
          let text = text.span
          trainer.add(text, as: label)
          sample.add(text, as: label, group: group)
        })
      try sample.checkGroups(column: columns.group)
      let heldOut = HeldOutFit.fit(
        sample.corpus, tokenizer: tokenizer, options: options, lexicon: lexicon)
      let order = trainer.keptFeatures().kept
      return (CorpusTrainer(trainer: trainer, order: order, heldOut: heldOut), summary)
    }
    let queue = BoundedQueue<(index: Int, rows: Batch)>(capacity: 2 * jobs)
    let workers = (0..<jobs).map { _ in
      CountingWorker(
        NaiveBayesTrainer(tokenizer: tokenizer, options: options, lexicon: lexicon))
    }
    let done = workers.map { worker in
      startThread {
        while let batch = queue.pop() { worker.count(batch.rows, batch: batch.index) }
      }
    }
    var batch = Batch()
    var batches = 0
    let summary: TrainingDataSummary
    do {
      defer {
        queue.close()
        for thread in done { thread.wait() }
      }
      var group: String?
      summary = try TrainingData.read(
        &reader, columns: columns, group: { group = $0 },
        { label, text in
          if text.count > largeRow {
            // One copy, shared by the batch and the sample, as one thread keeps one.
            let row = Array(text)
            sample.add(row, as: label, group: group)
            batch.large.append((batch.rows.count, row))
            batch.rows.append([], label: label)
          } else {
            sample.add(text.span, as: label, group: group)
            batch.rows.append(text, label: label)
          }
          if batch.rows.count >= batchRows {
            queue.push((batches, batch))
            batches += 1
            batch = Batch()
          }
        })
      if batch.rows.count > 0 {
        queue.push((batches, batch))
        batches += 1
      }
    }
    // The cross-validation of the sample needs none of the counts: it runs
    // beside the thread that adds them up, on the other threads (its folds
    // give the same fit on any number).
    try sample.checkGroups(column: columns.group)
    let corpus = sample.corpus
    let fit = Slots<HeldOutFit?>(count: 1)
    let fitting = startThread {
      fit.set(
        0,
        HeldOutFit.fit(
          corpus, tokenizer: tokenizer, options: options, lexicon: lexicon,
          jobs: max(1, jobs - 1)))
    }
    var base = workers[0].takeTrainer()
    var added = [(worker: Int, ids: Range<Int>)?](repeating: nil, count: batches)
    for (index, worker) in workers.enumerated() {
      for (batch, ids) in worker.added { added[batch] = (index, ids) }
    }
    // Every other thread's features into the first's table, by token ids
    // (a pair is two ids, not a text to hash): feature id there → here.
    var maps: [[UInt32]] = [[]]
    for worker in workers.dropFirst() {
      maps.append(base.absorb(worker.trainer))
    }
    // The features in order of first occurrence: the lexicon's, then each
    // batch's new ones, batch by batch.
    var order = (0..<workers[0].initial).map(UInt32.init)
    var listed = [Bool](repeating: false, count: base.table.count)
    for id in order { listed[Int(id)] = true }
    for case (let worker, let ids)? in added {
      for id in ids {
        let here = worker == 0 ? UInt32(id) : maps[worker][id]
        if !listed[Int(here)] {
          listed[Int(here)] = true
          order.append(here)
        }
      }
    }
    if options.minCount > 1 {
      let lexiconWords = workers[0].initial
      order = order.enumerated().filter { index, id in
        index < lexiconWords
          || Sentiment.allCases.reduce(0) { $0 + base.table.count(ofFeature: Int(id), label: $1) }
            >= options.minCount
      }.map(\.element)
    }
    base.documents = PerClass(negative: 0, neutral: 0, positive: 0)
    for worker in workers { base.documents = base.documents.zip(worker.trainer.documents, +) }
    fitting.wait()
    let heldOut = fit.values().first ?? nil
    return (CorpusTrainer(trainer: base, order: order, heldOut: heldOut), summary)
  }

  /// The model's features, in order.
  var features: TrainedFeatures {
    TrainedFeatures(table: trainer.table, tokens: trainer.tokens, kept: order)
  }

  /// The number of features the model will have, as
  /// ``NaiveBayesTrainer/featureCount``.
  package var featureCount: Int { order?.count ?? trainer.table.count }

  /// The model of the rows read, as ``NaiveBayesTrainer/model(metadata:provenance:)``.
  package func model(
    metadata: ModelMetadata = ModelMetadata(), provenance: Provenance = Provenance()
  ) -> NaiveBayesModel {
    contents(metadata: metadata, provenance: provenance, heldOut: nil).model()
  }

  /// What ``ModelFile`` writes for the model.
  func contents(
    metadata: ModelMetadata, provenance: Provenance, heldOut: HeldOutFit?
  ) -> ModelContents<TrainedFeatures> {
    ModelContents(
      metadata: metadata, provenance: provenance, tokenizer: tokenizer, options: options,
      lexicon: lexicon, documents: trainer.documents, heldOut: heldOut, features: features)
  }
}

extension NaiveBayesTrainer {
  /// Adds the features and counts of `other` (same settings) to this
  /// trainer's, and returns the id here of each of its features.
  ///
  /// - Complexity: O(*V*) in `other`'s features.
  mutating func absorb(_ other: NaiveBayesTrainer) -> [UInt32] {
    if !isKnownUniquelyReferenced(&table) { table = table.copy() }
    var tokenIDs = [UInt32](repeating: 0, count: other.tokens.count)
    for token in 0..<other.tokens.count {
      tokenIDs[token] = UInt32(other.tokens.withToken(at: token) { tokens.insert($0) })
    }
    var featureIDs = [UInt32](repeating: 0, count: other.table.count)
    for feature in 0..<other.table.count {
      let (first, second) = other.table.tokens(ofFeature: feature)
      let here =
        if let second {
          table.insertPair(first: tokenIDs[Int(first)], second: tokenIDs[Int(second)])
        } else {
          table.feature(ofToken: tokenIDs[Int(first)])
        }
      table.addCounts(of: feature, in: other.table, to: here)
      featureIDs[feature] = UInt32(here)
    }
    return featureIDs
  }
}
/// One thread's trainer, and the feature ids each batch it counted added.
/// Only its thread touches it until the thread has finished.
private final class CountingWorker: @unchecked Sendable {
  var trainer: NaiveBayesTrainer
  var added: [(batch: Int, ids: Range<Int>)] = []
  /// The features before any batch: the lexicon's words.
  let initial: Int

  init(_ trainer: NaiveBayesTrainer) {
    self.trainer = trainer
    initial = trainer.table.count
  }

  /// Hands the trainer over, keeping its document counts but not its
  /// tables, so that the caller's copy is their only owner and grows in
  /// place instead of being copied first.
  func takeTrainer() -> NaiveBayesTrainer {
    let taken = trainer
    trainer.tokens = Vocabulary()
    trainer.table = FeatureTable()
    return taken
  }

  func count(_ batch: CorpusTrainer.Batch, batch number: Int) {
    let start = trainer.table.count
    var large = batch.large[...]
    let rows = batch.rows
    for index in 0..<rows.count {
      if let next = large.first, next.index == index {
        trainer.add(next.text.span, as: rows.labels[index])
        large = large.dropFirst()
      } else {
        trainer.add(rows.bytes(at: index).span, as: rows.labels[index])
      }
    }
    added.append((number, start..<trainer.table.count))
  }
}

extension ModelFile {
  /// Encodes the model that a ``CorpusTrainer`` built: the same bytes as
  /// for a ``NaiveBayesTrainer`` fed the same rows. With `jobs` above 1 the
  /// checksum is computed on a thread of its own, beside the encoding.
  ///
  /// - Complexity: O(*V*) in the vocabulary's size.
  package static func encode(
    _ trainer: CorpusTrainer, metadata: ModelMetadata = ModelMetadata(),
    provenance: Provenance = Provenance(), heldOut: HeldOutFit? = nil, chunkSize: Int = 1 << 20,
    jobs: Int = 1, to sink: ([UInt8]) throws -> Void
  ) rethrows {
    try encode(
      trainer.contents(metadata: metadata, provenance: provenance, heldOut: heldOut),
      chunkSize: chunkSize, jobs: jobs, to: sink)
  }

}
