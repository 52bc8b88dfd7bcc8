import Foundation
import XCTest

@testable import SentimentCore

/// Both lexicon readers against the reference implementation: the compound
/// scores vaderSentiment 3.3.2 (Python) gives 1,200 generated texts
/// (`Golden/reader-vader.tsv`, written by `Scripts/vader-golden.py`), to 4
/// decimals, where our own additions (issue 41) are not involved.
final class LexiconReaderVADERTests: XCTestCase {
  /// The golden texts and VADER's compound for each.
  static func golden() throws -> [(text: String, compound: Double)] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/reader-vader.tsv")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    return lines.filter { !$0.hasPrefix("#") }.compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 2, let compound = Double(fields[1]) else { return nil }
      return (String(fields[0]), compound)
    }
  }

  /// The words and emoji of our own additions to VADER (issue 41:
  /// `ReaderAdditions`, and the words of our rules): a text with one of them
  /// reads as we mean, not as VADER does.
  static let ours: Set<String> = {
    // The words our rules turn on (`LexiconReader`'s `phraseValence`,
    // `contrast`, `no cap`, comparatives and `can't stop`).
    var ours = ReaderAdditions.comparatives.union([
      "though", "although", "cap", "fire", "different", "better", "best", "stop",
    ])
    ours.formUnion(ReaderAdditions.words.map(\.text))
    ours.formUnion(ReaderAdditions.emoji.map(\.text))
    ours.formUnion(ReaderAdditions.degreeWords.keys)
    return ours
  }()

  /// Whether a text has a word or emoji of ``ours``.
  static func involvesOurAdditions(_ text: String) -> Bool {
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).map {
      $0.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
    }
    return words.contains { ours.contains($0) }
      || text.unicodeScalars.contains { $0.value >= 0x80 && ours.contains(String($0)) }
  }

  func testBothReadersGiveVADERsCompoundToFourDecimals() throws {
    let golden = try Self.golden()
    XCTAssertGreaterThanOrEqual(golden.count, 1000)
    var mismatches = 0
    var compared = 0
    for (text, compound) in golden {
      let plain = LexiconReader.shared.read(text).compound
      let fast = FastLexiconReader.shared.read(text).compound
      XCTAssertEqual(fast.bitPattern, plain.bitPattern, text)
      guard !Self.involvesOurAdditions(text) else { continue }
      compared += 1
      // VADER rounds to 4 decimals: a half unit of the last place, and the
      // rounding of the printed decimal.
      if abs(plain - compound) > 0.00005 + 1e-9 {
        mismatches += 1
        XCTFail("\(text): VADER \(compound), plain reader \(plain)")
      }
    }
    XCTAssertEqual(mismatches, 0)
    // Most of the texts use VADER's words and rules alone.
    XCTAssertGreaterThanOrEqual(compared, 1000)
  }
}
