import SentimentCore

/// Training runs the trainer's tests compare: one thread against
/// `CorpusTrainer`'s several, on generated or real CSV.
package enum TrainingRuns {
  /// The model file one thread writes for `csv`.
  package static func serial(_ csv: [UInt8], options: NaiveBayesOptions) throws -> [UInt8] {
    var trainer = NaiveBayesTrainer(options: options)
    try TrainingData.read(MemorySource(csv)) { label, text in trainer.add(text.span, as: label) }
    var bytes: [UInt8] = []
    ModelFile.encode(trainer) { bytes += $0 }
    return bytes
  }

  /// The model file `jobs` threads write for `csv`, read in small blocks;
  /// and the rows they offered to the sample, in order.
  package static func parallel(_ csv: [UInt8], jobs: Int, options: NaiveBayesOptions) throws -> (
    [UInt8], [String]
  ) {
    var reader = CSVReader(source: MemorySource(csv, blockSize: 4096))
    var sample = HeldOutSample()
    let (trainer, _) = try CorpusTrainer.train(
      &reader, jobs: jobs, options: options, sample: &sample)
    let corpus = sample.corpus
    let seen = (0..<corpus.count).map { "\(corpus.labels[$0].name) \(corpus.text(at: $0))" }
    var bytes: [UInt8] = []
    ModelFile.encode(trainer) { bytes += $0 }
    return (bytes, seen)
  }

  /// Labeled rows of random words, some shared, some new, so that features
  /// first occur in every batch.
  package static func generated(rows: Int, seed: UInt64) -> [UInt8] {
    var random = SeededGenerator(seed: seed)
    var csv = "class,text\n"
    let labels = ["Pos", "Neg", "Neutral", "irrelevant"]
    for row in 0..<rows {
      let words = (0..<(3 + random.next(below: 12))).map { _ in
        random.next(below: 10) == 0
          ? "new\(row)x\(random.next(below: 1000))" : "w\(random.next(below: 3000))"
      }
      csv += "\(labels[random.next(below: 4)]),\"\(words.joined(separator: " ")) &lt;3\"\n"
    }
    return Array(csv.utf8)
  }
}
