import XCTest

@testable import SentimentCore

/// The plain reference for ``ModelFileReader``: the whole file parsed into a
/// ``JSONValue`` tree, then the vocabulary and the counts taken from it
/// member by member, with the same checks of the other members
/// (``ModelFile/model(root:features:)``). Slow for big models, but every
/// rule is in plain sight; ``ModelFileReaderTests`` proves that the reader
/// gives the same model, or the same kind of error, on every input tried.
enum ReferenceModelDecoder {
  /// Decodes a model the plain way.
  ///
  /// - Throws: ``ModelFileError``.
  static func decode(_ bytes: [UInt8]) throws -> NaiveBayesModel {
    let root: JSONValue
    do {
      root = try JSONValue.parse(bytes)
    } catch {
      throw ModelFileError.notJSON(reason: error.reason, offset: error.offset)
    }
    return try ModelFile.model(root: root) {
      let (vocabulary, counts) = try features(of: root)
      return ModelFile.Features(
        vocabulary: vocabulary, rows: CountRows(table: counts), pairs: .vocabulary)
    }
  }

  /// The file without its `checksum` member and the comma after it, as the
  /// encoder writes them: a file to edit by hand (it loads unchecked), and
  /// the bytes the checksum is the digest of. Unchanged without a checksum.
  static func removingChecksum(_ bytes: [UInt8]) -> [UInt8] {
    let text = String(decoding: bytes, as: UTF8.self)
    guard
      let range = text.range(
        of: #""checksum":"sha256:[0-9a-f]{64}","#, options: .regularExpression)
    else { return bytes }
    return Array(text.replacingCharacters(in: range, with: "").utf8)
  }

  /// The `checksum` member's value as written in `bytes`, or nil.
  static func writtenChecksum(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let range = text.range(of: #"sha256:[0-9a-f]{64}"#, options: .regularExpression)
    else { return nil }
    return String(text[range])
  }

  /// Whether `bytes` carries a checksum that is the SHA-256 of the file
  /// without it.
  static func hasValidChecksum(_ bytes: [UInt8]) -> Bool {
    var hash = SHA256()
    hash.update(removingChecksum(bytes))
    return writtenChecksum(bytes) == "sha256:" + hash.finalize()
  }

  /// The vocabulary and the counts (feature id × class) of a parsed file.
  ///
  /// - Throws: ``ModelFileError``.
  private static func features(of root: JSONValue) throws -> (Vocabulary, [Int]) {
    guard case .array(let tokens)? = root["vocabulary"] else {
      throw ModelFileError.missing("vocabulary")
    }
    var vocabulary = Vocabulary(capacity: tokens.count)
    for token in tokens {
      guard case .string(let text) = token, !text.isEmpty else {
        throw ModelFileError.missing("vocabulary")
      }
      let before = vocabulary.count
      guard vocabulary.insert(text) == before else {
        throw ModelFileError.inconsistent("the token '\(text)' is listed twice")
      }
    }

    var counts = [Int](repeating: 0, count: tokens.count * Sentiment.count)
    // Every column is found before any is read, as the reader does: a
    // missing column is named before a short one.
    for label in Sentiment.allCases {
      guard case .array? = root["counts"]?[label.name] else {
        throw ModelFileError.missing("counts.\(label.name)")
      }
    }
    for label in Sentiment.allCases {
      guard case .array(let column)? = root["counts"]?[label.name] else {
        throw ModelFileError.missing("counts.\(label.name)")
      }
      guard column.count == tokens.count else {
        throw ModelFileError.inconsistent(
          "\(column.count) \(label.name) counts for \(tokens.count) tokens")
      }
      for (id, value) in column.enumerated() {
        guard let count = ModelFile.nonNegativeInteger(value) else {
          throw ModelFileError.inconsistent("a \(label.name) count is not a whole number ≥ 0")
        }
        counts[id * Sentiment.count + label.rawValue] = count
      }
    }
    return (vocabulary, counts)
  }

}
