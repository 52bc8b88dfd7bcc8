/// The services a live search goes to (`--source`): the X API, Bluesky and
/// Mastodon. Each names its ``HTTPService`` descriptor, which its messages
/// use.
///
/// ```swift
/// PostService(rawValue: "bluesky")?.descriptor.name  // "Bluesky"
/// ```
package enum PostService: String, CaseIterable, Sendable {
  /// The X API v2 recent search (a paid plan).
  case x
  /// Bluesky's post search, with an app password.
  case bluesky
  /// A Mastodon instance's public hashtag timeline.
  case mastodon

  /// How the service's messages name it, its settings and its advice.
  package var descriptor: HTTPService {
    switch self {
    case .x: .x
    case .bluesky: .bluesky
    case .mastodon: .mastodon
    }
  }
}

/// How a service's messages name it (``PostService/descriptor``): the X
/// API's messages are ``HTTPSourceError``'s own; the others swap in their
/// names, settings and advice.
package struct HTTPService: Equatable, Sendable {
  /// `the X API`, `Bluesky`.
  package var name: String
  /// What `name`'s endpoints are, for "check that it points to …".
  package var apiName: String
  /// The secret sent: `bearer token`, `app password`.
  package var credential: String
  /// What sets the base URL: `TWEETALYZE_API_BASE`, `--instance`.
  package var baseSetting: String
  /// An example base URL.
  package var example: String
  /// What to check when the credential is refused (401).
  package var credentialAdvice: String
  /// What to check when access is refused (403).
  package var accessAdvice: String
  /// What to do for a rate limit without a reset time.
  package var rateLimitAdvice: String

  /// The X API v2.
  package static let x = HTTPService(
    name: "the X API", apiName: "the X API v2", credential: "bearer token",
    baseSetting: "TWEETALYZE_API_BASE", example: "https://api.x.com/2",
    credentialAdvice: "check that TWITTER_BEARER_TOKEN or --token-file holds your app's current "
      + "Bearer Token from the X developer portal (regenerating it makes the old one invalid)",
    accessAdvice: "check your app's access level in the X developer portal",
    rateLimitAdvice: "recent search limits are per 15-minute window (see your plan), so try "
      + "again in 15 minutes")

  /// Bluesky's XRPC API (`https://bsky.social/xrpc`).
  package static let bluesky = HTTPService(
    name: "Bluesky", apiName: "Bluesky's XRPC API (https://bsky.social/xrpc)",
    credential: "app password", baseSetting: "TWEETALYZE_API_BASE",
    example: "https://bsky.social/xrpc",
    credentialAdvice: "check that BLUESKY_HANDLE is your handle (alice.bsky.social) and that "
      + "BLUESKY_APP_PASSWORD or --token-file holds an app password from Settings, Privacy and "
      + "security, App passwords (never the account password)",
    accessAdvice: "check that the account may search (it is not suspended or taken down)",
    rateLimitAdvice: "try again in 5 minutes")

  /// A Mastodon instance's REST API.
  package static let mastodon = HTTPService(
    name: "Mastodon", apiName: "a Mastodon instance (such as https://mastodon.social)",
    credential: "access token", baseSetting: "--instance",
    example: "https://mastodon.social",
    credentialAdvice: "check that MASTODON_TOKEN or --token-file holds a current access token "
      + "of this instance (Preferences, Development), or unset it: the tag timelines of most "
      + "instances need no token",
    accessAdvice: "the instance may require a login for its public timelines; set MASTODON_TOKEN "
      + "to an access token of an account there, or use another --instance",
    rateLimitAdvice: "Mastodon limits are per 5-minute window, so try again in 5 minutes")
}
