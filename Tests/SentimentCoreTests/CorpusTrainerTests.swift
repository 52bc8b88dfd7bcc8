import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// Training on several threads (`CorpusTrainer.swift`).
final class CorpusTrainerTests: XCTestCase {
  /// The model file one thread writes for `csv`.
  private func serial(_ csv: [UInt8], options: NaiveBayesOptions) throws -> [UInt8] {
    var trainer = NaiveBayesTrainer(options: options)
    try TrainingData.read(MemorySource(csv)) { label, text in trainer.add(text.span, as: label) }
    var bytes: [UInt8] = []
    ModelFile.encode(trainer) { bytes += $0 }
    return bytes
  }

  /// The model file `jobs` threads write for `csv`, read in small blocks;
  /// and the rows they offered to the sample, in order.
  private func parallel(_ csv: [UInt8], jobs: Int, options: NaiveBayesOptions) throws -> (
    [UInt8], [String]
  ) {
    var reader = CSVReader(source: MemorySource(csv, blockSize: 4096))
    var sample = HeldOutSample()
    let (trainer, _) = try CorpusTrainer.train(
      &reader, jobs: jobs, options: options, sample: &sample)
    let corpus = sample.corpus
    let seen = (0..<corpus.count).map { "\(corpus.labels[$0].name) \(corpus.text(at: $0))" }
    var bytes: [UInt8] = []
    ModelFile.encode(trainer) { bytes += $0 }
    return (bytes, seen)
  }

  /// Labeled rows of random words, some shared, some new, so that features
  /// first occur in every batch.
  private func generated(rows: Int, seed: UInt64) -> [UInt8] {
    var random = SeededGenerator(seed: seed)
    var csv = "class,text\n"
    let labels = ["Pos", "Neg", "Neutral", "irrelevant"]
    for row in 0..<rows {
      let words = (0..<(3 + random.next(below: 12))).map { _ in
        random.next(below: 10) == 0
          ? "new\(row)x\(random.next(below: 1000))" : "w\(random.next(below: 3000))"
      }
      csv += "\(labels[random.next(below: 4)]),\"\(words.joined(separator: " ")) &lt;3\"\n"
    }
    return Array(csv.utf8)
  }

  func testRowsReachTheSampleInOrder() throws {
    let long = String(repeating: "so long ", count: 20_000)
    let csv = Array("class,text\nPos,a\nNeg,\"\(long)\"\nirrelevant,x\nNeutral,c &amp; d\n".utf8)
    let (bytes, seen) = try parallel(csv, jobs: 2, options: NaiveBayesOptions())
    XCTAssertEqual(seen, ["positive a", "negative \(long)", "neutral c & d"])
    // A long row, which travels on its own, is counted as one thread counts it.
    XCTAssertEqual(bytes, try serial(csv, options: NaiveBayesOptions()))
  }

  func testABadRowIsReportedAsOneThreadReportsIt() throws {
    var csv = generated(rows: 5000, seed: 9)
    csv += Array("Pos,\"unterminated\nNeg,fine\n".utf8)
    var one: Error?
    XCTAssertThrowsError(try serial(csv, options: NaiveBayesOptions())) { one = $0 }
    for jobs in [2, 3] {
      XCTAssertThrowsError(try parallel(csv, jobs: jobs, options: NaiveBayesOptions())) {
        XCTAssertEqual($0 as? TrainingDataError, one as? TrainingDataError)
        XCTAssertEqual($0.localizedDescription, one?.localizedDescription)
      }
    }
    var labeled = generated(rows: 3000, seed: 4)
    labeled += Array("Happy,what is this\n".utf8)
    XCTAssertThrowsError(try parallel(labeled, jobs: 2, options: NaiveBayesOptions())) {
      XCTAssertEqual($0 as? TrainingDataError, .unknownLabel("Happy", line: 3002))
    }
  }
}
