#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment variables, looked up one at a time when a
/// command asks (`getenv`), rather than all of them copied into a
/// dictionary at start-up, as `ProcessInfo.environment` does.
struct Environment: Sendable {
  /// The value of the variable `name`, or `nil` when it is not set.
  subscript(name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
