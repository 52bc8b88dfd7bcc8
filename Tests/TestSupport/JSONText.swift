import SentimentCore

/// JSON text for tests: a `JSONValue` written back with sorted keys, and the
/// keys of every object in written text.
package enum JSONText {
  /// Compact (or pretty) JSON text of `value` with keys sorted by bytes, as
  /// the model file writes them (or in the reverse order), and a final line
  /// break.
  package static func bytes(_ value: JSONValue, pretty: Bool = false, reversed: Bool = false)
    -> [UInt8]
  {
    var json = JSONWriter(pretty: pretty)
    write(value, to: &json, reversed: reversed)
    return json.bytes + [0x0A]
  }

  private static func write(_ value: JSONValue, to json: inout JSONWriter, reversed: Bool) {
    switch value {
    case .null: json.null()
    case .bool(let flag): json.bool(flag)
    case .number(let number): json.number(number)
    case .string(let text): json.string(text)
    case .array(let elements):
      json.beginArray()
      for element in elements { write(element, to: &json, reversed: reversed) }
      json.endArray()
    case .object(let members):
      json.beginObject()
      let keys = members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      for key in reversed ? keys.reversed() : keys {
        json.key(key)
        if let member = members[key] { write(member, to: &json, reversed: reversed) }
      }
      json.endObject()
    }
  }

  /// The keys of every object in JSON text, in file order; an object's list
  /// comes when it closes, so the root's is last. `nil` when the brackets do
  /// not balance.
  package static func objectKeys(_ bytes: [UInt8]) -> [[String]]? {
    var result: [[String]] = []
    var stack: [[String]?] = []  // nil: an array
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"): stack.append([])
      case UInt8(ascii: "["): stack.append(nil)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard let keys = stack.popLast() else { return nil }
        if let keys { result.append(keys) }
      case UInt8(ascii: "\""):
        var end = index + 1
        var text: [UInt8] = []
        while end < bytes.count && bytes[end] != UInt8(ascii: "\"") {
          if bytes[end] == UInt8(ascii: "\\"), end + 1 < bytes.count {
            text.append(bytes[end + 1])
            end += 2
          } else {
            text.append(bytes[end])
            end += 1
          }
        }
        var next = end + 1
        while next < bytes.count && [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
        if next < bytes.count, bytes[next] == UInt8(ascii: ":"), let last = stack.last,
          last != nil
        {
          stack[stack.count - 1]?.append(String(decoding: text, as: UTF8.self))
        }
        index = end
      default: break
      }
      index += 1
    }
    return stack.isEmpty ? result : nil
  }

  /// Whether every object's keys in `bytes` are in ascending byte order.
  package static func keysAreSorted(_ bytes: [UInt8]) -> Bool {
    guard let objects = objectKeys(bytes) else { return false }
    return objects.allSatisfy { keys in
      keys == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
  }
}
