import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze train`: stream the CSV into a trainer, write the model
  /// atomically, summarize on stderr.
  func train(_ options: TrainOptions) throws {
    let settings = options.training
    var trainer = NaiveBayesTrainer(
      tokenizer: settings.tokenizer, options: settings.options, recordDocuments: true)
    let (summary, sha256) = try Files.withInput(options.data) { file in
      var reader = CSVReader(source: HashingSource(file))
      let summary = try TrainingData.read(&reader, columns: settings.columns) { label, text in
        trainer.add(text, as: label)
      }
      return (summary, reader.source.hash.finalize())
    }
    let source =
      options.data == "-" ? "stdin" : URL(fileURLWithPath: options.data).lastPathComponent
    let provenance = Provenance(
      source: source, sha256: sha256, rows: summary.rows, skipped: summary.skipped)
    let model = trainer.model(metadata: options.metadata, provenance: provenance)
    try Files.writeAtomically(ModelFile.encode(model), to: options.output)
    let accuracy = trainer.trainingAccuracy(of: model).map { FixedDecimal.string($0, decimals: 4) }
    try stderr.write(
      """
      Trained on \(summary.used) rows from \(source): \
      \(summary.rows[Sentiment.negative.rawValue]) negative, \
      \(summary.rows[Sentiment.neutral.rawValue]) neutral, \
      \(summary.rows[Sentiment.positive.rawValue]) positive; \
      \(summary.skipped) skipped (irrelevant).
      Features: \(model.vocabulary.count). Training accuracy: \(accuracy ?? "--").
      Wrote \(options.output).

      """)
  }
}
