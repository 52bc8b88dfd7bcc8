import XCTest

@testable import SentimentCore

/// A model read from its image (``ModelImage``) is the model read from its
/// file: the same file when encoded again, the same ids, counts and
/// predictions; and a damaged image decodes to `nil`, never crashes.
final class ModelImageTests: XCTestCase {
  private let documents: [(String, Sentiment)] = [
    ("I love this phone, great battery", .positive),
    ("great camera and not bad at all :)", .positive),
    ("the battery died, I hate it, not good", .negative),
    ("awful screen and a terrible camera", .negative),
    ("the store opens at nine #apple @tim", .neutral),
    ("café naïve 日本 😀 http://example.com", .neutral),
  ]

  private let probes = [
    "I love it", "not good at all", "great camera but the battery died", "", "😀 café",
    "nothing the model knows", "terrible terrible screen", "#apple @tim not bad",
  ]

  private func file(
    tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions()
  ) -> [UInt8] {
    var trainer = NaiveBayesTrainer(tokenizer: tokenizer, options: options)
    for (text, label) in documents { trainer.add(text, as: label) }
    return ModelFile.encode(
      trainer.model(
        metadata: ModelMetadata(author: "tests", description: "image", version: "1"),
        provenance: Provenance(source: "toy.csv", sha256: "00ff", rows: [2, 2, 2], skipped: 1)))
  }

  /// A model with pairs whose tokens are not features, which the pair
  /// index keys after the features.
  private func unresolvedPairsFile() -> [UInt8] {
    var vocabulary = Vocabulary()
    for token in ["not good", "good", "very bad", "bad", "x y"] { vocabulary.insert(token) }
    return ModelFile.encode(
      NaiveBayesModel(
        metadata: ModelMetadata(), provenance: Provenance(), tokenizer: TokenizerSettings(),
        options: NaiveBayesOptions(lexiconWeight: 0), vocabulary: vocabulary,
        counts: [0, 0, 3, 1, 0, 2, 4, 0, 0, 2, 1, 0, 0, 1, 0], documents: [5, 4, 5]))
  }

  private var files: [[UInt8]] {
    [
      file(),
      file(options: NaiveBayesOptions(alpha: 0.25, binarized: false, priors: .data)),
      file(options: NaiveBayesOptions(complement: true, bigrams: false, minCount: 2)),
      file(tokenizer: .plainWords, options: NaiveBayesOptions(lexiconWeight: 0)),
      unresolvedPairsFile(),
    ]
  }

  private func image(of file: [UInt8]) throws -> [UInt8] {
    try XCTUnwrap(file.withUnsafeBufferPointer { ModelImage.encode(modelFile: $0) })
  }

  private func decode(_ image: [UInt8], file: [UInt8]) -> NaiveBayesModel? {
    image.withUnsafeBufferPointer { image in
      file.withUnsafeBufferPointer { ModelImage.decode(image, modelFile: $0) }
    }
  }

  func testTheImageGivesTheModelOfTheFile() throws {
    for file in files {
      let expected = try ModelFile.decode(file)
      let model = try XCTUnwrap(decode(try image(of: file), file: file))
      XCTAssertEqual(ModelFile.encode(model), file)
      XCTAssertEqual(model.counts, expected.counts)
      XCTAssertEqual(model.lexicon.entries.count, expected.lexicon.entries.count)
      XCTAssertEqual(model.vocabulary.count, expected.vocabulary.count)
      for id in 0..<model.vocabulary.count {
        XCTAssertEqual(model.vocabulary.id(of: model.vocabulary.token(at: id)), id)
        for label in Sentiment.allCases {
          XCTAssertEqual(
            model.weight(ofFeature: id, for: label), expected.weight(ofFeature: id, for: label))
        }
      }
      XCTAssertNil(model.vocabulary.id(of: "never seen"))
      XCTAssertEqual((model.pairs == nil), (expected.pairs == nil))
      var classifier = Classifier(model: model)
      var reference = Classifier(model: expected)
      for probe in probes {
        XCTAssertEqual(classifier.predict(probe), reference.predict(probe), probe)
      }
    }
  }

  /// Counts the calls of a deferred vocabulary.
  private final class Calls: @unchecked Sendable {
    var count = 0
  }

  func testADeferredVocabularyIsReadOnlyWhenNeeded() throws {
    for file in files {
      let image = try image(of: file)
      let expected = try ModelFile.decode(file)
      let full = try XCTUnwrap(
        image.withUnsafeBufferPointer { image in
          file.withUnsafeBufferPointer { ModelImage.vocabulary(in: image, modelFile: $0) }
        })
      let calls = Calls()
      let model = try XCTUnwrap(
        image.withUnsafeBufferPointer { image in
          file.withUnsafeBufferPointer {
            ModelImage.decode(image, modelFile: $0) {
              calls.count += 1
              return full
            }
          }
        })
      XCTAssertEqual(model.vocabulary.count, expected.vocabulary.count)
      XCTAssertTrue(model.lexicon == expected.lexicon)
      var classifier = Classifier(model: model)
      var reference = Classifier(model: expected)
      for probe in probes {
        XCTAssertEqual(classifier.predict(probe), reference.predict(probe), probe)
      }
      // With pairs, loading and classifying go through the pair index; a
      // model without them looks its lexicon and tokens up in the vocabulary.
      if expected.options.bigrams {
        XCTAssertEqual(calls.count, 0, "the vocabulary was read")
      } else {
        XCTAssertGreaterThan(calls.count, 0)
      }
      XCTAssertEqual(ModelFile.encode(model), file)
      XCTAssertEqual(model.vocabulary.id(of: expected.vocabulary.token(at: 0)), 0)
      XCTAssertGreaterThan(calls.count, 0)
      var copy = model.vocabulary
      XCTAssertEqual(copy.insert("a new token"), expected.vocabulary.count)
      XCTAssertEqual(copy.count, expected.vocabulary.count + 1)
      XCTAssertEqual(model.vocabulary.count, expected.vocabulary.count)
      XCTAssertNil(model.vocabulary.id(of: "a new token"))
    }
  }

