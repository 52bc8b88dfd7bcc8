import TestSupport
import XCTest

@testable import SentimentCore

/// The model file reader (``ModelFileReader``, behind ``ModelFile/decode(_:)``)
/// against its plain reference (``ReferenceModelDecoder``): on every input
/// tried (every file `encode` writes, hand-edited layouts, malformed files,
/// every truncation, random byte edits) both give the same model, or the
/// same error.
final class ModelFileReaderTests: XCTestCase {
  private let documents: [(String, Sentiment)] = [
    ("I love this phone, great battery", .positive),
    ("great camera and a lovely screen :)", .positive),
    ("the battery died, I hate it", .negative),
    ("awful screen and a terrible camera", .negative),
    ("the store opens at nine #apple @tim", .neutral),
    ("café naïve 日本 😀 http://example.com", .neutral),
  ]

  private func trainedModel(
    tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions()
  ) -> NaiveBayesModel {
    var trainer = NaiveBayesTrainer(tokenizer: tokenizer, options: options)
    for (text, label) in documents { trainer.add(text, as: label) }
    return trainer.model(
      metadata: ModelMetadata(author: "tests \"q\"", description: "a\\b\n", version: "2"),
      provenance: Provenance(source: "toy.csv", sha256: "00ff", rows: [2, 2, 2], skipped: 3))
  }

  /// A model whose tokens need every kind of escape, and non-ASCII ones.
  private func oddTokensModel() -> NaiveBayesModel {
    let tokens = [
      "say \"no\"", "back\\slash", "tab\there", "line\nfeed", "cr\r", "\u{1}\u{1F}", "\u{7F}",
      "a/b", "日本", "😀", "é", "\u{FFFF}", "\u{10FFFF}", "plain",
    ]
    var vocabulary = Vocabulary()
    for token in tokens { vocabulary.insert(token) }
    let counts = tokens.indices.flatMap { [$0 % 3, 1, 2] }
    return NaiveBayesModel(
      metadata: ModelMetadata(), provenance: Provenance(), tokenizer: TokenizerSettings(),
      options: NaiveBayesOptions(), vocabulary: vocabulary, counts: counts, documents: [3, 4, 5])
  }

  private func validModels() -> [NaiveBayesModel] {
    [
      trainedModel(),
      trainedModel(options: NaiveBayesOptions(alpha: 0.25, binarized: false, priors: .data)),
      trainedModel(options: NaiveBayesOptions(complement: true, bigrams: false, minCount: 2)),
      trainedModel(tokenizer: .plainWords, options: NaiveBayesOptions(alpha: 1e-9)),
      oddTokensModel(),
    ]
  }

  // MARK: Agreement

  /// Checks the reader against the plain reference on `bytes`: the same
  /// model, or the same error (for a content problem, the same kind: the
  /// reader words some differently); `valid` says that the file must be
  /// accepted. Returns whether it was.
  @discardableResult
  private func assertAgree(
    _ bytes: [UInt8], fast valid: Bool = false, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) -> Bool {
    let reference = Result { try ReferenceModelDecoder.decode(bytes) }
    // The checksum is not the reader's: these inputs are edited by hand.
    let decoded = Result { try ModelFile.decode(bytes.span, verifyingChecksum: false) }
    switch (reference, decoded) {
    case (.success(let expected), .success(let model)):
      XCTAssertEqual(
        ModelFile.encode(model), ModelFile.encode(expected), message(), file: file, line: line)
      XCTAssertEqual(model.counts, expected.counts, message(), file: file, line: line)
      return true
    case (.failure(let expected as ModelFileError), .failure(let error as ModelFileError)):
      XCTAssertFalse(valid, "rejected: \(error) \(message())", file: file, line: line)
      if case .inconsistent = expected, case .inconsistent = error { return false }
      XCTAssertEqual(error, expected, message(), file: file, line: line)
    default:
      XCTFail("reference \(reference), decode \(decoded) \(message())", file: file, line: line)
    }
    return false
  }

  func testFastPathAcceptsWhatEncodeWrites() {
    for model in validModels() {
      assertAgree(ModelFile.encode(model), fast: true, "\(model.options)")
    }
  }

