import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze compare A B [C …]`: fetches or reads each set as
  /// `tweetalyze QUERY` does, scores it, and prints each later set against
  /// the first (``Comparison``). A set that fails ends the command: there
  /// is no comparison without it.
  nonisolated(nonsending) func compare(_ options: CompareOptions) async throws {
    let analysis = options.analysis
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
    let comparisons = sets.dropFirst().map { set in
      Comparison((sets[0].estimate, sets[0].words), (set.estimate, set.words))
    }
    if analysis.json {
      try stdout.write(CompareReport.json(sets, comparisons))
    } else if analysis.csv {
      try stdout.write(CompareReport.csv(sets, comparisons))
    } else {
      let style = Style(output: stdout, environment: environment)
      try stdout.write(CompareReport.text(sets, comparisons, style: style))
    }
  }
}
