import Foundation
import XCTest

@testable import SentimentCore

/// Both lexicon readers against the reference implementation: the compound
/// scores vaderSentiment 3.3.2 (Python) gives 1,200 generated texts
/// (`Golden/reader-vader.tsv`, written by `Scripts/vader-golden.py`), to 4
/// decimals.
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

  func testBothReadersGiveVADERsCompoundToFourDecimals() throws {
    let golden = try Self.golden()
    XCTAssertGreaterThanOrEqual(golden.count, 1000)
    var mismatches = 0
    for (text, compound) in golden {
      let plain = LexiconReader.shared.read(text).compound
      let fast = FastLexiconReader.shared.read(text).compound
      // VADER rounds to 4 decimals: a half unit of the last place, and the
      // rounding of the printed decimal.
      if abs(plain - compound) > 0.00005 + 1e-9 {
        mismatches += 1
        XCTFail("\(text): VADER \(compound), plain reader \(plain)")
      }
      XCTAssertEqual(fast.bitPattern, plain.bitPattern, text)
    }
    XCTAssertEqual(mismatches, 0)
  }
}
