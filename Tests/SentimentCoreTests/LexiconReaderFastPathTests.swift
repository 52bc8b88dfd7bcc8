import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// The fast reader (`Speed/LexiconReaderFastPath.swift`) against its plain
/// twin (`Text/LexiconReader.swift`): bit-identical scores on random texts
/// built from the words the rules name, on the bad-input catalogue and on
/// the everyday sentences. The corpus half is `LexiconReaderCorpusTests`.
final class LexiconReaderFastPathTests: XCTestCase {
  /// Every byte of a score's numbers, so that 0 and −0 or two NaNs differ.
  static func bits(_ scores: ReaderScores) -> [UInt64] {
    [
      scores.compound.bitPattern, scores.positive.bitPattern, scores.negative.bitPattern,
      scores.positiveSum.bitPattern, scores.negativeSum.bitPattern, UInt64(scores.exclamations),
    ]
  }

  /// Fails unless both readers give the same bits for `bytes`.
  static func assertAgree(
    _ bytes: [UInt8], _ label: @autoclosure () -> String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let plain = LexiconReader.shared.read(String(decodingUTF8: bytes.span))
    let fast = FastLexiconReader.shared.read(bytes.span)
    XCTAssertEqual(
      bits(fast), bits(plain), "\(label()): \(fast) vs \(plain)", file: file, line: line)
  }

  /// The pieces of random texts: words the rules name, lexicon words in
  /// several cases, emoji, punctuation and scalars beyond ASCII.
  static let pieces: [String] = {
    var pieces = [
      "not", "NOT", "no", "No", "never", "but", "BUT", "But", "very", "VERY", "so", "this",
      "kind", "of", "sort", "least", "at", "without", "doubt", "or", "nor", "isn't", "don't",
      "DON'T", "can't", "won't", "aint", "the", "shit", "bomb", "bad", "ass", "badass", "yeah",
      "right", "kiss", "death", "to", "die", "for", "beating", "heart", "just", "enough", "bus",
      "stop", "kinda", "barely", "extremely", "good", "GOOD", "Good", "great", "awful", "love",
      "hate", "happy", "sad", "nice", "terrible", "problem", "lol", "fine", ":)", ":(", ":D",
      "<3", ":-)", "(:", "</3", ":'(", "!", "!!", "?", "??", "...", ",", "good!", "!good!",
      "'good'", "(great)", "n't", "x", "I", "A", "U.S.", "😍", "😢", "💘", "😁", "🎉", "🇺🇸",
      "👍🏽", "👨‍👩‍👧", "©", "™", "é", "café", "CAFÉ", "naïve", "Σ", "ΣΑΣ", "straße", "İyi",
      "\u{212A}ind", "ǅ", "\u{301}", "a\u{301}", "\u{200D}", "\u{200B}", "\u{00A0}", "\u{3000}",
      "\u{2028}", "\u{0085}", "\u{1680}", "שלום", "مرحبا", "\u{202E}", "\u{FEFF}", "\u{FFFD}",
      "日本", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\0", "'", "\"", "-", "#good",
      "@good", "good-bad", "goooood", "NOPE", "uh-uh", "rarely", "despite", "LEAST",
      // Issue 41's additions and rule words.
      "though", "although", "Although", "cap", "fire", "is", "hits", "different", "could", "be",
      "been", "have", "better", "best", "stop", "happier", "lowkey", "highkey", "mid", "slaps",
      "👍", "👎", "🔥", "😭", "💀",
    ]
    let lexicon = ReaderLexicon.builtIn
    pieces += lexicon.words.keys.sorted().enumerated().filter { $0.offset % 97 == 0 }.map(\.element)
    pieces += lexicon.emoji.keys.sorted { $0.value < $1.value }.enumerated()
      .filter { $0.offset % 41 == 0 }.map { String($0.element) }
    return pieces
  }()

  /// A random text of `count` pieces, joined by spaces mostly.
  static func randomText(_ generator: inout SeededGenerator, count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<count {
      let piece = pieces[generator.next(below: pieces.count)]
      switch generator.next(below: 10) {
      case 0: bytes += piece.uppercased().utf8
      case 1: bytes += piece.utf8
      default:
        if !bytes.isEmpty { bytes.append(0x20) }
        bytes += piece.utf8
      }
    }
    return bytes
  }

  func testRandomTextsOfTheRulesWordsReadTheSame() {
    var generator = SeededGenerator(seed: 43)
    for round in 0..<10000 {
      // Every 50th text is longer than the words the fast reader keeps:
      // it reads those twice, scoring over a window.
      let count = round % 50 == 0 ? 120 + generator.next(below: 100) : 1 + generator.next(below: 14)
      let text = Self.randomText(&generator, count: count)
      Self.assertAgree(text, "round \(round): \(String(decoding: text, as: UTF8.self))")
    }
  }