  func testAVocabularyFromAnImageGrowsWhenCopied() throws {
    let file = self.file()
    let model = try XCTUnwrap(decode(try image(of: file), file: file))
    var vocabulary = model.vocabulary
    let count = vocabulary.count
    for index in 0..<200 { XCTAssertEqual(vocabulary.insert("new \(index) token"), count + index) }
    XCTAssertEqual(vocabulary.id(of: "new 7 token"), count + 7)
    XCTAssertEqual(vocabulary.id(of: model.vocabulary.token(at: 0)), 0)
    XCTAssertEqual(model.vocabulary.count, count)
  }

  func testTheImageIsOfOneFile() throws {
    let file = self.file()
    let image = try image(of: file)
    XCTAssertTrue(decode(image, file: file + [0x0A]) == nil)
    // The same length, one byte changed, anywhere in the file.
    for index in stride(from: 0, to: file.count, by: max(1, file.count / 50)) + [file.count - 1] {
      var other = file
      other[index] ^= 0x01
      XCTAssertTrue(decode(image, file: other) == nil, "byte \(index) changed")
    }
    XCTAssertTrue(decode(image, file: []) == nil)
    XCTAssertNotNil(decode(image, file: file))
  }

  func testADeclinedFileHasNoImage() {
    for text in ["", "{}", "[1]", #"{"format": "tweetalyze-naive-bayes"}"#] {
      XCTAssertNil(Array(text.utf8).withUnsafeBufferPointer { ModelImage.encode(modelFile: $0) })
    }
  }

  /// A small model, for the tests that decode an image many times.
  private func smallFile() -> [UInt8] {
    file(tokenizer: .plainWords, options: NaiveBayesOptions(lexiconWeight: 0))
  }

  func testEveryTruncationDecodesToNil() throws {
    let file = smallFile()
    let image = try image(of: file)
    // Every seventh length (a debug build decodes slowly), so that each
    // offset within the eight-byte sections comes up.
    for length in stride(from: 0, to: image.count, by: 7) {
      XCTAssertTrue(decode(Array(image[..<length]), file: file) == nil, "\(length) bytes")
    }
    XCTAssertTrue(decode(image + Array("00000000".utf8), file: file) == nil)
  }

  /// Every seventh byte changed in turn: either the image still decodes (a count or
  /// a bit of padding that no check covers) and the model works, or it is
  /// `nil`; never a crash.
  func testDamagedImagesNeverCrash() throws {
    let file = smallFile()
    let image = try image(of: file)
    var declined = 0
    var tried = 0
    for index in stride(from: 0, to: image.count, by: 7) {
      for flip: UInt8 in [0x01, 0x20, 0x80] {
        tried += 1
        var damaged = image
        damaged[index] ^= flip
        guard let model = decode(damaged, file: file) else {
          declined += 1
          continue
        }
        var classifier = Classifier(model: model)
        for probe in probes { _ = classifier.predict(probe) }
        _ = ModelFile.encode(model)
      }
    }
    print("ModelImageTests: \(declined) of \(tried) damaged images declined")
    XCTAssertGreaterThan(declined, tried / 2)
  }

  func testASlotWithAnIdOutOfRangeIsDeclined() throws {
    let file = unresolvedPairsFile()
    let image = try image(of: file)
    XCTAssertNotNil(decode(image, file: file))
    // The last section is the pair table's 16 slots, in 11 groups: make
    // its first used slot point past the features.
    var bytes = [UInt8](repeating: 0, count: 11 * 6 + 2)
    let tail = image.count - 11 * 8
    XCTAssertTrue(
      image[tail...].withUnsafeBufferPointer { text in
        bytes.withUnsafeMutableBytes {
          ImageText.decode(text.baseAddress!, groups: 11, into: $0.baseAddress!)
        }
      })
    // Encoded again unchanged, the slots give the same image.
    XCTAssertEqual(Array(image[..<tail]) + ImageText.encode(Array(bytes[..<64])), image)
    let used = try XCTUnwrap(stride(from: 0, to: 64, by: 4).first { bytes[$0] != 0 })
    bytes.replaceSubrange(used..<(used + 4), with: [0xFF, 0x00, 0x00, 0x00])
    let damaged = Array(image[..<tail]) + ImageText.encode(Array(bytes[..<64]))
    XCTAssertTrue(decode(damaged, file: file) == nil)
  }
}
