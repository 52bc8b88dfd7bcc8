import SentimentCore

/// What `train` reports once the model is written: the rows read, the
/// features, the lexicon and the accuracy on the training data, as text
/// (stderr) or JSON (stdout, `--json`).
struct TrainSummary {
  /// The training data's name (`stdin`, or the file's last path component).
  var source: String
  /// Where the model went (`--out`).
  var output: String
  /// The training data's rows: per class, used and skipped.
  var data: TrainingDataSummary
  /// The training data's SHA-256.
  var sha256: String
  /// The model's features.
  var features: Int
  /// The lexicon's words the model counts, and those left out.
  var lexiconWords: Int
  var lexiconSkipped: Int
  /// Where the lexicon came from (`built-in`, or its path).
  var lexiconSource: String
  /// How many times each lexicon word counts in its class.
  var lexiconWeight: Double
  /// `--training-accuracy`: the share of the rows classified as labeled.
  var trainingAccuracy: Double?

  /// The summary for stderr: the rows per class, features, lexicon, output.
  var text: String {
    let lexiconLine =
      lexiconWords == 0
      ? "Lexicon: none."
      : "Lexicon: \(lexiconWords) words (\(lexiconSource)"
        + (lexiconSkipped > 0
          ? "; \(lexiconSkipped) left out, not tokens as the tokenizer writes them" : "")
        + "), each counting \(FixedDecimal.string(lexiconWeight, decimals: 0)) "
        + "times in its class."
    let measured = trainingAccuracy.map {
      " Training accuracy: \(FixedDecimal.string($0, decimals: 4))."
    }
    // Only data with `irrelevant` rows has any to skip.
    let skipped = data.skipped > 0 ? "; \(data.skipped) skipped (irrelevant)" : ""
    return """
      Trained on \(data.used) rows from \(source): \
      \(data.rows.negative) negative, \
      \(data.rows.neutral) neutral, \
      \(data.rows.positive) positive\(skipped).
      Features: \(features).\(measured ?? "")
      \(lexiconLine)
      Wrote \(output == "-" ? "the model to stdout" : output).

      """
  }

  /// The summary as one JSON object and a line break, keys sorted.
  var json: [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("features")
    json.integer(features)
    json.key("lexicon")
    if lexiconWords > 0 {
      json.beginObject()
      json.key("skipped")
      json.integer(lexiconSkipped)
      json.key("source")
      json.string(lexiconSource)
      json.key("weight")
      json.number(lexiconWeight)
      json.key("words")
      json.integer(lexiconWords)
      json.endObject()
    } else {
      json.null()
    }
    json.key("output")
    json.string(output)
    json.key("rows")
    json.perClass(data.rows)
    json.key("sha256")
    json.string(sha256)
    json.key("skipped")
    json.integer(data.skipped)
    json.key("source")
    json.string(source)
    json.key("training_accuracy")
    if let trainingAccuracy { json.number(trainingAccuracy, decimals: 4) } else { json.null() }
    json.endObject()
    return json.bytes + [0x0A]
  }
}
