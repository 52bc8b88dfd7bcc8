import Foundation
import XCTest

@testable import SentimentCore

/// Work on several threads in a fixed order (`Parallel.swift`).
final class ParallelTests: XCTestCase {
  func testMapKeepsTheOrderOfItsIndices() {
    for jobs in [1, 2, 5] {
      let squares = Parallel.map(100, jobs: jobs) { index in
        // Uneven work, so that calls finish out of order.
        (0..<((100 - index) * 1000)).reduce(0) { $0 &+ $1 } > -1 ? index * index : 0
      }
      XCTAssertEqual(squares, (0..<100).map { $0 * $0 }, "jobs \(jobs)")
    }
    XCTAssertEqual(Parallel.map(0, jobs: 4) { $0 }, [])
    XCTAssertGreaterThanOrEqual(Parallel.processors, 1)
  }

  func testTheBackgroundHashIsTheHashOfEveryByteRead() throws {
    var random = SeededGenerator(seed: 11)
    let bytes = (0..<300_000).map { _ in UInt8(random.next(below: 256)) }
    var source = HashingSource(MemorySource(bytes, blockSize: 7777), background: true)
    var block = [UInt8](repeating: 0, count: 5000)
    var read: [UInt8] = []
    while case let count = try source.read(into: &block), count > 0 { read += block[..<count] }
    var hash = SHA256()
    hash.update(bytes)
    XCTAssertEqual(read, bytes)
    XCTAssertEqual(source.finalize(), hash.finalize())
    XCTAssertEqual(
      HashingSource(MemorySource([]), background: true).finalize(), SHA256().finalize())
  }

  func testABoundedQueueHandsOutEveryItemOnce() {
    let queue = BoundedQueue<Int>(capacity: 3)
    let taken = Slots<[Int]>(count: 2)
    let threads = (0..<2).map { slot in
      startThread {
        var mine: [Int] = []
        while let item = queue.pop() { mine.append(item) }
        taken.set(slot, mine)
      }
    }
    for item in 0..<10_000 { XCTAssertTrue(queue.push(item)) }
    queue.close()
    for thread in threads { thread.wait() }
    XCTAssertEqual(taken.values().joined().sorted(), Array(0..<10_000))
    XCTAssertFalse(queue.push(1))
  }

  /// `--jobs` gets at most ``Parallel/threadsPerProcessor`` threads per
  /// processor (and, under `ulimit -v`, fewer), and at least 1.
  func testWorkersAreCappedByTheProcessors() {
    let cap = Parallel.threadsPerProcessor * Parallel.processors
    XCTAssertEqual(Parallel.workers(for: 1), 1)
    XCTAssertEqual(Parallel.workers(for: 0), 1)
    let many = Parallel.workers(for: 100_000)
    XCTAssertGreaterThanOrEqual(many, 1)
    XCTAssertLessThanOrEqual(many, cap)
    if Parallel.addressSpaceLeft() == nil { XCTAssertEqual(many, cap) }
  }
}
