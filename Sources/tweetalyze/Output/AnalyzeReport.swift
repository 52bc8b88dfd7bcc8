import Foundation
import SentimentCore

/// The output of `tweetalyze QUERY` beyond the score: per-tweet lines and
/// the `--details`, `--mentions` and `--trend` sections, as text or JSON.
/// Pure functions of their inputs, so that tests can check every format.
enum AnalyzeReport {
  // MARK: Per-tweet lines

  /// `id<TAB>created_at<TAB>label<TAB>probability<TAB>text` and a line break;
  /// tabs, carriage returns and line breaks in the text become spaces, and
  /// other control characters (ESC, BEL, C1, U+2028…) and the bidirectional
  /// controls (U+202E…) are written escaped (`\u{1B}`), so that a tweet can
  /// neither split the line, drive the terminal nor reorder what is shown
  /// (``ErrorLine/inline(_:)``).
  static func tweetLine(_ tweet: Tweet, _ prediction: Prediction, into buffer: inout [UInt8]) {
    buffer.append(contentsOf: ErrorLine.clean(tweet.id).utf8)
    buffer.append(0x09)
    if let date = tweet.createdAt { buffer.append(contentsOf: ISO8601.string(date).utf8) }
    buffer.append(0x09)
    buffer.append(contentsOf: prediction.label.name.utf8)
    buffer.append(0x09)
    FixedDecimal.append(prediction.confidence, decimals: 4, to: &buffer)
    buffer.append(0x09)
    buffer.append(contentsOf: ErrorLine.inline(tweet.text).utf8)
    buffer.append(0x0A)
  }

