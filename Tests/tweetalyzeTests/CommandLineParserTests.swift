import SentimentCore
import XCTest

@testable import tweetalyze

/// `CommandLineParser.parse` as a pure function: arguments in, a `Command` or
/// a `UsageError` out. Defaults are taken from the option structs, not
/// repeated here, so that retuning them does not break these tests.
final class CommandLineParserTests: XCTestCase {

  // MARK: Helpers

  func parse(
    _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) -> Command? {
    do {
      return try CommandLineParser.parse(arguments)
    } catch {
      XCTFail("\(arguments): \(error.message)", file: file, line: line)
      return nil
    }
  }

  /// The usage error for `arguments`; fails when they parse.
  func usageError(
    _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) -> UsageError? {
    do {
      let command = try CommandLineParser.parse(arguments)
      XCTFail("\(arguments) parsed as \(command)", file: file, line: line)
      return nil
    } catch {
      return error
    }
  }

  /// Asserts that `arguments` are refused for `command` with a message
  /// containing each of `parts`.
  func assertRefused(
    _ arguments: [String], command: CommandName?, _ parts: String...,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let error = usageError(arguments, file: file, line: line) else { return }
    XCTAssertEqual(error.command, command, "\(arguments)", file: file, line: line)
    for part in parts {
      XCTAssertTrue(
        error.message.contains(part), "\(arguments): '\(error.message)' lacks '\(part)'",
        file: file, line: line)
    }
  }

  func analyze(
    _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) -> AnalyzeOptions? {
    guard let command = parse(arguments, file: file, line: line) else { return nil }
    guard case .analyze(let options) = command else {
      XCTFail("\(arguments) parsed as \(command)", file: file, line: line)
      return nil
    }
    return options
  }

  func train(
    _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) -> TrainOptions? {
    guard let command = parse(["train"] + arguments, file: file, line: line) else { return nil }
    guard case .train(let options) = command else {
      XCTFail("\(arguments) parsed as \(command)", file: file, line: line)
      return nil
    }
    return options
  }

  func eval(
    _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) -> EvalOptions? {
    guard let command = parse(["eval"] + arguments, file: file, line: line) else { return nil }
    guard case .eval(let options) = command else {
      XCTFail("\(arguments) parsed as \(command)", file: file, line: line)
      return nil
    }
    return options
  }

  // MARK: analyze

  func testAnalyzeIsTheDefaultCommand() {
    XCTAssertEqual(parse(["@Apple"]), .analyze(AnalyzeOptions(query: .mention("Apple"))))
    XCTAssertEqual(parse(["#WWDC"]), .analyze(AnalyzeOptions(query: .hashtag("WWDC"))))
    XCTAssertEqual(parse(["analyze", "@Apple"]), parse(["@Apple"]))
    XCTAssertEqual(parse(["#café_2"]), .analyze(AnalyzeOptions(query: .hashtag("café_2"))))
    XCTAssertEqual(
      parse(["@" + String(repeating: "a", count: 15)]),
      .analyze(AnalyzeOptions(query: .mention(String(repeating: "a", count: 15)))))
  }

  func testAnalyzeOptions() {
    var expected = AnalyzeOptions(query: .mention("Apple"))
    expected.fixtures = "Fixtures/tweets"
    expected.count = 50
    expected.model = "m.json"
    expected.json = true
    XCTAssertEqual(
      analyze([
        "@Apple", "--fixtures", "Fixtures/tweets", "--count", "50", "--model", "m.json", "--json",
      ]),
      expected)
    // Options may come before the query, and in the --opt=value form.
    XCTAssertEqual(
      analyze(["--json", "--count=50", "--fixtures=Fixtures/tweets", "--model=m.json", "@Apple"]),
      expected)
    // The last value of a repeated option wins.
    XCTAssertEqual(analyze(["@a", "--count", "3", "--count", "4"])?.count, 4)
  }

