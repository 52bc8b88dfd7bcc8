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
}

extension LiveSource {
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
}
