import XCTest

@testable import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class ByteSourceTests: XCTestCase {
  /// Reads a whole source with a buffer of `bufferSize` bytes per call.
  private func drain<Source: ByteSource>(_ source: inout Source, bufferSize: Int) throws -> (
    bytes: [UInt8], reads: [Int]
  ) {
    var bytes: [UInt8] = []
    var reads: [Int] = []
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    while true {
      let count = try source.read(into: &buffer)
      if count == 0 { break }
      reads.append(count)
      bytes += buffer[0..<count]
    }
    return (bytes, reads)
  }

  private func lines(_ bytes: [UInt8], sourceBlock: Int = .max, readerBlock: Int = 1 << 20)
    throws -> [String]
  {
    var reader = LineReader(
      source: MemorySource(bytes, blockSize: sourceBlock), blockSize: readerBlock)
    var result: [String] = []
    try reader.forEachLine { result.append(String(decoding: $0, as: UTF8.self)) }
    return result
  }

  private func lines(_ text: String, sourceBlock: Int = .max, readerBlock: Int = 1 << 20)
    throws -> [String]
  {
    try lines(Array(text.utf8), sourceBlock: sourceBlock, readerBlock: readerBlock)
  }

  // MARK: MemorySource

  func testMemorySourceHandsOutAtMostBlockSizeBytes() throws {
    let text = Array("0123456789".utf8)
    var source = MemorySource(text, blockSize: 3)
    let (bytes, reads) = try drain(&source, bufferSize: 100)
    XCTAssertEqual(bytes, text)
    XCTAssertEqual(reads, [3, 3, 3, 1])
  }

  func testMemorySourceIsLimitedByTheBuffer() throws {
    var source = MemorySource("abcdefg")
    let (bytes, reads) = try drain(&source, bufferSize: 2)
    XCTAssertEqual(bytes, Array("abcdefg".utf8))
    XCTAssertEqual(reads, [2, 2, 2, 1])
  }

  func testMemorySourceBlockSizeBelowOneReadsOneByteAtATime() throws {
    var source = MemorySource("abc", blockSize: 0)
    let (bytes, reads) = try drain(&source, bufferSize: 16)
    XCTAssertEqual(bytes, Array("abc".utf8))
    XCTAssertEqual(reads, [1, 1, 1])
  }

  func testEmptyMemorySourceReturnsZeroAndKeepsReturningZero() throws {
    var source = MemorySource([UInt8]())
    var buffer = [UInt8](repeating: 0, count: 8)
    XCTAssertEqual(try source.read(into: &buffer), 0)
    XCTAssertEqual(try source.read(into: &buffer), 0)
  }

  func testMemorySourceFromStringIsUTF8() throws {
    var source = MemorySource("é€", blockSize: 1)
    let (bytes, _) = try drain(&source, bufferSize: 4)
    XCTAssertEqual(bytes, [0xC3, 0xA9, 0xE2, 0x82, 0xAC])
  }

  // MARK: HashingSource

  func testHashingSourcePassesBytesThroughAndHashesThem() throws {
    // FIPS 180-2 example: SHA-256("abc").
    var source = HashingSource(MemorySource("abc", blockSize: 1))
    let (bytes, reads) = try drain(&source, bufferSize: 64)
    XCTAssertEqual(bytes, Array("abc".utf8))
    XCTAssertEqual(reads, [1, 1, 1])
    XCTAssertEqual(
      source.finalize(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  func testHashingSourceOfNothingIsTheEmptyHash() throws {
    var source = HashingSource(MemorySource([UInt8]()))
    _ = try drain(&source, bufferSize: 64)
    XCTAssertEqual(
      source.finalize(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  func testHashingSourceUnderCSVReaderHashesTheWholeStream() throws {
    // FIPS 180-2 two-block example, read through a CSV reader in small blocks.
    let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    var reader = CSVReader(source: HashingSource(MemorySource(message, blockSize: 5)))
    var fields: [String] = []
    try reader.forEachRecord { fields.append($0.string(at: 0)) }
    XCTAssertEqual(fields, [message])
    XCTAssertEqual(
      reader.source.finalize(),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  // MARK: FileDescriptorSource

  func testReadAllReadsAWholeFileUpToItsLimit() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("read-all-\(UUID().uuidString)")
    let bytes = [UInt8]((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    func readAll(limit: Int) throws(CappedReadError) -> [UInt8] {
      let descriptor = open(file.path, O_RDONLY)
      defer { close(descriptor) }
      var source = FileDescriptorSource(descriptor: descriptor)
      return try source.readAll(limit: limit)
    }
    XCTAssertEqual(try readAll(limit: bytes.count), bytes, "exactly at the limit")
    do {
      _ = try readAll(limit: bytes.count - 1)
      XCTFail("one byte over the limit must be refused")
    } catch .tooLarge {
    } catch {
      XCTFail("\(error)")
    }
  }

  func testReadAllStopsAnEndlessStreamAtItsLimit() throws {
    let descriptor = open("/dev/zero", O_RDONLY)
    XCTAssertGreaterThanOrEqual(descriptor, 0, "/dev/zero")
    defer { close(descriptor) }
    var source = FileDescriptorSource(descriptor: descriptor)
    do {
      _ = try source.readAll(limit: 1 << 20)
      XCTFail("an endless stream must pass the limit")
    } catch .tooLarge {
    } catch {
      XCTFail("\(error)")
    }
  }

  func testReadAllReportsAReadFailure() throws {
    let descriptor = open(FileManager.default.temporaryDirectory.path, O_RDONLY | O_DIRECTORY)
    defer { close(descriptor) }
    var source = FileDescriptorSource(descriptor: descriptor)
    do {
      _ = try source.readAll(limit: 100)
      XCTFail("read(2) of a directory fails")
    } catch .unreadable(let error) {
      XCTAssertEqual(error as? ByteSourceError, .readFailed(errno: EISDIR))
    } catch {
      XCTFail("\(error)")
    }
  }

  func testFileDescriptorSourceReadsAFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("bytesource-\(UUID().uuidString).txt").path
    try Data("first\nsecond\r\nthird".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    defer { close(descriptor) }
    var reader = LineReader(source: FileDescriptorSource(descriptor: descriptor), blockSize: 4)
    var result: [String] = []
    try reader.forEachLine { result.append(String(decoding: $0, as: UTF8.self)) }
    XCTAssertEqual(result, ["first", "second", "third"])
  }

  func testFileDescriptorSourceReportsErrno() {
    var source = FileDescriptorSource(descriptor: -1)
    var buffer = [UInt8](repeating: 0, count: 4)
    XCTAssertThrowsError(try source.read(into: &buffer)) {
      XCTAssertEqual($0 as? ByteSourceError, .readFailed(errno: EBADF))
    }
  }

  // MARK: LineReader

  func testLinesEndingInLF() throws {
    XCTAssertEqual(try lines("one\ntwo\nthree\n"), ["one", "two", "three"])
  }

  func testLinesEndingInCRLF() throws {
    XCTAssertEqual(try lines("one\r\ntwo\r\n"), ["one", "two"])
  }

  func testMixedLineEndingsAndEmptyLines() throws {
    XCTAssertEqual(try lines("a\r\n\nb\n\r\nc"), ["a", "", "b", "", "c"])
  }

  func testLastLineWithoutLineBreakIsALine() throws {
    XCTAssertEqual(try lines("one\ntwo"), ["one", "two"])
    XCTAssertEqual(try lines("only"), ["only"])
  }

  func testEmptyStreamHasNoLines() throws {
    XCTAssertEqual(try lines(""), [])
  }

  func testASingleLineBreakIsOneEmptyLine() throws {
    XCTAssertEqual(try lines("\n"), [""])
    XCTAssertEqual(try lines("\r\n"), [""])
  }

  func testLoneCRIsNotALineBreak() throws {
    XCTAssertEqual(try lines("a\rb\n"), ["a\rb"])
  }

  func testLinesLongerThanTheBlockSize() throws {
    let long = String(repeating: "x", count: 1000)
    let other = String(repeating: "yz", count: 300)
    let text = "\(long)\n\(other)\r\nshort\n\(long)"
    let expected = [long, other, "short", long]
    for (sourceBlock, readerBlock) in [(1, 1), (3, 16), (7, 16), (16, 16), (100, 32), (.max, 16)] {
      XCTAssertEqual(
        try lines(text, sourceBlock: sourceBlock, readerBlock: readerBlock), expected,
        "source block \(sourceBlock), reader block \(readerBlock)")
    }
  }

  func testCRLFSplitAcrossBlocks() throws {
    // With one byte per read the CR and the LF always arrive separately.
    let text = "ab\r\ncd\r\n\r\nef"
    for sourceBlock in 1...6 {
      XCTAssertEqual(
        try lines(text, sourceBlock: sourceBlock, readerBlock: 1), ["ab", "cd", "", "ef"],
        "source block \(sourceBlock)")
    }
  }

  func testLinesKeepNonASCIIBytes() throws {
    let bytes: [UInt8] = [0xFF, 0x0A, 0xC3, 0xA9, 0x0D, 0x0A]
    var reader = LineReader(source: MemorySource(bytes, blockSize: 1), blockSize: 1)
    var result: [[UInt8]] = []
    try reader.forEachLine { result.append(Array($0)) }
    XCTAssertEqual(result, [[0xFF], [0xC3, 0xA9]])
  }

  func testErrorsFromTheBodyPropagate() {
    struct Stop: Error {}
    var reader = LineReader(source: MemorySource("a\nb\nc\n"))
    var seen = 0
    XCTAssertThrowsError(
      try reader.forEachLine { _ in
        seen += 1
        if seen == 2 { throw Stop() }
      }
    ) { XCTAssertTrue($0 is Stop) }
    XCTAssertEqual(seen, 2)
  }

  // MARK: Reading into arrays

  func testReadFillsTheStartOfTheBufferAndKeepsItsCount() throws {
    var source = MemorySource("abc")
    var buffer = [UInt8](repeating: 0x2E, count: 8)
    XCTAssertEqual(try source.read(into: &buffer), 3)
    XCTAssertEqual(buffer, Array("abc.....".utf8))
    XCTAssertEqual(try source.read(into: &buffer), 0)
    XCTAssertEqual(buffer.count, 8)
  }

  func testHashingSourceHashesOnlyWhatWasRead() throws {
    var source = HashingSource(MemorySource("abc"))
    var buffer = [UInt8](repeating: 0x2E, count: 8)
    XCTAssertEqual(try source.read(into: &buffer), 3)
    var expected = SHA256()
    expected.update(Array("abc".utf8))
    XCTAssertEqual(source.finalize(), expected.finalize())
  }

  func testLinesKeptPastTheCallStayIntact() throws {
    var reader = LineReader(source: MemorySource("one\ntwo\r\nthree", blockSize: 2), blockSize: 4)
    var kept: [ArraySlice<UInt8>] = []
    try reader.forEachLine { kept.append($0) }
    XCTAssertEqual(kept.map { String(decoding: $0, as: UTF8.self) }, ["one", "two", "three"])
  }

  /// A line longer than the cap (without its line break) is an error
  /// naming it, whatever the reads; a line of exactly the cap is fine.
  func testLineCapIsTheSameForEveryReadSize() throws {
    let text = "0123456789\r\nshort\n01234567890\nnever"
    for (sourceBlock, readerBlock) in [(Int.max, 1 << 20), (1, 4), (3, 2), (7, 16)] {
      var reader = LineReader(
        source: MemorySource(text, blockSize: sourceBlock), blockSize: readerBlock,
        maximumLineBytes: 10)
      var seen: [String] = []
      XCTAssertThrowsError(
        try reader.forEachLine { seen.append(String(decoding: $0, as: UTF8.self)) }
      ) {
        XCTAssertEqual($0 as? LineReaderError, .lineTooLong(line: 3, limit: 10), "\(sourceBlock)")
      }
      XCTAssertEqual(seen, ["0123456789", "short"], "\(sourceBlock)")
      var endless = LineReader(
        source: MemorySource(String(repeating: "x", count: 100), blockSize: sourceBlock),
        blockSize: readerBlock, maximumLineBytes: 10)
      XCTAssertThrowsError(try endless.forEachLine { _ in }) {
        XCTAssertEqual($0 as? LineReaderError, .lineTooLong(line: 1, limit: 10), "\(sourceBlock)")
      }
    }
  }
}
