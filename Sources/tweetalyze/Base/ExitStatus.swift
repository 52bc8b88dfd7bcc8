/// The exit statuses, following `sysexits.h` where one fits, so that a
/// script can tell a rate limit from a bad token or a missing file without
/// reading stderr. ``init(for:)`` (in `Commands/ErrorStatus.swift`) is the
/// one place that classifies errors.
enum ExitStatus: Int32, CaseIterable {
  case success = 0
  /// Any other runtime failure.
  case failure = 1
  /// The query found no tweets, so there is no score.
  case noTweets = 3
  /// The command line could not be understood (`EX_USAGE`).
  case usage = 64
  /// Bad input data or model file: CSV, lexicon, model, recorded responses
  /// (`EX_DATAERR`).
  case dataError = 65
  /// An input file is missing or cannot be read (`EX_NOINPUT`).
  case noInput = 66
  /// The X API cannot be reached, failed, timed out or answered what is not
  /// its JSON (`EX_UNAVAILABLE`).
  case unavailable = 69
  /// An output file cannot be created or written (`EX_CANTCREAT`).
  case cannotCreate = 73
  /// Rate limit or usage cap: try again later (`EX_TEMPFAIL`).
  case tryLater = 75
  /// The X API refused the token or access (401, 403), or there is no
  /// usable token (`EX_NOPERM`).
  case noPermission = 77
  /// Ended by Ctrl-C (SIGINT): the temporary files are removed and the
  /// signal is raised again, so the shell reports 128 + 2; never passed to
  /// `exit`, listed so that the tables name it.
  case interrupted = 130

  /// The table that help and the README show.
  static let summary = """
    0 success, 1 other failure, 3 no tweets found, 64 usage error,
    65 bad input data or model file, 66 input file missing or unreadable,
    69 service (X, Bluesky, Mastodon) unreachable, failing, timed out or not JSON,
    73 cannot write output, 75 rate limit or usage cap (retry later),
    77 token or login refused (401/403) or missing,
    130 interrupted (Ctrl-C; no partial output file is left).
    """
}
