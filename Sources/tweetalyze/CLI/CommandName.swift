/// The subcommands.
enum CommandName: String, CaseIterable, Equatable {
  case analyze, compare, history, train, eval, classify, explain, merge, help, completions
}
