import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends a line to a file shared with other runs (`--history`): under an
/// exclusive `flock`, on an `O_APPEND` descriptor, in one `write` when the
/// system takes it whole, so that two runs appending at once never
/// interleave. A file that ends inside a line (a run killed mid-write) gets
/// a line feed first, so that only that run's line is lost.
enum AppendLine {
  /// Appends `line` (ending in a line feed) to `path`, creating it (0644)
  /// when missing; the `errno` of the first call that fails, else `nil`.
  static func append(_ line: [UInt8], to path: String) -> Int32? {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return errno }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX) == 0 else { return errno }
    var bytes = line
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return errno }
    if status.st_size > 0 {
      let reader = open(path, O_RDONLY | O_CLOEXEC)
      if reader >= 0 {
        var last: UInt8 = 0x0A
        _ = pread(reader, &last, 1, off_t(status.st_size - 1))
        close(reader)
        if last != 0x0A { bytes.insert(0x0A, at: 0) }
      }
    }
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if result < 0 {
        if errno == EINTR { continue }
        return errno
      }
      written += result
    }
    return nil
  }
}
