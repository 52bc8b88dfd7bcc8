import Foundation
import SentimentCore

/// The checks between options, one `validate(given:)` per command's options
/// (``CommandSettings/validate(given:)``), which the parser calls once every
/// option and argument is written in; and the rules between the options that
/// choose an output: a format (`--json`, `--csv`) and a chart (`--plot`).
extension CommandLineParser {
  /// Refuses `--csv` with `--json`: one format on stdout.
  static func checkFormat(json: Bool, csv: Bool, command: CommandName) throws(UsageError) {
    guard json && csv else { return }
    throw UsageError(message: "Give --csv or --json, not both", command: command)
  }
}

extension AnalyzeOptions {
  /// The checks between analyze's options: a search's (``checkSearch()``)
  /// or `--input`'s (``checkInput()``), then the outputs' (``checkOutput()``).
  /// "Give --input or --source, not both", "--record or --fixtures" and the
  /// like are exclusions of the options themselves (``Option/excluding(_:_:)``),
  /// refused as they are read.
  mutating func validate(given: [String]) throws(UsageError) {
    if inputs.isEmpty { try checkSearch() } else { try checkInput() }
    try checkWindow(now: Date())
    try checkOutput()
  }

  /// How far back X's recent search reaches.
  static let recentSearchReach: TimeInterval = 7 * 86_400

  /// `--since` and `--until`: in order, and, for a live search, a time the
  /// service can reach at `now`: nothing after now, and for X's recent
  /// search nothing before its 7 days.
  func checkWindow(now: Date) throws(UsageError) {
    let (since, until) = (window.since, window.until)
    if let since, let until, since >= until {
      throw UsageError(
        message: "--since \(ISO8601.string(since)) is not before --until \(ISO8601.string(until)): "
          + "give a window that starts before it ends",
        command: .analyze)
    }
    guard inputs.isEmpty && fixtures == nil else { return }
    if let since, since > now {
      throw UsageError(
        message: "--since \(ISO8601.string(since)) is in the future: no post is that recent yet",
        command: .analyze)
    }
    guard source == .x else { return }
    let reach = now.addingTimeInterval(-Self.recentSearchReach)
    for (option, date) in [("--since", since), ("--until", until)] {
      guard let date, date < reach else { continue }
      throw UsageError(
        message: "\(option) \(ISO8601.string(date)) is before what X's recent search reaches "
          + "(the last 7 days, from \(ISO8601.string(reach))): give a later date; --source "
          + "bluesky searches further back, and --input reads posts you saved",
        command: .analyze)
    }
  }

  /// A search's options: `--instance` only for Mastodon, no CSV columns.
  func checkSearch() throws(UsageError) {
    if instance != nil && source != .mastodon {
      throw UsageError(
        message: "--instance names a Mastodon instance; give --source mastodon with it",
        command: .analyze)
    }
    for (option, given) in [
      ("--text-column", textColumn != nil),
      ("--date-column", dateColumn != .automatic),
    ] where given {
      throw UsageError(
        message: "\(option) names a CSV column of an --input file; give --input FILE",
        command: .analyze)
    }
  }

  /// `--input`'s options: standard input once.
  func checkInput() throws(UsageError) {
    if inputs.filter({ $0 == "-" }).count > 1 {
      throw UsageError(
        message: "Give --input - once: standard input can be read only once", command: .analyze)
    }
  }

  /// Refuses a format or chart that cannot be given: see
  /// ``CommandLineParser/checkFormat(json:csv:command:)``; `--plot` draws
  /// one chart, of `--trend` or of `--mentions`; `--csv` prints one table,
  /// of `--tweets`, `--trend` or `--mentions` (with `--plot`, the tweets'
  /// table and the chart of a section).
  func checkOutput() throws(UsageError) {
    try CommandLineParser.checkFormat(json: json, csv: csv, command: .analyze)
    let sections = [
      trend ? "--trend" : nil, mentions != nil ? "--mentions" : nil, why != nil ? "--why" : nil,
    ].compactMap { $0 }
    if by != nil && !trend {
      throw UsageError(
        message: "--by sets the unit of --trend: give --trend with it", command: .analyze)
    }
    if let plot {
      if plot == "-" {
        throw UsageError(
          message: "--plot takes a file name: on stdout the chart would mix with the score; "
            + "e.g. --plot trend.svg",
          command: .analyze)
      }
      // A device (/dev/stdout, /dev/fd/3) is written through, whatever its name.
      if !plot.lowercased().hasSuffix(".svg") && !plot.hasPrefix("/dev/") {
        throw UsageError(
          message: "--plot writes an SVG chart: give a file name ending in .svg (got "
            + "'\(ErrorLine.clean(String(plot.suffix(60))))'); rsvg-convert makes a PNG of it",
          command: .analyze)
      }
      if sections.isEmpty {
        throw UsageError(
          message: "--plot draws --trend, --mentions or --why: add one of them, e.g. "
            + "--trend --plot trend.svg",
          command: .analyze)
      }
      if queries.count > 1 {
        throw UsageError(
          message: "--plot draws the chart of one query: give one query with it",
          command: .analyze)
      }
      if sections.count > 1 {
        throw UsageError(
          message: "--plot draws one chart: give one of --trend, --mentions and --why with it",
          command: .analyze)
      }
    } else if csv && sections.count + (tweets ? 1 : 0) > 1 {
      throw UsageError(
        message: "--csv prints one table: give one of --tweets, --trend, --mentions and --why with "
          + "it (or --json for several)",
        command: .analyze)
    }
  }
}

