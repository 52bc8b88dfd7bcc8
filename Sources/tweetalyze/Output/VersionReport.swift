import SentimentCore

/// What `--version` prints on stdout: a line, or with `--json` one object.
struct VersionReport {
  /// The tool's version (``Tweetalyze/version``).
  var version: String

  /// `tweetalyze VERSION` and a line break.
  var text: String { "tweetalyze \(version)\n" }

  /// `{"version":"VERSION"}` and a line break.
  var json: [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("version")
    json.string(version)
    json.endObject()
    return json.bytes + [0x0A]
  }
}
