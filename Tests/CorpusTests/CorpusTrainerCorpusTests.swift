import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

final class CorpusTrainerCorpusTests: XCTestCase {
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

  func testEveryNumberOfJobsWritesTheSameModelAsOneThread() throws {
    let inputs = [
      ("sanders", try SharedData.bytes("sanders-full-corpus.csv")),
      ("generated", generated(rows: 9000, seed: 3)),
    ]
    let variants = [
      NaiveBayesOptions(), NaiveBayesOptions(binarized: false, bigrams: false),
      NaiveBayesOptions(minCount: 2),
    ]
    for (name, csv) in inputs {
      for options in variants {
        let expected = try serial(csv, options: options)
        for jobs in [1, 2, 3] {
          let (bytes, _) = try parallel(csv, jobs: jobs, options: options)
          XCTAssertEqual(bytes, expected, "\(name), \(options), --jobs \(jobs)")
        }
      }
    }
  }
}
