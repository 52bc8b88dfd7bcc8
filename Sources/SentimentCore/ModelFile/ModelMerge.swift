import Foundation

/// Why models could not be merged: a problem with the model files given
/// (bad input data, exit status 65).
package enum ModelMergeError: LocalizedError, Equatable {
  /// Fewer than two models.
  case tooFew
  /// Model `model` (counted from 1) has another `setting` than model 1.
  case differs(setting: String, first: String, other: String, model: Int)
  /// The models were trained with a minimum count above 1, so rare features
  /// are missing from each and their sums would be wrong.
  case cutCounts(minCount: Int)
  /// A sum is larger than a model file holds.
  case tooLarge(String)
  /// Model `model` (counted from 1), or the merged model when `nil`, holds
  /// what a model file may not (``ModelFile/checkHeldOut(_:options:)``).
  case unloadable(model: Int?, reason: String)

  package var errorDescription: String? {
    switch self {
    case .tooFew:
      "give two or more models to merge"
    case .differs(let setting, let first, let other, let model):
      "model \(model) differs from model 1 in \(setting) (\(other), not \(first)); "
        + "merge only models trained with the same options by the same tweetalyze version"
    case .cutCounts(let minCount):
      "the models were trained with --min-count \(minCount), so each lacks the features it saw "
        + "fewer times and the sums would be wrong; train the parts with --min-count 1 and "
        + "give --min-count \(minCount) to merge"
    case .tooLarge(let what):
      "the merged \(what) would exceed what a model file holds (counts below 9e15); merge "
        + "fewer or smaller models"
    case .unloadable(let model?, let reason):
      "model \(model) is not a model a file may hold: \(reason)"
    case .unloadable(nil, let reason):
      "the merged model could not be loaded: \(reason)"
    }
  }
}

