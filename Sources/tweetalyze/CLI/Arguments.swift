import SentimentCore

/// A command line that could not be understood; printed as `Error: …` with
/// the command's usage, exit status 64.
struct UsageError: Error, Equatable {
  /// What was wrong, and what to do instead.
  var message: String
  /// The command whose usage to show (`nil` for the root).
  var command: CommandName?
}

/// The subcommands.
enum CommandName: String, CaseIterable, Equatable {
  case analyze, train, eval, classify, explain, help
}

/// What the user asked for: the result of parsing, run by ``Tweetalyze``.
enum Command: Equatable {
  case analyze(AnalyzeOptions)
  case train(TrainOptions)
  case eval(EvalOptions)
  case classify(ClassifyOptions)
  case explain(ExplainOptions)
  /// Help for a command (`nil`: the overview).
  case help(CommandName?)
  case version
  /// `--version --json`: `{"version":"0.1.0"}`.
  case versionJSON
}

/// `tweetalyze QUERY`.
struct AnalyzeOptions: Equatable {
  var query: SearchQuery
  var fixtures: String?
  var count = 100
  var model: String?
  var json = false
  /// A file holding the bearer token (else the environment).
  var tokenFile: String?
  /// The `lang:` code; `nil` for any language.
  var language: String? = "en"
  var includeRetweets = false
  /// Wait for the rate limit window to reset, once.
  var wait = false
  /// Seconds to wait for each answer from the API.
  var timeout: Double = 30
  /// Where to record the raw response pages.
  var record: String?
  /// Print every analyzed tweet before the score line.
  var tweets = false
  /// Print the breakdown of the score under the score line.
  var details = false
  /// Show the N most frequent @users and #hashtags (`nil`: not asked).
  var mentions: Int?
  /// Show the sentiment per day or hour and its slope.
  var trend = false
  /// Nothing on stderr but errors.
  var quiet = false
}

/// Settings shared by `train` and `eval`: what a model is trained with.
struct TrainingSettings: Equatable {
  var tokenizer = TokenizerSettings()
  var options = NaiveBayesOptions()
  var columns = TrainingDataColumns()
  /// A lexicon CSV to use instead of the built-in one.
  var lexicon: String?
}

/// `tweetalyze train`.
struct TrainOptions: Equatable {
  var data: String
  var output: String
  var training = TrainingSettings()
  var metadata = ModelMetadata()
  var json = false
  /// Print no summary on stderr (errors still go there).
  var quiet = false
  /// Read the data a second time to score the model on it.
  var trainingAccuracy = false
}

/// How `eval` holds data out.
enum EvalMethod: Equatable {
  case split(fraction: Double)
  case folds(Int)
}

/// `tweetalyze eval`.
struct EvalOptions: Equatable {
  /// The data file; `nil` means `$TWEETALYZE_DATA`.
  var data: String?
  var method = EvalMethod.folds(10)
  var seed: UInt64 = 5
  var json = false
  var training = TrainingSettings()
}

/// `tweetalyze explain`.
struct ExplainOptions: Equatable {
  /// The texts; empty means standard input, one text per line.
  var texts: [String] = []
  var model: String?
  var json = false
}

/// `tweetalyze classify`.
struct ClassifyOptions: Equatable {
  /// The texts; empty means standard input, one text per line.
  var texts: [String] = []
  var model: String?
  var json = false
}

/// One option a command accepts.
struct OptionSpec {
  var name: String
  var short: Character? = nil
  /// The value's placeholder (`N`, `PATH`); `nil` for a flag.
  var value: String? = nil
  var help: String
  /// The value may be left out (`--mentions` or `--mentions 5`): only a
  /// following argument of digits is taken as the value.
  var optionalValue = false
}

