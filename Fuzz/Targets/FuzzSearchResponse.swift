// libFuzzer target: the API response decoder, `SearchResponseDecoder`:
// v2 responses, JSONL pages and v1.1 responses.

import Foundation

public func fuzzSearchResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  do {
    try SearchResponseDecoder.forEachPage(in: Array(bytes)[...]) { page in
      for tweet in page.tweets { _ = tweet.text.utf8.count }
    }
  } catch {
    _ = (error as? PostDecodingError)?.errorDescription
  }
  do {
    _ = try SearchResponseDecoder.decodePage(bytes, line: 3)
  } catch {
    _ = (error as? PostDecodingError)?.errorDescription
  }
  return 0
}