  func testRandomBytesReadTheSame() {
    var generator = SeededGenerator(seed: 44)
    let alphabet = Array(
      "aAnN't!? .,:)(\u{80}\u{C3}\u{A9}\u{F0}\u{9F}\u{98}\u{8D}\u{FF}\u{E2}".utf8)
    for round in 0..<5000 {
      var text = Self.randomText(&generator, count: 1 + generator.next(below: 6))
      for _ in 0..<generator.next(below: 6) {
        let at = generator.next(below: text.count + 1)
        text.insert(alphabet[generator.next(below: alphabet.count)], at: at)
      }
      Self.assertAgree(text, "round \(round): \(text)")
    }
  }

  /// The bad-input catalogue of issue 43: invalid UTF-8, NUL, a 1 MB line,
  /// joiners, combining marks, right-to-left text, 10,000 emoji, 10,000 of
  /// `not`, `but`, `very` and `!`.
  func testTheBadInputCatalogueReadsTheSame() {
    let megabyte = String(repeating: "good bad not very happy ", count: 1 << 20 / 24)
    let catalogue: [(String, [UInt8])] = [
      ("invalid UTF-8", [0xFF, 0x20] + Array("good".utf8) + [0xC3, 0x28, 0xE2, 0x82, 0x20, 0xF0]),
      ("lone continuation", Array("not \u{80}good".utf8.map { $0 }) + [0x80, 0x80]),
      ("surrogate bytes", Array("great ".utf8) + [0xED, 0xA0, 0x80] + Array(" great".utf8)),
      ("overlong", Array("bad ".utf8) + [0xC0, 0xAF, 0xE0, 0x80, 0xAF]),
      ("NUL", Array("good\0 not\0bad \0".utf8)),
      ("1 MB line", Array(megabyte.utf8)),
      ("100 kB word", Array(repeating: UInt8(ascii: "A"), count: 100_000) + Array(" GOOD".utf8)),
      ("100 kB of punctuation", Array(repeating: UInt8(ascii: "!"), count: 100_000)),
      (
        "a word after 300 bytes of punctuation",
        Array(repeating: UInt8(ascii: "("), count: 300) + Array("good".utf8)
      ),
      (
        "a word in 100 kB of punctuation",
        Array(repeating: UInt8(ascii: "("), count: 50_000) + Array("good".utf8)
          + Array(repeating: UInt8(ascii: ")"), count: 50_000)
      ),
      ("joiners", Array("good\u{200D}bad 👨\u{200D}👩\u{200D}👧 \u{200D}😍\u{200D}".utf8)),
      (
        "combining marks", Array("go\u{301}od goo\u{308}d \u{301}\u{302}\u{303} happy\u{20DD}".utf8)
      ),
      ("right to left", Array("\u{202E}good\u{202C} שלום love مرحبا \u{200F}hate".utf8)),
      ("10,000 emoji", Array(String(repeating: "😍", count: 10000).utf8)),
      ("10,000 emoji and words", Array(String(repeating: "😢good ", count: 10000).utf8)),
      ("10,000 not", Array((String(repeating: "not ", count: 10000) + "good").utf8)),
      ("10,000 but", Array((String(repeating: "but good ", count: 10000)).utf8)),
      ("10,000 very", Array((String(repeating: "very ", count: 10000) + "good").utf8)),
      ("10,000 !", Array(("good" + String(repeating: "!", count: 10000)).utf8)),
      ("10,000 ?", Array(("bad" + String(repeating: "?", count: 10000)).utf8)),
      ("empty", []),
      ("white space only", Array(" \t\n\u{3000}\u{A0} ".utf8)),
    ]
    for (name, bytes) in catalogue { Self.assertAgree(bytes, name) }
  }

