import TestSupport
import XCTest

@testable import SentimentCore

/// The tokenizer's fast path (`TokenizerFastPath.swift`) against the plain
/// ``ReferenceTokenizer``: both must give the same tokens, byte for byte, on
/// the Sanders corpus and on random text.
final class TokenizerFastPathTests: XCTestCase {
  /// The default settings, then each with one step off.
  static let settingsToCompare: [(name: String, settings: TokenizerSettings)] = {
    var result = [("default", TokenizerSettings())]
    for (name, _) in TokenizerSettings().fields {
      var settings = TokenizerSettings()
      _ = settings.set(name, to: false)
      result.append(("no \(name)", settings))
    }
    result.append(("plain words", .plainWords))
    return result
  }()

  /// The fast path's tokens of `bytes`, as the trainer sees them.
  private func fastTokens(_ bytes: [UInt8], _ tokenizer: Tokenizer) -> [[UInt8]] {
    var tokens: [[UInt8]] = []
    tokenizer.forEachPaddedToken(in: bytes.span) { tokens.append(Array($0)) }
    return tokens
  }

  /// Compares both implementations on `texts`; fails with the first few
  /// texts where they differ. Returns how many texts were compared.
  @discardableResult
  private func compare(
    _ texts: [[UInt8]], settings: TokenizerSettings, label: String,
    file: StaticString = #filePath, line: UInt = #line
  ) -> Int {
    let tokenizer = Tokenizer(settings: settings)
    var failures = 0
    for text in texts {
      let fast = fastTokens(text, tokenizer)
      let reference = tokenizer.referenceTokens(inUTF8: text)
      guard fast != reference else { continue }
      failures += 1
      if failures <= 5 {
        XCTFail(
          "\(label): \(String(decoding: text, as: UTF8.self).debugDescription) \(text)\n"
            + "fast:      \(fast.map { String(decoding: $0, as: UTF8.self) }) \(fast)\n"
            + "reference: \(reference.map { String(decoding: $0, as: UTF8.self) }) \(reference)",
          file: file, line: line)
      }
    }
    XCTAssertEqual(failures, 0, "\(label): texts that differ", file: file, line: line)
    return texts.count
  }

  // MARK: - The corpus

  /// Every text of a Sanders file (whatever its label), as in the file and
  /// with its HTML entities decoded, as the trainer reads it.
  private func corpusTexts(_ name: String) throws -> [[UInt8]] {
    var reader = CSVReader(source: MemorySource(try SharedData.bytes(name)))
    var column: Int?
    var texts: [[UInt8]] = []
    try reader.forEachRecord { record in
      guard let column else {
        column = (0..<record.count).first {
          TrainingDataColumns.textNames.contains(record.string(at: $0).lowercased())
        }
        return
      }
      let text = Array(record[column])
      texts.append(text)
      var decoded: [UInt8] = []
      HTMLEntities.decode(text[...], into: &decoded)
      if decoded != text { texts.append(decoded) }
    }
    XCTAssertNotNil(column, "\(name) has no TweetText column")
    return texts
  }

  func testSameTokensOnTheSandersCorpusForEverySetting() throws {
    var compared = 0
    for name in ["sanders-full-corpus.csv", "sanders-apple3.csv"] {
      let texts = try corpusTexts(name)
      XCTAssertGreaterThan(texts.count, 900, name)
      print("TokenizerFastPathTests: \(name): \(texts.count) texts")
      for (label, settings) in Self.settingsToCompare {
        compared += compare(texts, settings: settings, label: "\(name), \(label)")
      }
    }
    print("TokenizerFastPathTests: \(compared) corpus texts × settings compared")
  }

  // MARK: - Random text

