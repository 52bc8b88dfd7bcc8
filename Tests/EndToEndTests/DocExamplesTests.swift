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

  /// Issue 45 §4: the README's install lines work on a fresh home, where
  /// `~/.local/bin` and the completion and manual folders do not exist yet
  /// (the build and `apt-get` lines left out: the binary is the built one).
  func testTheInstallLinesWorkInAFreshHome() throws {
    let readme = try String(
      contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let install = try XCTUnwrap(
      readme.components(separatedBy: "\n## ").first { $0.hasPrefix("Install\n") })
    var lines: [String] = []
    var inBlock = false
    for line in install.split(separator: "\n").map(String.init) {
      if line.hasPrefix("```") {
        inBlock = line == "```sh"
        continue
      }
      if inBlock && !line.hasPrefix("sudo ") && !line.hasPrefix("swift build") {
        lines.append(line)
      }
    }
    XCTAssertGreaterThanOrEqual(lines.count, 3, "\(lines)")
    let scratch = try BinaryRunner.temporaryDirectory(for: self)
    let release = scratch.appendingPathComponent(".build/release")
    try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: try BinaryRunner.executable(), to: release.appendingPathComponent("tweetalyze"))
    let home = scratch.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let script =
      "set -e\n"
      + lines.map { $0.hasPrefix("tweetalyze ") ? "\"$T\"" + $0.dropFirst(10) : $0 }
      .joined(separator: "\n")
    let run = try BinaryRunner.shell(
      script, environment: ["HOME": home.path, "T": try BinaryRunner.executable().path],
      directory: scratch)
    XCTAssertEqual(run.status, 0, "\(script)\n\(run.stderr)")
    for path in [
      ".local/bin/tweetalyze", ".local/share/bash-completion/completions/tweetalyze",
      ".local/share/man/man1/tweetalyze.1",
    ] {
      let size =
        try? FileManager.default.attributesOfItem(
          atPath: home.appendingPathComponent(path).path)[.size] as? Int
      XCTAssertGreaterThan(size ?? 0, 0, path)
    }
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
