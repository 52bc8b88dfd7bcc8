import Foundation

/// The model the binary ships: trained from the Sanders corpus
/// (`../shared/data/sanders-full-corpus.csv`) with default settings, and
/// embedded in the binary as its model file's bytes, so that a copied binary
/// needs no resource files.
///
/// It is read by the same reader as any `--model` file
/// (``ModelFile/decode(_:)-([UInt8])``). Regenerate it with
/// `Scripts/update-default-model.sh`; a test proves that retraining
/// reproduces the embedded bytes exactly.
public enum DefaultModel {
  /// The embedded model file's bytes.
  public static var bytes: Data {
    Data(bytes: json.utf8Start, count: json.utf8CodeUnitCount)
  }

  /// Decodes the embedded model.
  ///
  /// Its checksum is not verified here: the bytes are part of the binary,
  /// `DefaultModelTests` verifies them, and hashing them would cost every
  /// start 34 M instructions (a third of a fixture run's).
  ///
  /// - Throws: ``ModelFileError`` (never, for a binary whose tests passed).
  public static func load() throws -> NaiveBayesModel {
    try ModelFile.decode(bytes.span, verifyingChecksum: false)
  }
}
