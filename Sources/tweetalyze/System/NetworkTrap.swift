import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns a trap inside Foundation's networking, while tweets are fetched,
/// into one `Error:` line and exit 69.
///
/// swift-corelibs-foundation converts libcurl's `Content-Length`, a
/// `Double`, to `Int64` in its header callback (`_EasyHandle.setupCallbacks`
/// in `EasyHandle.swift`); a length of 2^63 − 512 or more rounds to 2^63 and
/// traps (SIGILL) before any delegate sees the response, and no option
/// reaches that code. So the trap itself is caught: while a fetch runs,
/// SIGILL writes the line prepared for it and ends the process with 69; at
/// any other time the handler that was there before (Swift's crash report)
/// gets it.
enum NetworkTrap {
  /// The room for the prepared line, allocated once: the handler may only
  /// write memory that exists before the signal.
  private static let capacity = 2048
  nonisolated(unsafe) fileprivate static let line = UnsafeMutablePointer<UInt8>.allocate(
    capacity: capacity)
  nonisolated(unsafe) fileprivate static var length = 0
  /// Whether a fetch runs. A word written by one thread and read by the
  /// handler: no lock can be taken in a signal handler.
  nonisolated(unsafe) fileprivate static var armed = false
  nonisolated(unsafe) fileprivate static var previous = sigaction()
  private static let lock = NSLock()
  nonisolated(unsafe) private static var installed = false

  /// Runs `body` (a fetch from `service` at `host`) with the trap caught.
  ///
  /// When `body` throws, the trap stays caught: a transfer stopped at its
  /// cap or deadline goes on in the background for a while (the caller is
  /// answered at once), and under a memory limit Foundation can trap on its
  /// next chunk while the run reports the error.
  static func guarding<T>(
    host: String, service: HTTPService = .x, _ body: () async throws -> T
  ) async rethrows -> T {
    arm(host: host, service: service)
    let result = try await body()
    disarm()
    return result
  }

  private static func arm(host: String, service: HTTPService) {
    lock.lock()
    defer { lock.unlock() }
    let text =
      "Error: Foundation's networking stopped the process while reading the answer of "
      + "\(service.name) at \(host) (it does on a Content-Length of 2^63 - 512 or more, and when "
      + "memory runs out); if \(service.baseSetting) or a proxy is set, check that it points to "
      + "\(service.apiName)\n"
    let bytes = Array(text.utf8.prefix(capacity))
    armed = false
    bytes.withUnsafeBufferPointer { buffer in
      if let start = buffer.baseAddress { line.update(from: start, count: buffer.count) }
    }
    length = bytes.count
    if !installed {
      installed = true
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = reportTrap
      action.sa_flags = SA_SIGINFO
      sigemptyset(&action.sa_mask)
      sigaction(SIGILL, &action, &previous)
    }
    armed = true
  }

  private static func disarm() {
    lock.lock()
    armed = false
    lock.unlock()
  }
}

/// The SIGILL handler. Async-signal-safe: `write`, `_exit` and `sigaction`
/// only, on memory that exists beforehand.
private func reportTrap(
  _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  guard NetworkTrap.armed else {
    // Returning runs the trapping instruction again, now under the handler
    // that was there before.
    sigaction(SIGILL, &NetworkTrap.previous, nil)
    return
  }
  _ = write(2, NetworkTrap.line, NetworkTrap.length)
  _exit(69)
}
