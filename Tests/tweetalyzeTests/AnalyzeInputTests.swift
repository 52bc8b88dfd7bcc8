import Foundation
import XCTest

/// `tweetalyze --input FILE [QUERY]` end to end: every format gives the same
/// analysis of the same posts, stdin, several files, QUERY filtering,
/// `--count`, the output forms, and the bad-input catalogue.
final class AnalyzeInputTests: XCTestCase {
  /// The posts every format below holds, in order: two positive, one
  /// negative, one neutral-ish; two carry #wwdc, one mentions @apple.
  static let texts = [
    "I love this, what a great day #wwdc",
    "terrible awful service, I hate it",
    "so happy and good @apple #wwdc",
    "the store opens at nine",
  ]
  static let dates = ["2025-06-09", "2025-06-09", "2025-06-10", "2025-06-11"]

  var directory: URL!

  override func setUpWithError() throws {
    directory = try BinaryRunner.temporaryDirectory(for: self)
    let texts = Self.texts
    let plain = texts.joined(separator: "\n") + "\n"
    try write(plain, "posts.txt")
    var csv = "id,Text,created_at\n"
    for (index, text) in texts.enumerated() {
      csv += "\(index + 1),\"\(text)\",\(Self.dates[index])\n"
    }
    try write(csv, "posts.csv")
    try write(
      "id,body\n" + texts.enumerated().map { "\($0),\"\($1)\"" }.joined(separator: "\n"), "body.csv"
    )
    let v2 = texts.enumerated().map { #"{"id":"\#($0 + 1)","text":"\#($1)","author_id":"7"}"# }
    try write(
      #"{"data":[\#(v2.joined(separator: ","))],"includes":{"users":[{"id":"7","username":"bob"}]},"meta":{"result_count":4}}"#,
      "page.json")
    // twarc2 and --record: one page per line, here two pages and a last
    // page without data.
    try write(
      #"{"data":[\#(v2[0...1].joined(separator: ","))],"meta":{"next_token":"a"}}"# + "\n"
        + #"{"data":[\#(v2[2...3].joined(separator: ","))]}"# + "\n"
        + #"{"meta":{"result_count":0}}"# + "\n", "pages.jsonl")
    let v1 = texts.enumerated().map {
      #"{"id":\#($0 + 1),"id_str":"\#($0 + 1)","full_text":"\#($1)","user":{"id_str":"7","screen_name":"bob"}}"#
    }
    try write(#"{"statuses":[\#(v1.joined(separator: ","))]}"#, "search.json")
    try write(v1.joined(separator: "\n") + "\n", "tweets.jsonl")
  }

  func write(_ text: String, _ name: String) throws {
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
  }

  func run(_ arguments: [String], stdin: Data? = nil) throws -> BinaryRun {
    let run = try BinaryRunner.run(arguments, stdin: stdin, directory: directory)
    XCTAssertFalse(run.timedOut, "\(arguments)")
    return run
  }

  /// The JSON summary of a run, as an object.
  func summary(_ run: BinaryRun, file: StaticString = #filePath, line: UInt = #line) throws
    -> [String: Any]
  {
    XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
    let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], run.stdout,
      file: file, line: line)
  }

  func testEveryFormatGivesTheSameAnalysisOfTheSamePosts() throws {
    let reference = try summary(run(["--input", "posts.txt", "--json"]))
    XCTAssertEqual(reference["count"] as? Int, 4)
    XCTAssertEqual(reference["query"] as? String, "posts.txt", "the input is named")
    for name in ["posts.csv", "page.json", "pages.jsonl", "search.json", "tweets.jsonl"] {
      var result = try summary(run(["--input", name, "--json"]))
      XCTAssertEqual(result["query"] as? String, name)
      result["query"] = "posts.txt"
      XCTAssertEqual(
        NSDictionary(dictionary: result), NSDictionary(dictionary: reference), "\(name)")
    }
  }

  /// The README's example: a recording read with --input is the analysis
  /// that --fixtures replays, but for the name in `query`.
  func testARecordingReadAsInputIsTheFixturesAnalysis() throws {
    let root = BinaryRunner.packageRoot.path
    let file = "\(root)/Fixtures/tweets/hashtag-wwdc.jsonl"
    let input = try BinaryRunner.run(["--input", file])
    let fixtures = try BinaryRunner.run(["#WWDC", "--fixtures", "\(root)/Fixtures/tweets"])
    XCTAssertEqual(input.status, 0, input.stderr)
    XCTAssertEqual(input.stdout, fixtures.stdout)
    let readme = try String(contentsOfFile: "\(root)/README.md", encoding: .utf8)
    XCTAssertTrue(
      readme.contains(
        "$ tweetalyze --input Fixtures/tweets/hashtag-wwdc.jsonl\n\(input.stdout)"), input.stdout)
    var fromFile = try summary(BinaryRunner.run(["--input", file, "--json", "--details"]))
    let replayed = try summary(
      BinaryRunner.run(["#WWDC", "--fixtures", file, "--json", "--details"]))
    XCTAssertEqual(fromFile["query"] as? String, file)
    fromFile["query"] = "#WWDC"
    XCTAssertEqual(NSDictionary(dictionary: fromFile), NSDictionary(dictionary: replayed))
  }

  func testTheScoreLineAndTheLabelsAreThoseOfClassify() throws {
    let analysis = try run(["--input", "posts.csv", "--tweets"])
    XCTAssertEqual(analysis.status, 0, analysis.stderr)
    XCTAssertEqual(
      analysis.stderr,
      "Note: the score's 90 % interval, -3 to 4, spans 😠 furious to 😄 delighted; more posts "
        + "would narrow it.\n", "4 posts: the emoji is in doubt")
    let lines = analysis.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 5, analysis.stdout)
    let classified = try run(["classify", "--input", "posts.txt"])
    let labels = classified.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
    XCTAssertEqual(lines.prefix(4).map { $0.split(separator: "\t")[2] }, labels)
    XCTAssertEqual(lines.prefix(4).map { $0.split(separator: "\t")[0] }, ["1", "2", "3", "4"])
    XCTAssertEqual(
      lines.prefix(4).map {
        String($0.split(separator: "\t", omittingEmptySubsequences: false)[4])
      },
      Self.texts)
    XCTAssertNotNil(lines[4].range(of: #"^\S+ -?[0-9]+$"#, options: .regularExpression))
  }

  func testStdinAndSeveralInputsAreOneSetOfPosts() throws {
    let all = try summary(run(["--input", "posts.txt", "--json"]))
    let piped = try summary(
      run(["--input", "-", "--json"], stdin: Data(Self.texts.joined(separator: "\n").utf8)))
    XCTAssertEqual(piped["query"] as? String, "stdin")
    XCTAssertEqual(piped["score"] as? Int, all["score"] as? Int)
    XCTAssertEqual(piped["count"] as? Int, 4)
    try write(Self.texts[0...1].joined(separator: "\n"), "first.txt")
    let halves = try summary(
      run(
        [
          "--input", "first.txt", "--input", "-", "--json",
        ], stdin: Data(Self.texts[2...3].joined(separator: "\n").utf8)))
    XCTAssertEqual(halves["query"] as? String, "first.txt stdin")
    XCTAssertEqual(halves["count"] as? Int, 4)
    XCTAssertEqual(halves["score"] as? Int, all["score"] as? Int)
    let twice = try summary(run(["--input", "posts.txt", "--input", "page.json", "--json"]))
    XCTAssertEqual(twice["count"] as? Int, 8)
  }

  func testAQueryKeepsOnlyThePostsThatMatchIt() throws {
    let tag = try run(["--input", "posts.csv", "#WWDC", "--tweets", "--csv"])
    XCTAssertEqual(tag.status, 0, tag.stderr)
    let rows = tag.stdout.split(separator: "\n")
    XCTAssertEqual(rows.count, 3, tag.stdout)
    XCTAssertTrue(rows.dropFirst().allSatisfy { $0.hasPrefix("#WWDC,") }, tag.stdout)
    XCTAssertEqual(rows.dropFirst().map { $0.split(separator: ",")[1] }, ["1", "3"])
    let mention = try summary(run(["--input", "posts.txt", "@Apple", "--json"]))
    XCTAssertEqual(mention["count"] as? Int, 1)
    XCTAssertEqual(mention["query"] as? String, "@Apple")
    // @bob wrote every post of the v2 page: by him counts as well.
    let author = try summary(run(["--input", "page.json", "@bob", "--json"]))
    XCTAssertEqual(author["count"] as? Int, 4)
    let none = try run(["--input", "posts.txt", "#nothing"])
    XCTAssertEqual(none.status, 3)
    XCTAssertEqual(none.stdout, "")
    XCTAssertEqual(
      none.stderr,
      "Error: no posts that match #nothing in posts.txt; there is no score without posts\n")
  }

  func testCountCapsThePostsRead() throws {
    let two = try run(["--input", "posts.txt", "--count", "2", "--json"])
    XCTAssertEqual(try summary(two)["count"] as? Int, 2)
    XCTAssertEqual(
      two.stderr,
      "Warning: analyzed the first 2 of 4 posts; --count N sets how many (at most 10000)\n")
    let quiet = try run(["--input", "posts.txt", "--count", "2", "-q"])
    XCTAssertEqual(quiet.stderr, "")
    XCTAssertEqual(quiet.status, 0)
  }

  func testTheTrendReadsTheDateColumn() throws {
    let result = try summary(run(["--input", "posts.csv", "--trend", "--json"]))
    let trend = try XCTUnwrap(result["trend"] as? [String: Any])
    XCTAssertEqual(trend["unit"] as? String, "day")
    XCTAssertEqual(trend["undated"] as? Int, 0)
    let buckets = try XCTUnwrap(trend["buckets"] as? [[String: Any]])
    XCTAssertEqual(
      buckets.map { $0["start"] as? String },
      [
        "2025-06-09T00:00:00Z", "2025-06-10T00:00:00Z", "2025-06-11T00:00:00Z",
      ])
    XCTAssertEqual(buckets.map { $0["count"] as? Int }, [2, 1, 1])
    let plain = try summary(run(["--input", "posts.txt", "--trend", "--json"]))
    XCTAssertEqual((plain["trend"] as? [String: Any])?["undated"] as? Int, 4)
    let table = try run(["--input", "posts.csv", "--csv"])
    XCTAssertEqual(table.status, 0, table.stderr)
    XCTAssertTrue(table.stdout.split(separator: "\n")[1].hasPrefix("posts.csv,"), table.stdout)
  }

  func testTheTextColumnCanBeNamed() throws {
    let named = try summary(run(["--input", "body.csv", "--text-column", "BODY", "--json"]))
    XCTAssertEqual(named["count"] as? Int, 4)
    let reference = try summary(run(["--input", "posts.txt", "--json"]))
    XCTAssertEqual(named["score"] as? Int, reference["score"] as? Int)
  }

  func testBadInputs() throws {
    let huge = String(repeating: "x", count: (1 << 20) + 10)
    try write(#"{"data":[{"id":"1","text":"#, "truncated.json")
    try write("{\n  \"data\": [\n    {\"id\": \"1\",\n", "truncated-pretty.json")
    try write(#"{"data":[{"id":"1","text":"hi"}]}"# + "\n" + #"{"data":[{"id":"#, "truncated.jsonl")
    try write(#"{"users":[{"name":"x"}]}"#, "shape.json")
    try write(#"[{"content":"<p>hi</p>"}]"#, "array.json")
    try write("", "empty.txt")
    try write(" \n\n", "blank.txt")
    try write("good post\n" + huge + "\n", "huge.txt")
    try Data(Array("good post\n".utf8) + [0xC3, 0x28, 0x0A]).write(
      to: directory.appendingPathComponent("latin.txt"))
    try write("id,text,date\n1,fine,yesterday\n", "date.csv")
    try write("id,text\n1,\"never closed\n", "quote.csv")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("folder"), withIntermediateDirectories: true)
    let formats = "it reads X API search JSON"
    try BinaryRunner.checkFailures(
      [
        BadInput(
          name: "truncated JSON", arguments: ["--input", "truncated.json"], status: 65,
          parts: ["truncated.json:", "not valid", "cut off"]),
        BadInput(
          name: "truncated pretty JSON", arguments: ["--input", "truncated-pretty.json"],
          status: 65, parts: ["truncated-pretty.json:", "not valid JSON"]),
        BadInput(
          name: "truncated JSONL", arguments: ["--input", "truncated.jsonl"], status: 65,
          parts: ["line 2 is not valid JSON"]),
        BadInput(
          name: "JSON of another shape", arguments: ["--input", "shape.json"], status: 65,
          parts: ["shape.json:", formats, "CSV", "plain text"]),
        BadInput(
          name: "a JSON array", arguments: ["--input", "array.json"], status: 65,
          parts: ["array.json:", formats]),
        BadInput(
          name: "an empty file", arguments: ["--input", "empty.txt"], status: 65,
          parts: ["empty.txt: the file is empty"]),
        BadInput(
          name: "a blank file", arguments: ["--input", "blank.txt"], status: 65,
          parts: ["blank.txt: the file is empty"]),
        BadInput(
          name: "empty stdin", arguments: ["--input", "-"], status: 65,
          parts: ["stdin: the file is empty"], stdin: Data()),
        BadInput(
          name: "a line over 1 MiB", arguments: ["--input", "huge.txt"], status: 65,
          parts: ["huge.txt: line 2 is longer than 1 MiB"]),
        BadInput(
          name: "invalid UTF-8", arguments: ["--input", "latin.txt"], status: 65,
          parts: ["latin.txt: line 2 is not UTF-8"]),
        BadInput(
          name: "a bad date", arguments: ["--input", "date.csv", "--trend"], status: 65,
          parts: ["line 2", "'yesterday'", "ISO 8601"]),
        BadInput(
          name: "an unclosed quote", arguments: ["--input", "quote.csv"], status: 65,
          parts: ["quote.csv: not valid CSV", "never closed"]),
        BadInput(
          name: "no such text column",
          arguments: ["--input", "posts.csv", "--text-column", "body"],
          status: 65, parts: ["no column 'body'", "'text'", "--text-column"]),
        BadInput(
          name: "an endless stream", arguments: ["--input", "/dev/zero"], status: 65,
          parts: ["/dev/zero is larger than 256 MiB"]),
        BadInput(
          name: "a missing file", arguments: ["--input", "missing.txt"], status: 66,
          parts: ["cannot read missing.txt", "no such file"]),
        BadInput(
          name: "a directory", arguments: ["--input", "folder"], status: 66,
          parts: ["cannot read folder", "directory"]),
        BadInput(
          name: "a good file, then a bad one",
          arguments: ["--input", "posts.txt", "--input", "shape.json"],
          status: 65, parts: ["shape.json:"]),
        BadInput(
          name: "with --fixtures", arguments: ["--input", "posts.txt", "--fixtures", "x"],
          status: 64, parts: ["Give --input or --fixtures, not both"]),
        BadInput(
          name: "with --record", arguments: ["--input", "posts.txt", "--record", "x"],
          status: 64, parts: ["Give --input or --record, not both"]),
        BadInput(
          name: "two queries", arguments: ["--input", "posts.txt", "#a", "#b"], status: 64,
          parts: ["'#b'", "at most one QUERY"]),
        BadInput(
          name: "a bad query", arguments: ["--input", "posts.txt", "apple"], status: 64,
          parts: ["Invalid query 'apple'"]),
        BadInput(
          name: "--text-column without --input", arguments: ["#a", "--text-column", "x"],
          status: 64, parts: ["--text-column", "--input"]),
        BadInput(
          name: "stdin twice", arguments: ["--input", "-", "--input", "-"], status: 64,
          parts: ["Give --input - once"]),
        BadInput(
          name: "--input without a value", arguments: ["--input"], status: 64,
          parts: ["Missing value for '--input FILE'"]),
      ], in: directory)
  }

  // MARK: A trend with enough posts

  static let happy = "I love this, what a great and wonderful day"
  static let angry = "I hate this, awful and terrible, the worst"

  /// 4 days of 12 posts, 1, 4, 8 and 11 of them happy, the rest angry.
  func writeRising() throws -> [[String]] {
    var days: [[String]] = []
    var csv = "id,text,created_at\n"
    for (day, positive) in [1, 4, 8, 11].enumerated() {
      var rows: [String] = []
      for index in 0..<12 {
        let row =
          "\(day * 12 + index),\"\(index < positive ? Self.happy : Self.angry)\","
          + "2025-06-1\(day)T\(10 + index):00:00Z"
        rows.append(row)
        csv += row + "\n"
      }
      days.append(rows)
    }
    try write(csv, "rising.csv")
    return days
  }

  func testARisingTrendAndEachDayIsTheHeadlineOnItsPosts() throws {
    let days = try writeRising()
    let result = try summary(run(["--input", "rising.csv", "--trend", "--json"]))
    let trend = try XCTUnwrap(result["trend"] as? [String: Any])
    XCTAssertEqual(trend["verdict"] as? String, "rising")
    let interval = try XCTUnwrap(trend["slope_interval"] as? [Double])
    XCTAssertGreaterThan(interval[0], 0)
    XCTAssertEqual(trend["slope_points"] as? Int, 4)
    let buckets = try XCTUnwrap(trend["buckets"] as? [[String: Any]])
    XCTAssertEqual(buckets.count, 4)
    for (index, (bucket, rows)) in zip(buckets, days).enumerated() {
      try write("id,text,created_at\n" + rows.joined(separator: "\n") + "\n", "day\(index).csv")
      let alone = try summary(run(["--input", "day\(index).csv", "--json"]))
      for key in ["count", "estimate", "interval", "score", "emoji", "band", "scaled_score"] {
        // The summary's keys, as the day's posts alone give them.
        XCTAssertEqual(
          "\(bucket[key] ?? "none")", "\(alone[key] ?? "missing")", "day \(index): \(key)")
      }
      XCTAssertEqual(bucket["used"] as? Bool, true)
    }
    let text = try run(["--input", "rising.csv", "--trend", "-q"])
    XCTAssertEqual(text.stderr, "")
    let lines = text.stdout.split(separator: "\n")
    XCTAssertTrue(
      lines[1].hasPrefix(
        "trend by day (UTC), adjusted score per 100 posts, 90 % interval: rising, slope +"),
      text.stdout)
    XCTAssertTrue(lines[1].hasSuffix("from 4 of 4 days"), text.stdout)
    XCTAssertEqual(lines.count, 7, text.stdout)
  }

  func testNoNoteWhenTheIntervalSitsInOneBand() throws {
    try write(
      "id,text\n" + (0..<12).map { "\($0),\"\(Self.happy)\"" }.joined(separator: "\n") + "\n",
      "happy.csv")
    let happy = try run(["--input", "happy.csv"])
    XCTAssertEqual(happy.status, 0, happy.stderr)
    XCTAssertEqual(happy.stdout, "😄 12\n")
    XCTAssertEqual(happy.stderr, "", "12 happy posts: sure of its emoji")
    let details = try summary(run(["--input", "happy.csv", "--json", "--details"]))
    XCTAssertEqual(
      (details["details"] as? [String: Any])?["interval_bands"] as? [String], ["delighted"])
  }
}
