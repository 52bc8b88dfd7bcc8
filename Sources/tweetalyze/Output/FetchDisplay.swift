import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What stderr shows while tweets are fetched: a spinner with the page count
/// on a terminal (redrawn by a timer), warnings as `Warning: …` lines, and a
/// note when --wait waits for a rate limit.
final class FetchDisplay: @unchecked Sendable {
  private let query: String
  private let isTerminal: Bool
  private let quiet: Bool
  private let lock = NSLock()
  private var status = ""
  private var frame = 0
  private var drawn = false
  private var notedWait = false
  private var warnings = 0
  /// The most warning lines shown for one query; one line more says that
  /// the rest are not shown (a page can carry any number of `errors[]`).
  static let maximumWarnings = 10
  private var timer: DispatchSourceTimer?
  private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The service fetched from, as warnings name it (`the X API`).
  private let service: String
  /// What the service's posts are called: `tweet` on X, else `post`.
  var noun: String { service == "the X API" ? "tweet" : "post" }

  /// Creates a display; `quiet` shows nothing at all (`--quiet`).
  init(query: String, isTerminal: Bool, quiet: Bool = false, service: String = "the X API") {
    self.query = query
    self.service = service
    self.isTerminal = isTerminal && !quiet
    self.quiet = quiet
  }

  deinit { timer?.cancel() }

  /// Shows a progress event.
  func show(_ event: HTTPTransport.Event) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .requesting(let page, let tweets):
      status =
        "Searching \(query): page \(page)"
        + (tweets > 0 ? ", \(tweets) \(noun)\(tweets == 1 ? "" : "s")" : "")
      startTimer()
    case .retrying(let attempt, let attempts, let delay, let reason):
      status =
        "Searching \(query): \(reason); retrying in \(Self.seconds(delay)) s "
        + "(attempt \(attempt) of \(attempts))"
    case .waitingForRateLimit(let reset, let secondsLeft):
      status = "Rate limit reached: waiting \(secondsLeft) s for the window to reset"
      if !isTerminal && !quiet && !notedWait {
        notedWait = true
        write(
          "Rate limit reached; waiting \(secondsLeft) s, until "
            + "\(HTTPSourceError.localTime(reset, now: Date())), as --wait asks\n")
      }
    case .finished:
      stopLocked()
      return
    case .stoppedPaging(let pages, let emptyPages):
      if !quiet {
        clear()
        write(
          "Warning: \(service) sent \(emptyPages) pages in a row without a post, each naming "
            + "a next page; stopped after \(pages) pages\n")
      }
    }
    draw()
  }

  /// Stops the spinner and erases its line.
  func stop() {
    lock.lock()
    defer { lock.unlock() }
    stopLocked()
  }

  private func stopLocked() {
    timer?.cancel()
    timer = nil
    clear()
  }

  /// Shows a warning line.
  func warn(_ message: String) {
    guard !quiet else { return }
    lock.lock()
    defer { lock.unlock() }
    warnings += 1
    guard warnings <= Self.maximumWarnings + 1 else { return }
    clear()
    if warnings > Self.maximumWarnings {
      write(
        "Warning: \(service) reported more problems for \(query); only the first "
          + "\(Self.maximumWarnings) are shown\n")
    } else {
      // The API's own words: a server must not fake an `Error:` line or
      // drive the terminal.
      write("Warning: \(ErrorLine.clean(message))\n")
    }
    draw()
  }

  private func startTimer() {
    guard isTerminal, timer == nil else { return }
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
    timer.setEventHandler { [weak self] in
      guard let self else { return }
      self.lock.lock()
      defer { self.lock.unlock() }
      self.frame += 1
      self.draw()
    }
    self.timer = timer
    timer.resume()
  }

  /// Redraws the spinner line (terminal only). Call with the lock held.
  private func draw() {
    guard isTerminal, timer != nil else { return }
    let spinner = Self.frames[frame % Self.frames.count]
    write("\r\u{1B}[K\(spinner) \(status)")
    drawn = true
  }

  /// Erases the spinner line. Call with the lock held.
  private func clear() {
    guard drawn else { return }
    write("\r\u{1B}[K")
    drawn = false
  }

  /// Writes progress to stderr at once; a failure to show progress is no
  /// reason to stop fetching, so it is ignored.
  private func write(_ text: String) {
    _ = Files.writeAll(Array(text.utf8).span, to: 2)
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}

// MARK: A trap while fetching

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
