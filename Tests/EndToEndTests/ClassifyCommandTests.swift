import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

/// The lines `classify` writes (`ClassifyCommand.swift`).
final class ClassifyCommandTests: XCTestCase {
  func testClassifyLines() {
    let cases: [(Sentiment, Double, String)] = [
      (.positive, 0.81249, "positive\t0.8125\n"), (.negative, 1, "negative\t1.0000\n"),
      (.neutral, 0.33333, "neutral\t0.3333\tdoubtful\n"),
      // Issue 45 §4: under 0.5 as printed is doubtful; 0.5000 is not.
      (.positive, 0.49994, "positive\t0.4999\tdoubtful\n"),
      (.positive, 0.49996, "positive\t0.5000\n"), (.negative, 0.5, "negative\t0.5000\n"),
    ]
    for (label, confidence, expected) in cases {
      var line = Array("before ".utf8)
      ClassifyOutput.write(label, confidence, into: &line)
      XCTAssertEqual(String(decoding: line, as: UTF8.self), "before " + expected)
    }
  }

  // MARK: --jobs, end to end

  private func classify(_ arguments: [String], stdin: Data) throws -> BinaryRun {
    let run = try BinaryRunner.run(["classify"] + arguments, stdin: stdin, timeout: 300)
    XCTAssertFalse(run.timedOut)
    return run
  }

  /// The texts of the Sanders corpus and generated ones, with CRLF, empty
  /// lines and a last line without a break.
  private func texts() throws -> Data {
    let csv = String(decoding: try SharedData.bytes("sanders-full-corpus.csv"), as: UTF8.self)
    var lines = csv.split(separator: "\n").map { $0.replacing("\r", with: "") }
    for index in 0..<60_000 {
      lines.append("generated tweet \(index) love hate not good \(index % 97)")
    }
    lines.insert("", at: 100)
    lines[200] += "\r"
    return Data((lines.joined(separator: "\n") + "\nno line break at the end").utf8)
  }

  func testClassifyWritesTheSameLinesForEveryNumberOfJobs() throws {
    let input = try texts()
    for format in [[], ["--json"]] {
      let one = try classify(["--jobs", "1"] + format, stdin: input)
      XCTAssertEqual(one.status, 0, one.stderr)
      XCTAssertGreaterThan(one.stdout.split(separator: "\n").count, 60_000)
      for jobs in ["2", "3"] {
        let run = try classify(["--jobs", jobs] + format, stdin: input)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertTrue(run.stdoutData == one.stdoutData, "--jobs \(jobs) \(format)")
      }
    }
  }

  func testClassifyWithJobsUnderHeadExitsCleanly() throws {
    let binary = try BinaryRunner.executable().path
    let status = try BinaryRunner.run(
      [
        "-c",
        "yes 'I love it' | head -n 300000 | \(binary) classify --jobs 2 | head -1 >/dev/null; "
          + "echo ${PIPESTATUS[2]}",
      ],
      executable: URL(fileURLWithPath: "/bin/bash"))
    XCTAssertEqual(status.stdout, "0\n")
    XCTAssertEqual(status.stderr, "")
    let first = try BinaryRunner.run(
      ["-c", "yes 'I love it' | head -n 300000 | \(binary) classify --jobs 2 | head -1"],
      executable: URL(fileURLWithPath: "/bin/bash"))
    XCTAssertTrue(first.stdout.hasPrefix("positive\t"), first.stdout)
    XCTAssertEqual(first.stdout.split(separator: "\n").count, 1)
  }

  // MARK: --archive, end to end

