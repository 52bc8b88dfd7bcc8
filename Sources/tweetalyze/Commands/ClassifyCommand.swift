import SentimentCore

extension Context {
  /// `tweetalyze classify`: one line out per text in, in order.
  func classify(_ options: ClassifyOptions) throws {
    let model = try loadModel(options.model)
    var classifier = Classifier(model: model)
    let json = options.json
    let emit: (Span<UInt8>) throws -> Void = { text in
      guard json else {
        let (label, confidence) = classifier.classify(text)
        try stdout.append { Self.write(label, confidence, into: &$0) }
        return
      }
      let prediction = classifier.predict(text)
      try stdout.append { Self.formatJSON(prediction, into: &$0) }
    }
    try forEachText(options.input, command: "classify", emit)
  }

  /// The longest line ``write(_:_:into:)`` writes.
  static let lineLength = 8 + 1 + FixedDecimal.maximumLength + 1

  /// Appends `label<TAB>probability` and a line break to `output`, in room
  /// for ``lineLength`` bytes added once (no check per byte that the array
  /// is its own).
  static func write(_ label: Sentiment, _ confidence: Double, into output: inout [UInt8]) {
    output.append(addingCapacity: lineLength) { line in
      label.literalName.withUTF8Buffer { name in
        for byte in name { line.append(byte) }
      }
      line.append(0x09)
      FixedDecimal.forEachByte(of: confidence, decimals: 4) { line.append($0) }
      line.append(0x0A)
    }
  }

  /// Appends the prediction as one JSON object and a line break.
  static func formatJSON(_ prediction: Prediction, into buffer: inout [UInt8]) {
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
