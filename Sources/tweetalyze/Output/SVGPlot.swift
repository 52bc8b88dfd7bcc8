import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a chart could not be written: exit status 73 (EX_CANTCREAT).
enum PlotError: LocalizedError, Equatable {
  /// The directory that would hold `path` does not exist, or is no
  /// directory.
  case noDirectory(path: String, directory: String)
  /// `path` is a directory.
  case isDirectory(path: String)
  /// The file at `path` cannot be written, for `reason`.
  case cannotWrite(path: String, reason: String)

  var errorDescription: String? {
    switch self {
    case .noDirectory(let path, let directory):
      "cannot write the chart \(path): no directory \(directory); give --plot a file in a "
        + "directory that exists"
    case .isDirectory(let path):
      "cannot write the chart \(path): it is a directory; give a file name such as "
        + "\(path.hasSuffix("/") ? path : path + "/")chart.svg"
    case .cannotWrite(let path, let reason):
      "cannot write the chart \(path): \(reason)"
    }
  }
}

/// `--plot FILE.svg`: the `--trend` and `--mentions` sections drawn as SVG
/// charts, each point or bar with its 90 % interval and number of posts, written by hand (no packages) as well-formed XML with a `<title>`
/// and axis labels. Every data point carries its values in `data-*`
/// attributes, for scripts and tests. Pure functions of their inputs but
/// ``write(_:to:)``.
enum SVGPlot {
  /// The chart's width in pixels.
  static let width = 720.0
  /// The plot area's margins: left, right, top, bottom.
  static let margin = (left: 76.0, right: 48.0, top: 56.0, bottom: 64.0)

  // MARK: Trend

