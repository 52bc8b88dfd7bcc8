import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPTransport {
  /// Writes the pages in `spool` as JSONL to `<directory>/<stem>.jsonl`,
  /// atomically and a chunk at a time, when the settings name a directory.
  func record(_ spool: RecordingSpool?, stem: String) throws {
    guard let directory = settings.recordDirectory else { return }
    let file = directory.appendingPathComponent("\(stem).jsonl")
    let chunks: ((_ chunk: [UInt8]) throws -> Void) throws -> Void = { write in
      try spool?.forEachChunk(write)
    }
    if let write = settings.writeRecording {
      do {
        try write(file, chunks)
      } catch let error as HTTPSourceError {
        throw error
      } catch {
        throw HTTPSourceError.recordFailed(path: file.path, reason: error.localizedDescription)
      }
      return
    }
    let temporary = directory.appendingPathComponent(".\(stem).jsonl.tmp-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      guard
        FileManager.default.createFile(
          atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteNoPermission) }
      defer { try? FileManager.default.removeItem(at: temporary) }
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try chunks { try handle.write(contentsOf: $0) }
      try handle.synchronize()
      guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.EIO) }
    } catch let error as HTTPSourceError {
      throw error
    } catch {
      let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
      let reason =
        underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? $0 : nil }
        .map { String(cString: strerror(Int32($0.code))).lowercased() }
        ?? "the directory cannot be created or written"
      throw HTTPSourceError.recordFailed(path: file.path, reason: reason)
    }
  }

  /// A JSON text on one line: line breaks, and the indentation after them,
  /// removed. JSON strings cannot hold a raw line break, so these are always
  /// whitespace between tokens.
  package static func oneLine(_ body: Data) -> Data {
    guard body.contains(0x0A) || body.contains(0x0D) else { return body }
    var result = Data()
    result.reserveCapacity(body.count)
    var afterBreak = false
    for byte in body {
      if byte == 0x0A || byte == 0x0D {
        afterBreak = true
      } else if afterBreak && (byte == 0x20 || byte == 0x09) {
        continue
      } else {
        afterBreak = false
        result.append(byte)
      }
    }
    return result
  }

}
