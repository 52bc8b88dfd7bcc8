import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze eval`: a held-out split or k-fold cross-validation.
  func evaluate(_ options: EvalOptions) throws {
    if options.testsOtherFile {
      try evaluateOnOtherFile(options)
      return
    }
    guard
      let path = options.data ?? environment["TWEETALYZE_DATA"].flatMap({ $0.isEmpty ? nil : $0 })
    else {
      throw UsageError(
        message: "Missing data file: give a labeled CSV file (a text and a label column, "
          + "e.g. class,text with Pos/Neg/Neutral labels) or set TWEETALYZE_DATA; or "
          + "--test FILE to test the built-in model",
        command: .eval)
    }
    let settings = options.training
    // Folds and score sets, after reading, on a terminal.
    let steps = StepMeter.onTerminal(label: "eval", stderr: stderr, quiet: options.quiet)
    defer { steps?.finish() }
    let lexicon = try lexicon(settings)
    let corpus = try labeledCorpus(path, options)
    let name = Self.displayName(path)
    // The groups are checked before any model is trained.
    if let column = settings.columns.group {
      let groups = Set(corpus.groups).count
      guard groups > 1 else {
        throw RuntimeError(
          "--group-column needs at least two groups in \(name); found \(groups)",
          status: .dataError)
      }
      guard groups <= PrevalenceSampling.maximumGroups else {
        throw RuntimeError(
          "--group-column \(column) has \(groups) groups in \(name), more than the "
            + "\(PrevalenceSampling.maximumGroups) that leave one group out takes (it trains "
            + "a model per group); check that \(column) names the groups",
          status: .dataError)
      }
    }
    var report = EvalReport(name: name, corpus: corpus, seed: options.seed)
    switch options.method {
    case .split(let fraction):
      let result = try Evaluation.split(
        corpus, fraction: fraction, seed: options.seed, tokenizer: settings.tokenizer,
        options: settings.options, lexicon: lexicon)
      report.method = "split"
      report.fraction = fraction
      report.trainingAccuracy = result.trainingAccuracy
      report.trainingCount = result.trainingCount
      report.heldOut([result])
    case .folds(let k):
      let result = try Evaluation.crossValidate(
        corpus, folds: k, seed: options.seed, tokenizer: settings.tokenizer,
        options: settings.options, lexicon: lexicon,
        jobs: Parallel.workers(for: options.jobs ?? Parallel.processors),
        progress: Self.foldProgress(steps))
      report.method = "folds"
      report.trainingAccuracy = result.trainingAccuracy?.mean ?? 0
      report.heldOut(result.folds)
    }
    if options.quantification {
      report.measureScore { steps?.step($0, of: $1, "folds' score sets") }
    }
    if settings.columns.group != nil {
      let held = PrevalenceSampling.leaveOneGroupOut(
        corpus, tokenizer: settings.tokenizer, options: settings.options, lexicon: lexicon)
      report.groups = held.map { group in
        (
          group.group, group.result.metrics.accuracy,
          PrevalenceSampling.naturalSets(group.result, seed: options.seed),
          options.quantification
            ? PrevalenceSampling.artificialPrevalence([group.result], seed: options.seed) : nil
        )
      }
    }
    try write(report, options)
  }

  /// `eval DATA.csv --test OTHER.csv` (train on DATA, test on OTHER) and
  /// `eval --model PATH OTHER.csv` (test a model file, or the built-in
  /// model, without training).
  private func evaluateOnOtherFile(_ options: EvalOptions) throws {
    guard let testPath = options.test else { return }
    let settings = options.training
    var report: EvalReport
    let model: NaiveBayesModel
    if let dataPath = options.data {
      let lexicon = try lexicon(settings)
      let data = try labeledCorpus(dataPath, options)
      let trained = Evaluation.train(
        data, tokenizer: settings.tokenizer, options: settings.options, lexicon: lexicon)
      model = trained.model
      report = EvalReport(name: Self.displayName(dataPath), corpus: data, seed: options.seed)
      report.trainingAccuracy = trained.trainingAccuracy
      report.trainingCount = data.count
    } else {
      model = try loadModel(options.model)
      report = EvalReport(name: "", corpus: LabeledCorpus(), seed: options.seed)
      report.modelName = options.model.map(Self.displayName) ?? "built-in"
    }
    let test = try labeledCorpus(testPath, options)
    let result = Evaluation.test(model, on: test)
    report.method = "test"
    report.testName = Self.displayName(testPath)
    report.testCorpus = test
    report.heldOut([result])
    if options.quantification {
      report.measureScore()
      report.naturalSets = PrevalenceSampling.naturalSets(result, seed: options.seed)
    }
    try write(report, options)
  }

  /// The labeled CSV at `path` (`-`: stdin), with a progress meter. Its
  /// errors name the file: `eval` may read two.
  private func labeledCorpus(_ path: String, _ options: EvalOptions) throws -> LabeledCorpus {
    try Files.withInput(path) { file in
      let meter = ProgressMeter.forInput(
        file.descriptor, label: "eval: reading", stderr: stderr, quiet: options.quiet)
      defer { meter?.finish() }
      do {
        return try TrainingData.corpus(
          ProgressSource(base: file, meter: meter), columns: options.training.columns)
      } catch let error where error is TrainingDataError || error is CSVError {
        let name = path == "-" ? "stdin" : ErrorLine.clean(path)
        throw RuntimeError(
          "\(name): \(error.localizedDescription)", status: ExitStatus(for: error))
      }
    }
  }

  /// What tells `meter` that folds are done (`nil`: no meter).
  private static func foldProgress(
    _ meter: StepMeter?
  ) -> (@Sendable (_ done: Int, _ total: Int) -> Void)? {
    guard let meter else { return nil }
    return { done, total in meter.step(done, of: total, "folds") }
  }

  private static func displayName(_ path: String) -> String {
    path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent
  }

  private func write(_ report: EvalReport, _ options: EvalOptions) throws {
    if options.json {
      try stdout.write(report.json())
    } else if options.csv {
      try stdout.write(report.csv())
    } else {
      try stdout.write(report.text())
    }
  }
}