/// Sums the counts of models trained with the same settings on different
/// parts of a data set: Naive Bayes counts are additive, so the merge of the
/// models of the parts, in the order of the parts, is the model of the whole.
///
/// The features are listed in the order a model trained on the whole would
/// list them: the lexicon's words, then the first model's other features,
/// then each further model's new ones, in its order. A model trained on the
/// concatenation of the parts has the same vocabulary, counts, documents and
/// settings; only its ``Provenance`` (the merge lists its parts in
/// ``Provenance/parts``) and its ``HeldOutFit`` differ (see
/// ``pooled(_:)``).
///
/// ```swift
/// let merged = try ModelMerge.merge([partA, partB])
/// merged.documents   // partA.documents + partB.documents, class by class
/// ```
package enum ModelMerge {
  /// The largest count a merged model may hold: what a model file holds
  /// (``ModelFile/countLimit``).
  static let countLimit = ModelFile.countLimit

  /// Merges `models`, which must agree in every setting; `minCount`, when
  /// above 1, leaves out the merged features seen fewer times (as
  /// `train --min-count` does; the lexicon's words stay).
  ///
  /// - Throws: ``ModelMergeError``.
  /// - Complexity: O(*V*) in the features of all models.
  package static func merge(_ models: [NaiveBayesModel], minCount: Int = 1) throws(ModelMergeError)
    -> NaiveBayesModel
  {
    guard let first = models.first, models.count >= 2 else { throw ModelMergeError.tooFew }
    for (index, model) in models.enumerated().dropFirst() {
      if let (setting, a, b) = firstDifference(first, model) {
        throw ModelMergeError.differs(setting: setting, first: a, other: b, model: index + 1)
      }
    }
    if first.options.minCount > 1 {
      throw ModelMergeError.cutCounts(minCount: first.options.minCount)
    }
    // What the loader refuses in a file is refused in a part, by the same
    // check: parts built in memory have not been through it.
    for (index, model) in models.enumerated() {
      guard let heldOut = model.heldOut else { continue }
      do {
        try ModelFile.checkHeldOut(heldOut, options: model.options)
      } catch {
        throw ModelMergeError.unloadable(
          model: index + 1, reason: error.errorDescription ?? "\(error)")
      }
    }
    var sum = CountSum()
    for model in models { try sum.add(ModelFeatures(model: model)) }
    let documents = try sumOf(models.map(\.documents), "documents")
    var options = first.options
    options.minCount = max(minCount, 1)
    let features = sum.kept(minCount: options.minCount, lexiconWords: first.lexicon.entries.count)
    var vocabulary = Vocabulary(capacity: features.count)
    var counts: [Int] = []
    counts.reserveCapacity(features.count * Sentiment.count)
    for id in 0..<features.count {
      features.withFeature(at: id) { _ = vocabulary.insert($0) }
      for label in Sentiment.allCases { counts.append(features.count(ofFeature: id, label: label)) }
    }
    var merged = NaiveBayesModel(
      metadata: first.metadata, provenance: try provenance(models.map(\.provenance)),
      tokenizer: first.tokenizer, options: options, lexicon: first.lexicon,
      vocabulary: vocabulary, counts: counts, documents: documents)
    merged.heldOut = try pooled(models.map(\.heldOut))
    if let heldOut = merged.heldOut {
      do {
        try ModelFile.checkHeldOut(heldOut, options: options)
      } catch {
        throw ModelMergeError.unloadable(model: nil, reason: error.errorDescription ?? "\(error)")
      }
    }
    return merged
  }

  /// The first setting in which `other` differs from `first`, as the
  /// model file names it, with both values; `nil` when they agree.
  static func firstDifference(_ first: NaiveBayesModel, _ other: NaiveBayesModel) -> (
    String, String, String
  )? {
    func differ<Value: Equatable>(_ name: String, _ a: Value, _ b: Value) -> (
      String, String, String
    )? {
      a == b ? nil : (name, "\(a)", "\(b)")
    }
    for (a, b) in zip(first.tokenizer.fields, other.tokenizer.fields) {
      if let found = differ("tokenizer.\(a.name)", a.value, b.value) { return found }
    }
    if let found = ModelField.firstDifference(
      "options", first.options.fileFields, other.options.fileFields)
    {
      return found
    }
    if first.lexicon != other.lexicon {
      let words = { (lexicon: Lexicon) in "\(lexicon.entries.count) words" }
      let sameSize = first.lexicon.entries.count == other.lexicon.entries.count
      return (
        "lexicon", sameSize ? "other words" : words(first.lexicon),
        sameSize ? "other words" : words(other.lexicon)
      )
    }
    if let found = ModelField.firstDifference(
      "metadata", first.metadata.fileFields, other.metadata.fileFields)
    {
      return found
    }
    if let x = first.heldOut, let y = other.heldOut {
      return differ("calibration.folds", x.folds, y.folds)
    }
    return nil
  }

  /// `a + b`, checked against the file's limit.
  private static func checkedSum(_ a: Int, _ b: Int, _ what: String) throws(ModelMergeError)
    -> Int
  {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard !overflow, sum <= countLimit else { throw ModelMergeError.tooLarge(what) }
    return sum
  }

  /// Sums per class, checked against the file's limit.
  private static func sumOf(_ parts: [PerClass<Int>], _ what: String) throws(ModelMergeError)
    -> PerClass<Int>
  {
    var total = PerClass(negative: 0, neutral: 0, positive: 0)
    for part in parts {
      for label in Sentiment.allCases {
        total[label] = try checkedSum(total[label], part[label], what)
      }
    }
    return total
  }

  /// The provenance of a merge: the sums of the parts' rows and skipped
  /// rows, no single source or hash, and the parts (a merged part's own
  /// parts, so that merging is associative), in order.
  static func provenance(_ parts: [Provenance]) throws(ModelMergeError) -> Provenance {
    let flat = parts.flatMap { $0.parts.isEmpty ? [$0] : $0.parts }
    let rows = try sumOf(flat.map(\.rows), "provenance.rows")
    var skipped = 0
    for part in flat { skipped = try checkedSum(skipped, part.skipped, "provenance.skipped") }
    return Provenance(
      source: "merge of \(flat.count) parts", sha256: "", rows: rows, skipped: skipped,
      parts: flat)
  }

  /// How calibration survives a merge: the parts' held-out statistics,
  /// pooled by the rows each part cross-validated.
  ///
  /// Each part's fit estimates the same calibration from its own held-out
  /// rows, so they are combined as estimates from independent samples are:
  /// the confusion counts add up (they count held-out rows); the mean
  /// probabilities of each true class (and their equal-prior form, when
  /// every part has it) are averaged weighted by that class's held-out
  /// rows; the biases, and the temperature on a log scale (it scales the
  /// scores), are averaged weighted by the rows cross-validated.
  /// Parts without a calibration (too few rows or a single class) have no
  /// held-out rows and weigh nothing; with none calibrated, the merge is
  /// uncalibrated. The result is deterministic (sums in the parts' order)
  /// and a part merged with itself keeps its calibration.
  ///
  /// - Throws: ``ModelMergeError/tooLarge(_:)`` when the rows or a
  ///   confusion count would reach 9e15, which a file cannot hold.
  /// - Complexity: O(*m*) in the number of parts.
  package static func pooled(_ fits: [HeldOutFit?]) throws(ModelMergeError) -> HeldOutFit? {
    let fits = fits.compactMap { $0 }.filter { $0.rows > 0 }
    guard let first = fits.first else { return nil }
    var rows = 0
    for fit in fits { rows = try checkedSum(rows, fit.rows, "calibration.rows") }
    var logTemperature = 0.0
    var biases = PerClass { _ in 0.0 }
    var readerWeights = first.calibration.readerWeights.map { $0.map { _ in SIMD2<Double>.zero } }
    var confusion = PerClass { _ in PerClass { _ in 0 } }
    var classRows = PerClass { _ in 0 }
    for fit in fits {
      let weight = Double(fit.rows) / Double(rows)
      logTemperature += weight * log(fit.calibration.temperature)
      // The parts agree on options.reader, so their weights have one shape.
      if let rows = fit.calibration.readerWeights, var sums = readerWeights {
        for label in Sentiment.allCases {
          for k in 0..<rows[label].scalarCount { sums[label][k] += weight * rows[label][k] }
        }
        readerWeights = sums
      }
      for label in Sentiment.allCases { biases[label] += weight * fit.calibration.biases[label] }
      for actual in Sentiment.allCases {
        for predicted in Sentiment.allCases {
          let count = fit.confusion[actual][predicted]
          confusion[actual][predicted] = try checkedSum(
            confusion[actual][predicted], count, "calibration.confusion")
          classRows[actual] = try checkedSum(classRows[actual], count, "calibration.confusion")
        }
      }
    }
    // Each true class's rows of means, weighted by the parts' held-out rows
    // of that class; the first part's row for a class none held out.
    func pooledMeans(
      _ member: (HeldOutFit) -> PerClass<PerClass<Double>>
    ) -> PerClass<PerClass<Double>> {
      PerClass { actual in
        guard classRows[actual] > 0 else { return member(first)[actual] }
        var sums = PerClass { _ in 0.0 }
        for fit in fits {
          let held = Double(fit.confusion[actual].sum)
          sums = sums.zip(member(fit)[actual]) { $0 + held * $1 }
        }
        return sums.map { $0 / Double(classRows[actual]) }.shares
      }
    }
    let means = pooledMeans(\.meanProbabilities)
    let equalPriorMeans = pooledMeans(\.equalPriorMeans)
    // A part merged with itself keeps its temperature exactly.
    let temperature =
      fits.allSatisfy({ $0.calibration.temperature == first.calibration.temperature })
      ? first.calibration.temperature : exp(logTemperature)
    if fits.allSatisfy({ $0.calibration.biases == first.calibration.biases }) {
      biases = first.calibration.biases
    }
    if fits.allSatisfy({ $0.calibration.readerWeights == first.calibration.readerWeights }) {
      readerWeights = first.calibration.readerWeights
    }
    return HeldOutFit(
      calibration: Calibration(
        temperature: temperature, biases: biases, readerWeights: readerWeights,
        prior: first.calibration.prior),
      confusion: confusion,
      meanProbabilities: means, equalPriorMeans: equalPriorMeans, folds: first.folds, rows: rows)
  }
}

