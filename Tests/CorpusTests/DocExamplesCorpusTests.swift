import Foundation
import TestSupport
import XCTest

/// Issue 45 §1: the console examples of the README and `docs/*.md` that
/// read the shared corpus (`../shared`) print what the docs show, as
/// `DocExamplesTests` checks the offline ones.
final class DocExamplesCorpusTests: XCTestCase {
  func testEveryCorpusExamplePrintsWhatTheDocsShow() throws {
    _ = try SharedData.url("sanders-apple3.csv")
    let examples = try DocExamples.all().filter { $0.isRun && $0.needsCorpus }
    XCTAssertGreaterThanOrEqual(examples.count, 2, "\(examples.map(\.command))")
    try DocExamples.check(examples)
  }
}
