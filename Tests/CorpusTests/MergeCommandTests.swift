import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// `tweetalyze merge` and `train --out -`, end to end (`MergeCommand.swift`).
final class MergeCommandTests: XCTestCase {
  private func tweetalyze(_ arguments: [String], stdin: Data? = nil) throws -> BinaryRun {
    let run = try BinaryRunner.run(arguments, stdin: stdin, timeout: 300)
    XCTAssertFalse(run.timedOut, "tweetalyze \(arguments) timed out")
    return run
  }

  /// A model file as JSON, without the members that a merge changes (the
  /// checksum changes with the provenance).
  private func withoutProvenance(_ data: Data) throws -> NSDictionary {
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    return object.filter { !["provenance", "calibration", "checksum"].contains($0.key) }
      as NSDictionary
  }

  /// The text of a model file without its `checksum` member (and the comma
  /// after it), and the member's value.
  private func splitChecksum(_ text: String) throws -> (rest: String, checksum: String) {
    let range = try XCTUnwrap(
      text.range(of: #""checksum":"sha256:[0-9a-f]{64}","#, options: .regularExpression), text)
    let member = text[range]
    return (text.replacingCharacters(in: range, with: ""), String(member.dropFirst(12).dropLast(2)))
  }

  /// The Sanders corpus cut into `k` CSV files of consecutive rows (the
  /// header in each), and the data rows, whole.
  private func parts(_ k: Int, in directory: URL) throws -> [URL] {
    let bytes = try SharedData.bytes("sanders-full-corpus.csv")
    // Records end at a line break outside quotes (bytes: CRLF is one
    // `Character`).
    var records: [ArraySlice<UInt8>] = []
    var start = 0
    var quoted = false
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if byte == 0x0A && !quoted {
        records.append(bytes[start...index])
        start = index + 1
      }
    }
    if start < bytes.count { records.append(bytes[start...] + [0x0A]) }
    let header = records.removeFirst()
    return try (0..<k).map { part in
      let rows = records[(part * records.count / k)..<((part + 1) * records.count / k)]
      let url = directory.appendingPathComponent("part\(part).csv")
      try Data(header + rows.joined()).write(to: url)
      return url
    }
  }

  func testMergedPartsOfSandersAreTheModelOfTheWhole() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let wholeURL = try SharedData.url("sanders-full-corpus.csv")
    let whole = directory.appendingPathComponent("whole.json")
    XCTAssertEqual(try tweetalyze(["train", wholeURL.path, "--out", whole.path, "-q"]).status, 0)
    let wholeModel = try Data(contentsOf: whole)
    for k in [2, 3, 7] {
      let csvs = try parts(k, in: directory)
      var models: [String] = []
      for (index, csv) in csvs.enumerated() {
        let model = directory.appendingPathComponent("part\(index).json").path
        let run = try tweetalyze(["train", csv.path, "--out", model, "-q", "--jobs", "2"])
        XCTAssertEqual(run.status, 0, run.stderr)
        models.append(model)
      }
      let merged = directory.appendingPathComponent("merged\(k).json")
      let run = try tweetalyze(["merge"] + models + ["--out", merged.path])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertTrue(run.stdout.isEmpty)
      XCTAssertTrue(
        run.stderr.hasPrefix("Merged \(k) models: 3424 rows, 572 negative, "), run.stderr)
      let mergedModel = try Data(contentsOf: merged)
      XCTAssertEqual(try withoutProvenance(mergedModel), try withoutProvenance(wholeModel))
      let provenance = try XCTUnwrap(
        (try JSONSerialization.jsonObject(with: mergedModel) as? [String: Any])?["provenance"]
          as? [String: Any])
      let listed = try XCTUnwrap(provenance["parts"] as? [[String: Any]])
      XCTAssertEqual(listed.map { $0["source"] as? String }, csvs.map(\.lastPathComponent))
      XCTAssertEqual(provenance["skipped"] as? Int, 1689)
    }
  }

