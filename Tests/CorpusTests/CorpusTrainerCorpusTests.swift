import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

final class CorpusTrainerCorpusTests: XCTestCase {
  func testEveryNumberOfJobsWritesTheSameModelAsOneThread() throws {
    let inputs = [
      ("sanders", try SharedData.bytes("sanders-full-corpus.csv")),
      ("generated", TrainingRuns.generated(rows: 9000, seed: 3)),
    ]
    let variants = [
      NaiveBayesOptions(), NaiveBayesOptions(binarized: false, bigrams: false),
      NaiveBayesOptions(minCount: 2),
    ]
    for (name, csv) in inputs {
      for options in variants {
        let expected = try TrainingRuns.serial(csv, options: options)
        for jobs in [1, 2, 3] {
          let (bytes, _) = try TrainingRuns.parallel(csv, jobs: jobs, options: options)
          XCTAssertEqual(bytes, expected, "\(name), \(options), --jobs \(jobs)")
        }
      }
    }
  }
}
