import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Files {
  /// Writes `bytes` to `path` atomically: into a temporary file in the same
  /// directory, flushed to disk, then renamed over `path`. A failure leaves
  /// `path` as it was and no temporary file behind.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    try writeAtomically(to: path) { write in try write(bytes) }
  }

  /// Writes the chunks that `produce` passes to its argument to `path`
  /// atomically, as ``writeAtomically(_:to:)`` does, without holding the
  /// whole file in memory.
  static func writeAtomically(
    to path: String, _ produce: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
  ) throws {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists && status.st_mode & S_IFMT == S_IFDIR {
      throw RuntimeError(
        "cannot write \(path): it is a directory; give a file name such as \(path)/model.json",
        status: .cannotCreate)
    }
    // A replaced file keeps its mode (a 0600 model stays private); a new
    // one gets what the umask allows, as `open(2)` would give it.
    let mode: mode_t
    if exists && status.st_mode & S_IFMT == S_IFREG {
      mode = status.st_mode & 0o7777
    } else {
      let mask = umask(0)
      umask(mask)
      mode = 0o666 & ~mask
    }
    guard
      let (descriptor, temporary) = Files.makeTemporary(
        "\(directory)/.\(url.lastPathComponent).tmp-XXXXXX")
    else { throw RuntimeError("cannot write \(path): \(reason(errno))", status: .cannotCreate) }
    var committed = false
    defer {
      if !committed { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      try produce { bytes in
        if let code = writeAll(bytes.span, to: descriptor) {
          throw RuntimeError("cannot write \(path): \(reason(code))", status: .cannotCreate)
        }
      }
      fchmod(descriptor, mode)
      guard fsync(descriptor) == 0 else {
        throw RuntimeError("cannot write \(path): \(reason(errno))", status: .cannotCreate)
      }
    }
    guard rename(temporary, path) == 0 else {
      throw RuntimeError("cannot write \(path): \(reason(errno))", status: .cannotCreate)
    }
    committed = true
  }
}
