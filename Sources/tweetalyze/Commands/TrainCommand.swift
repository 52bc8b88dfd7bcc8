import Foundation
import SentimentCore

extension Context {
  /// Refuses `--json` with an `--out` of `-`, `/dev/stdout` or a link to it:
  /// the model and the JSON summary would share stdout.
  static func refuseSharedStdout(_ output: String, command: CommandName) throws {
    guard (try? Files.outputTarget(output)) == .descriptor(1) else { return }
    throw UsageError(
      message: "--out \(output) writes the model to stdout, where --json would write "
        + "too; drop --json, or write the model to a file",
      command: command)
  }

  /// The lexicon that `settings` ask for: the built-in one, or one read from
  /// a CSV file.
  func lexicon(_ settings: TrainingSettings) throws -> Lexicon {
    guard let path = settings.lexicon else { return .builtIn }
    do {
      return try Files.withInput(path) { try Lexicon.read($0) }
    } catch let error as LexiconError {
      throw RuntimeError("lexicon \(path): \(error.localizedDescription)", status: .dataError)
    }
  }

  /// `tweetalyze train`: stream the CSV into a trainer and write the model
  /// atomically from its counts; the summary goes to stderr, or to stdout as
  /// JSON with `--json`.
  ///
  /// With `--training-accuracy`, the data is read a second time to score the
  /// model on it, which keeps memory to the model's size instead of also
  /// holding every training document; standard input is then spooled to a
  /// temporary file for the second reading.
  func train(_ options: TrainOptions) throws {
    let settings = options.training
    try Files.refuseReplacing(
      [(options.data, options.data == "-" ? "the training data (stdin)" : "the training data")]
        + (settings.lexicon.map { [($0, "the lexicon \($0 == "-" ? "(stdin)" : $0)")] } ?? []),
      with: options.output, option: "--out", written: "the model")
    if options.json { try Self.refuseSharedStdout(options.output, command: .train) }
    let spool = options.data == "-" && options.trainingAccuracy ? try Spool() : nil
    defer { spool?.remove() }
    let source =
      options.data == "-" ? "stdin" : URL(fileURLWithPath: options.data).lastPathComponent
    let lexicon = try lexicon(settings)
    let jobs = Parallel.workers(
      for: options.jobs ?? min(Parallel.processors, TrainOptions.defaultJobs))
    var sample = HeldOutSample()
    let (trainer, summary, sha256) = try Files.withInput(options.data) { file in
      // --json promises nothing on stderr.
      let meter = ProgressMeter.forInput(
        file.descriptor, label: "train", stderr: stderr, quiet: options.quiet || options.json)
      defer { meter?.finish() }
      let spooled = SpoolingSource(base: ProgressSource(base: file, meter: meter), spool: spool)
      // Hashing, reading and counting each on threads of their own, when
      // there are several.
      var reader = CSVReader(source: HashingSource(spooled, background: jobs > 1))
      let (trainer, summary): (CorpusTrainer, TrainingDataSummary)
      do {
        (trainer, summary) = try CorpusTrainer.train(
          &reader, columns: settings.columns, jobs: jobs, tokenizer: settings.tokenizer,
          options: settings.options, lexicon: lexicon, sample: &sample)
      } catch let error as TrainingDataError {
        // A header's error names the file; a row's names its line.
        guard case .missingColumn(let role, let tried, let header, let option) = error else {
          throw error
        }
        // The reader names eval's option for the groups; train's is --fit-groups.
        let named =
          role == "group" && option == nil
          ? TrainingDataError.missingColumn(
            role: role, tried: tried, header: header, option: "--fit-groups")
          : error
        throw RuntimeError(
          "\(source): \(named.localizedDescription)", status: ExitStatus(for: named))
      }
      return (trainer, summary, reader.source.finalize())
    }
    let provenance = Provenance(
      source: source, sha256: sha256, rows: summary.rows, skipped: summary.skipped)
    try Files.writeAtomically(to: options.output) { write in
      try ModelFile.encode(
        trainer, metadata: options.metadata, provenance: provenance, heldOut: trainer.heldOut,
        jobs: jobs, to: write)
    }
    var report = TrainSummary(
      source: source, output: options.output, data: summary, sha256: sha256,
      features: trainer.featureCount, lexiconWords: trainer.lexicon.entries.count,
      lexiconSkipped: trainer.lexiconSkipped, lexiconSource: settings.lexicon ?? "built-in",
      lexiconWeight: settings.options.lexiconWeight)
    if options.trainingAccuracy {
      var model = trainer.model(metadata: options.metadata, provenance: provenance)
      model.heldOut = trainer.heldOut
      report.trainingAccuracy = try trainingAccuracy(
        of: model, on: spool?.path ?? options.data, settings)
    }
    if options.json {
      try stdout.write(report.json)
    } else if !options.quiet {
      try stderr.write(report.text)
    }
  }

  /// The second reading: the share of the rows that `model` classifies as
  /// labeled.
  fileprivate func trainingAccuracy(
    of model: NaiveBayesModel, on path: String, _ settings: TrainingSettings
  ) throws -> Double {
    var classifier = Classifier(model: model)
    var correct = 0
    var used = 0
    _ = try Files.withInput(path) { file in
      try TrainingData.read(file, columns: settings.columns) { label, text in
        used += 1
        if classifier.predict(text.span).label == label { correct += 1 }
      }
    }
    return Double(correct) / Double(max(used, 1))
  }
}
