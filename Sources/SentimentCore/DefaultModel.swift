/// The model the binary ships: trained from the Sanders corpus
/// (`../shared/data/sanders-full-corpus.csv`) with default settings, and
/// embedded in the binary as the text of its model file, so that a copied
/// binary needs no resource files.
///
/// Regenerate it with `Scripts/update-default-model.sh` (see the README); a
/// test proves that retraining reproduces these bytes exactly.
public enum DefaultModel {
  /// The embedded model file's bytes.
  public static var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: json.utf8Start, count: json.utf8CodeUnitCount)
  }

  /// Decodes the embedded model.
  public static func load() throws -> NaiveBayesModel {
    try ModelFile.decode(bytes)
  }
}
