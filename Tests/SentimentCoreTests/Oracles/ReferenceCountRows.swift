@testable import SentimentCore

/// What ``CountRows`` keeps, kept the plain way: a dictionary from each
/// distinct row of counts to its number, in order of first appearance.
///
/// ```swift
/// var rows = ReferenceCountRows(table: [1, 0, 0, 2, 0, 0, 1, 0, 0])
/// rows.rowOfFeature   // [0, 1, 0]: the first and third feature share a row
/// rows.counts         // [1, 0, 0, 2, 0, 0]
/// ```
///
/// ``CountRows`` (`Speed/CountRowsFastPath.swift`: an open-addressing set
/// of rows with unchecked subscripts) must give the same rows, numbers and
/// totals; `CountRowsTests` checks that it does, and `Scripts/speed-bench.sh`
/// measures one against the other.
struct ReferenceCountRows {
  /// Feature id → its row.
  private(set) var rowOfFeature: [UInt32] = []
  /// Row × class → count.
  private(set) var counts: [Int] = []
  /// Class → the sum of its counts over all features, added in id order.
  private(set) var totals = PerClass(negative: 0.0, neutral: 0, positive: 0)
  /// Each distinct row's number.
  private var numbers: [[Int]: UInt32] = [:]

  /// The rows of `table`, feature id × class.
  init(table: [Int]) {
    for base in stride(from: 0, to: table.count, by: Sentiment.count) {
      append(Array(table[base..<(base + Sentiment.count)]))
    }
  }

  /// The number of features.
  var featureCount: Int { rowOfFeature.count }

  /// Adds the next feature, with `row`, its count per class.
  mutating func append(_ row: [Int]) {
    if let counts = PerClass(exactly: row) {
      totals = totals.zip(counts) { $0 + Double($1) }
    }
    if let number = numbers[row] {
      rowOfFeature.append(number)
      return
    }
    let number = UInt32(counts.count / Sentiment.count)
    counts += row
    numbers[row] = number
    rowOfFeature.append(number)
  }

  /// Gives feature `id` a row of its own, as ``CountRows/separateRow(ofFeature:)``.
  mutating func separateRow(ofFeature id: Int) -> Int {
    let number = counts.count / Sentiment.count
    let old = Int(rowOfFeature[id]) * Sentiment.count
    counts += counts[old..<(old + Sentiment.count)]
    rowOfFeature[id] = UInt32(number)
    return number
  }
}
