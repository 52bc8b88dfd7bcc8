import Foundation

/// The parts of an API error body that the messages use (X, and the
/// `error`/`message` of XRPC and Mastodon). A member of another type than
/// expected, or a body that is not a JSON object, is as good as absent.
package struct APIProblem {
  var title: String?
  var detail: String?
  var type: String?
  var reason: String?
  var requiredEnrollment: String?
  var period: String?
  var scope: String?
  var firstError: String?
  /// XRPC's and Mastodon's `error` (`AuthenticationRequired`).
  var error: String?
  var raw: String

  init(_ data: Data) {
    raw = String(decoding: data.prefix(4096), as: UTF8.self)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase  // `required_enrollment`
    guard let body = try? decoder.decode(Body.self, from: data) else { return }
    func text(_ member: Lenient<String>?) -> String? {
      member?.value.flatMap { $0.isEmpty ? nil : $0 }
    }
    title = text(body.title)
    detail = text(body.detail)
    type = text(body.type)
    reason = text(body.reason)
    requiredEnrollment = text(body.requiredEnrollment)
    period = text(body.period)
    scope = text(body.scope)
    let first = body.errors?.value?.first
    firstError = first.flatMap { $0.message?.value ?? $0.detail?.value } ?? text(body.message)
    error = text(body.error)
  }

  /// The most specific explanation: `errors[0].message`, else `detail`,
  /// `message` or `title`.
  var message: String? { firstError ?? detail ?? title }

  /// `title: detail`, or whichever there is.
  var summary: String? {
    let parts = [title, firstError ?? detail].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ": ")
  }

  var isUsageCap: Bool {
    if title == "UsageCapExceeded" || type?.contains("usage-capped") == true { return true }
    let lowered = raw.lowercased()
    return lowered.contains("usage cap") || lowered.contains("usagecap")
  }

  /// The body's members, as sent.
  private struct Body: Decodable {
    var title, detail, type, reason, requiredEnrollment, period, scope: Lenient<String>?
    var message, error: Lenient<String>?
    var errors: Lenient<[Entry]>?
  }

  /// One of X's `errors[]`.
  private struct Entry: Decodable {
    var message, detail: Lenient<String>?
  }

  /// A member's value, `nil` when it has another type.
  private struct Lenient<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: Decoder) throws {
      value = try? Value(from: decoder)
    }
  }
}
