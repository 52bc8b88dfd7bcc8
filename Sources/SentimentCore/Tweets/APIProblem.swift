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
    guard let body = try? JSONDecoder().decode(Body.self, from: data) else { return }
    title = body.title
    detail = body.detail
    type = body.type
    reason = body.reason
    requiredEnrollment = body.requiredEnrollment
    period = body.period
    scope = body.scope
    firstError = body.errors?.first.flatMap { $0.message ?? $0.detail } ?? body.message
    error = body.error
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

  /// The body's members: each a non-empty string, or absent.
  private struct Body: Decodable {
    var title, detail, type, reason, requiredEnrollment, period, scope, message, error: String?
    var errors: [Entry]?

    enum CodingKeys: String, CodingKey {
      case title, detail, type, reason, period, scope, message, error, errors
      case requiredEnrollment = "required_enrollment"
    }

    init(from decoder: Decoder) throws {
      let members = try decoder.container(keyedBy: CodingKeys.self)
      func text(_ key: CodingKeys) -> String? {
        (try? members.decodeIfPresent(String.self, forKey: key)).flatMap {
          $0?.isEmpty == false ? $0 : nil
        }
      }
      title = text(.title)
      detail = text(.detail)
      type = text(.type)
      reason = text(.reason)
      requiredEnrollment = text(.requiredEnrollment)
      period = text(.period)
      scope = text(.scope)
      message = text(.message)
      error = text(.error)
      errors = try? members.decodeIfPresent([Entry].self, forKey: .errors)
    }
  }

  /// One of X's `errors[]`: its `message`, else its `detail`, as sent.
  private struct Entry: Decodable {
    var message, detail: String?

    enum CodingKeys: String, CodingKey { case message, detail }

    init(from decoder: Decoder) throws {
      let members = try decoder.container(keyedBy: CodingKeys.self)
      message = try? members.decodeIfPresent(String.self, forKey: .message)
      detail = try? members.decodeIfPresent(String.self, forKey: .detail)
    }
  }
}
