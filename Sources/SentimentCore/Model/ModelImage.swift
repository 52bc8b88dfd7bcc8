/// A model's tables as they are in memory once its file is read: what the
/// binary embeds beside the default model's file, so that starting needs no
/// parsing and no hashing.
///
/// Reading the default model's file takes about 40 million instructions: it
/// hashes each of its 33k features into the vocabulary, splits its pairs and
/// looks up their tokens, and counts and deduplicates its rows of counts. The
/// image holds the result: the vocabulary's bytes, offsets and hash slots,
/// the pair index's tables and the rows of counts, each as an array that is
/// copied in one step, and the small members of the file as their JSON text,
/// parsed and checked by ``ModelFile`` as they are when the file is read.
///
/// ```swift
/// let image = ModelImage.encode(modelFile: fileBytes)      // once, offline
/// let model = ModelImage.decode(image, modelFile: fileBytes)  // at start-up
/// ```
///
/// An image describes one model file, whose length and hash it records; the file
/// stays the source of truth (``DefaultModel`` falls back to reading it). The
/// layout is this build's memory layout, not a format for exchange: a
/// section is its byte count, then its bytes, each in whole groups of
/// ``ImageText``, which the reader decodes straight into the arrays that
/// keep them. Decoding checks every size, offset and id against the others,
/// so a damaged image gives `nil`, never a crash or an out-of-bounds lookup;
/// that an image matches its file is what a test proves.
enum ModelImage {
  /// The first section's bytes: the name and the layout's version.
  static let magic = Array("tweetalyze model image 1".utf8)

  /// The image of the model in `modelFile`, as ``ImageText``, or `nil`
  /// when the fast reader declines the file.
  ///
  /// - Complexity: O(*n*) in the file's size.
  static func encode(modelFile: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard let contents = ModelFileReader.read(modelFile) else { return nil }
    var image = ImageWriter()
    image.append(magic)
    image.append(modelFile.count)
    [fingerprint(of: modelFile)].withUnsafeBufferPointer { image.append($0) }
    image.append(contents.memberTexts.count)
    for (name, range) in contents.memberTexts {
      image.append(Array(name.utf8))
      image.append(Array(modelFile[range]))
    }
    contents.vocabulary.write(to: &image)
    contents.counts.write(to: &image)
    // Whether the model counts pairs is one of the small members; the index
    // is written either way, as the file reader would build it.
    PairIndex(vocabulary: contents.vocabulary, keys: contents.pairKeys).write(to: &image)
    return image.text
  }

  /// The model of `modelFile` from its image, or `nil` when the image is
  /// damaged, is of another file, or its members are wrong.
  ///
  /// With `vocabulary`, the model's feature vocabulary is not read: it is
  /// deferred to what `vocabulary` gives (``Vocabulary/init(count:deferred:)``,
  /// for an image that lives as long as the process, read by
  /// ``vocabulary(in:modelFile:)``), so that a model that only classifies
  /// never decodes it. The lexicon's words are then found through the pair
  /// index's table of tokens.
  ///
  /// - Complexity: O(*n*) in the image's size: copies and checks, no
  ///   hashing.
  static func decode(
    _ image: UnsafeBufferPointer<UInt8>, modelFile: UnsafeBufferPointer<UInt8>,
    vocabulary deferred: (@Sendable () -> Vocabulary)? = nil
  ) -> NaiveBayesModel? {
    var reader = ImageReader(image)
    guard let members = members(&reader, modelFile: modelFile) else { return nil }
    let vocabulary: Vocabulary
    if let deferred {
      guard let count = Vocabulary.skip(in: &reader) else { return nil }
      vocabulary = Vocabulary(count: count, deferred: deferred)
    } else {
      guard let read = Vocabulary(from: &reader) else { return nil }
      vocabulary = read
    }
    guard let rows = CountRows(from: &reader), rows.featureCount == vocabulary.count,
      let pairs = PairIndex(from: &reader, vocabulary: vocabulary), reader.isAtEnd
    else { return nil }
    return try? ModelFile.model(root: .object(members)) {
      ModelFile.Features(vocabulary: vocabulary, rows: rows, pairs: .index(pairs))
    }
  }

