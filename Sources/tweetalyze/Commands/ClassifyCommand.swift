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
        try stdout.append(atMost: Self.lineLength) { Self.write(label, confidence, to: $0) }
        return
      }
      let prediction = classifier.predict(text)
      try stdout.append { Self.formatJSON(prediction, into: &$0) }
    }
    if options.texts.isEmpty {
      var lines = LineReader(source: FileDescriptorSource(descriptor: 0))
      try lines.forEachLine { line in try line.withUnsafeBufferPointer { try emit($0) } }
    } else {
      for var text in options.texts {
        try text.withUTF8 { try emit($0) }
      }
    }
  }

  /// The longest line ``write(_:_:to:)`` writes.
  static let lineLength = 8 + 1 + FixedDecimal.maximumLength + 1

  /// Writes `label<TAB>probability` and a line break at `output`, which has
  /// room for ``lineLength`` bytes; returns how many bytes it wrote.
  static func write(
    _ label: Sentiment, _ confidence: Double, to output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let name = label.literalName
    var count = name.utf8CodeUnitCount
    output.update(from: name.utf8Start, count: count)
    output[count] = 0x09
    count += 1
    FixedDecimal.forEachByte(of: confidence, decimals: 4) {
      output[count] = $0
      count += 1
    }
    output[count] = 0x0A
    return count + 1
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
