import SentimentCore

/// The command-line parser: a pure function from arguments to a ``Command``.
///
/// ```swift
/// try CommandLineParser.parse(["@Apple", "--count", "50"])
/// // .analyze(AnalyzeOptions(query: .mention("Apple"), count: 50))
/// ```
enum CommandLineParser {
  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let first = arguments.first else { return .shortHelp }
    // Options before a command, git style (`--json classify hi`), are that
    // command's: given after it, where its parser reads them.
    if let index = arguments.firstIndex(where: { !$0.hasPrefix("-") }), index > 0,
      CommandName(rawValue: arguments[index]) != nil,
      arguments[..<index].allSatisfy({ $0 != "-" && $0 != "--" && $0 != "--version" }),
      !analyzeValueOptions.contains(arguments[index - 1])
    {
      return try parse(
        [arguments[index]] + arguments[..<index] + arguments[(index + 1)...])
    }
    let rest = Array(arguments.dropFirst())
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
    default: break
    }
    switch CommandName(rawValue: first) {
    case .help: return try help(rest)
    case .completions: return try completions(rest)
    case .analyze: return try analyze(rest)
    case .compare: return try compare(rest)
    case .history:
      let scan = try ScannedArguments<HistoryOptions>(rest, command: .history)
      guard !scan.asksForHelp else { return .help(.history) }
      var options = try scan.settings()
      options.file = scan.positionals.first ?? ""
      options.query = scan.positionals.dropFirst().first
      try options.validate(given: scan.givenNames, extra: Array(scan.positionals.dropFirst(2)))
      return .history(options)
    case .train: return try train(rest)
    case .eval: return try eval(rest)
    case .classify:
      let scan = try ScannedArguments<ClassifyOptions>(rest, command: .classify)
      guard !scan.asksForHelp else { return .help(.classify) }
      var options = try scan.settings()
      options.input.texts = scan.positionals
      try options.validate(given: scan.givenNames)
      return .classify(options)
    case .explain:
      let scan = try ScannedArguments<ExplainOptions>(rest, command: .explain)
      guard !scan.asksForHelp else { return .help(.explain) }
      var options = try scan.settings()
      options.input.texts = scan.positionals
      try options.validate(given: scan.givenNames)
      return .explain(options)
    case .merge: return try merge(rest)
    case nil:
      // A first word that is no query and no option is a command, perhaps
      // mistyped: suggest a command, not one of analyze's options.
      if !["-", "@", "#"].contains(where: first.hasPrefix) {
        let near = Suggestion.text(for: first, among: subcommands)
        if !near.isEmpty {
          throw UsageError(message: "Unknown command '\(first)'" + near, command: .analyze)
        }
      }
      return try analyze(arguments)
    }
  }

  /// The names of analyze's options that take a value: `--input train` is
  /// a file named `train`, not the command.
  static let analyzeValueOptions = Set(
    AnalyzeOptions.options.filter {
      if case .value = $0.spec.arity { return true }
      return false
    }.flatMap(\.spec.names))

  /// The subcommands' names, which "did you mean" suggests for a command.
  static let subcommands = CommandName.allCases.map(\.rawValue)

  /// The message when no query is given.
  static let missingQuery =
    "Missing query: give @name or #tag, e.g. '@Apple' (quote a #tag: the shell reads an "
    + "unquoted # as a comment)"

  // MARK: Commands

  /// `tweetalyze help [COMMAND]`.
  static func help(_ arguments: [String]) throws(UsageError) -> Command {
    guard let topic = arguments.first else { return .help(nil) }
    if topic == "--man" {
      guard arguments.count == 1 else {
        throw UsageError(
          message: "Unexpected argument '\(arguments[1])' with --man", command: .help)
      }
      return .manPage
    }
    guard let name = CommandName(rawValue: topic) else {
      throw UsageError(
        message: "Unknown command '\(topic)'" + Suggestion.text(for: topic, among: subcommands),
        command: .help)
    }
    guard arguments.count == 1 else {
      throw UsageError(
        message: "Unexpected argument '\(arguments[1])'; give one command", command: .help)
    }
    return .help(name)
  }

  /// `tweetalyze [analyze] QUERY... [options]`.
  static func analyze(_ arguments: [String]) throws(UsageError) -> Command {
    let scan = try ScannedArguments<AnalyzeOptions>(arguments, command: .analyze)
    guard !scan.asksForHelp else { return .help(.analyze) }
    if scan.given.contains(where: { $0.option.spec.name == "input" }) {
      return try analyzeInput(scan)
    }
    guard let text = scan.positionals.first else {
      throw UsageError(message: missingQuery, command: .analyze)
    }
    // The source decides which queries are valid; a bad option is
    // reported after a bad query, as before there were sources.
    let source = (try? scan.settings())?.source ?? .x
    let first = try query(text, source: source)
    var more: [SearchQuery] = []
    for text in scan.positionals.dropFirst() { more.append(try query(text, source: source)) }
    var options = try scan.settings()
    options.query = first
    options.moreQueries = more
    try options.validate(given: scan.givenNames)
    return .analyze(options)
  }

  /// `tweetalyze --input FILE... [QUERY] [options]`: posts from files, at
  /// most one QUERY to filter them.
  private static func analyzeInput(
    _ scan: ScannedArguments<AnalyzeOptions>
  ) throws(UsageError) -> Command {
    var filter: SearchQuery?
    if let text = scan.positionals.first { filter = try query(text) }
    if scan.positionals.count > 1 {
      throw UsageError(
        message: "Unexpected argument '\(scan.positionals[1])'; with --input give at most one "
          + "QUERY, which keeps the posts that match it",
        command: .analyze)
    }
    var options = try scan.settings()
    options.filter = filter
    try options.validate(given: scan.givenNames)
    return .analyze(options)
  }

  /// `tweetalyze compare A B [C …] [options]`: queries, or `--input` files,
  /// one set each.
  static func compare(_ arguments: [String]) throws(UsageError) -> Command {
    let scan = try ScannedArguments<CompareOptions>(arguments, command: .compare)
    guard !scan.asksForHelp else { return .help(.compare) }
    let source = (try? scan.settings())?.analysis.source ?? .x
    var queries: [SearchQuery] = []
    for text in scan.positionals {
      do {
        queries.append(try query(text, source: source))
      } catch {
        throw UsageError(message: error.message, command: .compare)
      }
    }
    var options = try scan.settings()
    if let first = queries.first {
      options.analysis.query = first
      options.analysis.moreQueries = Array(queries.dropFirst())
    }
    if !queries.isEmpty && !options.analysis.inputs.isEmpty {
      throw UsageError(
        message: "Give queries or --input files, not both: each is one set to compare",
        command: .compare)
    }
    if queries.isEmpty && options.analysis.inputs.isEmpty {
      throw UsageError(message: missingSets, command: .compare)
    }
    try options.validate(given: scan.givenNames)
    return .compare(options)
  }

  /// The message when compare is given fewer than two sets.
  static let missingSets =
    "Give two or more sets to compare: queries such as '@united' '@delta', or --input A.csv "
    + "--input B.csv"

  /// The query `text` for `source`, or why it is none: Bluesky also takes
  /// `@handle.domain` and phrases; Mastodon only `#tag`.
  static func query(_ text: String, source: PostService) throws(UsageError) -> SearchQuery {
    switch source {
    case .x:
      return try query(text)
    case .bluesky:
      do {
        return try SearchQuery.bluesky(text)
      } catch {
        let reason =
          (error as? SearchQueryError).map {
            if case .invalid(_, let reason) = $0 { return ": \(reason)" }
            return ""
          } ?? ""
        throw UsageError(
          message: "Invalid query '\(text)'\(reason). Expected @handle (alice.bsky.social), "
            + "#tag or a phrase",
          command: .analyze)
      }
    case .mastodon:
      guard text.hasPrefix("#") else {
        let phrase = text.hasPrefix("@") ? nil : (try? SearchQuery.bluesky(text))?.description
        let shown = phrase ?? text
        throw UsageError(
          message: MastodonQueryError.notAHashtag(shown).localizedDescription, command: .analyze)
      }
      return try query(text)
    }
  }

  /// The query `text`, or why it is none.
  static func query(_ text: String) throws(UsageError) -> SearchQuery {
    do {
      return try SearchQuery(text)
    } catch {
      var message = "Invalid query '\(text)'. Expected @name (1-15 letters, digits or _) or #tag"
      if subcommands.contains(text) {
        message =
          "'\(text)' is a command: give it first and its options after it "
          + "(tweetalyze \(text) [options] …), not after an option"
      } else if ["version", "-version", "-v"].contains(text.lowercased()) {
        message = "Unknown command '\(text)'. Did you mean '--version'?"
      } else if !text.hasPrefix("@") && !text.hasPrefix("#") {
        let near = Suggestion.text(for: text, among: subcommands)
        message =
          near.isEmpty ? message + "; did you mean '@\(text)'?" : "Unknown command '\(text)'" + near
      } else if case SearchQueryError.invalid(_, let reason)? = error as? SearchQueryError {
        message =
          "Invalid query '\(text)': \(reason). Expected @name (1-15 letters, digits or _) or #tag"
      }
      throw UsageError(message: message, command: .analyze)
    }
  }

  /// `tweetalyze train DATA.csv --out PATH [options]`.
  static func train(_ arguments: [String]) throws(UsageError) -> Command {
    let scan = try ScannedArguments<TrainOptions>(arguments, command: .train)
    guard !scan.asksForHelp else { return .help(.train) }
    try scan.expectOne("data file")
    guard let data = scan.positionals.first else {
      throw UsageError(
        message: "Missing data file: give a labeled CSV file, or - for stdin", command: .train)
    }
    var options = try scan.settings()
    options.data = data
    try options.validate(given: scan.givenNames)
    return .train(options)
  }

  /// `tweetalyze merge A.json B.json … --out PATH [options]`.
  static func merge(_ arguments: [String]) throws(UsageError) -> Command {
    let scan = try ScannedArguments<MergeOptions>(arguments, command: .merge)
    guard !scan.asksForHelp else { return .help(.merge) }
    var options = try scan.settings()
    options.models = scan.positionals
    try options.validate(given: scan.givenNames)
    return .merge(options)
  }

  /// `tweetalyze eval [DATA.csv] [options]`.
  static func eval(_ arguments: [String]) throws(UsageError) -> Command {
    let scan = try ScannedArguments<EvalOptions>(arguments, command: .eval)
    guard !scan.asksForHelp else { return .help(.eval) }
    try scan.expectOne("data file")
    var options = try scan.settings()
    options.data = scan.positionals.first
    try options.validate(given: scan.givenNames)
    return .eval(options)
  }
}

