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
        try stdout.write(ClassifyOutput.csvRow(prediction, compound: reading.compound, text: text))
        return
      }
      guard json else {
        let (label, confidence) = classifier.classify(text)
        try stdout.append { ClassifyOutput.write(label, confidence, into: &$0) }
        return
      }
      let (prediction, reading) = classifier.predictAndRead(text)
      try stdout.append {
        ClassifyOutput.formatJSON(prediction, compound: reading.compound, into: &$0)
      }
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
    if csv { try stdout.write(ClassifyOutput.csvHeader) }
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
              contentsOf: ClassifyOutput.csvRow(prediction, compound: reading.compound, text: text)
                .utf8)
          } else if json {
            let (prediction, reading) = classifier.predictAndRead(text)
            ClassifyOutput.formatJSON(prediction, compound: reading.compound, into: &output)
          } else {
            let (label, confidence) = classifier.classify(text)
            ClassifyOutput.write(label, confidence, into: &output)
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
                  ClassifyOutput.formatTweet(tweet, classifier.predict(tweet.text), into: &output)
                }
              }
            },
            write: { output, more in
              try stdout.write(output)
              if !more { try stdout.flush() }
            })
        } catch let failure as ParallelLines.LineError {
          let problem = (failure.error as? PostDecodingError)?.at(line: failure.line)
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
                ClassifyOutput.appendCSVColumnRow(fields, prediction, into: &output)
              } else {
                ClassifyOutput.appendCSVColumnJSON(id: id, row: row, prediction, into: &output)
              }
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
              try stdout.write(ClassifyOutput.csvColumnHeader(names))
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
}
