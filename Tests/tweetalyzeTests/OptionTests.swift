import SentimentCore
import XCTest

@testable import tweetalyze

/// The option declarations (`Option.swift`, `CommandOptions.swift`): each
/// declared option is in its command's help, help prints the defaults from
/// the values in code, and mistakes name the option and what was typed.
final class OptionTests: XCTestCase {
  static let commands: [CommandName] = [.analyze, .train, .eval, .classify, .explain]

  /// The help line of `label` on `command`'s page, wrapped lines joined.
  static func helpText(of label: String, in command: CommandName) -> String? {
    let lines = Help.text(for: command).components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(label) ") || $0 == "  \(label)" })
    else { return nil }
    let continued = lines[(start + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: 26)) }
    return ([lines[start]] + continued).joined(separator: " ")
      .split(separator: " ").joined(separator: " ")
  }

  /// The `X` of the first `(default: X)` in `text`.
  static func printedDefault(_ text: String) -> String? {
    guard let start = text.range(of: "(default: ") else { return nil }
    var depth = 0
    var result = ""
    for character in text[start.upperBound...] {
      if character == "(" { depth += 1 }
      if character == ")" {
        if depth == 0 { return result }
        depth -= 1
      }
      result.append(character)
    }
    return nil
  }

  func testEveryDeclaredOptionIsInItsCommandsHelp() {
    for command in Self.commands {
      XCTAssertEqual(command.options.last?.name, "help", "\(command): --help comes last")
      for spec in command.options {
        let labels = spec.helpLines.map(\.label)
        for name in spec.names {
          XCTAssertTrue(
            labels.contains { $0.split(separator: " ").contains { $0 == name } },
            "\(command): no label for \(name)")
        }
        for label in labels {
          XCTAssertNotNil(Self.helpText(of: label, in: command), "\(command): no line for \(label)")
        }
      }
    }
  }

  /// A default in help is ``OptionSpec/display(_:)`` of the value the option
  /// writes when it is not given, read from the code, so that a changed
  /// default cannot leave the help behind. Every default that is not free
  /// text (author, license) is printed.
  func testPrintedDefaultsAreTheValuesInCode() throws {
    var checked = 0
    for command in Self.commands {
      for spec in command.options {
        guard case .value = spec.arity else { continue }
        let label = try XCTUnwrap(spec.helpLines.first?.label)
        let text = try XCTUnwrap(Self.helpText(of: label, in: command), label)
        guard let value = spec.defaultValue else {
          if let printed = Self.printedDefault(text) {
            XCTAssertNil(Double(printed), "\(command) \(label): a number written by hand")
          }
          continue
        }
        let printed = Self.printedDefault(text)
        if printed == nil && value is String { continue }
        XCTAssertEqual(printed, OptionSpec.display(value), "\(command) \(label)")
        checked += 1
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 10)
  }

  /// The same, against the values in the structs written out here.
  func testPrintedDefaultsOfEachOption() {
    let analyze = AnalyzeOptions(query: .mention("a"))
    let model = NaiveBayesOptions()
    let cases: [(CommandName, String, Any)] = [
      (.analyze, "--count N", analyze.limit),
      (.analyze, "--lang CODE", analyze.language!),
      (.analyze, "--timeout SECONDS", analyze.timeout),
      (.analyze, "--mentions [N]", 10),
      (.train, "--alpha A", model.alpha),
      (.train, "--priors uniform|data", model.priors),
      (.train, "--min-count N", model.minCount),
      (.train, "--lexicon-weight B", model.lexiconWeight),
      (.train, "--model-version TEXT", ModelMetadata().version),
      (.eval, "--folds K", 10),
      (.eval, "--seed N", EvalOptions().seed),
      (.eval, "--alpha A", model.alpha),
    ]
    for (command, label, value) in cases {
      let text = Self.helpText(of: label, in: command) ?? ""
      XCTAssertEqual(Self.printedDefault(text), OptionSpec.display(value), "\(command) \(label)")
    }
    XCTAssertEqual(EvalOptions().method, .folds(10))
  }

  func testTogglesMarkTheirDefaultSide() {
    let model = NaiveBayesOptions()
    for (name, on) in [
      ("binarized", model.binarized), ("complement", model.complement), ("bigrams", model.bigrams),
    ] {
      let marked = on ? "--\(name)" : "--no-\(name)"
      let unmarked = on ? "--no-\(name)" : "--\(name)"
      XCTAssertTrue(Self.helpText(of: marked, in: .train)?.hasSuffix("(default).") == true, marked)
      XCTAssertFalse(
        Self.helpText(of: unmarked, in: .train)?.contains("(default") ?? true, unmarked)
    }
  }

  /// Each declared option, mistyped by dropping its last letter, is
  /// suggested, on its own command.
  func testMistypedOptionsSuggestTheOption() {
    let prefixes: [CommandName: [String]] = [
      .analyze: ["@a"], .train: ["train", "d"], .eval: ["eval"], .classify: ["classify"],
      .explain: ["explain"],
    ]
    for command in Self.commands {
      for name in command.options.flatMap(\.names) {
        let typo = String(name.dropLast())
        do {
          let parsed = try CommandLineParser.parse((prefixes[command] ?? []) + [typo])
          XCTFail("\(command) \(typo) parsed as \(parsed)")
        } catch {
          XCTAssertEqual(error.command, command, typo)
          XCTAssertEqual(
            error.message, "Unknown option '\(typo)'. Did you mean '\(name)'?", "\(command)")
        }
      }
    }
  }

  /// A mistyped subcommand is suggested as a command, whatever follows it,
  /// and never as an option.
  func testMistypedSubcommandsSuggestTheSubcommand() {
    let cases: [([String], String)] = [
      (["trian", "x.csv"], "train"), (["trian", "x.csv", "--out", "m.json"], "train"),
      (["evl", "--split", "0.5"], "eval"), (["clasify", "--jsn"], "classify"),
      (["explian", "text"], "explain"), (["analyse", "@Apple"], "analyze"),
    ]
    for (arguments, command) in cases {
      do {
        let parsed = try CommandLineParser.parse(arguments)
        XCTFail("\(arguments) parsed as \(parsed)")
      } catch {
        XCTAssertEqual(
          error.message, "Unknown command '\(arguments[0])'. Did you mean '\(command)'?",
          "\(arguments)")
      }
    }
  }

  /// A refused value is named with its option and quoted as typed: `90`,
  /// not `90.0`.
  func testOutOfRangeValuesNameTheOptionAndWhatWasTyped() {
    let cases: [([String], String)] = [
      (["eval", "--split", "90"], "--split takes the training share"),
      (["eval", "--split", "1e0"], "--split takes the training share"),
      (["@a", "--timeout", "601"], "--timeout takes seconds"),
      (["@a", "--timeout", "-0"], "--timeout takes seconds"),
      (["train", "d", "--out", "m", "--alpha", "0"], "--alpha takes a number above 0"),
      (["eval", "--lexicon-weight", "-2"], "--lexicon-weight takes a number above 0"),
      (["@a", "--count", "10001"], "--count takes a whole number from 1 to 10000"),
      (["@a", "--mentions", "1001"], "--mentions takes a whole number from 1 to 1000"),
      (["eval", "--folds", "1"], "--folds takes a whole number from 2 to 1000"),
      (["eval", "--min-count", "0"], "--min-count takes a whole number from 1 to 1000000"),
      (["eval", "--seed", "-1"], "--seed takes a whole number from 0 to"),
      (["eval", "--priors", "Data"], "--priors takes 'uniform' or 'data'"),
      (["@a", "--lang", "e"], "--lang takes a language code"),
    ]
    for (arguments, message) in cases {
      let typed = arguments.last!
      do {
        let parsed = try CommandLineParser.parse(arguments)
        XCTFail("\(arguments) parsed as \(parsed)")
      } catch {
        XCTAssertTrue(error.message.hasPrefix(message), "\(arguments): \(error.message)")
        XCTAssertTrue(
          error.message.contains("(got \(typed))") || error.message.contains("(got '\(typed)')"),
          "\(arguments): \(error.message)")
      }
    }
  }

  /// An option's exclusions (``Option/excluding(_:_:)``) refuse it with
  /// options that write other values, in either order, after every value
  /// is read; with several, the first declared exclusion is reported.
  func testExcludedOptionsAreRefusedTogether() {
    let recordFixtures =
      "Give --record or --fixtures, not both: --record saves what the X API sends, "
      + "--fixtures replays it"
    let cases: [([String], String)] = [
      (["@a", "--record", "d", "--fixtures", "f"], recordFixtures),
      (["@a", "--fixtures", "f", "--record", "d"], recordFixtures),
      (["--source", "bluesky", "--input", "p.txt"], "Give --input or --source/--instance"),
      (["--input", "p.txt", "--instance", "i"], "Give --input or --source/--instance"),
      (["--input", "p.txt", "--record", "d", "--fixtures", "f"], "Give --input or --fixtures"),
      (["--record", "d", "--input", "p.txt"], "Give --input or --record"),
      (["--input", "p.txt", "--record", "d", "--count", "x"], "--count"),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try CommandLineParser.parse(arguments)) { error in
        XCTAssertTrue(
          (error as? UsageError)?.message.hasPrefix(message) == true, "\(arguments): \(error)")
      }
    }
    var option = AnalyzeOptions.options.first { $0.spec.name == "record" }
    XCTAssertEqual(option?.excludes.map(\.name), ["fixtures"])
    option = option?.excluding(["a", "b"], "m")
    XCTAssertEqual(option?.excludes.map(\.name), ["fixtures", "a", "b"])
  }

  /// Two options that write the same value are refused together, named in
  /// the order help lists them.
  func testOptionsWritingTheSameValueConflict() {
    for arguments in [["--folds", "5", "--split", "0.5"], ["--split", "0.5", "--folds", "5"]] {
      XCTAssertThrowsError(try CommandLineParser.parse(["eval"] + arguments)) { error in
        XCTAssertEqual((error as? UsageError)?.message, "Give --split or --folds, not both")
      }
    }
    XCTAssertEqual(
      try CommandLineParser.parse(["eval", "--folds", "5", "--folds", "6"]),
      .eval(EvalOptions(method: .folds(6))), "the same option twice: the last wins")
  }

  func testEmbeddedOptionsWriteIntoTheOuterSettings() throws {
    let alpha = try XCTUnwrap(TrainingSettings.options.first { $0.spec.name == "alpha" })
    var options = TrainOptions.defaults
    try alpha.embedded(in: \TrainOptions.training).apply(&options, "2")
    XCTAssertEqual(options.training.options.alpha, 2)
    XCTAssertEqual(
      alpha.embedded(in: \TrainOptions.training).target, \TrainOptions.training.options.alpha)
  }
}
