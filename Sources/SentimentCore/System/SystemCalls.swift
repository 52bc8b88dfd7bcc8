import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `read(2)` and `write(2)`, under names that the `read` and `write` methods
/// of the types that call them do not shadow.
private let systemRead = read
private let systemWrite = write

/// The C calls that take a pointer, for the core and the executable: reading
/// and writing a descriptor, probing address space, and glibc's `mallopt`.
/// Everything else calls these rather than holding a pointer itself
/// (`System/README.md` says why each needs one).
package enum SystemCalls {
  /// `read(2)` of up to `buffer.count` bytes of `descriptor` into the start
  /// of `buffer`: how many, 0 at the end, or -1 with `errno` set.
  package static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
  }

  /// Writes all of `bytes` to `descriptor`, again after an interruption.
  /// Returns `nil` on success, else the `errno` of the failed `write(2)`.
  package static func writeAll(_ bytes: Span<UInt8>, to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return nil }
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }

  /// Whether the kernel gives `bytes` of address space now: mapped and
  /// unmapped at once (a `malloc` and `free` of it the optimizer would
  /// remove).
  package static func canMap(_ bytes: Int) -> Bool {
    let probe = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let probe, probe != UnsafeMutableRawPointer(bitPattern: -1) else { return false }
    munmap(probe, bytes)
    return true
  }

  /// Makes every thread allocate from the one main `malloc` arena, with
  /// glibc's `mallopt(M_ARENA_MAX, 1)`, looked up at run time; elsewhere
  /// (no glibc) it does nothing.
  package static func shareOneMallocArena() {
    #if canImport(Glibc)
      // No handle: glibc's RTLD_DEFAULT, the symbols the process loaded.
      guard let symbol = dlsym(nil, "mallopt") else { return }
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      // glibc's M_ARENA_MAX (malloc.h, which the Glibc module leaves out).
      let arenaMaximum: Int32 = -8
      _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaximum, 1)
    #endif
  }
}
