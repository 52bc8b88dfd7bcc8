import Foundation
import TestSupport
import XCTest

/// End-to-end tests of issue 6 ("for scripts and for insight") on the
/// hand-written fixture `Fixtures/tweets/insight/at-acme.json`, scored by a
/// tiny model trained here from `Fixtures/train/insight.csv` (love/great/
/// wonderful positive, hate/awful/terrible negative, meeting/schedule/
/// announced neutral), so that the expected labels do not depend on the
/// default model.
///
/// The 13 tweets and their labels (by the words they contain):
///
///     1001 03-01 negative  @bob #launch
///     1002 03-01 negative  @alice @BOB #Launch
///     1003 03-01 neutral   #beta
///     1004 03-02 negative  @carol
///     1005 03-02 neutral   @bob @bob #BETA
///     1006 03-02 neutral   @dave #once
///     1007 03-03 positive  @alice #launch
///     1008 03-03 neutral   #zeta
///     1009 03-03 negative  @carol #zeta
///     1010 03-04 positive  @bob
///     1011 03-04 positive  (a tab and a line break in the text)
///     1012 03-04 neutral
///     1013 no date positive @zed
///
/// Every tweet mentions @Acme (in varied case): the query, left out.
final class InsightEndToEndTests: XCTestCase {
  var model = ""

  /// The line on stderr of a text run: the score's interval (-4.4 to +4.4
  /// of 13 posts: -44 to 44 per 100) reaches every band.
  static let note =
    "Note: the score's 90 % interval, -44 to 44, spans 😠 furious to 😄 delighted; more posts "
    + "would narrow it.\n"

