import SentimentCore
import TestSupport
import XCTest

/// The built-in model on everyday English written and labeled by reading
/// (`Fixtures/sentences/everyday.csv`, its README says how it was made): a
/// check of what a person reading `--tweets` sees, not training data.
final class DefaultModelSentencesTests: XCTestCase {
  /// The sentences, each with its category and label.
  private func sentences() throws -> [(category: String, label: Sentiment, text: String)] {
    let url = BinaryRunner.packageRoot.appendingPathComponent("Fixtures/sentences/everyday.csv")
    let table = try CSVText.table(try String(contentsOf: url, encoding: .utf8))
    return try table.map { row in
      let label = try XCTUnwrap(Sentiment.allCases.first { $0.name == row["class"] }, "\(row)")
      return (try XCTUnwrap(row["category"]), label, try XCTUnwrap(row["text"]))
    }
  }

  /// At least 150 sentences, every category at least 10.
  func testTheSetIsLargeEnoughToMean() throws {
    let rows = try sentences()
    XCTAssertGreaterThanOrEqual(rows.count, 150)
    for (category, members) in Dictionary(grouping: rows, by: \.category) {
      XCTAssertGreaterThanOrEqual(members.count, 10, category)
    }
  }

  /// The share read right, overall and per category, stays at or above
  /// the floors docs/model.md reports the built-in model at.
  func testTheBuiltInModelReadsEverydaySentencesAsWritten() throws {
    var classifier = Classifier(model: try DefaultModel.load())
    let rows = try sentences()
    var right: [String: (right: Int, all: Int)] = [:]
    var misread: [String] = []
    for row in rows {
      let label = classifier.predict(row.text).label
      right[row.category, default: (0, 0)].all += 1
      if label == row.label {
        right[row.category, default: (0, 0)].right += 1
      } else {
        misread.append("\(row.category): \(row.text) → \(label.name), not \(row.label.name)")
      }
    }
    let total = right.values.reduce(0) { $0 + $1.right }
    XCTAssertGreaterThanOrEqual(
      Double(total) / Double(rows.count), Self.overallFloor, misread.joined(separator: "\n"))
    for (category, count) in right {
      XCTAssertGreaterThanOrEqual(
        Double(count.right) / Double(count.all), Self.categoryFloor, category)
    }
  }

  /// The floors: the figures docs/model.md reports, rounded down.
  static let overallFloor = 0.80
  static let categoryFloor = 0.70
}
