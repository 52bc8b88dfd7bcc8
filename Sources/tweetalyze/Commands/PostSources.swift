import Foundation
import SentimentCore

/// Where `tweetalyze QUERY` gets its posts: `--fixtures`, or the live
/// source of `--source` with its credentials, base URL and transport.
extension Context {
  /// The source the options ask for, and its display of progress and
  /// warnings (to stop when fetching ends).
  func tweetSource(
    _ options: AnalyzeOptions, query: SearchQuery, session: BlueskySession
  ) throws -> (source: TweetSource, display: FetchDisplay) {
    // Progress and warnings go straight to stderr while fetching; anything
    // buffered goes first.
    try stderr.flush()
    let display = FetchDisplay(
      query: query.description, isTerminal: stderr.isTerminal, quiet: options.quiet,
      service: options.source.descriptor.name)
    if let fixtures = options.fixtures {
      // A replay warns about the API's partial errors as the live run did;
      // it reports no progress, so no spinner starts.
      var source = FixtureTweetSource(path: fixtures)
      source.warning = { display.warn($0) }
      source.includeBoosts = options.includeRetweets
      // Recorded Mastodon pages hold every language; the live source keeps --lang's.
      if options.source == .mastodon { source.language = options.language }
      return (source, display)
    }
    let source = try liveSource(options, session: session, display: display)
    do {
      // Checked before anything is sent: a usage error, with the reason.
      try source.checkBaseURL()
    } catch let error as ServiceError {
      switch error.error {
      case .insecureBaseURL, .ipv6AddressHost:
        throw UsageError(message: error.localizedDescription, command: .analyze)
      default:
        // The X API's other base URL errors are reported by each query's
        // fetch, as they always were.
        if source.service != .x { throw error }
      }
    }
    return (source, display)
  }

  /// The live source of `--source`, with its credentials: the X API's
  /// bearer token, Bluesky's handle and app password, or Mastodon's
  /// instance and optional token; the base from `TWEETALYZE_API_BASE`
  /// (for Mastodon, `--instance` first); the time-out, waiting, recording
  /// and progress of the options.
  private func liveSource(
    _ options: AnalyzeOptions, session: BlueskySession, display: FetchDisplay
  ) throws -> any LiveSource {
    let base = environment["TWEETALYZE_API_BASE"].flatMap { $0.isEmpty ? nil : $0 }
    let userAgent = "tweetalyze/\(Tweetalyze.version)"
    switch options.source {
    case .x:
      var variables: [String: String] = [:]
      for name in BearerToken.variables { variables[name] = environment[name] }
      let token = try BearerToken.load(environment: variables, file: options.tokenFile)
      var configuration = XSource.Configuration(
        token: token, userAgent: userAgent, baseURL: base ?? XSource.Configuration.defaultBaseURL)
      configure(&configuration.transport, options, display: display)
      configuration.language = options.language
      configuration.includeRetweets = options.includeRetweets
      configuration.warning = { display.warn($0) }
      configuration.window = options.window
      // X refuses an end_time less than 10 s ago; no tweet is later anyway.
      if let until = options.window.until, until > Date().addingTimeInterval(-10) {
        configuration.window.until = nil
      }
      return XSource(configuration)
    case .bluesky:
      guard
        let handle = environment["BLUESKY_HANDLE"]?.trimmingCharacters(
          in: .whitespacesAndNewlines), !handle.isEmpty
      else { throw BlueskyLoginError.missingHandle }
      guard handle.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
        throw BlueskyLoginError.invalidHandle
      }
      guard let password = try secret(options, variable: "BLUESKY_APP_PASSWORD") else {
        throw BlueskyLoginError.missingPassword
      }
      var configuration = BlueskySource.Configuration(
        handle: handle, appPassword: password, userAgent: userAgent,
        baseURL: base ?? BlueskySource.Configuration.defaultBaseURL)
      configure(&configuration.transport, options, display: display)
      configuration.language = options.language
      configuration.session = session
      configuration.window = options.window
      return BlueskySource(configuration)
    case .mastodon:
      let token = try secret(options, variable: "MASTODON_TOKEN")
      // `--instance mastodon.social` means its https URL.
      let instance = options.instance.map { $0.contains("://") ? $0 : "https://" + $0 }
      var configuration = MastodonSource.Configuration(
        token: token, userAgent: userAgent,
        instance: instance ?? base ?? MastodonSource.Configuration.defaultInstance)
      configure(&configuration.transport, options, display: display)
      configuration.language = options.language
      configuration.includeBoosts = options.includeRetweets
      configuration.window = options.window
      return MastodonSource(configuration)
    }
  }

  /// What every live source takes from the options: time-out, waiting,
  /// plain http, recording with the writer of every output file, progress.
  private func configure(
    _ settings: inout HTTPTransportSettings, _ options: AnalyzeOptions, display: FetchDisplay
  ) {
    settings.allowInsecureHTTP = environment["TWEETALYZE_ALLOW_HTTP"] == "1"
    settings.timeout = options.timeout
    settings.waitForRateLimit = options.wait
    if let record = options.record {
      settings.recordDirectory = URL(fileURLWithPath: record)
      settings.writeRecording = Self.recordingWriter(record)
    }
    settings.progress = { display.show($0) }
  }

  /// Writes a recorded page into `directory` with the writer of every
  /// output file; recordings are private (0600).
  private static func recordingWriter(
    _ directory: String
  )
    -> @Sendable (_ file: URL, _ chunks: ((_ chunk: [UInt8]) throws -> Void) throws -> Void)
    throws -> Void
  {
    { file, chunks in
      do {
        try Files.prepareDirectory(directory)
        try Files.writeAtomically(to: file.path, mode: 0o600) { write in
          try withoutActuallyEscaping(write) { write in try chunks(write) }
        }
      } catch let error as OutputError {
        throw RecordingFailure(reason: error.reason)
      }
    }
  }

  /// The secret in `--token-file`, or else in the variable `name`
  /// (`nil` when neither is given).
  private func secret(_ options: AnalyzeOptions, variable name: String) throws -> String? {
    if let file = options.tokenFile { return try BearerToken.read(file: file) }
    guard let value = environment[name] else { return nil }
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }
}

/// Why a recording could not be written, for
/// ``HTTPSourceError/recordFailed(path:reason:)``, which names the file.
private struct RecordingFailure: LocalizedError {
  var reason: String
  var errorDescription: String? { reason }
}