  /// Each bucket's score per 100 posts (−100 to +100, fixed axis) against
  /// its position, joined by a line, each point with its 90 % interval as
  /// an error bar and its number of posts in a row above the plot; the
  /// weighted least-squares line of the slope, dashed. Labels never overlap:
  /// date and count labels are placed left to right only where they fit
  /// (the last date always), and the points sit inside the axes.
  static func trend(_ trend: Trend, query: String, method: QuantificationMethod) -> String {
    let unit = trend.unit.name
    let height = 420.0
    // Room above the plot for the legend, the verdict and the counts' row.
    let area = Area(
      left: margin.left, right: width - margin.right, top: margin.top + 40,
      bottom: height - margin.bottom)
    // The points keep clear of the y axis and the right edge.
    let inset = 24.0
    let last = Double(trend.buckets.last?.position ?? 0)
    // One bucket, or none: the point sits in the middle.
    let x = { (position: Double) in
      last > 0
        ? area.left + inset + position / last * (area.right - area.left - 2 * inset)
        : (area.left + area.right) / 2
    }
    let y = { (scaled: Double) in
      area.top + (1 - min(1, max(-1, scaled / 100))) / 2 * area.height
    }
    var svg = Document(
      width: width, height: height,
      title: "\(query): \(method.rawValue) score per 100 posts per \(unit) (UTC), 90 % interval")
    svg.scoreAxes(area, y: y)
    svg.text(
      "\(unit) (UTC)"
        + (trend.unit.withinDay
          ? trend.buckets.first.map { ", from \(trend.label(of: $0).prefix(4))" } ?? "" : "")
        + (trend.unit == .week ? ", from Monday" : "")
        + ", \(trend.unit.count(trend.buckets.count))"
        + (trend.undated > 0
          ? ", \(trend.undated) undated post\(trend.undated == 1 ? "" : "s") left out" : ""),
      x: area.left + (area.right - area.left) / 2, y: height - 14, anchor: "middle")
    let slope = trend.change.map {
      ": \(ReportNumbers.signed($0.difference, decimals: 0)) per 100, first to last, 90 % "
        + ReportNumbers.range($0.interval)
    }
    svg.text(
      "● score · | its 90 % interval · n: posts in each \(trend.unit.noun)", x: area.left, y: 42,
      anchor: "start", class: "legend")
    svg.text(
      "trend: \(trend.verdict.rawValue)"
        + (slope.map { " · - - fitted line" + $0 }
          ?? " (a slope needs \(trend.unit.count(Trend.minimumBuckets)) and "
          + "\(Trend.minimumPosts) posts)"),
      x: area.left, y: 58, anchor: "start", class: "verdict")
    guard !trend.buckets.isEmpty else {
      svg.text(
        "no dated posts", x: area.left + (area.right - area.left) / 2,
        y: area.top + area.height / 2, anchor: "middle", class: "empty")
      return svg.finish()
    }
    // Date labels under the axis, where they fit, the last one always.
    let dates = trend.buckets.map { axisLabel(trend, $0) }
    let centres = trend.buckets.map { x(Double($0.position)) }
    for index in fitting(dates, at: centres, keepingLast: true) {
      svg.text(dates[index], x: centres[index], y: area.bottom + 22, anchor: "middle")
    }
    let points = trend.buckets.map { "\(n(x(Double($0.position)))),\(n(y($0.scaled)))" }
    svg.add(
      "<polyline class=\"series\" fill=\"none\" stroke=\"#4477aa\" stroke-width=\"1\" "
        + "stroke-opacity=\"0.5\" points=\"\(points.joined(separator: " "))\"/>")
    if let slope = trend.slope {
      // In days, from the position as a Double: any Int converts.
      let end = last * Double(trend.unit.seconds) / 86_400
      svg.add(
        "<line class=\"fit\" data-slope=\"\(decimal(slope.perDay, 4))\" "
          + "data-low=\"\(decimal(slope.interval.lowerBound, 4))\" "
          + "data-high=\"\(decimal(slope.interval.upperBound, 4))\" "
          + "data-intercept=\"\(decimal(slope.intercept, 4))\" x1=\"\(n(x(0)))\" "
          + "y1=\"\(n(y(slope.intercept)))\" x2=\"\(n(x(last)))\" "
          + "y2=\"\(n(y(slope.intercept + slope.perDay * end)))\" "
          + "stroke=\"#cc6677\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>")
    }
    let radius = trend.buckets.count > 200 ? 1.5 : 4
    for bucket in trend.buckets {
      let cx = n(x(Double(bucket.position)))
      let interval = bucket.scaledInterval
      let label = escape(trend.label(of: bucket))
      svg.add(
        "<line class=\"interval\" data-label=\"\(label)\" "
          + "data-low=\"\(decimal(interval.lowerBound, 2))\" "
          + "data-high=\"\(decimal(interval.upperBound, 2))\" x1=\"\(cx)\" "
          + "y1=\"\(n(y(interval.lowerBound)))\" x2=\"\(cx)\" y2=\"\(n(y(interval.upperBound)))\" "
          + "stroke=\"#4477aa\" stroke-width=\"1.5\"/>")
      let posts = "\(bucket.count) post\(bucket.count == 1 ? "" : "s")"
      let scaled = ReportNumbers.signed(bucket.scaled, decimals: 1)
      let range =
        "(\(ReportNumbers.signed(interval.lowerBound, decimals: 1)) to "
        + "\(ReportNumbers.signed(interval.upperBound, decimals: 1)))"
      svg.add(
        "<circle class=\"point\" data-label=\"\(label)\" "
          + "data-position=\"\(bucket.position)\" data-count=\"\(bucket.count)\" "
          + "data-score=\"\(bucket.estimate.score)\" "
          + "data-scaled=\"\(decimal(bucket.scaled, 2))\" "
          + "data-used=\"\(trend.slope != nil)\" cx=\"\(cx)\" cy=\"\(n(y(bucket.scaled)))\" "
          + "r=\"\(n(radius))\" fill=\"#4477aa\" stroke=\"#4477aa\">"
          + "<title>\(label): \(posts), \(scaled) per 100 \(range)</title></circle>")
    }
    // The number of posts of each bucket in a row above the plot, where
    // they fit; each point's <title> and data-count always give it.
    let counts = trend.buckets.map { "n=\($0.count)" }
    for index in fitting(counts, at: centres, keepingLast: false) {
      svg.text(counts[index], x: centres[index], y: area.top - 8, anchor: "middle", class: "n")
    }
    return svg.finish()
  }

