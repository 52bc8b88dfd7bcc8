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
}
