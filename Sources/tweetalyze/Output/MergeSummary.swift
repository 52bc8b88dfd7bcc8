import SentimentCore

/// What `merge` reports once the merged model is written: the models
/// merged, the rows per class, the features and the pooled calibration, as
/// text (stderr) or JSON (stdout, `--json`).
struct MergeSummary {
  /// How many models were merged.
  var models: Int
  /// How many of them had a calibration, which the merged one pools.
  var calibratedModels: Int
  /// Where the merged model went (`--out`; `-` for stdout).
  var output: String
  /// The merged model's training rows per class.
  var rows: PerClass<Int>
  /// The merged model's features.
  var features: Int
  /// The merged model's calibration temperature; `nil` for none.
  var temperature: Double?

  /// The summary for stderr: the rows per class, features, calibration and
  /// where the model went.
  var text: String {
    let calibration = temperature.map {
      "pooled from \(calibratedModels) of \(models) models, "
        + "temperature \(FixedDecimal.string($0, decimals: 3))"
    }
    return """
      Merged \(models) models: \(rows.sum) rows, \
      \(rows.negative) negative, \
      \(rows.neutral) neutral, \
      \(rows.positive) positive.
      Features: \(features). Calibration: \(calibration ?? "none").
      Wrote \(output == "-" ? "the model to stdout" : output).

      """
  }

  /// The summary for stdout (`--json`): one object, sorted keys
  /// `calibrated`, `features`, `models`, `output`, `rows`, and a line break.
  var json: [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("calibrated")
    json.bool(temperature != nil)
    json.key("features")
    json.integer(features)
    json.key("models")
    json.integer(models)
    json.key("output")
    json.string(output)
    json.key("rows")
    json.perClass(rows)
    json.endObject()
    return json.bytes + [0x0A]
  }
}

extension MergeSummary {
  /// The summary of `merged`, made from `models` and written to `output`.
  init(_ merged: NaiveBayesModel, of models: [NaiveBayesModel], output: String) {
    self.init(
      models: models.count, calibratedModels: models.filter { $0.heldOut != nil }.count,
      output: output, rows: merged.provenance.rows, features: merged.vocabulary.count,
      temperature: merged.heldOut?.calibration.temperature)
  }
}
