import Foundation

/// Why labeled training data could not be read.
package enum TrainingDataError: LocalizedError, Equatable {
  /// The stream has no bytes, or only blank lines.
  case empty
  /// The header has no column for the text or the label; `option` is the
  /// option that names it (default: `--ROLE-column`, as `train` takes).
  case missingColumn(role: String, tried: [String], header: [String], option: String? = nil)
  /// A row's label is not one of the known ones.
  case unknownLabel(String, line: Int)
  /// A row has another number of fields than the header.
  case fieldCount(found: Int, expected: Int, line: Int)
  /// A field is not valid UTF-8.
  case invalidUTF8(line: Int)
  /// The CSV syntax is broken.
  case syntax(CSVError)
  /// Every row was skipped.
  case noUsableRows(skipped: Int)
  /// The group column holds fewer than two groups (`empty`: every value is
  /// empty), or more than ``HeldOutFit/maximumGroups`` (`found` is then
  /// one more); `option` names it, as `train` takes.
  case groups(column: String, found: Int, empty: Bool, option: String = "--fit-groups")

  /// A label or column name as quoted in a message: at most 60 characters.
  private func cut(_ text: String) -> String {
    text.count <= 60 ? text : text.prefix(60) + "…"
  }

  package var errorDescription: String? {
    switch self {
    case .empty:
      "the training data is empty; expected a CSV file with a header such as 'class,text'"
    case .missingColumn(let role, let tried, let header, let option):
      "the header has no \(role) column (looked for \(tried.map { "'\(cut($0))'" }.joined(separator: ", "))"
        + "; found \(header.prefix(20).map { "'\(cut($0))'" }.joined(separator: ", "))\(header.count > 20 ? ", …" : "")); "
        + "name it with \(option ?? "--\(role)-column")"
    case .unknownLabel(let label, let line):
      "line \(line): unknown label '\(cut(label))'; expected Pos/positive, Neg/negative or Neutral "
        + "(rows labeled 'irrelevant' are skipped)"
    case .fieldCount(let found, let expected, let line):
      "line \(line): \(found) field\(found == 1 ? "" : "s"), but the header has \(expected); "
        + "quote fields that contain commas"
    case .invalidUTF8(let line):
      "line \(line): the text is not valid UTF-8; convert the file to UTF-8 first"
    case .syntax(let error):
      error.errorDescription
    case .noUsableRows(let skipped):
      "the training data has no usable rows (\(skipped) skipped as irrelevant)"
    case .groups(let column, let found, let empty, let option) where found <= 1:
      "\(option) \(cut(column)) needs at least two groups to hold out one at a time; found "
        + "\(found)\(empty ? " (every value is empty)" : ""): check that \(cut(column)) names the "
        + "groups, or leave \(option) out to cross-validate in random folds"
    case .groups(let column, _, _, let option):
      "\(option) \(cut(column)) has more than \(HeldOutFit.maximumGroups) groups, the most that "
        + "leave one group out takes (it trains a model per group); check that \(cut(column)) "
        + "names the groups"
    }
  }
}

/// Which columns hold the text and the label, by header name; `nil` means
/// detect from the header.
package struct TrainingDataColumns: Equatable, Sendable {
  /// The text column's name, compared case-insensitively.
  package var text: String?
  /// The label column's name, compared case-insensitively.
  package var label: String?
  /// A column that groups the rows (Sanders' `Topic`), read only for
  /// ``TrainingData/corpus(_:columns:)`` when named.
  package var group: String?

  /// Creates a column choice.
  package init(text: String? = nil, label: String? = nil, group: String? = nil) {
    self.text = text
    self.label = label
    self.group = group
  }

  /// Header names tried for the text, in order: `class,text` files and the
  /// Sanders corpus (`TweetText`).
  package static let textNames = ["text", "tweettext", "tweet"]
  /// Header names tried for the label: `class`, Sanders' `Sentiment`, or
  /// `label`.
  package static let labelNames = ["class", "sentiment", "label"]
}

