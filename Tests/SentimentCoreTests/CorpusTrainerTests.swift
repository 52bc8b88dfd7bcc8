import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// Training on several threads (`CorpusTrainer.swift`).
final class CorpusTrainerTests: XCTestCase {
  func testRowsReachTheSampleInOrder() throws {
    let long = String(repeating: "so long ", count: 20_000)
    let csv = Array("class,text\nPos,a\nNeg,\"\(long)\"\nirrelevant,x\nNeutral,c &amp; d\n".utf8)
    let (bytes, seen) = try TrainingRuns.parallel(csv, jobs: 2, options: NaiveBayesOptions())
    XCTAssertEqual(seen, ["positive a", "negative \(long)", "neutral c & d"])
    // A long row, which travels on its own, is counted as one thread counts it.
    XCTAssertEqual(bytes, try TrainingRuns.serial(csv, options: NaiveBayesOptions()))
  }

  func testABadRowIsReportedAsOneThreadReportsIt() throws {
    var csv = TrainingRuns.generated(rows: 5000, seed: 9)
    csv += Array("Pos,\"unterminated\nNeg,fine\n".utf8)
    var one: Error?
    XCTAssertThrowsError(try TrainingRuns.serial(csv, options: NaiveBayesOptions())) { one = $0 }
    for jobs in [2, 3] {
      XCTAssertThrowsError(try TrainingRuns.parallel(csv, jobs: jobs, options: NaiveBayesOptions()))
      {
        XCTAssertEqual($0 as? TrainingDataError, one as? TrainingDataError)
        XCTAssertEqual($0.localizedDescription, one?.localizedDescription)
      }
    }
    var labeled = TrainingRuns.generated(rows: 3000, seed: 4)
    labeled += Array("Happy,what is this\n".utf8)
    XCTAssertThrowsError(try TrainingRuns.parallel(labeled, jobs: 2, options: NaiveBayesOptions()))
    {
      XCTAssertEqual($0 as? TrainingDataError, .unknownLabel("Happy", line: 3002))
    }
  }
}
