/// The model the binary ships: trained from the Sanders corpus
/// (`../shared/data/sanders-full-corpus.csv`) with default settings, and
/// embedded in the binary as the text of its model file, so that a copied
/// binary needs no resource files.
///
/// Beside the file, the binary embeds its ``ModelImage`` (the tables that
/// reading the file builds, as ``ImageText``), so that starting takes copies
/// instead of parsing and hashing; the file is read instead if the image
/// does not decode.
///
/// Regenerate both with `Scripts/update-default-model.sh` (see the README);
/// a test proves that retraining reproduces the file's bytes exactly, and
/// another that the image is the file's.
public enum DefaultModel {
  /// The embedded model file's bytes.
  public static var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: json.utf8Start, count: json.utf8CodeUnitCount)
  }

  /// The embedded image's text.
  static var imageText: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: image.utf8Start, count: image.utf8CodeUnitCount)
  }

  /// Decodes the embedded model.
  public static func load() throws -> NaiveBayesModel {
    if let model = loadImage() { return model }
    return try ModelFile.decode(bytes)
  }

  /// The embedded model from its image, or `nil` when the image does not
  /// decode (it is stale or missing). Its feature vocabulary is
  /// ``vocabulary``, read when first needed: classifying never needs it.
  static func loadImage() -> NaiveBayesModel? {
    ModelImage.decode(imageText, modelFile: bytes) { DefaultModel.vocabulary }
  }

  /// The embedded model's feature vocabulary, read from the image the first
  /// time it is needed (from the file, if the image does not decode).
  static let vocabulary: Vocabulary = {
    if let vocabulary = ModelImage.vocabulary(in: imageText, modelFile: bytes) {
      return vocabulary
    }
    // The file decodes (DefaultModelTests proves it); a model from the
    // image only exists if the image did too.
    guard let model = try? ModelFile.decode(bytes) else {
      preconditionFailure("the embedded model file does not decode")
    }
    return model.vocabulary
  }()
}
