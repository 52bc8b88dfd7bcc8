import Foundation
import TestSupport
import XCTest

/// The bad-input catalogue: the basic cases (empty file, header only,
/// unknown label, unterminated quote, a NUL byte, invalid UTF-8,
/// directories, missing files, empty stdin, a truncated, versioned,
/// inconsistent or non-JSON model, and the common usage errors), then bad
/// training data, paths, model files, merges and flags in depth. Each case runs the built binary and checks the
/// exact exit status, nothing on stdout, and one `Error:` line on stderr
/// (plus the usage lines for status 64) that is short and names the problem.
final class BadInputTests: XCTestCase {
  let root = BinaryRunner.packageRoot

  func write(_ bytes: [UInt8], _ name: String, in directory: URL) throws {
    try Data(bytes).write(to: directory.appendingPathComponent(name))
  }

  // MARK: The basic cases

  /// Writes the bad files into `directory` and returns the cases.
  func badInputs(in directory: URL) throws -> [BadInput] {
    func write(_ name: String, _ bytes: [UInt8]) throws {
      try Data(bytes).write(to: directory.appendingPathComponent(name))
    }
    try write("empty.csv", [])
    try write("header.csv", Array("class,text\n".utf8))
    try write("nocolumn.csv", Array("class,body\nPos,hi\n".utf8))
    try write("label.csv", Array("class,text\nPos,good\nMeh,what\n".utf8))
    try write("quote.csv", Array("class,text\nPos,good\nNeg,\"bad\n".utf8))
    try write("nul.csv", Array("class,text\nPos,go".utf8) + [0] + Array("od\n".utf8))
    try write("utf8.csv", Array("class,text\nPos,good\nNeg,b".utf8) + [0xFF] + Array("ad\n".utf8))
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("folder"), withIntermediateDirectories: true)

