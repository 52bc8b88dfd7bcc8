import Foundation
import TestSupport
import XCTest

/// Issue 45 §1: every console example of the README and `docs/*.md` that
/// runs offline prints what the docs show (``DocExamples``); those that
/// read `../shared` run in `CorpusTests`. So a change of output fails a
/// test until the docs follow. To rewrite the docs after an intended
/// change: `UPDATE_GOLDEN=1 swift test --filter DocExamples`, then review
/// the diff.
final class DocExamplesTests: XCTestCase {
  func testEveryOfflineExamplePrintsWhatTheDocsShow() throws {
    let examples = try DocExamples.all().filter { $0.isRun && !$0.needsCorpus }
    let files = Set(examples.map(\.file))
    for file in ["README.md", "docs/output.md", "docs/score.md"] {
      XCTAssertTrue(files.contains(file), "no example of \(file) is run: \(files)")
    }
    XCTAssertGreaterThanOrEqual(examples.count, 11, "\(examples.map(\.command))")
    try DocExamples.check(examples)
  }

  /// What an example block holds, and how `…` matches.
  func testExamplesAndTheirEllipsis() {
    let markdown = """
      ```sh
      $ not run
      ```
      ```console
      $ tweetalyze a
      one
      two
      $ tweetalyze b
      ```
      """
    let examples = DocExamples.examples(in: markdown, file: "x.md")
    XCTAssertEqual(examples.map(\.command), ["tweetalyze a", "tweetalyze b"])
    XCTAssertEqual(examples.map(\.shown), [["one", "two"], []])
    XCTAssertEqual(examples.map(\.firstLine), [5, 8])
    XCTAssertEqual(examples.map(\.isRun), [true, false])
    let printed = ["a", "b", "c", "d", "e"]
    XCTAssertTrue(DocExamples.matches(printed, printed))
    XCTAssertFalse(DocExamples.matches(printed, ["a", "b"]), "all of it, without …")
    XCTAssertTrue(DocExamples.matches(printed, ["a", "…"]))
    XCTAssertTrue(DocExamples.matches(printed, ["a", "…", "e"]))
    XCTAssertTrue(DocExamples.matches(printed, ["a", "…", "c", "…", "e"]))
    XCTAssertFalse(DocExamples.matches(printed, ["a", "…", "x", "…", "e"]))
    XCTAssertFalse(DocExamples.matches(printed, ["b", "…"]))
    XCTAssertFalse(DocExamples.matches(printed, ["…", "d"]))
    XCTAssertFalse(DocExamples.matches(["a"], ["a", "…", "a"]), "the ends do not overlap")
    XCTAssertEqual(DocExamples.redrawn(["x", "y", "z"], like: ["a", "…"]), ["x", "…"])
    XCTAssertEqual(DocExamples.redrawn(["x", "y", "z"], like: ["a", "b"]), ["x", "y", "z"])
  }
}
