// libFuzzer target: `--input`'s reader, `PostFile`: the format detection and
// the readers it picks (X API JSON, Bluesky pages, Mastodon status arrays,
// CSV, plain text) on any bytes.

import Foundation

public func fuzzPostFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let names = ["text", "tweettext", "tweet"]
  let format = PostFile.detect(bytes, textColumns: names)
  // One byte order mark is skipped before detecting.
  if !bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
    precondition(PostFile.detect([0xEF, 0xBB, 0xBF] + bytes, textColumns: names) == format)
  }
  let chosen: String? = size % 2 == 1 ? "text" : nil
  do {
    let tweets = try PostFile.tweets(in: bytes, textColumn: chosen, textColumns: names)
    precondition(format != nil, "posts from a file that detection calls empty")
    precondition(tweets.count <= size, "more posts than bytes")
    for tweet in tweets {
      precondition(
        !tweet.id.isEmpty || format == .xSearch || format == .blueskySearch
          || format == .mastodonStatuses, "a CSV or text post without an id")
      if format == .mastodonStatuses {
        precondition(!tweet.text.isEmpty, "a Mastodon status without text is read")
        precondition(!tweet.text.contains("\n"), "a Mastodon post holds a line break")
      }
      if format == .plainText {
        precondition(!tweet.text.contains("\n"), "a plain-text post holds a line break")
        precondition(
          !tweet.text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D },
          "a blank line is a post")
      }
    }
  } catch {
    if format == nil { precondition(error == .empty, "white space is not \(error)") }
    if case .missingTextColumn = error {
      precondition(
        format != .xSearch && format != .blueskySearch && format != .mastodonStatuses,
        "JSON reported as CSV")
    }
    if case .invalidPage(let problem) = error {
      switch problem {
      case .unexpectedShape(.bluesky, _, _):
        precondition(format == .blueskySearch, "a Bluesky error for \(String(describing: format))")
      case .unexpectedShape(.mastodon, _, _):
        precondition(
          format == .mastodonStatuses, "a Mastodon error for \(String(describing: format))")
      default:
        preconditionFailure("a page error that is no shape error: \(problem)")
      }
    }
    let message = error.errorDescription ?? ""
    precondition(!message.isEmpty && message.utf8.count < 4096, "an unbounded message")
  }
  return 0
}
