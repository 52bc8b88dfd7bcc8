import SentimentCore

extension ExitStatus {
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
      case .invalid, .tooLarge: self = .dataError
      case .notFound, .unreadable: self = .noInput
      }
    case is InputTooLarge, is LineReaderError: self = .dataError
    case is ByteSourceError: self = .noInput
    case is CSVError, is TrainingDataError, is LexiconError, is ModelFileError,
      is PostDecodingError, is EvaluationError, is ModelMergeError:
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
}
