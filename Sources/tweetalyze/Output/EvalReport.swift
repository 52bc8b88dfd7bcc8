import SentimentCore

/// The figures of one evaluation, as text or JSON.
struct EvalReport {
  var name: String
  var corpus: LabeledCorpus
  var seed: UInt64
  var method = "split"
  var fraction = 0.0
  var folds: [EvaluationResult] = []
  var trainingAccuracy = 0.0
  var trainingCount = 0
  var metrics = ClassificationMetrics()
  var accuracy: Spread?
  var macroF1: Spread?
  var macroRecall: Spread?
  /// `eval --model`: the model tested (`built-in` or its file's name);
  /// `nil` when the report's model was trained on ``corpus``.
  var modelName: String?
  /// `eval --test` and `--model`: the file tested on, and its rows.
  var testName = ""
  var testCorpus = LabeledCorpus()
  /// `--quantification` with a test file: sets at its own balance.
  var naturalSets: QuantificationResult?
  /// The held-out probabilities before and after calibration.
  var raw = ProbabilityMetrics()
  var calibrated = ProbabilityMetrics()
  /// What a quantification protocol found, and its name.
  var quantification: (protocol: String, result: QuantificationResult)?
  /// Leave-one-group-out: each group's held-out accuracy and sets at its
  /// own balance, and (with `--quantification`) at every class balance.
  var groups:
    [(
      name: String, accuracy: Double?, sets: QuantificationResult,
      balances: QuantificationResult?
    )] = []

  /// Takes the figures of the held-out parts (a split's one, every fold,
  /// or a test file's): their predictions pooled, the spread of each
  /// measure over the parts, and the probabilities' metrics.
  mutating func heldOut(_ parts: [EvaluationResult]) {
    let all = CrossValidationResult(folds: parts)
    folds = parts
    metrics = all.pooled
    accuracy = all.accuracy
    macroF1 = all.macroF1
    macroRecall = all.macroRecall
    raw = all.raw
    calibrated = all.calibrated
  }

  /// `--quantification`: the score of 100-tweet sets drawn from the
  /// held-out parts at every class balance.
  mutating func measureScore(progress: ((_ done: Int, _ total: Int) -> Void)? = nil) {
    quantification = (
      "artificial prevalence, 100-tweet sets",
      PrevalenceSampling.artificialPrevalence(folds, seed: seed, progress: progress)
    )
  }