  /// The everyday sentences of `Fixtures/sentences`.
  func testTheEverydaySentencesReadTheSame() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Fixtures/sentences")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    var lines = 0
    for file in files {
      let data = try Data(contentsOf: folder.appendingPathComponent(file))
      for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        Self.assertAgree(Array(line.utf8), "\(file): \(line)")
        lines += 1
      }
    }
    XCTAssertGreaterThan(lines, 40)
  }

  /// The sentences of `LexiconReaderTests` that check issue 41's rules, and
  /// the places those rules turn on (clause ends, `no cap` at the end and
  /// across the long-text window, contrast beyond the kept words): the
  /// fast reader restates every rule, so none falls back to the plain one.
  func testTheRuleSentencesReadTheSame() {
    let filler = String(repeating: "the ", count: 130)
    let sentences = [
      "this is the best pizza", "no cap this is the best pizza", "no cap good", "no good",
      "I love it", "I lowkey love it", "I kinda love it", "I highkey love it",
      "I really love it", "that concert was fire", "this song is so fire",
      "a fire in the warehouse", "the new season hits different", "a different season",
      "could be better", "it could have been better", "it could not be better",
      "decent at best", "decent", "Never had a better burger in my life", "couldn't be happier",
      "can't stop smiling", "I can't say it's good",
      "the screen is great, though the battery is awful",
      "the screen is great, the battery is awful",
      "Although the coffee smells great, it tastes awful",
      "Although the flight was awful, the crew were lovely", "it was good though",
      "it was good", "Although it is good, but awful", "though great; awful", "Though, great awful",
      "although great bad", "although great,", "great,though awful", "great though, awful",
      "good ok, bad", "good (ok), bad", "good ok), bad", "ok, good although bad",
      "NO CAP good", "No cap, great", "no cap", "no no cap good", "not no cap great",
      "no cap cap good", "It's FIRE", "thats fire!!", "straight fire though",
      "never better", "not happier", "no better", "no or happier", "can't stop crying",
      "don't ever stop hating", "hits different 😭, sad", "great😭, bad though good",
      "Although 🔥, meh", "although 👍; 👎 though 😡", "at best, COULD BE BETTER",
      filler + "no cap good", filler + "no cap", filler + "great though awful",
      "Although " + filler + "great, awful", "Although great, " + filler + "awful",
      "Although great " + filler + "awful", filler + "hits different but could be better",
      filler + "never had a better burger", filler + "can't stop smiling",
      String(repeating: "no cap ", count: 200) + "good",
    ]
    for sentence in sentences { Self.assertAgree(Array(sentence.utf8), sentence) }
  }

  /// The texts of the everyday sentences (`Fixtures/sentences/*.csv`'s
  /// last column), without the CSV's quotes and labels around them.
  func testTheEverydaySentencesTextsReadTheSame() throws {
    var texts = 0
    for file in ["everyday.csv", "plain.csv"] {
      let url = BinaryRunner.packageRoot.appendingPathComponent("Fixtures/sentences/\(file)")
      for row in try CSVText.table(try String(contentsOf: url, encoding: .utf8)) {
        let text = try XCTUnwrap(row["text"], "\(file): \(row)")
        Self.assertAgree(Array(text.utf8), "\(file): \(text)")
        texts += 1
      }
    }
    XCTAssertGreaterThan(texts, 180)
  }

  /// The scanner's word table holds every word of the lexicon: none is so
  /// long that the fast reader would pass it over.
  func testEveryLexiconWordFitsTheTable() {
    let table = FastLexiconReader.shared.table
    for word in ReaderLexicon.builtIn.words.keys {
      var copy = word
      let found = copy.withUTF8 { bytes in
        bytes.baseAddress.flatMap { table.entry($0, bytes.count) }?.pointee.valence
      }
      XCTAssertEqual(found, ReaderLexicon.builtIn.words[word], word)
    }
  }

  /// The built-in table, parsed from the generated text's bytes
  /// (`ReaderTableSource.builtIn()`), holds exactly the words and emoji of
  /// `ReaderLexicon.builtIn` (parsed as `String`s into dictionaries): no
  /// word more, none less, the same descriptions.
  func testTheBuiltInTableHoldsTheBuiltInLexicon() {
    let table = FastLexiconReader.shared.table
    let lexicon = ReaderLexicon.builtIn
    let withValence = (0..<table.entryCount).filter { !table.entries[$0].valence.isNaN }
    XCTAssertEqual(withValence.count, lexicon.words.count)
    let emoji = lexicon.emoji.filter { $0.key.value >= 0x80 }
    XCTAssertEqual(table.emojiScalars.count, emoji.count)
    for (scalar, description) in emoji {
      guard let (start, length) = table.emoji(scalar.value) else {
        XCTFail("\(scalar) is missing")
        continue
      }
      let bytes = Array(UnsafeBufferPointer(start: table.descriptions + start, count: length))
      XCTAssertEqual(bytes, Array(description.utf8), "\(scalar)")
    }
    XCTAssertEqual(table.leastIsWord, lexicon.words["least"] != nil)
    // A table built from the lexicon's dictionaries reads alike.
    let fromDictionaries = FastLexiconReader(lexicon: lexicon)
    for text in ["not bad at all", "😍 lol 🔥 no cap", "the LEAST good 😭 mid at best"] {
      XCTAssertEqual(
        Self.bits(fromDictionaries.read(text)), Self.bits(FastLexiconReader.shared.read(text)),
        text)
    }
  }

  /// Texts of about as many words as the fast reader keeps (read once) and
  /// a few more (read twice, over a window): both sides of the line. The
  /// kept words fit the 1 KiB that stays on the stack, so that a text costs
  /// no allocation.
  func testTextsAroundTheKeptWordsReadTheSame() {
    let kept = FastLexiconReader.storedWords
    XCTAssertLessThanOrEqual(kept * MemoryLayout<ReaderWord>.stride, 1024)
    XCTAssertGreaterThan(kept, 32)
    var generator = SeededGenerator(seed: 45)
    for count in kept - 3...kept + 3 {
      for round in 0..<40 {
        // Spaces only, so that the words are exactly `count`.
        var text: [UInt8] = []
        for index in 0..<count {
          if index > 0 { text.append(0x20) }
          text += Self.pieces[generator.next(below: Self.pieces.count)].utf8.filter { $0 != 0x20 }
        }
        Self.assertAgree(text, "\(count) words, round \(round)")
      }
    }
  }

  /// Words of ASCII bytes are read at once, eight bytes at a time, their
  /// last bytes in one load from before or after them when the text has
  /// room, byte by byte when it is shorter than eight bytes: every length
  /// and place in the text, around the punctuation that is stripped, the
  /// longest key and past it, `n't` in any case, and words that go on
  /// beyond ASCII (read scalar by scalar) read as the plain reader reads
  /// them.
  func testASCIIWordsReadAtOnceReadTheSame() {
    let longest = String(repeating: "a", count: ReaderTable.longestKey)
    let words = [
      "good", "GOOD", "Good", "gOOD", "good,", "(good)", "\"good!!\"", "good;", ",good", "no,",
      "ok", "ok,", "(ok)", "..", ",", "!", "?!?", "a", "A", "don't", "DON'T", "Don'T", "n't",
      "can't,", "isn't!", "won't", "n'", "'t", "nn't", "n'n't", "happy", "unhappy",
      "excellent", "EXCELLENT!", "fantastic", "wonderfully", "kind-of", "lol", "LOL", "xoxo",
      "good\u{0}", "\u{0}", "disappointed", "heartbreaking", "12345678", "1234567",
      longest, longest + "!", longest + "a", "!" + longest, "better,", "but", "BUT,",
      "no cap", "hits different", "at best", "could be better",
      // Seven bytes and fewer (read from one chunk) and more: punctuation at
      // either end, the key ending at the word's last byte, none but
      // punctuation.
      "(awesome", "awesome)", "awesome,", ",awesome", "(great),", "#amazing", "#amazing,",
      "!!!!!!!!", "a,b", "ab,", ",ab", "@!", ".a.", "LOVE,;", "(NO),",
    ]
    let afters = ["", " ", "  x", "é", "😍", " 😍", "\t", ", great"]
    // Where a leading `though` ends its clause: the comma or semicolon
    // right after the stripped word, not the word's last byte.
    let clauses = [
      "Although the food was great,) the service awful", "although good;! bad",
      "though ok,, bad", "Though good.,bad awful", "although great), awful",
      "although great!; awful", "Although GREAT,\" awful", "though a,) bad",
      // A word whose first byte is a comma: no clause ends there.
      "though ,awesome good bad", "Although ;amazing good awful", "though ,great good bad",
    ]
    for text in clauses { Self.assertAgree(Array(text.utf8), text) }
    for word in words {
      for before in 0...9 {
        for after in afters {
          let text = String(repeating: " ", count: before) + word + after
          Self.assertAgree(Array(text.utf8), "'\(text)'")
          let lead = String(repeating: "x", count: before) + " " + word + after
          Self.assertAgree(Array(lead.utf8), "'\(lead)'")
        }
      }
    }
  }

  /// The fast reader keeps no more than a word's worth of memory, however
  /// long the text (issue 44, D1 and D2): reading a 16 MB post is checked
  /// end to end in `ReliabilityTests`; here, its answer for a long text is
  /// the plain reader's for the same words.
  func testALongTextReadsAsItsWords() {
    let unit = "I LOVE it but not very much!! "
    let text = String(repeating: unit, count: 4096)
    Self.assertAgree(Array(text.utf8), "long")
    XCTAssertEqual(
      FastLexiconReader.shared.read(text).exclamations, 2 * 4096)
  }
}
