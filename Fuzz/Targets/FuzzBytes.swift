/// The fuzzer's input read one byte at a time, 0 once it runs out: what
/// each target draws its values from.
struct FuzzBytes {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var at = 0

  init(_ data: UnsafePointer<UInt8>, count: Int) {
    bytes = UnsafeBufferPointer(start: data, count: count)
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { at >= bytes.count }

  /// The next byte, or 0 past the end.
  mutating func byte() -> Int {
    guard at < bytes.count else { return 0 }
    defer { at += 1 }
    return Int(bytes[at])
  }
}
