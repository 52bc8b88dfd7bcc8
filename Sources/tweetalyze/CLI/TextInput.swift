/// Where `classify` and `explain` read their texts: the arguments, where
/// `-` stands for the lines of standard input, or the lines of `--input
/// FILE`; with neither, the lines of standard input.
struct TextInput: Equatable {
  /// The texts given as arguments.
  var texts: [String] = []
  /// `--input FILE`: read the texts from its lines (`-`: standard input).
  var file: String?
  /// `--quiet`: no hint and no warnings on stderr.
  var quiet = false
}

extension TextInput {
  /// Refuses texts given both as arguments and with `--input`.
  func check(command: CommandName) throws(UsageError) {
    guard file != nil, let first = texts.first else { return }
    throw UsageError(
      message: "Give texts as arguments or --input FILE, not both (got '\(first)' and --input)",
      command: command)
  }
}
