import SentimentCore

extension Context {
  /// `tweetalyze classify`: one line out per text in, in order.
  func classify(_ options: ClassifyOptions) throws {
    let model = try loadModel(options.model)
    var classifier = Classifier(model: model)
    let json = options.json
    let csv = options.csv
    let emit: (Span<UInt8>) throws -> Void = { text in
      if csv {
        let (prediction, reading) = classifier.predictAndRead(text)
        try stdout.write(Self.csvRow(prediction, compound: reading.compound, text: text))
        return
      }
      guard json else {
        let (label, confidence) = classifier.classify(text)
        try stdout.append { Self.write(label, confidence, into: &$0) }
        return
      }
      let (prediction, reading) = classifier.predictAndRead(text)
      try stdout.append { Self.formatJSON(prediction, compound: reading.compound, into: &$0) }
    }
    let jobs = Parallel.workers(for: options.jobs ?? Parallel.processors)
    if options.archive {
      let input = options.input
      return try annotate(
        input.file.map { [$0] } ?? (input.texts.isEmpty ? ["-"] : input.texts), model, jobs: jobs)
    }
    if let column = options.csvColumn {
      let input = options.input
      return try annotateCSV(
        input.file.map { [$0] } ?? (input.texts.isEmpty ? ["-"] : input.texts), column: column,
        model, jobs: jobs, csv: csv)
    }
    if csv { try stdout.write(Self.csvHeader) }
    guard jobs > 1 else { return try forEachText(options.input, command: "classify", emit) }
    try forEachText(options.input, command: "classify", emit) { source in
      try classifyInParallel(source, model, json: json, csv: csv, jobs: jobs)
    }
  }

  /// Classifies the lines of `source` on `jobs` threads (``ParallelLines``),
  /// writing what one thread would, in order; stdout is flushed whenever
  /// the next chunk's lines are not classified yet, so a slow pipe's
  /// results come out as its lines come in.
  func classifyInParallel(
    _ source: FileDescriptorSource, _ model: NaiveBayesModel, json: Bool, csv: Bool = false,
    jobs: Int
  ) throws {
    try ParallelLines.map(
      source, jobs: jobs,
      worker: {
        var classifier = Classifier(model: model)
        return { text, output in
          if csv {
            let (prediction, reading) = classifier.predictAndRead(text)
            output.append(
              contentsOf: Self.csvRow(prediction, compound: reading.compound, text: text).utf8)
          } else if json {
            let (prediction, reading) = classifier.predictAndRead(text)
            Self.formatJSON(prediction, compound: reading.compound, into: &output)
          } else {
            let (label, confidence) = classifier.classify(text)
            Self.write(label, confidence, into: &output)
          }
        }
      },
      write: { output, more in
        try stdout.write(output)
        if !more { try stdout.flush() }
      })
  }

  /// `classify --archive`: the tweets of each archive file in turn, one
  /// JSON object each, classified on `jobs` threads in input order.
  func annotate(_ paths: [String], _ model: NaiveBayesModel, jobs: Int) throws {
    for path in paths {
      try Files.withInput(path) { file in
        do {
          try ParallelLines.map(
            file, jobs: jobs,
            worker: {
              var classifier = Classifier(model: model)
              return { line, output in
                let bytes = [UInt8](copying: line)
                for tweet in try TweetArchive.tweets(inLine: bytes) {
                  Self.formatTweet(tweet, classifier.predict(tweet.text), into: &output)
                }
              }
            },
            write: { output, more in
              try stdout.write(output)
              if !more { try stdout.flush() }
            })
        } catch let failure as ParallelLines.LineError {
          let problem = (failure.error as? TweetArchiveError)?.at(line: failure.line)
          throw RuntimeError(
            "\(path == "-" ? "stdin" : path): "
              + (problem?.errorDescription ?? Tweetalyze.message(for: failure.error)),
            status: problem == nil ? ExitStatus(for: failure.error) : .dataError)
        }
      }
    }
  }

  /// `classify --csv-column NAME`: column NAME of each CSV row, classified
  /// in batches of 4,096 rows split over `jobs` threads, one JSON object
  /// per row in order: `id` (when the header has an `id` column), `label`,
  /// `probabilities`, `row` (from 1, the header not counted). HTML entities
  /// are decoded, as `train` decodes them. With `csv`, CSV in, CSV out: the
  /// header and each row as read (fields escaped as ``CSVWriter/text(_:)``
  /// escapes them), with `label` and the three probabilities appended; the
  /// header once, from the first file.
  func annotateCSV(
    _ paths: [String], column: String, _ model: NaiveBayesModel, jobs: Int, csv: Bool = false
  ) throws {
    var headerWritten = false
    for path in paths {
      try Files.withInput(path) { file in
        var reader = CSVReader(source: file)
        var layout: (text: Int, id: Int?, fields: Int)?
        var batch: [(row: Int, id: String?, text: [UInt8], fields: [String])] = []
        var row = 0
        func flush() throws {
          let rows = batch
          let parts = max(1, min(jobs, rows.count))
          let slices = Parallel.map(parts, jobs: jobs) { part in
            let range = (part * rows.count / parts)..<((part + 1) * rows.count / parts)
            var classifier = Classifier(model: model)
            var output: [UInt8] = []
            for (row, id, text, fields) in rows[range] {
              let prediction = classifier.predict(text.span)
              if csv {
                let added =
                  [prediction.label.name]
                  + Sentiment.allCases.map {
                    FixedDecimal.string(prediction.probabilities[$0], decimals: 4)
                  }
                output += Array(CSVWriter.record(fields.map(CSVWriter.text) + added).utf8)
                continue
              }
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
              output += json.bytes
              output.append(0x0A)
            }
            return output
          }
          for output in slices { try stdout.write(output) }
          batch.removeAll(keepingCapacity: true)
        }
        var decoded: [UInt8] = []
        try reader.forEachRecord { record in
          if record.isBlank { return }
          guard let layout else {
            let names = (0..<record.count).map { record.string(at: $0) }
            let folded = names.map { $0.lowercased() }
            guard let text = folded.firstIndex(of: column.lowercased()) else {
              throw TrainingDataError.missingColumn(
                role: "text", tried: [column], header: names, option: "--csv-column")
            }
            layout = (text, folded.firstIndex(of: "id"), record.count)
            if csv && !headerWritten {
              try stdout.write(
                CSVWriter.record(
                  names.map(CSVWriter.text) + ["label"] + Sentiment.allCases.map(\.name)))
              headerWritten = true
            }
            return
          }
          guard record.count == layout.fields else {
            throw TrainingDataError.fieldCount(
              found: record.count, expected: layout.fields, line: record.line)
          }
          row += 1
          decoded.removeAll(keepingCapacity: true)
          HTMLEntities.decode(record[layout.text], into: &decoded)
          batch.append(
            (
              row, layout.id.map { record.string(at: $0) }, decoded,
              csv ? (0..<record.count).map { record.string(at: $0) } : []
            ))
          if batch.count >= 4096 { try flush() }
        }
        try flush()
      }
    }
  }

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
