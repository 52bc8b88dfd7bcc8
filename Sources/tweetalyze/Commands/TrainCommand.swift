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
        guard case .missingColumn = error else { throw error }
        throw RuntimeError(
          "\(source): \(error.localizedDescription)", status: ExitStatus(for: error))
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
    let features = trainer.featureCount
    let lexiconWords = trainer.lexicon.entries.count
    let lexiconLine =
      lexiconWords == 0
      ? "Lexicon: none."
      : "Lexicon: \(lexiconWords) words (\(settings.lexicon ?? "built-in")"
        + (trainer.lexiconSkipped > 0
          ? "; \(trainer.lexiconSkipped) left out, not tokens as the tokenizer writes them" : "")
        + "), each counting \(FixedDecimal.string(settings.options.lexiconWeight, decimals: 0)) "
        + "times in its class."
    var accuracy: Double?
    if options.trainingAccuracy {
      var model = trainer.model(metadata: options.metadata, provenance: provenance)
      model.heldOut = trainer.heldOut
      accuracy = try trainingAccuracy(of: model, on: spool?.path ?? options.data, settings)
    }
    if options.json {
      var json = JSONWriter()
      json.beginObject()
      json.key("features")
      json.integer(features)
      json.key("lexicon")
      if lexiconWords > 0 {
        json.beginObject()
        json.key("skipped")
        json.integer(trainer.lexiconSkipped)
        json.key("source")
        json.string(settings.lexicon ?? "built-in")
        json.key("weight")
        json.number(settings.options.lexiconWeight)
        json.key("words")
        json.integer(lexiconWords)
        json.endObject()
      } else {
        json.null()
      }
      json.key("output")
      json.string(options.output)
      json.key("rows")
      json.perClass(summary.rows)
      json.key("sha256")
      json.string(sha256)
      json.key("skipped")
      json.integer(summary.skipped)
      json.key("source")
      json.string(source)
      json.key("training_accuracy")
      if let accuracy { json.number(accuracy, decimals: 4) } else { json.null() }
      json.endObject()
      try stdout.write(json.bytes + [0x0A])
    } else if !options.quiet {
      let measured = accuracy.map { " Training accuracy: \(FixedDecimal.string($0, decimals: 4))." }
      // Only data with `irrelevant` rows has any to skip.
      let skipped = summary.skipped > 0 ? "; \(summary.skipped) skipped (irrelevant)" : ""
      try stderr.write(
        """
        Trained on \(summary.used) rows from \(source): \
        \(summary.rows[Sentiment.negative.rawValue]) negative, \
        \(summary.rows[Sentiment.neutral.rawValue]) neutral, \
        \(summary.rows[Sentiment.positive.rawValue]) positive\(skipped).
        Features: \(features).\(measured ?? "")
        \(lexiconLine)
        Wrote \(options.output == "-" ? "the model to stdout" : options.output).

        """)
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
