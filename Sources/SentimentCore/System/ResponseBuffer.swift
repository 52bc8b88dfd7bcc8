import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A response body as it arrives, in memory from `malloc`: `Data` traps
/// when it cannot grow, which under a memory limit (`ulimit -v`) killed the
/// process; a buffer that cannot grow here is reported instead.
final class ResponseBuffer {
  private var bytes: UnsafeMutableRawPointer?
  private var capacity = 0
  private let limit: Int
  /// The bytes held.
  private(set) var count = 0

  init(limit: Int) {
    self.limit = limit
  }

  deinit { free(bytes) }

  /// Appends `data`, which must fit within the limit; false when the memory
  /// for it cannot be had (nothing is appended then).
  func append(_ data: Data) -> Bool {
    let needed = count + data.count
    if needed > capacity {
      let grown = min(max(needed, capacity * 2, 64 << 10), max(needed, limit))
      guard let moved = realloc(bytes, grown) else { return false }
      bytes = moved
      capacity = grown
    }
    guard let bytes else { return data.isEmpty }
    data.copyBytes(
      to: bytes.advanced(by: count).assumingMemoryBound(to: UInt8.self), count: data.count)
    count = needed
    return true
  }

  /// The body, handed over without a copy; the buffer is empty afterwards.
  func take() -> Data {
    guard let bytes, count > 0 else { return Data() }
    let data = Data(bytesNoCopy: bytes, count: count, deallocator: .free)
    self.bytes = nil
    capacity = 0
    count = 0
    return data
  }
}
