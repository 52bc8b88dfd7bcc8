/// The bytes an ``Output`` has not written out yet, in a class of their
/// own so that only this storage opts out of a safety check.
///
/// Unchecked exclusivity: each access would otherwise be checked at run time
/// for overlapping writes, several times per line of `classify`. Nothing
/// that touches it is reentrant: ``Output`` appends, flushes and clears it,
/// one call at a time, on one thread.
final class OutputBuffer {
  /// The bytes; ``Output`` reserves their capacity once.
  @exclusivity(unchecked) var bytes: [UInt8] = []

  /// Passes the bytes to `body`, as a span that lives for the call.
  func withSpan<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
    // A local reference (no copy) for the span to borrow; it is gone when
    // this returns, so the buffer is unique again for the caller to clear.
    let bytes = self.bytes
    return try body(bytes.span)
  }
}
