import SentimentCore

extension Context {
  /// `tweetalyze classify`: one line out per text in, in order.
  func classify(_ options: ClassifyOptions) throws {
    let model = try loadModel(options.model)
    var classifier = Classifier(model: model)
    let json = options.json
    let emit: (UnsafeBufferPointer<UInt8>) throws -> Void = { text in
      let prediction = classifier.predict(text)
      try stdout.append { buffer in Self.format(prediction, json: json, into: &buffer) }
    }
    if options.texts.isEmpty {
      var lines = LineReader(source: FileDescriptorSource(descriptor: 0))
      try lines.forEachLine(emit)
    } else {
      for var text in options.texts {
        try text.withUTF8 { try emit($0) }
      }
    }
  }

  /// Appends `label<TAB>probability` or the JSON object, and a line break.
  static func format(_ prediction: Prediction, json: Bool, into buffer: inout [UInt8]) {
    guard json else {
      buffer.append(contentsOf: prediction.label.name.utf8)
      buffer.append(0x09)
      FixedDecimal.append(prediction.confidence, decimals: 4, to: &buffer)
      buffer.append(0x0A)
      return
    }
    buffer.append(contentsOf: #"{"label":""#.utf8)
    buffer.append(contentsOf: prediction.label.name.utf8)
    buffer.append(contentsOf: #"","probabilities":{"#.utf8)
    for label in Sentiment.allCases {
      if label.rawValue > 0 { buffer.append(UInt8(ascii: ",")) }
      buffer.append(UInt8(ascii: "\""))
      buffer.append(contentsOf: label.name.utf8)
      buffer.append(contentsOf: #"":"#.utf8)
      FixedDecimal.append(prediction.probabilities[label.rawValue], decimals: 4, to: &buffer)
    }
    buffer.append(contentsOf: "}}\n".utf8)
  }
}
