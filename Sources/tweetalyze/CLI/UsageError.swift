/// A command line that could not be understood; printed as `Error: …` with
/// the command's usage, exit status 64.
struct UsageError: Error, Equatable {
  /// What was wrong, and what to do instead.
  var message: String
  /// The command whose usage to show (`nil` for the root).
  var command: CommandName?
}
