import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `tweetalyze` and checks stdout, stderr and the exit status.
///
/// The default model is being retuned, so no test names the label of a text:
/// scores are cross-checked against `classify` on the same texts, and
/// training accuracy against `classify --model` on the training texts.
final class EndToEndTests: XCTestCase {
  let root = BinaryRunner.packageRoot
  let labels: Set<String> = ["negative", "neutral", "positive"]
  let emoji: Set<String> = ["😄", "😊", "🙂", "😐", "😞", "😡", "😠"]

  // MARK: Helpers

  func tweetalyze(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    directory: URL? = nil
  ) throws -> BinaryRun {
    let run = try BinaryRunner.run(
      arguments, stdin: stdin, environment: environment, directory: directory)
    XCTAssertFalse(run.timedOut, "tweetalyze \(arguments) timed out")
    return run
  }

  func temporaryDirectory() throws -> URL {
    try BinaryRunner.temporaryDirectory(for: self)
  }

  func fixture(_ path: String) -> URL { root.appendingPathComponent(path) }

  func json(_ data: Data, file: StaticString = #filePath, line: UInt = #line) throws -> [String:
    Any]
  {
    let object = try JSONSerialization.jsonObject(with: data)
    return try XCTUnwrap(object as? [String: Any], "not a JSON object", file: file, line: line)
  }

  /// The SHA-256 of a file, by `sha256sum`.
  func sha256(_ url: URL) throws -> String {
    let run = try BinaryRunner.run(
      [url.path], executable: URL(fileURLWithPath: "/usr/bin/sha256sum"))
    guard run.status == 0 else {
      try Requirement.unmet("sha256sum is not available: \(run.stderr)")
    }
    return String(run.stdout.prefix(64))
  }

