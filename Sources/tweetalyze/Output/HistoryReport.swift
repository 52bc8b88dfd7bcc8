import Foundation
import SentimentCore

/// `tweetalyze history`'s text, JSON, CSV and chart: the runs a `--history`
/// file keeps, oldest first.
enum HistoryReport {
  /// A line per run: `2026-12-02 09:00 UTC  😄 25  (-30 to +80)  100 posts  @Apple`.
  static func text(_ records: [HistoryRecord]) -> String {
    let rows = records.map { record in
      let band = EmojiBand(scaled: Double(record.side.score))
      return (
        HistoryFile.shortTime(record.time), "\(band.emoji) \(record.side.score)",
        "(\(range(record.interval)))",
        "\(record.side.count) post\(record.side.count == 1 ? "" : "s")", record.query
      )
    }
    let scoreWidth = (rows.map(\.1.count).max() ?? 0) + 2
    let rangeWidth = (rows.map(\.2.count).max() ?? 0) + 2
    let postsWidth = (rows.map(\.3.count).max() ?? 0) + 2
    return rows.map { row in
      "\(row.0)  " + ReportNumbers.pad(row.1, scoreWidth) + ReportNumbers.pad(row.2, rangeWidth)
        + ReportNumbers.pad(row.3, postsWidth) + row.4 + "\n"
    }.joined()
  }

  /// A header, then a row per run.
  static func csv(_ records: [HistoryRecord]) -> String {
    CSVWriter.record([
      "time", "query", "source", "model", "posts", "positive", "neutral", "negative", "score",
      "low", "high",
    ])
      + records.map { record in
        CSVWriter.record([
          HistoryRecord.timeText(record.time), record.query, record.source, record.model,
          "\(record.side.count)", "\(record.labels.positive)", "\(record.labels.neutral)",
          "\(record.labels.negative)", "\(record.side.score)", "\(record.interval.lowerBound)",
          "\(record.interval.upperBound)",
        ])
      }.joined()
  }

  /// `{"runs":[{…}, …], "unreadable": N}`.
  static func json(_ records: [HistoryRecord], unreadable: Int) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("runs")
    json.beginArray()
    for record in records {
      json.beginObject()
      json.key("interval")
      json.beginArray()
      json.integer(record.interval.lowerBound)
      json.integer(record.interval.upperBound)
      json.endArray()
      json.key("model")
      json.string(record.model)
      json.key("negative")
      json.integer(record.labels.negative)
      json.key("neutral")
      json.integer(record.labels.neutral)
      json.key("positive")
      json.integer(record.labels.positive)
      json.key("posts")
      json.integer(record.side.count)
      json.key("query")
      json.string(record.query)
      json.key("score")
      json.integer(record.side.score)
      json.key("source")
      json.string(record.source)
      json.key("time")
      json.string(HistoryRecord.timeText(record.time))
      json.endObject()
    }
    json.endArray()
    json.key("unreadable")
    json.integer(unreadable)
    json.endObject()
    return json.bytes + [0x0A]
  }

  /// The runs' scores at their times, each with its 90 % interval, as an
  /// SVG chart.
  static func plot(_ records: [HistoryRecord], query: String) -> String {
    let (width, height) = (SVGPlot.width, 420.0)
    let margin = SVGPlot.margin
    let area = SVGPlot.Area(
      left: margin.left, right: width - margin.right, top: margin.top + 20,
      bottom: height - margin.bottom)
    let times = records.map(\.time.timeIntervalSince1970)
    let (first, last) = (times.min() ?? 0, times.max() ?? 0)
    let inset = 24.0
    let x = { (time: Double) in
      last > first
        ? area.left + inset + (time - first) / (last - first) * (area.right - area.left - 2 * inset)
        : (area.left + area.right) / 2
    }
    let y = { (score: Double) in area.top + (1 - min(1, max(-1, score / 100))) / 2 * area.height }
    let n = SVGPlot.n
    var svg = SVGPlot.Document(
      width: width, height: height,
      title: "\(query): score per 100 posts per run (UTC), 90 % interval")
    svg.scoreAxes(area, y: y)
    if let start = records.first, let end = records.last {
      svg.text(
        "\(HistoryFile.shortTime(start.time)) to \(HistoryFile.shortTime(end.time)), "
          + "\(records.count) run\(records.count == 1 ? "" : "s")",
        x: area.left + (area.right - area.left) / 2, y: height - 14, anchor: "middle")
    }
    svg.text(
      "● score · | its 90 % interval", x: area.left, y: 46, anchor: "start", class: "legend")
    let points = records.map {
      "\(n(x($0.time.timeIntervalSince1970))),\(n(y(Double($0.side.score))))"
    }
    svg.add(
      "<polyline class=\"series\" fill=\"none\" stroke=\"#4477aa\" stroke-width=\"1\" "
        + "stroke-opacity=\"0.5\" points=\"\(points.joined(separator: " "))\"/>")
    let radius = records.count > 200 ? 1.5 : 4
    for record in records {
      let cx = n(x(record.time.timeIntervalSince1970))
      let time = SVGPlot.escape(HistoryRecord.timeText(record.time))
      svg.add(
        "<line class=\"interval\" data-time=\"\(time)\" data-low=\"\(record.interval.lowerBound)\" "
          + "data-high=\"\(record.interval.upperBound)\" x1=\"\(cx)\" "
          + "y1=\"\(n(y(Double(record.interval.lowerBound))))\" x2=\"\(cx)\" "
          + "y2=\"\(n(y(Double(record.interval.upperBound))))\" stroke=\"#4477aa\" "
          + "stroke-width=\"1.5\"/>")
      svg.add(
        "<circle class=\"point\" data-time=\"\(time)\" data-score=\"\(record.side.score)\" "
          + "data-count=\"\(record.side.count)\" cx=\"\(cx)\" "
          + "cy=\"\(n(y(Double(record.side.score))))\" r=\"\(n(radius))\" fill=\"#4477aa\">"
          + "<title>\(time): \(record.side.count) posts, \(record.side.score) per 100 "
          + "(\(range(record.interval)))</title></circle>")
    }
    return svg.finish()
  }

  private static func range(_ interval: ClosedRange<Int>) -> String {
    ReportNumbers.signed(Double(interval.lowerBound), decimals: 0) + " to "
      + ReportNumbers.signed(Double(interval.upperBound), decimals: 0)
  }
}
