// libFuzzer target: the `--plot` charts, `SVGPlot.trend` and
// `SVGPlot.mentions`, on any values they can be given; the SVG must always
// be well-formed XML, as Foundation's `XMLParser` (libxml2) reads it.
//
// Byte 0 picks the chart: a trend bucketed by `Trend.init` from tweets
// whose dates are arbitrary doubles (NaN, ±infinity, huge, subnormal,
// realistic dates minutes to centuries apart) or missing; a trend built
// directly (any unit, positions, class counts up to 2^40, estimates,
// undated count and slope, NaN and infinities included); or the top
// mentions (none, `nil`, or up to 40 names with any tweet counts, sums and
// estimates). Then come the query and
// the names: ASCII with every control character, the characters XML
// forbids (U+FFFE, U+FFFF, C1 controls), `<&>"'`, `]]>`, `<!--`, a byte
// order mark, emoji, and raw bytes decoded as UTF-8 (invalid sequences
// become U+FFFD, as everything from outside does). Up to 300 tweets or
// buckets: zero, one and more than 200 (where the points get smaller).
// Whatever the input: no trap, and `XMLParser` parses the chart with an
// `<svg>` root and a `<title>`.

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads the fuzzer's bytes one value at a time; zeros once they run out.
private struct PlotInput {
  var source: FuzzBytes

  var isAtEnd: Bool { source.isAtEnd }

  mutating func byte() -> Int { source.byte() }

  mutating func raw64() -> UInt64 {
    var bits: UInt64 = 0
    for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(byte()) << UInt64(shift) }
    return bits
  }

  /// A double: special values, or 8 raw bytes (any bit pattern).
  mutating func double() -> Double {
    switch byte() % 14 {
    case 0: return 0
    case 1: return -0.0
    case 2: return .nan
    case 3: return .infinity
    case 4: return -.infinity
    case 5: return .greatestFiniteMagnitude
    case 6: return -.greatestFiniteMagnitude
    case 7: return .leastNonzeroMagnitude
    case 8: return .leastNormalMagnitude
    case 9: return 1e300
    case 10: return Double(byte() - 128) / 64
    case 11: return Double(Int64(bitPattern: raw64()))
    default: return Double(bitPattern: raw64())
    }
  }

  /// A count from 0 to 2^40, mostly small.
  mutating func count() -> Int {
    let selector = byte()
    switch selector % 4 {
    case 0, 1: return selector / 4
    case 2: return byte() * 1_000 + byte()
    default: return Int(raw64() & (1 << 40 - 1))
    }
  }

  /// Any Int, mostly small.
  mutating func integer() -> Int {
    let selector = byte()
    switch selector % 4 {
    case 0, 1: return selector / 4 - 32
    case 2: return [Int.min, Int.max, Int.min + 1, -1][byte() % 4]
    default: return Int(Int64(bitPattern: raw64()))
    }
  }

  private static let pieces = [
    "<", ">", "&", "\"", "'", "]]>", "<!--", "-->", "&amp;", "&#0;", "<?xml", "\u{FEFF}",
    "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{85}", "\u{9F}", "\u{7F}", "\u{2028}", "\u{D7FF}",
    "\u{E000}", "\u{10FFFF}", "é", "😀", "👍🏽", "\u{301}", "@", "#", " ", "\\u{1B}",
  ]

  /// A string of up to 31 pieces: ASCII (controls included), the pieces
  /// above, or raw bytes decoded as UTF-8.
  mutating func string() -> String {
    var text = ""
    for _ in 0..<(byte() % 32) {
      let selector = byte()
      if selector < 128 {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(selector)))
      } else if selector < 224 {
        text += Self.pieces[(selector - 128) % Self.pieces.count]
      } else {
        let raw = (0..<(selector - 223)).map { _ in UInt8(byte()) }
        text += String(decoding: raw, as: UTF8.self)
      }
    }
    return text
  }
}

/// Checks that `svg` is well-formed XML with an `<svg>` root and a
/// `<title>`.
private final class PlotCheck: NSObject, XMLParserDelegate {
  var root: String?
  var titles = 0

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if root == nil { root = name }
    if name == "title" { titles += 1 }
  }

  static func check(_ svg: String, _ what: String) {
    let check = PlotCheck()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = check
    guard parser.parse() else {
      let error = parser.parserError.map { "\($0)" } ?? "no error"
      fatalError("\(what): not well-formed XML (\(error), line \(parser.lineNumber)):\n\(svg)")
    }
    if check.root != "svg" || check.titles == 0 {
      fatalError("\(what): root \(check.root ?? "none"), \(check.titles) titles:\n\(svg)")
    }
  }
}

/// The estimator that scores each bucket and name: a sound classifier's
/// context, with few resamples and iterations (a million inputs run).
private let plotContext = QuantificationContext(
  trainingPrevalence: PerClass(negative: 0.2, neutral: 0.6, positive: 0.2),
  rates: PerClass(
    negative: PerClass(negative: 0.7, neutral: 0.25, positive: 0.05),
    neutral: PerClass(negative: 0.1, neutral: 0.8, positive: 0.1),
    positive: PerClass(negative: 0.05, neutral: 0.25, positive: 0.7)))