  override func setUpWithError() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    model = directory.appendingPathComponent("insight.json").path
    let run = try BinaryRunner.run(["train", "Fixtures/train/insight.csv", "--out", model])
    XCTAssertEqual(run.status, 0, run.stderr)
  }

  func acme(_ options: [String], environment: [String: String] = [:]) throws -> BinaryRun {
    let run = try BinaryRunner.run(
      ["@Acme", "--fixtures", "Fixtures/tweets/insight", "--model", model] + options,
      environment: environment)
    XCTAssertFalse(run.timedOut)
    return run
  }

  func object(_ text: some StringProtocol) throws -> [String: Any] {
    try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      "not a JSON object: \(text)")
  }

  // MARK: Why, on a set whose drivers are known

  /// `Fixtures/tweets/why/at-skyways.json`, written by hand: 12 posts that
  /// anger over a delay (each with one of hate, awful, terrible), 12 that
  /// praise a crew (love, great, wonderful), 12 neutral announcements.
  func skyways(_ options: [String]) throws -> BinaryRun {
    let run = try BinaryRunner.run(
      ["@SkyWays", "--fixtures", "Fixtures/tweets/why", "--model", model, "-q"] + options)
    XCTAssertEqual(run.status, 0, run.stderr)
    return run
  }

  func testWhyNamesTheDelayThatAngersAndTheCrewThatPleasesFirst() throws {
    let json = try object(try skyways(["--why", "--json"]).stdout)
    let why = try XCTUnwrap(json["why"] as? [[String: Any]])
    XCTAssertEqual(why.count, 10, "--why alone: 10 terms")
    XCTAssertEqual(Set(why.prefix(2).compactMap { $0["term"] as? String }), ["crew", "delay"])
    let terms = Dictionary(
      uniqueKeysWithValues: why.compactMap { row in (row["term"] as? String).map { ($0, row) } })
    let crew = try XCTUnwrap(terms["crew"])
    let delay = try XCTUnwrap(terms["delay"])
    XCTAssertEqual(crew["posts"] as? Int, 12)
    XCTAssertEqual(delay["posts"] as? Int, 12)
    XCTAssertEqual(crew["positive"] as? Int, crew["part"] as? Int)
    XCTAssertEqual(-(delay["negative"] as? Int ?? 0), delay["part"] as? Int)
    XCTAssertGreaterThan(try XCTUnwrap(crew["z"] as? Double), 0)
    XCTAssertLessThan(try XCTUnwrap(delay["z"] as? Double), 0)
    XCTAssertTrue((delay["example"] as? String)?.contains("delay") ?? false)
    XCTAssertNil(terms["skyways"], "the query is left out")
    XCTAssertNil(terms["the"], "stop words are left out")
    // Strongest first.
    let strength = why.compactMap { ($0["z"] as? Double).map(abs) }
    XCTAssertEqual(strength, strength.sorted(by: >))
    // The same labels as the counts: the parts of the terms are posts'.
    XCTAssertEqual(
      (crew["positive"] as? Int ?? 0) + (delay["negative"] as? Int ?? 0), 24)

    // Issue 45 §2: a heading and column names in words, what z's sign
    // compares, and the terms that do not clearly separate set apart.
    let text = try skyways(["--why", "3"])
    let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(
      lines[2], "why: the terms that most separate the positive posts from the negative ones")
    XCTAssertTrue(lines[3].hasPrefix("z > 0: more common among the "), String(lines[3]))
    XCTAssertEqual(
      lines[4].split(separator: " "),
      ["term", "z", "posts", "positive", "negative", "part", "example"])
    XCTAssertEqual(Set(lines[5...6].map { String($0.prefix(5)) }), ["crew ", "delay"])
    let clear = why.prefix(3).map { ($0["clear"] as? Bool) ?? false }
    XCTAssertEqual(
      clear, why.prefix(3).map { abs(($0["z"] as? Double) ?? 0) >= 2 }, "clear is |z| ≥ 2")
    let weak = clear.firstIndex(of: false)
    XCTAssertEqual(
      lines.firstIndex(of: "below |z| 2, not clearly separating:"), weak.map { 5 + $0 },
      text.stdout)
    XCTAssertEqual(lines.count, 5 + 3 + (weak == nil ? 0 : 1) + 1, text.stdout)

    let csv = try skyways(["--why", "--csv"])
    let rows = csv.stdout.split(separator: "\n")
    XCTAssertEqual(rows[0], "query,term,z,log_odds,posts,positive,negative,part,example,clear")
    XCTAssertEqual(rows.count, 11)
    XCTAssertTrue(rows[1].hasPrefix("@SkyWays,"), String(rows[1]))

    let chart = try BinaryRunner.temporaryDirectory(for: self).appendingPathComponent("why.svg")
    _ = try skyways(["--why", "--plot", chart.path])
    let svg = try String(contentsOf: chart, encoding: .utf8)
    XCTAssertEqual(svg.components(separatedBy: "<rect class=\"bar\"").count - 1, 10)
    XCTAssertTrue(
      svg.contains(#"data-term="crew" data-z="+"#) || svg.contains(#"data-term="crew" data-z=""#))
    XCTAssertTrue(svg.contains(">crew (n=12, +12)</text>"), svg)
    XCTAssertTrue(svg.contains(">delay (n=12, -12)</text>"), svg)
    // Issue 45 §2: numbers on the z axis, and the |z| = 2 lines dashed.
    let ticks = try SVGDocument.checked(svg).ofClass("tick").map(\.text).filter { !$0.isEmpty }
    for tick in ["-2", "0", "+2"] { XCTAssertTrue(ticks.contains(tick), "\(tick): \(ticks)") }
    XCTAssertEqual(svg.components(separatedBy: "<line class=\"threshold\"").count - 1, 2)

    // --input of the same file gives the same drivers.
    let input = try BinaryRunner.run([
      "--input", "Fixtures/tweets/why/at-skyways.json", "@SkyWays", "--model", model, "--why",
      "--json",
    ])
    XCTAssertEqual((try object(input.stdout)["why"] as? [[String: Any]])?.count, 10)
    XCTAssertEqual(
      (try object(input.stdout)["why"] as? [[String: Any]])?.compactMap { $0["term"] as? String },
      why.compactMap { $0["term"] as? String })
  }

  /// Issue 45 §2: on the `#WWDC` fixture no term clearly separates the
  /// positive posts from the negative ones (every |z| < 2); a line says so
  /// first, and says what z's sign compares, with the set's own counts.
  func testWhyOnNoiseSaysSo() throws {
    let arguments = ["#WWDC", "--fixtures", "Fixtures/tweets", "--why", "-q"]
    let json = try object(try BinaryRunner.run(arguments + ["--json"]).stdout)
    let why = try XCTUnwrap(json["why"] as? [[String: Any]])
    XCTAssertFalse(why.isEmpty)
    XCTAssertTrue(why.allSatisfy { abs(($0["z"] as? Double) ?? 9) < 2 }, "\(why)")
    XCTAssertTrue(why.allSatisfy { ($0["clear"] as? Bool) == false }, "\(why)")
    let text = try BinaryRunner.run(arguments)
    XCTAssertEqual(text.status, 0, text.stderr)
    let (positive, negative) = (json["positive"] as? Int ?? -1, json["negative"] as? Int ?? -1)
    XCTAssertTrue(
      text.stdout.contains(
        "\nz > 0: more common among the \(positive) positive posts than among the \(negative) "
          + "negative ones, as a share of each (so it can disagree with part)"), text.stdout)
    XCTAssertTrue(
      text.stdout.contains(
        "\nno term clearly separates positive from negative posts (every |z| < 2): what "
          + "follows may be chance"), text.stdout)
    XCTAssertFalse(text.stdout.contains("below |z| 2"), "said once, at the top")
  }

  func testWhyWorksForEverySource() throws {
    for (query, path) in [
      ("#TrainTravel", "Fixtures/tweets/bluesky/hashtag-traintravel.jsonl"),
      ("#sourdough", "Fixtures/tweets/mastodon/hashtag-sourdough.jsonl"),
      ("@Apple", "Fixtures/tweets/at-apple.json"), ("#WWDC", "Fixtures/tweets/hashtag-wwdc.jsonl"),
    ] {
      let run = try BinaryRunner.run([query, "--fixtures", path, "--why", "5", "--json", "-q"])
      XCTAssertEqual(run.status, 0, run.stderr)
      let why = try XCTUnwrap(try object(run.stdout)["why"] as? [[String: Any]], query)
      XCTAssertLessThanOrEqual(why.count, 5)
      for row in why {
        let posts = try XCTUnwrap(row["posts"] as? Int)
        XCTAssertGreaterThanOrEqual(posts, 3, "\(query): in 3 posts or more")
        XCTAssertGreaterThanOrEqual(
          posts, (row["positive"] as? Int ?? 0) + (row["negative"] as? Int ?? 0))
        XCTAssertNotEqual(
          (row["term"] as? String)?.lowercased(), String(query.dropFirst()).lowercased())
      }
    }
    let bad = try BinaryRunner.run(["#a", "--fixtures", "x", "--why", "--mentions", "--csv"])
    XCTAssertEqual(bad.status, 64)
  }

  // MARK: Mentions and trend, worked out by hand

  func testMentionsAndTrendJSON() throws {
    let run = try acme(["--json", "--mentions", "--trend", "--details"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    XCTAssertEqual(run.stdout.split(separator: "\n").count, 1)
    let json = try object(run.stdout)
    // 4 positive, 4 negative, 5 neutral: score 0, 😐.
    XCTAssertEqual(json["positive"] as? Int, 4)
    XCTAssertEqual(json["negative"] as? Int, 4)
    XCTAssertEqual(json["neutral"] as? Int, 5)
    XCTAssertEqual(json["score"] as? Int, 0)
    XCTAssertEqual(json["emoji"] as? String, "😐")
    let details = try XCTUnwrap(json["details"] as? [String: Any])
    XCTAssertEqual(details["band_rule"] as? String, "= 0")
    let shares = try XCTUnwrap(details["shares"] as? [String: Double])
    XCTAssertEqual(shares, ["negative": 0.3077, "neutral": 0.3846, "positive": 0.3077])

    // Users, once per tweet, case-insensitive: bob in 1001 (-1), 1002 (-1),
    // 1005 (0; twice in the tweet, counted once), 1010 (+1): 4 tweets, mean
    // -1/4. alice: 1002 (-1), 1007 (+1): 2, mean 0. carol: 1004, 1009 (both
    // -1): 2, mean -1. alice and carol tie: alphabetical. dave and zed: once,
    // hidden. acme: the query.
    let mentions = try XCTUnwrap(json["mentions"] as? [String: [[String: Any]]])
    let users = try XCTUnwrap(mentions["users"])
    XCTAssertEqual(users.map { $0["name"] as? String }, ["bob", "alice", "carol"])
    XCTAssertEqual(users.map { $0["tweets"] as? Int }, [4, 2, 2])
    XCTAssertEqual(users.map { $0["average_sentiment"] as? Double }, [-0.25, 0, -1])
    // Hashtags: launch 1001 (-1), 1002 (-1), 1007 (+1): 3, mean -1/3. beta
    // 1003, 1005 (0, 0): 2, mean 0. zeta 1008 (0), 1009 (-1): 2, mean -1/2.
    // once: hidden.
    let hashtags = try XCTUnwrap(mentions["hashtags"])
    XCTAssertEqual(hashtags.map { $0["name"] as? String }, ["launch", "beta", "zeta"])
    XCTAssertEqual(hashtags.map { $0["tweets"] as? Int }, [3, 2, 2])
    XCTAssertEqual(hashtags.map { $0["average_sentiment"] as? Double }, [-0.3333, 0, -0.5])

    // Days (span 3 days: by day): 03-01 -1 -1 0 → labels' score -2, mean
    // -2/3; 03-02 -1 0 0 → -1, -1/3; 03-03 +1 0 -1 → 0, 0; 03-04 +1 +1 0 →
    // 2, 2/3. 1013 is undated. 3 posts a day: under the 10 a slope needs.
    let trend = try XCTUnwrap(json["trend"] as? [String: Any])
    XCTAssertEqual(trend["unit"] as? String, "day")
    XCTAssertEqual(trend["undated"] as? Int, 1)
    XCTAssertTrue(trend["slope"] is NSNull)
    XCTAssertTrue(trend["slope_interval"] is NSNull)
    XCTAssertEqual(trend["slope_points"] as? Int, 0)
    XCTAssertEqual(trend["minimum_posts"] as? Int, 30)
    XCTAssertEqual(trend["minimum_buckets"] as? Int, 3)
    XCTAssertEqual(trend["verdict"] as? String, "too few posts")
    let buckets = try XCTUnwrap(trend["buckets"] as? [[String: Any]])
    XCTAssertEqual(
      buckets.map { $0["start"] as? String },
      [
        "2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z", "2026-03-03T00:00:00Z",
        "2026-03-04T00:00:00Z",
      ])
    XCTAssertEqual(buckets.map { $0["count_score"] as? Int }, [-2, -1, 0, 2])
    // Each day's score is its estimate per 100 posts, rounded: the emoji's number.
    XCTAssertEqual(
      buckets.map { $0["score"] as? Int },
      buckets.map { bucket in (bucket["scaled_estimate"] as? Double).map { Int($0.rounded()) } })
    XCTAssertEqual(buckets.map { $0["count"] as? Int }, [3, 3, 3, 3])
    XCTAssertEqual(buckets.map { $0["mean"] as? Double }, [-0.6667, -0.3333, 0, 0.6667])
    XCTAssertEqual(buckets.map { $0["position"] as? Int }, [0, 1, 2, 3])
    XCTAssertEqual(buckets.map { $0["used"] as? Bool }, [false, false, false, false])
  }

  /// The posts of the fixture that `keep` keeps, written as an X API page
  /// for `--input`.
  func fixturePosts(where keep: ([String: Any]) -> Bool) throws -> String {
    let url = BinaryRunner.packageRoot.appendingPathComponent(
      "Fixtures/tweets/insight/at-acme.json")
    let page = try object(try String(contentsOf: url, encoding: .utf8))
    let data = try XCTUnwrap(page["data"] as? [[String: Any]]).filter(keep)
    let file = try BinaryRunner.temporaryDirectory(for: self).appendingPathComponent(
      "\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: ["data": data]).write(to: file)
    return file.path
  }

  /// The headline's `estimate`, `interval` and `score` for `--input path`.
  func headline(_ path: String) throws -> [String: Any] {
    let run = try BinaryRunner.run(["--input", path, "--model", model, "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    return try object(run.stdout)
  }

  func testEachDayAndEachNameIsTheHeadlineEstimatorOnItsPosts() throws {
    let json = try object(try acme(["--json", "--trend", "--mentions"]).stdout)
    let trend = try XCTUnwrap(json["trend"] as? [String: Any])
    let buckets = try XCTUnwrap(trend["buckets"] as? [[String: Any]])
    XCTAssertEqual(buckets.count, 4)
    for bucket in buckets {
      let day = try XCTUnwrap((bucket["start"] as? String)?.prefix(10))
      let alone = try headline(
        try fixturePosts { ($0["created_at"] as? String)?.hasPrefix(day) ?? false })
      for key in ["count", "estimate", "interval", "score", "emoji", "band"] {
        XCTAssertEqual(
          "\(bucket[key] ?? "none")", "\(alone[key] ?? "missing")", "\(day) \(key)")
      }
    }
    let users = try XCTUnwrap((json["mentions"] as? [String: [[String: Any]]])?["users"])
    let bob = try XCTUnwrap(users.first)
    XCTAssertEqual(bob["name"] as? String, "bob")
    let alone = try headline(
      try fixturePosts { ($0["text"] as? String)?.lowercased().contains("@bob") ?? false })
    XCTAssertEqual(alone["count"] as? Int, 4)
    for key in ["estimate", "interval", "score", "emoji", "band"] {
      XCTAssertEqual("\(bob[key] ?? "none")", "\(alone[key] ?? "missing")", "@bob \(key)")
    }
  }

  func testMentionsLimitAndArgumentOrder() throws {
    // N after --mentions, and the query after it: both understood.
    let run = try BinaryRunner.run(
      ["--fixtures", "Fixtures/tweets/insight", "--model", model, "--mentions", "1", "@Acme"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.stdout,
      """
      😐 0

      mentions (posts, score, count score per 100 posts, 90 % interval)
      @bob        4     😠 -25  -25.0 (-100.0 to +41.7)
      #launch     3     😠 -33  -33.3 (-100.0 to +53.3)

      """)
    XCTAssertEqual(run.stderr, Self.note)
  }

  func testTextSections() throws {
    let run = try acme(["--details", "--trend"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "", "--details says the doubt: said once")
    XCTAssertEqual(
      run.stdout,
      """
      😐 0

      details
      positive  4       30.8 %
      negative  4       30.8 %
      neutral   5       38.5 %
      posts     13
      count     0 (positives − negatives, as labeled)
      estimate  0.0 (count: positive 30.8 %, negative 30.8 %)
      interval  -5.7 to +5.7 (90 %: other samples of such posts, and each post's doubtful label; and the experts' disagreement, plus a domain margin, leaning away from 0)
      experts   naive bayes alone 0.0, reader alone 0.0 (per 100 posts, each counting its own labels)
      per 100   0.0 (-43.6 to +43.6; estimate and interval × 100 / posts)
      score     0 (per 100 posts, rounded)
      band      😐 neutral (score = 0)
      uncertain: the interval reaches 7 bands, from 😄 delighted to 😠 furious
      doubt     ±32.8 per 100 that more posts narrow (other samples, doubtful labels)
                ±28.8 per 100 that they do not (posts unlike the training data; labeled posts from this source narrow it: eval --test, train)
      chance    50 % that these posts hold more positives than negatives

      trend by day (UTC), count score per 100 posts, 90 % interval: too few posts (a slope needs 3 days and 30 dated posts; these are 4 days, 12 posts)
      rows: no bucket of hour, 6 or 12 hours, day or week gives these posts 3 to 10 rows of 10 posts each
      2026-03-01  3 posts    😠 -67  -66.7 (-100.0 to -32.3)
      2026-03-02  3 posts    😠 -33  -33.3 (-97.8 to +11.2)
      2026-03-03  3 posts    😐 0    0.0 (-86.2 to +86.2)
      2026-03-04  3 posts    😄 67   +66.7 (+32.3 to +100.0)
      undated: 1 post (in no day)

      """)
    XCTAssertFalse(run.stdout.contains("\u{1B}"), "no colour when not a terminal")
  }

  // MARK: Per-tweet output

  func testTweetsTSVThenTheScoreLineLast() throws {
    let run = try acme(["--tweets"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 15, "13 tweets, the score line, the final line break")
    XCTAssertEqual(lines[13], "😐 0")
    let fields = lines[0].split(separator: "\t", omittingEmptySubsequences: false)
    XCTAssertEqual(
      fields, ["1001", "2026-03-01T09:00:00Z", "negative", fields[3], fields[4]])
    XCTAssertEqual(fields[4], "@Acme I hate this awful terrible update @bob #launch")
    XCTAssertNotNil(Double(fields[3]))
    XCTAssertEqual(
      lines[10].split(separator: "\t", omittingEmptySubsequences: false).last,
      "@Acme love it, great and wonderful", "tab and line break become spaces")
    XCTAssertTrue(lines[12].hasPrefix("1013\t\tpositive\t"), "no date: an empty field")
    let labels = lines[0..<13].map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)[2]
    }
    XCTAssertEqual(
      labels,
      [
        "negative", "negative", "neutral", "negative", "neutral", "neutral", "positive",
        "neutral", "negative", "positive", "positive", "neutral", "positive",
      ])
  }

  func testTweetsNDJSONThenTheSummary() throws {
    let run = try acme(["--tweets", "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let lines = run.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 14)
    for line in lines.dropLast() {
      let tweet = try object(line)
      XCTAssertEqual(
        Set(tweet.keys), ["author", "created_at", "id", "label", "probability", "text"])
      XCTAssertTrue(tweet["id"] is String)
      XCTAssertTrue(tweet["author"] is String || tweet["author"] is NSNull)
      XCTAssertTrue(tweet["created_at"] is String || tweet["created_at"] is NSNull)
      XCTAssertTrue(tweet["label"] is String)
      XCTAssertTrue(tweet["probability"] is Double)
      XCTAssertTrue(tweet["text"] is String)
    }
    XCTAssertEqual(try object(lines[12])["created_at"] as? NSNull, NSNull())
    XCTAssertEqual(try object(lines[0])["author"] as? String, "user1001")
    XCTAssertEqual(try object(lines[10])["text"] as? String, "@Acme love it,\tgreat and\nwonderful")
    XCTAssertEqual(try object(lines[13])["query"] as? String, "@Acme")
  }

  // MARK: JSON schemas: keys and types

  /// Checks that `json` has exactly `schema`'s keys, each of its type.
  func assertSchema(
    _ json: [String: Any], _ schema: [String: (Any) -> Bool], _ name: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(Set(json.keys), Set(schema.keys), name, file: file, line: line)
    for (key, check) in schema {
      guard let value = json[key] else { continue }
      XCTAssertTrue(check(value), "\(name).\(key): \(value)", file: file, line: line)
    }
  }

  let string: (Any) -> Bool = { $0 is String }
  let int: (Any) -> Bool = { $0 is Int }
  let number: (Any) -> Bool = { $0 is Double || $0 is Int }
  let object: (Any) -> Bool = { $0 is [String: Any] }
  let interval: (Any) -> Bool = {
    guard let bounds = $0 as? [Any], bounds.count == 2 else { return false }
    return bounds.allSatisfy { $0 is Double || $0 is Int }
  }
  let perClass: (Any) -> Bool = {
    guard let value = $0 as? [String: Any] else { return false }
    return Set(value.keys) == ["negative", "neutral", "positive"]
      && value.values.allSatisfy { $0 is Double || $0 is Int }
  }

  func testSchemas() throws {
    let analyze = try object(try acme(["--json", "--details", "--mentions", "--trend"]).stdout)
    assertSchema(
      analyze,
      [
        "band": string, "count": int, "count_score": int, "details": object, "emoji": string,
        "estimate": number, "estimator": string, "interval": interval, "mentions": object,
        "negative": int, "neutral": int, "positive": int, "query": string,
        "scaled_estimate": number, "scaled_interval": interval, "scaled_score": number,
        "score": int, "trend": object,
      ], "analyze")
    let plain = try object(try acme(["--json"]).stdout)
    XCTAssertEqual(
      Set(plain.keys),
      [
        "band", "count", "count_score", "emoji", "estimate", "estimator", "interval", "negative",
        "neutral", "positive", "query", "scaled_estimate", "scaled_interval", "scaled_score",
        "score",
      ])
    assertSchema(
      try XCTUnwrap(analyze["details"] as? [String: Any]),
      [
        "band_rule": string, "interval_bands": { ($0 as? [String])?.isEmpty == false },
        "chance_more_positive": { ($0 as? Double).map { (0...1).contains($0) } ?? false },
        "interval_domain": { ($0 as? Double).map { $0 >= 0 } ?? false },
        "interval_posts": { ($0 as? Double).map { $0 >= 0 } ?? false },
        "prevalence": perClass, "shares": perClass,
        "experts": { value in
          guard let experts = value as? [String: Any] else { return false }
          return Set(experts.keys) == ["naive_bayes", "reader"]
            && experts.values.allSatisfy { $0 is Double || $0 is Int }
        },
      ], "details")
    let mention = try XCTUnwrap((analyze["mentions"] as? [String: [[String: Any]]])?["users"]?[0])
    assertSchema(
      mention,
      [
        "average_sentiment": number, "band": string, "emoji": string, "estimate": number,
        "interval": interval, "name": string, "scaled_estimate": number,
        "scaled_interval": interval, "scaled_score": number, "score": int, "tweets": int,
      ], "mentions")
    let trend = try XCTUnwrap(analyze["trend"] as? [String: Any])
    assertSchema(
      trend,
      [
        "buckets": { $0 is [Any] }, "minimum_buckets": int, "minimum_posts": int,
        "change": { [interval] value in
          guard let change = value as? [String: Any] else { return value is NSNull }
          return Set(change.keys) == ["days", "difference", "interval", "verdict"]
            && interval(change["interval"] as Any) && change["verdict"] is String
        },
        "slope": { $0 is Double || $0 is NSNull },
        "slope_interval": { [interval] value in interval(value) || value is NSNull },
        "slope_points": int,
        "undated": int, "unit": string, "verdict": string,
      ], "trend")
    let bucket = try XCTUnwrap((trend["buckets"] as? [[String: Any]])?.first)
    assertSchema(
      bucket,
      [
        "band": string, "count": int, "count_score": int, "emoji": string, "estimate": number,
        "interval": interval, "mean": number, "negative": int, "neutral": int, "position": int,
        "positive": int, "scaled_estimate": number, "scaled_interval": interval,
        "scaled_score": number, "score": int, "start": string, "used": { $0 is Bool },
      ], "bucket")

    let classify = try BinaryRunner.run(["classify", "--json", "--model", model, "love it"])
    assertSchema(
      try object(classify.stdout),
      ["compound": number, "label": string, "probabilities": perClass], "classify")

    let explain = try BinaryRunner.run(["explain", "--json", "--model", model, "love it xyz"])
    let explained = try object(explain.stdout)
    assertSchema(
      explained,
      [
        "features": { $0 is [Any] }, "ignored": { $0 is [String] }, "label": string,
        "log_priors": perClass, "probabilities": perClass, "scores": perClass, "text": string,
        "naive_bayes": perClass,
        "reader": { value in
          guard let reader = value as? [String: Any] else { return false }
          return Set(reader.keys) == ["compound", "label", "negative", "part", "positive"]
        },
      ], "explain")
    let feature = try XCTUnwrap((explained["features"] as? [[String: Any]])?.first)
    assertSchema(
      feature,
      ["count": int, "feature": string, "leans": string, "spread": number, "weights": perClass],
      "explain feature")

    let eval = try BinaryRunner.run(
      ["eval", "Fixtures/train/tiny.csv", "--split", "0.5", "--json"])
    XCTAssertEqual(eval.status, 0, eval.stderr)
    let evaluated = try object(eval.stdout)
    for key in ["accuracy", "macro_f1", "training_accuracy", "classes", "confusion", "method"] {
      XCTAssertNotNil(evaluated[key], "eval.\(key)")
    }

    let version = try BinaryRunner.run(["--version", "--json"])
    XCTAssertEqual(version.stdout, #"{"version":"0.1.0"}"# + "\n")
    XCTAssertEqual(try BinaryRunner.run(["--json", "--version"]).stdout, version.stdout)
  }

  // MARK: explain on a tiny model checked by hand

  func testExplainNumbersByHand() throws {
    // positive "good", "good fun"; negative "bad"; neutral "meh"; alpha 1,
    // data priors, no bigrams, no lexicon (see ExplanationTests for the
    // arithmetic).
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let csv = directory.appendingPathComponent("gb.csv")
    try Data("class,text\nPos,good\nPos,good fun\nNeg,bad\nNeutral,meh\n".utf8).write(to: csv)
    let tiny = directory.appendingPathComponent("gb.json").path
    let trained = try BinaryRunner.run(
      [
        "train", csv.path, "--out", tiny, "--alpha", "1", "--priors", "data", "--no-bigrams",
        "--no-lexicon",
      ])
    XCTAssertEqual(trained.status, 0, trained.stderr)
    let run = try BinaryRunner.run(["explain", "--model", tiny, "--json", "good good bad xyz"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let json = try object(run.stdout)
    // log 1/4 = -1.3863, log 1/2 = -0.6931.
    XCTAssertEqual(
      json["log_priors"] as? [String: Double],
      ["negative": -1.3863, "neutral": -1.3863, "positive": -0.6931])
    let features = try XCTUnwrap(json["features"] as? [[String: Any]])
    XCTAssertEqual(features.map { $0["feature"] as? String }, ["bad", "good"])
    // bad: log 2/5 = -0.9163, log 1/5 = -1.6094, log 1/7 = -1.9459.
    XCTAssertEqual(
      features[0]["weights"] as? [String: Double],
      ["negative": -0.9163, "neutral": -1.6094, "positive": -1.9459])
    XCTAssertEqual(features[0]["spread"] as? Double, 1.0296)
    XCTAssertEqual(features[0]["leans"] as? String, "negative")
    // good: log 1/5, log 1/5, log 3/7 = -0.8473.
    XCTAssertEqual(
      features[1]["weights"] as? [String: Double],
      ["negative": -1.6094, "neutral": -1.6094, "positive": -0.8473])
    XCTAssertEqual(json["ignored"] as? [String], ["xyz"])
    // log 0.02 = -3.9120, log 0.01 = -4.6052, log 3/98 = -3.4864;
    // probabilities 98/297, 49/297, 150/297.
    XCTAssertEqual(
      json["scores"] as? [String: Double],
      ["negative": -3.9120, "neutral": -4.6052, "positive": -3.4864])
    XCTAssertEqual(
      json["probabilities"] as? [String: Double],
      ["negative": 0.3300, "neutral": 0.1650, "positive": 0.5051])
    XCTAssertEqual(json["label"] as? String, "positive")

    let text = try BinaryRunner.run(["explain", "--model", tiny], stdin: Data("bad\nmeh\n".utf8))
    XCTAssertEqual(text.status, 0, text.stderr)
    XCTAssertTrue(text.stdout.hasPrefix("text: bad\nlabel: negative "), text.stdout)
    XCTAssertTrue(text.stdout.contains("\n\ntext: meh\n"), "one block per stdin line")
    XCTAssertTrue(text.stdout.contains("\nignored: none\n"))
  }

  // MARK: Pipes, --quiet, NO_COLOR

  func testEarlyClosingReaderEndsQuietly() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    // 10000 tweets (about 1 MB of TSV) and 200000 lines to classify: far
    // more than a pipe holds, so the writer meets the closed pipe.
    var data: [String] = []
    for index in 0..<10_000 {
      data.append(
        #"{"id":"\#(index + 1)","text":"love it great wonderful day number \#(index) of many","#
          + #""created_at":"2026-03-01T10:00:00.000Z"}"#)
    }
    try Data(#"{"data":[\#(data.joined(separator: ","))]}"#.utf8).write(
      to: directory.appendingPathComponent("at-big.json"))
    try Data(String(repeating: "I love it\n", count: 200_000).utf8).write(
      to: directory.appendingPathComponent("lines.txt"))
    let binary = try BinaryRunner.executable().path
    for command in [
      "'\(binary)' @big --fixtures . --count 10000 --tweets",
      "'\(binary)' classify < lines.txt",
      "'\(binary)' explain < lines.txt",
    ] {
      let run = try BinaryRunner.shell(
        "{ \(command) 2>err; echo $? >status; } | head -1", directory: directory)
      XCTAssertEqual(run.stdout.split(separator: "\n").count, 1, command)
      let status = try String(
        contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)
      XCTAssertEqual(status, "0\n", command)
      XCTAssertEqual(
        try String(contentsOf: directory.appendingPathComponent("err"), encoding: .utf8), "",
        command)
    }
  }

  func testQuietKeepsErrors() throws {
    let quiet = try acme(["--quiet", "--trend"])
    XCTAssertEqual(quiet.status, 0)
    XCTAssertEqual(quiet.stderr, "")
    let said = try acme(["--trend"])
    XCTAssertEqual(said.stderr, Self.note)
    XCTAssertEqual(said.stdout, quiet.stdout)
    let missing = try BinaryRunner.run(["@Nobody", "--fixtures", "Fixtures/tweets/insight", "-q"])
    XCTAssertEqual(missing.status, 66)
    XCTAssertTrue(missing.stderr.hasPrefix("Error: "), missing.stderr)
  }

  /// Runs `arguments` on a pseudo-terminal with `script`, so that stdout is
  /// a terminal.
  func onTerminal(_ arguments: [String], environment: [String: String]) throws -> BinaryRun {
    let binary = try BinaryRunner.executable().path
    let command = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let run = try BinaryRunner.run(
      ["-qec", command, "/dev/null"], environment: environment,
      executable: URL(fileURLWithPath: "/usr/bin/script"))
    guard run.status == 0, !run.stdout.isEmpty else {
      try Requirement.unmet("script(1) cannot run a pseudo-terminal here: \(run.stderr)")
    }
    return run
  }

  func testColourOnlyOnATerminalWithoutNoColor() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
      try Requirement.unmet("no /usr/bin/script for a pseudo-terminal")
    }
    let arguments = [
      "@Acme", "--fixtures", "Fixtures/tweets/insight", "--model", model, "--details", "--trend",
    ]
    let colour = try onTerminal(arguments, environment: ["TERM": "xterm"])
    XCTAssertTrue(colour.stdout.contains("\u{1B}[31m"), colour.stdout)
    // Means -2/3, -1/3, 0, 2/3 on eight levels from -1 to 1.
    XCTAssertTrue(colour.stdout.contains("\n▂▃▅▇\r\n"), "a sparkline on a terminal")
    let none = try onTerminal(arguments, environment: ["TERM": "xterm", "NO_COLOR": "1"])
    XCTAssertFalse(none.stdout.contains("\u{1B}["), none.stdout)
    XCTAssertTrue(none.stdout.contains("▂▃▅▇"), "NO_COLOR keeps the sparkline")
  }
}
