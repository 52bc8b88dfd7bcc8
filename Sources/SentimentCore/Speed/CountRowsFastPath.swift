/// A feature id × class table of counts kept as its distinct rows, each
/// numbered in order of first appearance, and each feature's row: an open
/// addressing set of rows. Rows are added a feature at a time.
struct CountRows {
  /// Feature id → its row.
  private(set) var rowOfFeature: [UInt32] = []
  /// Row × class → count.
  private(set) var counts: [Int] = []
  /// Each class's sum of its counts over all features, added in id order.
  private(set) var totals = PerClass(negative: 0.0, neutral: 0, positive: 0)
  /// Slot → row number + 1, 0 for an empty slot; at most half full.
  private var slots = [UInt32](repeating: 0, count: 1024)

  /// Creates an empty table with room for `capacity` features.
  init(capacity: Int = 0) {
    rowOfFeature.reserveCapacity(capacity)
  }

  /// The rows of `table`, feature id × class.
  init(table: [Int]) {
    self.init(capacity: table.count / Sentiment.count)
    let table = table.span
    for base in stride(from: 0, to: table.count, by: Sentiment.count) {
      append(table.extracting(base..<(base + Sentiment.count)))
    }
  }

  /// The number of features.
  var featureCount: Int { rowOfFeature.count }

  /// The number of distinct rows.
  var rowCount: Int { counts.count / Sentiment.count }

  /// Row `number`'s count per class.
  func row(_ number: Int) -> PerClass<Int> {
    let base = number * Sentiment.count
    return PerClass(negative: counts[base], neutral: counts[base + 1], positive: counts[base + 2])
  }

  /// Adds the next feature, with `row`, its count per class.
  ///
  /// - Complexity: O(1) on average.
  mutating func append(_ row: Span<Int>) {
    totals.negative += Double(row[0])
    totals.neutral += Double(row[1])
    totals.positive += Double(row[2])
    rowOfFeature.append(number(of: row))
  }

  /// Gives feature `id` a row of its own, a copy of its counts that no other
  /// feature shares or will share, and returns its number. The totals do
  /// not change.
  mutating func separateRow(ofFeature id: Int) -> Int {
    let number = counts.count / Sentiment.count
    let old = Int(rowOfFeature[id]) * Sentiment.count
    // One at a time: appending a slice of the array itself would copy it.
    for label in 0..<Sentiment.count { counts.append(counts[old + label]) }
    rowOfFeature[id] = UInt32(number)
    return number
  }

  /// The number of `row`, adding it if it is new.
  private mutating func number(of row: Span<Int>) -> UInt32 {
    let (slot, found) = find(row)
    if let found { return found }
    let number = counts.count / Sentiment.count
    for label in 0..<Sentiment.count { counts.append(row[label]) }
    slots[slot] = UInt32(number + 1)
    if (number + 1) * 2 > slots.count { grow() }
    return UInt32(number)
  }

  /// The number of `row` and its slot, or the empty slot where it would go.
  private func find(_ row: Span<Int>) -> (slot: Int, number: UInt32?) {
    let classes = Sentiment.count
    let mask = slots.count - 1
    var slot = Self.slot(of: row, mask: mask)
    // Most features share a row with an earlier one: find it without
    // checking each access (slots and numbers are in bounds by
    // construction).
    let slots = self.slots.span
    let counts = self.counts.span
    while slots[unchecked: slot] != 0 {
      let number = Int(slots[unchecked: slot]) &- 1
      if (0..<classes).allSatisfy({ counts[unchecked: number &* classes &+ $0] == row[$0] }) {
        return (slot, UInt32(number))
      }
      slot = (slot &+ 1) & mask
    }
    return (slot, nil)
  }

  private static func slot(of row: Span<Int>, mask: Int) -> Int {
    var hash: UInt64 = 0
    for index in row.indices {
      hash = (hash ^ UInt64(bitPattern: Int64(row[index]))) &* 0x9E37_79B9_7F4A_7C15
    }
    return Int(truncatingIfNeeded: hash >> 32) & mask
  }

  private mutating func grow() {
    rehash(size: slots.count * 2)
  }

  /// Numbers the rows again in `size` slots (a power of two).
  private mutating func rehash(size: Int) {
    let classes = Sentiment.count
    var slots = [UInt32](repeating: 0, count: size)
    let mask = size - 1
    do {
      let counts = self.counts.span
      for number in 0..<(counts.count / classes) {
        let row = counts.extracting((number * classes)..<((number + 1) * classes))
        var slot = Self.slot(of: row, mask: mask)
        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
        slots[slot] = UInt32(number + 1)
      }
    }
    self.slots = slots
  }
}
