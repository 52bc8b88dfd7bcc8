import SentimentCore

/// The exit statuses, following `sysexits.h` where one fits, so that a
/// script can tell a rate limit from a bad token or a missing file without
/// reading stderr. ``init(for:)`` is the one place that classifies errors.
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

  /// The status for `error`: every error class of the core and the CLI.
  init(for error: Error) {
    switch error {
    case let error as RuntimeError: self = error.status
    case is OutputError: self = .cannotCreate
    case is UsageError: self = .usage
    case is BrokenPipe: self = .success
    case is PlotError: self = .cannotCreate
    case let error as HTTPSourceError: self = Self.status(for: error)
    case let error as ServiceError: self = Self.status(for: error.error)
    case let error as BlueskyLoginError:
      if case .noSession = error { self = .unavailable } else { self = .noPermission }
    case is MastodonQueryError: self = .usage
    case let error as BearerTokenError:
      if case .unreadableFile = error { self = .noInput } else { self = .noPermission }
    case let error as FixtureError:
      switch error {
      case .invalid, .invalidPage, .tooLarge: self = .dataError
      case .notFound, .unreadable: self = .noInput
      }
    case is InputTooLarge, is LineReaderError: self = .dataError
    case is ByteSourceError: self = .noInput
    case is CSVError, is TrainingDataError, is LexiconError, is ModelFileError,
      is SearchResponseError, is PostPageError, is EvaluationError, is ModelMergeError,
      is TweetArchiveError:
      self = .dataError
    default: self = .failure
    }
  }

  private static func status(for error: HTTPSourceError) -> ExitStatus {
    switch error {
    case .unauthorized, .forbidden: .noPermission
    case .rateLimited, .usageCapExceeded: .tryLater
    case .serverError, .connectionFailed, .timedOut, .invalidResponse, .unexpectedStatus,
      .crossOriginRedirect, .responseTooLarge, .deadlineExceeded, .outOfMemory, .oversized,
      .headersTooLarge:
      .unavailable
    case .recordFailed: .cannotCreate
    case .invalidBaseURL, .insecureBaseURL, .ipv6AddressHost: .usage
    case .invalidRequest: .failure
    }
  }

  /// The table that help and the README show.
  static let summary = """
    0 success, 1 other failure, 3 no tweets found, 64 usage error,
    65 bad input data or model file, 66 input file missing or unreadable,
    69 service (X, Bluesky, Mastodon) unreachable, failing, timed out or not JSON,
    73 cannot write output, 75 rate limit or usage cap (retry later),
    77 token or login refused (401/403) or missing.
    """
}
