import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze merge`: sum the counts of models trained on parts of a data
  /// set and write the model of the whole (``ModelMerge``).
  func merge(_ options: MergeOptions) throws {
    if options.json { try Self.refuseSharedStdout(options.output, command: .merge) }
    try Files.refuseReplacing(
      options.models.map { ($0, "the input model \($0 == "-" ? "(stdin)" : $0)") },
      with: options.output, option: "--out", written: "the merged model")
    var models: [NaiveBayesModel] = []
    // Read as `--model` is: capped at 256 MiB, the same reader.
    for path in options.models { models.append(try loadModel(path)) }
    let merged: NaiveBayesModel
    do {
      merged = try ModelMerge.merge(models, minCount: options.minCount)
    } catch ModelMergeError.differs(let setting, let first, let other, let index) {
      throw RuntimeError(
        "\(options.models[index - 1]) differs from \(options.models[0]) in \(setting) "
          + "(\(other), not \(first)); merge only models trained with the same options by the "
          + "same tweetalyze version", status: .dataError)
    } catch {
      throw RuntimeError(Tweetalyze.message(for: error), status: .dataError)
    }
    try Files.writeAtomically(to: options.output) { write in try ModelFile.encode(merged, to: write)
    }
    let summary = MergeSummary(merged, of: models, output: options.output)
    if options.json {
      try stdout.write(summary.json)
    } else if !options.quiet {
      try stderr.write(summary.text)
    }
  }
}
