import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one writer of output files, end to end with the binary: `-`,
/// devices, FIFOs, our own stdout by name, symbolic links and regular
/// files; and its temporary files.
final class AtomicFileTests: XCTestCase {
  let data = BinaryRunner.packageRoot.appendingPathComponent("Fixtures/train/tiny.csv").path

  /// The model that `train` writes for the tiny fixture, from a regular
  /// file.
  func expectedModel() throws -> Data {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let model = directory.appendingPathComponent("m.json")
    let run = try BinaryRunner.run(["train", data, "--out", model.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    return try Data(contentsOf: model)
  }

  func fileType(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & S_IFMT
  }

  func names(_ directory: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
  }

  /// A POSIX shell run with `$T` the tweetalyze binary and `$DATA` the
  /// training data.
  func shell(_ script: String, in directory: URL) throws -> BinaryRun {
    try BinaryRunner.shell(
      script,
      environment: ["T": try BinaryRunner.executable().path, "DATA": data],
      directory: directory)
  }

  func testOutDashWritesTheModelToStdout() throws {
    let expected = try expectedModel()
    let run = try BinaryRunner.run(["train", data, "--out", "-"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdoutData, expected)
    XCTAssertTrue(run.stderr.contains("Wrote the model to stdout."), run.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: BinaryRunner.packageRoot.path + "/-"))

    let both = try BinaryRunner.run(["train", data, "--out", "-", "--json"])
    XCTAssertEqual(both.status, 64)
    XCTAssertEqual(both.stdout, "")
    XCTAssertTrue(both.stderr.hasPrefix("Error: --out - writes the model to stdout"), both.stderr)
    // The same for stdout by another name.
    let named = try BinaryRunner.shell(
      #""$T" train "$DATA" --out /dev/stdout --json > out; s=$?; cat out; exit $s"#,
      environment: ["T": try BinaryRunner.executable().path, "DATA": data],
      directory: try BinaryRunner.temporaryDirectory(for: self))
    XCTAssertEqual(named.status, 64, named.stderr)
    XCTAssertEqual(named.stdout, "")
    XCTAssertTrue(
      named.stderr.hasPrefix("Error: --out /dev/stdout writes the model to stdout"), named.stderr)
  }

  /// A character device (a copy of `/dev/null` made with `mknod`, then
  /// `/dev/null` itself) is written through and stays a device.
  func testADeviceIsWrittenThroughNotReplaced() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let null = directory.appendingPathComponent("null").path
    let made = try BinaryRunner.shell("mknod null c 1 3", directory: directory)
    if made.status == 0 {
      let run = try BinaryRunner.run(["train", data, "--out", null])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertEqual(fileType(null), S_IFCHR, "still a device")
      XCTAssertEqual(try names(directory), ["null"], "no temporary file")
    } else {
      // Only root may make a device (CI runs as root); /dev/null below
      // still checks the rule.
      print("mknod: \(made.stderr); testing /dev/null only")
    }
    guard fileType(null) == S_IFCHR || geteuid() != 0 else { return }
    let run = try BinaryRunner.run(["train", data, "--out", "/dev/null"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(fileType("/dev/null"), S_IFCHR)
  }

  func testAFIFOIsWrittenThrough() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    XCTAssertEqual(mkfifo(directory.appendingPathComponent("pipe").path, 0o600), 0)
    let run = try shell(
      #"timeout 30 cat pipe > got & "$T" train "$DATA" --out pipe; status=$?; wait; exit $status"#,
      in: directory)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      try Data(contentsOf: directory.appendingPathComponent("got")), try expectedModel())
    XCTAssertEqual(fileType(directory.appendingPathComponent("pipe").path), S_IFIFO)
    XCTAssertEqual(try names(directory), ["pipe", "got"])
  }

  /// `--out link` replaces the link's target, in the target's directory,
  /// keeping its mode; the link stays a link. A link to nothing yet creates
  /// the file it points to.
  func testASymlinksTargetIsReplacedAndTheLinkStays() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let real = directory.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    let target = real.appendingPathComponent("model.json")
    try Data("old".utf8).write(to: target)
    XCTAssertEqual(chmod(target.path, 0o640), 0)
    let link = directory.appendingPathComponent("link.json")
    XCTAssertEqual(symlink("real/model.json", link.path), 0)
    let chain = directory.appendingPathComponent("chain.json")
    XCTAssertEqual(symlink("link.json", chain.path), 0)

    let run = try BinaryRunner.run(["train", data, "--out", chain.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(fileType(link.path), S_IFLNK)
    XCTAssertEqual(fileType(chain.path), S_IFLNK)
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real/model.json")
    XCTAssertEqual(try Data(contentsOf: target), try expectedModel())
    let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
    XCTAssertEqual((mode as? NSNumber)?.intValue, 0o640, "the target keeps its mode")
    XCTAssertEqual(try names(directory), ["real", "link.json", "chain.json"])
    XCTAssertEqual(try names(real), ["model.json"])

    let dangling = directory.appendingPathComponent("new.json")
    XCTAssertEqual(symlink("real/new-model.json", dangling.path), 0)
    let create = try BinaryRunner.run(["train", data, "--out", dangling.path])
    XCTAssertEqual(create.status, 0, create.stderr)
    XCTAssertEqual(fileType(dangling.path), S_IFLNK)
    XCTAssertEqual(
      try Data(contentsOf: real.appendingPathComponent("new-model.json")), try expectedModel())
  }

  /// A link in a sticky world-writable directory that another user owns
  /// is not followed (someone may have planted it there).
  func testSomeoneElsesLinkInASharedDirectoryIsNotFollowed() throws {
    guard geteuid() == 0 else {
      try Requirement.unmet("needs root to make a link owned by another user (CI runs as root)")
    }
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let shared = directory.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    XCTAssertEqual(chmod(shared.path, 0o1777), 0)
    let victim = directory.appendingPathComponent("victim")
    try Data("precious".utf8).write(to: victim)
    let link = shared.appendingPathComponent("model.json")
    XCTAssertEqual(symlink(victim.path, link.path), 0)
    XCTAssertEqual(lchown(link.path, 12_345, 12_345), 0)
    let run = try BinaryRunner.run(["train", data, "--out", link.path])
    XCTAssertEqual(run.status, 73, run.stderr)
    XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("owned by another user"), run.stderr)
    XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8).prefix(40), "precious")
    XCTAssertEqual(fileType(link.path), S_IFLNK)
  }

  /// Paths that name our own stdout (a link to `/proc/self/fd/1`, then
  /// `/dev/stdout` itself) write to the descriptor, whether it is a pipe or
  /// a regular file; the links stay links (as root, `/dev/stdout` was
  /// replaced by a regular file before).
  func testOurOwnStdoutByNameIsWrittenThrough() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    XCTAssertEqual(symlink("/proc/self/fd/1", directory.appendingPathComponent("fd1").path), 0)
    let expected = try expectedModel()
    let piped = try shell(#""$T" train "$DATA" --out fd1 | cat > piped"#, in: directory)
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("piped")), expected)
    let file = try shell(#"echo first > file; "$T" train "$DATA" --out fd1 >> file"#, in: directory)
    XCTAssertEqual(file.status, 0, file.stderr)
    XCTAssertEqual(
      try Data(contentsOf: directory.appendingPathComponent("file")),
      Data("first\n".utf8) + expected,
      "appended through the descriptor, not replaced")
    XCTAssertEqual(fileType(directory.appendingPathComponent("fd1").path), S_IFLNK)
    XCTAssertEqual(try names(directory), ["fd1", "piped", "file"])
    // Only once the link above behaves: a regression must not replace the
    // machine's /dev/stdout.
    guard fileType(directory.appendingPathComponent("fd1").path) == S_IFLNK,
      (try? Data(contentsOf: directory.appendingPathComponent("piped"))) == expected
    else { return XCTFail("not trying /dev/stdout") }
    let device = try shell(
      #""$T" train "$DATA" --out /dev/stdout | cat > dev; "$T" train "$DATA" --out /dev/stdout > dev2"#,
      in: directory)
    XCTAssertEqual(device.status, 0, device.stderr)
    XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("dev")), expected)
    XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("dev2")), expected)
    XCTAssertEqual(fileType("/dev/stdout"), S_IFLNK, "/dev/stdout is still a link")
  }

  /// Temporary names are drawn at random and created with `O_EXCL |
  /// O_NOFOLLOW`: a link planted at the name that comes up is neither
  /// followed nor replaced; another name is drawn.
  func testAPlantedLinkAtTheTemporaryNameIsNotFollowed() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let victim = directory.appendingPathComponent("victim")
    try Data("precious".utf8).write(to: victim)
    // The name the seeded generator draws first, planted as a link.
    var probe = SeededGenerator(seed: 7)
    let (first, firstPath) = try Files.createTemporary(
      in: directory.path, prefix: ".m.json.tmp-", using: &probe, shownAs: "m.json")
    close(first)
    unlink(firstPath)
    XCTAssertEqual(symlink(victim.path, firstPath), 0)

    var generator = SeededGenerator(seed: 7)
    let (descriptor, path) = try Files.createTemporary(
      in: directory.path, prefix: ".m.json.tmp-", using: &generator, shownAs: "m.json")
    defer {
      close(descriptor)
      unlink(path)
    }
    XCTAssertNotEqual(path, firstPath)
    XCTAssertEqual(write(descriptor, "x", 1), 1)
    XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8).prefix(40), "precious")
    XCTAssertEqual(fileType(firstPath), S_IFLNK)
    XCTAssertEqual(fileType(path), S_IFREG)
    XCTAssertTrue(path.hasPrefix(directory.path + "/.m.json.tmp-"))
    XCTAssertEqual(path.count, (directory.path + "/.m.json.tmp-").count + 12)
    var status = stat()
    XCTAssertEqual(stat(path, &status), 0)
    XCTAssertEqual(status.st_mode & 0o777, 0o600)
  }

  // MARK: Directories others control

  /// Two directories where someone else could plant a link while we
  /// write: one owned by another user (uid 12345), one that everyone may
  /// write without the sticky bit; beside them a file to protect, and a
  /// sticky shared one (as `/tmp`).
  func directoriesOthersControl() throws -> (
    base: URL, theirs: URL, open: URL, sticky: URL, victim: URL
  ) {
    guard geteuid() == 0 else {
      try Requirement.unmet("needs root to give a directory to another user (CI runs as root)")
    }
    let base = try BinaryRunner.temporaryDirectory(for: self)
    let (theirs, open, sticky) = (
      base.appendingPathComponent("theirs"), base.appendingPathComponent("open"),
      base.appendingPathComponent("sticky")
    )
    for directory in [theirs, open, sticky] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    XCTAssertEqual(chown(theirs.path, 12_345, 12_345), 0)
    XCTAssertEqual(chmod(open.path, 0o777), 0)
    XCTAssertEqual(chmod(sticky.path, 0o1777), 0)
    let victim = base.appendingPathComponent("victim")
    try Data("precious".utf8).write(to: victim)
    return (base, theirs, open, sticky, victim)
  }

  /// `--out` in a directory that another user owns, or that anyone may
  /// write without the sticky bit, is refused (exit 73, nothing written):
  /// a link planted there would redirect the write (it replaced the link's
  /// target before). So is a link of ours that leads into one. A sticky
  /// shared directory and our own are written as before.
  func testOutInADirectoryOthersControlIsRefused() throws {
    let (base, theirs, open, sticky, victim) = try directoriesOthersControl()
    for directory in [theirs, open] {
      let planted = directory.appendingPathComponent("model.json")
      XCTAssertEqual(symlink(victim.path, planted.path), 0)
      XCTAssertEqual(lchown(planted.path, 12_345, 12_345), 0)
      let ours = base.appendingPathComponent("to-\(directory.lastPathComponent).json")
      XCTAssertEqual(symlink(planted.path, ours.path), 0)
      let fresh = directory.appendingPathComponent("new.json")
      for output in [planted, fresh, ours] {
        let run = try BinaryRunner.run(["train", data, "--out", output.path])
        XCTAssertEqual(run.status, 73, "\(output.path): \(run.stderr)")
        XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
        XCTAssertTrue(
          run.stderr.hasPrefix("Error: cannot write \(output.path): "), run.stderr)
        XCTAssertTrue(
          run.stderr.contains("another user") || run.stderr.contains("without the sticky bit"),
          run.stderr)
      }
      XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8).prefix(40), "precious")
      XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path))
      XCTAssertEqual(try names(directory), ["model.json"])
    }
    for directory in [sticky, base] {
      let output = directory.appendingPathComponent("written.json")
      let run = try BinaryRunner.run(["train", data, "--out", output.path, "-q"])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertEqual(try Data(contentsOf: output), try expectedModel())
    }
  }

  /// The `--record` directory: one that another user owns, or that anyone
  /// may write without the sticky bit, is refused, whether it was there
  /// before or appeared since (someone created it first); a missing one is
  /// created `0700`, and recordings are written in it.
  func testRecordDirectoryOthersControlIsRefused() throws {
    let (base, theirs, open, _, victim) = try directoriesOthersControl()
    for directory in [theirs, open] {
      let planted = directory.appendingPathComponent("at-apple.jsonl")
      XCTAssertEqual(symlink(victim.path, planted.path), 0)
      XCTAssertThrowsError(try Files.prepareDirectory(directory.path)) { error in
        XCTAssertTrue(error is OutputError, "\(error)")
      }
      XCTAssertThrowsError(
        try Files.writeAtomically(Array("{}".utf8), to: planted.path, mode: 0o600))
      XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8).prefix(40), "precious")
    }
    let created = base.appendingPathComponent("new/recordings")
    try Files.prepareDirectory(created.path)
    var status = stat()
    XCTAssertEqual(stat(created.path, &status), 0)
    XCTAssertEqual(status.st_mode & 0o777, 0o700)
    try Files.writeAtomically(
      Array("{}".utf8), to: created.appendingPathComponent("a.jsonl").path, mode: 0o600)
    XCTAssertEqual(try names(created), ["a.jsonl"])

    // End to end, against the fake X API: nothing is written, exit 73.
    let body = try String(
      contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Fixtures/tweets/at-apple.json"),
      encoding: .utf8)
    let server = try FakeXAPI.start([["status": 200, "body": body]], for: self)
    let run = try BinaryRunner.run(
      ["@Apple", "--record", theirs.path],
      environment: ["TWEETALYZE_API_BASE": server.base, "TWITTER_BEARER_TOKEN": "t0ken"])
    XCTAssertEqual(run.status, 73, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertTrue(run.stderr.contains("another user"), run.stderr)
    XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8).prefix(40), "precious")
    XCTAssertEqual(try names(theirs), ["at-apple.jsonl"])
    XCTAssertEqual(fileType(theirs.appendingPathComponent("at-apple.jsonl").path), S_IFLNK)
  }

  /// Names of 238 to 255 bytes, which the file system accepts, are written:
  /// the temporary name is cut to fit (it added 18 bytes, and such a name
  /// failed with "file name too long", exit 73). Multi-byte names are cut
  /// at a character boundary.
  func testTheLongestNamesTheFileSystemAcceptsAreWritten() throws {
    let expected = try expectedModel()
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let names =
      [238, 250, 255].map { String(repeating: "m", count: $0 - 5) + ".json" }
      + [String(repeating: "é", count: 125) + ".json"]
    for name in names {
      let path = directory.appendingPathComponent(name).path
      for _ in 0..<2 {
        let run = try BinaryRunner.run(["train", data, "--out", path])
        XCTAssertEqual(run.status, 0, "\(name.utf8.count) bytes: \(run.stderr)")
        XCTAssertEqual(FileManager.default.contents(atPath: path), expected)
      }
    }
    XCTAssertEqual(try self.names(directory), Set(names), "no temporary file is left")
  }
}
