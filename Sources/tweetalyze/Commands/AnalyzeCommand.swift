import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze QUERY...`: for each query in turn, fetch, classify, score
  /// and print `EMOJI SCORE` (with several queries, `EMOJI SCORE QUERY`).
  /// A query that fails prints its error and the others still run; the
  /// status is the first failing query's.
  nonisolated(nonsending) func analyze(_ options: AnalyzeOptions) async throws -> ExitStatus {
    try checkHistory(options)
    guard options.inputs.isEmpty else { return try analyzeInputs(options) }
    let queries = options.queries
    // A chart that cannot be written is known before anything is fetched.
    if let plot = options.plot {
      try SVGPlot.checkPath(plot)
      try Files.refuseReplacing(
        [
          options.model.map { ($0, "the model \($0)") },
          options.fixtures.map { ($0, "the recorded responses \($0)") },
          options.tokenFile.map { ($0, "the token file \($0)") },
        ].compactMap { $0 }, with: plot, option: "--plot", written: "the chart")
    }
    // A recording never replaces an input: its file may be a link to one.
    if let record = options.record {
      for query in queries {
        try Files.refuseReplacing(
          [
            options.model.map { ($0, "the model \($0)") },
            options.tokenFile.map { ($0, "the token file \($0)") },
          ].compactMap { $0 },
          with: URL(fileURLWithPath: record).appendingPathComponent("\(query.fileStem).jsonl").path,
          option: "--record", written: "the recording")
      }
    }
    // What all queries share fails once, before any runs.
    // One Bluesky login for all queries.
    let session = BlueskySession()
    let sources = try queries.map { try tweetSource(options, query: $0, session: session) }
    let model = try loadModel(options.model)
    guard queries.count > 1 else {
      try await analyze(
        queries[0], options, source: sources[0], model: model, several: false, csvHeader: true)
      return .success
    }
    // Sections make a block of lines per query: blocks are separated by a
    // blank line, as sections are; CSV is one table.
    let blocks =
      !options.json && !options.csv
      && (options.tweets || options.details || options.mentions != nil || options.trend
        || options.why != nil)
    var status = ExitStatus.success
    var printed = false
    for (query, source) in zip(queries, sources) {
      do {
        if blocks && printed { try stdout.write("\n") }
        // The CSV header comes once, before the first query's rows.
        try await analyze(
          query, options, source: source, model: model, several: true, csvHeader: !printed)
        printed = true
      } catch let error where !(error is BrokenPipe) && !Self.isOutputFailure(error) {
        try stdout.flush()
        try stderr.write(
          Tweetalyze.errorReport(error, json: options.json, query: query.description))
        try stderr.flush()
        if status == .success { status = ExitStatus(for: error) }
      }
    }
    return status
  }

  /// `tweetalyze --input FILE... [QUERY]`: the posts of every file, those
  /// matching QUERY when one is given, up to `--count`, analyzed as one set.
  private func analyzeInputs(_ options: AnalyzeOptions) throws -> ExitStatus {
    if let plot = options.plot {
      try SVGPlot.checkPath(plot)
      try Files.refuseReplacing(
        options.inputs.map { ($0, "the input \($0)") }
          + [options.model.map { ($0, "the model \($0)") }].compactMap { $0 },
        with: plot, option: "--plot", written: "the chart")
    }
    let model = try loadModel(options.model)
    let tweets = try readInputs(options.inputs, options)
    let names = options.inputs.map { $0 == "-" ? "stdin" : ErrorLine.clean($0) }
    try report(
      tweets, label: options.filter?.description ?? names.joined(separator: " "),
      excluding: options.filter, options, model: model, several: false, csvHeader: true)
    return .success
  }

  /// Whether `error` is a failure to write stdout, which ends every query.
  private static func isOutputFailure(_ error: Error) -> Bool {
    (error as? RuntimeError)?.status == .cannotCreate
  }

  /// Analyzes one query; `several` names it on the score line, and
  /// `csvHeader` says whether its CSV rows come after the header.
  nonisolated(nonsending) private func analyze(
    _ query: SearchQuery, _ options: AnalyzeOptions,
    source: (source: TweetSource, display: FetchDisplay), model: NaiveBayesModel, several: Bool,
    csvHeader: Bool
  ) async throws {
    let tweets = try await fetchTweets(query, options, source: source)
    try report(
      tweets, label: query.description, excluding: query, options, model: model,
      several: several, csvHeader: csvHeader)
  }

  /// Analyzes `tweets` (``Analysis``) and prints what the options ask for; `label` names
  /// them (the query, or the input files) in JSON, CSV and the chart, and
  /// `excluding` is left out of `--mentions`.
  private func report(
    _ tweets: [Tweet], label: String, excluding query: SearchQuery?, _ options: AnalyzeOptions,
    model: NaiveBayesModel, several: Bool, csvHeader: Bool
  ) throws {
    if options.tweets && options.csv && csvHeader {
      try stdout.write(AnalyzeReport.tweetCSVHeader)
    }
    let analysis = try Analysis(
      tweets, model: model, method: options.estimator, mentions: options.mentions,
      trend: options.trend, unit: options.by, drivers: options.why, excluding: query
    ) { tweet, prediction in
      guard options.tweets else { return }
      if options.json {
        try stdout.write(AnalyzeReport.tweetJSON(tweet, prediction))
      } else if options.csv {
        try stdout.write(AnalyzeReport.tweetCSVRow(query: label, tweet, prediction))
      } else {
        try stdout.append { AnalyzeReport.tweetLine(tweet, prediction, into: &$0) }
      }
    }
    if let plot = options.plot {
      // An empty chart answers nothing: undated posts have no trend to draw.
      if let trend = analysis.trend, trend.buckets.isEmpty {
        throw RuntimeError(
          "--plot: none of the \(trend.undated) posts has a date, so there is no trend to draw "
            + "and no chart was written; --input files give dates in a created_at or date "
            + "column (--date-column NAME)",
          status: .noTweets)
      }
      let method = analysis.estimate.method
      let svg =
        analysis.trend.map { SVGPlot.trend($0, query: label, method: method) }
        ?? analysis.drivers.map { SVGPlot.drivers($0, query: label) }
        ?? SVGPlot.mentions(analysis.mentions, query: label, method: method)
      try SVGPlot.write(svg, to: plot)
    }
    let change = try history(tweets, analysis, label: label, options)
    let format = AnalyzeReport.Format(
      csv: options.csv, json: options.json, tweets: options.tweets, details: options.details,
      quiet: options.quiet, calibrated: model.heldOut != nil)
    try AnalyzeReport.write(
      analysis, label: label, format: format, several: several, csvHeader: csvHeader,
      change: change, stdout: stdout, stderr: stderr, environment: environment)
    // Said last, as `train` says where its model went; not for a device.
    if let plot = options.plot, !options.quiet, !plot.hasPrefix("/dev/") {
      try stdout.flush()
      try stderr.write("Wrote \(ErrorLine.clean(plot)).\n")
      try stderr.flush()
    }
  }

  /// With `--history FILE`: the change since the query's latest earlier
  /// run there (``HistoryFile/record(_:at:source:model:)``), this run
  /// appended; warnings on stderr.
  private func history(
    _ tweets: [Tweet], _ analysis: Analysis, label: String, _ options: AnalyzeOptions
  ) throws -> (since: Date, Comparison)? {
    guard let path = options.history else { return nil }
    let set = ComparedSet(name: label, tweets: tweets, analysis: analysis)
    let source = options.inputs.isEmpty ? historySource(options) : "input"
    let (change, warnings) = try HistoryFile.record(
      set, at: path, source: source, model: try historyModelID(options))
    try warn(warnings, quiet: options.quiet)
    return change
  }

  /// The identity of the model `options` name, which a history keeps.
  func historyModelID(_ options: AnalyzeOptions) throws -> String {
    let bytes = try options.model.map { try Files.read($0, limit: Files.modelLimit) }
    return HistoryRecord.modelID(bytes ?? [UInt8](DefaultModel.bytes))
  }

  /// Where a search's posts come from, as a history keeps it.
  func historySource(_ options: AnalyzeOptions) -> String {
    options.fixtures != nil ? "fixtures" : options.source.rawValue
  }

  /// Prints `warnings` on stderr, one `Warning:` line each, unless `quiet`.
  func warn(_ warnings: [String], quiet: Bool) throws {
    guard !quiet && !warnings.isEmpty else { return }
    try stdout.flush()
    try stderr.write(warnings.map { "Warning: \($0)\n" }.joined())
    try stderr.flush()
  }
}
