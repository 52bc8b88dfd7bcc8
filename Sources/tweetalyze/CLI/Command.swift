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

/// The shells that `tweetalyze completions` writes scripts for.
enum Shell: String, CaseIterable, Equatable {
  case bash, zsh, fish
}