/// What reading a training file found.
package struct TrainingDataSummary: Equatable, Sendable {
  /// Rows used, per class.
  package var rows = PerClass(negative: 0, neutral: 0, positive: 0)
  /// Rows skipped because they are labeled `irrelevant`.
  package var skipped = 0

  /// Rows used in all.
  package var used: Int { rows.sum }
}

/// Reads labeled tweets from CSV: detects the layout from the header,
/// normalizes labels, skips `irrelevant` rows, decodes HTML entities in the
/// text (see ``HTMLEntities``) and reports errors by line.
///
/// ```swift
/// let summary = try TrainingData.read(MemorySource("class,text\nPos,great\n")) { label, text in
///   trainer.add(text, as: label)
/// }
/// summary.rows   // negative 0, neutral 0, positive 1
/// ```
package enum TrainingData {
  /// Labels that mark a row as not part of any class; such rows are skipped
  /// and counted.
  package static let skippedLabels: Set<String> = ["irrelevant"]

  /// Streams the labeled rows of a CSV source to `body`, each text as UTF-8
  /// bytes (kept past the call, they cost the reader a copy of its buffer).
  ///
  /// - Throws: ``TrainingDataError``, or the source's own error.
  /// - Complexity: O(*n*); memory is one block plus the longest row.
  @discardableResult
  package static func read<Source: ByteSource>(
    _ source: Source, columns: TrainingDataColumns = TrainingDataColumns(),
    _ body: (Sentiment, ArraySlice<UInt8>) throws -> Void
  ) throws -> TrainingDataSummary {
    var reader = CSVReader(source: source)
    return try read(&reader, columns: columns, body)
  }

  /// Streams the labeled rows of `reader`; the reader's source is left for
  /// the caller to inspect (a ``HashingSource``'s hash, say).
  @discardableResult
  package static func read<Source: ByteSource>(
    _ reader: inout CSVReader<Source>, columns: TrainingDataColumns = TrainingDataColumns(),
    group: ((String) -> Void)? = nil, _ body: (Sentiment, ArraySlice<UInt8>) throws -> Void
  ) throws -> TrainingDataSummary {
    var summary = TrainingDataSummary()
    var layout: (text: Int, label: Int, fields: Int)?
    var groupColumn: Int?
    // The labels seen, by their bytes: a few, compared without allocating.
    var labelCache: [(bytes: [UInt8], label: Sentiment?)] = []
    var decoded: [UInt8] = []
    do {
      try reader.forEachRecord { record in
        if record.isBlank { return }
        guard let (textColumn, labelColumn, fields) = layout else {
          layout = try detect(record, columns: columns)
          if let name = columns.group {
            let names = (0..<record.count).map { record.string(at: $0).lowercased() }
            guard let index = names.firstIndex(of: name.lowercased()) else {
              throw TrainingDataError.missingColumn(
                role: "group", tried: [name], header: (0..<record.count).map(record.string))
            }
            groupColumn = index
          }
          return
        }
        guard record.count == fields else {
          throw TrainingDataError.fieldCount(
            found: record.count, expected: fields, line: record.line)
        }
        let labelRange = record.range(of: labelColumn)
        let label: Sentiment?
        if let cached = labelCache.first(where: {
          sameBytes($0.bytes, record.bytes.span, labelRange)
        }) {
          label = cached.label
        } else {
          let labelBytes = record[labelColumn]
          let text = String(decoding: labelBytes, as: UTF8.self)
          label = Sentiment(label: text)
          if label == nil
            && !skippedLabels.contains(text.trimmingSpaces().lowercased())
          {
            throw TrainingDataError.unknownLabel(text, line: record.line)
          }
          if labelCache.count < 64 { labelCache.append((Array(labelBytes), label)) }
        }
        guard let label else {
          summary.skipped += 1
          return
        }
        let text = record[textColumn]
        guard isValidUTF8(text) else { throw TrainingDataError.invalidUTF8(line: record.line) }
        summary.rows[label] += 1
        if let groupColumn { group?(record.string(at: groupColumn)) }
        guard Self.contains(UInt8(ascii: "&"), in: text) else { return try body(label, text) }
        // Tweets from the API carry `&lt;` for `<`: decode so that `&lt;3` is a heart.
        decoded.removeAll(keepingCapacity: true)
        HTMLEntities.decode(text, into: &decoded)
        try body(label, decoded[...])
      }
    } catch let error as CSVError {
      throw TrainingDataError.syntax(error)
    }
    guard layout != nil else { throw TrainingDataError.empty }
    guard summary.used > 0 else { throw TrainingDataError.noUsableRows(skipped: summary.skipped) }
    return summary
  }

  /// Whether `array` holds the bytes of `bytes` in `range`: a plain loop,
  /// where the generic `elementsEqual` cost hundreds of instructions per row.
  private static func sameBytes(_ array: [UInt8], _ bytes: Span<UInt8>, _ range: Range<Int>)
    -> Bool
  {
    guard array.count == range.count else { return false }
    var index = range.lowerBound
    for byte in array {
      if byte != bytes[index] { return false }
      index += 1
    }
    return true
  }

  /// Whether `bytes` holds `byte`. The loop reads every byte, without a
  /// branch, so that the compiler vectorizes it: `contains`, which stops at
  /// the first, cost 5 instructions a byte, on texts that mostly have none.
  private static func contains(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Bool {
    let span = bytes.span
    var found: UInt8 = 0
    for index in span.indices {
      found |= span[index] == byte ? 1 : 0
    }
    return found != 0
  }

  /// Finds the text and label columns in a header record.
  private static func detect(_ header: CSVRecord, columns: TrainingDataColumns) throws -> (
    Int, Int, Int
  ) {
    let names = (0..<header.count).map { header.string(at: $0) }
    let folded = names.map { $0.trimmingSpaces().lowercased() }
    func find(_ role: String, _ chosen: String?, _ defaults: [String]) throws -> Int {
      let tried = chosen.map { [$0.lowercased()] } ?? defaults
      for name in tried {
        if let index = folded.firstIndex(of: name) { return index }
      }
      throw TrainingDataError.missingColumn(role: role, tried: tried, header: names)
    }
    let text = try find("text", columns.text, TrainingDataColumns.textNames)
    let label = try find("label", columns.label, TrainingDataColumns.labelNames)
    return (text, label, header.count)
  }

  /// Reads a whole CSV source into memory, for evaluation.
  package static func corpus<Source: ByteSource>(
    _ source: Source, columns: TrainingDataColumns = TrainingDataColumns()
  ) throws -> LabeledCorpus {
    var corpus = LabeledCorpus()
    var reader = CSVReader(source: source)
    corpus.summary = try read(
      &reader, columns: columns, group: { corpus.groups.append($0) },
      { label, text in corpus.append(text, label: label) })
    return corpus
  }
}

/// Labeled texts held in memory, all texts in one byte array.
package struct LabeledCorpus: Sendable {
  private var bytes: [UInt8] = []
  private var ends: [Int] = [0]
  /// The label of each text.
  package private(set) var labels: [Sentiment] = []
  /// The group of each text, when a group column was read; else empty.
  package var groups: [String] = []
  /// What reading the data found.
  package var summary = TrainingDataSummary()

  /// Creates an empty corpus.
  package init() {}

  /// Creates a corpus of `texts`, labeled `labels` (as many).
  package init(texts: [String], labels: [Sentiment]) {
    for (text, label) in zip(texts, labels) { append(text, label: label) }
  }

  /// The number of texts.
  package var count: Int { labels.count }

  /// Appends a text given as UTF-8 bytes.
  package mutating func append(_ text: ArraySlice<UInt8>, label: Sentiment) {
    bytes.append(contentsOf: text)
    ends.append(bytes.count)
    labels.append(label)
  }

  /// Appends a text.
  package mutating func append(_ text: String, label: Sentiment) {
    bytes.append(contentsOf: text.utf8)
    ends.append(bytes.count)
    labels.append(label)
  }

  /// The UTF-8 bytes of text `index`.
  package func bytes(at index: Int) -> ArraySlice<UInt8> {
    bytes[ends[index]..<ends[index + 1]]
  }

  /// Text `index` as a string.
  package func text(at index: Int) -> String {
    String(decoding: bytes(at: index), as: UTF8.self)
  }
}
