import Foundation

/// Words that signal a class whatever a tweet is about: prior knowledge that
/// a model trained on a few thousand tweets of one topic and year lacks.
///
/// A model adds ``NaiveBayesOptions/lexiconWeight`` (β) to a lexicon word's
/// count in its class when it derives the word's weights, and leaves every
/// class total to the data. So each lexicon word in a tweet multiplies its
/// class's likelihood by (*n* + α + β) / (*n* + α), where *n* is the word's
/// count in that class: a product of two experts, Naive Bayes and the
/// lexicon, in which the lexicon's say fades as the data's own evidence for
/// the word grows. The counts in a model file stay the data's.
///
/// ```swift
/// let lexicon = try Lexicon(entries: [("love", .positive), ("awful", .negative)])
/// var trainer = NaiveBayesTrainer(lexicon: lexicon)
/// ```
public struct Lexicon: Equatable, Sendable {
  /// A word and the class it signals.
  package struct Entry: Equatable, Sendable {
    /// The word, as the tokenizer writes it (`love`, `:)`).
    package var word: String
    /// The class it signals.
    package var label: Sentiment

    /// Creates an entry.
    package init(word: String, label: Sentiment) {
      self.word = word
      self.label = label
    }
  }

  /// The entries, each word once, in the order given.
  package private(set) var entries: [Entry] = []

  /// An empty lexicon.
  public init() {}

  /// A lexicon of the given words; a word given twice with the same class
  /// counts once.
  ///
  /// - Throws: ``LexiconError`` for an empty word or a word given with two
  ///   classes.
  package init(entries: [(word: String, label: Sentiment)]) throws(LexiconError) {
    var labels: [String: Sentiment] = [:]
    for (word, label) in entries {
      guard !word.isEmpty else { throw LexiconError.emptyWord }
      if let known = labels[word] {
        guard known == label else { throw LexiconError.conflicting(word: word) }
        continue
      }
      labels[word] = label
      self.entries.append(Entry(word: word, label: label))
    }
  }

  /// Appends an entry whose word is known not to be in the lexicon yet.
  mutating func append(_ entry: Entry) {
    entries.append(entry)
  }

  /// The lexicon that `train` and `eval` use unless told otherwise: about
  /// 250 positive and 280 negative English words, emoticons and emoji,
  /// written for tweetalyze (see `BuiltInLexicon.swift`).
  public static let builtIn: Lexicon = {
    var lexicon = Lexicon()
    lexicon.entries =
      builtInPositive.map { Entry(word: $0, label: .positive) }
      + builtInNegative.map { Entry(word: $0, label: .negative) }
    return lexicon
  }()

  /// Reads a lexicon from CSV with a `word` and a `polarity` column
  /// (`positive`/`pos`, `negative`/`neg`, `neutral`); other columns are
  /// ignored.
  ///
  /// ```
  /// word,polarity
  /// love,positive
  /// awful,negative
  /// ```
  ///
  /// - Throws: ``LexiconError``, or the source's own error.
  package static func read<Source: ByteSource>(_ source: Source) throws -> Lexicon {
    var reader = CSVReader(source: source)
    var columns: (word: Int, polarity: Int, fields: Int)?
    var entries: [(word: String, label: Sentiment)] = []
    do {
      try reader.forEachRecord { record in
        if record.isBlank { return }
        guard let (wordColumn, polarityColumn, fields) = columns else {
          let names = (0..<record.count).map { record.string(at: $0).trimmingSpaces().lowercased() }
          guard let word = names.firstIndex(of: "word"),
            let polarity = names.firstIndex(of: "polarity")
          else { throw LexiconError.header }
          columns = (word, polarity, record.count)
          return
        }
        guard record.count == fields else { throw LexiconError.fieldCount(line: record.line) }
        let word = record[wordColumn]
        let polarity = record[polarityColumn]
        guard isValidUTF8(word), isValidUTF8(polarity) else {
          throw LexiconError.invalidUTF8(line: record.line)
        }
        let text = String(decoding: polarity, as: UTF8.self)
        guard let label = Sentiment(label: text) else {
          throw LexiconError.unknownPolarity(String(text.prefix(60)), line: record.line)
        }
        entries.append((String(String(decoding: word, as: UTF8.self).trimmingSpaces()), label))
      }
    } catch let error as CSVError {
      throw LexiconError.syntax(error)
    }
    guard columns != nil else { throw LexiconError.header }
    return try Lexicon(entries: entries)
  }

  /// The entries that `tokenizer` writes as they are: each must be one
  /// token, written as the tokenizer writes it (`love`, not `Love`; `:)`,
  /// not `:-)`), or no text would ever have it; and how many entries were
  /// left out. Under other settings than the defaults some built-in entries
  /// are left out: without `emoticons`, `:D` is no token at all.
  ///
  /// The entries come by class (negative, neutral, positive), each class's
  /// in the order given, as a model file lists them.
  package func usable(by tokenizer: Tokenizer) -> (lexicon: Lexicon, skipped: Int) {
    var lexicon = Lexicon()
    for label in Sentiment.allCases {
      for entry in entries
      where entry.label == label && tokenizer.tokens(in: entry.word) == [entry.word] {
        lexicon.entries.append(entry)
      }
    }
    return (lexicon, entries.count - lexicon.entries.count)
  }
}

/// Why a lexicon cannot be used.
package enum LexiconError: LocalizedError, Equatable {
  /// The file has no header with a `word` and a `polarity` column.
  case header
  /// A row has another number of fields than the header.
  case fieldCount(line: Int)
  /// A field is not valid UTF-8.
  case invalidUTF8(line: Int)
  /// A row's polarity is not a class.
  case unknownPolarity(String, line: Int)
  /// The CSV syntax is broken.
  case syntax(CSVError)
  /// An entry has no word.
  case emptyWord
  /// A word is given with two classes.
  case conflicting(word: String)

  package var errorDescription: String? {
    switch self {
    case .header:
      "the lexicon needs a header with a 'word' and a 'polarity' column, such as 'word,polarity'"
    case .fieldCount(let line):
      "line \(line): the lexicon row has another number of fields than its header; "
        + "quote fields that contain commas"
    case .invalidUTF8(let line):
      "line \(line): the lexicon is not valid UTF-8; convert it to UTF-8 first"
    case .unknownPolarity(let polarity, let line):
      "line \(line): unknown polarity '\(polarity)'; expected positive, negative or neutral"
    case .syntax(let error):
      error.errorDescription
    case .emptyWord:
      "the lexicon has an entry without a word; remove it"
    case .conflicting(let word):
      "the lexicon gives '\(word.prefix(80))' two polarities; keep one"
    }
  }
}
