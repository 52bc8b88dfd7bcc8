import SentimentCore
import XCTest

/// Inputs that the fuzz targets (`Fuzz/`) and the bad-input catalogue found
/// problems with, kept inline as bytes. The fuzz runs so far found no crash;
/// these are the catalogue's finds and the targets' invariants on seeds.
final class FuzzRegressionTests: XCTestCase {
  /// The records of `bytes`, or the error, read `size` bytes at a time.
  func records(_ bytes: [UInt8], size: Int, window: Int) -> ([[[UInt8]]], CSVError?) {
    var reader = CSVReader(source: MemorySource(bytes, blockSize: size), blockSize: window)
    var result: [[[UInt8]]] = []
    do {
      try reader.forEachRecord { record in
        result.append((0..<record.count).map { Array(record[$0]) })
      }
    } catch {
      return (result, error as? CSVError)
    }
    return (result, nil)
  }

  /// The CSV target's invariant: short reads give the same records as one
  /// read. A record arriving in many short reads used to be parsed again from
  /// its start after each read (quadratic: a 15 MB field from a pipe took
  /// 28 s); now the buffer doubles between attempts.
  func testShortReadsGiveTheSameRecords() {
    let inputs: [[UInt8]] = [
      Array("class,text\r\nPos,\"a\r\nb\"\r\nNeg,\"say \"\"no\"\"\"\r".utf8),
      Array("class,text\nPos,\"never closed\n".utf8),
      Array("a,b\nneutral,\"b\"x\n".utf8),
      [0xEF, 0xBB, 0xBF] + Array("x\r".utf8),
      Array("\"\"\"\"\r\r\n,".utf8),
      Array("class,text\nPos,\"".utf8) + [UInt8](repeating: 0x61, count: 5000) + [0x22, 0x0A],
    ]
    for bytes in inputs {
      let whole = records(bytes, size: .max, window: 1 << 20)
      for size in [1, 2, 3, 7, 13] {
        let pieces = records(bytes, size: size, window: 16)
        XCTAssertEqual(pieces.0, whole.0, "\(bytes.prefix(40)) in reads of \(size)")
        XCTAssertEqual(pieces.1, whole.1, "\(bytes.prefix(40)) in reads of \(size)")
      }
    }
  }

  /// A long record from a source that gives a few bytes per read is parsed a
  /// logarithmic number of times: 1 MB (just under the record cap) in
  /// 64-byte reads is fast.
  func testLongRecordInShortReadsIsLinear() throws {
    let field = [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) - 64)
    let bytes = Array("class,text\nPos,\"".utf8) + field + Array("\"\n".utf8)
    let start = Date()
    let result = records(bytes, size: 64, window: 16)
    XCTAssertNil(result.1)
    XCTAssertEqual(result.0.last?[1].count, field.count)
    XCTAssertLessThan(Date().timeIntervalSince(start), 20, "used to be about 32768 re-parses")
  }

  /// A 10 MB label or header name was quoted whole in the error message,
  /// making a 10 MB `Error:` line (1 MB here, under the record cap).
  func testHugeLabelAndHeaderAreCutInMessages() throws {
    let huge = String(repeating: "x", count: (1 << 20) - 64)
    for csv in ["class,text\n\(huge),good\n", "class,\(huge)\nPos,good\n"] {
      XCTAssertThrowsError(try TrainingData.read(MemorySource(csv)) { _, _ in }) { error in
        let message = (error as? TrainingDataError)?.errorDescription ?? ""
        XCTAssertLessThan(message.count, 400, String(message.prefix(200)))
        XCTAssertTrue(message.contains("…'"), String(message.prefix(200)))
      }
    }
    let wide = "class," + (0..<50).map { "c\($0)" }.joined(separator: ",") + "\nPos\n"
    XCTAssertThrowsError(try TrainingData.read(MemorySource(wide)) { _, _ in }) { error in
      let message = (error as? TrainingDataError)?.errorDescription ?? ""
      XCTAssertTrue(message.contains("'c18', …"), message)
      XCTAssertFalse(message.contains("'c19'"), message)
    }
  }

  /// The tokenizer target's invariants on its seeds: tokens are non-empty
  /// UTF-8 of bounded length, and bigrams are one fewer than tokens.
  func testTokenizerInvariantsOnHostileText() {
    let texts: [[UInt8]] = [
      Array("&#xD800; &#0; &#x10FFFF; &".utf8),
      [0xF0, 0x9F, 0x91, 0xA8]
        + Array(repeating: [0xE2, 0x80, 0x8D, 0xF0, 0x9F, 0x91, 0xA9], count: 40).flatMap { $0 },
      [UInt8](repeating: 0xCC, count: 300) + [0x81, 0xFF, 0xC3],
      Array(("not " + String(repeating: "é", count: 200) + " :'( ").utf8),
    ]
    let featurizer = Featurizer(tokenizer: Tokenizer(), bigrams: true)
    for text in texts {
      var tokens = 0
      var features = 0
      for token in Tokenizer().tokens(inUTF8: text) {
        tokens += 1
        XCTAssertFalse(token.isEmpty)
        XCTAssertLessThanOrEqual(token.count, 124)
        XCTAssertTrue(token.withUnsafeBufferPointer(isValidUTF8), "\(token)")
      }
      featurizer.forEachFeature(in: text.span) { feature in
        features += 1
        XCTAssertTrue(feature.withUnsafeBufferPointer(isValidUTF8))
      }
      XCTAssertEqual(features, tokens == 0 ? 0 : 2 * tokens - 1)
    }
  }
}