  /// The feature vocabulary in the image of `modelFile`, or `nil` when the
  /// image is damaged or of another file.
  ///
  /// - Complexity: O(*n*) in the vocabulary's size.
  static func vocabulary(
    in image: UnsafeBufferPointer<UInt8>, modelFile: UnsafeBufferPointer<UInt8>
  ) -> Vocabulary? {
    var reader = ImageReader(image)
    // The members, a name and a text each, are not needed here.
    guard let memberCount = header(&reader, modelFile: modelFile),
      reader.skip(2 * memberCount)
    else { return nil }
    return Vocabulary(from: &reader)
  }

  /// Reads the image's first sections, checks that they are of
  /// `modelFile`, and returns the number of the file's small members.
  private static func header(
    _ reader: inout ImageReader, modelFile: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    guard let magic = reader.bytes(), magic == Self.magic,
      reader.int() == modelFile.count,
      reader.array(of: UInt64.self, count: 1) == [fingerprint(of: modelFile)],
      let memberCount = reader.int(), memberCount < 1000
    else { return nil }
    return memberCount
  }

  /// Reads the image's first sections, checks that they are of
  /// `modelFile`, and returns the file's small members, parsed.
  private static func members(
    _ reader: inout ImageReader, modelFile: UnsafeBufferPointer<UInt8>
  ) -> [String: JSONValue]? {
    guard let memberCount = header(&reader, modelFile: modelFile) else { return nil }
    var members: [String: JSONValue] = [:]
    for _ in 0..<memberCount {
      guard let name = reader.bytes(), let text = reader.bytes(),
        let value = try? JSONValue.parse(text)
      else { return nil }
      members[String(decoding: name, as: UTF8.self)] = value
    }
    return members
  }
}

extension ModelImage {
  /// A 64-bit checksum of a model file's bytes, which its image records, so
  /// that an image does not decode with another file (a file regenerated
  /// without its image): Fletcher's two running sums over 64-bit words, so
  /// that changing any one word, or swapping two, changes it.
  ///
  /// - Complexity: O(*n*): two additions per eight bytes.
  static func fingerprint(of file: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let base = file.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var sum = UInt64(file.count)
    var sumOfSums: UInt64 = 0
    var index = 0
    while index &+ 8 <= file.count {
      sum &+= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      sumOfSums &+= sum
      index &+= 8
    }
    while index < file.count {
      sum &+= UInt64(file[index])
      sumOfSums &+= sum
      index &+= 1
    }
    return sum ^ (sumOfSums &* 0x9E37_79B9_7F4A_7C15)
  }
}

/// Appends the sections of a ``ModelImage``, as ``ImageText``.
struct ImageWriter {
  /// The image's text.
  private(set) var text: [UInt8] = []

  /// Appends a section of one integer.
  mutating func append(_ value: Int) {
    [UInt64(value).littleEndian].withUnsafeBufferPointer { append($0) }
  }

  /// Appends a section of bytes.
  mutating func append(_ values: [UInt8]) {
    values.withUnsafeBufferPointer { append($0) }
  }

  /// Appends a section of the elements of `values`, byte for byte: a group
  /// with its byte count, then its bytes in whole groups.
  mutating func append<Element: BitwiseCopyable>(_ values: UnsafeBufferPointer<Element>) {
    let raw = UnsafeRawBufferPointer(values)
    let header = withUnsafeBytes(of: UInt64(raw.count).littleEndian) {
      Array($0[..<ImageText.groupBytes])
    }
    text += ImageText.encode(header)
    text += ImageText.encode(Array(raw))
  }
}

