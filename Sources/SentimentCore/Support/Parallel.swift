import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work spread over threads with results in a fixed order, so that the
/// output of a parallel run is the output of a serial one.
package enum Parallel {
  /// The number of processors the system has online: what `--jobs`
  /// defaults to.
  package static var processors: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// The most threads run per processor: more only wait their turn.
  package static let threadsPerProcessor = 4

  /// The address space that a thread takes at least, for ``workers(for:)``:
  /// its 8 MiB stack, and as much again for the tables it fills.
  static let bytesPerWorker = 16 << 20

  /// How many threads to run for `--jobs jobs`: at most
  /// ``threadsPerProcessor`` per processor, and under an address-space
  /// limit (`ulimit -v`, `RLIMIT_AS`) no more than half of the room left
  /// holds at ``bytesPerWorker`` each (the other half is the data's); at
  /// least 1. Asking the system for more threads than the limit has room
  /// for left libdispatch waiting for a thread forever. The output is the
  /// same for every number of threads, so fewer change only the time.
  package static func workers(for jobs: Int) -> Int {
    var workers = min(jobs, threadsPerProcessor * processors)
    if let room = addressSpaceLeft() { workers = min(workers, room / 2 / bytesPerWorker) }
    return max(1, workers)
  }

  /// The bytes the process may still map under its `RLIMIT_AS`, or `nil`
  /// when it has no such limit (or it cannot be read).
  static func addressSpaceLeft() -> Int? {
    #if os(Linux)
      var limit = rlimit()
      // RLIM_INFINITY is all ones.
      guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0,
        limit.rlim_cur != rlim_t.max
      else { return nil }
      // The first field of statm: the pages mapped now.
      guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").first.flatMap({ Int($0) })
      else { return nil }
      let maximum = Int(clamping: limit.rlim_cur)
      return max(0, maximum - pages * Int(sysconf(Int32(_SC_PAGESIZE))))
    #else
      return nil
    #endif
  }

  /// Under an address-space limit, makes every thread allocate from the
  /// one main `malloc` arena. glibc otherwise maps an arena of its own for
  /// each new thread, 64 MiB of address space (128 MiB while it aligns
  /// it), which under `ulimit -v` takes the room the data needs and makes
  /// a later allocation fail. Call it before any thread starts; elsewhere
  /// (no limit, or no glibc) it does nothing.
  package static func shareMallocArenaUnderAddressSpaceLimit() {
    #if canImport(Glibc)
      guard addressSpaceLeft() != nil else { return }
      SystemCalls.shareOneMallocArena()
    #endif
  }

  /// `(0..<count).map(body)`, running at most `jobs` calls at once; the
  /// results are in index order whatever the order the calls finish in.
  ///
  /// - Complexity: O(*n*) calls of `body`, on `min(jobs, n)` threads.
  package static func map<Result: Sendable>(
    _ count: Int, jobs: Int, _ body: @Sendable (Int) -> Result
  ) -> [Result] {
    guard jobs > 1, count > 1 else { return (0..<count).map(body) }
    let results = Slots<Result>(count: count)
    let next = Slots<Int>(count: 1)
    DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
      while true {
        let index = next.update(0) { ($0 ?? 0) + 1 } - 1
        guard index < count else { return }
        results.set(index, body(index))
      }
    }
    return results.values()
  }
}

/// Values filled in by several threads, each slot once, read after all
/// are done.
final class Slots<Value: Sendable>: Sendable {
  private let slots: Mutex<[Value?]>

  init(count: Int) {
    slots = Mutex([Value?](repeating: nil, count: count))
  }

  func set(_ index: Int, _ value: Value) {
    slots.withLock { $0[index] = value }
  }

  /// Replaces slot `index` with `change` of it, and returns the new value.
  func update(_ index: Int, _ change: (Value?) -> Value) -> Value {
    slots.withLock { slots in
      let value = change(slots[index])
      slots[index] = value
      return value
    }
  }

  /// Every slot's value; each must be set.
  func values() -> [Value] {
    slots.withLock { $0.compactMap { $0 } }
  }
}

/// A queue between threads that holds at most `capacity` items: `push`
/// waits while it is full, so a fast producer cannot fill the memory, and
/// `pop` waits while it is empty.
final class BoundedQueue<Element>: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Element?] = []
  private var head = 0
  private var closed = false
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Adds an item, waiting for room; `false` when the queue was closed.
  @discardableResult
  func push(_ item: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count - head >= capacity && !closed { condition.wait() }
    guard !closed else { return false }
    items.append(item)
    condition.broadcast()
    return true
  }

  /// The next item, waiting for one; `nil` once the queue is closed and
  /// empty.
  func pop() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while items.count == head && !closed { condition.wait() }
    guard items.count > head else { return nil }
    let item = items[head]
    // Let go of the item at once: the queue holds only what waits.
    items[head] = nil
    head += 1
    if head >= 64 && head * 2 >= items.count {
      items.removeSubrange(..<head)
      head = 0
    }
    condition.broadcast()
    return item
  }

  /// Ends the queue: waiting and later pushes return `false`, pops drain
  /// what is left and then return `nil`.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }
}

/// Runs `body` on a thread of its own (with an 8 MiB stack, as the main
/// thread's); `wait()` on the result returns once it has finished.
func startThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
  let group = DispatchGroup()
  group.enter()
  let thread = Thread {
    body()
    group.leave()
  }
  thread.stackSize = 8 << 20
  thread.start()
  return group
}
