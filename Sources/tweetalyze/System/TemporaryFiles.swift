import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files the process has open (a model being written, a
/// spooled stdin), removed when a signal that can be caught ends the
/// process (``signals``).
///
/// The signal handler may only call async-signal-safe functions, so each
/// path is kept as a C string registered beforehand, in a fixed table the
/// handler walks with `unlink(2)`; it then restores the signal's default
/// action and raises it again, so that the process still ends by the signal.
enum TemporaryFiles {
  /// The most temporary files registered at once.
  static let capacity = 16
  /// The signals whose default action ends the process and that can be
  /// caught. SIGXFSZ is not among them: it is ignored, so that a write past
  /// `ulimit -f` fails with an error instead.
  static let signals: [Int32] = {
    var signals = [
      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF,
    ]
    #if os(Linux)
      signals.append(SIGPWR)
    #endif
    return signals
  }()

  /// The registered paths (`nil`: a free slot), read by the handler.
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    return slots
  }()

  nonisolated(unsafe) private static var installed = false

  /// Runs `body` with ``signals`` blocked on this thread, so
  /// that a file it creates is registered before a handler can run here.
  static func withSignalsBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    for signal in signals { sigaddset(&blocked, signal) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }

  /// Registers `path` for removal on a signal; returns its slot for
  /// ``unregister(_:)``, or `nil` when the table is full (the file is then
  /// only removed by the normal paths).
  static func register(_ path: String) -> Int? {
    installHandlers()
    for index in 0..<capacity where slots[index] == nil {
      slots[index] = strdup(path)
      return index
    }
    return nil
  }

  /// The slot `path` is registered in, if any.
  static func slot(of path: String) -> Int? {
    (0..<capacity).first { index in
      slots[index].map { String(cString: $0) == path } ?? false
    }
  }

  /// Forgets the path in `slot`, once the file is renamed or removed.
  ///
  /// The copy is not freed: a handler running on another thread may be
  /// reading it. It is a few bytes per file written.
  static func unregister(_ slot: Int?) {
    guard let slot else { return }
    slots[slot] = nil
  }

  /// Takes SIGQUIT back from the Swift runtime, at start: its crash
  /// handler took SIGQUIT for a crash, printed a "Program crashed" report
  /// and let the run go on (to exit 0, writing its outputs; `classify` on a
  /// FIFO waited forever). Our handler ends the process by SIGQUIT's default
  /// action (status 131 in a shell), after removing any temporary file. A
  /// SIGQUIT ignored at start (as the test runner starts its children)
  /// stays ignored.
  static func takeSIGQUIT() {
    let previous = signal(SIGQUIT, removeTemporaryFilesAndRaise)
    if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
      signal(SIGQUIT, SIG_IGN)
    }
  }

  /// Installs the handler for each signal that is not ignored (`nohup`
  /// ignores SIGHUP, a background job SIGINT: they stay ignored).
  private static func installHandlers() {
    guard !installed else { return }
    installed = true
    _ = slots
    for number in signals {
      let previous = signal(number, removeTemporaryFilesAndRaise)
      if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        signal(number, SIG_IGN)
      }
    }
  }
}

/// The handler: removes every registered temporary file, then ends the
/// process by `number`'s default action. Async-signal-safe: `unlink`,
/// `signal` and `raise` only, on memory allocated beforehand.
private func removeTemporaryFilesAndRaise(_ number: Int32) {
  let slots = TemporaryFiles.slots
  var index = 0
  while index < TemporaryFiles.capacity {
    if let path = slots[index] { unlink(path) }
    index += 1
  }
  signal(number, SIG_DFL)
  raise(number)
}