  static func decimal(_ value: Double?) -> String {
    value.map { FixedDecimal.string($0, decimals: 4) } ?? "--"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  /// `NAME, N rows (a negative, b neutral, c positive; d skipped)`.
  private static func describe(_ name: String, _ corpus: LabeledCorpus) -> String {
    let rows = corpus.summary.rows
    return "\(name), \(corpus.count) rows (\(rows.negative) negative, \(rows.neutral) neutral, "
      + "\(rows.positive) positive; \(corpus.summary.skipped) skipped)"
  }

  func text() -> String {
    var text = ""
    if let modelName {
      text += "Model:   \(modelName)\n"
    } else {
      text += "Data:    \(Self.describe(name, corpus))\n"
    }
    if method == "test" {
      text += "Test:    \(Self.describe(testName, testCorpus))\n"
      text += "Method:  "
      text +=
        modelName == nil
        ? "trained on all of the data, tested on the test file\n\n"
        : "tested on the test file, no training\n\n"
      if modelName == nil {
        text += "Training accuracy:   \(Self.decimal(trainingAccuracy))\n"
      }
      text += "Evaluation accuracy: \(Self.decimal(metrics.accuracy))\n"
      text += "Macro-recall:        \(Self.decimal(metrics.macroRecall))\n"
      text += "Macro-F1:            \(Self.decimal(metrics.macroF1))\n"
    } else if method == "split" {
      let percent = FixedDecimal.string(fraction * 100, decimals: 0)
      text += "Method:  stratified split, \(percent) % training (\(trainingCount) rows), "
      text += "\(metrics.total) evaluation rows, seed \(seed)\n\n"
      text += "Training accuracy:   \(Self.decimal(trainingAccuracy))\n"
      text += "Evaluation accuracy: \(Self.decimal(metrics.accuracy))\n"
      text += "Macro-recall:        \(Self.decimal(metrics.macroRecall))\n"
      text += "Macro-F1:            \(Self.decimal(metrics.macroF1))\n"
    } else {
      text += "Method:  stratified \(folds.count)-fold cross-validation, seed \(seed)\n\n"
      text += "Training accuracy:   \(Self.decimal(trainingAccuracy)) (mean over folds)\n"
      text += "Evaluation accuracy: \(Self.decimal(accuracy?.mean)) ± "
      text += "\(Self.decimal(accuracy?.standardDeviation)) (mean ± sd over folds)\n"
      text += "Macro-recall:        \(Self.decimal(macroRecall?.mean)) ± "
      text += "\(Self.decimal(macroRecall?.standardDeviation))\n"
      text += "Macro-F1:            \(Self.decimal(macroF1?.mean)) ± "
      text += "\(Self.decimal(macroF1?.standardDeviation))\n"
      text += "\nPer class and confusion matrix: all folds' predictions pooled.\n"
    }
    text += "\n" + Self.pad("class", 11) + Self.pad("precision", 11) + Self.pad("recall", 9)
    text += Self.pad("f1", 9) + "support\n"
    for label in Sentiment.allCases {
      text += Self.pad(label.name, 11) + Self.pad(Self.decimal(metrics.precision(label)), 11)
      text += Self.pad(Self.decimal(metrics.recall(label)), 9)
      text += Self.pad(Self.decimal(metrics.f1(label)), 9) + "\(metrics.support(label))\n"
    }
    // Each row's last column unpadded: no line ends in spaces.
    text += "\nConfusion matrix (rows: actual, columns: predicted)\n" + Self.pad("", 11)
    text += Sentiment.allCases.map(\.name).map { Self.pad($0, 10) }.dropLast().joined()
    text += (Sentiment.allCases.last?.name ?? "") + "\n"
    for actual in Sentiment.allCases {
      let counts = Sentiment.allCases.map { String(metrics.confusion[actual][$0]) }
      text += Self.pad(actual.name, 11) + counts.dropLast().map { Self.pad($0, 10) }.joined()
      text += (counts.last ?? "") + "\n"
    }
    text += "\nProbabilities (held out)  ECE (10 bins)  Brier    log-loss\n"
    for (name, metrics) in [("raw", raw), ("calibrated", calibrated)] {
      text +=
        Self.pad("  " + name, 27) + Self.pad(Self.decimal(metrics.expectedCalibrationError), 15)
      text += Self.pad(Self.decimal(metrics.brier), 9) + Self.decimal(metrics.logLoss) + "\n"
    }
    if let naturalSets {
      text += "\nScore of \(naturalSets.sets) sets of up to 100 tweets at the test file's "
      text += "balance:\n" + Self.table(naturalSets)
    }
    if let (name, result) = quantification {
      text += "\nScore of \(result.sets) sets (\(name)):\n" + Self.table(result)
    }
    var all = QuantificationResult()
    var allBalances = QuantificationResult()
    for group in groups {
      text += "\nGroup \(group.name) held out (accuracy \(Self.decimal(group.accuracy))), "
      text += "\(group.sets.sets) sets of up to 100 tweets:\n" + Self.table(group.sets)
      all.merge(group.sets)
      if let balances = group.balances {
        text += "\nGroup \(group.name) held out, \(balances.sets) sets at every class balance:\n"
        text += Self.table(balances)
        allBalances.merge(balances)
      }
    }
    if !groups.isEmpty {
      text += "\nAll groups, \(all.sets) sets:\n" + Self.table(all)
    }
    if allBalances.sets > 0 {
      text += "\nAll groups, \(allBalances.sets) sets at every class balance:\n"
      text += Self.table(allBalances)
    }
    return text
  }

  /// Each method's error per 100 tweets, emoji accuracy, and its
  /// interval's coverage and mean width per 100 tweets.
  static func table(_ result: QuantificationResult) -> String {
    var text = "  " + pad("estimator", 15) + pad("mean |error| per 100", 22)
    text += pad("emoji right", 13) + pad("interval holds", 16) + "width\n"
    let percent = { (value: Double?) in
      value.map { FixedDecimal.string($0 * 100, decimals: 1) + " %" } ?? "--"
    }
    for method in QuantificationMethod.allCases {
      let error = result.meanAbsoluteError(method).map { FixedDecimal.string($0, decimals: 2) }
      text += "  " + pad(method.rawValue, 15) + pad(error ?? "--", 22)
      text += pad(percent(result.emojiAccuracy(method)), 13)
      text += pad(percent(result.intervalCoverage(method)), 16)
      text +=
        (result.meanIntervalWidth(method).map { FixedDecimal.string($0, decimals: 1) } ?? "--")
      text += "\n"
    }
    return text
  }

  /// `{"mae":…,"emoji_accuracy":…}` per method, with the number of sets.
  static func json(_ result: QuantificationResult, into json: inout JSONWriter) {
    json.beginObject()
    json.key("estimators")
    json.beginObject()
    for method in QuantificationMethod.allCases {
      json.key(method.rawValue)
      json.beginObject()
      json.key("emoji_accuracy")
      json.number(result.emojiAccuracy(method) ?? .nan, decimals: 4)
      json.key("interval_coverage")
      if let coverage = result.intervalCoverage(method) {
        json.number(coverage, decimals: 4)
      } else {
        json.null()
      }
      json.key("interval_width")
      if let width = result.meanIntervalWidth(method) {
        json.number(width, decimals: 4)
      } else {
        json.null()
      }
      json.key("mae")
      json.number(result.meanAbsoluteError(method) ?? .nan, decimals: 4)
      json.endObject()
    }
    json.endObject()
    json.key("sets")
    json.integer(result.sets)
    json.endObject()
  }

  private static func probabilities(_ metrics: ProbabilityMetrics, into json: inout JSONWriter) {
    json.beginObject()
    json.key("brier")
    json.number(metrics.brier ?? .nan, decimals: 4)
    json.key("ece")
    json.number(metrics.expectedCalibrationError ?? .nan, decimals: 4)
    json.key("log_loss")
    json.number(metrics.logLoss ?? .nan, decimals: 4)
    json.endObject()
  }

  func json() -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("accuracy")
    json.number(accuracy?.mean ?? .nan, decimals: 4)
    json.key("accuracy_std")
    json.number(accuracy?.standardDeviation ?? .nan, decimals: 4)
    json.key("calibration")
    json.beginObject()
    json.key("calibrated")
    Self.probabilities(calibrated, into: &json)
    json.key("raw")
    Self.probabilities(raw, into: &json)
    json.endObject()
    json.key("classes")
    json.perClass { json, label in
      json.beginObject()
      json.key("f1")
      optional(metrics.f1(label), &json)
      json.key("precision")
      optional(metrics.precision(label), &json)
      json.key("recall")
      optional(metrics.recall(label), &json)
      json.key("support")
      json.integer(metrics.support(label))
      json.endObject()
    }
    json.key("confusion")
    json.perClass { json, actual in json.perClass(metrics.confusion[actual]) }
    json.key("data")
    if modelName == nil { json.string(name) } else { json.null() }
    if method == "folds" {
      json.key("folds")
      json.beginArray()
      for fold in folds {
        json.beginObject()
        json.key("accuracy")
        optional(fold.metrics.accuracy, &json)
        json.key("macro_f1")
        optional(fold.metrics.macroF1, &json)
        json.key("training_accuracy")
        json.number(fold.trainingAccuracy, decimals: 4)
        json.endObject()
      }
      json.endArray()
    }
    if !groups.isEmpty {
      json.key("groups")
      json.beginObject()
      for group in groups {
        json.key(group.name)
        json.beginObject()
        json.key("accuracy")
        optional(group.accuracy, &json)
        if let balances = group.balances {
          json.key("artificial_prevalence")
          Self.json(balances, into: &json)
        }
        json.key("score")
        Self.json(group.sets, into: &json)
        json.endObject()
      }
      json.endObject()
    }
    json.key("macro_f1")
    json.number(macroF1?.mean ?? .nan, decimals: 4)
    json.key("macro_f1_std")
    json.number(macroF1?.standardDeviation ?? .nan, decimals: 4)
    json.key("macro_recall")
    json.number(macroRecall?.mean ?? .nan, decimals: 4)
    json.key("macro_recall_std")
    json.number(macroRecall?.standardDeviation ?? .nan, decimals: 4)
    json.key("method")
    json.string(method)
    if method == "test" {
      json.key("model")
      json.string(modelName ?? "trained")
    }
    if let naturalSets {
      json.key("natural_sets")
      Self.json(naturalSets, into: &json)
    }
    if let (name, result) = quantification {
      json.key("quantification")
      json.beginObject()
      json.key("protocol")
      json.string(name)
      json.key("score")
      Self.json(result, into: &json)
      json.endObject()
    }
    json.key("rows")
    json.integer(corpus.count)
    json.key("seed")
    // A number, as given: all 64 bits, in digits.
    json.raw(Array(String(seed).utf8))
    if method == "split" {
      json.key("split")
      json.number(fraction)
    }
    if method == "test" {
      json.key("test")
      json.beginObject()
      json.key("data")
      json.string(testName)
      json.key("rows")
      json.integer(testCorpus.count)
      json.endObject()
    }
    json.key("training_accuracy")
    if modelName == nil { json.number(trainingAccuracy, decimals: 4) } else { json.null() }
    json.endObject()
    return json.bytes + [0x0A]
  }

  private func optional(_ value: Double?, _ json: inout JSONWriter) {
    if let value { json.number(value, decimals: 4) } else { json.null() }
  }
}
