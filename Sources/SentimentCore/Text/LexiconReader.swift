import Foundation

/// What the lexicon reader makes of a text: its overall valence and the
/// shares of its words that read positive and negative.
package struct ReaderScores: Equatable, Sendable {
  /// The text's valence, from −1 (most negative) to +1 (most positive); 0
  /// for a text without sentiment words.
  package var compound: Double
  /// The share of the text's weight in positive words, 0 to 1.
  package var positive: Double
  /// The share of the text's weight in negative words, 0 to 1.
  package var negative: Double
  /// The sum of the positive words' valences, after the rules.
  package var positiveSum: Double
  /// The sum of the negative words' valences, after the rules, as a
  /// positive number.
  package var negativeSum: Double
  /// The number of `!` in the text.
  package var exclamations: Int

  /// Creates a reading.
  package init(
    compound: Double, positive: Double, negative: Double, positiveSum: Double = 0,
    negativeSum: Double = 0, exclamations: Int = 0
  ) {
    self.compound = compound
    self.positive = positive
    self.negative = negative
    self.positiveSum = positiveSum
    self.negativeSum = negativeSum
    self.exclamations = exclamations
  }

  /// A text without sentiment words.
  package static let none = ReaderScores(compound: 0, positive: 0, negative: 0)
}

/// A reader of everyday sentiment: graded word valences and the rules that
/// make a lexicon read sentences, after VADER (Hutto & Gilbert 2014).
///
/// Each word of the text found in the lexicon gives its valence (−4 to +4),
/// changed by the words before it and by the text:
/// - **degree words** before it (`very`, `so`, `kinda`, `barely`) raise or
///   lower it, less with each word of distance;
/// - **negation** within three words before it (`not`, `never`, `isn't`,
///   `without`) turns it and damps it (× −0.74); `no` before a word, too;
/// - **capitals**: a word in capitals, in a text that is not all capitals,
///   weighs more;
/// - **contrast**: after `but` words weigh 1.5 times, before it half;
/// - **emphasis**: each `!` (up to four) and repeated `?` strengthen the
///   text's side;
/// - **emoji** read as the words that describe them (😍 as "smiling face
///   with heart-eyes").
///
/// The sum of the valences is squashed to ``ReaderScores/compound`` in
/// (−1, 1). The reader knows nothing of topics: it is the second expert
/// beside Naive Bayes, whose say the model's calibration weighs
/// (`docs/model.md`).
///
/// ```swift
/// LexiconReader.shared.read("not bad at all").compound  // 0.43
/// LexiconReader.shared.read("The update is great, but battery life is awful").label  // .negative
/// ```
package struct LexiconReader: Sendable {
  /// The reader of the built-in lexicon.
  package static let shared = LexiconReader(lexicon: .builtIn)

  /// The words and emoji the reader knows.
  package let lexicon: ReaderLexicon

  /// Creates a reader of `lexicon`.
  package init(lexicon: ReaderLexicon) {
    self.lexicon = lexicon
  }

  /// Reads a text.
  ///
  /// - Complexity: O(*n*) in the text's length: one lexicon look-up per
  ///   word.
  package func read(_ text: String) -> ReaderScores {
    let words = self.words(text)
    guard !words.isEmpty else { return .none }
    let sentence = Sentence(words: words, lexicon: lexicon)
    var valences = [Double](repeating: 0, count: words.count)
    for index in words.indices { valences[index] = valence(at: index, in: sentence) }
    if let turn = Self.contrast(sentence.lowered, clauseEnds: words.map(Self.endsClause)) {
      for index in valences.indices where index != turn {
        valences[index] *= index < turn ? 0.5 : 1.5
      }
    }
    return Self.scores(valences, text: text)
  }

  /// Where a text's contrast turns: the first `but` (VADER's rule); else,
  /// ours, a `though` or `although` inside the text, or the end of the
  /// clause that a leading `although`/`though` opens (`Although the coffee
  /// smells great, it tastes burnt`). Words after the turn weigh 1.5
  /// times, before it half. A `though` that ends the text turns nothing.
  static func contrast(_ lowered: [String], clauseEnds: [Bool]) -> Int? {
    if let but = lowered.firstIndex(of: "but") { return but }
    guard let first = lowered.first else { return nil }
    if first == "although" || first == "though" {
      // The clause's last word is half weight too, so the turn is after it.
      guard let end = clauseEnds.firstIndex(of: true), end + 1 < lowered.count else { return nil }
      return end + 1
    }
    return lowered.indices.first { index in
      index > 0 && index + 1 < lowered.count
        && (lowered[index] == "though" || lowered[index] == "although")
    }
  }

  /// Whether a word ends a clause: a comma or semicolon right after it.
  static func endsClause(_ word: Substring) -> Bool {
    let base = word.base.unicodeScalars
    if let last = word.unicodeScalars.last, last == "," || last == ";" { return true }
    guard word.endIndex < base.endIndex else { return false }
    let next = base[word.endIndex]
    return next == "," || next == ";"
  }

  /// A text's words and what the rules ask of each, looked up once.
  struct Sentence {
    /// Each word in lower case.
    let lowered: [String]
    /// Each word's lexicon valence, if it has one.
    let valences: [Double?]
    /// Each word's degree (``ReaderLexicon/boosters``), if it is one.
    let boosters: [Double?]
    /// Whether each word is written in capitals.
    let upper: [Bool]
    /// Whether some words, not all, are in capitals: capitals then stress.
    let emphasisByCase: Bool

    init(words: [Substring], lexicon: ReaderLexicon) {
      var lowered = words.map { word in
        // Most words are lower-case ASCII already: no new string to make.
        word.utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) }
          ? String(word) : word.lowercased()
      }
      // `no cap` is "no lie": neither a negative word nor a negation. The
      // phrase, which no token can be (it has a space), stands for its `no`.
      for index in lowered.indices.dropLast()
      where lowered[index] == "no" && lowered[index + 1] == "cap" {
        lowered[index] = "no cap"
      }
      self.lowered = lowered
      valences = lowered.map { lexicon.words[$0] }
      boosters = lowered.map { ReaderLexicon.boosters[$0] }
      upper = words.map(LexiconReader.isUpper)
      let capitals = upper.filter { $0 }.count
      emphasisByCase = capitals > 0 && capitals < words.count
    }
  }

  /// The text's words: runs between white space, emoji replaced by their
  /// descriptions, each stripped of the ASCII punctuation around it unless
  /// that leaves two characters or fewer (an emoticon such as `:)` stays).
  func words(_ text: String) -> [Substring] {
    var source = text
    if text.unicodeScalars.contains(where: { $0.value >= 0x80 && lexicon.emoji[$0] != nil }) {
      source = ""
      source.reserveCapacity(text.utf8.count)
      var afterSpace = true
      for scalar in text.unicodeScalars {
        if scalar.value >= 0x80, let description = lexicon.emoji[scalar] {
          if !afterSpace { source.append(" ") }
          source.append(description)
          afterSpace = false
        } else {
          source.unicodeScalars.append(scalar)
          afterSpace = scalar == " "
        }
      }
    }
    // Runs between white space scalars (Python's `str.split()`).
    var tokens: [Substring] = []
    let scalars = source.unicodeScalars
    var start: String.Index?
    for index in scalars.indices {
      let scalar = scalars[index]
      let space =
        scalar.value < 0x80
        ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
      if space {
        if let first = start { tokens.append(Substring(scalars[first..<index])) }
        start = nil
      } else if start == nil {
        start = index
      }
    }
    if let first = start { tokens.append(Substring(scalars[first..<scalars.endIndex])) }
    return tokens.map { token in
      let scalars = token.unicodeScalars
      guard let first = scalars.firstIndex(where: { !Self.isPunctuation($0) }),
        let last = scalars.lastIndex(where: { !Self.isPunctuation($0) })
      else { return token }
      let stripped = scalars[first...last]
      // Python counts code points.
      return stripped.count <= 2 ? token : Substring(stripped)
    }
  }

  /// The valence of word `index` in its sentence: its lexicon valence with
  /// the rules of the type's documentation; 0 for a word the lexicon lacks.
  private func valence(at index: Int, in sentence: Sentence) -> Double {
    let lowered = sentence.lowered
    let word = lowered[index]
    if sentence.boosters[index] != nil { return 0 }
    if word == "kind", index + 1 < lowered.count, lowered[index + 1] == "of" { return 0 }
    guard let base = Self.phraseValence(at: index, lowered) ?? sentence.valences[index] else {
      return 0
    }
    var valence = base
    if word == "no", index + 1 < lowered.count, sentence.valences[index + 1] != nil {
      valence = 0
    }
    let turns = !ReaderAdditions.comparatives.contains(word)
    if turns
      && ((index > 0 && lowered[index - 1] == "no") || (index > 1 && lowered[index - 2] == "no")
        || (index > 2 && lowered[index - 3] == "no"
          && (lowered[index - 1] == "or" || lowered[index - 1] == "nor")))
    {
      valence = base * Self.negationScalar
    }
    if sentence.emphasisByCase && sentence.upper[index] {
      valence += valence > 0 ? Self.capitalIncrement : -Self.capitalIncrement
    }
    for distance in 1...3 where index >= distance {
      guard sentence.valences[index - distance] == nil else { continue }
      var boost = sentence.boosters[index - distance].map { valence < 0 ? -$0 : $0 } ?? 0
      if boost != 0, sentence.emphasisByCase, sentence.upper[index - distance] {
        boost += valence > 0 ? Self.capitalIncrement : -Self.capitalIncrement
      }
      valence += boost * (distance == 1 ? 1 : distance == 2 ? 0.95 : 0.9)
      valence = negated(valence, at: index, distance: distance, lowered: lowered)
      if distance == 3 { valence = idioms(valence, at: index, lowered: lowered) }
    }
    if index > 0, lowered[index - 1] == "least", lexicon.words["least"] == nil,
      index < 2 || (lowered[index - 2] != "at" && lowered[index - 2] != "very")
    {
      valence *= Self.negationScalar
    }
    return valence
  }

  /// `valence` after VADER's phrase rules, which it applies to a word with
  /// three words before it: a phrase of ``ReaderLexicon/phrases`` around
  /// the word sets the valence, and a degree phrase before it (`kind of`,
  /// `sort of`) moves it.
  private func idioms(_ valence: Double, at index: Int, lowered: [String]) -> Double {
    let w = lowered
    let i = index
    // Every phrase has one of these words: most texts need no phrase built.
    guard
      (i - 3...min(i + 2, w.count - 1)).contains(where: {
        ReaderLexicon.phraseWords.contains(w[$0])
      })
    else { return valence }
    var valence = valence
    let before = [
      "\(w[i - 1]) \(w[i])", "\(w[i - 2]) \(w[i - 1]) \(w[i])", "\(w[i - 2]) \(w[i - 1])",
      "\(w[i - 3]) \(w[i - 2]) \(w[i - 1])", "\(w[i - 3]) \(w[i - 2])",
    ]
    if let phrase = before.first(where: { ReaderLexicon.phrases[$0] != nil }) {
      valence = ReaderLexicon.phrases[phrase] ?? valence
    }
    if i + 1 < w.count, let set = ReaderLexicon.phrases["\(w[i]) \(w[i + 1])"] { valence = set }
    if i + 2 < w.count, let set = ReaderLexicon.phrases["\(w[i]) \(w[i + 1]) \(w[i + 2])"] {
      valence = set
    }
    for phrase in [before[3], before[4], before[2]] {
      if let boost = ReaderLexicon.boosters[phrase] { valence += boost }
    }
    return valence
  }

  /// `valence` after the negation rule for the word `distance` places
  /// before word `index`: `never so`/`never this` strengthens, `without
  /// doubt` keeps, another negator turns it.
  private func negated(_ valence: Double, at index: Int, distance: Int, lowered: [String])
    -> Double
  {
    let before = lowered[index - distance]
    switch distance {
    case 2:
      if lowered[index - 2] == "never", ["so", "this"].contains(lowered[index - 1]) {
        return valence * 1.25
      }
      if lowered[index - 2] == "without", lowered[index - 1] == "doubt" { return valence }
    case 3:
      if (lowered[index - 3] == "never" && ["so", "this"].contains(lowered[index - 2]))
        || ["so", "this"].contains(lowered[index - 1])
      {
        return valence * 1.25
      }
      if lowered[index - 3] == "without",
        lowered[index - 2] == "doubt" || lowered[index - 1] == "doubt"
      {
        return valence
      }
    default: break
    }
    // Ours: a comparative is not turned (`never had a better burger`), and
    // nothing after `can't stop` is (`can't stop smiling`).
    if ReaderAdditions.comparatives.contains(lowered[index])
      || (distance > 1 && lowered[index - distance + 1] == "stop")
    {
      return valence
    }
    return Self.isNegator(before) ? valence * Self.negationScalar : valence
  }

  /// The valence our phrase rules give word `index` (``ReaderAdditions``):
  /// `fire` after `is`/`so`/…, `different` after `hits`, `better` in
  /// `could (have been) be better`, `best` in `at best`; `nil` elsewhere.
  static func phraseValence(at index: Int, _ lowered: [String]) -> Double? {
    guard index > 0 else { return nil }
    let previous = lowered[index - 1]
    switch lowered[index] {
    case "fire" where ReaderAdditions.verdictWords.contains(previous):
      return ReaderAdditions.fireAsVerdict
    case "different" where previous == "hits":
      return ReaderAdditions.hitsDifferent
    case "better"
    where (previous == "be" && index > 1 && lowered[index - 2] == "could")
      || (previous == "been" && index > 2 && lowered[index - 2] == "have"
        && lowered[index - 3] == "could"):
      return ReaderAdditions.couldBeBetter
    case "best" where previous == "at":
      return ReaderAdditions.atBest
    default: return nil
    }
  }

  /// The scores of a text's word valences, with its `!` and `?` emphasis.
  static func scores(_ valences: [Double], text: String) -> ReaderScores {
    var exclamations = 0
    var questions = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "!") { exclamations += 1 }
      if byte == UInt8(ascii: "?") { questions += 1 }
    }
    let emphasis =
      Double(min(exclamations, 4)) * 0.292
      + (questions > 3 ? 0.96 : questions > 1 ? Double(questions) * 0.18 : 0)
    var sum = valences.reduce(0, +)
    if sum > 0 { sum += emphasis } else if sum < 0 { sum -= emphasis }
    let compound = max(-1, min(1, sum / (sum * sum + 15).squareRoot()))
    // Each sentiment word counts one more than its valence, so that words
    // without sentiment (counted 1 each) are comparable.
    var positive = 0.0
    var negative = 0.0
    var neutral = 0.0
    for valence in valences {
      if valence > 0 { positive += valence + 1 }
      if valence < 0 { negative += 1 - valence }
      if valence == 0 { neutral += 1 }
    }
    if positive > negative {
      positive += emphasis
    } else if positive < negative {
      negative += emphasis
    }
    let total = positive + negative + neutral
    guard total > 0 else { return .none }
    return ReaderScores(
      compound: compound, positive: positive / total, negative: negative / total,
      positiveSum: valences.reduce(0) { $0 + max($1, 0) },
      negativeSum: valences.reduce(0) { $0 - min($1, 0) }, exclamations: exclamations)
  }

  /// Whether a word negates what follows: a negator or any `n't` form.
  static func isNegator(_ word: String) -> Bool {
    if ReaderLexicon.negators.contains(word) { return true }
    // `n't` anywhere in the word, found byte by byte.
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in word.utf8 {
      if previous == (UInt8(ascii: "n"), UInt8(ascii: "'")) && byte == UInt8(ascii: "t") {
        return true
      }
      previous = (previous.1, byte)
    }
    return false
  }

  /// Whether a word is written in capitals: it has a cased letter and no
  /// lower-case one (Python's `str.isupper()`).
  static func isUpper(_ word: Substring) -> Bool {
    var cased = false
    for scalar in word.unicodeScalars {
      if scalar.value < 0x80 {
        if (0x61...0x7A).contains(scalar.value) { return false }
        if (0x41...0x5A).contains(scalar.value) { cased = true }
      } else {
        if scalar.properties.isLowercase { return false }
        if scalar.properties.isUppercase { cased = true }
      }
    }
    return cased
  }

  /// Whether a scalar is ASCII punctuation (Python's `string.punctuation`).
  static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value)
      || (0x5B...0x60).contains(value) || (0x7B...0x7E).contains(value)
  }

  /// What negation multiplies a valence by.
  static let negationScalar = -0.74
  /// What capitals add to a valence's size.
  static let capitalIncrement = 0.733
}