  /// The width a label of `text` takes at the charts' 12 px: DejaVu Sans's
  /// widest common glyphs (digits, 0.636 em), rounded up.
  static func labelWidth(_ text: String) -> Double { Double(text.count) * 12 * 0.65 }

  /// The indices of the labels, centred at `centres` (ascending), that are
  /// drawn: left to right, each only when it clears the one before by 6 px;
  /// with `keepingLast`, the last always, in place of those it would touch.
  static func fitting(_ labels: [String], at centres: [Double], keepingLast: Bool) -> [Int] {
    var kept: [Int] = []
    let edges = { (index: Int) in
      (
        centres[index] - labelWidth(labels[index]) / 2,
        centres[index] + labelWidth(labels[index]) / 2
      )
    }
    for index in labels.indices {
      if let previous = kept.last, edges(index).0 < edges(previous).1 + 6 { continue }
      kept.append(index)
    }
    if keepingLast, let lastIndex = labels.indices.last, kept.last != lastIndex {
      while let previous = kept.last, edges(lastIndex).0 < edges(previous).1 + 6 {
        kept.removeLast()
      }
      kept.append(lastIndex)
    }
    return kept
  }

  /// A bucket's label under the axis: `2026-03-01` by day or week,
  /// `03-01 14:00` by hour (the year is in the axis title).
  static func axisLabel(_ trend: Trend, _ bucket: Trend.Bucket) -> String {
    let label = trend.label(of: bucket)
    guard trend.unit.withinDay, label.count >= 16 else { return label }
    let characters = Array(label)
    return String(characters[5..<10]) + " " + String(characters[11..<16])
  }

  // MARK: Mentions

