import SentimentCore

/// What `classify` prints for each text, CSV row or archived tweet: a
/// `label<TAB>probability` line, a JSON object, or a CSV row. Pure
/// functions that append to a buffer, so that the parallel paths format
/// each chunk on its own thread and write the chunks in order.
enum ClassifyOutput {
  /// Appends a tweet's annotation as one JSON object (sorted keys) and a
  /// line break; `author_id` and `created_at` only when the tweet has them.
  static func formatTweet(
    _ tweet: ArchivedTweet, _ prediction: Prediction, into buffer: inout [UInt8]
  ) {
    var json = JSONWriter()
    json.beginObject()
    if let author = tweet.authorID {
      json.key("author_id")
      json.string(author)
    }
    if let date = tweet.createdAt {
      json.key("created_at")
      json.string(date)
    }
    json.key("id")
    json.string(tweet.id)
    json.members(of: prediction)
    json.endObject()
    buffer += json.bytes
    buffer.append(0x0A)
  }

  /// The mark after a label whose probability is under 0.5 (``isDoubtful(_:)``):
  /// the model leans that way without believing it more than not.
  static let doubtfulMark: StaticString = "\tdoubtful"

  /// Whether a label of probability `confidence` is marked doubtful: under
  /// 0.5 as printed (4 decimals), so that `0.5000` is never marked.
  static func isDoubtful(_ confidence: Double) -> Bool {
    (confidence * 10_000).rounded() < 5_000
  }

  /// The longest line ``write(_:_:into:)`` writes.
  static let lineLength =
    8 + 1 + FixedDecimal.maximumLength + doubtfulMark.utf8CodeUnitCount + 1

  /// Appends `label<TAB>probability` (and `<TAB>doubtful` under 0.5) and a
  /// line break to `output`, in room for ``lineLength`` bytes added once
  /// (no check per byte that the array is its own).
  static func write(_ label: Sentiment, _ confidence: Double, into output: inout [UInt8]) {
    output.append(addingCapacity: lineLength) { line in
      label.literalName.withUTF8Buffer { name in
        for byte in name { line.append(byte) }
      }
      line.append(0x09)
      FixedDecimal.forEachByte(of: confidence, decimals: 4) { line.append($0) }
      if isDoubtful(confidence) {
        doubtfulMark.withUTF8Buffer { mark in
          for byte in mark { line.append(byte) }
        }
      }
      line.append(0x0A)
    }
  }

  /// The header of `classify --csv`: the columns before `text` as they
  /// were, the three probabilities and the reader's compound after it.
  static let csvHeader = CSVWriter.record(
    ["label", "probability", "text"] + Sentiment.allCases.map(\.name) + ["compound"])

  /// One row of `classify --csv`: the label, its probability (4 decimals),
  /// the text (see ``CSVWriter/text(bytes:)``), each class's probability
  /// and the reader's compound (4 decimals).
  static func csvRow(_ prediction: Prediction, compound: Double, text: Span<UInt8>) -> String {
    CSVWriter.record(
      [
        prediction.label.name, FixedDecimal.string(prediction.confidence, decimals: 4),
        CSVWriter.text(bytes: text),
      ]
        + Sentiment.allCases.map { FixedDecimal.string(prediction.probabilities[$0], decimals: 4) }
        + [FixedDecimal.string(compound, decimals: 4)])
  }

  /// Appends the prediction and the reader's compound as one JSON object
  /// (sorted keys) and a line break.
  static func formatJSON(_ prediction: Prediction, compound: Double, into buffer: inout [UInt8]) {
    buffer.append(contentsOf: #"{"compound":"#.utf8)
    FixedDecimal.append(compound, decimals: 4, to: &buffer)
    buffer.append(contentsOf: #","label":""#.utf8)
    buffer.append(contentsOf: prediction.label.name.utf8)
    buffer.append(contentsOf: #"","probabilities":{"#.utf8)
    for label in Sentiment.allCases {
      if label.rawValue > 0 { buffer.append(UInt8(ascii: ",")) }
      buffer.append(UInt8(ascii: "\""))
      buffer.append(contentsOf: label.name.utf8)
      buffer.append(contentsOf: #"":"#.utf8)
      FixedDecimal.append(prediction.probabilities[label], decimals: 4, to: &buffer)
    }
    buffer.append(contentsOf: "}}\n".utf8)
  }

  /// The header of `classify --csv-column NAME --csv`: the input's columns
  /// as read (escaped as ``CSVWriter/text(_:)`` escapes them), then `label`
  /// and the three probabilities.
  static func csvColumnHeader(_ names: [String]) -> String {
    CSVWriter.record(names.map(CSVWriter.text) + ["label"] + Sentiment.allCases.map(\.name))
  }

  /// Appends one row of `classify --csv-column NAME --csv`: the row's fields
  /// as read, its label and the three probabilities (4 decimals).
  static func appendCSVColumnRow(
    _ fields: [String], _ prediction: Prediction, into buffer: inout [UInt8]
  ) {
    let added =
      [prediction.label.name]
      + Sentiment.allCases.map { FixedDecimal.string(prediction.probabilities[$0], decimals: 4) }
    buffer += Array(CSVWriter.record(fields.map(CSVWriter.text) + added).utf8)
  }

  /// Appends one object of `classify --csv-column NAME` (sorted keys) and a
  /// line break: `id` when the input has an `id` column, `label`,
  /// `probabilities` and `row` (from 1, the header not counted).
  static func appendCSVColumnJSON(
    id: String?, row: Int, _ prediction: Prediction, into buffer: inout [UInt8]
  ) {
    var json = JSONWriter()
    json.beginObject()
    if let id {
      json.key("id")
      json.string(id)
    }
    json.members(of: prediction)
    json.key("row")
    json.integer(row)
    json.endObject()
    buffer += json.bytes
    buffer.append(0x0A)
  }
}

extension JSONWriter {
  /// Writes a prediction's `label` and `probabilities` (4 decimals) members,
  /// for the objects of `classify --archive` and `--csv-column`.
  mutating func members(of prediction: Prediction) {
    key("label")
    string(prediction.label.name)
    key("probabilities")
    perClass(prediction.probabilities, decimals: 4)
  }
}
