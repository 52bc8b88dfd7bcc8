import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze compare A B [C …]`: fetches or reads each set as
  /// `tweetalyze QUERY` does, scores it, and prints each later set against
  /// the first (``Comparison``). A set that fails ends the command: there
  /// is no comparison without it.
  nonisolated(nonsending) func compare(_ options: CompareOptions) async throws {
    let analysis = options.analysis
    try checkHistory(analysis)
    let model = try loadModel(analysis.model)
    var sets: [ComparedSet] = []
    if analysis.inputs.isEmpty {
      let session = BlueskySession()
      let sources = try analysis.queries.map {
        try tweetSource(analysis, query: $0, session: session)
      }
      for (query, source) in zip(analysis.queries, sources) {
        let tweets = try await fetchTweets(query, analysis, source: source)
        sets.append(
          ComparedSet(
            name: query.description, tweets: tweets, model: model, method: analysis.estimator))
      }
    } else {
      for path in analysis.inputs {
        let tweets = try readInputs([path], analysis)
        let label = path == "-" ? "stdin" : ErrorLine.clean(path)
        sets.append(
          ComparedSet(name: label, tweets: tweets, model: model, method: analysis.estimator))
      }
    }
    let firstKeys = Set(sets[0].keys)
    let comparisons = sets.dropFirst().map { set in
      Comparison(sets[0].side, set.side, shared: set.sharedDoubt(with: firstKeys))
    }
    var changes: [(name: String, since: Date, Comparison)] = []
    if let path = analysis.history {
      let model = try historyModelID(analysis)
      let source = analysis.inputs.isEmpty ? historySource(analysis) : "input"
      var warnings: [String] = []
      for set in sets {
        let (change, warning) = try HistoryFile.record(
          set, at: path, source: source, model: model)
        if let change { changes.append((set.name, change.since, change.1)) }
        warnings += warning
      }
      try warn(warnings, quiet: analysis.quiet)
    }
    try CompareReport.write(
      sets, comparisons, changes: changes, json: analysis.json, csv: analysis.csv,
      stdout: stdout, environment: environment)
  }
}
