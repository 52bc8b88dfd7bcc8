/// The seeded stratified splits and folds that evaluation and the
/// calibration's cross-validation share: the same indices on every platform.
package enum StratifiedFolds {
  /// Indices for a stratified split: within each class, a `fraction` share
  /// (rounded) goes to training, chosen by a seeded shuffle.
  package static func split(
    labels: [Sentiment], fraction: Double, seed: UInt64
  ) -> (train: [Int], test: [Int]) {
    var generator = SeededGenerator(seed: seed)
    var train: [Int] = []
    var test: [Int] = []
    for label in Sentiment.allCases {
      var members = labels.indices.filter { labels[$0] == label }
      generator.shuffle(&members)
      let cut = Int((Double(members.count) * fraction).rounded())
      train += members[..<cut]
      test += members[cut...]
    }
    return (train.sorted(), test.sorted())
  }

  /// The held-out indices of each of `k` stratified folds: each class is
  /// shuffled and dealt round-robin, continuing across classes so that the
  /// folds differ in size by at most one.
  package static func folds(labels: [Sentiment], k: Int, seed: UInt64) -> [[Int]] {
    var generator = SeededGenerator(seed: seed)
    var folds = [[Int]](repeating: [], count: k)
    var next = 0
    for label in Sentiment.allCases {
      var members = labels.indices.filter { labels[$0] == label }
      generator.shuffle(&members)
      for member in members {
        folds[next].append(member)
        next = (next + 1) % k
      }
    }
    return folds.map { $0.sorted() }
  }
}
