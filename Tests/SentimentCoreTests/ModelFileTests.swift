import TestSupport
import XCTest

@testable import SentimentCore

final class ModelFileTests: XCTestCase {
  private let documents: [(String, Sentiment)] = [
    ("I love this phone, great battery", .positive),
    ("great camera and a lovely screen", .positive),
    ("love it love it", .positive),
    ("the battery died, I hate it", .negative),
    ("awful screen and a terrible camera", .negative),
    ("the store opens at nine", .neutral),
    ("which phone has the bigger screen?", .neutral),
    ("café naïve 日本 :)", .neutral),
  ]

  private let probes = [
    "love the camera", "hate the battery", "the store", "unknown words only", "", "great great",
    "日本 café", "terrible", "screen",
  ]

  private func makeModel(
    options: NaiveBayesOptions = NaiveBayesOptions(), order: [Int]? = nil
  ) -> NaiveBayesModel {
    var trainer = NaiveBayesTrainer(options: options)
    for index in order ?? Array(documents.indices) {
      trainer.add(documents[index].0, as: documents[index].1)
    }
    return trainer.model(
      metadata: ModelMetadata(author: "tests", description: "a toy \"model\"", version: "0.1"),
      provenance: Provenance(
        source: "toy.csv", sha256: String(repeating: "ab", count: 32), rows: [2, 3, 3], skipped: 1
      ))
  }

  /// Every token's counts, by token.
  private func countsByToken(_ model: NaiveBayesModel) -> [String: [Int]] {
    var result: [String: [Int]] = [:]
    for id in 0..<model.vocabulary.count {
      result[model.vocabulary.token(at: id)] = Array(
        model.counts[(id * Sentiment.count)..<((id + 1) * Sentiment.count)])
    }
    return result
  }

  // MARK: Round trip

  func testRoundTripKeepsPredictionsAndCounts() throws {
    for options in [
      NaiveBayesOptions(), NaiveBayesOptions(alpha: 0.25, binarized: false, priors: .data),
      NaiveBayesOptions(complement: true, bigrams: true),
      NaiveBayesOptions(smoothing: .background),
    ] {
      let model = makeModel(options: options)
      let decoded = try ModelFile.decode(ModelFile.encode(model))
      XCTAssertEqual(decoded.options, model.options)
      XCTAssertEqual(decoded.tokenizer, model.tokenizer)
      XCTAssertEqual(decoded.metadata, model.metadata)
      XCTAssertEqual(decoded.provenance, model.provenance)
      XCTAssertEqual(decoded.documents, model.documents)
      XCTAssertEqual(decoded.vocabulary.count, model.vocabulary.count)
      XCTAssertEqual(countsByToken(decoded), countsByToken(model))
      for probe in probes + documents.map(\.0) {
        XCTAssertEqual(decoded.predict(probe), model.predict(probe), "\(probe) \(options)")
      }
    }
  }

  func testRoundTripOfTokenizerSettings() throws {
    var trainer = NaiveBayesTrainer(tokenizer: .plainWords)
    trainer.add("good", as: .positive)
    let decoded = try ModelFile.decode(ModelFile.encode(trainer.model()))
    XCTAssertEqual(decoded.tokenizer, .plainWords)
  }

  func testSameDataGivesIdenticalBytes() throws {
    let first = ModelFile.encode(makeModel())
    XCTAssertEqual(ModelFile.encode(makeModel()), first)
    // Another row order lists the features in another order (the file keeps the
    // order of first occurrence), with the same counts per feature.
    let reversed = makeModel(order: documents.indices.reversed())
    XCTAssertEqual(
      countsByToken(try ModelFile.decode(ModelFile.encode(reversed))),
      countsByToken(try ModelFile.decode(first)))
    // Decoding and encoding again changes nothing.
    XCTAssertEqual(ModelFile.encode(try ModelFile.decode(first)), first)
  }