    let model = try BinaryRunner.trainTiny(into: directory.appendingPathComponent("good.json"))
    let good = Array(model)
    try write("truncated.json", Array(good.prefix(good.count / 2)))
    try write("notjson.json", Array("hello\n".utf8))
    let text = BinaryRunner.withoutChecksum(model)
    let v6 = text.replacingOccurrences(
      of: #""version":7,"vocabulary""#, with: #""version":8,"vocabulary""#)
    XCTAssertNotEqual(v6, text)
    try write("v6.json", Array(v6.utf8))
    // Drop the first count of the neutral column.
    let counts = try XCTUnwrap(text.range(of: #""counts":{"#))
    let neutral = try XCTUnwrap(
      text.range(of: #""neutral":["#, range: counts.upperBound..<text.endIndex))
    let comma = try XCTUnwrap(text.range(of: ",", range: neutral.upperBound..<text.endIndex))
    try write(
      "counts.json",
      Array((String(text[..<neutral.upperBound]) + String(text[comma.upperBound...])).utf8))

    let out = ["--out", "m.json"]
    return [
      BadInput(
        name: "empty CSV", arguments: ["train", "empty.csv"] + out, status: 65, parts: ["empty"]),
      BadInput(
        name: "header only", arguments: ["train", "header.csv"] + out, status: 65,
        parts: ["no usable rows"]),
      BadInput(
        name: "no text column", arguments: ["train", "nocolumn.csv"] + out, status: 65,
        parts: ["text column", "'body'"]),
      BadInput(
        name: "unknown label", arguments: ["train", "label.csv"] + out, status: 65,
        parts: ["line 3", "'Meh'"]),
      BadInput(
        name: "unknown label, eval", arguments: ["eval", "label.csv"], status: 65,
        parts: ["line 3", "'Meh'"]),
      BadInput(
        name: "unterminated quote", arguments: ["train", "quote.csv"] + out, status: 65,
        parts: ["line 3", "quote"]),
      BadInput(
        name: "NUL byte", arguments: ["train", "nul.csv"] + out, status: 65,
        parts: ["line 2", "NUL"]),
      BadInput(
        name: "invalid UTF-8", arguments: ["train", "utf8.csv"] + out, status: 65,
        parts: ["line 3", "UTF-8"]),
      BadInput(
        name: "directory as data", arguments: ["train", "folder"] + out, status: 66,
        parts: ["folder", "directory"]),
      BadInput(
        name: "directory as model", arguments: ["classify", "--model", "folder", "x"], status: 66,
        parts: ["folder", "directory"]),
      BadInput(
        name: "directory as output",
        arguments: ["train", "Fixtures/train/tiny.csv".absolute(root), "--out", "folder"],
        status: 73, parts: ["folder", "directory"]),
      BadInput(
        name: "missing data file", arguments: ["train", "missing.csv"] + out, status: 66,
        parts: ["missing.csv", "no such file"]),
      BadInput(
        name: "missing model file", arguments: ["classify", "--model", "missing.json", "x"],
        status: 66, parts: ["missing.json", "no such file"]),
      BadInput(
        name: "missing fixtures", arguments: ["@Apple", "--fixtures", "missing"], status: 66,
        parts: ["missing"]),
      BadInput(
        name: "empty stdin", arguments: ["train", "-"] + out, status: 65, parts: ["empty"],
        stdin: Data()),
      BadInput(
        name: "truncated model", arguments: ["classify", "--model", "truncated.json", "x"],
        status: 65, parts: ["truncated.json", "not valid JSON"]),
      BadInput(
        name: "model of a newer version", arguments: ["classify", "--model", "v6.json", "x"],
        status: 65,
        parts: ["v6.json", "version 7", "upgrade tweetalyze"]),
      BadInput(
        name: "counts of the wrong length", arguments: ["classify", "--model", "counts.json", "x"],
        status: 65, parts: ["counts.json", "inconsistent"]),
      BadInput(
        name: "model not JSON", arguments: ["classify", "--model", "notjson.json", "x"], status: 65,
        parts: ["notjson.json", "not valid JSON"]),
      BadInput(
        name: "bad model for analyze",
        arguments: [
          "@Apple", "--fixtures", "Fixtures/tweets".absolute(root), "--model", "v6.json",
        ], status: 65, parts: ["version 7"]),
      BadInput(
        name: "unknown option", arguments: ["@Apple", "--cout", "5"], status: 64,
        parts: ["Did you mean '--count'?"]),
      BadInput(
        name: "missing option value", arguments: ["train", "tiny.csv", "--out"], status: 64,
        parts: ["Missing value for '--out PATH'"]),
      BadInput(
        name: "bad --count", arguments: ["@Apple", "--count", "0"], status: 64, parts: ["--count"]),
      BadInput(
        name: "bad --alpha", arguments: ["train", "tiny.csv", "--out", "m", "--alpha", "-1"],
        status: 64, parts: ["--alpha"]),
      BadInput(
        name: "bad --split", arguments: ["eval", "tiny.csv", "--split", "1"], status: 64,
        parts: ["--split"]),
      BadInput(name: "bad query", arguments: ["apple"], status: 64, parts: ["'@apple'"]),
      BadInput(name: "unknown command", arguments: ["trian"], status: 64, parts: ["'train'"]),
      BadInput(
        name: "help for nothing", arguments: ["help", "nope"], status: 64, parts: ["'nope'"]),
      BadInput(
        name: "options but no query", arguments: ["--count", "5"], status: 64,
        parts: ["Missing query", "quote a #tag: the shell reads an unquoted # as a comment"]),
    ]
  }

  func testTheBasicCatalogue() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    var cases = try badInputs(in: directory)
    let locked = directory.appendingPathComponent("locked.csv")
    try Data("class,text\nPos,good\n".utf8).write(to: locked)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
    if access(locked.path, R_OK) != 0 {
      cases.append(
        BadInput(
          name: "unreadable file", arguments: ["train", "locked.csv", "--out", "m.json"],
          status: 66,
          parts: ["locked.csv", "permission denied"]))
    } else {
      print("Running as a user who can read a mode-000 file: the unreadable-file case is skipped")
    }
    try BinaryRunner.checkFailures(cases, in: directory)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path),
      "no failed run wrote a model")
  }

  // MARK: Training data

  func testBadTrainingData() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let header = Array("class,text\n".utf8)
    let tenMB = [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20)
    // Just under the 1 MiB record cap.
    let oneMB = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) - 64)
    try write(header + Array("Pos,good\nNeg,bad,extra\n".utf8), "columns.csv", in: directory)
    try write(
      header + Array("Pos,good\n".utf8) + oneMB + Array(",bad\n".utf8), "biglabel.csv",
      in: directory)
    try write(
      Array("class,".utf8) + oneMB + Array("\nPos,good\n".utf8), "bigheader.csv", in: directory)
    try write(header + Array("Pos,good\nNeg,\"".utf8) + tenMB, "bigquote.csv", in: directory)
    try write(
      header + Array("Pos,\"".utf8) + oneMB + [0] + Array("\"\n".utf8), "bignul.csv", in: directory)
    try write(
      header + Array("Pos,good\nNeg,\"".utf8) + tenMB + Array("\"\n".utf8), "bigfield.csv",
      in: directory)
    try write(header + Array("\"Po\ns\",good\n".utf8), "newline-label.csv", in: directory)
    try write(header + Array("Pos,\"go\0od\"\n".utf8), "quoted-nul.csv", in: directory)
    try write(header + Array("Pos,\"good\"x\n".utf8), "after-quote.csv", in: directory)
    try write(header + [0xFF, 0xFE] + Array(",bad\n".utf8), "utf8-label.csv", in: directory)
    try write([0xEF, 0xBB, 0xBF], "bom.csv", in: directory)
    try write(Array("\n\r\n\n".utf8), "blank.csv", in: directory)
    try write(header + Array("irrelevant,x\nIrrelevant,y\n".utf8), "irrelevant.csv", in: directory)
    try write(Array("text,b\ngood,Pos\n".utf8), "nolabel.csv", in: directory)
    try write(Array("class,text\n".utf8), "plain.csv", in: directory)
    // --fit-groups: 101 groups, one, and every value empty.
    func grouped(_ group: (Int) -> String) -> [UInt8] {
      Array("Topic,class,text\n".utf8)
        + (0..<303).flatMap { row in
          Array("\(group(row)),\(["Pos", "Neg", "Neutral"][row % 3]),text \(row) love\n".utf8)
        }
    }
    try write(grouped { "g\($0 % 101)" }, "groups101.csv", in: directory)
    try write(grouped { _ in "apple" }, "onegroup.csv", in: directory)
    try write(grouped { _ in "" }, "emptygroups.csv", in: directory)
    let out = ["--out", "m.json"]
    try BinaryRunner.checkFailures(
      [
        BadInput(
          name: "wrong number of columns", arguments: ["train", "columns.csv"] + out, status: 65,
          parts: ["line 3", "3 fields", "header has 2"]),
        BadInput(
          name: "a 1 MB label", arguments: ["train", "biglabel.csv"] + out, status: 65,
          parts: ["line 3", "unknown label 'xxxx", "…'", "expected Pos/positive"]),
        BadInput(
          name: "a 1 MB header name", arguments: ["train", "bigheader.csv"] + out, status: 65,
          parts: ["no text column", "'class'", "…'", "--text-column"]),
        BadInput(
          name: "a 10 MB unterminated field", arguments: ["train", "bigquote.csv"] + out,
          status: 65, parts: ["line 3", "never closed"]),
        BadInput(
          name: "a NUL byte after 1 MB", arguments: ["train", "bignul.csv"] + out, status: 65,
          parts: ["line 2", "NUL"]),
        BadInput(
          name: "a 10 MB field", arguments: ["train", "bigfield.csv"] + out, status: 65,
          parts: ["line 3", "a record longer than 1 MiB"]),
        BadInput(
          name: "a label holding a line break", arguments: ["train", "newline-label.csv"] + out,
          status: 65, parts: ["line 2", #"'Po\ns'"#]),
        BadInput(
          name: "NUL in a quoted field", arguments: ["train", "quoted-nul.csv"] + out, status: 65,
          parts: ["line 2", "NUL"]),
        BadInput(
          name: "NUL on stdin", arguments: ["train", "-"] + out, status: 65, parts: ["NUL"],
          stdin: Data(header + Array("Pos,a\0b\n".utf8))),
        BadInput(
          name: "text after a closing quote", arguments: ["train", "after-quote.csv"] + out,
          status: 65, parts: ["line 2", "closing quote"]),
        BadInput(
          name: "invalid UTF-8 label", arguments: ["train", "utf8-label.csv"] + out, status: 65,
          parts: ["line 2", "unknown label"]),
        BadInput(
          name: "byte order mark only", arguments: ["train", "bom.csv"] + out, status: 65,
          parts: ["empty"]),
        BadInput(
          name: "blank lines only", arguments: ["train", "blank.csv"] + out, status: 65,
          parts: ["empty"]),
        BadInput(
          name: "only irrelevant rows", arguments: ["train", "irrelevant.csv"] + out, status: 65,
          parts: ["no usable rows", "2 skipped"]),
        BadInput(
          name: "no label column", arguments: ["train", "nolabel.csv"] + out, status: 65,
          parts: ["nolabel.csv: the header has no label column", "--label-column"]),
        BadInput(
          name: "a chosen column that is absent",
          arguments: ["train", "plain.csv", "--text-column", "body"] + out, status: 65,
          parts: ["no text column", "'body'"]),
        BadInput(
          name: "--fit-groups over 100 groups (time grew with the square of the rows)",
          arguments: ["train", "groups101.csv", "--fit-groups", "Topic"] + out, status: 65,
          parts: ["--fit-groups Topic has more than 100 groups"]),
        BadInput(
          name: "--fit-groups of one group (5 random folds, silently)",
          arguments: ["train", "onegroup.csv", "--fit-groups", "Topic"] + out, status: 65,
          parts: ["--fit-groups Topic needs at least two groups", "found 1"]),
        BadInput(
          name: "--fit-groups of empty values only",
          arguments: ["train", "emptygroups.csv", "--fit-groups", "Topic"] + out, status: 65,
          parts: ["found 1 (every value is empty)"]),
        BadInput(
          name: "--fit-groups of a column the header lacks (named --group-column, which train "
            + "refuses)",
          arguments: ["train", "plain.csv", "--fit-groups", "Topic"] + out, status: 65,
          parts: ["no group column", "'Topic'", "name it with --fit-groups"]),
        BadInput(
          name: "eval on empty stdin", arguments: ["eval", "-"], status: 65, parts: ["empty"],
          stdin: Data()),
        BadInput(
          name: "eval header only", arguments: ["eval", "plain.csv"], status: 65,
          parts: ["no usable rows"]),
        BadInput(
          name: "eval with a 1 MB label", arguments: ["eval", "biglabel.csv", "--folds", "2"],
          status: 65, parts: ["line 3", "unknown label"]),
      ], in: directory)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))
  }

  // MARK: Paths

  /// A path under a regular file cannot be opened by anyone, root included
  /// (`ENOTDIR`): the portable stand-in for an unreadable file. A mode-000
  /// file is in `EndToEndTests` (skipped as root). A FIFO with no writer is
  /// not a bad input: reading it waits for a writer, as `cat` does, and
  /// `train <(command)` depends on that, so it is not in the catalogue.
  func testPathsThatCannotBeRead() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    try write(Array("class,text\nPos,good\n".utf8), "data.csv", in: directory)
    let tiny = root.appendingPathComponent("Fixtures/train/tiny.csv").path
    try BinaryRunner.checkFailures(
      [
        BadInput(
          name: "data under a file", arguments: ["train", "data.csv/x.csv", "--out", "m.json"],
          status: 66, parts: ["data.csv/x.csv", "not a directory"]),
        BadInput(
          name: "eval data under a file", arguments: ["eval", "data.csv/x.csv"], status: 66,
          parts: ["data.csv/x.csv", "not a directory"]),
        BadInput(
          name: "model under a file", arguments: ["classify", "--model", "data.csv/m.json", "x"],
          status: 66, parts: ["data.csv/m.json", "not a directory"]),
        BadInput(
          name: "output under a file", arguments: ["train", tiny, "--out", "data.csv/m.json"],
          status: 73, parts: ["cannot write", "data.csv/m.json"]),
        BadInput(
          name: "fixtures under a file", arguments: ["@Apple", "--fixtures", "data.csv/tweets"],
          status: 66, parts: ["data.csv/tweets"]),
        BadInput(
          name: "token file under a file",
          arguments: ["@Apple", "--token-file", "data.csv/token"], status: 66,
          parts: ["data.csv/token"]),
        BadInput(
          name: "missing token file", arguments: ["@Apple", "--token-file", "nope"], status: 66,
          parts: ["nope"]),
        BadInput(
          name: "directory as token file", arguments: ["@Apple", "--token-file", "."], status: 66,
          parts: ["directory"]),
        BadInput(
          name: "eval missing file", arguments: ["eval", "missing.csv"], status: 66,
          parts: ["missing.csv", "no such file"]),
      ], in: directory)
    XCTAssertEqual(
      Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)), ["data.csv"],
      "nothing written")
  }

  // MARK: Model files

  func testBadModelFiles() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let good = BinaryRunner.withoutChecksum(
      try BinaryRunner.trainTiny(into: directory.appendingPathComponent("good.json")))
    func variant(_ name: String, _ from: String, _ to: String) throws {
      let changed = good.replacingOccurrences(of: from, with: to)
      XCTAssertNotEqual(changed, good, name)
      try write(Array(changed.utf8), name, in: directory)
    }
    try write([], "empty.json", in: directory)
    try write(Array("{}".utf8), "object.json", in: directory)
    try write(
      Array(good.utf8.prefix(200)) + [0] + Array(good.utf8.dropFirst(201)), "nul.json",
      in: directory)
    try write(Array(good.utf8) + [0xFF], "trailing.json", in: directory)
    try variant("format.json", #""format":"tweetalyze-naive-bayes""#, #""format":"other""#)
    try variant("version-text.json", #""version":7,"#, #""version":"2","#)
    try variant("version-0.json", #""version":7,"#, #""version":0,"#)
    try variant("version-huge.json", #""version":7,"#, #""version":1e400,"#)
    try variant("no-classes.json", #""classes":["negative","neutral","positive"],"#, "")
    try variant("alpha.json", #""alpha":0.6"#, #""alpha":-1"#)
    try variant("documents.json", #""documents":{"#, #""documents":{"negative":-3,"x":{"#)
    try variant("tokenizer.json", #""urls":true"#, #""urls":"yes""#)
    // The first token twice.
    let vocabulary = try XCTUnwrap(good.range(of: #""vocabulary":[""#))
    let end = try XCTUnwrap(good.range(of: "\"", range: vocabulary.upperBound..<good.endIndex))
    let first = String(good[vocabulary.upperBound..<end.lowerBound])
    try variant(
      "twice.json", #""vocabulary":["\#(first)""#, #""vocabulary":["\#(first)","\#(first)""#)
    try variant("negative.json", #""negative":["#, #""negative":[-1,"#)
    try variant("fraction.json", #""negative":["#, #""negative":[0.5,"#)
    try variant(
      "no-documents.json", #""documents":{"negative":"#, #""documents":{"negative":0,"x":"#)
    // Finite numbers that made probabilities NaN (eval trapped), and a
    // calibration that disagrees with options.reader.
    let weights = try XCTUnwrap(
      good.range(of: #""reader_weights":\{"negative":\[[^,\]]+"#, options: .regularExpression))
    try write(
      Array(
        good.replacingCharacters(in: weights, with: #""reader_weights":{"negative":[1e308"#).utf8),
      "weights.json", in: directory)
    try variant("bias.json", #""biases":{"negative":0,"#, #""biases":{"negative":1e308,"#)
    try variant("huge-alpha.json", #""alpha":0.6"#, #""alpha":1e308"#)
    try variant("reader.json", #""reader":true"#, #""reader":false"#)
    let cases: [(String, String, [String])] = [
      ("empty model file", "empty.json", ["not valid JSON"]),
      ("an empty object", "object.json", ["not a tweetalyze model"]),
      ("a NUL byte in the model", "nul.json", ["not valid JSON"]),
      ("bytes after the model", "trailing.json", ["not valid JSON"]),
      ("another format", "format.json", ["not a tweetalyze model"]),
      ("version as text", "version-text.json", ["\"version\""]),
      ("version 0", "version-0.json", ["version 0"]),
      ("version 1e400", "version-huge.json", ["model file"]),
      ("no classes", "no-classes.json", ["\"classes\""]),
      ("negative alpha", "alpha.json", ["options.alpha"]),
      ("documents of the wrong type", "documents.json", ["documents"]),
      ("a tokenizer flag of the wrong type", "tokenizer.json", ["tokenizer.urls"]),
      ("a token listed twice", "twice.json", ["inconsistent"]),
      ("a negative count", "negative.json", ["inconsistent"]),
      ("a fractional count", "fraction.json", ["inconsistent"]),
      ("a reader weight of 1e308", "weights.json", ["calibration.reader_weights.negative"]),
      ("a bias of 1e308", "bias.json", ["calibration.biases.negative", "out of range"]),
      ("alpha 1e308", "huge-alpha.json", ["options.alpha", "out of range"]),
      ("reader weights with the reader off", "reader.json", ["options.reader is off"]),
    ]
    var all = cases.map { name, file, parts in
      BadInput(
        name: name, arguments: ["classify", "--model", file, "x"], status: 65,
        parts: [file] + parts)
    }
    all.append(
      BadInput(
        name: "model from empty stdin", arguments: ["classify", "--model", "-", "x"], status: 65,
        parts: ["not valid JSON"], stdin: Data()))
    all.append(
      BadInput(
        name: "bad model for eval's sibling analyze",
        arguments: [
          "@Apple", "--fixtures", root.appendingPathComponent("Fixtures/tweets").path, "--model",
          "twice.json",
        ], status: 65, parts: ["inconsistent"]))
    all.append(
      BadInput(
        name: "eval --model with a reader weight of 1e308 (SIGILL before)",
        arguments: [
          "eval", "--model", "weights.json",
          root.appendingPathComponent("Fixtures/train/tiny.csv").path,
        ], status: 65, parts: ["weights.json", "out of range"]))
    try BinaryRunner.checkFailures(all, in: directory)
  }

  // MARK: Merge

  /// `merge` with models of another version (hand-edited version 2 and 3
  /// files, which load on their own), a missing class, a truncated file, a
  /// negative or fractional count or document count: exit 65, one `Error:`
  /// line naming the file, and no output file. Two version 2 files merge
  /// (into a version 4 file).
  func testBadMerges() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    // good.json keeps its checksum; the variants are edited without one.
    let good = BinaryRunner.withoutChecksum(
      try BinaryRunner.trainTiny(into: directory.appendingPathComponent("good.json")))
    func variant(_ name: String, from text: String, _ changes: [(String, String)]) throws -> String
    {
      var changed = text
      for (from, to) in changes {
        let before = changed
        changed = changed.replacingOccurrences(of: from, with: to)
        XCTAssertNotEqual(changed, before, "\(name): \(from)")
      }
      try write(Array(changed.utf8), name, in: directory)
      return changed
    }
    let v3 = try variant(
      "v3.json", from: good,
      [(#""version":7"#, #""version":3"#), (#","smoothing":"additive""#, "")])
    let calibration = try XCTUnwrap(
      v3.range(of: #""calibration":\{.*?"temperature":[0-9.e-]+\},"#, options: .regularExpression))
    _ = try variant(
      "v2.json", from: v3,
      [(String(v3[calibration]), ""), (#""version":3"#, #""version":2"#)])
    _ = try variant(
      "two-classes.json", from: good,
      [(#""classes":["negative","neutral","positive"]"#, #""classes":["negative","positive"]"#)])
    try write(Array(good.utf8.prefix(good.utf8.count / 2)), "truncated.json", in: directory)
    _ = try variant(
      "negative.json", from: good, [(#""counts":{"negative":[1,"#, #""counts":{"negative":[-1,"#)])
    _ = try variant(
      "fraction.json", from: good, [(#""counts":{"negative":[1,"#, #""counts":{"negative":[1.5,"#)])
    _ = try variant(
      "documents.json", from: good,
      [(#""documents":{"negative":20"#, #""documents":{"negative":-20"#)])
    let retrain = "written by an earlier tweetalyze; this one reads version 7 only: train the model"
    let cases: [(String, String, [String])] = [
      ("a version 3 file", "v3.json", ["format version 3", retrain]),
      ("a version 2 file", "v2.json", ["format version 2", retrain]),
      ("a missing class", "two-classes.json", ["\"classes\""]),
      ("a truncated model", "truncated.json", ["not valid JSON", "train it again"]),
      ("a negative count", "negative.json", ["inconsistent"]),
      ("a fractional count", "fraction.json", ["inconsistent"]),
      ("a negative document count", "documents.json", ["documents.negative"]),
    ]
    try BinaryRunner.checkFailures(
      cases.map { name, file, parts in
        BadInput(
          name: name, arguments: ["merge", "good.json", file, "--out", "m.json"], status: 65,
          parts: [file] + parts)
      }, in: directory)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))
    // Held-out rows that load alone but not summed: the merged file did
    // not load (exit 65 from every command).
    let rows = try XCTUnwrap(
      good.range(of: #""rows":[0-9]+,"temperature""#, options: .regularExpression))
    try write(
      Array(
        good.replacingCharacters(in: rows, with: #""rows":8999999999999990,"temperature""#).utf8),
      "rows.json", in: directory)
    let sum = try BinaryRunner.run(
      ["merge", "rows.json", "rows.json", "--out", "m.json"], directory: directory)
    XCTAssertEqual(sum.status, 65, sum.stderr)
    XCTAssertEqual(
      sum.stderr,
      "Error: the merged calibration.rows would exceed what a model file holds (counts below "
        + "9e15); merge fewer or smaller models\n")
    let old = try BinaryRunner.run(
      ["merge", "v2.json", "v2.json", "--out", "m.json"], directory: directory)
    XCTAssertEqual(old.status, 65, old.stderr)
    XCTAssertTrue(old.stderr.contains(retrain), old.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))
  }

  // MARK: Flags and queries

  func testMalformedFlagsAndQueries() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let usage: [([String], [String])] = [
      (["@Apple", "--count", "abc"], ["--count", "'abc'"]),
      (["@Apple", "--count", "10001"], ["--count", "'10001'"]),
      (["@Apple", "--count", "-5"], ["--count"]),
      (["@Apple", "--count", ""], ["--count"]),
      (["@Apple", "--count", "99999999999999999999999"], ["--count"]),
      (["@Apple", "--count", "1\n2"], ["--count", #"'1\n2'"#]),
      (["@Apple", "--timeout", "0"], ["--timeout"]),
      (["@Apple", "--timeout", "nan"], ["--timeout"]),
      (["@Apple", "--timeout", "-1"], ["--timeout"]),
      (["@Apple", "--lang"], ["Missing value for '--lang"]),
      (["@Apple", "--lang", "e@"], ["--lang"]),
      (["@Apple", "--json=1"], ["'--json' takes no value"]),
      (["@Apple", "b"], ["Invalid query 'b'", "'@b'"]),
      (["@Apple", "--fixtures", "a", "--record", "b"], ["--record or --fixtures"]),
      (["@"], ["'@'"]),
      (["#"], ["'#'"]),
      (["#123"], ["'#123'", "only digits"]),
      (["@a-b"], ["'@a-b'"]),
      (["@abcdefghijklmnop"], ["at most 15"]),
      (["@\u{1B}[31mred"], [#"\u{1B}"#]),
      (["#" + String(repeating: "a", count: 101)], ["#aaaa"]),
      (["train", "a.csv"], ["Missing --out"]),
      (["train", "--out", "m.json"], ["Missing data file"]),
      (["train", "a", "--out", "m", "--alpha", "nan"], ["--alpha"]),
      (["train", "a", "--out", "m", "--alpha", "inf"], ["--alpha"]),
      (["train", "a", "--out", "m", "--alpha", "0"], ["--alpha"]),
      (["train", "a", "--out", "m", "--priors", "x"], ["--priors", "'x'"]),
      (["train", "a", "--out", "m", "--min-count", "0"], ["--min-count"]),
      (["train", "a", "--out", "m", "--disable", "nope"], ["--disable", "'nope'"]),
      (["train", "a", "--out", "m", "--text-column"], ["Missing value for '--text-column"]),
      (["train", "a", "--out", "m", "--label-column"], ["Missing value for '--label-column"]),
      (["train", "a", "b", "--out", "m"], ["'b'"]),
      (["eval", "a", "--folds", "1"], ["--folds"]),
      (["eval", "a", "--folds", "x"], ["--folds"]),
      (["eval", "a", "--split", "0"], ["--split"]),
      (["eval", "a", "--split", "1.5"], ["--split"]),
      (["eval", "a", "--seed", "-1"], ["--seed"]),
      (["eval", "a", "--split", "0.5", "--folds", "3"], ["--split or --folds"]),
      (["classify", "--model"], ["Missing value for '--model"]),
      (["classify", "--bogus"], ["'--bogus'"]),
      (["help", "train", "extra"], ["'extra'"]),
      (["--versio"], ["'--versio'"]),
    ]
    try BinaryRunner.checkFailures(
      usage.map { BadInput(name: "usage", arguments: $0.0, status: 64, parts: $0.1) }, in: directory
    )
  }
}

extension String {
  /// The path relative to `root`, made absolute.
  fileprivate func absolute(_ root: URL) -> String { root.appendingPathComponent(self).path }
}
