import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why no usable bearer token was found. The messages never contain the
/// token itself.
package enum BearerTokenError: LocalizedError, Equatable {
  /// Neither a token file nor a token variable was given.
  case missing(variables: [String])
  /// A token variable is set but empty.
  case emptyVariable(name: String)
  /// The token file could not be read.
  case unreadableFile(path: String, reason: String)
  /// The token file can be read by group or others (`mode` in octal).
  case insecureFile(path: String, mode: String)
  /// The token file is empty.
  case emptyFile(path: String)
  /// The token has spaces or control characters inside (`source` says
  /// where it came from).
  case malformed(source: String)
  /// The token holds a character outside ASCII, such as the `…` of a
  /// placeholder copied from the docs or a typographic quote.
  case notASCII(source: String)

  package var errorDescription: String? {
    switch self {
    case .missing(let variables):
      "no X API bearer token: create an app in a project on the X developer portal "
        + "(https://developer.x.com/en/portal/dashboard), copy its Bearer Token, and set "
        + "\(variables.first ?? "TWITTER_BEARER_TOKEN") or pass --token-file PATH (a paid "
        + "plan); free: --source mastodon (no login, a #tag) or --source bluesky (an app "
        + "password); offline: --fixtures PATH"
    case .emptyVariable(let name):
      "\(name) is set but empty; set it to your app's Bearer Token from the X developer portal, "
        + "or use --fixtures PATH to work offline"
    case .unreadableFile(let path, let reason):
      "cannot read the token file \(path): \(reason)"
    case .insecureFile(let path, let mode):
      "the token file \(path) can be read by other users (mode \(mode)); a token or app "
        + "password is a secret, so make the file private with 'chmod 600 \(path)' and try again"
    case .emptyFile(let path):
      "the token file \(path) is empty; put the secret in it, on one line: the X app's Bearer "
        + "Token, a Bluesky app password, or a Mastodon access token"
    case .malformed(let source):
      "the token in \(source) has spaces or control characters inside; "
        + "it should be the token or app password alone, on one line"
    case .notASCII(let source):
      "the token in \(source) has a character that is not ASCII (such as '…' or a curly "
        + "quote: a placeholder from the docs, or text pasted from a web page); tokens and app "
        + "passwords are plain ASCII letters, digits and punctuation, so copy the real one again"
    }
  }
}

/// Finds the X API bearer token: from a token file, else from the
/// environment.
package enum BearerToken {
  /// The environment variables that may hold the token, in the order they
  /// are tried.
  package static let variables = ["TWITTER_BEARER_TOKEN", "X_BEARER_TOKEN"]

  /// The token from `file` if given, else from the first of ``variables``
  /// set in `environment`. Surrounding whitespace and newlines are trimmed.
  ///
  /// A token file must not be readable by group or others.
  ///
  /// - Throws: ``BearerTokenError``.
  package static func load(environment: [String: String], file: String? = nil) throws -> String {
    if let file {
      return try read(file: file)
    }
    for name in variables {
      guard let value = environment[name] else { continue }
      let token = value.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !token.isEmpty else { throw BearerTokenError.emptyVariable(name: name) }
      try check(token, source: name)
      return token
    }
    throw BearerTokenError.missing(variables: variables)
  }

  /// The token in the file at `path`, which must be private to its owner.
  ///
  /// - Throws: ``BearerTokenError``.
  package static func read(file path: String) throws -> String {
    // Opened first, then checked with `fstat`: the mode checked is that of
    // the file read, the target of a symbolic link (a link's own mode is
    // always 0777), and it cannot be swapped in between.
    let descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw BearerTokenError.unreadableFile(path: path, reason: reason(errno))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw BearerTokenError.unreadableFile(path: path, reason: reason(errno))
    }
    guard status.st_mode & S_IFMT != S_IFDIR else {
      throw BearerTokenError.unreadableFile(path: path, reason: "it is a directory, not a file")
    }
    let permissions = Int(status.st_mode) & 0o777
    guard permissions & 0o077 == 0 else {
      var link = stat()
      let isLink = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
      let shown =
        isLink
        ? "\(path) (a symbolic link to \(linkTarget(path)), whose mode is checked)" : path
      throw BearerTokenError.insecureFile(path: shown, mode: String(permissions, radix: 8))
    }
    var source = FileDescriptorSource(descriptor: descriptor)
    let data: [UInt8]
    do {
      data = try source.readAll(limit: maximumFileSize)
    } catch .tooLarge {
      throw BearerTokenError.unreadableFile(
        path: path, reason: "it is larger than 64 KiB; a token is a line of text")
    } catch {
      throw BearerTokenError.unreadableFile(path: path, reason: "it is not a readable file")
    }
    let token = String(decoding: data, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty else { throw BearerTokenError.emptyFile(path: path) }
    try check(token, source: path)
    return token
  }

  /// The largest token file read.
  static let maximumFileSize = 64 << 10

  /// Where the symbolic link `path` points, as written in the link.
  private static func linkTarget(_ path: String) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return "another file" }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func check(_ token: String, source: String) throws {
    guard token.unicodeScalars.allSatisfy(\.isASCII) else {
      throw BearerTokenError.notASCII(source: source)
    }
    let visible = token.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    guard visible else { throw BearerTokenError.malformed(source: source) }
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file or directory"
    case EACCES: "permission denied"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}