private func plotEstimate(_ predictions: [Prediction]) -> ScoreEstimate {
  ScoreEstimate(
    posteriors: predictions.map(\.probabilities), method: .adjusted, context: plotContext,
    resamples: 5, iterations: 5)
}

/// Probabilities 0.8 for `label`, 0.1 for the others.
private func plotPosterior(_ label: Sentiment) -> Prediction {
  var probabilities = PerClass(negative: 0.1, neutral: 0.1, positive: 0.1)
  probabilities[label] = 0.8
  return Prediction(label: label, probabilities: probabilities)
}

/// An estimate with any values: count, value (NaN and infinities
/// included) and an interval (its bounds in order, NaN taken as 0).
private func plotAnyEstimate(_ input: inout PlotInput) -> ScoreEstimate {
  var estimate = plotEstimate([plotPosterior(Sentiment.allCases[input.byte() % 3])])
  estimate.count = input.count()
  estimate.value = input.double()
  let bounds = [input.double(), input.double()].map { $0.isNaN ? 0 : $0 }
  estimate.interval = min(bounds[0], bounds[1])...max(bounds[0], bounds[1])
  return estimate
}

/// Posts with dates (or none) and predictions, as `analyze --trend` gives
/// `Trend.init`.
private func plotTweets(
  _ input: inout PlotInput
) -> [(date: Date?, prediction: Prediction)] {
  let spacing: Double = [1.0, 60, 3_600, 86_400, 86_400 * 365, 1e9][input.byte() % 6]
  let start: Double = [1.7e9, 0, -62_135_596_800, 253_402_300_799][input.byte() % 4]
  var tweets: [(date: Date?, prediction: Prediction)] = []
  let count = input.byte() + (input.byte() % 2) * 45
  while tweets.count < count && !input.isAtEnd {
    let selector = input.byte()
    let label = Sentiment.allCases[selector % 3]
    var date: Date?
    switch selector / 3 % 8 {
    case 0: date = nil
    case 1: date = Date(timeIntervalSince1970: input.double())
    default: date = Date(timeIntervalSince1970: start + Double(input.byte()) * spacing)
    }
    tweets.append((date, plotPosterior(label)))
  }
  return tweets
}

/// A trend built directly: any unit, positions, counts, estimates and
/// slope.
private func plotTrend(_ input: inout PlotInput) -> Trend {
  let unit: Trend.Unit = input.byte() % 2 == 0 ? .day : .hour
  var buckets: [Trend.Bucket] = []
  let count = input.byte() + (input.byte() % 2) * 45
  var seconds: Int = [1_700_000_000, 0, -62_135_596_800, 253_402_300_000][input.byte() % 4]
  while buckets.count < count && !input.isAtEnd {
    seconds += unit.seconds * (input.byte() + 1)
    let score = LabelCount(
      positive: input.count(), negative: input.count(), neutral: input.count())
    buckets.append(
      Trend.Bucket(
        start: Date(timeIntervalSince1970: Double(seconds)), position: input.integer(),
        score: score, estimate: plotAnyEstimate(&input)))
  }
  var slope: Trend.Slope?
  if input.byte() % 4 != 0 {
    let bounds = [input.double(), input.double()].map { $0.isNaN ? 0 : $0 }
    slope = Trend.Slope(
      perDay: input.double(), interval: min(bounds[0], bounds[1])...max(bounds[0], bounds[1]),
      intercept: input.double(), points: input.count())
  }
  // Trend has no memberwise initializer: set the fields of an empty one.
  var trend = Trend([(date: Date?, prediction: Prediction)](), estimate: plotEstimate)
  trend.unit = unit
  trend.buckets = buckets
  trend.undated = input.count()
  trend.slope = slope
  return trend
}

/// The top users and hashtags, as `MentionTally.top` gives them (or `nil`).
private func plotMentions(_ input: inout PlotInput) -> (
  users: [MentionCount], hashtags: [MentionCount]
)? {
  let selector = input.byte()
  if selector % 8 == 0 { return nil }
  var all: [MentionCount] = []
  while all.count < selector % 41 && !input.isAtEnd {
    let kind: MentionCount.Kind = input.byte() % 2 == 0 ? .user : .hashtag
    all.append(
      MentionCount(
        kind: kind, name: input.string(), tweets: input.integer(), sentimentSum: input.integer(),
        estimate: plotAnyEstimate(&input)))
  }
  return (all.filter { $0.kind == .user }, all.filter { $0.kind == .hashtag })
}

public func fuzzSVGPlot(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = PlotInput(source: FuzzBytes(data, count: size))
  let kind = input.byte() % 3
  let query = input.string()
  switch kind {
  case 0:
    let trend = Trend(plotTweets(&input), estimate: plotEstimate)
    PlotCheck.check(
      SVGPlot.trend(trend, query: query, method: .adjusted),
      "trend of \(trend.buckets.count) buckets")
  case 1:
    let trend = plotTrend(&input)
    PlotCheck.check(SVGPlot.trend(trend, query: query, method: .adjusted), "built trend")
  default:
    let top = plotMentions(&input)
    PlotCheck.check(SVGPlot.mentions(top, query: query, method: .em), "mentions")
  }
  return 0
}
