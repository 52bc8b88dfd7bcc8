import Foundation
import SentimentCore

extension CompareReport {
  /// Prints `compare`'s result as the options ask: one JSON object (with
  /// `--history`'s `changes` in it), the CSV table, or the text, each set's
  /// change since its last recorded run on a line of its own after it.
  static func write(
    _ sets: [ComparedSet], _ comparisons: [Comparison],
    changes: [(name: String, since: Date, Comparison)], json: Bool, csv: Bool,
    stdout: Output, environment: Environment
  ) throws {
    if json {
      try stdout.write(Self.json(sets, comparisons, changes: changes))
    } else if csv {
      try stdout.write(Self.csv(sets, comparisons))
    } else {
      let style = Style(output: stdout, environment: environment)
      try stdout.write(text(sets, comparisons, style: style))
      for change in changes {
        try stdout.write("\(change.name) " + HistoryFile.changeText(since: change.since, change.2))
      }
    }
  }
}