  func testTrainAndMergeWorkInAPipe() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let csvs = try parts(2, in: directory)
    let binary = try BinaryRunner.executable().path
    let script = """
      set -e
      \(binary) train - --out - < \(csvs[0].path) > a.json 2> a.err
      cat \(csvs[1].path) | \(binary) train - --out - -q > b.json
      \(binary) merge a.json b.json --out - -q > piped.json
      \(binary) train \(csvs[0].path) --out a2.json -q
      \(binary) train \(csvs[1].path) --out b2.json -q
      \(binary) merge a2.json b2.json --out files.json -q
      """
    let run = try BinaryRunner.shell(script, directory: directory)
    XCTAssertEqual(run.status, 0, run.stderr)
    let piped = try Data(contentsOf: directory.appendingPathComponent("piped.json"))
    let files = try Data(contentsOf: directory.appendingPathComponent("files.json"))
    XCTAssertEqual(try withoutProvenance(piped), try withoutProvenance(files))
    let summary = try String(contentsOf: directory.appendingPathComponent("a.err"), encoding: .utf8)
    XCTAssertTrue(summary.hasSuffix("Wrote the model to stdout.\n"), summary)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path))
  }

  func testModelsOfOtherOptionsAreRefusedWithExitStatus65() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let csv = directory.appendingPathComponent("data.csv")
    try Data("class,text\nPos,I love it\nNeg,I hate it\nNeutral,a phone\n".utf8).write(to: csv)
    let a = directory.appendingPathComponent("a.json").path
    let b = directory.appendingPathComponent("b.json").path
    XCTAssertEqual(try tweetalyze(["train", csv.path, "--out", a, "-q"]).status, 0)
    XCTAssertEqual(
      try tweetalyze(["train", csv.path, "--out", b, "-q", "--no-bigrams", "--alpha", "1"]).status,
      0)
    let out = directory.appendingPathComponent("m.json").path
    let run = try tweetalyze(["merge", a, a, b, "--out", out])
    XCTAssertEqual(run.status, 65)
    XCTAssertEqual(
      run.stderr,
      "Error: \(b) differs from \(a) in options.alpha (1.0, not 0.6); merge only models trained "
        + "with the same options by the same tweetalyze version\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    // A damaged model file is bad input too.
    try Data("{\"format\":".utf8).write(to: URL(fileURLWithPath: b))
    let damaged = try tweetalyze(["merge", a, b, "--out", out])
    XCTAssertEqual(damaged.status, 65)
    XCTAssertTrue(
      damaged.stderr.hasPrefix("Error: \(b): the model file is not valid JSON"), damaged.stderr)
    // One model is a usage error.
    let one = try tweetalyze(["merge", a, "--out", out])
    XCTAssertEqual(one.status, 64)
    XCTAssertTrue(one.stderr.hasPrefix("Error: Give two or more model files to merge"), one.stderr)
  }

  func testAModelMergedWithItselfDoublesItsCounts() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let csv = directory.appendingPathComponent("data.csv")
    try Data("class,text\nPos,I love it\nNeg,I hate it\nNeutral,a phone\n".utf8).write(to: csv)
    let a = directory.appendingPathComponent("a.json").path
    XCTAssertEqual(try tweetalyze(["train", csv.path, "--out", a, "-q"]).status, 0)
    let merged = directory.appendingPathComponent("merged.json")
    let run = try tweetalyze(["merge", a, a, "--out", merged.path, "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let model = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: merged)) as? [String: Any])
    let summary = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(
      model["documents"] as? [String: Int], ["negative": 2, "neutral": 2, "positive": 2])
    XCTAssertEqual(summary["models"] as? Int, 2)
    XCTAssertEqual(summary["calibrated"] as? Bool, false)
  }

  /// As with `train`: the model and the JSON summary would share stdout.
  func testJSONSummaryWithTheModelOnStdoutIsAUsageError() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let csv = directory.appendingPathComponent("data.csv")
    try Data("class,text\nPos,I love it\nNeg,I hate it\n".utf8).write(to: csv)
    let a = directory.appendingPathComponent("a.json").path
    XCTAssertEqual(try tweetalyze(["train", csv.path, "--out", a, "-q"]).status, 0)
    for output in ["-", "/dev/stdout"] {
      let run = try tweetalyze(["merge", a, a, "--out", output, "--json"])
      XCTAssertEqual(run.status, 64, output)
      XCTAssertEqual(run.stdout, "", output)
      XCTAssertTrue(
        run.stderr.hasPrefix("Error: --out \(output) writes the model to stdout"), run.stderr)
    }
  }

  func testTrainAndMergeWriteAChecksumThatLoadingVerifies() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let csv = directory.appendingPathComponent("data.csv")
    try Data("class,text\nPos,I love it\nNeg,I hate it\nNeutral,a phone\n".utf8).write(to: csv)
    let a = directory.appendingPathComponent("a.json")
    let merged = directory.appendingPathComponent("m.json")
    XCTAssertEqual(try tweetalyze(["train", csv.path, "--out", a.path, "-q"]).status, 0)
    XCTAssertEqual(try tweetalyze(["merge", a.path, a.path, "--out", merged.path, "-q"]).status, 0)
    for url in [a, merged] {
      // The SHA-256 of the file without the member.
      let text = try String(contentsOf: url, encoding: .utf8)
      let (rest, checksum) = try splitChecksum(text)
      var hash = SHA256()
      hash.update(Array(rest.utf8))
      XCTAssertEqual(checksum, "sha256:" + hash.finalize(), url.lastPathComponent)
    }
    // Changed after it was written: refused, exit status 65, with what to do.
    let text = try String(contentsOf: merged, encoding: .utf8)
    let changed = text.replacingOccurrences(
      of: #""documents":{"negative":2,"#, with: #""documents":{"negative":3,"#)
    XCTAssertNotEqual(changed, text)
    try Data(changed.utf8).write(to: merged)
    let refused = try tweetalyze(["classify", "--model", merged.path, "I love it"])
    XCTAssertEqual(refused.status, 65)
    XCTAssertEqual(refused.stdout, "")
    XCTAssertEqual(
      refused.stderr,
      "Error: \(merged.path): the model file's checksum does not match its contents: the file "
        + "was changed or damaged after it was written; train it again (to load a file you "
        + "edited on purpose, remove its \"checksum\" member)\n")
    // Edited on purpose, the checksum removed: it loads.
    try Data(try splitChecksum(changed).rest.utf8).write(to: merged)
    let loaded = try tweetalyze(["classify", "--model", merged.path, "I love it"])
    XCTAssertEqual(loaded.status, 0, loaded.stderr)
    XCTAssertTrue(loaded.stdout.hasPrefix("positive"), loaded.stdout)
  }

  /// `merge A B --out A` is refused before anything is written (it
  /// replaced an input before), exit 73, with A intact; so is an output
  /// that is an input under another name (a hard link).
  func testAnOutputThatIsAnInputIsRefused() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let a = directory.appendingPathComponent("a.json")
    let b = directory.appendingPathComponent("b.json")
    let model = try BinaryRunner.trainTiny(into: a)
    try model.write(to: b)
    let other = directory.appendingPathComponent("other-name.json")
    try FileManager.default.linkItem(at: b, to: other)
    for output in [a, b, other] {
      let run = try tweetalyze(["merge", a.path, b.path, "--out", output.path])
      XCTAssertEqual(run.status, 73, run.stderr)
      XCTAssertEqual(run.stdout, "")
      XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
      XCTAssertTrue(
        run.stderr.hasPrefix("Error: --out \(output.path) is the input model "), run.stderr)
      XCTAssertEqual(try Data(contentsOf: a), model)
      XCTAssertEqual(try Data(contentsOf: b), model)
    }
  }

  /// Inputs are read as `--model` is, capped at 256 MiB: `/dev/zero` (it
  /// grew to 16.9 GB and aborted) is one error line, exit 65, within a
  /// 1 GB address space.
  func testInputsAreCappedAsModelFilesAre() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let a = directory.appendingPathComponent("a.json")
    _ = try BinaryRunner.trainTiny(into: a)
    let run = try BinaryRunner.shell(
      #"ulimit -v 1000000; exec "$T" merge a.json /dev/zero --out m.json"#,
      environment: ["T": try BinaryRunner.executable().path], directory: directory)
    XCTAssertFalse(run.timedOut)
    XCTAssertEqual(run.status, 65, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderrLines,
      [
        "Error: /dev/zero is larger than 256 MiB, more than any such file holds; check that it is the right file"
      ])
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))
  }
}
