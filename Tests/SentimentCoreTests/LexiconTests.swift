import XCTest

@testable import SentimentCore

final class LexiconTests: XCTestCase {
  private func read(_ text: String) throws -> Lexicon {
    try Lexicon.read(MemorySource(Array(text.utf8)))
  }

  private func assertReadFails(
    _ text: String, _ expected: LexiconError, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try read(text), file: file, line: line) {
      XCTAssertEqual($0 as? LexiconError, expected, file: file, line: line)
    }
  }

  // MARK: The built-in lexicon

  /// Every built-in word is written as the default tokenizer writes it, so
  /// none is left out and each can match a token of a text.
  func testBuiltInWordsAreTokensAsWritten() {
    let builtIn = Lexicon.builtIn
    let (usable, skipped) = builtIn.usable(by: Tokenizer())
    XCTAssertEqual(skipped, 0)
    XCTAssertEqual(Set(usable.entries.map(\.word)), Set(builtIn.entries.map(\.word)))
    XCTAssertEqual(Set(builtIn.entries.map(\.word)).count, builtIn.entries.count, "no repeats")
  }

  func testBuiltInHasBothPolaritiesAndNoNeutral() {
    let labels = Lexicon.builtIn.entries.map(\.label)
    XCTAssertGreaterThan(labels.filter { $0 == .positive }.count, 200)
    XCTAssertGreaterThan(labels.filter { $0 == .negative }.count, 200)
    XCTAssertFalse(labels.contains(.neutral))
    for (word, label) in [
      ("love", Sentiment.positive), ("thanks", .positive), (":)", .positive), ("😍", .positive),
      ("hate", .negative), ("worst", .negative), (":(", .negative), ("😡", .negative),
    ] {
      XCTAssertEqual(Lexicon.builtIn.entries.first { $0.word == word }?.label, label, word)
    }
    // Words whose sentiment depends on the topic are not in it.
    for word in ["battery", "update", "delay", "price", "apple"] {
      XCTAssertFalse(Lexicon.builtIn.entries.contains { $0.word == word }, word)
    }
  }

  /// Under other settings, the words the tokenizer no longer writes as they
  /// are drop out: no emoticon tokens without `emoticons`, and `:D` would
  /// otherwise become the word `d`.
  func testUsableLeavesOutWordsTheSettingsDoNotWrite() {
    var settings = TokenizerSettings()
    settings.emoticons = false
    let (usable, skipped) = Lexicon.builtIn.usable(by: Tokenizer(settings: settings))
    let words = Set(usable.entries.map(\.word))
    XCTAssertTrue(words.contains("love"))
    XCTAssertFalse(words.contains(":)"))
    XCTAssertFalse(words.contains(":D"))
    XCTAssertFalse(words.contains("d"))
    XCTAssertEqual(skipped, Lexicon.builtIn.entries.count - usable.entries.count)
    XCTAssertGreaterThan(skipped, 0)
    let mixed = try? Lexicon(entries: [
      ("Love", .positive), ("ok ok", .positive), ("meh", .negative),
    ])
    XCTAssertEqual(mixed?.usable(by: Tokenizer()).lexicon.entries.map(\.word), ["meh"])
    XCTAssertEqual(mixed?.usable(by: Tokenizer()).skipped, 2)
  }

  // MARK: Entries

  func testEntriesKeepTheirOrderAndCountARepeatOnce() throws {
    let lexicon = try Lexicon(entries: [
      ("good", .positive), ("bad", .negative), ("good", .positive), ("fine", .neutral),
    ])
    XCTAssertEqual(lexicon.entries.map(\.word), ["good", "bad", "fine"])
    XCTAssertEqual(lexicon.entries.map(\.label), [.positive, .negative, .neutral])
  }

  func testAWordWithTwoPolaritiesOrNoWordIsRefused() {
    XCTAssertThrowsError(try Lexicon(entries: [("sick", .positive), ("sick", .negative)])) {
      XCTAssertEqual($0 as? LexiconError, .conflicting(word: "sick"))
      XCTAssertTrue(($0 as? LexiconError)?.errorDescription?.contains("'sick'") == true)
    }
    XCTAssertThrowsError(try Lexicon(entries: [("", .positive)])) {
      XCTAssertEqual($0 as? LexiconError, .emptyWord)
    }
  }

  // MARK: Reading CSV

  func testReadsWordAndPolarityColumns() throws {
    let lexicon = try read(
      "\u{FEFF}id,Word,Polarity\r\n1,love,positive\r\n\r\n2, meh ,NEG\r\n3,\"so, so\",neutral\n4,:),Pos"
    )
    XCTAssertEqual(lexicon.entries.map(\.word), ["love", "meh", "so, so", ":)"])
    XCTAssertEqual(lexicon.entries.map(\.label), [.positive, .negative, .neutral, .positive])
  }

  func testReadErrorsSayWhatIsWrongAndWhere() {
    assertReadFails("", .header)
    assertReadFails("word,class\nlove,positive\n", .header)
    assertReadFails("word,polarity\nlove,great\n", .unknownPolarity("great", line: 2))
    assertReadFails("word,polarity\nlove,positive,extra\n", .fieldCount(line: 2))
    assertReadFails("word,polarity\n\"love,positive\n", .syntax(.unterminatedQuote(line: 2)))
    assertReadFails("word,polarity\nsick,positive\nsick,negative\n", .conflicting(word: "sick"))
    XCTAssertThrowsError(
      try Lexicon.read(
        MemorySource(
          Array("word,polarity\nl".utf8) + [0xFF]
            + Array(",positive\n".utf8)))
    ) {
      XCTAssertEqual($0 as? LexiconError, .invalidUTF8(line: 2))
    }
    for error in [
      LexiconError.header, .fieldCount(line: 3), .invalidUTF8(line: 4),
      .unknownPolarity("x", line: 5), .syntax(.nulByte(line: 6)), .emptyWord,
    ] {
      XCTAssertFalse(error.errorDescription?.isEmpty ?? true, "\(error)")
    }
    XCTAssertEqual(
      LexiconError.unknownPolarity("great", line: 2).errorDescription,
      "line 2: unknown polarity 'great'; expected positive, negative or neutral")
  }
}