  /// One NDJSON line per tweet: `author`, `created_at`, `id`, `label`,
  /// `probability`, `text`.
  static func tweetJSON(_ tweet: Tweet, _ prediction: Prediction) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("author")
    if let author = tweet.author { json.string(author) } else { json.null() }
    json.key("created_at")
    if let date = tweet.createdAt { json.string(ISO8601.string(date)) } else { json.null() }
    json.key("id")
    json.string(tweet.id)
    json.key("label")
    json.string(prediction.label.name)
    json.key("probability")
    json.number(prediction.confidence, decimals: 4)
    json.key("text")
    json.string(tweet.text)
    json.endObject()
    return json.bytes + [0x0A]
  }

  // MARK: Sections as text

  /// The `--details` section: the labels counted, the estimate and its
  /// interval, both per 100 posts, the printed score and its band, with a
  /// warning in words when the interval reaches other bands.
  static func detailsText(
    _ score: LabelCount, _ estimate: ScoreEstimate, calibrated: Bool, style: Style
  ) -> String {
    guard let band = estimate.bandIfAny else { return "" }
    var lines = ["details"]
    for label in [Sentiment.positive, .negative, .neutral] {
      let count = self.count(of: label, in: score)
      let share = FixedDecimal.string(Double(count) * 100 / Double(score.count), decimals: 1)
      lines.append(
        style.paint(ReportNumbers.pad(label.name, 10), Style.colour(of: label))
          + ReportNumbers.pad(String(count), 8)
          + share + " %")
    }
    lines.append(ReportNumbers.pad("posts", 10) + String(score.count))
    lines.append(
      ReportNumbers.pad("count", 10) + String(score.value) + " (positives − negatives, as labeled)")
    let shares = [Sentiment.positive, .negative].map { label in
      "\(label.name) \(FixedDecimal.string(estimate.prevalence[label] * 100, decimals: 1)) %"
    }
    lines.append(
      ReportNumbers.pad("estimate", 10) + ReportNumbers.signed(estimate.value, decimals: 1)
        + " (\(estimate.method.rawValue): "
        + shares.joined(separator: ", ") + ")")
    lines.append(
      ReportNumbers.pad("interval", 10)
        + ReportNumbers.signed(estimate.interval.lowerBound, decimals: 1) + " to "
        + ReportNumbers.signed(estimate.interval.upperBound, decimals: 1)
        + " (90 %: other samples of such posts, and each post's doubtful label"
        + (estimate.experts == nil
          ? ")" : "; and the experts' disagreement, plus a domain margin, leaning away from 0)")
    )
    lines += expertLines(estimate)
    let per100 = estimate.scaledInterval
    lines.append(
      ReportNumbers.pad("per 100", 10) + ReportNumbers.signed(estimate.scaled, decimals: 1) + " ("
        + ReportNumbers.signed(per100.lowerBound, decimals: 1) + " to "
        + ReportNumbers.signed(per100.upperBound, decimals: 1)
        + "; estimate and interval × 100 / posts)")
    lines.append(
      ReportNumbers.pad("score", 10) + String(estimate.score) + " (per 100 posts, rounded)")
    lines.append(
      ReportNumbers.pad("band", 10) + "\(band.emoji) \(band.rawValue) (score \(band.rule))")
    let bands = estimate.bands
    if bands.count > 1 {
      let names = bands.map { "\($0.emoji) \($0.rawValue)" }
      lines.append(
        "uncertain: the interval reaches \(bands.count) bands, from "
          + "\(names.first ?? "") to \(names.last ?? "")")
    }
    lines += doubtLines(estimate)
    lines.append(
      ReportNumbers.pad("chance", 10)
        + FixedDecimal.string(estimate.chanceMorePositive * 100, decimals: 0)
        + " % that these posts hold more positives than negatives")
    if !calibrated {
      lines.append(
        "note: the model has no calibration (trained on too few texts to cross-validate): "
          + "the score counts the labels; train on more labeled texts for an estimate")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `--details` lines that split the interval's half-width per 100
  /// posts: the part more posts narrow (sampling, doubtful labels) and the
  /// part they do not (posts unlike the training data).
  static func doubtLines(_ estimate: ScoreEstimate) -> [String] {
    guard estimate.count > 0 else { return [] }
    let split = DoubtSplit(estimate)
    var lines = [
      ReportNumbers.pad("doubt", 10) + "±" + FixedDecimal.string(split.posts, decimals: 1)
        + " per 100 that more posts narrow (other samples, doubtful labels)"
    ]
    if split.domain > 0 {
      lines.append(
        ReportNumbers.pad("", 10) + "±" + FixedDecimal.string(split.domain, decimals: 1)
          + " per 100 that they do not (posts unlike the training data; labeled posts from "
          + "this source narrow it: eval --test, train)")
    }
    return lines
  }

  /// The `--details` lines on the two experts (each one's own score per
  /// 100 posts, and why the interval is wide when they part ways) and on a
  /// correction that moved the estimate far from the labels' count.
  static func expertLines(_ estimate: ScoreEstimate) -> [String] {
    var lines: [String] = []
    let n = Double(max(estimate.count, 1))
    if let experts = estimate.experts {
      let nb = experts.naiveBayes * 100 / n
      let reader = experts.reader * 100 / n
      lines.append(
        ReportNumbers.pad("experts", 10) + "naive bayes alone "
          + ReportNumbers.signed(nb, decimals: 1) + ", reader alone "
          + ReportNumbers.signed(reader, decimals: 1)
          + " (per 100 posts, each counting its own labels)")
      if abs(nb - reader) >= 20 {
        lines.append(
          "disagree: the two experts are \(FixedDecimal.string(abs(nb - reader), decimals: 0)) "
            + "apart per 100 posts: these posts are unlike the tweets the model learned from, "
            + "and the interval is wide to say so")
      }
    }
    if estimate.method != .count {
      let counted = estimate.labels.value
      let moved = (estimate.value - Double(counted)) * 100 / n
      if abs(moved) >= 10 {
        lines.append(
          "corrected: \(estimate.method.rawValue) moved the score "
            + ReportNumbers.signed(moved, decimals: 1)
            + " per 100 posts from the labels' count, by how the model's labels erred on "
            + "held-out training data; on posts unlike it the correction can mislead "
            + "(--estimator count prints the labels' sum)")
      }
    }
    return lines
  }

  /// The note on stderr when the score's 90 % interval reaches more than
  /// one band, or `nil`: `Note: the score's 90 % interval, -32 to 12, spans
  /// 😠 furious to 😊 happy; more posts would narrow it.` The ends are per
  /// 100 posts and rounded, as the score is (``ScoreEstimate/scoreInterval``),
  /// so each lies in the band named for it. With several queries it names
  /// its query.
  static func uncertaintyNote(_ estimate: ScoreEstimate, query: String?) -> String? {
    let bands = estimate.bands
    guard bands.count > 1, let high = bands.first, let low = bands.last else { return nil }
    let ends = estimate.scoreInterval
    let split = DoubtSplit(estimate)
    let what =
      split.postsDominate
      ? "; more posts would narrow it."
      : ", mostly the model's doubt on posts unlike its training data: more posts would not "
        + "narrow it, labeled posts from this source would (eval --test, train)."
    return "Note: " + (query.map { "\(ErrorLine.clean($0)): " } ?? "")
      + "the score's 90 % interval, \(ends.lowerBound) to "
      + "\(ends.upperBound), spans \(low.emoji) \(low.rawValue) to "
      + "\(high.emoji) \(high.rawValue)" + what + "\n"
  }

  /// A group's estimate as text columns: its band's emoji and score as the
  /// score line prints them (per 100 posts, rounded), then the estimate per
  /// 100 posts unrounded and its 90 % interval,
  /// `😊 17   +16.7 (-20.1 to +45.3)`.
  static func groupText(_ estimate: ScoreEstimate, style: Style) -> String {
    let scaled = estimate.scaled
    let interval = estimate.scaledInterval
    return ReportNumbers.pad(
      (estimate.bandIfAny.map { $0.emoji + " " } ?? "") + String(estimate.score), 7)
      + style.paint(ReportNumbers.signed(scaled, decimals: 1), Style.colour(ofValue: scaled))
      + " (\(ReportNumbers.signed(interval.lowerBound, decimals: 1)) to "
      + "\(ReportNumbers.signed(interval.upperBound, decimals: 1)))"
  }

  /// `adjusted score per 100 posts, 90 % interval`: what a group's figure
  /// is, by `method`, the score line's.
  static func groupHeading(_ method: QuantificationMethod) -> String {
    "\(method.rawValue) score per 100 posts, 90 % interval"
  }

  /// The text sections' heading of a group's columns: `score, adjusted
  /// score per 100 posts, 90 % interval` (the score is per 100 posts too,
  /// rounded).
  static func groupColumnsHeading(_ method: QuantificationMethod) -> String {
    "score, " + groupHeading(method)
  }

  /// The `--mentions` section: per name, its posts and their score per 100
  /// posts by the headline's estimator (`method`, the score line's), with
  /// its 90 % interval.
  static func mentionsText(
    _ top: (users: [MentionCount], hashtags: [MentionCount]), method: QuantificationMethod,
    style: Style
  ) -> String {
    let all = top.users + top.hashtags
    guard !all.isEmpty else {
      return "mentions: no @user or #hashtag is in more than one post\n"
    }
    let width = max(12, (all.map { $0.display.count }.max() ?? 0) + 2)
    var lines = ["mentions (posts, \(groupColumnsHeading(method)))"]
    for mention in all {
      lines.append(
        ReportNumbers.pad(mention.display, width) + ReportNumbers.pad(String(mention.tweets), 6)
          + groupText(mention.estimate, style: style))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `--trend` section: a heading with the verdict and the fitted
  /// change from the first bucket to the last with the 90 % interval of the
  /// true change (as `compare` judges two sets), one line per bucket (its posts, and its
  /// score per 100 posts with its interval), and the undated posts when
  /// there are any; on a terminal a sparkline and
  /// a bar per bucket. `method` is the score line's.
  static func trendText(_ trend: Trend, method: QuantificationMethod, style: Style) -> String {
    guard !trend.buckets.isEmpty else {
      return "trend: no dates (\(trend.undated) post\(trend.undated == 1 ? "" : "s") undated); "
        + "--input files give dates in a created_at or date column (--date-column NAME)\n"
    }
    let unit = trend.unit.name
    let units = trend.unit.count
    var heading =
      "trend by \(unit) (UTC), \(groupHeading(method)): "
    if let change = trend.change {
      heading +=
        "\(trend.verdict.rawValue), \(ReportNumbers.signed(change.difference, decimals: 0)) per 100 from the "
        + "first \(trend.unit.noun) to the last (90 %: "
        + "\(ReportNumbers.range(change.interval))), a line through "
        + units(trend.buckets.count)
    } else {
      let posts = trend.datedPosts
      heading +=
        "\(trend.verdict.rawValue) (a slope needs \(units(Trend.minimumBuckets)) and "
        + "\(Trend.minimumPosts) dated posts; these are \(units(trend.buckets.count)), "
        + "\(posts) post\(posts == 1 ? "" : "s"))"
    }
    var lines = [heading]
    if !trend.asked && !trend.isReadable {
      lines.append(
        "rows: no bucket of hour, 6 or 12 hours, day or week gives these posts "
          + "\(Trend.minimumBuckets) to \(Trend.maximumRows) rows of \(Trend.enoughPosts) posts "
          + "each")
    }
    if style.terminal {
      lines.append(trend.buckets.map { bar($0.scaled / 100) }.joined())
    }
    for bucket in trend.buckets {
      var line =
        ReportNumbers.pad(trend.label(of: bucket), trend.unit.withinDay ? 19 : 12)
        + ReportNumbers.pad("\(bucket.count) post\(bucket.count == 1 ? "" : "s")", 11)
        + groupText(bucket.estimate, style: style)
      if style.terminal { line += " " + bar(bucket.scaled / 100) }
      lines.append(line)
    }
    if trend.undated > 0 {
      lines.append(
        "undated: \(trend.undated) post\(trend.undated == 1 ? "" : "s") (in no \(trend.unit.noun))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Sections as JSON

  /// The one object of `--json`, and a line break: `band`, `count` (posts),
  /// `count_score`, `details` (when asked), `emoji`, `estimate` and
  /// `interval` (positives minus negatives among the posts, unscaled),
  /// `estimator`, `mentions` (when asked), `negative`, `neutral`,
  /// `positive`, `query`, `scaled_estimate` and `scaled_interval` (the
  /// estimate and interval per 100 posts), `scaled_score` and `score` (per
  /// 100 posts, rounded: the printed score) and `trend` (when asked).
  static func summaryJSON(
    query: String, _ score: LabelCount, _ estimate: ScoreEstimate, band: EmojiBand,
    details: Bool, mentions top: (users: [MentionCount], hashtags: [MentionCount])?,
    trend: Trend?, why: [Driver]? = nil, change: (since: Date, Comparison)? = nil
  ) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("band")
    json.string(band.rawValue)
    if let change { HistoryFile.changeJSON(since: change.since, change.1, into: &json) }
    json.key("count")
    json.integer(score.count)
    json.key("count_score")
    json.integer(score.value)
    if details {
      json.key("details")
      detailsJSON(score, estimate, into: &json)
    }
    json.key("emoji")
    json.string(band.emoji)
    json.key("estimate")
    json.number(estimate.value, decimals: 2)
    json.key("estimator")
    json.string(estimate.method.rawValue)
    json.key("interval")
    json.beginArray()
    json.number(estimate.interval.lowerBound, decimals: 2)
    json.number(estimate.interval.upperBound, decimals: 2)
    json.endArray()
    if let top {
      json.key("mentions")
      mentionsJSON(top, into: &json)
    }
    json.key("negative")
    json.integer(score.negative)
    json.key("neutral")
    json.integer(score.neutral)
    json.key("positive")
    json.integer(score.positive)
    json.key("query")
    json.string(query)
    scaledKeys(estimate, into: &json)
    if let trend {
      json.key("trend")
      trendJSON(trend, into: &json)
    }
    if let why {
      json.key("why")
      driversJSON(why, into: &json)
    }
    json.endObject()
    return json.bytes + [0x0A]
  }

  // MARK: --why

  /// An example post as a line: escaped as `--tweets` escapes text, cut
  /// at 80 characters with `…`.
  static func example(_ text: String) -> String {
    let line = ErrorLine.inline(text)
    return line.count > 80 ? String(line.prefix(79)) + "…" : line
  }

  /// The `--why` section: a heading in words, a line on what z's sign
  /// compares, column names, then one line per term (the term, z, its
  /// posts, positive and negative posts, its part of the score, an example
  /// post). Terms with |z| under ``DriverTally/clearZ`` come after a line
  /// saying they do not clearly separate, or, when none does, one line
  /// says so first. `positive` and `negative` are the set's labeled posts.
  static func driversText(_ drivers: [Driver], positive: Int, negative: Int) -> String {
    var lines = [
      "why: the terms that most separate the positive posts from the negative ones"
    ]
    if drivers.isEmpty {
      lines.append("no word, hashtag or mention in \(DriverTally.minimumPosts) posts or more")
      return lines.joined(separator: "\n") + "\n"
    }
    let clear = FixedDecimal.string(DriverTally.clearZ, decimals: 0)
    lines.append(
      "z > 0: more common among the \(positive) positive posts than among the \(negative) "
        + "negative ones, as a share of each (so it can disagree with part); |z| ≥ \(clear): "
        + "clearly")
    if !drivers.contains(where: \.isClear) {
      lines.append(
        "no term clearly separates positive from negative posts (every |z| < \(clear)): "
          + "what follows may be chance; more posts would tell")
    }
    let width = min(24, drivers.map(\.term.count).max() ?? 0) + 2
    lines.append(
      ReportNumbers.pad("term", width) + ReportNumbers.pad("z", 8) + ReportNumbers.pad("posts", 6)
        + ReportNumbers.pad("positive", 9)
        + ReportNumbers.pad("negative", 9) + ReportNumbers.pad("part", 6) + "example")
    var saidWeak = !drivers.contains(where: \.isClear)
    for driver in drivers {
      if !driver.isClear && !saidWeak {
        lines.append("below |z| \(clear), not clearly separating:")
        saidWeak = true
      }
      let term = ErrorLine.inline(driver.term)
      lines.append(
        ReportNumbers.pad(term, width)
          + ReportNumbers.pad(ReportNumbers.signed(driver.z, decimals: 2), 8)
          + ReportNumbers.pad("\(driver.posts)", 6)
          + ReportNumbers.pad("\(driver.positive)", 9) + ReportNumbers.pad("\(driver.negative)", 9)
          + ReportNumbers.pad(driver.part > 0 ? "+\(driver.part)" : "\(driver.part)", 6)
          + example(driver.example))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `--why` as JSON: an array, strongest first, of `{"clear":…,"example":…,
  /// "log_odds":…,"negative":…,"part":…,"positive":…,"posts":…,"term":…,
  /// "z":…}`.
  static func driversJSON(_ drivers: [Driver], into json: inout JSONWriter) {
    json.beginArray()
    for driver in drivers {
      json.beginObject()
      json.key("clear")
      json.bool(driver.isClear)
      json.key("example")
      json.string(example(driver.example))
      json.key("log_odds")
      json.number(driver.logOdds, decimals: 4)
      json.key("negative")
      json.integer(driver.negative)
      json.key("part")
      json.integer(driver.part)
      json.key("positive")
      json.integer(driver.positive)
      json.key("posts")
      json.integer(driver.posts)
      json.key("term")
      json.string(driver.term)
      json.key("z")
      json.number(driver.z, decimals: 4)
      json.endObject()
    }
    json.endArray()
  }

  /// `{"band_rule":…,"experts":{…},"interval_bands":[…],"prevalence":{…},"shares":{…}}`:
  /// the rule of the score's band, each expert's own score (positives minus
  /// negatives among its labels; `null` without the reader), the bands the
  /// interval reaches, the estimated shares and the labels' shares.
  static func detailsJSON(
    _ score: LabelCount, _ estimate: ScoreEstimate, into json: inout JSONWriter
  ) {
    json.beginObject()
    json.key("band_rule")
    json.string(estimate.bandIfAny?.rule ?? "")
    json.key("chance_more_positive")
    json.number(estimate.chanceMorePositive, decimals: 4)
    json.key("experts")
    if let experts = estimate.experts {
      json.beginObject()
      json.key("naive_bayes")
      json.number(experts.naiveBayes, decimals: 2)
      json.key("reader")
      json.number(experts.reader, decimals: 2)
      json.endObject()
    } else {
      json.null()
    }
    json.key("interval_bands")
    json.beginArray()
    for band in estimate.bands { json.string(band.rawValue) }
    json.endArray()
    let split = DoubtSplit(estimate)
    json.key("interval_domain")
    json.number(split.domain, decimals: 2)
    json.key("interval_posts")
    json.number(split.posts, decimals: 2)
    json.key("prevalence")
    json.perClass(estimate.prevalence, decimals: 4)
    json.key("shares")
    json.perClass { json, label in
      json.number(Double(count(of: label, in: score)) / Double(max(score.count, 1)), decimals: 4)
    }
    json.endObject()
  }

  /// `{"hashtags":[…],"users":[…]}`, each entry
  /// `{"average_sentiment":…,"band":…,"emoji":…,"estimate":…,"interval":[…],"name":…,
  /// "scaled_estimate":…,"scaled_interval":[…],"scaled_score":…,"score":…,"tweets":…}`.
  static func mentionsJSON(
    _ top: (users: [MentionCount], hashtags: [MentionCount]), into json: inout JSONWriter
  ) {
    json.beginObject()
    for (key, list) in [("hashtags", top.hashtags), ("users", top.users)] {
      json.key(key)
      json.beginArray()
      for mention in list {
        json.beginObject()
        json.key("average_sentiment")
        json.number(mention.averageSentiment, decimals: 4)
        groupHead(mention.estimate, into: &json)
        json.key("name")
        json.string(mention.name)
        scaledKeys(mention.estimate, into: &json)
        json.key("tweets")
        json.integer(mention.tweets)
        json.endObject()
      }
      json.endArray()
    }
    json.endObject()
  }

  /// The first keys of a group's estimate: `band`, `emoji` (null for no
  /// posts), `estimate`, `interval` (90 %); keys are alphabetical, so the
  /// caller writes its own (`name`) before ``scaledKeys(_:into:)``.
  private static func groupHead(_ estimate: ScoreEstimate, into json: inout JSONWriter) {
    json.key("band")
    if let band = estimate.bandIfAny { json.string(band.rawValue) } else { json.null() }
    json.key("emoji")
    if let band = estimate.bandIfAny { json.string(band.emoji) } else { json.null() }
    json.key("estimate")
    json.number(estimate.value, decimals: 2)
    json.key("interval")
    json.beginArray()
    json.number(estimate.interval.lowerBound, decimals: 2)
    json.number(estimate.interval.upperBound, decimals: 2)
    json.endArray()
  }

  /// The per-100 keys of the summary and of a group: `scaled_estimate`
  /// (the estimate per 100 posts, unrounded: the chart's point),
  /// `scaled_interval` (its 90 % interval per 100 posts), `score` (the
  /// estimate per 100 posts rounded, as the score line prints it) and
  /// `scaled_score` (the same number with 2 decimals: the key of earlier
  /// versions, when the score was per set, kept because JSON keys are never
  /// removed).
  private static func scaledKeys(_ estimate: ScoreEstimate, into json: inout JSONWriter) {
    let interval = estimate.scaledInterval
    json.key("scaled_estimate")
    json.number(estimate.scaled, decimals: 2)
    json.key("scaled_interval")
    json.beginArray()
    json.number(interval.lowerBound, decimals: 2)
    json.number(interval.upperBound, decimals: 2)
    json.endArray()
    json.key("scaled_score")
    json.number(Double(estimate.score), decimals: 2)
    json.key("score")
    json.integer(estimate.score)
  }

  /// `{"buckets":[…],"change":…,"minimum_posts":…,"slope":…,"slope_interval":…,"slope_points":…,
  /// "undated":…,"unit":…,"verdict":…}`; each bucket `{"band":…,"count":…,"count_score":…,
  /// "emoji":…,"estimate":…,"interval":[…],"mean":…,"negative":…,"neutral":…,"position":…,
  /// "positive":…,"scaled_estimate":…,"scaled_interval":[…],"scaled_score":…,"score":…,
  /// "start":…,"used":…}`; `change` is `{"days":…,"difference":…,"interval":[…],"verdict":…}`
  /// (``Trend/Change``, `verdict` as `compare`'s) or `null` without a slope.
  static func trendJSON(_ trend: Trend, into json: inout JSONWriter) {
    json.beginObject()
    json.key("buckets")
    json.beginArray()
    for bucket in trend.buckets {
      json.beginObject()
      json.key("band")
      if let band = bucket.estimate.bandIfAny { json.string(band.rawValue) } else { json.null() }
      json.key("count")
      json.integer(bucket.count)
      json.key("count_score")
      json.integer(bucket.score.value)
      json.key("emoji")
      if let band = bucket.estimate.bandIfAny { json.string(band.emoji) } else { json.null() }
      json.key("estimate")
      json.number(bucket.estimate.value, decimals: 2)
      json.key("interval")
      json.beginArray()
      json.number(bucket.estimate.interval.lowerBound, decimals: 2)
      json.number(bucket.estimate.interval.upperBound, decimals: 2)
      json.endArray()
      json.key("mean")
      json.number(bucket.mean, decimals: 4)
      json.key("negative")
      json.integer(bucket.score.negative)
      json.key("neutral")
      json.integer(bucket.score.neutral)
      json.key("position")
      json.integer(bucket.position)
      json.key("positive")
      json.integer(bucket.score.positive)
      scaledKeys(bucket.estimate, into: &json)
      json.key("start")
      json.string(ISO8601.string(bucket.start))
      json.key("used")
      json.bool(trend.slope != nil)
      json.endObject()
    }
    json.endArray()
    json.key("change")
    if let change = trend.change {
      json.beginObject()
      json.key("days")
      json.number(change.days, decimals: 4)
      json.key("difference")
      json.number(change.difference, decimals: 2)
      json.key("interval")
      json.beginArray()
      json.number(change.interval.lowerBound, decimals: 2)
      json.number(change.interval.upperBound, decimals: 2)
      json.endArray()
      json.key("verdict")
      json.string(change.verdict.rawValue)
      json.endObject()
    } else {
      json.null()
    }
    json.key("minimum_buckets")
    json.integer(Trend.minimumBuckets)
    json.key("minimum_posts")
    json.integer(Trend.minimumPosts)
    json.key("slope")
    if let slope = trend.slope { json.number(slope.perDay, decimals: 4) } else { json.null() }
    json.key("slope_interval")
    if let slope = trend.slope {
      json.beginArray()
      json.number(slope.interval.lowerBound, decimals: 4)
      json.number(slope.interval.upperBound, decimals: 4)
      json.endArray()
    } else {
      json.null()
    }
    json.key("slope_points")
    json.integer(trend.slope?.points ?? 0)
    json.key("undated")
    json.integer(trend.undated)
    json.key("unit")
    json.string(trend.unit.rawValue)
    json.key("verdict")
    json.string(trend.verdict.rawValue)
    json.endObject()
  }

  // MARK: Helpers

  static func count(of label: Sentiment, in score: LabelCount) -> Int {
    switch label {
    case .positive: score.positive
    case .negative: score.negative
    case .neutral: score.neutral
    }
  }

  /// One block element for a mean sentiment from -1 (▁) to 1 (█).
  static func bar(_ mean: Double) -> String {
    let blocks = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    let clamped = min(1, max(-1, mean.isFinite ? mean : 0))
    let index = min(
      blocks.count - 1, Int(((clamped + 1) / 2 * Double(blocks.count)).rounded(.down)))
    return blocks[index]
  }
}

/// A score's interval split by what would narrow it: the 90 % half-width
/// per 100 posts of the doubt that more posts narrow (sampling and labels)
/// and of the doubt they do not (the domain, with its lean away from 0),
/// each as if it were alone.
struct DoubtSplit {
  /// The half-width that more posts of the same kind narrow.
  var posts: Double
  /// The half-width that more posts do not narrow: half the width of
  /// `estimate ± 1.645 σ` for the domain's σ, shifted by the lean and
  /// widened to hold the estimate.
  var domain: Double

  /// The split of `estimate`'s interval.
  init(_ estimate: ScoreEstimate) {
    let perHundred = 100 / Double(max(estimate.count, 1))
    posts = ScoreEstimate.z * estimate.doubt.narrowedByPosts.squareRoot() * perHundred
    let half = ScoreEstimate.z * estimate.doubt.domain.squareRoot()
    let lean = abs(estimate.doubt.lean)
    // The centre moves by the lean; the far end moves with it, the near end
    // stops at the estimate.
    domain = (lean <= half ? half : (lean + half) / 2) * perHundred
  }

  /// Whether more posts would narrow the interval most: the doubt they
  /// narrow is the larger.
  var postsDominate: Bool { posts >= domain }
}
