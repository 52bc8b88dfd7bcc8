import Foundation
import TestSupport
import XCTest

/// `tweetalyze eval` with the quantification protocols, end to end on a
/// small hand-made corpus of three groups.
final class EvalCommandTests: XCTestCase {
  /// 3 groups × 36 rows: each group's own topic word beside general
  /// positive, negative and neutral words, at a balance of its own.
  private static let corpus: Data = {
    let words: [String: [String]] = [
      "Pos": ["love", "great", "wonderful", "happy", "best"],
      "Neg": ["hate", "awful", "broken", "worst", "sad"],
      "Neutral": ["today", "store", "update", "monday", "price"],
    ]
    var csv = "\"Topic\",\"Sentiment\",\"TweetText\"\n"
    for (group, counts) in [
      ("alpha", [16, 8, 12]), ("beta", [6, 18, 12]), ("gamma", [9, 9, 18]),
    ] {
      for (label, count) in zip(["Pos", "Neg", "Neutral"], counts) {
        let pool = words[label] ?? []
        for index in 0..<count {
          let text = "\(group) \(pool[index % pool.count]) \(pool[(index + 2) % pool.count])"
          csv += "\"\(group)\",\"\(label)\",\"\(text)\"\n"
        }
      }
    }
    return Data(csv.utf8)
  }()

  private func eval(_ extra: [String]) throws -> BinaryRun {
    let run = try BinaryRunner.run(
      ["eval", "-", "--folds", "3", "--group-column", "Topic", "-q"] + extra, stdin: Self.corpus)
    XCTAssertEqual(run.status, 0, run.stderr)
    return run
  }