/// The words the ``LexiconReader`` knows: each word's valence, each
/// emoji's description, and the fixed lists of degree words and negators.
package struct ReaderLexicon: Sendable {
  /// Word (lower case) → mean valence, −4 to +4.
  package let words: [String: Double]
  /// Emoji → the words that describe it.
  package let emoji: [Unicode.Scalar: String]

  /// The built-in lexicon: VADER's 7,506 words and the 1,212 of its 3,570
  /// emoji that are one scalar (vaderSentiment 3.3.2, MIT licence, C.J.
  /// Hutto), from the generated table (`Generated/README.md`).
  package static let builtIn = ReaderLexicon(
    wordsByValence: ReaderLexiconTable.words.description,
    emojiData: ReaderLexiconTable.emoji.description)

  /// Parses the generated table: lines of a valence in tenths and its words,
  /// tab-separated, and lines of an emoji and its description (lines of
  /// another shape are passed over).
  init(wordsByValence: String, emojiData: String) {
    var words: [String: Double] = [:]
    for line in wordsByValence.split(separator: "\n") {
      let fields = line.split(separator: "\t")
      // Tenths divided by ten: the same Double as the decimal VADER lists.
      guard let tenths = fields.first.flatMap({ Int($0) }) else { continue }
      for word in fields.dropFirst() { words[String(word)] = Double(tenths) / 10 }
    }
    var emoji: [Unicode.Scalar: String] = [:]
    for line in emojiData.split(separator: "\n") {
      let fields = line.split(separator: "\t")
      guard fields.count >= 2 else { continue }
      let scalars = fields[0].unicodeScalars
      if scalars.count == 1, let scalar = scalars.first { emoji[scalar] = String(fields[1]) }
    }
    for entry in ReaderAdditions.words {
      words[entry.text] = entry.valence
    }
    for entry in ReaderAdditions.emoji {
      guard let scalar = entry.text.unicodeScalars.first else { continue }
      // An emoji with a valence is a word of its own; one without is
      // passed over (an empty description still parts the words around it).
      emoji[scalar] = entry.valence == nil ? "" : entry.text
      words[entry.text] = entry.valence
    }
    self.words = words
    self.emoji = emoji
  }

  /// Degree words and what they add to a valence's size (negative: they
  /// lower it).
  static let boosters: [String: Double] = {
    let up = 0.293
    var table: [String: Double] = [:]
    for word in """
    absolutely amazingly awfully completely considerable considerably decidedly deeply effing \
    enormous enormously entirely especially exceptional exceptionally extreme extremely \
    fabulously flipping flippin frackin fracking fricking frickin frigging friggin fully fuckin \
    fucking fuggin fugging greatly hella highly hugely incredible incredibly intensely major \
    majorly more most particularly purely quite really remarkably so substantially thoroughly \
    total totally tremendous tremendously uber unbelievably unusually utter utterly very
    """.split(separator: " ") {
      table[String(word)] = up
    }
    for word in """
    almost barely hardly kinda kindof kind-of less little marginal marginally occasional \
    occasionally partly scarce scarcely slight slightly somewhat sorta sortof sort-of
    """.split(separator: " ") {
      table[String(word)] = -up
    }
    for phrase in ["just enough", "kind of", "sort of"] { table[phrase] = -up }
    table.merge(ReaderAdditions.degreeWords) { _, ours in ours }
    return table
  }()

  /// The words of ``phrases`` and of the degree phrases.
  static let phraseWords: Set<String> = Set(
    (phrases.keys + ["just enough", "kind of", "sort of"]).flatMap {
      $0.split(separator: " ").map(String.init)
    })

  /// Phrases whose valence is their own, whatever their words' (VADER's
  /// special cases).
  static let phrases: [String: Double] = [
    "the shit": 3, "the bomb": 3, "bad ass": 1.5, "badass": 1.5, "bus stop": 0,
    "yeah right": -2, "kiss of death": -1.5, "to die for": 3, "beating heart": 3.5,
  ]

  /// Words that turn the valence of what follows.
  static let negators: Set<String> = Set(
    """
    aint arent cannot cant couldnt darent didnt doesnt ain't aren't can't couldn't daren't didn't \
    doesn't dont hadnt hasnt havent isnt mightnt mustnt neither don't hadn't hasn't haven't isn't \
    mightn't mustn't neednt needn't never none nope nor not nothing nowhere oughtnt shant \
    shouldnt uhuh wasnt werent oughtn't shan't shouldn't uh-uh wasn't weren't without wont \
    wouldnt won't wouldn't rarely seldom despite
    """.split(separator: " ").map(String.init))
}
