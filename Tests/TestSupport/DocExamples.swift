import Foundation
import XCTest

/// One `$ tweetalyze …` example of a ```` ```console ```` block in the
/// README or `docs/*.md`: the command and the lines shown under it.
package struct DocExample {
  /// The Markdown file, relative to the package root (`docs/output.md`).
  package var file: String
  /// The command after `$ `.
  package var command: String
  /// The lines shown under the command, up to the next command or the end
  /// of the block: what a terminal shows, stdout and stderr in the order
  /// written; a line `…` stands for any lines.
  package var shown: [String]
  /// Where `shown` starts in the file, 0-based.
  package var firstLine: Int

  /// Whether the example reads the shared corpus (`../shared`), so runs in
  /// the corpus tests.
  package var needsCorpus: Bool { command.contains("../shared") }

  /// Whether the example is run: one with no output shown only shows how a
  /// command is written (`eval --test mine.csv`).
  package var isRun: Bool { !shown.isEmpty }
}

/// The console examples of the docs, run against the built binary: so the
/// docs show what the binary prints.
///
/// After an intended change of an output, rewrite the examples' output and
/// review the diff (a `…` line is kept, with as many lines around it):
///
///     UPDATE_GOLDEN=1 swift test --filter 'DocExamples'
package enum DocExamples {
  /// The files searched: the README and every `docs/*.md`.
  package static func files() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: BinaryRunner.packageRoot.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
  }

  /// Every example of every file, in order.
  package static func all() throws -> [DocExample] {
    try files().flatMap { file in
      try examples(
        in: String(
          contentsOf: BinaryRunner.packageRoot.appendingPathComponent(file), encoding: .utf8),
        file: file)
    }
  }

  /// The examples in the Markdown `text` of `file`.
  package static func examples(in text: String, file: String) -> [DocExample] {
    var examples: [DocExample] = []
    var inConsole = false
    for (number, line) in lines(of: text).enumerated() {
      if line.hasPrefix("```") {
        inConsole = !inConsole && line == "```console"
        continue
      }
      guard inConsole else { continue }
      if line.hasPrefix("$ ") {
        examples.append(
          DocExample(
            file: file, command: String(line.dropFirst(2)), shown: [], firstLine: number + 1))
      } else if !examples.isEmpty {
        examples[examples.count - 1].shown.append(line)
      }
    }
    return examples
  }

  /// Runs `example` in a scratch directory holding `Fixtures` (a link to
  /// the package's), `tweetalyze` being the built binary and `../shared`
  /// the shared data; returns the run and what a terminal shows of it.
  package static func run(_ example: DocExample) throws -> (run: BinaryRun, printed: [String]) {
    let root = BinaryRunner.packageRoot
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createSymbolicLink(
      at: scratch.appendingPathComponent("Fixtures"),
      withDestinationURL: root.appendingPathComponent("Fixtures"))
    let shared = SharedData.directory.deletingLastPathComponent().path
    let command = example.command
      .replacingOccurrences(of: "tweetalyze ", with: "\"$T\" ")
      .replacingOccurrences(of: "../shared", with: shared)
    // Both outputs into one, in the order written, as a terminal shows them.
    let run = try BinaryRunner.shell(
      "{ \(command)\n} 2>&1", environment: ["T": try BinaryRunner.executable().path],
      directory: scratch)
    return (run, lines(of: run.stdout) + lines(of: run.stderr))
  }

  /// Whether `printed` is what `shown` shows: line by line, `…` standing
  /// for any lines.
  package static func matches(_ printed: [String], _ shown: [String]) -> Bool {
    let parts = shown.split(separator: "…", omittingEmptySubsequences: false).map(Array.init)
    guard parts.count > 1 else { return printed == shown }
    guard let first = parts.first, let last = parts.last,
      printed.starts(with: first), printed.count >= first.count + last.count,
      Array(printed.suffix(last.count)) == last
    else { return false }
    // The parts between two `…` in order, each after the one before.
    var position = first.count
    let end = printed.count - last.count
    for part in parts.dropFirst().dropLast() where !part.isEmpty {
      guard
        let at = (position..<max(position, end - part.count + 1)).first(where: {
          Array(printed[$0..<($0 + part.count)]) == part
        })
      else { return false }
      position = at + part.count
    }
    return true
  }

  /// `shown` redrawn from `printed`: all of it, or with a `…` as many
  /// lines before and after it as `shown` has.
  package static func redrawn(_ printed: [String], like shown: [String]) -> [String] {
    guard let at = shown.firstIndex(of: "…") else { return printed }
    let after = shown.count - at - 1
    guard printed.count > at + after else { return printed }
    return Array(printed.prefix(at)) + ["…"] + Array(printed.suffix(after))
  }

  /// Checks every example of `examples` (or, with `UPDATE_GOLDEN=1`,
  /// rewrites its output in its file).
  package static func check(
    _ examples: [DocExample], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
    var rewrites: [String: [(DocExample, [String])]] = [:]
    for example in examples where example.isRun {
      let (run, printed) = try self.run(example)
      let place = "\(example.file):\(example.firstLine): $ \(example.command)"
      let showsError = example.shown.contains { $0.hasPrefix("Error: ") }
      if update {
        rewrites[example.file, default: []].append(
          (example, redrawn(printed, like: example.shown)))
        continue
      }
      XCTAssertEqual(
        run.status == 0, !showsError, "\(place): \(run.stderr)", file: file, line: line)
      XCTAssertTrue(
        matches(printed, example.shown),
        "\(place) prints\n\(printed.joined(separator: "\n"))\n"
          + "but the docs show\n\(example.shown.joined(separator: "\n"))\n"
          + "If the change is intended: UPDATE_GOLDEN=1 swift test --filter DocExamples",
        file: file, line: line)
    }
    for (name, changes) in rewrites {
      let url = BinaryRunner.packageRoot.appendingPathComponent(name)
      var text = lines(of: try String(contentsOf: url, encoding: .utf8))
      // From the last, so that the earlier examples' lines stay where they are.
      for (example, lines) in changes.sorted(by: { $0.0.firstLine > $1.0.firstLine }) {
        text.replaceSubrange(
          example.firstLine..<(example.firstLine + example.shown.count), with: lines)
      }
      try Data((text.joined(separator: "\n") + "\n").utf8).write(to: url)
      print("Rewrote the examples of \(name)")
    }
  }

  /// The lines of `text`, without the final line break's empty line.
  static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
