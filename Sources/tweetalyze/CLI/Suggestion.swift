/// "Did you mean …?" for a misspelt command, option or value.
enum Suggestion {
  /// `. Did you mean 'x'?` for the closest candidate within a small edit
  /// distance, else an empty string.
  static func text(for word: String, among candidates: [String]) -> String {
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }),
      best.1 <= max(2, best.0.count / 3)
    else { return "" }
    return ". Did you mean '\(best.0)'?"
  }

  /// Levenshtein distance.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