  /// With `--quantification`, each held-out group is also drawn at every
  /// class balance (66 balances × 5 sets), beside its 30 sets at its own
  /// balance; without it, only the latter.
  func testGroupsAreDrawnAtEveryBalanceWithQuantification() throws {
    let run = try eval(["--quantification", "--json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let groups = try XCTUnwrap(object["groups"] as? [String: [String: Any]])
    XCTAssertEqual(groups.keys.sorted(), ["alpha", "beta", "gamma"])
    for (name, group) in groups {
      let balances = try XCTUnwrap(group["artificial_prevalence"] as? [String: Any], name)
      XCTAssertEqual(balances["sets"] as? Int, 330, name)
      let estimators = try XCTUnwrap(balances["estimators"] as? [String: [String: Any]])
      XCTAssertEqual(estimators.keys.sorted(), ["adjusted", "count", "em", "probabilities"])
      for (method, figures) in estimators {
        let error = try XCTUnwrap(figures["mae"] as? Double, method)
        XCTAssertTrue(error >= 0 && error <= 200, "\(name) \(method) \(error)")
        // The interval's coverage, but for em (whose bootstrap is EM 200 times).
        if method == "em" {
          XCTAssertTrue(figures["interval_coverage"] is NSNull)
        } else {
          let coverage = try XCTUnwrap(figures["interval_coverage"] as? Double, method)
          XCTAssertTrue(coverage >= 0 && coverage <= 1, "\(name) \(method) \(coverage)")
        }
      }
      let natural = try XCTUnwrap(group["score"] as? [String: Any])
      XCTAssertEqual(natural["sets"] as? Int, 30)
    }
    let text = try eval(["--quantification"]).stdout
    XCTAssertTrue(text.contains("Group beta held out, 330 sets at every class balance:\n"), text)
    XCTAssertTrue(text.contains("\nAll groups, 990 sets at every class balance:\n"), text)

    let plain = try eval(["--json"]).stdout
    XCTAssertFalse(plain.contains("artificial_prevalence"))
    XCTAssertTrue(plain.contains(#""groups":{"alpha":{"accuracy":"#))
  }

  /// Leave one group out trains a model per group: a column of thousands
  /// of groups (an id column given by mistake) did not finish in 120 s. More
  /// than 100 groups is refused at once, exit 65, naming the count.
  func testMoreThanAHundredGroupsAreRefused() throws {
    var csv = "Topic,Sentiment,TweetText\n"
    for row in 0..<3000 {
      csv += "g\(row / 2),\(["Pos", "Neg", "Neutral"][row % 3]),text \(row) love hate\n"
    }
    let run = try BinaryRunner.run(
      ["eval", "-", "--group-column", "Topic"], stdin: Data(csv.utf8), timeout: 60)
    XCTAssertFalse(run.timedOut)
    XCTAssertEqual(run.status, 65, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderr,
      "Error: --group-column Topic has 1500 groups in stdin, more than the 100 that leave one "
        + "group out takes (it trains a model per group); check that Topic names the groups\n")
    // One past the limit.
    var over = "Topic,Sentiment,TweetText\n"
    for row in 0..<303 {
      over += "g\(row % 101),\(["Pos", "Neg", "Neutral"][row % 3]),text \(row) love hate\n"
    }
    let refused = try BinaryRunner.run(
      ["eval", "-", "--group-column", "Topic"], stdin: Data(over.utf8), timeout: 60)
    XCTAssertEqual(refused.status, 65, refused.stderr)
    XCTAssertTrue(refused.stderr.hasPrefix("Error: --group-column Topic has 101 groups"))
  }
}

/// `eval DATA --test OTHER` and `eval --model PATH OTHER`: a model tested on
/// a labeled file of its own, end to end through the binary.
final class EvalOnOtherFileTests: XCTestCase {
  /// Two small corpora with the same words in another mix: training data
  /// and a file to test on.
  private static func corpus(_ counts: [Int], shift: Int) -> String {
    let words = [
      "Pos": ["love", "great", "wonderful", "happy", "best"],
      "Neg": ["hate", "awful", "broken", "worst", "sad"],
      "Neutral": ["today", "store", "monday", "meeting", "train"],
    ]
    var csv = "class,text\n"
    for (label, count) in zip(["Pos", "Neg", "Neutral"], counts) {
      let pool = words[label] ?? []
      for index in 0..<count {
        csv += "\(label),the \(pool[(index + shift) % 5]) \(pool[(index + shift + 2) % 5]) one\n"
      }
    }
    return csv
  }

  private var directory: URL!
  private var data: String { directory.appendingPathComponent("data.csv").path }
  private var other: String { directory.appendingPathComponent("other.csv").path }

  override func setUpWithError() throws {
    directory = try BinaryRunner.temporaryDirectory(for: self)
    try Data(Self.corpus([20, 20, 40], shift: 0).utf8).write(to: URL(fileURLWithPath: data))
    // Another balance, and a tweet of each class written against its label.
    try Data((Self.corpus([30, 10, 12], shift: 1) + "Pos,awful worst\nNeg,love it\n").utf8)
      .write(to: URL(fileURLWithPath: other))
  }

  private func json(_ arguments: [String]) throws -> [String: Any] {
    let run = try BinaryRunner.run(["eval"] + arguments + ["--json", "-q"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    return try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  /// Training on DATA and testing on OTHER reports OTHER's confusion, and
  /// macro-recall is the mean of the per-class recalls.
  func testTrainingOnOneFileAndTestingOnAnother() throws {
    let object = try json([data, "--test", other])
    XCTAssertEqual(object["method"] as? String, "test")
    XCTAssertEqual(object["data"] as? String, "data.csv")
    XCTAssertEqual(object["model"] as? String, "trained")
    XCTAssertEqual(object["rows"] as? Int, 80)
    let test = try XCTUnwrap(object["test"] as? [String: Any])
    XCTAssertEqual(test["data"] as? String, "other.csv")
    XCTAssertEqual(test["rows"] as? Int, 54)
    let classes = try XCTUnwrap(object["classes"] as? [String: [String: Any]])
    XCTAssertEqual(classes["positive"]?["support"] as? Int, 31)
    XCTAssertEqual(classes["negative"]?["support"] as? Int, 11)
    let recalls = try ["negative", "neutral", "positive"].map {
      try XCTUnwrap(classes[$0]?["recall"] as? Double)
    }
    let macroRecall = try XCTUnwrap(object["macro_recall"] as? Double)
    XCTAssertEqual(macroRecall, recalls.reduce(0, +) / 3, accuracy: 1e-4)
    // The two tweets written against their labels are misread; the rest,
    // made of the training words, are not.
    let accuracy = try XCTUnwrap(object["accuracy"] as? Double)
    XCTAssertEqual(accuracy, 52.0 / 54, accuracy: 1e-4)
    XCTAssertEqual(try XCTUnwrap(object["training_accuracy"] as? Double), 1)
  }

  /// Issue 45 §3: with two CSVs, an error says which file it is in.
  func testAnErrorNamesTheFileOfTwo() throws {
    let headless = directory.appendingPathComponent("headless.csv")
    try Data("label,body\nPos,great\n".utf8).write(to: headless)
    let maybe = directory.appendingPathComponent("maybe.csv")
    try Data("class,text\nPos,fine\nNeg,bad\nMaybe,what\n".utf8).write(to: maybe)
    let cases: [([String], String)] = [
      ([data, "--test", headless.path], "Error: \(headless.path): the header has no text column"),
      ([data, "--test", maybe.path], "Error: \(maybe.path): line 4: unknown label 'Maybe'"),
      ([maybe.path, "--test", data], "Error: \(maybe.path): line 4: unknown label 'Maybe'"),
    ]
    for (arguments, prefix) in cases {
      let run = try BinaryRunner.run(["eval"] + arguments + ["-q"])
      XCTAssertEqual(run.status, 65, run.stderr)
      XCTAssertTrue(run.stderr.hasPrefix(prefix), run.stderr)
    }
  }

  /// A model file written by `train` on DATA tests exactly as `eval DATA
  /// --test` trains and tests, given as DATA.csv or as --test.
  func testAModelFileTestsAsTrainingItWould() throws {
    let model = directory.appendingPathComponent("model.json").path
    let train = try BinaryRunner.run(["train", data, "--out", model, "-q"])
    XCTAssertEqual(train.status, 0, train.stderr)
    var trained = try json([data, "--test", other])
    for arguments in [["--model", model, other], ["--model", model, "--test", other]] {
      var tested = try json(arguments)
      XCTAssertEqual(tested["model"] as? String, "model.json")
      XCTAssertTrue(tested["data"] is NSNull)
      XCTAssertTrue(tested["training_accuracy"] is NSNull)
      for key in ["model", "data", "training_accuracy", "rows"] {
        tested[key] = nil
        trained[key] = nil
      }
      XCTAssertEqual(NSDictionary(dictionary: tested), NSDictionary(dictionary: trained))
    }
  }

  /// Without DATA or --model, `--test` tests the built-in model, and
  /// `--quantification` draws sets from the test file at its own balance
  /// and at every balance.
  func testTheBuiltInModelWithQuantification() throws {
    let run = try BinaryRunner.run(["eval", "--test", other, "--quantification", "-q"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.hasPrefix("Model:   built-in\nTest:    other.csv, 54 rows"), run.stdout)
    XCTAssertTrue(run.stdout.contains("\nMacro-recall:        0."), run.stdout)
    XCTAssertTrue(
      run.stdout.contains("Score of 30 sets of up to 100 tweets at the test file's balance:"))
    XCTAssertTrue(run.stdout.contains("Score of 330 sets (artificial prevalence"))
    let object = try json(["--test", other, "--quantification"])
    XCTAssertEqual(object["model"] as? String, "built-in")
    let natural = try XCTUnwrap(object["natural_sets"] as? [String: Any])
    XCTAssertEqual(natural["sets"] as? Int, 30)
    let estimators = try XCTUnwrap(natural["estimators"] as? [String: [String: Any]])
    XCTAssertEqual(estimators.keys.sorted(), ["adjusted", "count", "em", "probabilities"])
  }

  /// What cannot go with a test file is a usage error (64) naming it.
  func testOptionsThatHoldDataOutOrTrainAreRefused() throws {
    let model = directory.appendingPathComponent("missing.json").path
    let cases: [([String], String)] = [
      (["--model", model], "Missing test file"),
      (["--model", model, data, "--test", other], "as DATA.csv or as --test, not both"),
      (["--test", other, "--folds", "3"], "--folds holds data out"),
      ([data, "--test", other, "--split", "0.5"], "--split holds data out"),
      (["--test", other, "--alpha", "1"], "--alpha is a training option"),
      (["--model", model, other, "--no-lexicon"], "--no-lexicon is a training option"),
      (["-", "--test", "-"], "Standard input can hold the training data or the test file"),
    ]
    for (arguments, words) in cases {
      let run = try BinaryRunner.run(["eval"] + arguments)
      XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
      XCTAssertEqual(run.stdout, "")
      XCTAssertTrue(run.stderr.hasPrefix("Error: "), run.stderr)
      XCTAssertTrue(run.stderr.contains(words), "\(arguments): \(run.stderr)")
    }
    // A missing model file is a missing input (66), not a usage error.
    let missing = try BinaryRunner.run(["eval", "--model", model, other])
    XCTAssertEqual(missing.status, 66, missing.stderr)
  }
}
