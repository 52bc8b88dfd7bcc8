// libFuzzer target: the model loader, `ModelFile.decode`.
//
// A model that loads must classify without trapping, and must survive a
// round trip: encoding it and decoding the encoding gives the same bytes.

public func fuzzModelFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let model: NaiveBayesModel
  do {
    model = try ModelFile.decode(bytes)
  } catch {
    _ = (error as? ModelFileError)?.errorDescription
    return 0
  }
  var classifier = Classifier(model: model)
  for text in ["good", "not bad at all :)", "", "I ❤️ it &lt;3 #great @someone"] {
    let p = classifier.predict(text).probabilities
    let sum = p.negative + p.neutral + p.positive
    if !(abs(sum - 1) < 1e-6) { fatalError("probabilities sum to \(sum)") }
  }
  _ = classifier.predict("great great great")
  let encoded = ModelFile.encode(model)
  do {
    let again = try ModelFile.decode(encoded)
    if ModelFile.encode(again) != encoded { fatalError("the round trip changes the model") }
  } catch {
    fatalError("a loaded model encodes to a file that does not load: \(error)")
  }
  return 0
}