/// The command-line parser: a pure function from arguments to a ``Command``.
///
/// ```swift
/// try CommandLineParser.parse(["@Apple", "--count", "50"])
/// // .analyze(AnalyzeOptions(query: .mention("Apple"), count: 50))
/// ```
enum CommandLineParser {
  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let first = arguments.first else {
      throw UsageError(message: "Missing query: give @name or #tag, e.g. '@Apple'", command: nil)
    }
    switch first {
    case "--help", "-h": return .help(nil)
    case "--version",
      "--json" where arguments.contains("--version"):
      guard arguments.allSatisfy({ $0 == "--version" || $0 == "--json" }) else {
        let extra = arguments.first { $0 != "--version" && $0 != "--json" } ?? ""
        throw UsageError(
          message: "Unexpected argument '\(extra)' with --version; only --json may go with it",
          command: nil)
      }
      return arguments.contains("--json") ? .versionJSON : .version
    case "help":
      let rest = Array(arguments.dropFirst())
      guard let topic = rest.first else { return .help(nil) }
      guard let name = CommandName(rawValue: topic) else {
        throw UsageError(
          message: "Unknown command '\(topic)'" + suggestion(for: topic, among: commandWords),
          command: .help)
      }
      guard rest.count == 1 else {
        throw UsageError(
          message: "Unexpected argument '\(rest[1])'; give one command", command: .help)
      }
      return .help(name == .help ? nil : name)
    case "train": return try parseTrain(Array(arguments.dropFirst()))
    case "eval": return try parseEval(Array(arguments.dropFirst()))
    case "classify": return try parseClassify(Array(arguments.dropFirst()))
    case "explain": return try parseExplain(Array(arguments.dropFirst()))
    case "analyze": return try parseAnalyze(Array(arguments.dropFirst()))
    default: return try parseAnalyze(arguments)
    }
  }

  static let commandWords = ["train", "eval", "classify", "explain", "help"]

  // MARK: Commands

  static func parseAnalyze(_ arguments: [String]) throws(UsageError) -> Command {
    let parsed = try ParsedArguments(arguments, specs: Specs.analyze, command: .analyze)
    if parsed.has("help") { return .help(.analyze) }
    guard parsed.positionals.count <= 1 else {
      throw UsageError(
        message: "Unexpected argument '\(parsed.positionals[1])'; give one query", command: .analyze
      )
    }
    guard let text = parsed.positionals.first else {
      throw UsageError(
        message: "Missing query: give @name or #tag, e.g. '@Apple'", command: .analyze)
    }
    let query: SearchQuery
    do {
      query = try SearchQuery(text)
    } catch {
      var message = "Invalid query '\(text)'. Expected @name (1-15 letters, digits or _) or #tag"
      if !text.hasPrefix("@") && !text.hasPrefix("#") {
        let near = suggestion(for: text, among: commandWords)
        message =
          near.isEmpty ? message + "; did you mean '@\(text)'?" : "Unknown command '\(text)'" + near
      } else if let reason = reason(error) {
        message =
          "Invalid query '\(text)': \(reason). Expected @name (1-15 letters, digits or _) or #tag"
      }
      throw UsageError(message: message, command: .analyze)
    }
    var options = AnalyzeOptions(query: query)
    options.fixtures = parsed.value("fixtures")
    options.model = parsed.value("model")
    options.json = parsed.has("json")
    if let count = try parsed.integer("count", in: 1...10_000) { options.count = count }
    options.tokenFile = parsed.value("token-file")
    options.includeRetweets = parsed.has("include-retweets")
    options.wait = parsed.has("wait")
    options.record = parsed.value("record")
    options.tweets = parsed.has("tweets")
    options.details = parsed.has("details")
    options.trend = parsed.has("trend")
    options.quiet = parsed.has("quiet")
    if let mentions = parsed.value("mentions") {
      options.mentions = mentions.isEmpty ? 10 : try parsed.integer("mentions", in: 1...1_000)
    }
    if options.record != nil && options.fixtures != nil {
      throw UsageError(
        message: "Give --record or --fixtures, not both: --record saves what the X API sends, "
          + "--fixtures replays it",
        command: .analyze)
    }
    if let language = parsed.value("lang") {
      options.language = try languageCode(language)
    }
    if let timeout = try parsed.double("timeout") {
      guard timeout > 0 && timeout <= 600 else {
        throw UsageError(
          message: "--timeout takes seconds, above 0 and at most 600 (got \(timeout))",
          command: .analyze)
      }
      options.timeout = timeout
    }
    return .analyze(options)
  }

  /// A `--lang` value: `any`, or a language code such as `en`, `pt` or
  /// `zh-TW`.
  private static func languageCode(_ text: String) throws(UsageError) -> String? {
    if text.lowercased() == "any" { return nil }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let letters = { (part: Substring) in
      part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }
    guard parts.count <= 2, parts[0].count >= 2, parts[0].count <= 3, letters(parts[0]),
      parts.count == 1 || (parts[1].count >= 2 && parts[1].count <= 4 && letters(parts[1]))
    else {
      throw UsageError(
        message: "--lang takes a language code such as en, de, pt or ja, or 'any' for all "
          + "languages (got '\(text)')",
        command: .analyze)
    }
    return text
  }

  private static func reason(_ error: Error) -> String? {
    guard case SearchQueryError.invalid(_, let reason)? = error as? SearchQueryError else {
      return nil
    }
    return reason
  }

  static func parseTrain(_ arguments: [String]) throws(UsageError) -> Command {
    let parsed = try ParsedArguments(arguments, specs: Specs.train, command: .train)
    if parsed.has("help") { return .help(.train) }
    guard parsed.positionals.count <= 1 else {
      throw UsageError(
        message: "Unexpected argument '\(parsed.positionals[1])'; give one data file",
        command: .train)
    }
    guard let data = parsed.positionals.first else {
      throw UsageError(
        message: "Missing data file: give a labeled CSV file, or - for stdin", command: .train)
    }
    guard let output = parsed.value("out") else {
      throw UsageError(
        message: "Missing --out: say where to write the model, e.g. --out model.json",
        command: .train)
    }
    var options = TrainOptions(data: data, output: output)
    options.training = try trainingSettings(parsed, command: .train)
    if let author = parsed.value("author") { options.metadata.author = author }
    if let description = parsed.value("description") { options.metadata.description = description }
    if let version = parsed.value("model-version") { options.metadata.version = version }
    if let license = parsed.value("license") { options.metadata.license = license }
    options.json = parsed.has("json")
    options.quiet = parsed.has("quiet")
    options.trainingAccuracy = parsed.has("training-accuracy")
    return .train(options)
  }

  static func parseEval(_ arguments: [String]) throws(UsageError) -> Command {
    let parsed = try ParsedArguments(arguments, specs: Specs.eval, command: .eval)
    if parsed.has("help") { return .help(.eval) }
    guard parsed.positionals.count <= 1 else {
      throw UsageError(
        message: "Unexpected argument '\(parsed.positionals[1])'; give one data file",
        command: .eval)
    }
    var options = EvalOptions(data: parsed.positionals.first)
    options.json = parsed.has("json")
    options.training = try trainingSettings(parsed, command: .eval)
    let split = try parsed.double("split")
    let folds = try parsed.integer("folds", in: 2...1_000)
    switch (split, folds) {
    case (.some, .some):
      throw UsageError(message: "Give --split or --folds, not both", command: .eval)
    case (.some(let fraction), nil):
      guard fraction > 0 && fraction < 1 else {
        throw UsageError(
          message:
            "--split takes the training share, a number between 0 and 1 such as 0.9 (got \(fraction))",
          command: .eval)
      }
      options.method = .split(fraction: fraction)
    case (nil, .some(let k)):
      options.method = .folds(k)
    case (nil, nil):
      break
    }
    if let seed = parsed.value("seed") {
      guard let value = UInt64(seed) else {
        throw UsageError(
          message: "--seed takes a whole number from 0 to \(UInt64.max) (got '\(seed)')",
          command: .eval)
      }
      options.seed = value
    }
    return .eval(options)
  }

  static func parseClassify(_ arguments: [String]) throws(UsageError) -> Command {
    let parsed = try ParsedArguments(arguments, specs: Specs.classify, command: .classify)
    if parsed.has("help") { return .help(.classify) }
    return .classify(
      ClassifyOptions(
        texts: parsed.positionals, model: parsed.value("model"), json: parsed.has("json")))
  }

  static func parseExplain(_ arguments: [String]) throws(UsageError) -> Command {
    let parsed = try ParsedArguments(arguments, specs: Specs.explain, command: .explain)
    if parsed.has("help") { return .help(.explain) }
    return .explain(
      ExplainOptions(
        texts: parsed.positionals, model: parsed.value("model"), json: parsed.has("json")))
  }

  /// The options `train` and `eval` share.
  static func trainingSettings(_ parsed: ParsedArguments, command: CommandName) throws(UsageError)
    -> TrainingSettings
  {
    var settings = TrainingSettings()
    if let alpha = try parsed.double("alpha") {
      guard alpha > 0 && alpha.isFinite else {
        throw UsageError(
          message: "--alpha takes a number above 0, such as 1 or 0.5 (got \(alpha))",
          command: command)
      }
      settings.options.alpha = alpha
    }
    if let value = try parsed.toggle("binarized") { settings.options.binarized = value }
    if let value = try parsed.toggle("complement") { settings.options.complement = value }
    if let value = try parsed.toggle("bigrams") { settings.options.bigrams = value }
    if let minCount = try parsed.integer("min-count", in: 1...1_000_000) {
      settings.options.minCount = minCount
    }
    if let priors = parsed.value("priors") {
      guard let value = NaiveBayesOptions.Priors(rawValue: priors) else {
        throw UsageError(
          message: "--priors takes 'uniform' or 'data' (got '\(priors)')", command: command)
      }
      settings.options.priors = value
    }
    for list in parsed.values("disable") {
      for step in list.split(separator: ",") {
        let name = step.replacingOccurrences(of: "-", with: "_")
        guard settings.tokenizer.set(name, to: false) else {
          let steps = TokenizerSettings().fields.map {
            $0.name.replacingOccurrences(of: "_", with: "-")
          }
          throw UsageError(
            message: "--disable: unknown tokenizer step '\(step)'"
              + suggestion(for: String(step), among: steps)
              + " (steps: \(steps.joined(separator: ", ")))",
            command: command)
        }
      }
    }
    settings.columns.text = parsed.value("text-column")
    settings.columns.label = parsed.value("label-column")
    settings.lexicon = parsed.value("lexicon")
    if settings.lexicon == "-" && parsed.positionals.first == "-" {
      throw UsageError(
        message: "Standard input can hold the data or the lexicon, not both", command: command)
    }
    if let weight = try parsed.double("lexicon-weight") {
      guard weight > 0 else {
        throw UsageError(
          message: "--lexicon-weight takes a number above 0, such as 1000 (got \(weight)); "
            + "--no-lexicon leaves the lexicon out",
          command: command)
      }
      settings.options.lexiconWeight = weight
    }
    if parsed.has("no-lexicon") {
      guard settings.lexicon == nil && !parsed.has("lexicon-weight") else {
        throw UsageError(
          message: "Give --no-lexicon or --lexicon/--lexicon-weight, not both", command: command)
      }
      settings.options.lexiconWeight = 0
    }
    return settings
  }
}