  /// One horizontal bar per name (users, then hashtags, as `--mentions`
  /// lists them): its length is the score per 100 posts of the posts that
  /// name it, from the zero line left (negative) or right (positive), with
  /// its 90 % interval as an error bar; the name carries its number of
  /// posts.
  static func mentions(
    _ top: (users: [MentionCount], hashtags: [MentionCount])?, query: String,
    method: QuantificationMethod
  ) -> String {
    let all = (top?.users ?? []) + (top?.hashtags ?? [])
    let row = 22.0
    let height = margin.top + max(1, Double(all.count)) * row + margin.bottom
    let area = Area(
      left: 200, right: width - margin.right, top: margin.top, bottom: height - margin.bottom)
    let zero = area.left + (area.right - area.left) / 2
    let x = { (value: Double) in
      zero + min(1, max(-1, value / 100)) * (area.right - area.left) / 2
    }
    var svg = Document(
      width: width, height: height,
      title: "\(query), top mentions: \(method.rawValue) score per 100 posts, 90 % interval")
    for tick in [-100.0, -50, 0, 50, 100] {
      svg.add(
        "<line class=\"grid\" x1=\"\(n(x(tick)))\" y1=\"\(n(area.top))\" x2=\"\(n(x(tick)))\" "
          + "y2=\"\(n(area.bottom))\" stroke=\"\(tick == 0 ? "#999" : "#ddd")\"/>")
      svg.text(
        ReportNumbers.signed(tick, decimals: 0), x: x(tick), y: area.bottom + 18,
        anchor: "middle")
    }
    svg.text(
      "score per 100 posts that name it (−100 negative … +100 positive)",
      x: area.left + (area.right - area.left) / 2, y: height - 14, anchor: "middle")
    // The names' column heading, above them: a rotated label would not fit
    // a chart of a few bars.
    svg.text("@user or #hashtag (n posts)", x: area.left - 8, y: 44, anchor: "end")
    guard !all.isEmpty else {
      svg.text(
        "no @user or #hashtag is in more than one post", x: zero, y: area.top + row / 2 + 4,
        anchor: "middle", class: "empty")
      return svg.finish()
    }
    for (index, mention) in all.enumerated() {
      let top = area.top + Double(index) * row
      let value = mention.scaled
      let interval = mention.scaledInterval
      let colour = value > 0 ? "#228833" : value < 0 ? "#cc3311" : "#999999"
      let left = min(zero, x(value))
      let name = escape(mention.display)
      svg.add(
        "<rect class=\"bar\" data-name=\"\(name)\" "
          + "data-tweets=\"\(mention.tweets)\" data-value=\"\(decimal(value, 2))\" "
          + "data-score=\"\(mention.estimate.score)\" "
          + "x=\"\(n(left))\" y=\"\(n(top + 3))\" width=\"\(n(max(1, abs(x(value) - zero))))\" "
          + "height=\"\(n(row - 6))\" fill=\"\(colour)\" fill-opacity=\"0.7\"><title>\(name): "
          + "\(mention.tweets) posts, \(ReportNumbers.signed(value, decimals: 1)) per 100 "
          + "(\(ReportNumbers.signed(interval.lowerBound, decimals: 1)) to "
          + "\(ReportNumbers.signed(interval.upperBound, decimals: 1)))</title></rect>")
      svg.add(
        "<line class=\"interval\" data-name=\"\(name)\" "
          + "data-low=\"\(decimal(interval.lowerBound, 2))\" "
          + "data-high=\"\(decimal(interval.upperBound, 2))\" "
          + "x1=\"\(n(x(interval.lowerBound)))\" y1=\"\(n(top + row / 2))\" "
          + "x2=\"\(n(x(interval.upperBound)))\" y2=\"\(n(top + row / 2))\" "
          + "stroke=\"#333\" stroke-width=\"1.5\"/>")
      svg.text(
        "\(mention.display) (n=\(mention.tweets))", x: area.left - 8, y: top + row / 2 + 4,
        anchor: "end")
    }
    svg.text(
      "bar: score (green positive, red negative); line: its 90 % interval", x: area.left + 8,
      y: 44, anchor: "start", class: "legend")
    return svg.finish()
  }

  // MARK: Why

  /// `--why` as a diverging bar chart: one horizontal bar per term, from
  /// the zero line to its z (left: leans negative, red; right: positive,
  /// green), strongest first; the term carries its posts and part of the
  /// score.
  static func drivers(_ drivers: [Driver], query: String) -> String {
    let row = 22.0
    let height = margin.top + max(1, Double(drivers.count)) * row + margin.bottom
    let area = Area(
      left: 220, right: width - margin.right, top: margin.top, bottom: height - margin.bottom)
    let zero = area.left + (area.right - area.left) / 2
    // A whole-number axis reaching at least the threshold of a clear term,
    // so that its dashed lines are always drawn.
    let largest = max(
      DriverTally.clearZ, (drivers.map { abs($0.z) }.filter(\.isFinite).max() ?? 1).rounded(.up))
    let x = { (value: Double) in
      zero + min(1, max(-1, value / largest)) * (area.right - area.left) / 2
    }
    var svg = Document(
      width: width, height: height,
      title: "\(query): what moves the score (log-odds ratio z, informative Dirichlet prior)")
    svg.add(
      "<line class=\"grid\" x1=\"\(n(zero))\" y1=\"\(n(area.top))\" x2=\"\(n(zero))\" "
        + "y2=\"\(n(area.bottom))\" stroke=\"#999\"/>")
    // Numbers on the z axis: whole numbers, at most 6 a side.
    let step = max(1, (largest / 6).rounded(.up))
    for tick in stride(from: -largest, through: largest, by: step) {
      svg.add(
        "<line class=\"tick\" x1=\"\(n(x(tick)))\" y1=\"\(n(area.bottom))\" "
          + "x2=\"\(n(x(tick)))\" y2=\"\(n(area.bottom + 4))\" stroke=\"#666\"/>")
      svg.text(
        ReportNumbers.signed(tick, decimals: 0), x: x(tick), y: area.bottom + 16,
        anchor: "middle", class: "tick")
    }
    for threshold in [-DriverTally.clearZ, DriverTally.clearZ] {
      svg.add(
        "<line class=\"threshold\" x1=\"\(n(x(threshold)))\" y1=\"\(n(area.top))\" "
          + "x2=\"\(n(x(threshold)))\" y2=\"\(n(area.bottom))\" stroke=\"#999\" "
          + "stroke-dasharray=\"4 3\"/>")
    }
    svg.text("negative ←", x: area.left, y: area.bottom + 32, anchor: "start")
    svg.text("→ positive", x: area.right, y: area.bottom + 32, anchor: "end")
    svg.text(
      "z: how clearly the term separates positive from negative posts (dashed: |z| = "
        + "\(FixedDecimal.string(DriverTally.clearZ, decimals: 0)), clearly beyond)",
      x: area.left + (area.right - area.left) / 2, y: height - 8, anchor: "middle")
    svg.text("term (n posts, part of the score)", x: area.left - 8, y: 44, anchor: "end")
    guard !drivers.isEmpty else {
      svg.text(
        "no term in \(DriverTally.minimumPosts) posts or more", x: zero,
        y: area.top + row / 2 + 4, anchor: "middle", class: "empty")
      return svg.finish()
    }
    for (index, driver) in drivers.enumerated() {
      let top = area.top + Double(index) * row
      let colour = driver.z > 0 ? "#228833" : driver.z < 0 ? "#cc3311" : "#999999"
      let term = escape(driver.term)
      svg.add(
        "<rect class=\"bar\" data-term=\"\(term)\" data-z=\"\(decimal(driver.z, 4))\" "
          + "data-posts=\"\(driver.posts)\" data-part=\"\(driver.part)\" "
          + "x=\"\(n(min(zero, x(driver.z))))\" y=\"\(n(top + 3))\" "
          + "width=\"\(n(max(1, abs(x(driver.z) - zero))))\" height=\"\(n(row - 6))\" "
          + "fill=\"\(colour)\" fill-opacity=\"0.7\"><title>\(term): \(driver.posts) posts, "
          + "\(driver.positive) positive, \(driver.negative) negative, z "
          + "\(ReportNumbers.signed(driver.z, decimals: 2))</title></rect>")
      let part = driver.part > 0 ? "+\(driver.part)" : "\(driver.part)"
      svg.text(
        "\(String(driver.term.prefix(24))) (n=\(driver.posts), \(part))", x: area.left - 8,
        y: top + row / 2 + 4, anchor: "end")
    }
    return svg.finish()
  }

  // MARK: Writing

  /// Refuses, before any work, a path that is a directory or whose
  /// directory does not exist.
  static func checkPath(_ path: String) throws(PlotError) {
    var status = stat()
    if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      throw .isDirectory(path: path)
    }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw .noDirectory(path: path, directory: directory)
    }
  }

  /// Writes `svg` to `path` atomically (``Files/writeAtomically(_:to:)``).
  static func write(_ svg: String, to path: String) throws(PlotError) {
    try checkPath(path)
    do {
      try Files.writeAtomically(Array(svg.utf8), to: path)
    } catch {
      var reason = ErrorLine.message(for: error)
      if reason.hasPrefix("cannot write \(path): ") {
        reason = String(reason.dropFirst("cannot write \(path): ".count))
      }
      throw .cannotWrite(path: path, reason: reason)
    }
  }

  // MARK: Helpers

  /// The plot area.
  struct Area {
    var left, right, top, bottom: Double
    var height: Double { bottom - top }
  }

  /// An SVG document being written.
  struct Document {
    private var parts: [String]

    /// Opens the document, with `title` as its `<title>` and heading.
    init(width: Double, height: Double, title: String) {
      parts = [
        #"<?xml version="1.0" encoding="UTF-8"?>"#,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" "
          + "height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
          + "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">",
        "<title>\(escape(title))</title>",
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
        "<text class=\"heading\" x=\"\(n(width / 2))\" y=\"22\" text-anchor=\"middle\" "
          + "font-size=\"\(n(Self.headingSize(title, width: width)))\" font-weight=\"bold\">"
          + "\(escape(title))</text>",
      ]
    }

    /// The heading's size: 15 px, smaller for a long title, so that it
    /// fits the chart's width with 10 px either side (at most 0.65 em a
    /// character).
    static func headingSize(_ title: String, width: Double) -> Double {
      min(15, ((width - 20) / (Double(max(1, title.count)) * 0.65) * 100).rounded(.down) / 100)
    }

    /// Adds markup as it is.
    mutating func add(_ markup: String) { parts.append(markup) }

    /// Adds a text label, escaped.
    mutating func text(
      _ text: String, x: Double, y: Double, anchor: String, rotate: Bool = false,
      class name: String = "label"
    ) {
      let rotation = rotate ? " transform=\"rotate(-90 \(n(x)) \(n(y)))\"" : ""
      parts.append(
        "<text class=\"\(name)\" x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor)\""
          + "\(rotation) fill=\"#333\">\(escape(text))</text>")
    }

    /// Closes the document.
    /// The axes of a chart of scores per 100 posts: the y axis from −100
    /// to +100 with a grid line and a number every 50, and its title.
    mutating func scoreAxes(_ area: Area, y: (Double) -> Double) {
      let n = SVGPlot.n
      add(
        ##"<g class="axes" stroke="#999" stroke-width="1">"##
          + "<line x1=\"\(n(area.left))\" y1=\"\(n(area.top))\" x2=\"\(n(area.left))\" "
          + "y2=\"\(n(area.bottom))\"/>"
          + "<line x1=\"\(n(area.left))\" y1=\"\(n(area.bottom))\" x2=\"\(n(area.right))\" "
          + "y2=\"\(n(area.bottom))\"/></g>")
      for tick in [-100.0, -50, 0, 50, 100] {
        add(
          "<line class=\"grid\" x1=\"\(n(area.left))\" y1=\"\(n(y(tick)))\" "
            + "x2=\"\(n(area.right))\" y2=\"\(n(y(tick)))\" stroke=\"#ddd\""
            + (tick == 0 ? "" : " stroke-dasharray=\"3 3\"") + "/>")
        text(
          ReportNumbers.signed(tick, decimals: 0), x: area.left - 8, y: y(tick) + 4,
          anchor: "end")
      }
      text(
        "score per 100 posts (−100 negative … +100 positive)", x: 18,
        y: area.top + area.height / 2, anchor: "middle", rotate: true)
    }

    func finish() -> String { (parts + ["</svg>"]).joined(separator: "\n") + "\n" }
  }

  /// A coordinate with 2 decimals; anything not finite (which the charts
  /// never compute) is 0, so that the file stays valid SVG.
  static func n(_ value: Double) -> String {
    value.isFinite ? FixedDecimal.string(value, decimals: 2) : "0"
  }

  /// A data value with `decimals` decimals (0 when not finite).
  static func decimal(_ value: Double, _ decimals: Int) -> String {
    value.isFinite ? FixedDecimal.string(value, decimals: decimals) : "0"
  }

  /// Text for XML content or attributes: `&`, `<`, `>`, `"` and `'` as
  /// entities; characters that XML 1.0 does not allow (most C0 controls,
  /// U+FFFE, U+FFFF) and the C1 controls written as `\u{1B}`.
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\u{0}"..<"\u{20}", "\u{7F}"..."\u{9F}", "\u{FFFE}", "\u{FFFF}":
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
