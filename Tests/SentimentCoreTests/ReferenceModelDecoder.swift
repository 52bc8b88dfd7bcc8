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