/// Arguments split into options and positionals against a command's specs.
struct ParsedArguments {
  /// The options given, in order; an option without a value has "".
  private var options: [Option] = []
  private(set) var positionals: [String] = []
  let command: CommandName

  init(_ arguments: [String], specs: [OptionSpec], command: CommandName) throws(UsageError) {
    self.command = command
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name: String
      var inline: String?
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inline = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        guard argument.count == 2, let spec = specs.first(where: { $0.short == argument.last })
        else {
          throw UsageError(
            message: "Unknown option '\(argument)'"
              + CommandLineParser.suggestion(for: argument, among: specs.map { "--\($0.name)" }),
            command: command)
        }
        name = spec.name
      }
      guard let spec = specs.first(where: { $0.name == name }) else {
        throw UsageError(
          message: "Unknown option '--\(name)'"
            + CommandLineParser.suggestion(for: "--\(name)", among: specs.map { "--\($0.name)" }),
          command: command)
      }
      if spec.value == nil {
        guard inline == nil else {
          throw UsageError(message: "Option '--\(name)' takes no value", command: command)
        }
        options.append(Option(name: name, value: ""))
        continue
      }
      if let inline {
        options.append(Option(name: name, value: inline))
      } else if spec.optionalValue {
        let next = index < arguments.count ? arguments[index] : ""
        if !next.isEmpty && next.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
          options.append(Option(name: name, value: next))
          index += 1
        } else {
          options.append(Option(name: name, value: ""))
        }
      } else {
        guard index < arguments.count else {
          throw UsageError(
            message: "Missing value for '--\(name) \(spec.value ?? "VALUE")'", command: command)
        }
        options.append(Option(name: name, value: arguments[index]))
        index += 1
      }
    }
  }

  /// An option given, and its value.
  private struct Option {
    var name: String
    var value: String
  }

  func has(_ name: String) -> Bool { options.contains { $0.name == name } }

  /// The last value given for an option.
  func value(_ name: String) -> String? { options.last { $0.name == name }?.value }

  /// Every value given for a repeatable option.
  func values(_ name: String) -> [String] { options.filter { $0.name == name }.map(\.value) }

  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        message:
          "--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text)')",
        command: command)
    }
    return number
  }

  func double(_ name: String) throws(UsageError) -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number.isFinite else {
      throw UsageError(message: "--\(name) takes a number (got '\(text)')", command: command)
    }
    return number
  }

  /// A `--name` / `--no-name` pair: the last one given wins.
  func toggle(_ name: String) throws(UsageError) -> Bool? {
    let on = has(name)
    let off = has("no-\(name)")
    if on && off {
      throw UsageError(message: "Give --\(name) or --no-\(name), not both", command: command)
    }
    return on ? true : off ? false : nil
  }
}

extension CommandLineParser {
  /// `. Did you mean 'x'?` for the closest candidate within a small edit
  /// distance, else an empty string.
  static func suggestion(for word: String, among candidates: [String]) -> String {
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }),
      best.1 <= max(2, best.0.count / 3)
    else { return "" }
    return ". Did you mean '\(best.0)'?"
  }

  /// Levenshtein distance.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