  func testCountBounds() {
    XCTAssertEqual(analyze(["@a", "--count", "1"])?.count, 1)
    XCTAssertEqual(analyze(["@a", "--count", "10000"])?.count, 10_000)
    for bad in ["0", "10001", "-1", "abc", "1.5", ""] {
      assertRefused(
        ["@a", "--count", bad], command: .analyze,
        "--count takes a whole number from 1 to 10000 (got '\(bad)')")
    }
    assertRefused(["@a", "--count="], command: .analyze, "--count takes a whole number")
  }

  func testSourcesTakeTheirOwnQueries() {
    XCTAssertEqual(analyze(["#a"])?.source, .x)
    let bluesky = analyze(["@alice.bsky.social", "#b", "climate change", "--source", "bluesky"])
    XCTAssertEqual(bluesky?.source, .bluesky)
    XCTAssertEqual(
      bluesky?.queries,
      [.mention("alice.bsky.social"), .hashtag("b"), .phrase("climate change")])
    XCTAssertEqual(analyze(["@bob", "--source=bluesky"])?.query, .mention("bob.bsky.social"))
    XCTAssertEqual(analyze([#""a phrase""#, "--source", "bluesky"])?.query, .phrase("a phrase"))
    assertRefused(["@-x-", "--source", "bluesky"], command: .analyze, "Invalid query '@-x-'")
    // X keeps its rules: a Bluesky handle is no X handle.
    assertRefused(["@alice.bsky.social"], command: .analyze, "Invalid query '@alice.bsky.social'")
    let mastodon = analyze(["#a", "--source", "mastodon", "--instance", "https://m.example"])
    XCTAssertEqual(mastodon?.source, .mastodon)
    XCTAssertEqual(mastodon?.instance, "https://m.example")
    assertRefused(
      ["@ann", "--source", "mastodon"], command: .analyze, "Mastodon cannot search @ann")
    assertRefused(
      ["two words", "--source", "mastodon"], command: .analyze,
      #"Mastodon cannot search "two words""#)
    assertRefused(
      ["#a", "--instance", "https://m.example"], command: .analyze, "--source mastodon")
    assertRefused(["#a", "--source", "threads"], command: .analyze, "'x', 'bluesky' or 'mastodon'")
    assertRefused(
      ["--input", "f", "--source", "bluesky"], command: .analyze, "--input or --source")
  }

  func testHTTPOptions() {
    let defaults = AnalyzeOptions(query: .mention("a"))
    var expected = defaults
    expected.tokenFile = "tok"
    expected.language = "de"
    expected.includeRetweets = true
    expected.wait = true
    expected.timeout = 600
    expected.record = "rec"
    XCTAssertEqual(
      analyze([
        "@a", "--token-file", "tok", "--lang=de", "--include-retweets", "--wait", "--timeout",
        "600", "--record", "rec",
      ]), expected)
    XCTAssertNil(analyze(["@a", "--lang", "ANY"])?.language)
    XCTAssertEqual(analyze(["@a", "--lang", "zh-TW"])?.language, "zh-TW")
    assertRefused(["@a", "--lang", "e"], command: .analyze, "--lang takes a language code", "'e'")
    assertRefused(["@a", "--lang", "en-"], command: .analyze, "--lang takes a language code")
    assertRefused(["@a", "--timeout", "600.5"], command: .analyze, "--timeout takes seconds")
    assertRefused(["@a", "--timeout", "-1"], command: .analyze, "--timeout takes seconds")
    assertRefused(["@a", "--timeout", "inf"], command: .analyze, "--timeout takes a number")
    assertRefused(
      ["@a", "--fixtures", "f", "--record", "r"], command: .analyze, "--record or --fixtures")
    XCTAssertEqual(
      analyze(["@a", "#b", "@c"])?.queries, [.mention("a"), .hashtag("b"), .mention("c")])
    assertRefused(["@a", "b"], command: .analyze, "Invalid query 'b'")
    XCTAssertEqual(parse([]), .shortHelp, "no arguments: the short help")
    assertRefused(["analyze"], command: .analyze, "Missing query", "quote a #tag")
  }

  func testOptionsBeforeTheCommandAreItsOwn() {
    XCTAssertEqual(parse(["--json", "classify", "hi"]), parse(["classify", "--json", "hi"]))
    XCTAssertEqual(
      parse(["-q", "train", "d.csv", "--out", "m"]), parse(["train", "-q", "d.csv", "--out", "m"]))
    XCTAssertEqual(parse(["--help", "eval"]), .help(.eval))
    XCTAssertEqual(analyze(["--input", "train"])?.inputs, ["train"], "a file named train")
    assertRefused(
      ["--model", "m.json", "classify", "hi"], command: .analyze,
      "'classify' is a command: give it first")
    assertRefused(["version"], command: .analyze, "Did you mean '--version'?")
    assertRefused(["classify", "-bad"], command: .classify, "tweetalyze classify -- '-bad'")
    assertRefused(["explain", "-x y"], command: .explain, "tweetalyze explain -- '-x y'")
  }

  func testAChartIsAnSVGFile() {
    assertRefused(["@a", "--trend", "--plot", "x.png"], command: .analyze, "ending in .svg")
    XCTAssertEqual(analyze(["@a", "--trend", "--plot", "x.SVG"])?.plot, "x.SVG")
    XCTAssertEqual(analyze(["@a", "--trend", "--plot", "/dev/stdout"])?.plot, "/dev/stdout")
  }

  /// Issue 45 §3: a near miss of a value, as of an option, names the one
  /// meant.
  func testAChoiceSuggestsTheValueMeant() {
    assertRefused(
      ["@a", "--trend", "--by", "days"], command: .analyze,
      "--by takes 'hour', '6h', '12h', 'day' or 'week' (got 'days'). Did you mean 'day'?")
    assertRefused(["@a", "--estimator", "adjustd"], command: .analyze, "Did you mean 'adjusted'?")
    XCTAssertFalse(
      usageError(["@a", "--trend", "--by", "month"])?.message.contains("Did you mean") ?? true)
  }

  /// Issue 45 §4: `--since` and `--until` take a date or a time, in order;
  /// a window X's recent search cannot reach (older than 7 days) is a usage
  /// error for X, not for Bluesky or recorded posts.
  func testSinceAndUntil() throws {
    let day = try XCTUnwrap(TweetDate.parseISO8601("2026-06-08T00:00:00Z"))
    let window = analyze(
      ["@a", "--source", "bluesky", "--since", "2026-06-08", "--until", "2026-06-09T12:00:00Z"]
    )?.window
    XCTAssertEqual(window?.since, day)
    XCTAssertEqual(window?.until, day.addingTimeInterval(36 * 3_600))
    assertRefused(
      ["@a", "--since", "last week"], command: .analyze,
      "--since takes a date, YYYY-MM-DD (midnight UTC) or YYYY-MM-DDTHH:MM:SSZ (got 'last week')")
    assertRefused(
      ["@a", "--source", "bluesky", "--since", "2026-06-09", "--until", "2026-06-08"],
      command: .analyze, "is not before --until")
    let month = ISO8601.string(Date().addingTimeInterval(-30 * 86_400))
    assertRefused(
      ["@a", "--since", month], command: .analyze, "before what X's recent search reaches",
      "--source bluesky")
    assertRefused(
      ["@a", "--source", "bluesky", "--since", "2999-01-01"], command: .analyze,
      "is in the future")
    XCTAssertNotNil(analyze(["@a", "--source", "bluesky", "--since", month]))
    XCTAssertNotNil(analyze(["@a", "--fixtures", "f", "--since", "2001-01-01"]))
    XCTAssertNotNil(analyze(["--input", "f", "--until", "2001-01-01"]))
    let yesterday = ISO8601.string(Date().addingTimeInterval(-86_400))
    XCTAssertNotNil(analyze(["@a", "--since", yesterday]), "X, within its 7 days")
  }

  func testInvalidQueries() {
    assertRefused(["apple"], command: .analyze, "Invalid query 'apple'", "did you mean '@apple'?")
    assertRefused(["@a[b"], command: .analyze, "Invalid query '@a[b'", "A-Z, a-z, 0-9 and _")
    let long = "@" + String(repeating: "x", count: 16)
    assertRefused([long], command: .analyze, "Invalid query '\(long)'", "at most 15")
    assertRefused(["#123"], command: .analyze, "Invalid query '#123'", "only digits")
    assertRefused(["@"], command: .analyze, "Invalid query '@'", "no name after @")
    assertRefused(["#"], command: .analyze, "Invalid query '#'", "no tag after #")
    assertRefused(["#a-b"], command: .analyze, "Invalid query '#a-b'")
    for query in ["apple", "@a[b", long, "#123"] {
      XCTAssertTrue(
        usageError([query])?.message.contains("Expected @name (1-15 letters, digits or _)") == true,
        query)
    }
  }

  // MARK: train

  func testTrainRequiresDataAndOut() {
    XCTAssertEqual(
      train(["d.csv", "--out", "m.json"]), TrainOptions(data: "d.csv", output: "m.json"))
    XCTAssertEqual(train(["--out=m.json", "d.csv"]), TrainOptions(data: "d.csv", output: "m.json"))
    XCTAssertEqual(train(["-", "--out", "m.json"])?.data, "-", "- is stdin")
    XCTAssertEqual(train(["d.csv", "--out", "m.json"])?.trainingAccuracy, false)
    XCTAssertEqual(
      train(["d.csv", "--out", "m.json", "--training-accuracy"])?.trainingAccuracy, true)
    assertRefused(["train", "d.csv"], command: .train, "Missing --out")
    assertRefused(["train", "--out", "m.json"], command: .train, "Missing data file")
    assertRefused(["train"], command: .train, "Missing data file")
    assertRefused(
      ["train", "a.csv", "b.csv", "--out", "m"], command: .train, "Unexpected argument 'b.csv'")
  }

  func testTrainModelOptions() {
    var expected = TrainOptions(data: "d", output: "m")
    expected.training.options.alpha = 0.5
    expected.training.options.binarized = !NaiveBayesOptions().binarized
    expected.training.options.complement = !NaiveBayesOptions().complement
    expected.training.options.priors = NaiveBayesOptions().priors == .data ? .uniform : .data
    expected.training.options.bigrams = !NaiveBayesOptions().bigrams
    expected.training.options.minCount = 3
    expected.training.columns = TrainingDataColumns(text: "Body", label: "Mood")
    XCTAssertEqual(
      train([
        "d", "--out", "m", "--alpha", "0.5",
        NaiveBayesOptions().binarized ? "--no-binarized" : "--binarized",
        NaiveBayesOptions().complement ? "--no-complement" : "--complement",
        "--priors", expected.training.options.priors.rawValue,
        NaiveBayesOptions().bigrams ? "--no-bigrams" : "--bigrams",
        "--min-count", "3", "--text-column", "Body", "--label-column", "Mood",
      ]), expected)
    for (on, off) in [
      ("--binarized", "--no-binarized"), ("--complement", "--no-complement"),
      ("--bigrams", "--no-bigrams"),
    ] {
      let name = String(on.dropFirst(2))
      let yes = train(["d", "--out", "m", on])?.training.options
      let no = train(["d", "--out", "m", off])?.training.options
      XCTAssertNotEqual(yes, no, name)
      assertRefused(
        ["train", "d", "--out", "m", on, off], command: .train, "Give \(on) or \(off), not both")
      assertRefused(["eval", off, on], command: .eval, "Give \(on) or \(off), not both")
    }
    XCTAssertEqual(train(["d", "--out", "m", "--binarized"])?.training.options.binarized, true)
    XCTAssertEqual(train(["d", "--out", "m", "--no-binarized"])?.training.options.binarized, false)
    XCTAssertEqual(
      train(["d", "--out", "m", "--priors", "uniform"])?.training.options.priors, .uniform)
    XCTAssertEqual(train(["d", "--out", "m", "--priors", "data"])?.training.options.priors, .data)
    XCTAssertEqual(train(["d", "--out", "m", "--alpha", "1e-3"])?.training.options.alpha, 0.001)
  }

  func testTrainValueErrors() {
    for bad in ["0", "-1", "nan", "inf", "abc"] {
      assertRefused(
        ["train", "d", "--out", "m", "--alpha", bad], command: .train, "--alpha takes a number")
    }
    assertRefused(
      ["train", "d", "--out", "m", "--priors", "flat"], command: .train,
      "--priors takes 'uniform' or 'data' (got 'flat')")
    assertRefused(
      ["train", "d", "--out", "m", "--min-count", "0"], command: .train,
      "--min-count takes a whole number")
    assertRefused(["eval", "--alpha", "0"], command: .eval, "--alpha takes a number above 0")
  }

  func testLexiconOptions() {
    XCTAssertNil(train(["d", "--out", "m"])?.training.lexicon, "the built-in lexicon")
    XCTAssertEqual(train(["d", "--out", "m"])?.training.options.lexiconWeight, 1000)
    XCTAssertEqual(train(["d", "--out", "m", "--lexicon", "l.csv"])?.training.lexicon, "l.csv")
    XCTAssertEqual(
      train(["d", "--out", "m", "--lexicon-weight", "250"])?.training.options.lexiconWeight, 250)
    XCTAssertEqual(
      train(["d", "--out", "m", "--no-lexicon"])?.training.options.lexiconWeight, 0)
    for bad in ["0", "-5", "nan", "x"] {
      assertRefused(
        ["train", "d", "--out", "m", "--lexicon-weight", bad], command: .train,
        "--lexicon-weight takes a number")
    }
    assertRefused(
      ["train", "d", "--out", "m", "--no-lexicon", "--lexicon", "l.csv"], command: .train,
      "Give --no-lexicon or --lexicon/--lexicon-weight, not both")
    assertRefused(
      ["eval", "d", "--lexicon-weight", "5", "--no-lexicon"], command: .eval,
      "Give --no-lexicon or --lexicon/--lexicon-weight, not both")
    assertRefused(
      ["train", "-", "--out", "m", "--lexicon", "-"], command: .train,
      "Standard input can hold the data or the lexicon, not both")
  }

  func testDisableTokenizerSteps() {
    let settings = train([
      "d", "--out", "m", "--disable", "urls,squeeze-repeats", "--disable", "emoji",
    ])?
    .training.tokenizer
    var expected = TokenizerSettings()
    expected.urls = false
    expected.squeezeRepeats = false
    expected.emoji = false
    XCTAssertEqual(settings, expected)
    // Every step named in the help can be switched off, one at a time.
    for field in TokenizerSettings().fields {
      let step = field.name.replacingOccurrences(of: "_", with: "-")
      let disabled = train(["d", "--out", "m", "--disable=\(step)"])?.training.tokenizer
      let expected = TokenizerSettings().fields.map { $0.name == field.name ? false : $0.value }
      XCTAssertEqual(disabled?.fields.map(\.value), expected, "only \(step) is switched off")
    }
    assertRefused(
      ["train", "d", "--out", "m", "--disable", "urls,negatoin"], command: .train,
      "--disable: unknown tokenizer step 'negatoin'", "Did you mean 'negation'?",
      "squeeze-repeats")
    assertRefused(
      ["eval", "--disable", "squeeze-repeat"], command: .eval, "Did you mean 'squeeze-repeats'?")
    assertRefused(["eval", "--disable", "xyzzy"], command: .eval, "unknown tokenizer step 'xyzzy'")
    XCTAssertFalse(
      usageError(["eval", "--disable", "xyzzy"])?.message.contains("Did you mean") ?? true)
  }

  func testTrainMetadata() {
    var expected = TrainOptions(data: "d", output: "m")
    expected.metadata.author = "Ada"
    expected.metadata.description = "For tests"
    expected.metadata.version = "2.1"
    expected.metadata.license = "MIT"
    XCTAssertEqual(
      train([
        "d", "--out", "m", "--author", "Ada", "--description", "For tests", "--model-version",
        "2.1", "--license=MIT",
      ]), expected)
    XCTAssertEqual(train(["d", "--out", "m"])?.metadata, ModelMetadata())
  }

  // MARK: eval

  func testEvalDefaults() {
    let options = eval([])
    XCTAssertEqual(options, EvalOptions())
    XCTAssertNil(options?.data, "no data: $TWEETALYZE_DATA is read when running")
    XCTAssertEqual(options?.method, .folds(10), "the help says --folds defaults to 10")
    XCTAssertEqual(options?.seed, 5, "the help says --seed defaults to 5")
    XCTAssertEqual(options?.json, false)
    XCTAssertEqual(eval(["d.csv"])?.data, "d.csv")
    XCTAssertEqual(eval(["-"])?.data, "-")
    assertRefused(["eval", "a", "b"], command: .eval, "Unexpected argument 'b'")
  }

  func testEvalSplitBounds() {
    XCTAssertEqual(eval(["--split", "0.8"])?.method, .split(fraction: 0.8))
    XCTAssertEqual(eval(["--split=0.001"])?.method, .split(fraction: 0.001))
    XCTAssertEqual(eval(["--split", "0.999"])?.method, .split(fraction: 0.999))
    for bad in ["0", "1", "-0.5", "1.5", "0.0", "1.0"] {
      assertRefused(["eval", "--split", bad], command: .eval, "--split takes the training share")
    }
    for bad in ["nan", "half", "inf"] {
      assertRefused(
        ["eval", "--split", bad], command: .eval, "--split takes a number (got '\(bad)')")
    }
  }

  func testEvalFoldsAndSeed() {
    XCTAssertEqual(eval(["--folds", "2"])?.method, .folds(2))
    XCTAssertEqual(eval(["--folds", "1000"])?.method, .folds(1000))
    for bad in ["1", "0", "1001", "x"] {
      assertRefused(
        ["eval", "--folds", bad], command: .eval, "--folds takes a whole number from 2 to 1000")
    }
    assertRefused(
      ["eval", "--split", "0.8", "--folds", "5"], command: .eval,
      "Give --split or --folds, not both")
    assertRefused(["eval", "--folds", "5", "--split", "0.8"], command: .eval, "not both")
    XCTAssertEqual(eval(["--seed", "0"])?.seed, 0)
    XCTAssertEqual(eval(["--seed", "18446744073709551615"])?.seed, UInt64.max)
    for bad in ["-1", "18446744073709551616", "1.5", "abc"] {
      assertRefused(
        ["eval", "--seed", bad], command: .eval, "--seed takes a whole number", "'\(bad)'")
    }
    var expected = EvalOptions(data: "d.csv")
    expected.method = .split(fraction: 0.75)
    expected.seed = 42
    expected.json = true
    expected.training.options.alpha = 2
    XCTAssertEqual(
      eval(["d.csv", "--split", "0.75", "--seed", "42", "--json", "--alpha", "2"]), expected)
  }

  // MARK: classify

  func testClassify() {
    XCTAssertEqual(parse(["classify"]), .classify(ClassifyOptions()))
    XCTAssertEqual(
      parse(["classify", "I love it", "meh", "--json", "--model", "m.json"]),
      .classify(
        ClassifyOptions(input: TextInput(texts: ["I love it", "meh"]), model: "m.json", json: true))
    )
    XCTAssertEqual(
      parse(["classify", "--", "--json", "-h", "-x"]),
      .classify(ClassifyOptions(input: TextInput(texts: ["--json", "-h", "-x"]))),
      "after --, options are texts")
    XCTAssertEqual(
      parse(["classify", "--json", "--", "a", "--", "b"]),
      .classify(ClassifyOptions(input: TextInput(texts: ["a", "--", "b"]), json: true)))
    XCTAssertEqual(
      parse(["classify", "-"]), .classify(ClassifyOptions(input: TextInput(texts: ["-"]))))
    assertRefused(["classify", "--model"], command: .classify, "Missing value for '--model PATH'")
  }

  // MARK: help and version

  func testHelpCommand() {
    XCTAssertEqual(parse(["help"]), .help(nil))
    XCTAssertEqual(parse(["help", "help"]), .help(.help))
    for name in CommandName.allCases where name != .help {
      XCTAssertEqual(parse(["help", name.rawValue]), .help(name))
    }
    assertRefused(["help", "nope"], command: .help, "Unknown command 'nope'")
    XCTAssertFalse(usageError(["help", "nope"])?.message.contains("Did you mean") ?? true)
    assertRefused(
      ["help", "trian"], command: .help, "Unknown command 'trian'. Did you mean 'train'?")
  }

  /// `help train extra` names the extra argument; `train` is a known command.
  func testHelpWithAnExtraArgumentNamesIt() {
    guard let error = usageError(["help", "train", "extra"]) else { return }
    XCTAssertEqual(error.command, .help)
    XCTAssertTrue(error.message.contains("'extra'"), error.message)
    XCTAssertFalse(error.message.contains("Unknown command 'train'"), error.message)
  }

  func testHelpFlagOnEveryCommand() {
    XCTAssertEqual(parse(["--help"]), .help(nil))
    XCTAssertEqual(parse(["-h"]), .help(nil))
    XCTAssertEqual(parse(["@Apple", "--help"]), .help(.analyze))
    XCTAssertEqual(parse(["@Apple", "-h"]), .help(.analyze))
    for name in [CommandName.analyze, .train, .eval, .classify] {
      for flag in ["--help", "-h"] {
        XCTAssertEqual(parse([name.rawValue, flag]), .help(name), "\(name) \(flag)")
      }
    }
    // Help wins over missing required arguments.
    XCTAssertEqual(parse(["train", "--out", "m", "--help"]), .help(.train))
    assertRefused(["train", "--help=yes"], command: .train, "Option '--help' takes no value")
  }

  func testVersion() {
    XCTAssertEqual(parse(["--version"]), .version)
  }

  // MARK: Unknown and malformed options

  func testFlagsTakeNoValue() {
    assertRefused(["@a", "--json=yes"], command: .analyze, "Option '--json' takes no value")
    assertRefused(["eval", "--bigrams=1"], command: .eval, "Option '--bigrams' takes no value")
  }

  /// Every option that takes a value, given last without one.
  func testMissingValues() {
    let prefixes: [CommandName: [String]] = [
      .analyze: ["@a"], .train: ["train", "d", "--out", "m"], .eval: ["eval"],
      .classify: ["classify"],
    ]
    for (command, prefix) in prefixes {
      for spec in command.options {
        guard case .value(let placeholder) = spec.arity else { continue }
        assertRefused(
          prefix + ["--\(spec.name)"], command: command,
          "Missing value for '--\(spec.name) \(placeholder)'")
      }
    }
  }

  func testUnknownOptionsSuggest() {
    let cases: [([String], CommandName, String, String?)] = [
      (["@a", "--cout", "5"], .analyze, "--cout", "--count"),
      (["--cout", "5", "@a"], .analyze, "--cout", "--count"),
      (["@a", "--fixture", "f"], .analyze, "--fixture", "--fixtures"),
      (["train", "d", "--aplha", "1"], .train, "--aplha", "--alpha"),
      (["train", "d", "--outt", "m"], .train, "--outt", "--out"),
      (["eval", "--fold", "5"], .eval, "--fold", "--folds"),
      (["classify", "--jsn"], .classify, "--jsn", "--json"),
      (["@a", "--zzzzzzzz"], .analyze, "--zzzzzzzz", nil),
      (["@a", "-x"], .analyze, "-x", nil),
      (["eval", "-hh"], .eval, "-hh", nil),
    ]
    for (arguments, command, option, suggestion) in cases {
      assertRefused(arguments, command: command, "Unknown option '\(option)'")
      let message = usageError(arguments)?.message ?? ""
      if let suggestion {
        XCTAssertTrue(message.hasSuffix(". Did you mean '\(suggestion)'?"), message)
      } else {
        XCTAssertFalse(message.contains("Did you mean"), message)
      }
    }
    // Options of other commands are unknown here.
    assertRefused(["classify", "--count", "5"], command: .classify, "Unknown option '--count'")
    assertRefused(["@a", "--out", "m"], command: .analyze, "Unknown option '--out'")
  }

  func testUnknownCommandSuggests() {
    assertRefused(["trian"], command: .analyze, "Unknown command 'trian'. Did you mean 'train'?")
    assertRefused(["evl"], command: .analyze, "Did you mean 'eval'?")
    assertRefused(["clasify"], command: .analyze, "Did you mean 'classify'?")
    XCTAssertFalse(usageError(["trian"])?.message.contains("@trian") ?? true)
  }

  // MARK: editDistance and suggestion

  func testEditDistance() {
    let cases: [(String, String, Int)] = [
      ("", "", 0), ("abc", "", 3), ("", "abc", 3), ("abc", "abc", 0), ("kitten", "sitting", 3),
      ("flaw", "lawn", 2), ("--cout", "--count", 1), ("trian", "train", 2), ("a", "b", 1),
      ("café", "cafe", 1), ("ab", "ba", 2), ("intention", "execution", 5),
    ]
    for (a, b, distance) in cases {
      XCTAssertEqual(Suggestion.editDistance(a, b), distance, "\(a) → \(b)")
      XCTAssertEqual(Suggestion.editDistance(b, a), distance, "\(b) → \(a)")
    }
  }

  func testSuggestion() {
    XCTAssertEqual(
      Suggestion.text(for: "TRIAN", among: ["train", "eval"]),
      ". Did you mean 'train'?")
    XCTAssertEqual(Suggestion.text(for: "zzzzzz", among: ["train", "eval"]), "")
    XCTAssertEqual(Suggestion.text(for: "x", among: []), "")
  }
}

extension CommandLineParserTests {
  /// `compare`: queries in order, or one set per `--input`; analyze's
  /// fetching options; two sets at least, not both kinds.
  func testCompare() throws {
    guard case .compare(let queries)? = parse(["compare", "@united", "@delta", "--count", "50"])
    else { return XCTFail("not compare") }
    XCTAssertEqual(queries.analysis.queries, [.mention("united"), .mention("delta")])
    XCTAssertEqual(queries.analysis.count, 50)
    XCTAssertEqual(queries.setCount, 2)
    guard case .compare(let files)? = parse(["compare", "--input", "a.csv", "--input", "b.csv"])
    else { return XCTFail("not compare") }
    XCTAssertEqual(files.analysis.inputs, ["a.csv", "b.csv"])
    XCTAssertEqual(files.setCount, 2)
    XCTAssertEqual(
      usageError(["compare", "@united"])?.message, CommandLineParser.missingSets)
    XCTAssertEqual(usageError(["compare", "@united"])?.command, .compare)
    XCTAssertEqual(
      usageError(["compare", "@a", "--input", "b.csv"])?.message,
      "Give queries or --input files, not both: each is one set to compare")
    XCTAssertEqual(
      usageError(["compare", "@a", "@b", "--trend"])?.message.hasPrefix("Unknown option '--trend'"),
      true, "compare takes no sections")
    XCTAssertEqual(parse(["compare", "--help"]), .help(.compare))
  }
}
