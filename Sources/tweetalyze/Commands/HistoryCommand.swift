import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze history FILE [QUERY]`: the runs a `--history` file keeps,
  /// oldest first, as text, JSON or CSV, and with `--plot` as a chart.
  func history(_ options: HistoryOptions) throws {
    let name = ErrorLine.clean(options.file)
    guard FileManager.default.fileExists(atPath: options.file) else {
      throw RuntimeError(
        "\(name) does not exist; 'tweetalyze QUERY --history \(name)' starts it",
        status: .noInput)
    }
    let found = try HistoryFile.read(options.file, query: options.query)
    if found.unreadable > 0 {
      try warn(
        [
          "\(name): skipped \(found.unreadable) line\(found.unreadable == 1 ? "" : "s") that "
            + "cannot be read (a run stopped while writing leaves one)"
        ], quiet: false)
    }
    guard !found.records.isEmpty else {
      throw RuntimeError(
        options.query.map { "no runs of \($0) in \(name); 'tweetalyze history \(name)' lists all" }
          ?? "no runs in \(name)",
        status: .noTweets)
    }
    if let plot = options.plot {
      let queries = Set(found.records.map(\.query))
      guard queries.count == 1, let query = queries.first else {
        throw RuntimeError(
          "--plot draws one query's runs, and \(name) holds \(queries.count): give one, e.g. "
            + "'tweetalyze history \(name) \(found.records[0].query) --plot \(plot)'",
          status: .usage)
      }
      try SVGPlot.checkPath(plot)
      try Files.refuseReplacing(
        [(options.file, "the history \(name)")], with: plot, option: "--plot",
        written: "the chart")
      try SVGPlot.write(HistoryReport.plot(found.records, query: query), to: plot)
    }
    if options.json {
      try stdout.write(HistoryReport.json(found.records, unreadable: found.unreadable))
    } else if options.csv {
      try stdout.write(HistoryReport.csv(found.records))
    } else {
      try stdout.write(HistoryReport.text(found.records))
    }
  }

  /// Refuses a `--history` file that is one of the run's inputs: appending
  /// to it would damage it.
  func checkHistory(_ options: AnalyzeOptions) throws {
    guard let history = options.history else { return }
    try Files.refuseReplacing(
      options.inputs.map { ($0, "the input \($0)") }
        + [
          options.model.map { ($0, "the model \($0)") },
          options.fixtures.map { ($0, "the recorded responses \($0)") },
          options.tokenFile.map { ($0, "the token file \($0)") },
          options.plot.map { ($0, "the chart \($0)") },
        ].compactMap { $0 }, with: history, option: "--history", written: "the history")
  }

}
