import Foundation

/// Parses the two date formats of the X API without `DateFormatter`, whose
/// results depend on locale and which is slow to create.
package enum TweetDate {
  /// Parses v2's ISO 8601 form, `2026-11-20T13:58:30.000Z` (a fraction of
  /// any length and the `Z` optional; RFC 3339's `z` and `+hh:mm` offsets
  /// accepted, as Bluesky's `createdAt` may hold them).
  package static func parseISO8601(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 19, bytes[4] == 0x2D, bytes[7] == 0x2D,
      bytes[10] == 0x54 || bytes[10] == 0x20,
      bytes[13] == 0x3A, bytes[16] == 0x3A,
      let year = number(bytes, 0, 4), let month = number(bytes, 5, 2),
      let day = number(bytes, 8, 2),
      let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2),
      let second = number(bytes, 17, 2)
    else { return nil }
    var index = 19
    var fraction = 0.0
    if index < bytes.count && bytes[index] == 0x2E {
      index += 1
      var scale = 0.1
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        fraction += Double(bytes[index] - 0x30) * scale
        scale /= 10
        index += 1
      }
    }
    var offset = 0
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "Z"), UInt8(ascii: "z"):
        index += 1
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        guard bytes.count == index + 6, bytes[index + 3] == 0x3A,
          let hours = number(bytes, index + 1, 2), let minutes = number(bytes, index + 4, 2)
        else { return nil }
        offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        index += 6
      default:
        return nil
      }
    }
    guard index == bytes.count else { return nil }
    return date(year, month, day, hour, minute, second, offset: offset, fraction: fraction)
  }

  /// Parses v1.1's form, `Wed Nov 18 11:28:30 +0000 2026`.
  package static func parseV1(_ text: String) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 6,
      let month = months.firstIndex(of: parts[1].lowercased()).map({ $0 + 1 }),
      let day = Int(parts[2]), let year = Int(parts[5]), parts[4].count == 5
    else { return nil }
    let clock = parts[3].split(separator: ":")
    let zone = Array(parts[4].utf8)
    guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
      let second = Int(clock[2]), zone[0] == 0x2B || zone[0] == 0x2D,
      let zoneHours = number(zone, 1, 2), let zoneMinutes = number(zone, 3, 2)
    else { return nil }
    let offset = (zoneHours * 60 + zoneMinutes) * 60 * (zone[0] == 0x2B ? 1 : -1)
    return date(year, month, day, hour, minute, second, offset: offset, fraction: 0)
  }

  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
    guard start + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[start..<(start + count)] {
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  private static func date(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
    offset: Int, fraction: Double
  ) -> Date? {
    // A year from outside must not overflow the day arithmetic below.
    guard (1...9999).contains(year) else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), day >= 1, day <= monthDays[month - 1], (0...23).contains(hour),
      (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    // Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }
}

/// Formats dates as ISO 8601 in UTC without `DateFormatter`.
package enum ISO8601 {
  /// `2026-11-20T13:58:30Z` (whole seconds, UTC).
  package static func string(_ date: Date) -> String {
    let total = Int(date.timeIntervalSince1970.rounded(.down))
    var days = total / 86_400
    var seconds = total % 86_400
    if seconds < 0 {
      seconds += 86_400
      days -= 1
    }
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(year)
    let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
    return "\(paddedYear)-\(two(month))-\(two(day))T\(two(seconds / 3_600)):"
      + "\(two(seconds % 3_600 / 60)):\(two(seconds % 60))Z"
  }
}
