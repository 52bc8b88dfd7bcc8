/// The words of a set of posts counted: how ``Comparison`` tells two sets
/// from one source (a topic's words and the same common words, in similar
/// proportions) from two sets from different places, whose misreadings
/// differ.
///
/// A word is a run of letters (and apostrophes after the first letter),
/// lowercased, of at least ``minimumLength`` characters: short words carry
/// little of a source's vocabulary.
///
/// ```swift
/// let a = WordProfile(texts: ["The new iPhone is great", "my iPhone broke"])
/// let b = WordProfile(texts: ["Flight delayed again", "great crew on this flight"])
/// a.likeness(to: b)  // near 0: little vocabulary in common
/// ```
package struct WordProfile: Equatable, Sendable {
  /// How many times each word occurs.
  package var counts: [String: Int]

  /// The fewest characters of a word counted.
  package static let minimumLength = 3

  /// Counts the words of `texts`.
  ///
  /// - Complexity: O(*n*) in the texts' length.
  package init(texts: some Sequence<String>) {
    var counts: [String: Int] = [:]
    for text in texts {
      var word = ""
      var length = 0
      for scalar in text.unicodeScalars {
        if scalar.properties.isAlphabetic || (scalar == "'" && length > 0) {
          word.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
          length += 1
          continue
        }
        if length >= Self.minimumLength { counts[word, default: 0] += 1 }
        word = ""
        length = 0
      }
      if length >= Self.minimumLength { counts[word, default: 0] += 1 }
    }
    self.counts = counts
    sketch = WordSketch(counts: counts)
  }

  /// The counts folded into a ``WordSketch``, which likeness is measured
  /// on.
  package var sketch: WordSketch

  /// The likeness of the two sets' words, from 0 (no word in common, or
  /// either set without words) to 1 (the same words in the same
  /// proportions): the cosine of their sketches (``WordSketch``), which a
  /// history line keeps.
  package func likeness(to other: WordProfile) -> Double {
    sketch.likeness(to: other.sketch)
  }
}
