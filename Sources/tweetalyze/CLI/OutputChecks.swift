/// The rules between the options that choose an output: a format (`--json`,
/// `--csv`) and a chart (`--plot`).
extension CommandLineParser {
  /// Refuses `--csv` with `--json`: one format on stdout.
  static func checkFormat(json: Bool, csv: Bool, command: CommandName) throws(UsageError) {
    guard json && csv else { return }
    throw UsageError(message: "Give --csv or --json, not both", command: command)
  }
}

extension AnalyzeOptions {
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