  /// Members that no reader reads are checked as JSON but not kept: a tree
  /// of them took many times the file's size. Strings are kept (a damaged
  /// `checksum` name is recognized by its value). The members that are
  /// read hold at most `smallMemberValues` values together.
  func testMembersThatAreNotReadAreCheckedButNotKept() throws {
    let text = String(decoding: ModelFile.encode(trainedModel()), as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("{") && text.contains(#""metadata":{"#))
    let extra = #"{"x_numbers":[0,[1,{"a":null}],2],"x_text":"kept","# + text.dropFirst()
    let contents = try ModelFileReader.read(Array(extra.utf8).span)
    XCTAssertNil(contents.members["x_numbers"])
    XCTAssertEqual(contents.members["x_text"], .string("kept"))
    XCTAssertNotNil(contents.members["metadata"])
    XCTAssertNoThrow(try ModelFile.decode(Array(extra.utf8).span, verifyingChecksum: false))
    let broken = extra.replacing(#"[0,[1,"#, with: #"[0,,[1,"#)
    XCTAssertThrowsError(try ModelFile.decode(Array(broken.utf8))) { error in
      guard case .notJSON(_, let offset)? = error as? ModelFileError else {
        return XCTFail("\(error)")
      }
      XCTAssertLessThan(offset, 20, "in the unread member")
    }
    let limit = ModelFileReader.smallMemberValues
    let heavy = text.replacing(
      #""metadata":{"#,
      with: #""metadata":{"junk":["# + String(repeating: "0,", count: limit) + "0],")
    XCTAssertThrowsError(try ModelFile.decode(Array(heavy.utf8).span, verifyingChecksum: false)) {
      XCTAssertEqual($0 as? ModelFileError, .tooManyValues(member: "metadata", limit: limit))
    }
  }

  func testFastPathReadsAModelWithoutFeatures() {
    let model = NaiveBayesModel(
      metadata: ModelMetadata(), provenance: Provenance(), tokenizer: TokenizerSettings(),
      options: NaiveBayesOptions(), vocabulary: Vocabulary(), counts: [], documents: [1, 1, 1])
    let bytes = ModelFile.encode(model)
    assertAgree(bytes, fast: true)
    assertAgree(spaced(bytes), fast: true, "spaced")
  }

  func testFastPathReadsTheDefaultModel() throws {
    let bytes = Array(DefaultModel.bytes)
    assertAgree(bytes, fast: true)
    let model = try ModelFile.decode(bytes)
    XCTAssertEqual(ModelFile.encode(model), bytes)
  }

  func testFastPathAcceptsHandEditedLayouts() throws {
    for model in validModels() {
      let root = try JSONValue.parse(ModelFile.encode(model))
      // Pretty-printed, members in reverse order (so the vocabulary comes
      // before the counts), and both.
      assertAgree(serialize(root, pretty: true), fast: true, "pretty")
      assertAgree(serialize(root, reversed: true), fast: true, "reversed")
      assertAgree(serialize(root, pretty: true, reversed: true), fast: true, "pretty, reversed")
      // White space wherever JSON allows it.
      assertAgree(spaced(ModelFile.encode(model)), fast: true, "spaced")
      // Unknown members of any shape are ignored.
      var extra = root
      set(
        "comment", to: .array([.object(["x": .null]), .string("y"), .number(-1.5e3)]), in: &extra)
      set("zzz", to: .bool(false), in: &extra)
      assertAgree(serialize(extra), fast: true, "unknown members")
    }
  }

  /// A hand-written file may list a pair before its tokens, or without
  /// them: the reader finds the pair as the reference does.
  func testPairsBeforeOrWithoutTheirTokens() throws {
    var vocabulary = Vocabulary()
    for feature in ["not good", "good", "nice day", "not", "meh"] { vocabulary.insert(feature) }
    let model = NaiveBayesModel(
      metadata: ModelMetadata(), provenance: Provenance(), tokenizer: .plainWords,
      options: NaiveBayesOptions(), vocabulary: vocabulary,
      counts: [5, 0, 0, 0, 0, 4, 0, 0, 5, 1, 1, 1, 0, 5, 0], documents: [5, 5, 5])
    let bytes = ModelFile.encode(model)
    let fast = try ModelFile.decode(bytes)
    let tree = try ReferenceModelDecoder.decode(bytes)
    for text in ["not good", "good not", "a nice day", "day nice", "not good nice day", "meh"] {
      XCTAssertEqual(fast.predict(text), tree.predict(text), text)
      XCTAssertEqual(fast.predict(text), model.predict(text), text)
    }
    XCTAssertEqual(fast.predict("not good").label, .negative)
    XCTAssertEqual(fast.predict("what a nice day").label, .positive)
  }

  func testUnusualButValidFilesGiveTheGenericResult() throws {
    // Not binarized, so that a count may exceed the number of documents.
    // No lexicon: the edit of the first token must not touch a lexicon word.
    let model = trainedModel(options: NaiveBayesOptions(binarized: false, lexiconWeight: 0))
    // Edited by hand, so without its checksum.
    let text = String(
      decoding: ReferenceModelDecoder.removingChecksum(ModelFile.encode(model)), as: UTF8.self)
    let first = model.counts[0]
    let edits: [(String, String)] = [
      ("\"format\"", "\"form\\u0061t\""),  // an escaped member name
      // Counts that are whole numbers but not written as plain digits.
      ("\"negative\":[\(first),", "\"negative\":[\(first).0,"),
      ("\"negative\":[\(first),", "\"negative\":[\(first)e0,"),
      ("\"negative\":[\(first),", "\"negative\":[\(first * 1000)E-3,"),
      ("\"negative\":[\(first),", "\"negative\":[1000000000000000,"),
      ("\"counts\":{", "\"counts\":{\"other\":[],"),  // an extra column
      ("\"vocabulary\":[\"", "\"vocabulary\":[\"\\/\\u00e9\\ud83d\\ude00"),
      ("\"version\":7", "\"version\":7.0"),
      ("\"version\":7", "\"version\":7e0"),
    ]
    for (target, replacement) in edits {
      XCTAssertTrue(text.contains(target), target)
      let edited = text.replacingOccurrences(of: target, with: replacement)
      assertAgree(Array(edited.utf8), "\(target) → \(replacement)")
      XCTAssertNoThrow(try ModelFile.decode(Array(edited.utf8)), replacement)
    }
    let zero = text.replacingOccurrences(of: "\"neutral\":[0,", with: "\"neutral\":[-0,")
    XCTAssertNotEqual(zero, text)
    assertAgree(Array(zero.utf8), "-0")
  }

  // MARK: Bad files

  func testMalformedFilesGiveTheGenericError() throws {
    let model = trainedModel()
    let bytes = ModelFile.encode(model)
    let text = String(decoding: bytes, as: UTF8.self)
    let root = try JSONValue.parse(bytes)
    var cases: [(String, [UInt8])] = [
      ("empty", []), ("space", Array(" \n".utf8)), ("empty object", Array("{}".utf8)),
      ("array", Array("[]".utf8)), ("number", Array("3".utf8)),
      ("BOM", [0xEF, 0xBB, 0xBF] + bytes),
      ("trailing data", bytes + Array("{}".utf8)), ("NUL", [0] + bytes),
      ("two roots", Array(bytes.dropLast()) + bytes),
    ]
    // Text edits: syntax errors, duplicates, bad strings and numbers.
    let edits: [(String, String)] = [
      ("\"classes\":", "\"classes\":["), ("\"counts\":{", "\"counts\":{{"),
      ("\"counts\":{\"negative\":[", "\"counts\":{\"negative\":[01,"),
      ("\"counts\":{\"negative\":[", "\"counts\":{\"negative\":[1.,"),
      ("\"counts\":{\"negative\":[", "\"counts\":{\"negative\":[-1,"),
      ("\"counts\":{\"negative\":[", "\"counts\":{\"negative\":[,"),
      ("\"counts\":{\"negative\":[", "\"counts\":{\"negative\":[1,,"),
      ("\"counts\":{\"negative\":[", "\"counts\":{\"negative\":[1e400,"),
      ("\"counts\":{\"negative\":[", "\"counts\":{\"neutral\":[],\"negative\":["),
      ("\"counts\":{", "\"counts\":{\"negative\":[],"),
      ("\"counts\":{", "\"counts\":[],\"x\":{"), ("\"counts\":{", "\"counts\":{},\"counts\":{"),
      ("\"vocabulary\":[", "\"vocabulary\":[],\"vocabulary\":["),
      ("\"vocabulary\":[", "\"vocabulary\":[\"\","), ("\"vocabulary\":[", "\"vocabulary\":[1,"),
      ("\"vocabulary\":[", "\"vocabulary\":[\"a\\x\","),
      ("\"vocabulary\":[", "\"vocabulary\":[\"a\u{1}\","),
      ("\"vocabulary\":[", "\"vocabulary\":[\"\\ud800\","),
      ("\"vocabulary\":[", "\"vocabulary\":[\"\\udc00\","),
      ("\"vocabulary\":[", "\"vocabulary\":[\"\\ud800\\u0041\","),
      ("\"vocabulary\":[", "\"vocabulary\":[\"\\u12\","),
      ("\"vocabulary\":[", "\"vocabulary\":[\"love\",\"love\","),
      ("\"vocabulary\":[", "\"vocabulary\":[\"lo\\u0076e\",\"love\","),
      ("\"format\"", "\"format\":1,\"format\""), ("\"version\":7", "\"version\":7,\"version\":7"),
      ("\"metadata\":{", "\"metadata\":{\"author\":\"a\","),
      ("\"version\":7", "\"version\":02"), ("\"version\":7", "\"version\":8"),
      ("\"version\":7", "\"version\":4"), ("\"version\":7", "\"version\":1e400"),
      ("\"lexicon\":{", "\"lexicon\":{\"negative\":[\"no such word\"],"),
      ("\"lexicon\":{", "\"lexicon\":[],\"x\":{"), ("\"options\":{", "\"options\":{\"x\":tru,"),
      ("\"tokenizer\":{", "\"tokenizer\":{" + String(repeating: "\"x\":[", count: 600)),
    ]
    for (target, replacement) in edits {
      XCTAssertTrue(text.contains(target), target)
      let edited = text.replacingOccurrences(of: target, with: replacement)
      cases.append(("\(target) → \(replacement)", Array(edited.utf8)))
    }
    // Invalid UTF-8 in a token, and in a member name.
    let vocabularyStart = try XCTUnwrap(text.range(of: "\"vocabulary\":[\""))
    let tokenAt = text.utf8.distance(from: text.startIndex, to: vocabularyStart.upperBound)
    for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] {
      var edited = bytes
      edited.insert(contentsOf: bad, at: tokenAt)
      cases.append(("bad UTF-8 \(bad)", edited))
      cases.append(("bad UTF-8 \(bad) in a name", Array("{\"".utf8) + bad + bytes.dropFirst(2)))
    }
    // Deep nesting in an ignored member, just below and at the generic limit.
    for depth in [510, 511, 512] {
      var deep = root
      set("deep", to: nested(depth), in: &deep)
      cases.append(("nesting \(depth)", serialize(deep)))
    }
    // Counts that contradict each other, and members of the wrong type.
    let mutations: [(String, (inout JSONValue) -> Void)] = [
      ("short column", { self.edit(column: "positive", in: &$0) { $0.removeLast() } }),
      ("long column", { self.edit(column: "neutral", in: &$0) { $0.append(.number(0)) } }),
      ("fraction", { self.edit(column: "neutral", in: &$0) { $0[0] = .number(0.5) } }),
      ("string count", { self.edit(column: "neutral", in: &$0) { $0[0] = .string("1") } }),
      (
        "binarized count > documents",
        { self.edit(column: "negative", in: &$0) { $0[0] = .number(99) } }
      ),
      (
        "binarized counts > documents in two features",
        {
          self.edit(column: "negative", in: &$0) { $0[2] = .number(99) }
          self.edit(column: "positive", in: &$0) { $0[1] = .number(99) }
        }
      ),
      ("empty token", { self.edit(tokens: &$0) { $0[0] = .string("") } }),
      ("repeated token", { self.edit(tokens: &$0) { $0[1] = $0[0] } }),
      ("number token", { self.edit(tokens: &$0) { $0[1] = .number(1) } }),
      ("no documents", { self.set("documents", to: .object([:]), in: &$0) }),
      ("zero documents", { self.setDocuments(0, in: &$0) }),
      ("no classes", { self.set("classes", to: nil, in: &$0) }),
      (
        "classes reordered",
        { self.set("classes", to: .array([.string("positive"), .string("neutral")]), in: &$0) }
      ),
      ("no version", { self.set("version", to: nil, in: &$0) }),
      ("version 2", { self.set("version", to: .number(2), in: &$0) }),
      ("no format", { self.set("format", to: nil, in: &$0) }),
      ("no vocabulary", { self.set("vocabulary", to: nil, in: &$0) }),
      ("no counts", { self.set("counts", to: nil, in: &$0) }),
      ("vocabulary a string", { self.set("vocabulary", to: .string("a b"), in: &$0) }),
      ("counts an array", { self.set("counts", to: .array([]), in: &$0) }),
      ("no options", { self.set("options", to: nil, in: &$0) }),
      ("options null", { self.set("options", to: .null, in: &$0) }),
      ("no metadata", { self.set("metadata", to: nil, in: &$0) }),
      ("no provenance", { self.set("provenance", to: nil, in: &$0) }),
      ("tokenizer empty", { self.set("tokenizer", to: .object([:]), in: &$0) }),
      (
        "two faults",
        {
          self.set("format", to: .string("other"), in: &$0)
          self.set("vocabulary", to: nil, in: &$0)
        }
      ),
      (
        "bad counts and no vocabulary",
        {
          self.set("counts", to: .array([]), in: &$0)
          self.set("vocabulary", to: nil, in: &$0)
        }
      ),
    ]
    for (name, mutate) in mutations {
      var mutated = root
      mutate(&mutated)
      cases.append((name, serialize(mutated)))
    }
    for (name, bad) in cases { assertAgree(bad, name) }
  }

  func testEveryTruncationGivesTheGenericError() {
    let bytes = ModelFile.encode(oddTokensModel())
    for length in 0..<bytes.count { assertAgree(Array(bytes[..<length]), "length \(length)") }
  }

  func testRandomByteEditsAgree() {
    let bytes = ReferenceModelDecoder.removingChecksum(ModelFile.encode(oddTokensModel()))
    let alphabet = Array("\"\\,:[]{}0179-+.eEu \n\u{1}x".utf8) + [0x80, 0xC3, 0xFF]
    var random = SeededGenerator(seed: 5)
    var accepted = 0
    for round in 0..<3000 {
      var edited = bytes
      for _ in 0...random.next(below: 3) {
        let at = random.next(below: edited.count)
        let byte = alphabet[random.next(below: alphabet.count)]
        switch random.next(below: 3) {
        case 0: edited[at] = byte
        case 1: edited.insert(byte, at: at)
        default: edited.remove(at: at)
        }
      }
      if assertAgree(edited, "round \(round)") { accepted += 1 }
    }
    XCTAssertGreaterThan(accepted, 100, "edits that keep the file valid take the fast path")
  }

  // MARK: Helpers

  /// `bytes` with white space after each `,`, `:`, `[` and `{` outside
  /// strings, and before the first byte.
  private func spaced(_ bytes: [UInt8]) -> [UInt8] {
    var result = Array(" \r\n".utf8)
    var inString = false
    var escaped = false
    for byte in bytes {
      result.append(byte)
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if Array(",:[{".utf8).contains(byte) {
        result.append(contentsOf: Array(" \t\r\n ".utf8))
      }
    }
    return result
  }

  private func nested(_ depth: Int) -> JSONValue {
    var value = JSONValue.null
    for _ in 0..<depth { value = .array([value]) }
    return value
  }

  private func set(_ key: String, to value: JSONValue?, in root: inout JSONValue) {
    guard case .object(var members) = root else { return }
    members[key] = value
    root = .object(members)
  }

  private func setDocuments(_ count: Double, in root: inout JSONValue) {
    set(
      "documents",
      to: .object([
        "negative": .number(count), "neutral": .number(count), "positive": .number(count),
      ]
      ), in: &root)
  }

  private func edit(tokens root: inout JSONValue, _ change: (inout [JSONValue]) -> Void) {
    guard case .array(var tokens)? = root["vocabulary"] else { return XCTFail("no vocabulary") }
    change(&tokens)
    set("vocabulary", to: .array(tokens), in: &root)
  }

  private func edit(
    column label: String, in root: inout JSONValue, _ change: (inout [JSONValue]) -> Void
  ) {
    guard case .object(var columns)? = root["counts"], case .array(var column)? = columns[label]
    else { return XCTFail("no column \(label)") }
    change(&column)
    columns[label] = .array(column)
    set("counts", to: .object(columns), in: &root)
  }

  /// JSON text of `value` with keys sorted by bytes (or the reverse).
  private func serialize(_ value: JSONValue, pretty: Bool = false, reversed: Bool = false)
    -> [UInt8]
  { JSONText.bytes(value, pretty: pretty, reversed: reversed) }
}
