import SentimentCore

/// What stderr shows when a run, or one query of it, fails: the
/// `Error: …` line, then the usage lines if any; with `--json`, then also
/// the error as one JSON object on a line of its own.
struct ErrorReport {
  /// The error's text, made one bounded line by ``ErrorLine/clean(_:)``.
  var message: String
  /// The exit status the error maps to: the JSON's `code`.
  var status: ExitStatus
  /// The query the error is one of, when it is one query's.
  var query: String?
  /// The usage lines shown after the `Error:` line, if any.
  var usage: String?

  /// The report of an error whose user-facing text is `message` (cleaned
  /// here) and whose exit status is `status`.
  init(message: String, status: ExitStatus, query: String? = nil, usage: String? = nil) {
    self.message = ErrorLine.clean(message)
    self.status = status
    self.query = query
    self.usage = usage
  }

  /// `Error: QUERY: MESSAGE` (or `Error: MESSAGE`) and a line break, then
  /// the usage lines and a line break, if any.
  var text: String {
    var text = "Error: " + (query.map { "\($0): " } ?? "") + message + "\n"
    if let usage { text += usage + "\n" }
    return text
  }

  /// The error for `--json` readers, after ``text``: one object,
  /// `{"error":{"code":N,"message":"…"}}` (with `"query"` when the error is
  /// one query's), and a line break.
  var json: [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("error")
    json.beginObject()
    json.key("code")
    json.integer(Int(status.rawValue))
    json.key("message")
    json.string(message)
    if let query {
      json.key("query")
      json.string(query)
    }
    json.endObject()
    json.endObject()
    return json.bytes + [0x0A]
  }
}
