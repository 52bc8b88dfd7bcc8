import Foundation
import SentimentCore

/// `--history FILE`: the runs kept one JSON line each (``HistoryRecord``),
/// the latest earlier run of a query found, the change since it judged as
/// `compare` judges, and the run appended (``AppendLine``).
enum HistoryFile {
  /// The largest history read: 1 GiB, about six years of hourly runs of
  /// 10 queries.
  static let limit = 1 << 30

  /// What a history holds for one query.
  struct Found {
    /// The query's runs that could be read, oldest first.
    var records: [HistoryRecord] = []
    /// Lines that could not be read (a run killed mid-write leaves one).
    var unreadable = 0
  }

  /// The runs of `query` in the file at `path` (none when it does not
  /// exist yet); with `latest`, only the last that can be read. Only
  /// lines that name the query are parsed, so that a year of runs of many
  /// queries reads in about a second.
  static func read(_ path: String, query: String?, latest: Bool = false) throws -> Found {
    guard FileManager.default.fileExists(atPath: path) else { return Found() }
    let bytes = try Files.read(path, limit: limit)
    var written = JSONWriter()
    written.string(query ?? "")
    let needle = Array("\"query\":".utf8) + written.bytes
    var found = Found()
    var matching: [ArraySlice<UInt8>] = []
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
      // A line cut short never ends in the closing brace.
      guard line.last == UInt8(ascii: "}") else {
        found.unreadable += 1
        continue
      }
      if query == nil || names(line, needle) { matching.append(line) }
    }
    if latest {
      // From the end: the first line that reads is the latest run.
      for line in matching.reversed() {
        guard let record = HistoryRecord(line: line) else {
          found.unreadable += 1
          continue
        }
        if record.query == query {
          found.records = [record]
          break
        }
      }
      return found
    }
    for line in matching {
      guard let record = HistoryRecord(line: line) else {
        found.unreadable += 1
        continue
      }
      if let query, record.query != query { continue }
      found.records.append(record)
    }
    return found
  }

  /// Reads the latest earlier run of `set`'s query in the file at `path`,
  /// appends `set`, and returns the change since that run (`nil` without
  /// one, or when another model scored it) and the warnings to print: lines
  /// that cannot be read, which are skipped, and a run by another model.
  static func record(_ set: ComparedSet, at path: String, source: String, model: String) throws
    -> (change: (since: Date, Comparison)?, warnings: [String])
  {
    let found = try read(path, query: set.name, latest: true)
    var warnings: [String] = []
    if found.unreadable > 0 {
      warnings.append(
        "\(ErrorLine.clean(path)): skipped \(found.unreadable) line"
          + "\(found.unreadable == 1 ? "" : "s") that cannot be read (a run stopped while "
          + "writing leaves one)")
    }
    var change: (since: Date, Comparison)?
    if let earlier = found.records.last {
      if earlier.model == model {
        change = (earlier.time, self.change(since: earlier, to: set))
      } else {
        warnings.append(
          "the latest run of \(set.name) in \(ErrorLine.clean(path)) was scored by another "
            + "model (\(earlier.model), now \(model)), so no change is shown: the scores of two "
            + "models are not comparable")
      }
    }
    let record = HistoryRecord(
      time: Date(), query: set.name, source: source, model: model, set: set)
    try append(record, to: path)
    return (change, warnings)
  }

  /// Appends `record` to the file at `path`.
  static func append(_ record: HistoryRecord, to path: String) throws {
    if let code = AppendLine.append(record.line, to: path) {
      throw RuntimeError(
        "--history: cannot append to \(ErrorLine.clean(path)): \(String(cString: strerror(code))); "
          + "check the folder exists and is writable, or give another --history file",
        status: .cannotCreate)
    }
  }

  /// The change of `current` since `earlier`, judged as `compare` judges
  /// two sets: a post in both runs is counted once.
  static func change(since earlier: HistoryRecord, to current: ComparedSet) -> Comparison {
    Comparison(earlier.side, current.side, shared: current.sharedDoubt(with: Set(earlier.keys)))
  }

  /// `since 2026-12-02 09:00 UTC: -14 per 100 (90 %: -26 to -2), lower`.
  static func changeText(since time: Date, _ comparison: Comparison) -> String {
    "since \(shortTime(time)): "
      + ReportNumbers.signed(Double(comparison.difference), decimals: 0) + " per 100 (90 %: "
      + ReportNumbers.range(comparison.interval) + "), \(comparison.verdict.rawValue)\n"
  }

  /// The `change` member of `--json`.
  static func changeJSON(since time: Date, _ comparison: Comparison, into json: inout JSONWriter) {
    json.key("change")
    json.beginObject()
    changeJSON(since: time, comparison, query: nil, into: &json)
    json.endObject()
  }

  /// A change's members (`difference`, `interval`, `query` when given,
  /// `since`, `verdict`), in an object the caller opened.
  static func changeJSON(
    since time: Date, _ comparison: Comparison, query: String?, into json: inout JSONWriter
  ) {
    json.key("difference")
    json.integer(comparison.difference)
    json.key("interval")
    json.beginArray()
    json.number(comparison.interval.lowerBound, decimals: 2)
    json.number(comparison.interval.upperBound, decimals: 2)
    json.endArray()
    if let query {
      json.key("query")
      json.string(query)
    }
    json.key("since")
    json.string(HistoryRecord.timeText(time))
    json.key("verdict")
    json.string(comparison.verdict.rawValue)
  }

  /// `2026-12-02 09:00 UTC`.
  static func shortTime(_ date: Date) -> String {
    let text = HistoryRecord.timeText(date)
    return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
  }

  /// Whether `line` holds `needle` (`"query":` and the query's JSON
  /// string). A line ``HistoryRecord/line`` wrote has it right after the
  /// time, which is one comparison; any other is searched.
  private static func names(_ line: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
    let start = line.startIndex + 31
    guard line.count > 31 + needle.count, line.starts(with: timeKey),
      line[start - 1] == UInt8(ascii: ","), line[start...].starts(with: queryKey)
    else { return contains(line, needle) }
    return line[start..<start + needle.count].elementsEqual(needle)
  }

  /// What every line begins with: `{"time":"`, then 20 characters of time
  /// and a quote, `,`, then ``queryKey``.
  private static let timeKey = Array(#"{"time":""#.utf8)
  private static let queryKey = Array(#""query":"#.utf8)

  private static func contains(_ line: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, line.count >= needle.count else { return false }
    var index = line.startIndex
    let end = line.endIndex - needle.count
    while index <= end {
      if line[index] == first && line[index..<index + needle.count].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }
}