  /// Encoding straight from the trainer's counts (what `train` does) gives
  /// the same bytes as encoding the model it builds, for every option that
  /// changes which features are kept or how they are counted.
  func testEncodingTheTrainerEqualsEncodingItsModel() {
    for options in [
      NaiveBayesOptions(), NaiveBayesOptions(binarized: false),
      NaiveBayesOptions(bigrams: false), NaiveBayesOptions(minCount: 2),
      NaiveBayesOptions(complement: true, priors: .data, minCount: 3),
    ] {
      var trainer = NaiveBayesTrainer(options: options)
      for (text, label) in documents { trainer.add(text, as: label) }
      let metadata = ModelMetadata(author: "tests")
      let provenance = Provenance(source: "toy.csv", rows: [2, 3, 3], skipped: 1)
      var direct: [UInt8] = []
      ModelFile.encode(trainer, metadata: metadata, provenance: provenance, chunkSize: 64) {
        direct += $0
      }
      let model = trainer.model(metadata: metadata, provenance: provenance)
      XCTAssertEqual(direct, ModelFile.encode(model), "\(options)")
      XCTAssertEqual(trainer.featureCount, model.vocabulary.count, "\(options)")
    }
  }

  func testFileEndsWithANewlineAndIsOneLine() {
    let bytes = ModelFile.encode(makeModel())
    XCTAssertEqual(bytes.last, 0x0A)
    XCTAssertEqual(bytes.filter { $0 == 0x0A }.count, 1)
  }

