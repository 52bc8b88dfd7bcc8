import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output file that cannot be written (exit status class: cannot
/// create output).
struct OutputError: LocalizedError {
  /// The path as the user gave it.
  var path: String
  /// Why, in a few words.
  var reason: String
  var errorDescription: String? { "cannot write \(path): \(reason)" }
}

/// Where an output path leads, and so how it is written.
enum OutputTarget: Equatable {
  /// An open descriptor, written as it is: `-` and paths that name our own
  /// standard output or error (`/dev/stdout`, `/proc/self/fd/1`).
  case descriptor(Int32)
  /// A device, FIFO or socket: opened for writing and written through,
  /// never replaced (`/dev/null`, a named pipe).
  case direct(String)
  /// A regular file, or none yet: replaced atomically. `path` is the file
  /// itself, after any symbolic links; `mode` the mode it has, if it exists.
  case replace(path: String, mode: mode_t?)
}

extension Files {
  /// Writes `bytes` to the output `path`, as ``writeAtomically(to:mode:_:)``
  /// does.
  static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t? = nil) throws {
    try writeAtomically(to: path, mode: mode) { write in try write(bytes) }
  }

  /// Writes the chunks that `produce` passes to its argument to the output
  /// `path`, without holding the whole file in memory. The one writer of
  /// every output file (`train --out`, `--record`).
  ///
  /// - `-` is standard output.
  /// - A device, FIFO or socket is opened and written through (`/dev/null`,
  ///   `/dev/stdout`, a named pipe): it cannot be replaced.
  /// - A symbolic link is followed; its target is replaced atomically, in
  ///   the target's own directory, and the link stays a link. A link in a
  ///   sticky world-writable directory (`/tmp`) that someone else owns is
  ///   refused, as the kernel's `protected_symlinks` refuses it to `open`.
  /// - A file in a directory that another user owns, or that every user may
  ///   write without the sticky bit, is refused, and so is a link in or
  ///   into one (``checkDirectoryIsTrusted(_:_:shownAs:)``).
  /// - A regular file is replaced atomically: written to a new temporary
  ///   file in the same directory (created exclusively, under a random
  ///   name, never through a link), flushed to disk, and renamed over it. A
  ///   failure, or a signal that can be caught (``TemporaryFiles/signals``),
  ///   leaves it as it was and no
  ///   temporary file behind. It keeps its mode; a new file gets `mode`
  ///   (default: `0666` less the umask).
  static func writeAtomically(
    to path: String, mode newMode: mode_t? = nil,
    _ produce: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
  ) throws {
    switch try outputTarget(path) {
    case .descriptor(let descriptor):
      try produce { bytes in
        if let code = writeAll(bytes.span, to: descriptor) {
          if code == EPIPE && descriptor == 1 { throw BrokenPipe() }
          throw OutputError(path: path, reason: reason(code))
        }
      }
    case .direct(let target):
      let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
      guard descriptor >= 0 else { throw OutputError(path: path, reason: reason(errno)) }
      defer { close(descriptor) }
      try produce { bytes in
        if let code = writeAll(bytes.span, to: descriptor) {
          throw OutputError(path: path, reason: reason(code))
        }
      }
    case .replace(let target, let mode):
      try replace(target, shownAs: path, mode: mode ?? newMode ?? defaultMode(), produce)
    }
  }

  /// `0666` less the umask: what `open(2)` gives a new file.
  static func defaultMode() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return 0o666 & ~mask
  }

  /// How ``writeAtomically(to:mode:_:)`` writes `path`.
  static func outputTarget(_ path: String) throws -> OutputTarget {
    if path == "-" { return .descriptor(1) }
    var status = stat()
    var link = stat()
    let isLink = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
    if stat(path, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR {
        throw OutputError(
          path: path, reason: "it is a directory; give a file name such as \(path)/model.json")
      }
      // `/dev/stdout` and `/proc/self/fd/N` name our own descriptors, which
      // may be a pipe, a socket, or a file opened for appending: write
      // through the descriptor itself.
      if isLink {
        for descriptor: Int32 in [1, 2] {
          var open = stat()
          if fstat(descriptor, &open) == 0, open.st_dev == status.st_dev,
            open.st_ino == status.st_ino
          {
            return .descriptor(descriptor)
          }
        }
      }
      if status.st_mode & S_IFMT != S_IFREG { return .direct(path) }
      let target = isLink ? try resolveLinks(path) : path
      return .replace(path: target, mode: status.st_mode & 0o7777)
    }
    // A link to nothing yet: the file is created where it points.
    return .replace(path: isLink ? try resolveLinks(path) : path, mode: nil)
  }

  /// Makes sure the `--record` directory `path` exists: a symbolic link to
  /// a directory is followed (checked as ``checkLinkIsTrusted(_:_:shownAs:)``
  /// checks links); a missing directory is created, private to its owner
  /// (`0700`: recordings hold API responses). Whether it was there or was
  /// just made (someone may have made it first), a directory that others
  /// control is refused (``checkDirectoryIsTrusted(_:_:shownAs:)``).
  static func prepareDirectory(_ path: String) throws {
    var status = stat()
    if lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK {
      try checkLinkIsTrusted(path, status, shownAs: path)
    }
    if stat(path, &status) != 0 {
      do {
        try FileManager.default.createDirectory(
          atPath: path, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
        throw OutputError(
          path: path, reason: code.map { reason(Int32($0)) } ?? "the directory cannot be created")
      }
    }
    guard stat(path, &status) == 0 else { throw OutputError(path: path, reason: reason(errno)) }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw OutputError(path: path, reason: "it is not a directory")
    }
    try checkDirectoryIsTrusted(path, status, shownAs: path)
  }

  /// Refuses a directory (its `stat` is `status`) that someone else may
  /// change while we write in it: one owned by another user than us and
  /// root, or one that every user may write without the sticky bit. Either
  /// could plant a link at the name we write, or swap the file, and so
  /// turn our write (root's, perhaps) into one of a file of their choosing.
  /// A sticky shared directory (`/tmp`) is allowed: there, others cannot
  /// touch our files, and links they own are not followed.
  static func checkDirectoryIsTrusted(_ directory: String, _ status: stat, shownAs shown: String)
    throws
  {
    if status.st_uid != geteuid() && status.st_uid != 0 {
      throw OutputError(
        path: shown,
        reason: "its directory \(directory) is owned by another user, who could plant a link "
          + "there to redirect the write; write elsewhere")
    }
    if status.st_mode & S_IWOTH != 0 && status.st_mode & S_ISVTX == 0 {
      throw OutputError(
        path: shown,
        reason: "its directory \(directory) can be written by every user without the sticky "
          + "bit, so anyone could plant a link there to redirect the write; write elsewhere")
    }
  }

  /// The path that the symbolic link `path` leads to, through every link
  /// in a chain (at most 40, as the kernel allows).
  static func resolveLinks(_ path: String) throws -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      try checkLinkIsTrusted(current, status, shownAs: path)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { throw OutputError(path: path, reason: reason(errno)) }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/") ? target : directory(of: current) + "/" + target
    }
    throw OutputError(path: path, reason: reason(ELOOP))
  }

  /// Refuses to follow the link `path` (its `lstat` is `link`) when it is
  /// in a sticky, world-writable directory and neither we nor the
  /// directory's owner own it: someone else may have put it there to make
  /// us overwrite a file of theirs choosing (the rule of Linux's
  /// `fs.protected_symlinks`, which following a link by hand bypasses).
  /// A link in a directory that others control
  /// (``checkDirectoryIsTrusted(_:_:shownAs:)``) is refused too: they can
  /// change where it leads. `shown` is the path the error names.
  static func checkLinkIsTrusted(_ path: String, _ link: stat, shownAs shown: String) throws {
    var parent = stat()
    guard stat(directory(of: path), &parent) == 0 else { return }
    let sticky = parent.st_mode & S_ISVTX != 0 && parent.st_mode & 0o002 != 0
    if sticky && link.st_uid != geteuid() && link.st_uid != parent.st_uid {
      throw OutputError(
        path: shown,
        reason: "it is a symbolic link owned by another user in a shared directory "
          + "(\(directory(of: path))), which tweetalyze does not follow; remove it or write "
          + "elsewhere")
    }
    try checkDirectoryIsTrusted(directory(of: path), parent, shownAs: shown)
  }

  /// The directory part of `path` (`.` for a bare name).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Writes a temporary file beside `path` and renames it over `path`.
  /// The directory is opened once and checked
  /// (``checkDirectoryIsTrusted(_:_:shownAs:)``); the temporary file is
  /// created, and renamed, relative to that descriptor, so that what was
  /// checked is where the file is written, even if the path is changed
  /// meanwhile.
  private static func replace(
    _ path: String, shownAs shown: String, mode: mode_t,
    _ produce: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
  ) throws {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let parent = directory(of: path)
    let folder = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw OutputError(path: shown, reason: reason(errno)) }
    defer { close(folder) }
    var status = stat()
    guard fstat(folder, &status) == 0 else { throw OutputError(path: shown, reason: reason(errno)) }
    try checkDirectoryIsTrusted(parent, status, shownAs: shown)
    var generator = SystemRandomNumberGenerator()
    let (descriptor, temporary, slot) = try TemporaryFiles.withSignalsBlocked {
      let created = try createTemporary(
        in: parent, at: folder, prefix: temporaryPrefix(name), using: &generator, shownAs: shown,
        registering: true)
      return (created.descriptor, created.path, TemporaryFiles.slot(of: created.path))
    }
    let temporaryName = String(temporary.dropFirst(parent.count + 1))
    var committed = false
    defer {
      if !committed { unlinkat(folder, temporaryName, 0) }
      TemporaryFiles.unregister(slot)
    }
    do {
      defer { close(descriptor) }
      try produce { bytes in
        if let code = writeAll(bytes.span, to: descriptor) {
          throw OutputError(path: shown, reason: reason(code))
        }
      }
      fchmod(descriptor, mode)
      guard fsync(descriptor) == 0 else {
        throw OutputError(path: shown, reason: reason(errno))
      }
    }
    guard renameat(folder, temporaryName, folder, name) == 0 else {
      throw OutputError(path: shown, reason: reason(errno))
    }
    committed = true
  }

  /// The longest file name most file systems take (`NAME_MAX`), in bytes.
  static let longestName = 255

  /// `.<name>.tmp-`, the start of the temporary file's name for `name`, with
  /// `name` cut (at a character boundary) so that the whole name, its 12
  /// random letters included, fits in ``longestName`` bytes: a name the file
  /// system accepts is never refused for its temporary file's.
  static func temporaryPrefix(_ name: String) -> String {
    let room = longestName - ".".utf8.count - ".tmp-".utf8.count - 12
    var kept = Substring(name)
    while kept.utf8.count > room { kept = kept.dropLast() }
    return ".\(kept).tmp-"
  }

  /// The letters of a temporary file's random part.
  private static let nameCharacters = Array(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

  /// Creates a new file `<directory>/<prefix><12 random letters>` (about
  /// 71 bits: not guessable in advance), mode `0600`, with
  /// `O_CREAT | O_EXCL | O_NOFOLLOW`: whatever is already at the name, a
  /// file or a symbolic link planted there, is never opened or followed; a
  /// new name is drawn instead, up to 100 times. `shownAs` is the path
  /// the error names.
  ///
  /// With `folder`, a descriptor of `directory`, the file is created
  /// relative to it (`openat`), not by the path. With `registering`, each
  /// name is registered for removal on a signal (``TemporaryFiles``) before
  /// the file is created, so that no moment has the file without the
  /// registration, whichever thread a signal reaches; a name that is taken
  /// is unregistered again.
  static func createTemporary(
    in directory: String, at folder: Int32 = AT_FDCWD, prefix: String,
    using generator: inout some RandomNumberGenerator, shownAs shown: String,
    registering: Bool = false
  ) throws -> (descriptor: Int32, path: String) {
    for _ in 0..<100 {
      var name = prefix
      for _ in 0..<12 {
        let index = Int(generator.next(upperBound: UInt64(nameCharacters.count)))
        name.unicodeScalars.append(UnicodeScalar(nameCharacters[index]))
      }
      let path = directory + "/" + name
      let slot = registering ? TemporaryFiles.register(path) : nil
      let descriptor = openat(
        folder, folder == AT_FDCWD ? path : name,
        O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
        mode_t(0o600))
      if descriptor >= 0 { return (descriptor, path) }
      let code = errno
      TemporaryFiles.unregister(slot)
      if code != EEXIST { throw OutputError(path: shown, reason: reason(code)) }
    }
    throw OutputError(path: shown, reason: "no free temporary file name in \(directory)")
  }
}
