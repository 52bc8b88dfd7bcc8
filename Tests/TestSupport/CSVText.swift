import SentimentCore
import XCTest

/// CSV text as `CSVReader` reads it, for tests that check written CSV.
package enum CSVText {
  /// The records of `text` as read by `CSVReader`.
  package static func records(_ text: String) throws -> [[String]] {
    var reader = CSVReader(source: MemorySource(text))
    var rows: [[String]] = []
    try reader.forEachRecord { record in
      rows.append((0..<record.count).map(record.string(at:)))
    }
    return rows
  }

  /// The rows of a CSV output as dictionaries by header name; fails the
  /// test on a row of another width than the header.
  package static func table(_ text: String) throws -> [[String: String]] {
    let rows = try records(text)
    guard let header = rows.first else { return [] }
    return rows.dropFirst().map { row in
      XCTAssertEqual(row.count, header.count, "a row of \(row.count) fields: \(row)")
      return Dictionary(uniqueKeysWithValues: zip(header, row))
    }
  }
}
