import Foundation
import TestSupport
import XCTest

@testable import tweetalyze

final class ManPageEndToEndTests: XCTestCase {
  func testTheCommandPrintsThePage() throws {
    let run = try BinaryRunner.run(["help", "--man"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, ManPage.text())
    XCTAssertEqual(run.stderr, "")
    let extra = try BinaryRunner.run(["help", "--man", "train"])
    XCTAssertEqual(extra.status, 64)
    XCTAssertEqual(extra.stderrLines.first, "Error: Unexpected argument 'train' with --man")
  }
}
