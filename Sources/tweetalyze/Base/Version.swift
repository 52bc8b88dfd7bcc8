/// The command-line tool. Its version is here, below every folder of the
/// executable (help, the man page and `--plot` charts show it); its `run`
/// is in `Commands/Tweetalyze.swift`.
enum Tweetalyze {
  /// The version `--version` prints.
  static let version = "0.1.0"
}
