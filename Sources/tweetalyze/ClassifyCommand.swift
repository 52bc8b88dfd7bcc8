import SentimentCore

extension Context {
  /// `tweetalyze classify`: one line out per text in, in order.
  func classify(_ options: ClassifyOptions) throws {
    let model = try loadModel(options.model)
    var classifier = Classifier(model: model)
    let json = options.json
    let emit: (UnsafeBufferPointer<UInt8>) throws -> Void = { text in
      guard json else {
        let (label, confidence) = classifier.classify(text)
        try stdout.append { buffer in Self.format(label, confidence, into: &buffer) }
        return
      }
      let prediction = classifier.predict(text)
      try stdout.append { buffer in Self.format(prediction, json: true, into: &buffer) }
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

  /// Appends `label<TAB>probability` and a line break.
  static func format(_ label: Sentiment, _ confidence: Double, into buffer: inout [UInt8]) {
    let name = label.literalName
    buffer.append(
      contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    buffer.append(0x09)
    FixedDecimal.append(confidence, decimals: 4, to: &buffer)
    buffer.append(0x0A)
  }

  /// Appends `label<TAB>probability` or the JSON object, and a line break.
  static func format(_ prediction: Prediction, json: Bool, into buffer: inout [UInt8]) {
    guard json else {
      format(prediction.label, prediction.confidence, into: &buffer)
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