extension ClassifyOptions {
  /// Texts from one place; one format; `--csv` for texts' labels and CSV
  /// rows (`--csv-column`), not for archives.
  mutating func validate(given: [String]) throws(UsageError) {
    try input.check(command: .classify)
    try CommandLineParser.checkFormat(json: json, csv: csv, command: .classify)
    if csv && archive {
      throw UsageError(
        message: "--csv prints texts' labels; --archive prints JSON objects", command: .classify)
    }
  }
}

extension ExplainOptions {
  /// Texts from one place.
  mutating func validate(given: [String]) throws(UsageError) {
    try input.check(command: .explain)
  }
}

extension TrainOptions {
  /// `--out` given; the lexicon's options agree with each other and the data.
  mutating func validate(given: [String]) throws(UsageError) {
    guard !output.isEmpty else {
      throw UsageError(
        message: "Missing --out: say where to write the model, e.g. --out model.json",
        command: .train)
    }
    try training.check(data: data, command: .train)
  }
}

extension HistoryOptions {
  /// A file, at most a query, one format, and a chart of one query.
  func validate(given: [String], extra: [String]) throws(UsageError) {
    guard !file.isEmpty else {
      throw UsageError(
        message: "Give the history file that --history writes, e.g. history.jsonl",
        command: .history)
    }
    if let first = extra.first {
      throw UsageError(
        message: "Unexpected argument '\(ErrorLine.clean(first))': give the file and at most "
          + "one query",
        command: .history)
    }
    try CommandLineParser.checkFormat(json: json, csv: csv, command: .history)
    if let plot, plot == "-" || (!plot.lowercased().hasSuffix(".svg") && !plot.hasPrefix("/dev/")) {
      throw UsageError(
        message: "--plot writes an SVG chart: give a file name ending in .svg, e.g. "
          + "--plot history.svg",
        command: .history)
    }
  }
}

extension MergeOptions {
  /// Two or more models, and `--out`.
  mutating func validate(given: [String]) throws(UsageError) {
    guard models.count >= 2 else {
      throw UsageError(
        message: "Give two or more model files to merge, e.g. part1.json part2.json",
        command: .merge)
    }
    guard !output.isEmpty else {
      throw UsageError(
        message: "Missing --out: say where to write the merged model, e.g. --out model.json",
        command: .merge)
    }
  }
}

extension EvalOptions {
  /// A test file's options (``checkTest(given:)``), the lexicon's, one format.
  mutating func validate(given: [String]) throws(UsageError) {
    if testsOtherFile { try checkTest(given: given) }
    try training.check(data: data, command: .eval)
    try CommandLineParser.checkFormat(json: json, csv: csv, command: .eval)
  }

  /// The options of `eval --test` and `eval --model`: the test file taken
  /// from DATA.csv when `--model` names the model, and no option that only
  /// holding data out (or training, for an existing model) uses.
  mutating func checkTest(given: [String]) throws(UsageError) {
    if model != nil {
      if let data {
        guard test == nil else {
          throw UsageError(
            message: "Give the file to test on once: as DATA.csv or as --test, not both "
              + "(--model names the model, so nothing is trained)",
            command: .eval)
        }
        test = data
        self.data = nil
      }
      guard test != nil else {
        throw UsageError(
          message: "Missing test file: give the labeled CSV to test the model on, "
            + "e.g. tweetalyze eval --model model.json labeled.csv",
          command: .eval)
      }
    }
    if data == "-" && test == "-" {
      throw UsageError(
        message: "Standard input can hold the training data or the test file, not both",
        command: .eval)
    }
    for name in ["split", "folds", "group-column"] where given.contains(name) {
      throw UsageError(
        message: "--\(name) holds data out of DATA.csv; with --test or --model the test file is "
          + "the held-out data, so leave --\(name) out",
        command: .eval)
    }
    guard data == nil else { return }
    let training = Set(TrainingSettings.options.map(\.spec.name)).subtracting([
      "text-column", "label-column",
    ])
    for name in given where training.contains(name) {
      throw UsageError(
        message: "--\(name) is a training option, and nothing is trained when an existing model "
          + "is tested; give DATA.csv to train on, or leave --\(name) out",
        command: .eval)
    }
  }
}

extension CompareOptions {
  /// Two or more sets; a search's options or `--input`'s, as analyze checks
  /// them; one format.
  mutating func validate(given: [String]) throws(UsageError) {
    guard setCount >= 2 else {
      throw UsageError(message: CommandLineParser.missingSets, command: .compare)
    }
    do {
      if analysis.inputs.isEmpty { try analysis.checkSearch() } else { try analysis.checkInput() }
    } catch {
      throw UsageError(message: error.message, command: .compare)
    }
    try CommandLineParser.checkFormat(json: analysis.json, csv: analysis.csv, command: .compare)
  }
}
