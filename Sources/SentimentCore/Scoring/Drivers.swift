import Foundation

/// A term that moves a set's score (`--why`): a word, hashtag, mention (as
/// its name, without `@`) or pair of neighbouring words, how many posts hold it and how they are
/// labeled, and how far it separates the positive posts from the negative
/// ones.
package struct Driver: Equatable, Sendable {
  /// The term as the posts write it, lower-cased (`delay`, `#wwdc`,
  /// `united` for `@united`, `flight delayed`).
  package var term: String
  /// The log-odds ratio of the term between the positive and the negative
  /// posts, with the informative Dirichlet prior (see ``DriverTally``):
  /// above 0 it leans positive.
  package var logOdds: Double
  /// ``logOdds`` divided by its standard error: how clearly it separates.
  package var z: Double
  /// The posts that hold it.
  package var posts: Int
  /// Of those, the posts labeled positive.
  package var positive: Int
  /// Of those, the posts labeled negative.
  package var negative: Int
  /// One post that holds it, labeled as it leans when one is.
  package var example: String

  /// Its part of the score: its positive posts minus its negative ones,
  /// the labels the score line counts.
  package var part: Int { positive - negative }

  /// Whether it clearly separates positive from negative posts: |z| at
  /// least ``DriverTally/clearZ``; below, what it shows may be chance.
  package var isClear: Bool { abs(z) >= DriverTally.clearZ }
}

/// Counts terms over a set's posts and ranks them by how much they
/// separate the positive posts from the negative ones: the log-odds ratio
/// with an informative Dirichlet prior (Monroe, Colaresi & Quinn 2008,
/// "Fightin' Words", §3.5.3).
///
/// Each post counts a term once. With y⁺ and y⁻ the positive and negative
/// posts holding term w, n⁺ and n⁻ the sums of those counts over all terms,
/// and the prior α_w = α₀ × (the posts of any label holding w ÷ the sum of
/// that over all terms), α₀ = ``priorMass``:
///
/// δ_w = ln((y⁺ + α_w) / (n⁺ + α₀ − y⁺ − α_w)) − ln((y⁻ + α_w) / (n⁻ + α₀ − y⁻ − α_w)),
/// σ²_w ≈ 1 / (y⁺ + α_w) + 1 / (y⁻ + α_w), z_w = δ_w / σ_w.
///
/// Terms are ranked by |z|. Left out: the query itself, stop words
/// (``stopWords``), links and numbers, pairs with a stop word, and terms in
/// fewer than ``minimumPosts`` posts. The labels are the classifier's, the
/// same as the score's counts: a driver may show where the model misreads.
///
/// ```swift
/// var tally = DriverTally(excluding: .mention("united"))
/// tally.add("the delay again, furious", label: .negative)
/// tally.top(10)  // [Driver(term: "delay", …), …]
/// ```
package struct DriverTally: Sendable {
  /// The fewest posts a term is shown for.
  package static let minimumPosts = 3
  /// α₀, the prior's total mass, in term counts.
  package static let priorMass = 100.0
  /// The |z| from which a term clearly separates positive from negative
  /// posts (about 95 % two-sided, were z normal).
  package static let clearZ = 2.0

  /// Common English function words, never drivers.
  package static let stopWords: Set<String> = [
    "a", "about", "after", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be",
    "been", "before", "being", "but", "by", "can", "could", "did", "do", "does", "doing", "for",
    "from", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i",
    "if", "in", "into", "is", "it", "its", "it's", "i'm", "just", "me", "my", "of", "on", "or",
    "our", "ours", "out", "over", "rt", "she", "so", "than", "that", "the", "their", "them",
    "then", "there", "these", "they", "this", "those", "to", "too", "up", "us", "via", "was", "we",
    "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with",
    "would", "you", "your", "yours",
  ]

  private let featurizer = Featurizer(
    tokenizer: Tokenizer(
      settings: TokenizerSettings(
        urls: true, mentions: false, hashtags: false, emoticons: true, emoji: true,
        squeezeRepeats: true, punctuation: false, negation: false, numbers: true,
        dropShortWords: true)),
    bigrams: true)
  private let excluded: Set<String>
  private var terms: [String: (posts: Int, positive: Int, negative: Int, examples: [Int])] = [:]
  private var texts: [String] = []
  private var labels: [Sentiment] = []

  /// A tally that leaves out `query` (its `@name`, `#tag`, or a phrase's
  /// words).
  package init(excluding query: SearchQuery? = nil) {
    switch query {
    // A mention is a word of its name: the tokenizer drops the `@`.
    case .mention(let name): excluded = [name.lowercased(), "@" + name.lowercased()]
    case .hashtag(let tag): excluded = ["#" + tag.lowercased()]
    case .phrase(let phrase):
      excluded = Set(phrase.lowercased().split(separator: " ").map(String.init))
    case nil: excluded = []
    }
  }

  /// Counts the terms of one post, labeled `label`.
  package mutating func add(_ text: String, label: Sentiment) {
    let index = texts.count
    texts.append(text)
    labels.append(label)
    for term in Set(featurizer.features(in: text)) where keeps(term) {
      var entry = terms[term, default: (0, 0, 0, [])]
      entry.posts += 1
      if label == .positive { entry.positive += 1 }
      if label == .negative { entry.negative += 1 }
      // The first post of each label, for the example.
      if !entry.examples.contains(where: { labels[$0] == label }) { entry.examples.append(index) }
      terms[term] = entry
    }
  }

  /// Whether `term` may be a driver: no placeholder, stop word or the query,
  /// and a pair of two such words.
  private func keeps(_ term: String) -> Bool {
    let words = term.split(separator: " ").map(String.init)
    return words.allSatisfy { word in
      !word.hasPrefix("<") && !Self.stopWords.contains(word) && !excluded.contains(word)
        && word.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
    }
  }

  /// The `limit` terms that separate the positive and negative posts most,
  /// by |z|, then by term.
  package func top(_ limit: Int) -> [Driver] {
    let positiveTotal = Double(terms.values.reduce(0) { $0 + $1.positive })
    let negativeTotal = Double(terms.values.reduce(0) { $0 + $1.negative })
    let allTotal = Double(terms.values.reduce(0) { $0 + $1.posts })
    guard allTotal > 0 else { return [] }
    let a0 = Self.priorMass
    var drivers: [Driver] = []
    for (term, entry) in terms where entry.posts >= Self.minimumPosts {
      let alpha = a0 * Double(entry.posts) / allTotal
      let yPositive = Double(entry.positive)
      let yNegative = Double(entry.negative)
      let rest = (positiveTotal + a0 - yPositive - alpha, negativeTotal + a0 - yNegative - alpha)
      // A set of one term leaves no rest to compare with.
      guard rest.0 > 0, rest.1 > 0 else { continue }
      let delta = log((yPositive + alpha) / rest.0) - log((yNegative + alpha) / rest.1)
      let variance = 1 / (yPositive + alpha) + 1 / (yNegative + alpha)
      let z = delta / variance.squareRoot()
      guard z.isFinite else { continue }
      let lean: Sentiment = z > 0 ? .positive : .negative
      let example = entry.examples.first { labels[$0] == lean } ?? entry.examples.first ?? 0
      drivers.append(
        Driver(
          term: term, logOdds: delta, z: z, posts: entry.posts, positive: entry.positive,
          negative: entry.negative, example: texts[example]))
    }
    drivers.sort { abs($0.z) != abs($1.z) ? abs($0.z) > abs($1.z) : $0.term < $1.term }
    return Array(drivers.prefix(max(0, limit)))
  }
}