  func testKeysAreSorted() throws {
    let bytes = ModelFile.encode(makeModel())
    let objects = objectKeys(bytes)
    XCTAssertGreaterThanOrEqual(objects.count, 8, "root, counts, documents, metadata, …")
    for keys in objects {
      XCTAssertEqual(keys, keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }
    let root = try XCTUnwrap(objects.last)
    XCTAssertEqual(
      root,
      [
        "checksum", "classes", "counts", "documents", "format", "lexicon", "metadata",
        "options", "provenance", "tokenizer", "version", "vocabulary",
      ])
  }

  // MARK: Checksum

  func testTheChecksumIsTheDigestOfTheFileWithoutIt() throws {
    for chunkSize in [1, 64, 1 << 20] {
      var bytes: [UInt8] = []
      ModelFile.encode(makeModel(), chunkSize: chunkSize) { bytes += $0 }
      XCTAssertTrue(ReferenceModelDecoder.hasValidChecksum(bytes), "chunks of \(chunkSize)")
      XCTAssertEqual(bytes, ModelFile.encode(makeModel()))
    }
    // A calibrated model: the checksum follows the calibration.
    var model = makeModel()
    model.heldOut = HeldOutFit(
      calibration: Calibration(temperature: 2, biases: [0, 0.5, -0.5]),
      confusion: [[2, 0, 0], [0, 3, 0], [0, 0, 3]],
      meanProbabilities: [[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]],
      equalPriorMeans: [[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.1, 0.2, 0.7]], folds: 2, rows: 8)
    let bytes = ModelFile.encode(model)
    XCTAssertTrue(ReferenceModelDecoder.hasValidChecksum(bytes))
    XCTAssertEqual(try objectKeys(bytes).last?.prefix(3), ["calibration", "checksum", "classes"])
  }

  /// A model small enough to flip each of its bits: two lexicon words, a
  /// calibration-free toy, the default options.
  private func smallModelFile() -> [UInt8] {
    var lexicon = Lexicon()
    lexicon.append(Lexicon.Entry(word: "hate", label: .negative))
    lexicon.append(Lexicon.Entry(word: "love", label: .positive))
    var trainer = NaiveBayesTrainer(lexicon: lexicon)
    for (text, label) in documents.prefix(6) { trainer.add(text, as: label) }
    return ModelFile.encode(
      trainer.model(provenance: Provenance(source: "t.csv", sha256: "00", rows: [2, 2, 2])))
  }

  func testEverySingleBitFlipIsASyntaxErrorOrAChecksumMismatch() throws {
    let bytes = smallModelFile()
    XCTAssertNoThrow(try ModelFile.decode(bytes))
    var (syntax, checksum, loadedUnchecked) = (0, 0, 0)
    for offset in bytes.indices {
      for bit in 0..<8 {
        var flipped = bytes
        flipped[offset] ^= 1 << bit
        do {
          _ = try ModelFile.decode(flipped)
          XCTFail("a flip of bit \(bit) of byte \(offset) loads")
        } catch ModelFileError.notJSON {
          syntax += 1
        } catch ModelFileError.checksumMismatch {
          checksum += 1
        } catch {
          XCTFail("bit \(bit) of byte \(offset): \(error)")
        }
        // Without the check, as before it: many flips load.
        if (try? ModelFile.decode(flipped.span, verifyingChecksum: false)) != nil {
          loadedUnchecked += 1
        }
      }
    }
    XCTAssertEqual(syntax + checksum, bytes.count * 8)
    XCTAssertGreaterThan(checksum, bytes.count, "most flips keep the JSON valid")
    XCTAssertGreaterThan(loadedUnchecked, bytes.count, "the unchecked reader loads them")
  }

  func testAHandEditedFileWithoutTheChecksumLoadsAndOneWithItDoesNot() throws {
    let bytes = ModelFile.encode(makeModel())
    var root = try JSONValue.parse(bytes)
    set(["metadata", "author"], to: .string("edited"), in: &root)
    // Edited, checksum kept: refused, with what to do.
    XCTAssertThrowsError(try ModelFile.decode(JSONText.bytes(root))) { error in
      XCTAssertEqual(error as? ModelFileError, .checksumMismatch)
      let message = error.localizedDescription
      XCTAssertTrue(message.contains("changed or damaged after it was written"), message)
      XCTAssertTrue(message.contains("remove its \"checksum\" member"), message)
    }
    // Edited, checksum removed: loads, unchecked.
    XCTAssertEqual(try ModelFile.decode(serialize(root)).metadata.author, "edited")
    XCTAssertEqual(
      try ModelFile.decode(ReferenceModelDecoder.removingChecksum(bytes)).metadata,
      makeModel().metadata)
  }

  func testADamagedChecksumMemberIsAMismatch() throws {
    let text = String(decoding: ModelFile.encode(makeModel()), as: UTF8.self)
    let digest = try XCTUnwrap(ReferenceModelDecoder.writtenChecksum(Array(text.utf8)))
    for (target, replacement) in [
      ("\"checksum\"", "\"chdcksum\""),  // the name: no longer a checksum
      (digest, digest.replacing("sha256:", with: "sha257:")),
      (digest, String(digest.dropLast()) + "g"),
      ("\"\(digest)\"", "null"),
    ] {
      let edited = Array(text.replacing(target, with: replacement, maxReplacements: 1).utf8)
      XCTAssertNotEqual(edited, Array(text.utf8))
      XCTAssertThrowsError(try ModelFile.decode(edited), replacement) { error in
        XCTAssertEqual(error as? ModelFileError, .checksumMismatch, replacement)
      }
    }
  }

  func testVocabularyIsInOrderOfFirstOccurrence() throws {
    let model = makeModel()
    let root = try JSONValue.parse(ModelFile.encode(model))
    guard case .array(let tokens)? = root["vocabulary"] else { return XCTFail("no vocabulary") }
    let strings = tokens.compactMap { token -> String? in
      if case .string(let text) = token { return text }
      return nil
    }
    XCTAssertEqual(strings.count, tokens.count)
    // The lexicon's words first, by class, then the data's features.
    XCTAssertGreaterThan(model.lexicon.entries.count, 500)
    var expected = model.lexicon.entries.map(\.word)
    for (text, _) in documents {
      for feature in Featurizer(
        tokenizer: Tokenizer(settings: model.tokenizer), bigrams: model.options.bigrams
      ).features(in: text) where !expected.contains(feature) {
        expected.append(feature)
      }
    }
    XCTAssertEqual(strings, expected)
    XCTAssertEqual(root["format"], .string(ModelFile.format))
    XCTAssertEqual(root["version"], .number(Double(ModelFile.version)))
    XCTAssertEqual(
      root["classes"], .array([.string("negative"), .string("neutral"), .string("positive")]))
  }

  func testCountsColumnsFollowTheVocabulary() throws {
    var trainer = NaiveBayesTrainer(
      tokenizer: .plainWords, options: NaiveBayesOptions(binarized: false, bigrams: false),
      lexicon: Lexicon())
    trainer.add("b b a", as: .positive)
    trainer.add("a", as: .negative)
    let root = try JSONValue.parse(ModelFile.encode(trainer.model()))
    XCTAssertEqual(root["vocabulary"], .array([.string("b"), .string("a")]))
    XCTAssertEqual(root["counts"]?["positive"], .array([.number(2), .number(1)]))
    XCTAssertEqual(root["counts"]?["negative"], .array([.number(0), .number(1)]))
    XCTAssertEqual(root["counts"]?["neutral"], .array([.number(0), .number(0)]))
    XCTAssertEqual(
      root["documents"],
      .object(["negative": .number(1), "neutral": .number(0), "positive": .number(1)]))
  }

  // MARK: Lexicon

  func testLexiconRoundTrips() throws {
    let model = makeModel()
    XCTAssertEqual(model.lexicon.entries.count, Lexicon.builtIn.entries.count)
    XCTAssertEqual(model.lexicon.entries.first?.label, .negative, "by class, as in the file")
    let decoded = try ModelFile.decode(ModelFile.encode(model))
    XCTAssertTrue(decoded.lexicon == model.lexicon, "the same entries in the same order")
    XCTAssertEqual(decoded.options.lexiconWeight, 1000)
    let love = try XCTUnwrap(model.vocabulary.id(of: "love"))
    for label in Sentiment.allCases {
      XCTAssertEqual(
        decoded.weight(ofFeature: love, for: label), model.weight(ofFeature: love, for: label))
    }
    for probe in probes { XCTAssertEqual(decoded.predict(probe), model.predict(probe), probe) }
    let root = try JSONValue.parse(ModelFile.encode(model))
    XCTAssertEqual(root["lexicon"]?["neutral"], .array([]))
    XCTAssertEqual(root["options"]?["lexicon_weight"], .number(1000))
  }

  /// A current file must say how it is smoothed and weighs its lexicon.
  func testTheSmoothingAndTheLexiconWeightAreRequired() throws {
    try assertRejects(
      { remove(["options", "smoothing"], from: &$0) }, .missing("options.smoothing"))
    try assertRejects(
      { set(["options", "smoothing"], to: .string("laplace"), in: &$0) },
      .missing("options.smoothing"))
    try assertRejects(
      { remove(["options", "lexicon_weight"], from: &$0) }, .missing("options.lexicon_weight"))
    try assertRejects({ remove(["lexicon"], from: &$0) }, .missing("lexicon.negative"))
  }

  func testRejectsABadLexicon() throws {
    try assertInconsistent {
      self.set(["lexicon", "neutral"], to: .array([.string("no such word")]), in: &$0)
    }
    try assertInconsistent {
      self.set(["lexicon", "neutral"], to: .array([.string("love")]), in: &$0)
    }
    try assertRejects(
      { set(["lexicon", "neutral"], to: .array([.number(1)]), in: &$0) },
      .missing("lexicon.neutral"))
    try assertRejects(
      { set(["options", "lexicon_weight"], to: .number(-1), in: &$0) },
      .missing("options.lexicon_weight"))
  }

  // MARK: Rejections

  func testRejectsTruncatedFiles() {
    let bytes = ModelFile.encode(makeModel())
    for length in [
      0, 1, 2, 10, 50, bytes.count / 3, bytes.count / 2, bytes.count - 3, bytes.count - 2,
    ] {
      XCTAssertThrowsError(try ModelFile.decode(Array(bytes[..<length])), "length \(length)") {
        guard case .notJSON(let reason, let offset)? = $0 as? ModelFileError else {
          return XCTFail("\($0) for length \(length)")
        }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertLessThanOrEqual(offset, length)
      }
    }
  }

  func testRejectsOtherNonJSON() {
    for text in ["not json", "{\"format\": }", "\u{FEFF}{}"] {
      XCTAssertThrowsError(try ModelFile.decode(Array(text.utf8)), text) {
        guard case .notJSON? = $0 as? ModelFileError else { return XCTFail("\($0)") }
      }
    }
  }

  func testRejectsJSONThatIsNotAModel() {
    for text in ["[]", "{}", "3", #"{"format": 1}"#, #"{"format": "tweetalyze-naive-bayes-2"}"#] {
      XCTAssertThrowsError(try ModelFile.decode(Array(text.utf8)), text) {
        XCTAssertEqual($0 as? ModelFileError, .notAModel)
      }
    }
  }

  func testRejectsAWrongFormat() throws {
    try assertRejects({ set(["format"], to: .string("some-other-model"), in: &$0) }, .notAModel)
  }

  /// One version is read: older and newer ones are refused, each with what
  /// to do.
  func testRejectsEveryOtherVersion() throws {
    try assertRejects({ set(["version"], to: .number(8), in: &$0) }, .unsupportedVersion(8))
    for older in 1...6 {
      try assertRejects(
        { set(["version"], to: .number(Double(older)), in: &$0) }, .unsupportedVersion(older))
    }
    try assertRejects({ set(["version"], to: .number(0), in: &$0) }, .unsupportedVersion(0))
    try assertRejects({ set(["version"], to: .number(1.5), in: &$0) }, .missing("version"))
    try assertRejects({ set(["version"], to: .string("1"), in: &$0) }, .missing("version"))
  }

  func testRejectsMissingMembers() throws {
    let cases: [([String], String)] = [
      (["version"], "version"),
      (["classes"], "classes"),
      (["vocabulary"], "vocabulary"),
      (["counts"], "counts.negative"),
      (["counts", "positive"], "counts.positive"),
      (["documents"], "documents.negative"),
      (["documents", "neutral"], "documents.neutral"),
      (["options"], "options.alpha"),
      (["options", "alpha"], "options.alpha"),
      (["options", "binarized"], "options.binarized"),
      (["options", "complement"], "options.complement"),
      (["options", "bigrams"], "options.bigrams"),
      (["options", "priors"], "options.priors"),
      (["metadata"], "metadata.author"),
      (["metadata", "license"], "metadata.license"),
      (["provenance", "sha256"], "provenance.sha256"),
      (["provenance", "skipped"], "provenance.skipped"),
      (["provenance", "rows"], "provenance.rows.negative"),
      (["tokenizer"], "tokenizer"),
      (["tokenizer", "urls"], "tokenizer.urls"),
      (["tokenizer", "squeeze_repeats"], "tokenizer.squeeze_repeats"),
      (["options", "lexicon_weight"], "options.lexicon_weight"),
      (["lexicon"], "lexicon.negative"),
      (["lexicon", "positive"], "lexicon.positive"),
    ]
    for (path, name) in cases {
      try assertRejects({ remove(path, from: &$0) }, .missing(name), "\(path)")
    }
  }

  func testRejectsMembersOfTheWrongType() throws {
    try assertRejects(
      { set(["classes"], to: .array([.string("negative"), .string("positive")]), in: &$0) },
      .missing("classes"))
    try assertRejects({ set(["vocabulary"], to: .string("a b"), in: &$0) }, .missing("vocabulary"))
    try assertRejects(
      { set(["options", "alpha"], to: .number(0), in: &$0) }, .missing("options.alpha"))
    try assertRejects(
      { set(["options", "alpha"], to: .number(-1), in: &$0) }, .missing("options.alpha"))
    try assertRejects(
      { set(["options", "priors"], to: .string("flat"), in: &$0) }, .missing("options.priors"))
    try assertRejects(
      { set(["options", "binarized"], to: .number(1), in: &$0) }, .missing("options.binarized"))
    try assertRejects(
      { set(["tokenizer", "emoji"], to: .string("yes"), in: &$0) }, .missing("tokenizer.emoji"))
  }

  func testRejectsCountsOfTheWrongLength() throws {
    try assertInconsistent { root in
      guard case .array(var column)? = root["counts"]?["positive"] else { return }
      column.removeLast()
      set(["counts", "positive"], to: .array(column), in: &root)
    }
    try assertInconsistent { root in
      guard case .array(var column)? = root["counts"]?["negative"] else { return }
      column.append(.number(0))
      set(["counts", "negative"], to: .array(column), in: &root)
    }
  }

  func testRejectsNegativeAndFractionalCounts() throws {
    for bad in [JSONValue.number(-1), .number(0.5), .string("1"), .null, .number(1e300)] {
      try assertInconsistent { root in
        guard case .array(var column)? = root["counts"]?["neutral"] else { return }
        column[0] = bad
        set(["counts", "neutral"], to: .array(column), in: &root)
      }
    }
    try assertRejects(
      { set(["documents", "positive"], to: .number(-3), in: &$0) }, .missing("documents.positive"))
    try assertRejects(
      { set(["documents", "positive"], to: .number(2.5), in: &$0) }, .missing("documents.positive"))
  }

  func testRejectsADuplicateVocabularyToken() throws {
    try assertInconsistent { root in
      guard case .array(var tokens)? = root["vocabulary"] else { return }
      tokens[1] = tokens[0]
      set(["vocabulary"], to: .array(tokens), in: &root)
    }
  }

  func testRejectsAnEmptyToken() throws {
    try assertRejects(
      { root in
        guard case .array(var tokens)? = root["vocabulary"] else { return }
        tokens[0] = .string("")
        set(["vocabulary"], to: .array(tokens), in: &root)
      }, .missing("vocabulary"))
  }

  func testRejectsZeroDocuments() throws {
    try assertInconsistent { root in
      set(
        ["documents"],
        to: .object(["negative": .number(0), "neutral": .number(0), "positive": .number(0)]),
        in: &root)
    }
  }

  func testRejectsABinarizedCountExceedingTheDocuments() throws {
    // The model is binarized by default: a token can be in at most documents(c) documents.
    let model = makeModel()
    XCTAssertTrue(model.options.binarized)
    try assertInconsistent { root in
      guard case .array(var column)? = root["counts"]?["negative"],
        case .number(let documents)? = root["documents"]?["negative"]
      else { return }
      column[0] = .number(documents + 1)
      set(["counts", "negative"], to: .array(column), in: &root)
    }
    // Not binarized, the same count is fine.
    var root = try JSONValue.parse(
      ModelFile.encode(makeModel(options: NaiveBayesOptions(binarized: false))))
    guard case .array(var column)? = root["counts"]?["negative"],
      case .number(let documents)? = root["documents"]?["negative"]
    else { return XCTFail("no counts") }
    column[0] = .number(documents + 1)
    set(["counts", "negative"], to: .array(column), in: &root)
    XCTAssertNoThrow(try ModelFile.decode(serialize(root)))
    // And exactly documents(c) is fine when binarized.
    var exact = try JSONValue.parse(ModelFile.encode(model))
    guard case .array(var exactColumn)? = exact["counts"]?["negative"] else { return XCTFail() }
    exactColumn[0] = .number(Double(model.documents.negative))
    set(["counts", "negative"], to: .array(exactColumn), in: &exact)
    XCTAssertNoThrow(try ModelFile.decode(serialize(exact)))
  }

  func testUnknownMembersAreIgnored() throws {
    var root = try JSONValue.parse(ModelFile.encode(makeModel()))
    set(["comment"], to: .string("added by hand"), in: &root)
    XCTAssertNoThrow(try ModelFile.decode(serialize(root)))
  }

  func testTheSerializerOfTheseTestsIsFaithful() throws {
    // The mutations above go through `serialize`; unmutated, it must give a loadable model.
    let model = makeModel()
    let root = try JSONValue.parse(ModelFile.encode(model))
    XCTAssertEqual(serialize(root), ReferenceModelDecoder.removingChecksum(ModelFile.encode(model)))
  }

  // MARK: Messages

  func testErrorDescriptionsAreActionable() {
    let cases: [(ModelFileError, [String])] = [
      (
        .notJSON(reason: "unexpected end of data", offset: 120),
        ["unexpected end of data", "120", "train"]
      ),
      (.notAModel, [ModelFile.format, "format"]),
      (.unsupportedVersion(2), ["version 2", "earlier", "\(ModelFile.version) only", "train"]),
      (.unsupportedVersion(8), ["version 8", "later", "upgrade tweetalyze", "train"]),
      (.missing("options.alpha"), ["options.alpha", "train"]),
      (.inconsistent("no training documents"), ["no training documents", "train"]),
    ]
    for (error, needles) in cases {
      let description = error.errorDescription ?? ""
      XCTAssertFalse(description.isEmpty)
      for needle in needles {
        XCTAssertTrue(description.contains(needle), "'\(description)' lacks '\(needle)'")
      }
    }
  }

  // MARK: Numbers the model computes with

  /// The toy with a calibration that weighs the reader (the default
  /// options), as `train` writes one: a row of weights per class.
  private func calibratedModel(readerWeights: PerClass<SIMD2<Double>>? = nil) -> NaiveBayesModel {
    var model = makeModel()
    model.heldOut = HeldOutFit(
      calibration: Calibration(
        temperature: 2, biases: [0, 0.5, -0.5],
        readerWeights: readerWeights ?? [SIMD2(repeating: -1), .zero, SIMD2(repeating: 1)]),
      confusion: [[2, 0, 0], [0, 3, 0], [0, 0, 3]],
      meanProbabilities: [[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]],
      equalPriorMeans: [[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.1, 0.2, 0.7]], folds: 2, rows: 8)
    return model
  }

  /// Finite numbers that no fit gives, which made the probabilities NaN or
  /// not sum to 1 (reader weights or a bias of ±1e308: `classify` printed
  /// `nan`, `eval` trapped converting it to a bin) or every score NaN (an
  /// `alpha` of 1e308), are refused at load, naming the member. The
  /// largest weights allowed load and give probabilities summing to 1 on
  /// the strongest reading.
  func testNumbersThatMakeProbabilitiesMeaninglessAreRefused() throws {
    let root = try JSONValue.parse(ModelFile.encode(calibratedModel()))
    XCTAssertNotNil(try ModelFile.decode(serialize(root)).heldOut)
    let huge = JSONValue.array(
      ReaderScores.featureNames.indices.map { .number($0 % 2 == 0 ? 1e308 : -1e308) })
    let cases: [([String], JSONValue, String)] = [
      (["calibration", "reader_weights", "positive"], huge, "calibration.reader_weights.positive"),
      (["calibration", "biases", "neutral"], .number(1e308), "calibration.biases.neutral"),
      (["options", "alpha"], .number(1e308), "options.alpha"),
      (["options", "alpha"], .number(1000.5), "options.alpha"),
    ]
    for (path, value, name) in cases {
      var edited = root
      set(path, to: value, in: &edited)
      XCTAssertThrowsError(try ModelFile.decode(serialize(edited)), name) { error in
        guard case .outOfRange(let member, _)? = error as? ModelFileError else {
          return XCTFail("\(name): \(error)")
        }
        XCTAssertEqual(member, name)
        XCTAssertTrue(error.localizedDescription.contains("train the model again"))
      }
    }
    var thousand = root
    set(["options", "alpha"], to: .number(1000), in: &thousand)
    XCTAssertEqual(try ModelFile.decode(serialize(thousand)).options.alpha, 1000)

    let largest = Calibration.largestWeight
    let model = try ModelFile.decode(
      ModelFile.encode(
        calibratedModel(readerWeights: [
          SIMD2(repeating: largest), .zero, SIMD2(repeating: -largest),
        ])))
    let strongest = ReaderScores(
      compound: 1, positive: 1, negative: 1, positiveSum: .greatestFiniteMagnitude,
      negativeSum: .greatestFiniteMagnitude, exclamations: .max)
    let calibration = try XCTUnwrap(model.calibration)
    for reading in [strongest, .none] {
      let p = calibration.probabilities([-1, -2, -3], reader: reading).array
      XCTAssertTrue(p.allSatisfy { $0.isFinite && $0 >= 0 }, "\(p)")
      XCTAssertEqual(p.reduce(0, +), 1, accuracy: 1e-12)
    }
  }

  /// `options.reader` and `calibration.reader_weights` must agree: a
  /// model with the reader on and no weights (or off and with weights)
  /// loaded, and `merge` then halved or dropped the weights.
  func testTheReaderSettingAndTheReaderWeightsMustAgree() throws {
    let root = try JSONValue.parse(ModelFile.encode(calibratedModel()))
    var withoutWeights = root
    remove(["calibration", "reader_weights"], from: &withoutWeights)
    var readerOff = root
    set(["options", "reader"], to: .bool(false), in: &readerOff)
    for edited in [withoutWeights, readerOff] {
      XCTAssertThrowsError(try ModelFile.decode(serialize(edited))) { error in
        guard case .inconsistent(let what)? = error as? ModelFileError else {
          return XCTFail("\(error)")
        }
        XCTAssertTrue(what.contains("options.reader"), what)
      }
    }
    // Both off: a model without the reader.
    var neither = readerOff
    remove(["calibration", "reader_weights"], from: &neither)
    XCTAssertEqual(try ModelFile.decode(serialize(neither)).heldOut?.calibration.usesReader, false)
  }

  // MARK: Helpers

  private func assertRejects(
    _ mutate: (inout JSONValue) -> Void, _ expected: ModelFileError, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    var root = try JSONValue.parse(ModelFile.encode(makeModel()))
    mutate(&root)
    XCTAssertThrowsError(try ModelFile.decode(serialize(root)), message, file: file, line: line) {
      XCTAssertEqual($0 as? ModelFileError, expected, message, file: file, line: line)
    }
  }

  private func assertInconsistent(
    file: StaticString = #filePath, line: UInt = #line, _ mutate: (inout JSONValue) -> Void
  ) throws {
    var root = try JSONValue.parse(ModelFile.encode(makeModel()))
    let before = root
    mutate(&root)
    XCTAssertNotEqual(root, before, "the mutation changed nothing", file: file, line: line)
    XCTAssertThrowsError(try ModelFile.decode(serialize(root)), file: file, line: line) {
      guard case .inconsistent(let what)? = $0 as? ModelFileError else {
        return XCTFail("\($0)", file: file, line: line)
      }
      XCTAssertFalse(what.isEmpty, file: file, line: line)
    }
  }

  private func set(_ path: [String], to value: JSONValue?, in root: inout JSONValue) {
    guard let first = path.first, case .object(var members) = root else { return }
    if path.count == 1 {
      members[first] = value
    } else {
      var child = members[first] ?? .object([:])
      set(Array(path.dropFirst()), to: value, in: &child)
      members[first] = child
    }
    root = .object(members)
  }

  private func remove(_ path: [String], from root: inout JSONValue) {
    set(path, to: nil, in: &root)
  }

  /// Compact JSON with keys sorted by bytes, as the model file writes it.
  /// The tree as the encoder writes it, without the checksum: a file edited
  /// by hand.
  private func serialize(_ value: JSONValue) -> [UInt8] {
    var value = value
    remove(["checksum"], from: &value)
    return JSONText.bytes(value)
  }

  /// The keys of every object in compact JSON text, in file order; an object's
  /// list comes when it closes, so the root's is last.
  private func objectKeys(_ bytes: [UInt8]) -> [[String]] { JSONText.objectKeys(bytes) ?? [] }
}
