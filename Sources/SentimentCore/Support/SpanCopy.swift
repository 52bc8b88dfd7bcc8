/// Copies out of a `Span`, which is not a `Sequence`: the one safe way the
/// code turns borrowed bytes into an array or a string, instead of an
/// unsafe buffer at each place. For bytes only, not any element type: a
/// generic version runs unspecialized when called from another module,
/// looking up type metadata for every element (measured 80 % slower on
/// `classify --archive`).
extension [UInt8] {
  /// Creates an array holding a copy of the bytes of `span`.
  ///
  ///     let bytes = [UInt8](copying: line)  // line: Span<UInt8>
  ///
  /// - Complexity: O(*n*) in `span.count`; one allocation.
  package init(copying span: Span<UInt8>) {
    self.init(capacity: span.count) { output in
      for index in span.indices { output.append(span[index]) }
    }
  }

  /// Appends a copy of the bytes of `span`.
  ///
  /// - Complexity: O(*n*) in `span.count`, amortized.
  package mutating func append(copying span: Span<UInt8>) {
    append(addingCapacity: span.count) { output in
      for index in span.indices { output.append(span[index]) }
    }
  }
}

extension String {
  /// Creates a string from UTF-8 bytes; an invalid sequence becomes U+FFFD,
  /// as in `String(decoding:as:)`.
  ///
  ///     String(decodingUTF8: bytes.span)  // "I ♥ it"
  ///
  /// - Complexity: O(*n*) in `utf8.count`.
  package init(decodingUTF8 utf8: Span<UInt8>) {
    self.init(decoding: [UInt8](copying: utf8), as: UTF8.self)
  }
}
