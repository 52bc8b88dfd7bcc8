import Foundation
import SentimentCore

/// What `compare` prints: each set's score line, then each later set
/// against the first, as text, JSON or CSV.
enum CompareReport {
  /// Each set's `EMOJI SCORE  NAME  (N posts)` line, then a line per
  /// comparison: `@delta reads happier than @united: +14 per 100 (90 %: +5
  /// to +43)`.
  static func text(_ sets: [ComparedSet], _ comparisons: [Comparison], style: Style) -> String {
    let width = (sets.map { "\($0.estimate.band.emoji) \($0.estimate.score)".count }.max() ?? 0) + 2
    let names = (sets.map(\.name.count).max() ?? 0) + 2
    var text = ""
    for set in sets {
      let estimate = set.estimate
      let score = style.paint("\(estimate.score)", Style.colour(ofValue: Double(estimate.score)))
      let shown = "\(estimate.band.emoji) \(estimate.score)"
      text +=
        "\(estimate.band.emoji) \(score)"
        + String(repeating: " ", count: max(1, width - shown.count))
        + ReportNumbers.pad(
          set.name, names) + "(\(set.labels.count) post\(set.labels.count == 1 ? "" : "s"))\n"
    }
    for (set, comparison) in zip(sets.dropFirst(), comparisons) {
      text += sentence(first: sets[0].name, second: set.name, comparison) + "\n"
    }
    return text
  }

  /// One comparison in words: the verdict, the difference per 100 posts and
  /// the 90 % interval of the true difference.
  static func sentence(first: String, second: String, _ comparison: Comparison) -> String {
    let figures =
      "\(ReportNumbers.signed(Double(comparison.difference), decimals: 0)) per 100 (90 %: "
      + "\(ReportNumbers.range(comparison.interval)))"
    return switch comparison.verdict {
    case .higher: "\(second) reads happier than \(first): \(figures)"
    case .lower: "\(second) reads unhappier than \(first): \(figures)"
    case .unclear: "\(second) against \(first): \(figures), unclear"
    }
  }

  /// `{"sets":[…],"difference":…,"interval":[…],"likeness":…,"verdict":…}`
  /// for two sets; for more, `{"comparisons":[…],"sets":[…]}` with one such
  /// object (and `first`, `second`) per later set. Each set is
  /// `{"band":…,"count":…,"emoji":…,"interval":[…],"query":…,"score":…}`
  /// (the interval per 100 posts).
  static func json(
    _ sets: [ComparedSet], _ comparisons: [Comparison],
    changes: [(name: String, since: Date, Comparison)] = []
  ) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    if !changes.isEmpty {
      json.key("changes")
      json.beginArray()
      for change in changes {
        json.beginObject()
        HistoryFile.changeJSON(since: change.since, change.2, query: change.name, into: &json)
        json.endObject()
      }
      json.endArray()
    }
    if comparisons.count == 1, let only = comparisons.first {
      fields(only, into: &json)
    } else {
      json.key("comparisons")
      json.beginArray()
      for (set, comparison) in zip(sets.dropFirst(), comparisons) {
        json.beginObject()
        fields(comparison, first: sets[0].name, second: set.name, into: &json)
        json.endObject()
      }
      json.endArray()
    }
    json.key("sets")
    json.beginArray()
    for set in sets {
      let estimate = set.estimate
      json.beginObject()
      json.key("band")
      json.string(estimate.band.rawValue)
      json.key("count")
      json.integer(set.labels.count)
      json.key("emoji")
      json.string(estimate.band.emoji)
      json.key("interval")
      json.beginArray()
      json.number(estimate.scaledInterval.lowerBound, decimals: 2)
      json.number(estimate.scaledInterval.upperBound, decimals: 2)
      json.endArray()
      json.key("query")
      json.string(set.name)
      json.key("score")
      json.integer(estimate.score)
      json.endObject()
    }
    json.endArray()
    json.endObject()
    return json.bytes + [0x0A]
  }

  /// A comparison's keys, in order among the object's: `difference`,
  /// (`first`), `interval`, `likeness`, (`second`), `verdict`.
  private static func fields(
    _ comparison: Comparison, first: String? = nil, second: String? = nil,
    into json: inout JSONWriter
  ) {
    json.key("difference")
    json.integer(comparison.difference)
    if let first {
      json.key("first")
      json.string(first)
    }
    json.key("interval")
    json.beginArray()
    json.number(comparison.interval.lowerBound, decimals: 2)
    json.number(comparison.interval.upperBound, decimals: 2)
    json.endArray()
    json.key("likeness")
    json.number(comparison.likeness, decimals: 3)
    if let second {
      json.key("second")
      json.string(second)
    }
    json.key("verdict")
    json.string(comparison.verdict.rawValue)
  }

  /// The CSV table's header.
  static let csvHeader = CSVWriter.record([
    "first", "second", "first_score", "second_score", "difference", "interval_low",
    "interval_high", "verdict", "first_count", "second_count", "likeness",
  ])

  /// The header, then a row per comparison.
  static func csv(_ sets: [ComparedSet], _ comparisons: [Comparison]) -> String {
    let decimal = { (value: Double) in FixedDecimal.string(value, decimals: 2) }
    var text = csvHeader
    for (set, comparison) in zip(sets.dropFirst(), comparisons) {
      text += CSVWriter.record([
        sets[0].name, set.name, String(sets[0].estimate.score), String(set.estimate.score),
        String(comparison.difference), decimal(comparison.interval.lowerBound),
        decimal(comparison.interval.upperBound), comparison.verdict.rawValue,
        String(sets[0].labels.count), String(set.labels.count),
        FixedDecimal.string(comparison.likeness, decimals: 3),
      ])
    }
    return text
  }
}
