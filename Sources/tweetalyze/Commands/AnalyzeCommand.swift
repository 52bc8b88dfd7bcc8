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

  /// The posts of the files at `paths` (`-`: stdin), those matching
  /// `--input`'s QUERY when one is given, up to `--count`, with warnings
  /// for dates not read and posts left out; refuses files without posts.
  func readInputs(_ paths: [String], _ options: AnalyzeOptions) throws -> [Tweet] {
    var tweets: [Tweet] = []
    var read = 0
    var undated: (count: Int, first: String?) = (0, nil)
    var undatedOutside = 0
    var empty = false
    let names = paths.map { $0 == "-" ? "stdin" : ErrorLine.clean($0) }
    for (path, name) in zip(paths, names) {
      let bytes = try Files.read(path, limit: Self.inputLimit)
      let whole = options.filter.map { Self.isRecording(path, for: $0) } ?? true
      do {
        // Only the posts kept are held: a file may hold millions.
        let found = try PostFile.forEachTweet(
          in: bytes, textColumn: options.textColumn, textColumns: TrainingDataColumns.textNames,
          dateColumn: options.dateColumn
        ) { tweet in
          guard whole || options.filter?.matches(tweet) ?? true else { return }
          guard options.window.contains(tweet.createdAt) else {
            if tweet.createdAt == nil { undatedOutside += 1 }
            return
          }
          read += 1
          if tweets.count < options.limit { tweets.append(tweet) }
        }
        undated.count += found.unreadableDates
        undated.first = undated.first ?? found.firstUnreadableDate
      } catch .empty {
        // An empty file holds no posts: exit 3 below when no file holds any.
        empty = true
      } catch {
        throw RuntimeError("\(name): \(error.localizedDescription)", status: .dataError)
      }
    }
    if undatedOutside > 0 && !options.quiet {
      try stderr.write("Warning: \(Self.undatedNote(undatedOutside))\n")
      try stderr.flush()
    }
    guard !tweets.isEmpty else {
      let which =
        (options.filter.map { " that match \($0)" } ?? "")
        + (options.window.isUnbounded ? "" : " " + Self.describe(options.window))
      let files = names.joined(separator: ", ")
      throw RuntimeError(
        "no posts\(which) in \(files)"
          + (empty && paths.count == 1
            ? " (it is empty)" : "; there is no score without posts"),
        status: .noTweets)
    }
    if undated.count > 0 && !options.quiet {
      let example = ErrorLine.clean(String((undated.first ?? "").prefix(40)))
      try stderr.write(
        "Warning: \(undated.count) date\(undated.count == 1 ? "" : "s") not read (such as "
          + "'\(example)'), so \(undated.count == 1 ? "its post is" : "their posts are") undated; "
          + "dates are ISO 8601, YYYY-MM-DD or the X API's; --date-column NAME chooses the "
          + "column, none ignores it\n")
      try stderr.flush()
    }
    if read > tweets.count && !options.quiet {
      try stderr.write(
        "Warning: analyzed the first \(tweets.count) of \(read) posts; --count N sets how many "
          + "(at most \(AnalyzeOptions.maximumCount))\n")
      try stderr.flush()
    }
    return tweets
  }

  /// The largest `--input` file read: 256 MiB, as for every other input.
  static let inputLimit = 256 << 20

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

  /// The posts a search for `query` finds (or a replay reads), up to
  /// `--count`, with the warnings a search gives; refuses a search that
  /// finds none.
  nonisolated(nonsending) func fetchTweets(
    _ query: SearchQuery, _ options: AnalyzeOptions,
    source: (source: TweetSource, display: FetchDisplay)
  ) async throws -> [Tweet] {
    let display = source.display
    let tweets: [Tweet]
    do {
      defer { display.stop() }
      if let (base, service) = Self.baseURL(of: source.source) {
        let host = URL(string: base).map { url in
          (url.host ?? "") + (url.port.map { ":\($0)" } ?? "")
        }
        // The service was asked for the window; what it answered is kept
        // within it too (X's end_time is not sent for a time under 10 s ago).
        tweets = try await NetworkTrap.guarding(host: host ?? "", service: service) {
          try await source.source.tweets(for: query, count: options.limit)
        }.filter { options.window.contains($0.createdAt) }
      } else {
        // A replay reads every recorded post, to say when --count cuts it.
        var all = try await source.source.tweets(
          for: query, count: max(options.limit, AnalyzeOptions.maximumCount))
        if !options.window.isUnbounded {
          all = try Self.inWindow(
            all, options, from: options.fixtures.map(ErrorLine.clean) ?? "", display: display)
        }
        // One rule for a query over recorded posts (``isRecording(_:for:)``).
        if let fixtures = options.fixtures, !Self.isDirectory(fixtures),
          !Self.isRecording(fixtures, for: query), !all.isEmpty
        {
          let recorded = all.count
          all = all.filter(query.matches)
          guard !all.isEmpty else {
            throw RuntimeError(
              "no posts that match \(query) among the \(recorded) in "
                + "\(ErrorLine.clean(fixtures)); is it the file for this query? (--fixtures DIR "
                + "reads each query's own file)", status: .noTweets)
          }
        }
        tweets = Array(all.prefix(options.limit))
        if all.count > tweets.count {
          display.warn(
            "analyzed the first \(tweets.count) of \(all.count) recorded posts; without --count "
              + "a replay reads every one")
        }
      }
    }
    guard !tweets.isEmpty else {
      let noun = display.noun
      throw RuntimeError(
        "no \(noun)s found for \(query); there is no score without \(noun)s", status: .noTweets)
    }
    if options.fixtures == nil, let asked = options.count, tweets.count < asked {
      display.warn(
        "found \(tweets.count) \(display.noun)s for \(query), fewer than the \(asked) asked for; "
          + "the search holds no more")
    }
    return tweets
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
    try printAnalysis(
      analysis, label: label, options, model: model, several: several, csvHeader: csvHeader,
      change: change)
    // Said last, as `train` says where its model went; not for a device.
    if let plot = options.plot, !options.quiet, !plot.hasPrefix("/dev/") {
      try stdout.flush()
      try stderr.write("Wrote \(ErrorLine.clean(plot)).\n")
      try stderr.flush()
    }
  }

  /// Prints `analysis` as the options ask: CSV, JSON, or the score line and
  /// its sections.
  private func printAnalysis(
    _ analysis: Analysis, label: String, _ options: AnalyzeOptions, model: NaiveBayesModel,
    several: Bool, csvHeader: Bool, change: (since: Date, Comparison)?
  ) throws {
    let (score, estimate) = (analysis.labels, analysis.estimate)
    let band = estimate.band
    let (top, trend, why) = (analysis.mentions, analysis.trend, analysis.drivers)
    if options.csv {
      // The tweet table stands alone: one table per stream.
      guard !options.tweets else { return }
      if let trend {
        try stdout.write(
          (csvHeader ? AnalyzeReport.trendCSVHeader : "")
            + AnalyzeReport.trendCSVRows(query: label, trend))
      } else if let top {
        try stdout.write(
          (csvHeader ? AnalyzeReport.mentionsCSVHeader : "")
            + AnalyzeReport.mentionsCSVRows(query: label, top))
      } else if let why {
        try stdout.write(
          (csvHeader ? AnalyzeReport.driversCSVHeader : "")
            + AnalyzeReport.driversCSVRows(query: label, why))
      } else {
        try stdout.write(
          (csvHeader ? AnalyzeReport.csvHeader : "")
            + AnalyzeReport.csvRow(query: label, score, estimate))
      }
      return
    }
    if options.json {
      try stdout.write(
        AnalyzeReport.summaryJSON(
          query: label, score, estimate, band: band, details: options.details,
          mentions: top, trend: trend, why: why, change: change))
      return
    }
    let style = Style(output: stdout, environment: environment)
    let value = style.paint("\(estimate.score)", Style.colour(ofValue: Double(estimate.score)))
    try stdout.write("\(band.emoji) \(value)" + (several ? " \(label)" : "") + "\n")
    if let change { try stdout.write(HistoryFile.changeText(since: change.since, change.1)) }
    // The doubt about the emoji, said once: on stderr, or in --details.
    if !options.quiet && !options.details,
      let note = AnalyzeReport.uncertaintyNote(estimate, query: several ? label : nil)
    {
      try stdout.flush()
      try stderr.write(note)
      try stderr.flush()
    }
    if options.details {
      try stdout.write(
        "\n"
          + AnalyzeReport.detailsText(
            score, estimate, calibrated: model.heldOut != nil, style: style))
    }
    if let top {
      try stdout.write(
        "\n" + AnalyzeReport.mentionsText(top, method: estimate.method, style: style))
    }
    if let trend {
      try stdout.write("\n" + AnalyzeReport.trendText(trend, method: estimate.method, style: style))
    }
    if let why {
      try stdout.write(
        "\n" + AnalyzeReport.driversText(why, positive: score.positive, negative: score.negative))
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

  /// The base URL a live source fetches from, and its service; `nil` for
  /// recorded responses.
  private static func baseURL(of source: TweetSource) -> (String, HTTPService)? {
    (source as? any LiveSource).map { ($0.baseURL, $0.service.descriptor) }
  }

  /// The posts of `all` in the options' window; a warning for the undated
  /// ones left out, and an error naming `name` when none is left.
  private static func inWindow(
    _ all: [Tweet], _ options: AnalyzeOptions, from name: String, display: FetchDisplay
  ) throws -> [Tweet] {
    let kept = all.filter { options.window.contains($0.createdAt) }
    let undated = all.count(where: { $0.createdAt == nil })
    if undated > 0 { display.warn(undatedNote(undated)) }
    guard !kept.isEmpty || all.isEmpty else {
      throw RuntimeError(
        "no posts \(describe(options.window)) among the \(all.count) in \(name)", status: .noTweets)
    }
    return kept
  }

  /// `N undated posts left out: …`, the warning's words.
  static func undatedNote(_ count: Int) -> String {
    "\(count) undated post\(count == 1 ? "" : "s") left out: --since and --until keep the posts "
      + "whose date is in the window"
  }

  /// `from 2026-06-08T00:00:00Z`, `before …`, or `from … to …`.
  static func describe(_ window: DateWindow) -> String {
    switch (window.since, window.until) {
    case (let since?, let until?): "from \(ISO8601.string(since)) to \(ISO8601.string(until))"
    case (let since?, nil): "from \(ISO8601.string(since)) on"
    case (nil, let until?): "before \(ISO8601.string(until))"
    case (nil, nil): ""
    }
  }

  /// Whether `path` is the recording of `query`'s search, named as
  /// `--record` names it (`at-apple.jsonl` or `.json` for `@Apple`): its
  /// posts are that search's answer and are read whole. Any other file of
  /// recorded posts, given to `--input` or `--fixtures` with a query, keeps
  /// the posts that match the query (``SearchQuery/matches(_:)``): one rule
  /// for a query over recorded posts.
  static func isRecording(_ path: String, for query: SearchQuery) -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
    return [".jsonl", ".json"].contains { name == query.fileStem.lowercased() + $0 }
  }

  /// Whether `path` names a directory (`--fixtures DIR`).
  private static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path.isEmpty ? "." : path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
