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
  case analyze, compare, history, train, eval, classify, explain, merge, help, completions
}

/// What the user asked for: the result of parsing, run by ``Tweetalyze``.
enum Command: Equatable {
  case analyze(AnalyzeOptions)
  case compare(CompareOptions)
  case history(HistoryOptions)
  case train(TrainOptions)
  case eval(EvalOptions)
  case classify(ClassifyOptions)
  case explain(ExplainOptions)
  case merge(MergeOptions)
  /// Help for a command (`nil`: the overview).
  case help(CommandName?)
  /// `tweetalyze` alone: the short help, with a first run to try.
  case shortHelp
  /// `help --man`: the manual page, in roff.
  case manPage
  /// `completions SHELL`: a completion script.
  case completions(Shell)
  case version
  /// `--version --json`: `{"version":"0.1.0"}`.
  case versionJSON
}

extension Command {
  /// Whether `--json` was given: errors are then also one JSON object.
  var wantsJSON: Bool {
    switch self {
    case .analyze(let options): options.json
    case .compare(let options): options.analysis.json
    case .history(let options): options.json
    case .train(let options): options.json
    case .eval(let options): options.json
    case .classify(let options): options.json
    case .explain(let options): options.json
    case .merge(let options): options.json
    case .versionJSON: true
    case .help, .shortHelp, .manPage, .completions, .version: false
    }
  }
}