  /// Pieces of tweets, and of things that are almost tweets.
  static let pieces: [[UInt8]] = {
    var texts = [
      "happy", "Sad", "LOVE", "iPhone", "don't", "can’t", "isn't", "WON'T", "n't", "it's",
      "rock'n'roll", "o'", "'tis", "_", "__init__", "x", "X", "xD", "XD", "xDD", "a", "I", "u",
      "sooooo", "looOOOve", "Yesss", "!!!", "??", "?!?", "!", "?", "...", ".", ",", ";", ":",
      "'", "’", "ʼ", "\"", "(", ")", "-", "/", "\\", "*", "&", "%", "$", "+", "=", "<", ">",
      "[", "]", "{", "}", "|", "~", "^", "`", "http://t.co/Ab12", "HTTPS://EXAMPLE.com/x?y=1",
      "www.apple.com", "WWW.", "http:/", "http", "htt", "https:", "wwwx", "@Apple",
      "@", "@_a", "@é", "@1", "@@b", "#happy", "#", "#1", "#a", "#Tag_2", "##x", "123", "1",
      "2026", "3.14", "1,000", "007", "0", "not", "NOT", "no", "never", "Never", "cannot",
      "nothing", "nobody", "none", "nor", "neither", "nowhere", "dont", "cant", "wont",
      "isnt", "arent", "wasnt", "werent", "doesnt", "didnt", "aint", "couldnt", "shouldnt",
      "wouldnt", "havent", "hasnt", "hadnt", "but", "BUT", "But", "butter", "note", "knot",
      "😀", "😭", "👍🏽", "👍🏿", "❤️", "❤", "✌️", "👨‍👩‍👧‍👦", "👩🏽‍💻", "🏳️‍🌈", "🇫🇷",
      "🇺🇸🇬🇧", "🇫", "1️⃣", "#️⃣", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "⬆️", "↔",
      "e\u{301}", "\u{301}", "cafe\u{301}", "naïve", "ÉCOLE", "Привет", "ПРИВЕТ", "ΑΘΗΝΑ",
      "Άλφα", "ÀÉÎÕÜ", "Ÿ", "ŁÓDŹ", "İstanbul", "İİİ", "iiİ", "ééé", "éé'é", "ÉÉé", "日本語",
      "こんにちは", "カタカナ", "한국어", "مرحبا", "שלום", "ＡＢＣ", "ｈｔｔｐ", "１２３", "١٢٣",
      "ß", "ﬁ", "Ⅻ", "…", "。", "、", "！", "？", "，", "؟", "،", "\u{A0}", "\u{3000}", "\u{2028}",
      "&lt;3", "&amp;", "&#39;", "&quot;", "&gt;", "&#x1F600;", "&apos;", "\u{FFFD}",
      "\u{0}", "\u{7F}", "\u{1A}", "\u{0E}", "\u{0F}", "\u{1B}",
    ]
    for group in TokenizerRules.emoticons { texts += group.variants }
    texts += [":-))", ":((", "<3333", "</33", "^^^", "-_-_-", ":'-((", ":o)x", ":-", ";-"]
    texts += [
      String(repeating: "a", count: 70), String(repeating: "ab", count: 40),
      String(repeating: "é", count: 40), String(repeating: "日", count: 30),
      "x" + String(repeating: "é", count: 33), String(repeating: "ab", count: 31) + "ééé",
      String(repeating: "1", count: 80), "not" + String(repeating: "o", count: 70),
      String(repeating: "🙂\u{200D}", count: 25) + "🙂", String(repeating: "😀", count: 20),
      String(repeating: "z", count: 60) + "n't", String(repeating: "ab", count: 31) + "can't",
    ]
    var pieces = texts.map { Array($0.utf8) }
    pieces += [
      [0x80], [0xBF], [0xC0, 0xAF], [0xC3], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F],
      [0xF0, 0x9F, 0x98], [0xF4, 0x90, 0x80, 0x80], [0xF8], [0xFE], [0xFF], [0xE0, 0x80, 0x80],
      [0xC3, 0xA9, 0xA9], [0xE2, 0x80, 0x99, 0x99],
    ]
    return pieces
  }()

  /// What goes between two pieces.
  static let gaps: [[UInt8]] = [
    [], [], [], [0x20], [0x20], [0x20], [0x20], [0x20, 0x20], [0x09], [0x0A], [0x0D], [0x0B],
    [0x0C], Array("'".utf8), Array("’".utf8), Array(".".utf8), Array("\u{200D}".utf8),
  ]

  /// A random text of up to `maximumPieces` pieces, or now and then of
  /// random bytes.
  static func randomText(_ generator: inout SeededGenerator, maximumPieces: Int = 12) -> [UInt8] {
    if generator.next(below: 20) == 0 {
      let count = generator.next(below: 40)
      let ascii = generator.next(below: 2) == 0
      return (0..<count).map { _ in
        UInt8(truncatingIfNeeded: generator.next()) & (ascii ? 0x7F : 0xFF)
      }
    }
    var text: [UInt8] = []
    for index in 0..<(1 + generator.next(below: maximumPieces)) {
      if index > 0 { text += gaps[generator.next(below: gaps.count)] }
      var piece = pieces[generator.next(below: pieces.count)]
      // A random change of case, so that case folding meets every piece.
      if generator.next(below: 4) == 0 {
        piece = piece.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
      }
      text += piece
    }
    return text
  }

  /// Random settings: each step off with probability ¼.
  static func randomSettings(_ generator: inout SeededGenerator) -> TokenizerSettings {
    var settings = TokenizerSettings()
    for (name, _) in settings.fields where generator.next(below: 4) == 0 {
      _ = settings.set(name, to: false)
    }
    return settings
  }

  func testSameTokensOnRandomText() {
    var generator = SeededGenerator(seed: 17)
    let count = 100_000
    var failures = 0
    for index in 0..<count {
      let text = Self.randomText(&generator)
      let settings = index % 4 == 0 ? TokenizerSettings() : Self.randomSettings(&generator)
      let tokenizer = Tokenizer(settings: settings)
      let fast = fastTokens(text, tokenizer)
      let reference = tokenizer.referenceTokens(inUTF8: text)
      guard fast != reference else { continue }
      failures += 1
      if failures <= 5 {
        XCTFail(
          "text #\(index) \(String(decoding: text, as: UTF8.self).debugDescription) \(text), "
            + "settings \(settings.fields.filter { !$0.value }.map(\.name))\n"
            + "fast:      \(fast.map { String(decoding: $0, as: UTF8.self) })\n"
            + "reference: \(reference.map { String(decoding: $0, as: UTF8.self) })")
      }
    }
    XCTAssertEqual(failures, 0, "random texts that differ, of \(count)")
  }

  func testSameTokensThroughTheStringAndSpanAPIs() {
    var generator = SeededGenerator(seed: 18)
    for _ in 0..<2_000 {
      let text = String(decoding: Self.randomText(&generator), as: UTF8.self)
      let tokenizer = Tokenizer(settings: Self.randomSettings(&generator))
      let reference = tokenizer.referenceTokens(in: text)
      guard tokenizer.tokens(in: text).map({ Array($0.utf8) }) == reference.map({ Array($0.utf8) })
      else {
        XCTFail("tokens(in:) differ on \(text.debugDescription)")
        return
      }
      var spans: [[UInt8]] = []
      let bytes = Array(text.utf8)
      tokenizer.forEachToken(in: bytes.span) { token in
        var copy: [UInt8] = []
        for index in token.indices { copy.append(token[index]) }
        spans.append(copy)
      }
      XCTAssertEqual(spans, reference.map { Array($0.utf8) }, text.debugDescription)
    }
  }

  /// The documented example of ``ReferenceTokenizer``.
  func testReferenceDocumentationExample() {
    XCTAssertEqual(
      Tokenizer().referenceTokens(
        in: "Sooo happy with @Apple :-) but not #TODAY!! 😭🏽 http://t.co/x"),
      ["soo", "happy", "with", "<user>", ":)", "but", "not", "NOT_today", "!!", "😭", "<url>"])
  }
}
