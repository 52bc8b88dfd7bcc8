import Foundation
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
      let estimators = try XCTUnwrap(balances["estimators"] as? [String: [String: Double]])
      XCTAssertEqual(estimators.keys.sorted(), ["adjusted", "count", "em", "probabilities"])
      for (method, figures) in estimators {
        let error = try XCTUnwrap(figures["mae"], method)
        XCTAssertTrue(error >= 0 && error <= 200, "\(name) \(method) \(error)")
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