  /// The texts of the tweets in a fixture (a v2 response or JSONL pages), as
  /// the API means them: a long post's `note_tweet.text`, HTML entities
  /// decoded.
  func fixtureTexts(_ path: String) throws -> [String] {
    let data = try Data(contentsOf: fixture(path))
    let pages: [Data] =
      path.hasSuffix(".jsonl")
      ? data.split(separator: 0x0A).filter { !$0.isEmpty }.map { Data($0) } : [data]
    var texts: [String] = []
    for page in pages {
      let tweets = try XCTUnwrap(try json(page)["data"] as? [[String: Any]])
      for tweet in tweets {
        let note = (tweet["note_tweet"] as? [String: Any])?["text"] as? String
        let text = try XCTUnwrap(note ?? tweet["text"] as? String)
        texts.append(
          text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
            of: "&gt;", with: ">"
          )
          .replacingOccurrences(of: "&amp;", with: "&"))
      }
    }
    return texts
  }

  /// The labels `classify --json` gives `texts`, one per text, in order.
  func classifyLabels(_ texts: [String], model: String? = nil) throws -> [String] {
    let run = try tweetalyze(
      ["classify", "--json"] + (model.map { ["--model", $0] } ?? []) + ["--"] + texts)
    XCTAssertEqual(run.status, 0, run.stderr)
    let lines = run.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, texts.count, "one line per text")
    return try lines.map { line in
      let label = try XCTUnwrap(try json(Data(line.utf8))["label"] as? String)
      XCTAssertTrue(labels.contains(label), label)
      return label
    }
  }

  /// The emoji of the bands >20 😄, >10 😊, >0 🙂, 0 😐, >-10 😞, >-20 😡,
  /// else 😠, for a score per 100 tweets.
  func expectedEmoji(per100 score: Int) -> String {
    if score > 20 { return "😄" }
    if score > 10 { return "😊" }
    if score > 0 { return "🙂" }
    if score == 0 { return "😐" }
    if score > -10 { return "😞" }
    if score > -20 { return "😡" }
    return "😠"
  }

  /// `value` of `count` tweets per 100 tweets, rounded half away from zero.
  func per100(_ value: Double, of count: Int) -> Int {
    Int((value * 100 / Double(count)).rounded())
  }

  /// Runs `arguments` (with `--estimator count`) and checks `EMOJI SCORE`
  /// against classifying `texts` one by one: positives − negatives per 100
  /// tweets, rounded, and that number's emoji; and stderr, which holds the
  /// note of a doubtful emoji (``assertNote(_:arguments:file:line:)``) or
  /// nothing (always with `--quiet`).
  @discardableResult
  func assertScoreLine(
    _ arguments: [String], texts: [String], warning: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> BinaryRun {
    let run = try tweetalyze(arguments)
    XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
    var stderr = run.stderr
    if let warning {
      XCTAssertTrue(stderr.hasPrefix(warning), stderr, file: file, line: line)
      stderr = String(stderr.dropFirst(warning.count))
    }
    if arguments.contains("--quiet") {
      XCTAssertEqual(stderr, "", "--quiet: no note", file: file, line: line)
    } else {
      try assertNote(stderr, arguments: arguments, file: file, line: line)
    }
    XCTAssertNotNil(
      run.stdout.range(of: #"^(😄|😊|🙂|😐|😞|😡|😠) -?[0-9]+\n$"#, options: .regularExpression),
      run.stdout, file: file, line: line)
    let parts = run.stdout.dropLast().split(separator: " ")
    guard parts.count == 2, let score = Int(parts[1]) else { return run }
    let classified = try classifyLabels(texts)
    let expected =
      classified.filter { $0 == "positive" }.count - classified.filter { $0 == "negative" }.count
    XCTAssertEqual(
      score, per100(Double(expected), of: texts.count),
      "positives − negatives of classify per 100 tweets", file: file, line: line)
    XCTAssertEqual(String(parts[0]), expectedEmoji(per100: score), file: file, line: line)
    return run
  }

  /// Checks the stderr of a run of `arguments`: nothing when the interval
  /// of `--json --details` reaches one band, else the note, whose ends are
  /// that interval per 100 tweets (`scaled_interval`, to its 2 decimals)
  /// rounded, each with its own band.
  func assertNote(
    _ stderr: String, arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let object = try json(tweetalyze(arguments + ["--json", "--details"]).stdoutData)
    let details = try XCTUnwrap(object["details"] as? [String: Any], file: file, line: line)
    let bands = try XCTUnwrap(details["interval_bands"] as? [String], file: file, line: line)
    guard bands.count > 1 else {
      XCTAssertEqual(stderr, "", "one band: no note", file: file, line: line)
      return
    }
    let pattern =
      #"^Note: the score's 90 % interval, (-?[0-9]+) to (-?[0-9]+), spans (\S+) ([a-z]+) to "#
      + #"(\S+) ([a-z]+)(; more posts would narrow it|, mostly the model's doubt on posts unlike "#
      + #"its training data: more posts would not narrow it, labeled posts from this source "#
      + #"would \(eval --test, train\))\.\n$"#
    let expression = try NSRegularExpression(pattern: pattern)
    let match = try XCTUnwrap(
      expression.firstMatch(in: stderr, range: NSRange(stderr.startIndex..., in: stderr)),
      stderr, file: file, line: line)
    let groups = (1...7).map { index in
      Range(match.range(at: index), in: stderr).map { String(stderr[$0]) } ?? ""
    }
    let ends = try [groups[0], groups[1]].map { try XCTUnwrap(Int($0), file: file, line: line) }
    let scaled = try XCTUnwrap(object["scaled_interval"] as? [Double], file: file, line: line)
    for (end, value) in zip(ends, scaled) {
      XCTAssertEqual(Double(end), value, accuracy: 0.5 + 0.005, stderr, file: file, line: line)
    }
    XCTAssertEqual(
      [groups[2], groups[4]], ends.map { expectedEmoji(per100: $0) }, stderr, file: file,
      line: line)
    XCTAssertEqual([groups[3], groups[5]], [bands.last, bands.first], file: file, line: line)
    // More posts are said to narrow the interval only when their part of it
    // is the larger.
    let posts = try XCTUnwrap(details["interval_posts"] as? Double, file: file, line: line)
    let domain = try XCTUnwrap(details["interval_domain"] as? Double, file: file, line: line)
    XCTAssertEqual(
      groups[6].hasPrefix("; more posts would"), posts >= domain, stderr, file: file, line: line)
  }

  /// Minimal RFC 4180 reading: rows of fields (quoted fields may hold `""`,
  /// commas and line breaks; CRLF or LF).
  func csvRows(_ url: URL) throws -> [[String]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text.unicodeScalars)[...]
    while let c = characters.popFirst() {
      if quoted {
        if c == "\"" {
          if characters.first == "\"" {
            field.unicodeScalars.append(characters.removeFirst())
          } else {
            quoted = false
          }
        } else {
          field.unicodeScalars.append(c)
        }
      } else if c == "\"" {
        quoted = true
      } else if c == "," {
        row.append(field)
        field = ""
      } else if c == "\n" || c == "\r" {
        if c == "\r" && characters.first == "\n" { characters.removeFirst() }
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      } else {
        field.unicodeScalars.append(c)
      }
    }
    if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
    return rows
  }

  /// Whether every object's keys in `bytes` are in ascending order.
  func keysAreSorted(_ bytes: [UInt8]) -> Bool { JSONText.keysAreSorted(bytes) }

  func testKeysAreSortedChecker() {
    XCTAssertTrue(keysAreSorted(Array(#"{"a":{"x":1,"y":[{"b":"}","c":2}]},"b":"\"{"}"#.utf8)))
    XCTAssertFalse(keysAreSorted(Array(#"{"b":1,"a":2}"#.utf8)))
    XCTAssertFalse(keysAreSorted(Array(#"{"a":[{"d":1,"c":2}]}"#.utf8)))
  }

  // MARK: analyze

  func testAtAppleScoreIsPositivesMinusNegativesOfClassify() throws {
    let texts = try fixtureTexts("Fixtures/tweets/at-apple.json")
    XCTAssertEqual(texts.count, 100)
    XCTAssertTrue(texts.contains { $0.contains("&") && !$0.contains("&amp;") }, "&amp; decoded")
    // 100 tweets: the score is the labels' sum.
    let run = try assertScoreLine(
      ["--fixtures", "Fixtures/tweets", "@Apple", "--estimator", "count"], texts: texts)
    let object = try json(
      tweetalyze(["--fixtures", "Fixtures/tweets", "@Apple", "--estimator", "count", "--json"])
        .stdoutData)
    XCTAssertEqual(run.stdout, "\(object["emoji"] ?? "") \(object["count_score"] ?? "")\n")
  }

  func testWWDCFromJSONLAsTextAndJSON() throws {
    let texts = try fixtureTexts("Fixtures/tweets/hashtag-wwdc.jsonl")
    XCTAssertEqual(texts.count, 32)
    try assertScoreLine(
      ["--fixtures", "Fixtures/tweets", "#WWDC", "--estimator", "count"], texts: texts)
    let text = try tweetalyze(["--fixtures", "Fixtures/tweets", "#WWDC"])
    XCTAssertEqual(text.status, 0, text.stderr)
    try assertNote(text.stderr, arguments: ["--fixtures", "Fixtures/tweets", "#WWDC"])

    let run = try tweetalyze(["--fixtures", "Fixtures/tweets", "#WWDC", "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    XCTAssertTrue(run.stdout.hasSuffix("}\n"))
    XCTAssertEqual(run.stdout.filter { $0 == "\n" }.count, 1)
    XCTAssertTrue(keysAreSorted(Array(run.stdoutData)))
    let object = try json(run.stdoutData)
    XCTAssertEqual(
      Set(object.keys),
      [
        "band", "count", "count_score", "emoji", "estimate", "estimator", "interval", "negative",
        "neutral", "positive", "query", "scaled_estimate", "scaled_interval", "scaled_score",
        "score",
      ])
    XCTAssertEqual(object["count"] as? Int, 32)
    XCTAssertEqual(object["query"] as? String, "#WWDC")
    let classified = try classifyLabels(texts)
    let positive = try XCTUnwrap(object["positive"] as? Int)
    let negative = try XCTUnwrap(object["negative"] as? Int)
    XCTAssertEqual(positive, classified.filter { $0 == "positive" }.count)
    XCTAssertEqual(negative, classified.filter { $0 == "negative" }.count)
    XCTAssertEqual(object["neutral"] as? Int, classified.filter { $0 == "neutral" }.count)
    XCTAssertEqual(object["count_score"] as? Int, positive - negative)
    XCTAssertEqual(object["estimator"] as? String, "count")
    // The count and the unscaled estimate beside the score per 100 posts.
    let estimate = try XCTUnwrap(object["estimate"] as? Double)
    let score = try XCTUnwrap(object["score"] as? Int)
    let interval = try XCTUnwrap(object["interval"] as? [Double])
    XCTAssertEqual(interval.count, 2)
    XCTAssertLessThanOrEqual(interval[0], estimate + 0.01)
    XCTAssertGreaterThanOrEqual(interval[1], estimate - 0.01)
    XCTAssertLessThanOrEqual(abs(score), 100)
    // Rounded to two decimals: off by at most half a hundredth, times 100 / 32.
    let scaled = try XCTUnwrap(object["scaled_estimate"] as? Double)
    XCTAssertEqual(scaled, estimate * 100 / 32, accuracy: (0.005 + 1e-9) * (1 + 100.0 / 32))
    XCTAssertLessThanOrEqual(abs(Double(score) - estimate * 100 / 32), 0.5 + 0.005 * 100 / 32)
    let scaledInterval = try XCTUnwrap(object["scaled_interval"] as? [Double])
    for (end, unscaled) in zip(scaledInterval, interval) {
      XCTAssertEqual(end, unscaled * 100 / 32, accuracy: (0.005 + 1e-9) * (1 + 100.0 / 32))
    }
    XCTAssertEqual(object["scaled_score"] as? Double, Double(score))
    XCTAssertEqual(object["emoji"] as? String, expectedEmoji(per100: score))
    let bands = ["delighted", "happy", "pleased", "neutral", "sad", "angry", "furious"]
    XCTAssertTrue(bands.contains(object["band"] as? String ?? ""))
    // The text line prints that score: per 100 posts, not per set.
    XCTAssertEqual(text.stdout, "\(object["emoji"] ?? "") \(score)\n")
  }

  func testCountLimitsTheTweets() throws {
    let texts = try fixtureTexts("Fixtures/tweets/at-apple.json")
    let run = try tweetalyze(["--fixtures", "Fixtures/tweets", "@Apple", "--count", "10", "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let object = try json(run.stdoutData)
    XCTAssertEqual(object["count"] as? Int, 10)
    let classified = try classifyLabels(Array(texts.prefix(10)))
    XCTAssertEqual(
      object["count_score"] as? Int,
      classified.filter { $0 == "positive" }.count - classified.filter { $0 == "negative" }.count,
      "the first 10 tweets")
    try assertScoreLine(
      ["--fixtures", "Fixtures/tweets", "@Apple", "--count=10", "--estimator=count"],
      texts: Array(texts.prefix(10)),
      warning: "Warning: analyzed the first 10 of 100 recorded posts; without --count a replay "
        + "reads every one\n")
  }

  func testFixtureFileInsteadOfDirectory() throws {
    let byDirectory = try tweetalyze(["--fixtures", "Fixtures/tweets", "#WWDC"])
    let byFile = try tweetalyze(["--fixtures", "Fixtures/tweets/hashtag-wwdc.jsonl", "#WWDC"])
    XCTAssertEqual(byFile.status, 0, byFile.stderr)
    XCTAssertEqual(byFile.stdout, byDirectory.stdout)
    XCTAssertFalse(byFile.stdout.isEmpty)
  }

  /// A recorded page with partial errors (a 200 with `errors[]`) warns on
  /// replay as the live run did; `--quiet` silences it; stdout is the same.
  func testReplayWarnsAboutPartialErrors() throws {
    let directory = try temporaryDirectory()
    let page = #"{"data":[{"id":"2","text":"great"},{"id":"1","text":"awful"}],"#
    let problem =
      #""errors":[{"title":"Not Found Error","detail":"Could not find user with id: [9]."}]"#
    try Data((page + problem + #","meta":{"result_count":2}}"# + "\n").utf8)
      .write(to: directory.appendingPathComponent("at-acme.jsonl"))
    let arguments = ["--fixtures", directory.path, "@Acme", "--estimator", "count"]
    let run = try tweetalyze(arguments)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderrLines.count, 2, run.stderr)
    XCTAssertEqual(
      run.stderrLines.first, "Warning: Not Found Error: Could not find user with id: [9].")
    try assertNote(String(run.stderrLines.last ?? "") + "\n", arguments: arguments)
    let quiet = try assertScoreLine(arguments + ["--quiet"], texts: ["great", "awful"])
    XCTAssertEqual(quiet.stdout, run.stdout)
  }

  func testMissingFixtureNamesTheTriedFiles() throws {
    let run = try tweetalyze(["--fixtures", "Fixtures/tweets", "@Nobody"])
    XCTAssertEqual(run.status, 66)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
    XCTAssertTrue(run.stderr.hasPrefix("Error: "), run.stderr)
    XCTAssertTrue(run.stderr.contains("at-nobody.jsonl"), run.stderr)
    XCTAssertTrue(run.stderr.contains("at-nobody.json"), run.stderr)
  }

  func testCopiedBinaryWorksAlone() throws {
    let directory = try temporaryDirectory()
    let copy = directory.appendingPathComponent("tweetalyze")
    try FileManager.default.copyItem(at: try BinaryRunner.executable(), to: copy)
    let analyze = try BinaryRunner.run(
      ["--fixtures", fixture("Fixtures/tweets").path, "@Apple"], directory: directory,
      executable: copy)
    XCTAssertEqual(analyze.status, 0, analyze.stderr)
    XCTAssertEqual(
      analyze.stdout, try tweetalyze(["--fixtures", "Fixtures/tweets", "@Apple"]).stdout)
    let classify = try BinaryRunner.run(
      ["classify", "great"], directory: directory, executable: copy)
    XCTAssertEqual(classify.status, 0, classify.stderr)
    XCTAssertNotNil(
      classify.stdout.range(
        of: #"^(negative|neutral|positive)\t[01]\.[0-9]{4}\n$"#, options: .regularExpression),
      classify.stdout)
  }

  // MARK: train

  func testTrainWritesASortedVersionedModelAndASummary() throws {
    let directory = try temporaryDirectory()
    let model = directory.appendingPathComponent("m.json")
    let data = fixture("Fixtures/train/tiny.csv")
    let run = try tweetalyze(["train", data.path, "--out", model.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, "", "the summary goes to stderr")
    XCTAssertTrue(run.stderr.contains("20 negative, 20 neutral, 20 positive"), run.stderr)
    XCTAssertFalse(
      run.stderr.contains("skipped"), "no irrelevant rows: none to skip\n" + run.stderr)
    XCTAssertFalse(run.stderr.contains("Training accuracy"), "only with --training-accuracy")

    let bytes = try Data(contentsOf: model)
    XCTAssertTrue(keysAreSorted(Array(bytes)), "sorted keys")
    let object = try json(bytes)
    XCTAssertEqual(object["format"] as? String, "tweetalyze-naive-bayes")
    XCTAssertEqual(object["version"] as? Int, 7)
    XCTAssertEqual(
      (object["options"] as? [String: Any])?["smoothing"] as? String, "additive", "the default")
    XCTAssertEqual(object["classes"] as? [String], ["negative", "neutral", "positive"])
    let vocabulary = try XCTUnwrap(object["vocabulary"] as? [String])
    XCTAssertFalse(vocabulary.isEmpty)
    let counts = try XCTUnwrap(object["counts"] as? [String: [Int]])
    XCTAssertEqual(Set(counts.keys), labels)
    for (label, column) in counts { XCTAssertEqual(column.count, vocabulary.count, label) }
    let provenance = try XCTUnwrap(object["provenance"] as? [String: Any])
    XCTAssertEqual(
      provenance["rows"] as? [String: Int], ["negative": 20, "neutral": 20, "positive": 20])
    XCTAssertEqual(provenance["skipped"] as? Int, 0)
    XCTAssertEqual(provenance["source"] as? String, "tiny.csv")
    XCTAssertEqual(provenance["sha256"] as? String, try sha256(data))

    // Deterministic: the same data and settings give the same bytes.
    let again = directory.appendingPathComponent("again.json")
    XCTAssertEqual(try tweetalyze(["train", data.path, "--out", again.path]).status, 0)
    XCTAssertEqual(try Data(contentsOf: again), bytes)
  }

  /// `--lexicon FILE` replaces the built-in lexicon: its usable words are
  /// the model's lexicon, and those the tokenizer does not write as they
  /// are (two words, capitals) are left out and counted.
  func testTrainWithALexiconFile() throws {
    let directory = try temporaryDirectory()
    let model = directory.appendingPathComponent("m.json")
    let data = fixture("Fixtures/train/tiny.csv")
    let lexicon = fixture("Fixtures/lexicon/travel.csv")
    // Without the reader, whose weights 60 rows cannot fit well, the
    // lexicon's part is seen alone.
    let run = try tweetalyze([
      "train", data.path, "--out", model.path, "--lexicon", lexicon.path, "--no-reader",
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stderr.contains(
        "Lexicon: 5 words (\(lexicon.path); 2 left out, not tokens as the tokenizer writes "
          + "them), each counting 1000 times in its class."), run.stderr)
    let object = try json(try Data(contentsOf: model))
    let words = try XCTUnwrap(object["lexicon"] as? [String: [String]])
    XCTAssertEqual(words["negative"], ["delayed", "cancelled", "stranded"])
    XCTAssertEqual(words["positive"], ["upgrade", "legroom"])
    XCTAssertEqual(words["neutral"], [])
    let classify = try tweetalyze(
      ["classify", "--model", model.path, "delayed again", "what an upgrade"])
    XCTAssertEqual(classify.status, 0, classify.stderr)
    XCTAssertEqual(
      classify.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] },
      ["negative", "positive"])

    let none = try tweetalyze(["train", data.path, "--out", model.path, "--no-lexicon"])
    XCTAssertEqual(none.status, 0, none.stderr)
    XCTAssertTrue(none.stderr.contains("Lexicon: none."), none.stderr)
    let plain = try json(try Data(contentsOf: model))
    XCTAssertEqual(
      plain["lexicon"] as? [String: [String]], ["negative": [], "neutral": [], "positive": []])
  }

  /// A bad lexicon stops training with an error that names the file and the
  /// line, and writes no model.
  func testTrainWithABadLexiconFails() throws {
    let directory = try temporaryDirectory()
    let model = directory.appendingPathComponent("m.json")
    let bad = directory.appendingPathComponent("bad.csv")
    try Data("word,polarity\nlove,positive\nmeh,so-so\n".utf8).write(to: bad)
    let data = fixture("Fixtures/train/tiny.csv").path
    let run = try tweetalyze(["train", data, "--out", model.path, "--lexicon", bad.path])
    XCTAssertEqual(run.status, 65)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderr,
      "Error: lexicon \(bad.path): line 3: unknown polarity 'so-so'; expected positive, "
        + "negative or neutral\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: model.path))
    let missing = try tweetalyze(
      ["eval", data, "--lexicon", directory.appendingPathComponent("nope.csv").path])
    XCTAssertEqual(missing.status, 66)
    XCTAssertTrue(missing.stderr.hasPrefix("Error: cannot read "), missing.stderr)
  }

  /// The training accuracy that `--training-accuracy` reports is what
  /// `classify --model` gets on the training texts.
  func testTrainedModelClassifiesAsTheSummarySays() throws {
    let directory = try temporaryDirectory()
    let model = directory.appendingPathComponent("m.json").path
    let data = fixture("Fixtures/train/tiny.csv")
    let run = try tweetalyze(["train", data.path, "--out", model, "--training-accuracy"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let rows = try csvRows(data).dropFirst()
    XCTAssertEqual(rows.count, 60)
    let names = ["Pos": "positive", "Neg": "negative", "Neutral": "neutral"]
    let predicted = try classifyLabels(rows.map { $0[1] }, model: model)
    let correct = zip(rows, predicted).filter { names[$0[0]] == $1 }.count
    let accuracy = FixedDecimal.string(Double(correct) / Double(rows.count), decimals: 4)
    XCTAssertTrue(run.stderr.contains("Training accuracy: \(accuracy)."), run.stderr)

    let text = try tweetalyze(["classify", "--model", model, "great", "awful"])
    XCTAssertEqual(text.status, 0, text.stderr)
    XCTAssertEqual(text.stdout.split(separator: "\n").count, 2)
  }

  func testTrainMetadataFlags() throws {
    let model = try temporaryDirectory().appendingPathComponent("m.json")
    let run = try tweetalyze([
      "train", "Fixtures/train/tiny.csv", "--out", model.path, "--author", "Ada Lovelace",
      "--description", "A test model, \"quoted\"", "--model-version", "2.0.1",
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    let metadata = try XCTUnwrap(try json(Data(contentsOf: model))["metadata"] as? [String: String])
    XCTAssertEqual(metadata["author"], "Ada Lovelace")
    XCTAssertEqual(metadata["description"], "A test model, \"quoted\"")
    XCTAssertEqual(metadata["version"], "2.0.1")
  }

  func testSandersLayoutProvenance() throws {
    let model = try temporaryDirectory().appendingPathComponent("m.json")
    let data = fixture("Fixtures/train/sanders-layout.csv")
    let run = try tweetalyze(["train", data.path, "--out", model.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    // Count the Sentiment column of the file itself.
    let rows = try csvRows(data)
    let column = try XCTUnwrap(rows.first?.firstIndex(of: "Sentiment"))
    let sentiments = rows.dropFirst().map { $0[column] }
    let count = { (label: String) in sentiments.filter { $0 == label }.count }
    XCTAssertEqual(
      [count("negative"), count("neutral"), count("positive"), count("irrelevant")], [6, 8, 6, 4])
    let provenance = try XCTUnwrap(
      try json(Data(contentsOf: model))["provenance"] as? [String: Any])
    XCTAssertEqual(
      provenance["rows"] as? [String: Int],
      ["negative": count("negative"), "neutral": count("neutral"), "positive": count("positive")])
    XCTAssertEqual(provenance["skipped"] as? Int, count("irrelevant"))
    XCTAssertEqual(provenance["sha256"] as? String, try sha256(data))
    XCTAssertEqual(provenance["source"] as? String, "sanders-layout.csv")
    XCTAssertTrue(run.stderr.contains("6 negative, 8 neutral, 6 positive; 4 skipped"), run.stderr)
  }

  /// `train --json` prints the summary on stdout, nothing on stderr, and
  /// with `--training-accuracy` the same training accuracy from stdin
  /// (spooled and read twice) as from the file; without it, `null`.
  func testTrainJSONSummary() throws {
    let directory = try temporaryDirectory()
    let data = fixture("Fixtures/train/sanders-layout.csv")
    let model = directory.appendingPathComponent("m.json")
    let plain = try tweetalyze(["train", data.path, "--out", model.path, "--json"])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertTrue(try json(plain.stdoutData)["training_accuracy"] is NSNull, plain.stdout)
    let run = try tweetalyze(
      ["train", data.path, "--out", model.path, "--json", "--training-accuracy"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    XCTAssertEqual(run.stdout.filter { $0 == "\n" }.count, 1)
    let summary = try json(run.stdoutData)
    XCTAssertEqual(
      Set(summary.keys),
      ["features", "lexicon", "output", "rows", "sha256", "skipped", "source", "training_accuracy"])
    let lexicon = try XCTUnwrap(summary["lexicon"] as? [String: Any])
    XCTAssertEqual(lexicon["words"] as? Int, Lexicon.builtIn.entries.count)
    XCTAssertEqual(lexicon["skipped"] as? Int, 0)
    XCTAssertEqual(lexicon["source"] as? String, "built-in")
    XCTAssertEqual(lexicon["weight"] as? Double, 1000)
    XCTAssertEqual(summary["output"] as? String, model.path)
    XCTAssertEqual(summary["source"] as? String, "sanders-layout.csv")
    XCTAssertEqual(summary["skipped"] as? Int, 4)
    XCTAssertEqual(summary["sha256"] as? String, try sha256(data))
    let rows = try XCTUnwrap(summary["rows"] as? [String: Int])
    XCTAssertEqual(rows, ["negative": 6, "neutral": 8, "positive": 6])
    let saved = try json(Data(contentsOf: model))
    XCTAssertEqual((saved["vocabulary"] as? [Any])?.count, summary["features"] as? Int)
    let accuracy = try XCTUnwrap(summary["training_accuracy"] as? Double)
    XCTAssertGreaterThan(accuracy, 0)
    XCTAssertLessThanOrEqual(accuracy, 1)
    let piped = try tweetalyze(
      [
        "train", "-", "--out", directory.appendingPathComponent("s.json").path, "--json",
        "--training-accuracy",
      ], stdin: try Data(contentsOf: data))
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertEqual(try json(piped.stdoutData)["training_accuracy"] as? Double, accuracy)
  }

  func testTrainQuietPrintsNothing() throws {
    let directory = try temporaryDirectory()
    let model = directory.appendingPathComponent("m.json")
    let run = try tweetalyze(
      ["train", fixture("Fixtures/train/tiny.csv").path, "--out", model.path, "-q"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderr, "")
    XCTAssertTrue(FileManager.default.fileExists(atPath: model.path))
    let failed = try tweetalyze(["train", "missing.csv", "--out", model.path, "--quiet"])
    XCTAssertEqual(failed.status, 66)
    XCTAssertTrue(failed.stderr.hasPrefix("Error: "), failed.stderr)
  }

  func testTrainFromStdin() throws {
    let directory = try temporaryDirectory()
    let data = fixture("Fixtures/train/tiny.csv")
    let fromFile = directory.appendingPathComponent("file.json")
    let fromStdin = directory.appendingPathComponent("stdin.json")
    XCTAssertEqual(try tweetalyze(["train", data.path, "--out", fromFile.path]).status, 0)
    let run = try tweetalyze(
      ["train", "-", "--out", fromStdin.path], stdin: try Data(contentsOf: data))
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertTrue(run.stderr.contains("stdin"), run.stderr)
    var file = try json(Data(contentsOf: fromFile))
    var stdin = try json(Data(contentsOf: fromStdin))
    let provenance = try XCTUnwrap(stdin["provenance"] as? [String: Any])
    XCTAssertEqual(provenance["source"] as? String, "stdin")
    XCTAssertEqual(provenance["sha256"] as? String, try sha256(data))
    // The checksum covers the provenance.
    for key in ["provenance", "checksum"] {
      file[key] = nil
      stdin[key] = nil
    }
    XCTAssertEqual(file as NSDictionary, stdin as NSDictionary, "the same model")
  }

  func testFailedTrainLeavesTheModelAsItWas() throws {
    let directory = try temporaryDirectory()
    let model = directory.appendingPathComponent("m.json")
    XCTAssertEqual(
      try tweetalyze(["train", "Fixtures/train/tiny.csv", "--out", model.path]).status, 0)
    let before = try Data(contentsOf: model)
    let bad = directory.appendingPathComponent("bad.csv")
    try Data("class,text\nPos,fine\nMeh,what\n".utf8).write(to: bad)
    let run = try tweetalyze(["train", bad.path, "--out", model.path])
    XCTAssertEqual(run.status, 65)
    XCTAssertEqual(run.stdout, "")
    XCTAssertTrue(run.stderr.hasPrefix("Error: line 3:"), run.stderr)
    XCTAssertEqual(try Data(contentsOf: model), before, "unchanged")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    XCTAssertEqual(Set(names), ["m.json", "bad.csv"], "no temporary files")
    XCTAssertFalse(names.contains { $0.hasPrefix(".m.json.tmp-") })

    // A directory that does not exist: nothing is written anywhere.
    let missing = directory.appendingPathComponent("nope/m.json")
    let nowhere = try tweetalyze(["train", "Fixtures/train/tiny.csv", "--out", missing.path])
    XCTAssertEqual(nowhere.status, 73)
    XCTAssertEqual(nowhere.stderrLines.count, 1, nowhere.stderr)
    XCTAssertTrue(nowhere.stderr.hasPrefix("Error: cannot write "), nowhere.stderr)
    XCTAssertEqual(
      Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)), Set(names))
  }

  // MARK: eval

  func testEvalFoldsJSON() throws {
    let run = try tweetalyze(["eval", "Fixtures/train/tiny.csv", "--folds", "5", "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    let object = try json(run.stdoutData)
    for key in ["accuracy", "macro_f1", "accuracy_std"] {
      let value = try XCTUnwrap(object[key] as? Double, key)
      XCTAssertTrue((0...1).contains(value), "\(key) = \(value)")
    }
    let folds = try XCTUnwrap(object["folds"] as? [[String: Any]])
    XCTAssertEqual(folds.count, 5)
    let foldAccuracies = folds.compactMap { $0["accuracy"] as? Double }
    XCTAssertEqual(foldAccuracies.count, 5)
    XCTAssertEqual(
      try XCTUnwrap(object["accuracy"] as? Double),
      foldAccuracies.reduce(0, +) / 5, accuracy: 0.0003, "the mean over folds")
    let classes = try XCTUnwrap(object["classes"] as? [String: [String: Any]])
    XCTAssertEqual(Set(classes.keys), labels)
    let confusion = try XCTUnwrap(object["confusion"] as? [String: [String: Int]])
    XCTAssertEqual(Set(confusion.keys), labels)
    XCTAssertEqual(confusion.values.flatMap(\.values).reduce(0, +), 60)
    for (label, row) in confusion {
      XCTAssertEqual(Set(row.keys), labels)
      XCTAssertEqual(row.values.reduce(0, +), classes[label]?["support"] as? Int, label)
      XCTAssertEqual(row.values.reduce(0, +), 20, label)
    }
  }

  func testEvalTextReport() throws {
    let run = try tweetalyze(["eval", "Fixtures/train/tiny.csv", "--folds", "5"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("Confusion matrix (rows: actual, columns: predicted)"))
    XCTAssertTrue(run.stdout.contains("5-fold"), run.stdout)
    XCTAssertFalse(run.stdout.lowercased().contains("nan"), run.stdout)
    let section = run.stdout.components(separatedBy: "Confusion matrix")[1]
    let matrix = section.components(separatedBy: "\n\n")[0].split(separator: "\n")
    XCTAssertEqual(matrix.count, 5, "title, header, 3 rows")
    XCTAssertTrue(run.stdout.contains("Probabilities (held out)  ECE (10 bins)"), run.stdout)
    let cells = matrix.dropFirst(2).flatMap {
      $0.split(separator: " ").dropFirst().compactMap { Int($0) }
    }
    XCTAssertEqual(cells.count, 9)
    XCTAssertEqual(cells.reduce(0, +), 60)
  }

  /// Undefined figures (no neutral rows: recall 0/0) print as `--` or null,
  /// never `nan`.
  func testEvalUndefinedFiguresAreDashes() throws {
    let directory = try temporaryDirectory()
    let twoClasses = try String(contentsOf: fixture("Fixtures/train/tiny.csv"), encoding: .utf8)
      .components(separatedBy: "\n").filter { !$0.hasPrefix("Neutral,") }.joined(separator: "\n")
    let data = directory.appendingPathComponent("two.csv")
    try Data(twoClasses.utf8).write(to: data)
    for method in [["--folds", "4"], ["--split", "0.5"]] {
      let text = try tweetalyze(["eval", data.path] + method)
      XCTAssertEqual(text.status, 0, text.stderr)
      XCTAssertFalse(text.stdout.lowercased().contains("nan"), text.stdout)
      let neutral = text.stdout.split(separator: "\n").first { $0.hasPrefix("neutral ") }
      XCTAssertTrue(neutral?.contains("--") == true, "\(String(describing: neutral))")
      let json = try tweetalyze(["eval", data.path, "--json"] + method)
      XCTAssertEqual(json.status, 0, json.stderr)
      XCTAssertFalse(json.stdout.lowercased().contains("nan"), json.stdout)
      let classes = try XCTUnwrap(
        try self.json(json.stdoutData)["classes"] as? [String: [String: Any]])
      XCTAssertTrue(
        classes["neutral"]?["recall"] is NSNull, "\(String(describing: classes["neutral"]))")
      XCTAssertEqual(classes["neutral"]?["support"] as? Int, 0)
    }
  }

  func testEvalSplitIsReproducible() throws {
    let arguments = ["eval", "Fixtures/train/tiny.csv", "--split", "0.8", "--seed", "3"]
    let first = try tweetalyze(arguments)
    let second = try tweetalyze(arguments)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertEqual(first.stdout, second.stdout)
    XCTAssertTrue(first.stdout.contains("seed 3"), first.stdout)
    XCTAssertTrue(
      first.stdout.contains("80 % training (48 rows), 12 evaluation rows"), first.stdout)
    let other = try tweetalyze(["eval", "Fixtures/train/tiny.csv", "--split", "0.8", "--seed", "4"])
    XCTAssertEqual(other.status, 0, other.stderr)
    XCTAssertTrue(other.stdout.contains("seed 4"), other.stdout)
    let json = try tweetalyze(arguments + ["--json"])
    XCTAssertEqual(try self.json(json.stdoutData)["seed"] as? Int, 3)
  }

  func testEvalDataFromTheEnvironment() throws {
    let missing = try tweetalyze(["eval"])
    XCTAssertEqual(missing.status, 64)
    XCTAssertEqual(missing.stdout, "")
    XCTAssertTrue(missing.stderr.hasPrefix("Error: Missing data file"), missing.stderr)
    XCTAssertTrue(missing.stderr.contains("TWEETALYZE_DATA"), missing.stderr)
    XCTAssertTrue(
      missing.stderrLines.dropFirst().allSatisfy { $0.hasPrefix("Usage: ") || $0.hasPrefix("  ") },
      missing.stderr)

    let fromEnvironment = try tweetalyze(
      ["eval", "--folds", "3"], environment: ["TWEETALYZE_DATA": "Fixtures/train/tiny.csv"])
    XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.stderr)
    XCTAssertTrue(fromEnvironment.stdout.contains("tiny.csv, 60 rows"), fromEnvironment.stdout)
    XCTAssertEqual(
      fromEnvironment.stdout,
      try tweetalyze(["eval", "Fixtures/train/tiny.csv", "--folds", "3"]).stdout)
  }

  // MARK: classify

  let linePattern = #"^(negative|neutral|positive)\t[01]\.[0-9]{4}(\tdoubtful)?$"#

  func testClassifyStdinLinesInOrder() throws {
    let texts = [
      "I love this so much!!!", "", "worst update ever :(", "The meeting is at 3pm.",
      "naïve café ☕️ 👍🏽", "not good, not bad",
    ]
    let run = try tweetalyze(["classify"], stdin: Data((texts.joined(separator: "\n") + "\n").utf8))
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    XCTAssertEqual(lines.count, texts.count)
    for line in lines {
      XCTAssertNotNil(line.range(of: linePattern, options: .regularExpression), String(line))
    }
    // The same as classifying each text on its own, in input order.
    var oneByOne = ""
    for text in texts { oneByOne += try tweetalyze(["classify", "--", text]).stdout }
    XCTAssertEqual(run.stdout, oneByOne)
    // Arguments instead of stdin give the same lines.
    XCTAssertEqual(try tweetalyze(["classify", "--"] + texts).stdout, oneByOne)
    // No final line break: the last line still counts.
    XCTAssertEqual(
      try tweetalyze(["classify"], stdin: Data(texts.joined(separator: "\n").utf8)).stdout, oneByOne
    )
  }

  func testClassifyJSON() throws {
    let texts = ["I love it", "I hate it", "It is a phone"]
    let json = try tweetalyze(["classify", "--json", "--"] + texts)
    let text = try tweetalyze(["classify", "--"] + texts)
    XCTAssertEqual(json.status, 0, json.stderr)
    let jsonLines = json.stdout.split(separator: "\n")
    let textLines = text.stdout.split(separator: "\n")
    XCTAssertEqual(jsonLines.count, 3)
    XCTAssertEqual(textLines.count, 3)
    for (jsonLine, textLine) in zip(jsonLines, textLines) {
      let object = try self.json(Data(jsonLine.utf8))
      let label = try XCTUnwrap(object["label"] as? String)
      XCTAssertTrue(labels.contains(label))
      let probabilities = try XCTUnwrap(object["probabilities"] as? [String: Double])
      XCTAssertEqual(Set(probabilities.keys), labels)
      XCTAssertEqual(probabilities.values.reduce(0, +), 1, accuracy: 0.0005)
      XCTAssertEqual(
        probabilities[label], probabilities.values.max(), "the label is the most probable")
      let parts = textLine.split(separator: "\t")
      XCTAssertEqual(String(parts[0]), label)
      XCTAssertEqual(Double(parts[1]), probabilities[label], "text and JSON agree")
    }
  }

  func testClassifyEmptyStdin() throws {
    let run = try tweetalyze(["classify"], stdin: Data())
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderr, "")
  }

  func bigInput(lines: Int) -> Data {
    let words = ["great", "awful", "phone", "love", "hate", "update", "battery", "meh", "wow"]
    var text = ""
    text.reserveCapacity(lines * 32)
    for i in 0..<lines {
      text += "tweet \(i) \(words[i % words.count]) \(words[(i / 7) % words.count])\n"
    }
    return Data(text.utf8)
  }

  func testClassifyFiftyThousandLines() throws {
    let run = try tweetalyze(["classify"], stdin: bigInput(lines: 50_000))
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    let lines = run.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 50_000)
    XCTAssertNotNil(lines.last?.range(of: linePattern, options: .regularExpression))
  }

  func testClassifyIntoAClosedPipeIsQuiet() throws {
    let directory = try temporaryDirectory()
    try bigInput(lines: 50_000).write(to: directory.appendingPathComponent("in"))
    let run = try BinaryRunner.shell(
      #"{ "$BIN" classify < in 2> err; echo $? > status; } | head -1"#,
      environment: ["BIN": try BinaryRunner.executable().path], directory: directory)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout.split(separator: "\n").count, 1, run.stdout)
    XCTAssertNotNil(run.stdout.dropLast().range(of: linePattern, options: .regularExpression))
    let status = try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)
    XCTAssertEqual(status, "0\n", "tweetalyze's own exit status")
    let err = try String(contentsOf: directory.appendingPathComponent("err"), encoding: .utf8)
    XCTAssertEqual(err, "", "nothing on stderr")
  }

  /// Issue 36 §4: what a first run meets.
  func testTheFirstRun() throws {
    let bare = try BinaryRunner.run([])
    XCTAssertEqual(bare.status, 0, "short help, not only an error")
    XCTAssertEqual(bare.stderr, "")
    for part in ["--source mastodon", "--source bluesky", "no login", "Quote a #tag", "--help"] {
      XCTAssertTrue(bare.stdout.contains(part), "lacks \(part): \(bare.stdout)")
    }
    let noToken = try BinaryRunner.run(
      ["@Apple"], environment: ["TWEETALYZE_API_BASE": "http://127.0.0.1:9/2"])
    XCTAssertEqual(noToken.status, 77)
    for part in ["--source mastodon", "--source bluesky", "TWITTER_BEARER_TOKEN", "--fixtures"] {
      XCTAssertTrue(noToken.stderr.contains(part), "lacks \(part): \(noToken.stderr)")
    }
    XCTAssertEqual(noToken.stderrLines.count, 1)
    let before = try BinaryRunner.run(["--json", "classify", "so happy"])
    let after = try BinaryRunner.run(["classify", "--json", "so happy"])
    XCTAssertEqual(before.status, 0, before.stderr)
    XCTAssertEqual(before.stdout, after.stdout, "options before the command are its own")
    XCTAssertTrue(before.stdout.hasPrefix("{\"compound\":"), before.stdout)
    let misplaced = try BinaryRunner.run(["--model", "m.json", "classify", "hi"])
    XCTAssertEqual(misplaced.status, 64)
    XCTAssertTrue(
      misplaced.stderr.hasPrefix("Error: 'classify' is a command: give it first"), misplaced.stderr)
    let version = try BinaryRunner.run(["version"])
    XCTAssertEqual(version.status, 64)
    XCTAssertTrue(version.stderr.contains("Did you mean '--version'?"), version.stderr)
    let dash = try BinaryRunner.run(["classify", "-5 stars, awful"])
    XCTAssertEqual(dash.status, 64)
    XCTAssertTrue(
      dash.stderr.contains("goes after --: tweetalyze classify -- '-5 stars, awful'"), dash.stderr)
    XCTAssertEqual(try BinaryRunner.run(["classify", "--", "-5 stars, awful"]).status, 0)
    let directory = try temporaryDirectory()
    let png = directory.appendingPathComponent("trend.png").path
    let plot = try BinaryRunner.run([
      "--fixtures", "Fixtures/tweets", "#WWDC", "--trend", "--plot", png,
    ])
    XCTAssertEqual(plot.status, 64)
    XCTAssertTrue(plot.stderr.contains("ending in .svg"), plot.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: png), "nothing written")
    // No scheme: https is assumed, so the instance is reached (and refuses),
    // not refused as a URL.
    let instance = try BinaryRunner.run([
      "#x", "--source", "mastodon", "--instance", "127.0.0.1:9", "--timeout", "1",
    ])
    XCTAssertEqual(instance.status, 69, instance.stderr)
    XCTAssertTrue(instance.stderr.contains("cannot reach Mastodon at 127.0.0.1:9"), instance.stderr)
  }

  // MARK: Help and version

  func golden(_ name: String) throws -> String {
    try String(contentsOf: Golden.help(name), encoding: .utf8)
  }

  func testHelpOutputIsTheGoldenHelp() throws {
    let cases: [([String], String)] = [
      (["--help"], "overview"), (["-h"], "overview"), (["help"], "overview"),
      (["help", "train"], "train"), (["train", "--help"], "train"), (["train", "-h"], "train"),
      (["help", "analyze"], "analyze"), (["@Apple", "--help"], "analyze"),
      (["eval", "--help"], "eval"), (["classify", "--help"], "classify"),
    ]
    for (arguments, name) in cases {
      let run = try tweetalyze(arguments)
      XCTAssertEqual(run.status, 0, "\(arguments)")
      XCTAssertEqual(run.stderr, "", "\(arguments)")
      XCTAssertEqual(run.stdout, try golden(name), "\(arguments)")
    }
  }

  func testVersion() throws {
    let run = try tweetalyze(["--version"])
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stderr, "")
    XCTAssertNotNil(
      run.stdout.range(of: #"^tweetalyze [0-9]+\.[0-9]+\.[0-9]+\n$"#, options: .regularExpression),
      run.stdout)
    XCTAssertEqual(run.stdout, "tweetalyze \(Tweetalyze.version)\n")
  }
}

// MARK: Writing models safely

extension EndToEndTests {
  /// `train x.csv --out x.csv` replaced the training data without a word.
  func testTrainRefusesToOverwriteItsData() throws {
    let directory = try temporaryDirectory()
    let data = directory.appendingPathComponent("data.csv")
    try FileManager.default.copyItem(at: fixture("Fixtures/train/tiny.csv"), to: data)
    let before = try Data(contentsOf: data)
    let run = try tweetalyze(["train", data.path, "--out", data.path])
    XCTAssertEqual(run.status, 73)
    XCTAssertTrue(run.stderr.hasPrefix("Error: "), run.stderr)
    XCTAssertTrue(run.stderr.contains("training data itself"), run.stderr)
    XCTAssertEqual(try Data(contentsOf: data), before)
  }

  /// Retraining over a 0600 model made it 0644; it keeps its mode now.
  func testRetrainingKeepsTheModelsMode() throws {
    let directory = try temporaryDirectory()
    let model = directory.appendingPathComponent("m.json")
    let data = fixture("Fixtures/train/tiny.csv").path
    XCTAssertEqual(try tweetalyze(["train", data, "--out", model.path]).status, 0)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: model.path)
    XCTAssertEqual(try tweetalyze(["train", data, "--out", model.path]).status, 0)
    let mode = try FileManager.default.attributesOfItem(atPath: model.path)[.posixPermissions]
    XCTAssertEqual((mode as? NSNumber)?.intValue, 0o600)
  }

  /// `--alpha 1e308` gave NaN weights; it is bounded.
  func testHugeAlphaIsAUsageError() throws {
    let run = try tweetalyze(
      ["train", fixture("Fixtures/train/tiny.csv").path, "--out", "/dev/null", "--alpha", "1e308"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("at most 1000"), run.stderr)
  }

  // MARK: Small things a script author meets

  /// The documented one-liner counts the tweets' labels, not the score line.
  func testTheDocumentedOneLinerCountsOnlyTweetLines() throws {
    let binary = try BinaryRunner.executable().path
    let run = try BinaryRunner.shell(
      "'\(binary)' --fixtures Fixtures/tweets '@Apple' --tweets | cut -s -f3 | sort | uniq -c",
      directory: root)
    XCTAssertEqual(run.status, 0, run.stderr)
    let counts = run.stdout.split(separator: "\n").map { line in
      line.split(separator: " ").map(String.init)
    }
    XCTAssertEqual(counts.compactMap { $0.first.flatMap { Int($0) } }.reduce(0, +), 100)
    XCTAssertTrue(counts.allSatisfy { $0.count == 2 && labels.contains($0[1]) }, run.stdout)
    XCTAssertTrue(Help.text(for: .analyze).contains("cut -s -f3 | sort | uniq -c"))
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    XCTAssertTrue(readme.contains("cut -s -f3"))
    XCTAssertFalse(readme.contains("| cut -f3"))
  }

  func testNoEvalLineEndsInASpace() throws {
    let run = try tweetalyze(["eval", fixture("Fixtures/train/tiny.csv").path, "--folds", "3"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("Confusion matrix"))
    for line in run.stdout.split(separator: "\n") {
      XCTAssertFalse(line.hasSuffix(" "), "'\(line)'")
    }
  }

  /// Every numeric option quotes what was typed, never the number reprinted.
  func testNumericOptionErrorsQuoteTheTypedText() throws {
    let cases: [([String], String)] = [
      (["eval", "d.csv", "--split", "90"], "(got '90')"),
      (["eval", "d.csv", "--split", "1e0"], "(got '1e0')"),
      (["eval", "d.csv", "--folds", "1"], "(got '1')"),
      (["eval", "d.csv", "--seed", "-1"], "(got '-1')"),
      (["train", "d.csv", "--out", "m", "--alpha", "2000"], "(got '2000')"),
      (["train", "d.csv", "--out", "m", "--lexicon-weight", "-1"], "(got '-1')"),
      (["train", "d.csv", "--out", "m", "--min-count", "0"], "(got '0')"),
      (["@a", "--timeout", "601"], "(got '601')"),
      (["@a", "--count", "0"], "(got '0')"),
      (["@a", "--mentions", "0"], "(got '0')"),
    ]
    for (arguments, part) in cases {
      let run = try tweetalyze(arguments)
      XCTAssertEqual(run.status, 64, "\(arguments)")
      XCTAssertTrue(run.stderrLines.first?.contains(part) == true, "\(arguments): \(run.stderr)")
      XCTAssertFalse(run.stderr.contains(".0)"), run.stderr)
    }
  }

  func testTheOverviewListsAnalyzeExamplesAndExitStatuses() {
    let overview = Help.text(for: nil)
    XCTAssertTrue(overview.contains("\n  analyze "), overview)
    XCTAssertTrue(overview.contains("EXAMPLES:\n  tweetalyze \"@Apple\""), overview)
    for status in ExitStatus.allCases {
      XCTAssertTrue(overview.contains(" \(status.rawValue) "), "\(status)")
    }
  }
}
