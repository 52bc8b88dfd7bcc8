import Foundation

/// One run of one query as `--history FILE` keeps it: one JSON line with
/// when, what, by which model, the labels, the score and its interval, and
/// what a later run needs to be judged against this one as `compare`
/// judges two sets (``Comparison/Side``: the label doubt, the words'
/// ``WordSketch``, and the posts' keys, 24 bits each, so that a post seen in
/// both runs is counted once).
///
/// ```swift
/// let record = HistoryRecord(time: now, query: "@Apple", source: "x", model: id, set: set)
/// let line = record.line           // {"time":"2026-12-02T09:00:00Z",...}\n
/// HistoryRecord(line: line.dropLast()) == record  // true
/// ```
package struct HistoryRecord: Equatable, Sendable {
  /// When the run finished, to the second.
  package var time: Date
  /// The query as given (`@Apple`), or the input's name.
  package var query: String
  /// Where the posts came from (`x`, `bluesky`, `fixtures`, `input`).
  package var source: String
  /// The model's identity (``modelID(_:)``).
  package var model: String
  /// The posts' labels counted.
  package var labels: LabelCount
  /// The printed interval of the score, per 100 posts.
  package var interval: ClosedRange<Int>
  /// What a comparison needs of the run.
  package var side: Comparison.Side
  /// The posts' keys (``ComparedSet/postKey(_:)``), in order.
  package var keys: [UInt32]

  /// A record from its parts.
  package init(
    time: Date, query: String, source: String, model: String, labels: LabelCount,
    interval: ClosedRange<Int>, side: Comparison.Side, keys: [UInt32]
  ) {
    self.time = Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
    self.query = query
    self.source = source
    self.model = model
    self.labels = labels
    self.interval = interval
    self.side = side
    self.keys = keys
  }

  /// The record of a scored set.
  package init(time: Date, query: String, source: String, model: String, set: ComparedSet) {
    self.init(
      time: time, query: query, source: source, model: model, labels: set.labels,
      interval: set.estimate.scoreInterval, side: set.side, keys: set.keys)
  }

  /// The record as one line of JSON, ending in a line feed.
  package var line: [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("time")
    json.string(Self.timeText(time))
    json.key("query")
    json.string(query)
    json.key("source")
    json.string(source)
    json.key("model")
    json.string(model)
    json.key("posts")
    json.integer(side.count)
    json.key("positive")
    json.integer(labels.positive)
    json.key("neutral")
    json.integer(labels.neutral)
    json.key("negative")
    json.integer(labels.negative)
    json.key("score")
    json.integer(side.score)
    json.key("interval")
    json.beginArray()
    json.integer(interval.lowerBound)
    json.integer(interval.upperBound)
    json.endArray()
    json.key("label_doubt")
    json.number(side.labelDoubt)
    json.key("keys")
    json.string(Self.encode(keys))
    json.key("words")
    json.string(side.words.encoded)
    json.endObject()
    return json.bytes + [0x0A]
  }

  /// Reads a line ``line`` writes (without its line feed); `nil` for
  /// anything else, such as the part a run killed mid-write left.
  package init?(line: some Collection<UInt8>) {
    guard case .object(let members)? = try? JSONValue.parse(Array(line)),
      case .string(let timeText)? = members["time"], let time = Self.date(timeText),
      case .string(let query)? = members["query"],
      case .string(let source)? = members["source"],
      case .string(let model)? = members["model"],
      let posts = Self.integer(members["posts"]),
      let positive = Self.integer(members["positive"]),
      let neutral = Self.integer(members["neutral"]),
      let negative = Self.integer(members["negative"]),
      let score = Self.integer(members["score"]),
      case .array(let bounds)? = members["interval"], bounds.count == 2,
      let low = Self.integer(bounds[0]), let high = Self.integer(bounds[1]), low <= high,
      case .number(let labelDoubt)? = members["label_doubt"], labelDoubt >= 0,
      case .string(let keyText)? = members["keys"], let keys = Self.decode(keyText),
      case .string(let wordText)? = members["words"], let words = WordSketch(encoded: wordText),
      posts > 0, keys.count == posts, positive >= 0, neutral >= 0, negative >= 0,
      positive + neutral + negative == posts
    else { return nil }
    self.init(
      time: time, query: query, source: source, model: model,
      labels: LabelCount(positive: positive, negative: negative, neutral: neutral),
      interval: low...high,
      side: Comparison.Side(score: score, count: posts, labelDoubt: labelDoubt, words: words),
      keys: keys)
  }

  /// The identity of a model, from its file's bytes: `fnv:` and 16 hex
  /// digits of their FNV-1a hash.
  package static func modelID(_ bytes: some Sequence<UInt8>) -> String {
    let hex = String(FNV1a.hash(bytes), radix: 16)
    return "fnv:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// `2026-12-02T09:00:00Z`.
  package static func timeText(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
    let day = rest < 0 ? days - 1 : days
    let second = rest < 0 ? rest + 86_400 : rest
    let (year, month, dayOfMonth) = civil(day)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(dayOfMonth))T\(two(second / 3600)):"
      + "\(two(second / 60 % 60)):\(two(second % 60))Z"
  }

  /// Reads ``timeText(_:)``'s form; `nil` for any other text. Written by
  /// hand: Foundation's ISO 8601 formatter takes most of the time of
  /// reading a long history.
  static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = Self.days(year: year, month: month, day: day)
    guard civil(days) == (year, month, day) else { return nil }
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
  /// `days_from_civil`).
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of a day since 1970-01-01 (`civil_from_days`).
  static func civil(_ days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func integer(_ value: JSONValue?) -> Int? {
    guard case .number(let number)? = value, number.rounded() == number,
      number.magnitude < 1e15
    else { return nil }
    return Int(number)
  }

  /// Keys as base64 of 3 bytes each, high byte first.
  static func encode(_ keys: [UInt32]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(keys.count * 3)
    for key in keys {
      bytes += [UInt8(key >> 16 & 0xff), UInt8(key >> 8 & 0xff), UInt8(key & 0xff)]
    }
    return Data(bytes).base64EncodedString()
  }

  static func decode(_ text: String) -> [UInt32]? {
    guard let data = Data(base64Encoded: text), data.count % 3 == 0 else { return nil }
    let bytes = [UInt8](data)
    return stride(from: 0, to: bytes.count, by: 3).map { i in
      UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
    }
  }
}
