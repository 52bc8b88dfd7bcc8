/// A member of the model file's `options` or `metadata` object, as written.
enum ModelField: Equatable, CustomStringConvertible {
  case number(Double)
  case integer(Int)
  case bool(Bool)
  case string(String)

  /// The value as a merge's difference names it (`1.0`, `true`, `laplace`).
  var description: String {
    switch self {
    case .number(let value): "\(value)"
    case .integer(let value): "\(value)"
    case .bool(let value): "\(value)"
    case .string(let value): value
    }
  }

  /// Writes `fields` as one JSON object, in their order (the file's sorted
  /// order).
  static func write(_ fields: [(name: String, value: ModelField)], to json: inout JSONWriter) {
    json.beginObject()
    for field in fields {
      json.key(field.name)
      switch field.value {
      case .number(let value): json.number(value)
      case .integer(let value): json.integer(value)
      case .bool(let value): json.bool(value)
      case .string(let value): json.string(value)
      }
    }
    json.endObject()
  }

  /// The first of `first`'s fields whose value differs from `other`'s, as
  /// `(prefix.name, first's, other's)`; `nil` when all agree.
  static func firstDifference(
    _ prefix: String, _ first: [(name: String, value: ModelField)],
    _ other: [(name: String, value: ModelField)]
  ) -> (String, String, String)? {
    for (a, b) in zip(first, other) where a.value != b.value {
      return ("\(prefix).\(a.name)", a.value.description, b.value.description)
    }
    return nil
  }
}

extension NaiveBayesOptions {
  /// The `options` members in the file's order: one list for the writer
  /// and for the merge's check that the parts were trained alike (the
  /// reader checks each member's range by name).
  var fileFields: [(name: String, value: ModelField)] {
    [
      ("alpha", .number(alpha)), ("bigrams", .bool(bigrams)), ("binarized", .bool(binarized)),
      ("complement", .bool(complement)), ("lexicon_weight", .number(lexiconWeight)),
      ("min_count", .integer(minCount)), ("priors", .string(priors.rawValue)),
      ("reader", .bool(reader)), ("smoothing", .string(smoothing.rawValue)),
    ]
  }
}

extension ModelMetadata {
  /// The `metadata` members in the file's order, for the writer and the
  /// merge.
  var fileFields: [(name: String, value: ModelField)] {
    [
      ("author", .string(author)), ("description", .string(description)),
      ("license", .string(license)), ("version", .string(version)),
    ]
  }
}
