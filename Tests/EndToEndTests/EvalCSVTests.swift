import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

/// `eval --csv`: the class table and confusion matrix of `--json`.
final class EvalCSVTests: XCTestCase {
  func testEvalCSVIsTheJSONClassTableAndConfusion() throws {
    let arguments = ["eval", "Fixtures/train/insight.csv", "--folds", "3"]
    let csv = try BinaryRunner.run(arguments + ["--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertEqual(csv.stderr, "")
    let json = try BinaryRunner.run(arguments + ["--json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let classes = try XCTUnwrap(object["classes"] as? [String: [String: Any]])
    let confusion = try XCTUnwrap(object["confusion"] as? [String: [String: Int]])
    let rows = try CSVText.table(csv.stdout)
    XCTAssertEqual(rows.map { $0["class"] }, ["negative", "neutral", "positive"])
    for row in rows {
      let name = try XCTUnwrap(row["class"])
      for key in ["precision", "recall", "f1"] {
        XCTAssertEqual(
          row[key].flatMap(Double.init), classes[name]?[key] as? Double, "\(name) \(key)")
      }
      XCTAssertEqual(row["support"].flatMap { Int($0) }, classes[name]?["support"] as? Int)
      for predicted in ["negative", "neutral", "positive"] {
        XCTAssertEqual(
          row["predicted_\(predicted)"].flatMap { Int($0) }, confusion[name]?[predicted],
          "\(name) → \(predicted)")
      }
    }
  }
}
