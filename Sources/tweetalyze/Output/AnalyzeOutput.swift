import Foundation
import SentimentCore

extension AnalyzeReport {
  /// What the main command's options ask to print of one set.
  struct Format {
    /// `--csv`: a table (of the posts with `--tweets`, else of the section
    /// asked for, else of the score).
    var csv = false
    /// `--json`: one object.
    var json = false
    /// `--tweets`: the posts were printed as they were classified.
    var tweets = false
    /// `--details`: the counts, the estimate and its interval.
    var details = false
    /// `--quiet`: no note on stderr.
    var quiet = false
    /// Whether the model has a held-out fit (`--details` says so).
    var calibrated = false
  }

  /// Prints `analysis` of the set `label` as `format` asks: CSV, JSON, or
  /// the score line (naming `label` when `several`) and its sections on
  /// `stdout`, the note on the score's doubt on `stderr`; `csvHeader` says
  /// whether the CSV header comes first, `change` is `--history`'s.
  static func write(
    _ analysis: Analysis, label: String, format: Format, several: Bool, csvHeader: Bool,
    change: (since: Date, Comparison)?, stdout: Output, stderr: Output, environment: Environment
  ) throws {
    let (score, estimate) = (analysis.labels, analysis.estimate)
    let band = estimate.band
    let (top, trend, why) = (analysis.mentions, analysis.trend, analysis.drivers)
    if format.csv {
      // The tweet table stands alone: one table per stream.
      guard !format.tweets else { return }
      if let trend {
        try stdout.write(
          (csvHeader ? trendCSVHeader : "")
            + trendCSVRows(query: label, trend))
      } else if let top {
        try stdout.write(
          (csvHeader ? mentionsCSVHeader : "")
            + mentionsCSVRows(query: label, top))
      } else if let why {
        try stdout.write(
          (csvHeader ? driversCSVHeader : "")
            + driversCSVRows(query: label, why))
      } else {
        try stdout.write(
          (csvHeader ? Self.csvHeader : "")
            + csvRow(query: label, score, estimate))
      }
      return
    }
    if format.json {
      try stdout.write(
        summaryJSON(
          query: label, score, estimate, band: band, details: format.details,
          mentions: top, trend: trend, why: why, change: change))
      return
    }
    let style = Style(output: stdout, environment: environment)
    let value = style.paint("\(estimate.score)", Style.colour(ofValue: Double(estimate.score)))
    try stdout.write("\(band.emoji) \(value)" + (several ? " \(label)" : "") + "\n")
    if let change { try stdout.write(HistoryFile.changeText(since: change.since, change.1)) }
    // The doubt about the emoji, said once: on stderr, or in --details.
    if !format.quiet && !format.details,
      let note = uncertaintyNote(estimate, query: several ? label : nil)
    {
      try stdout.flush()
      try stderr.write(note)
      try stderr.flush()
    }
    if format.details {
      try stdout.write(
        "\n"
          + detailsText(
            score, estimate, calibrated: format.calibrated, style: style))
    }
    if let top {
      try stdout.write(
        "\n" + mentionsText(top, method: estimate.method, style: style))
    }
    if let trend {
      try stdout.write("\n" + trendText(trend, method: estimate.method, style: style))
    }
    if let why {
      try stdout.write(
        "\n" + driversText(why, positive: score.positive, negative: score.negative))
    }
  }
}