  /// An archive of `count` tweets in every form the reader takes, and the
  /// texts in order.
  static func archive(_ count: Int) -> (archive: Data, texts: [String]) {
    var lines: [String] = []
    var texts: [String] = []
    // The texts need no escapes.
    func quoted(_ text: String) -> String { "\"\(text)\"" }
    var index = 0
    while index < count {
      let words = ["love", "hate", "phone", "not good", "awesome", "slow", "great", "meh", "&lt;3"]
      let text = { (i: Int) in
        "tweet \(i) " + words[i % words.count] + " " + words[(i / 9) % words.count]
      }
      switch lines.count % 4 {
      case 0:
        // A v2 page of three, as twarc2 writes them.
        let page = (0..<3).map { i in
          #"{"id":"\#(index + i)","text":\#(quoted(text(index + i))),"author_id":"\#(i)","created_at":"2026-11-01T10:00:00.000Z"}"#
        }
        lines.append(#"{"data":[\#(page.joined(separator: ","))],"meta":{"result_count":3}}"#)
        texts += (0..<3).map { text(index + $0) }
        index += 3
        continue
      case 1: lines.append(#"{"id":"\#(index)","text":\#(quoted(text(index)))}"#)
      case 2:
        lines.append(
          #"{"id":\#(index),"id_str":"\#(index)","full_text":\#(quoted(text(index))),"user":{"id_str":"9"},"created_at":"Wed Oct 10 20:19:24 +0000 2018"}"#
        )
      default:
        lines.append(#"{"statuses":[{"id_str":"\#(index)","text":\#(quoted(text(index)))}]}"#)
      }
      texts.append(text(index))
      index += 1
    }
    return (Data((lines.joined(separator: "\n") + "\n").utf8), texts)
  }

  func testArchiveAnnotationsAreClassifyOfTheTextsForEveryNumberOfJobs() throws {
    let (archive, texts) = Self.archive(20_000)
    let one = try classify(["--archive", "--jobs", "1"], stdin: archive)
    XCTAssertEqual(one.status, 0, one.stderr)
    let objects = try one.stdout.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.count, texts.count)
    XCTAssertEqual(objects.map { $0["id"] as? String }, (0..<texts.count).map { "\($0)" })
    XCTAssertEqual(objects[0]["author_id"] as? String, "0")
    XCTAssertEqual(objects[0]["created_at"] as? String, "2026-11-01T10:00:00.000Z")
    XCTAssertNil(objects[3]["author_id"])
    XCTAssertEqual(objects[4]["author_id"] as? String, "9")
    // The labels and probabilities are classify's for the texts (entities decoded).
    let plain = try classify(
      ["--json", "--jobs", "1"],
      stdin: Data(texts.map { $0.replacing("&lt;", with: "<") }.joined(separator: "\n").utf8))
    let expected = plain.stdout.split(separator: "\n")
    XCTAssertEqual(expected.count, objects.count)
    for (line, object) in zip(expected, objects).prefix(2000) {
      let reference = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      XCTAssertEqual(object["label"] as? String, reference["label"] as? String)
      XCTAssertEqual(
        object["probabilities"] as? [String: Double],
        reference["probabilities"] as? [String: Double])
    }
    for jobs in ["2", "3"] {
      let run = try classify(["--archive", "--jobs", jobs], stdin: archive)
      XCTAssertEqual(run.status, 0)
      XCTAssertTrue(run.stdoutData == one.stdoutData, "--jobs \(jobs)")
    }
    // Files, in order.
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let file = directory.appendingPathComponent("archive.jsonl")
    try archive.write(to: file)
    let twice = try classify(["--archive", file.path, file.path], stdin: Data())
    XCTAssertEqual(twice.status, 0, twice.stderr)
    XCTAssertTrue(twice.stdoutData == one.stdoutData + one.stdoutData)
  }

  func testABadArchiveLineIsBadInputWithItsNumber() throws {
    var (archive, _) = Self.archive(9_000)
    archive += Data("{\"user\":{\"id_str\":\"1\"}}\n".utf8)
    for jobs in ["1", "2"] {
      let run = try classify(["--archive", "--jobs", jobs], stdin: archive)
      XCTAssertEqual(run.status, 65)
      XCTAssertEqual(
        run.stderr,
        "Error: stdin: line 6001 of the archive holds no tweets (no \"data\", \"statuses\", or "
          + "\"id\" and \"text\"); expected X API v2 pages ({\"data\":[…]}), tweets (v2 or v1.1) or "
          + "v1.1 search results ({\"statuses\":[…]}), one per line\n")
      XCTAssertEqual(run.stdout.split(separator: "\n").count, 9_000)
    }
  }

  // MARK: --csv-column, end to end

  func testCSVRowsAreAnnotatedInOrderForEveryNumberOfJobs() throws {
    var csv = "id,lang,text\r\n"
    var texts: [String] = []
    for row in 1...10_000 {
      let text = ["I love it, really", "so \"bad\"", "a phone", "great &lt;3", "not good\nat all"][
        row % 5]
      csv += "\(900 + row),en,\"\(text.replacing("\"", with: "\"\""))\"\r\n"
      texts.append(text.replacing("&lt;", with: "<"))
    }
    let one = try classify(["--csv-column", "text", "--jobs", "1"], stdin: Data(csv.utf8))
    XCTAssertEqual(one.status, 0, one.stderr)
    let objects = try one.stdout.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.count, 10_000)
    XCTAssertEqual(objects.map { $0["row"] as? Int }, Array(1...10_000))
    XCTAssertEqual(objects[0]["id"] as? String, "901")
    // Each row's label and probabilities are classify's for its text.
    for (text, object) in zip(texts, objects).prefix(5) {
      let plain = try BinaryRunner.run(["classify", "--json", "--", text])
      let reference = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: plain.stdoutData) as? [String: Any])
      XCTAssertEqual(object["label"] as? String, reference["label"] as? String, text)
      XCTAssertEqual(
        object["probabilities"] as? [String: Double],
        reference["probabilities"] as? [String: Double], text)
    }
    for jobs in ["2", "3"] {
      let run = try classify(["--csv-column", "TEXT", "--jobs", jobs], stdin: Data(csv.utf8))
      XCTAssertEqual(run.status, 0)
      XCTAssertTrue(run.stdoutData == one.stdoutData, "--jobs \(jobs)")
    }
    let missing = try classify(["--csv-column", "tweet"], stdin: Data(csv.utf8))
    XCTAssertEqual(missing.status, 65)
    XCTAssertTrue(
      missing.stderr.hasPrefix("Error: the header has no text column (looked for 'tweet'"),
      missing.stderr)
  }

  /// Issue 45 §4: `--json` and `--csv` give the three probabilities and
  /// the lexicon reader's compound (what `explain` shows of it), as
  /// fastText's `predict-prob` and VADER users expect.
  func testJSONAndCSVGiveTheProbabilitiesAndTheCompound() throws {
    let texts = ["I love it, really great", "the update is out today", "awful, worst ever"]
    let json = try BinaryRunner.run(["classify", "--json", "--"] + texts)
    XCTAssertEqual(json.status, 0, json.stderr)
    let objects = try json.stdout.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let csv = try BinaryRunner.run(["classify", "--csv", "--"] + texts)
    XCTAssertEqual(csv.status, 0, csv.stderr)
    let rows = try CSVText.table(csv.stdout)
    XCTAssertTrue(
      csv.stdout.hasPrefix("label,probability,text,negative,neutral,positive,compound\n"),
      csv.stdout)
    XCTAssertEqual(rows.count, 3)
    for (text, (object, row)) in zip(texts, zip(objects, rows)) {
      XCTAssertEqual(Set(object.keys), ["compound", "label", "probabilities"], text)
      let explained = try BinaryRunner.run(["explain", "--json", "--", text])
      let reader = try XCTUnwrap(
        (try JSONSerialization.jsonObject(with: explained.stdoutData) as? [String: Any])?[
          "reader"] as? [String: Any])
      XCTAssertEqual(object["compound"] as? Double, reader["compound"] as? Double, text)
      XCTAssertEqual(row["compound"].flatMap(Double.init), object["compound"] as? Double, text)
      let probabilities = try XCTUnwrap(object["probabilities"] as? [String: Double])
      for name in ["negative", "neutral", "positive"] {
        XCTAssertEqual(row[name].flatMap(Double.init), probabilities[name], "\(text): \(name)")
      }
      XCTAssertEqual(row["label"], object["label"] as? String)
      XCTAssertEqual(row["text"], text)
    }
    let compounds = objects.compactMap { $0["compound"] as? Double }
    XCTAssertTrue(compounds[0] > 0.5 && compounds[2] < -0.5, "\(compounds)")
  }

  /// Issue 45 §4: `--csv-column NAME --csv` is CSV in, CSV out: each row
  /// as read, with its label and probabilities appended (it was a usage
  /// error), the same for every number of jobs.
  func testCSVColumnWithCSVAppendsTheLabelToEachRow() throws {
    let csv = "id,text,lang\n7,\"I love it, really\",en\n8,awful phone,en\n9,\"two\nlines\",de\n"
    let run = try classify(["--csv-column", "text", "--csv", "--jobs", "1"], stdin: Data(csv.utf8))
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.hasPrefix("id,text,lang,label,negative,neutral,positive\n"), run.stdout)
    let rows = try CSVText.table(run.stdout)
    XCTAssertEqual(rows.map { $0["id"] }, ["7", "8", "9"])
    XCTAssertEqual(rows.map { $0["text"] }, ["I love it, really", "awful phone", "two\nlines"])
    XCTAssertEqual(rows.map { $0["lang"] }, ["en", "en", "de"])
    let json = try classify(["--csv-column", "text"], stdin: Data(csv.utf8))
    let objects = try json.stdout.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    for (row, object) in zip(rows, objects) {
      XCTAssertEqual(row["label"], object["label"] as? String)
      let probabilities = try XCTUnwrap(object["probabilities"] as? [String: Double])
      for name in ["negative", "neutral", "positive"] {
        XCTAssertEqual(row[name].flatMap(Double.init), probabilities[name], name)
      }
    }
    let parallel = try classify(
      ["--csv-column", "text", "--csv", "--jobs", "3"], stdin: Data(csv.utf8))
    XCTAssertEqual(parallel.stdoutData, run.stdoutData)
    let archive = try classify(["--archive", "--csv"], stdin: Data())
    XCTAssertEqual(archive.status, 64, "--archive prints JSON only")
  }

  /// A missing `--csv-column` suggests the option `classify` takes
  /// (`--csv-column`), not `train`'s `--text-column`, which it refuses.
  func testAMissingCSVColumnSuggestsCSVColumn() throws {
    let run = try classify(["--csv-column", "tweet"], stdin: Data("id,body\n1,hello\n".utf8))
    XCTAssertEqual(run.status, 65, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderr,
      "Error: the header has no text column (looked for 'tweet'; found 'id', 'body'); "
        + "name it with --csv-column\n")
  }

  // MARK: Terminal escapes

  /// Control characters and the bidirectional controls (U+202E, which
  /// shows text reversed, and the rest) in a text reach neither the
  /// terminal nor a CSV field raw: `explain` escapes them as `--tweets`
  /// does (it printed them raw), `classify --csv` as before for controls.
  func testExplainAndCSVEscapeControlsAndBidiControls() throws {
    let text = "bad \u{1B}]0;owned\u{7}\u{1B}[2J \u{202E}txet\u{202C} \u{2067}x\u{2069} \u{200F}"
    let raw: Set<UInt32> = [0x1B, 0x07, 0x202E, 0x202C, 0x2067, 0x2069, 0x200F]
    let escaped = [
      "\\u{1B}]0;owned\\u{7}\\u{1B}[2J", "\\u{202E}txet\\u{202C}", "\\u{2067}x\\u{2069}",
      "\\u{200F}",
    ]
    let explained = try BinaryRunner.run(["explain", "--", text])
    let classified = try BinaryRunner.run(["classify", "--csv", "--", text])
    for run in [explained, classified] {
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertFalse(run.stdout.unicodeScalars.contains { raw.contains($0.value) }, run.stdout)
      for part in escaped { XCTAssertTrue(run.stdout.contains(part), "\(part): \(run.stdout)") }
    }
    XCTAssertTrue(explained.stdout.hasPrefix("text: bad \\u{1B}]0;owned"), explained.stdout)
  }
}