/// Reads the sections of a ``ModelImage`` from its ``ImageText``, decoding
/// each straight into the memory that keeps it; each read is `nil` when the
/// text ends too soon or has a character outside the 64.
struct ImageReader {
  private let text: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(_ text: UnsafeBufferPointer<UInt8>) {
    self.text = text
  }

  /// Whether every section has been read.
  var isAtEnd: Bool { position == text.count }

  /// Starts the next section: its byte count, and how many groups hold it.
  private mutating func header() -> (count: Int, groups: Int)? {
    guard text.count - position >= ImageText.groupCharacters, let base = text.baseAddress
    else { return nil }
    var word: UInt64 = 0
    let valid = withUnsafeMutableBytes(of: &word) { word in
      word.baseAddress.map { ImageText.decode(base + position, groups: 1, into: $0) } ?? false
    }
    let count = Int(UInt64(littleEndian: word) & 0xFFFF_FFFF_FFFF)
    let groups = (count + ImageText.groupBytes - 1) / ImageText.groupBytes
    guard valid, groups <= (text.count - position) / ImageText.groupCharacters - 1 else {
      return nil
    }
    position += ImageText.groupCharacters
    return (count, groups)
  }

  /// Decodes the `groups` groups of the section begun into `output`.
  private mutating func body(groups: Int, into output: UnsafeMutableRawPointer) -> Bool {
    guard let base = text.baseAddress else { return groups == 0 }
    defer { position += groups * ImageText.groupCharacters }
    return ImageText.decode(base + position, groups: groups, into: output)
  }

  /// The number of `Element`s that hold `groups` decoded groups and the
  /// two bytes that the last one stores beyond them.
  private static func room<Element>(for _: Element.Type, groups: Int) -> Int {
    let bytes = groups * ImageText.groupBytes + 2
    return (bytes + MemoryLayout<Element>.stride - 1) / MemoryLayout<Element>.stride
  }

  /// Skips the next `sections` sections, unread; `false` when the image
  /// ends too soon.
  mutating func skip(_ sections: Int) -> Bool {
    for _ in 0..<sections {
      guard let (_, groups) = header() else { return false }
      position += groups * ImageText.groupCharacters
    }
    return true
  }

  /// The next section's bytes.
  mutating func bytes() -> [UInt8]? {
    array(of: UInt8.self)
  }

  /// The next section's one integer, when it is at most `Int.max`.
  mutating func int() -> Int? {
    guard let section = array(of: UInt64.self, count: 1) else { return nil }
    return Int(exactly: UInt64(littleEndian: section[0]))
  }

  /// The next section as a new allocation of exactly `count` elements (at
  /// least `capacity`), which the caller owns; `nil` when its size differs.
  mutating func allocation<Element: BitwiseCopyable>(
    of _: Element.Type, count: Int, capacity: Int = 1
  ) -> UnsafeMutablePointer<Element>? {
    guard let (bytes, groups) = header(), bytes == count * MemoryLayout<Element>.stride else {
      return nil
    }
    let pointer = UnsafeMutablePointer<Element>.allocate(
      capacity: max(capacity, count, Self.room(for: Element.self, groups: groups)))
    guard body(groups: groups, into: pointer) else {
      pointer.deallocate()
      return nil
    }
    return pointer
  }

  /// The next section as an array of `count` elements, or any number when
  /// `count` is `nil`.
  mutating func array<Element: BitwiseCopyable>(
    of _: Element.Type, count: Int? = nil
  ) -> [Element]? {
    guard let (bytes, groups) = header(), bytes % MemoryLayout<Element>.stride == 0 else {
      return nil
    }
    let elements = bytes / MemoryLayout<Element>.stride
    guard count == nil || count == elements else { return nil }
    var valid = false
    let array = [Element](
      unsafeUninitializedCapacity: max(elements, Self.room(for: Element.self, groups: groups))
    ) { buffer, initialized in
      if let base = buffer.baseAddress { valid = body(groups: groups, into: base) }
      initialized = elements
    }
    return valid || groups == 0 ? array : nil
  }
}