/// A command's arguments sorted against its options, before any value is
/// read, so that `--help` wins over every mistake but an unknown option.
struct ScannedArguments<Settings: CommandSettings> {
  /// The command whose usage errors name.
  let command: CommandName
  /// The options given, in order, with what was given for each (see
  /// ``Option/apply``).
  private(set) var given: [(option: Option<Settings>, text: String?)] = []
  /// The arguments that are no options, in order.
  private(set) var positionals: [String] = []

  /// Sorts `arguments`; refuses unknown options and missing values.
  init(_ arguments: [String], command: CommandName) throws(UsageError) {
    self.command = command
    let options = Settings.options + [.help]
    var named: [String: (option: Option<Settings>, negated: Bool)] = [:]
    for option in options {
      for (index, name) in option.spec.names.enumerated() { named[name] = (option, index == 1) }
      if let short = option.spec.short { named["-\(short)"] = (option, false) }
    }
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-") && argument != "-" else {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let (option, negated) = named[name] else {
        let near = Suggestion.text(for: name, among: options.flatMap(\.spec.names))
        // classify and explain take texts, which may start with '-'.
        let text =
          near.isEmpty && (command == .classify || command == .explain)
          ? "; a text that starts with '-' goes after --: tweetalyze \(command.rawValue) -- "
            + "'\(ErrorLine.clean(String(argument.prefix(40))))'"
          : ""
        throw UsageError(message: "Unknown option '\(name)'" + near + text, command: command)
      }
      switch option.spec.arity {
      case .flag, .toggle:
        guard inline == nil else {
          throw UsageError(message: "Option '\(name)' takes no value", command: command)
        }
        given.append((option, negated ? nil : ""))
      case .optionalValue:
        let next = index < arguments.count ? arguments[index] : ""
        if inline == nil && !next.isEmpty && next.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
          inline = next
          index += 1
        }
        given.append((option, inline ?? ""))
      case .value(let placeholder):
        if inline == nil {
          guard index < arguments.count else {
            throw UsageError(
              message: "Missing value for '\(name) \(placeholder)'", command: command)
          }
          inline = arguments[index]
          index += 1
        }
        given.append((option, inline))
      }
    }
  }

  /// The names of the options given, without `--`, in order.
  var givenNames: [String] { given.map(\.option.spec.name) }

  /// Whether `-h` or `--help` was given.
  var asksForHelp: Bool {
    given.contains { $0.option.spec.name == Option<Settings>.help.spec.name }
  }

  /// Refuses more than one positional argument; `what` names the one.
  func expectOne(_ what: String) throws(UsageError) {
    guard positionals.count > 1 else { return }
    throw UsageError(
      message: "Unexpected argument '\(positionals[1])'; give one \(what)", command: command)
  }

  /// The defaults with the given options written in, in order (the last of
  /// a repeated option wins); refuses bad values and options that conflict.
  func settings() throws(UsageError) -> Settings {
    let order = Settings.options.map(\.spec.name)
    for (index, (option, text)) in given.enumerated() {
      for (other, otherText) in given[..<index] where other.target == option.target {
        let name = option.spec.name
        if other.spec.name == name {
          guard (text == nil) != (otherText == nil) else { continue }
          throw UsageError(message: "Give --\(name) or --no-\(name), not both", command: command)
        }
        let names = [name, other.spec.name].sorted {
          order.firstIndex(of: $0) ?? 0 < order.firstIndex(of: $1) ?? 0
        }
        throw UsageError(
          message: option.conflict ?? other.conflict
            ?? "Give --\(names[0]) or --\(names[1]), not both",
          command: command)
      }
    }
    var settings = Settings.defaults
    for (option, text) in given {
      do {
        try option.apply(&settings, text)
      } catch let refusal as Refusal {
        throw UsageError(message: "--\(option.spec.name)" + refusal.message, command: command)
      } catch {
        throw UsageError(message: "--\(option.spec.name): \(error)", command: command)
      }
    }
    // Options that exclude others (``Option/excluding(_:_:)``), in the
    // order they are declared: once every value is read, so that a bad
    // value is reported first.
    let names = Set(given.map(\.option.spec.name))
    for option in Settings.options where names.contains(option.spec.name) {
      for (other, message) in option.excludes where names.contains(other) {
        throw UsageError(message: message, command: command)
      }
    }
    return settings
  }
}
