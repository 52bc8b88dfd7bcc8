import Foundation

/// A source that searches a service over HTTP: ``XSource``,
/// ``BlueskySource`` and ``MastodonSource``. Each sends through
/// ``HTTPTransport`` and throws ``ServiceError``.
package protocol LiveSource: TweetSource {
  /// The service searched.
  var service: PostService { get }
  /// The base URL requests go to (the API's, or the instance's).
  var baseURL: String { get }
  /// The transport's settings.
  var settings: HTTPTransportSettings { get }

  /// Reads the pages of `query` into `paging`, each sent through
  /// `transport`, until `paging` says to stop. ``collect(_:count:)`` runs
  /// it: the rest of a fetch is the same for every service.
  nonisolated(nonsending) func fetch(
    _ query: SearchQuery, into paging: inout Paging, transport: HTTPTransport
  ) async throws
}

extension LiveSource {
  /// A live source searches its service at ``baseURL``.
  public var origin: TweetOrigin { .live(baseURL: baseURL) }

  /// The base URL, checked before anything is sent.
  ///
  /// - Throws: ``ServiceError`` for a base URL that is not http(s), names
  ///   an IPv6 address, or is plain http to another machine.
  package func checkBaseURL() throws {
    do {
      _ = try BaseURL.checked(baseURL, allowInsecureHTTP: settings.allowInsecureHTTP)
    } catch let error as HTTPSourceError {
      throw ServiceError(error, service: service)
    }
  }

  /// Up to `count` posts for `query`, duplicates dropped: the base URL
  /// checked before anything is sent, proxies off for plain http, one
  /// transport for the run, the pages read by ``fetch(_:into:transport:)``
  /// and recorded for `--record`.
  ///
  /// - Throws: ``ServiceError`` naming ``service`` for what the transport
  ///   reports; a source's own errors as they are.
  nonisolated(nonsending) package func collect(
    _ query: SearchQuery, count: Int
  ) async throws -> [Tweet] {
    do {
      _ = try BaseURL.checked(baseURL, allowInsecureHTTP: settings.allowInsecureHTTP)
      BaseURL.avoidProxies(for: baseURL)
      let transport = HTTPTransport(settings)
      defer { transport.close() }
      var paging = Paging(count: count, transport: transport)
      try await fetch(query, into: &paging, transport: transport)
      return try paging.finish(stem: query.fileStem)
    } catch let error as HTTPSourceError {
      throw ServiceError(error, service: service)
    }
  }
}