/// Counts per feature summed over several sources of counts, with the
/// features in order of first insertion: the sum of merged models, and of
/// the trainers of a parallel training run.
struct CountSum: FeatureCounts {
  var vocabulary = Vocabulary()
  /// Feature id × class → count.
  var counts: [Int] = []

  var count: Int { vocabulary.count }

  func count(ofFeature id: Int, label: Sentiment) -> Int {
    counts[id * Sentiment.count + label.rawValue]
  }

  func withFeature<Result>(
    at id: Int, _ body: (Span<UInt8>) throws -> Result
  ) rethrows -> Result {
    try vocabulary.withToken(at: id, body)
  }

  /// Lists the features `ids` of `features` after those listed, in order,
  /// when they are new.
  mutating func insert<Features: FeatureCounts>(_ features: Features, ids: Range<Int>) {
    for id in ids {
      let before = vocabulary.count
      let index = features.withFeature(at: id) { vocabulary.insert($0) }
      if index == before {
        counts.append(contentsOf: repeatElement(0, count: Sentiment.count))
      }
    }
  }

  /// Adds the counts of every feature of `features`, each listed already.
  mutating func addCounts<Features: FeatureCounts>(_ features: Features) throws(ModelMergeError) {
    for id in 0..<features.count {
      guard let index = features.withFeature(at: id, { vocabulary.id(of: $0) }) else {
        continue
      }
      for label in Sentiment.allCases {
        let slot = index * Sentiment.count + label.rawValue
        let (sum, overflow) = counts[slot].addingReportingOverflow(
          features.count(ofFeature: id, label: label))
        guard !overflow, sum <= ModelMerge.countLimit else {
          throw ModelMergeError.tooLarge("counts")
        }
        counts[slot] = sum
      }
    }
  }

  /// Lists all of `features` and adds their counts.
  mutating func add<Features: FeatureCounts>(_ features: Features) throws(ModelMergeError) {
    insert(features, ids: 0..<features.count)
    try addCounts(features)
  }

  /// The features seen at least `minCount` times, and the first
  /// `lexiconWords` (the lexicon's) whatever their counts.
  func kept(minCount: Int, lexiconWords: Int) -> CountSum {
    guard minCount > 1 else { return self }
    var kept = CountSum()
    for id in 0..<count {
      let total = Sentiment.allCases.reduce(0) { $0 + count(ofFeature: id, label: $1) }
      guard id < lexiconWords || total >= minCount else { continue }
      withFeature(at: id) { _ = kept.vocabulary.insert($0) }
      kept.counts.append(contentsOf: counts[(id * Sentiment.count)..<((id + 1) * Sentiment.count)])
    }
    return kept
  }
}
