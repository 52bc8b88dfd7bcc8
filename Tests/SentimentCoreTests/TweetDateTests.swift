import XCTest

@testable import SentimentCore

final class TweetDateTests: XCTestCase {
  // Epoch seconds below were computed independently with Python's
  // calendar.timegm, e.g. calendar.timegm((2026, 11, 20, 13, 58, 30)) = 1795183110.

  private func seconds(_ date: Date?) -> Double? {
    date?.timeIntervalSince1970
  }

  func testISO8601WithFractionAndZ() {
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2026-11-20T13:58:30.000Z")), 1_795_183_110)
  }

  func testISO8601WithoutFraction() {
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2026-11-20T13:58:30Z")), 1_795_183_110)
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2026-11-20T13:58:30")), 1_795_183_110)
  }

  /// Bluesky's `createdAt`: any number of fraction digits, `Z`, `z` or
  /// `+00:00`.
  func testBlueskyCreatedAtForms() throws {
    for text in [
      "2026-11-20T13:58:30.123456+00:00", "2026-11-20T13:58:30.123456789Z",
      "2026-11-20T13:58:30.123z", "2026-11-20T14:58:30.123+01:00",
      "2026-11-20T13:58:30.123" + String(repeating: "0", count: 400) + "Z",
    ] {
      let value = try XCTUnwrap(seconds(TweetDate.parseISO8601(text)), text)
      XCTAssertEqual(value, 1_795_183_110.123, accuracy: 1e-3, text)
    }
    XCTAssertNil(TweetDate.parseISO8601("2026-11-20T13:58:30.123+00"))
    XCTAssertNil(TweetDate.parseISO8601("2026-11-20T13:58:30.123zz"))
  }

  func testISO8601Fractions() throws {
    let quarter = try XCTUnwrap(seconds(TweetDate.parseISO8601("2026-11-20T13:58:30.250Z")))
    XCTAssertEqual(quarter, 1_795_183_110.25, accuracy: 1e-6)
    let micro = try XCTUnwrap(seconds(TweetDate.parseISO8601("2026-11-20T13:58:30.123456Z")))
    XCTAssertEqual(micro, 1_795_183_110.123456, accuracy: 1e-5)
    let one = try XCTUnwrap(seconds(TweetDate.parseISO8601("2026-11-20T13:58:30.5")))
    XCTAssertEqual(one, 1_795_183_110.5, accuracy: 1e-6)
  }

  func testISO8601Offsets() {
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2026-11-20T15:58:30+02:00")), 1_795_183_110)
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2026-11-20T08:58:30-05:00")), 1_795_183_110)
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2026-11-20T19:28:30.000+05:30")), 1_795_183_110)
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2026-11-20T13:58:30+00:00")), 1_795_183_110)
  }

  func testKnownEpochs() {
    XCTAssertEqual(seconds(TweetDate.parseISO8601("1970-01-01T00:00:00Z")), 0)
    XCTAssertEqual(seconds(TweetDate.parseISO8601("1969-12-31T23:59:59Z")), -1)
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2000-02-29T00:00:00Z")), 951_782_400)
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2024-12-31T23:59:59Z")), 1_735_689_599)
    // 2000-02-29 plus one day: 951782400 + 86400.
    XCTAssertEqual(seconds(TweetDate.parseISO8601("2000-03-01T00:00:00Z")), 951_868_800)
    // Crossing midnight through an offset: 2000-03-01T01:00+02:00 is 2000-02-29T23:00Z.
    XCTAssertEqual(
      seconds(TweetDate.parseISO8601("2000-03-01T01:00:00+02:00")), 951_782_400 + 23 * 3_600)
  }

  func testInvalidISO8601() {
    let inputs = [
      "", "2026", "2026-11-20", "2026-11-20T13:58", "2026/11/20T13:58:30Z", "2026-11-20T13-58-30Z",
      "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-11-00T00:00:00Z",
      "2026-11-32T00:00:00Z",
      "2026-11-20T24:00:00Z", "2026-11-20T13:60:00Z", "2026-11-20T13:58:61Z",
      "2026-11-20T13:58:30+0200", "2026-11-20T13:58:30+02", "2026-11-20T13:58:30Q",
      "2026-11-20T13:58:30Zjunk", "2026-11-20T13:58:30.000Z ", "20a6-11-20T13:58:30Z",
      "2026-1a-20T13:58:30Z", "2026-11-20X13:58:30Z", "Wed Nov 18 11:28:30 +0000 2026",
    ]
    for input in inputs {
      XCTAssertNil(TweetDate.parseISO8601(input), "'\(input)'")
    }
  }

  func testDaysThatDoNotExistInTheirMonth() {
    XCTAssertNil(TweetDate.parseISO8601("2026-02-30T00:00:00Z"))
    XCTAssertNil(TweetDate.parseISO8601("2026-02-29T00:00:00Z"), "2026 is not a leap year")
    XCTAssertNil(TweetDate.parseISO8601("2026-04-31T00:00:00Z"))
    XCTAssertNil(TweetDate.parseV1("Mon Feb 30 10:00:00 +0000 2026"))
  }

  // MARK: v1.1

  func testV1Format() {
    XCTAssertEqual(seconds(TweetDate.parseV1("Wed Nov 18 11:28:30 +0000 2026")), 1_795_001_310)
    XCTAssertEqual(seconds(TweetDate.parseV1("Tue Oct 18 23:25:26 +0000 2011")), 1_318_980_326)
    XCTAssertEqual(seconds(TweetDate.parseV1("Thu Jan 01 00:00:00 +0000 1970")), 0)
  }

  func testV1Offsets() {
    XCTAssertEqual(seconds(TweetDate.parseV1("Wed Nov 18 13:28:30 +0200 2026")), 1_795_001_310)
    XCTAssertEqual(seconds(TweetDate.parseV1("Wed Nov 18 06:28:30 -0500 2026")), 1_795_001_310)
  }

  func testV1MonthNamesIgnoreCase() {
    XCTAssertEqual(seconds(TweetDate.parseV1("Wed NOV 18 11:28:30 +0000 2026")), 1_795_001_310)
  }

  func testV1AgreesWithISO8601() {
    XCTAssertEqual(
      TweetDate.parseV1("Sat Feb 29 12:34:56 +0000 2020"),
      TweetDate.parseISO8601("2020-02-29T12:34:56Z"))
  }

  func testInvalidV1() {
    let inputs = [
      "", "Wed Nov 18 11:28:30 2026", "Wed Foo 18 11:28:30 +0000 2026",
      "Wed Nov 18 11:28 +0000 2026", "Wed Nov 18 11:28:30 0000 2026",
      "Wed Nov 18 25:28:30 +0000 2026",
      "Wed Nov 18 11:28:30 +000 2026", "Wed Nov 18 11:28:30 +00:00 2026",
      "Wed Nov xx 11:28:30 +0000 2026",
      "Wed Nov 18 11:28:30 +0000 twenty", "2026-11-18T11:28:30Z", "Wed Nov 32 11:28:30 +0000 2026",
      "Wed Nov 18 11:61:30 +0000 2026",
    ]
    for input in inputs {
      XCTAssertNil(TweetDate.parseV1(input), "'\(input)'")
    }
  }
}

extension TweetDateTests {
  /// Years from outside are bounded before the day arithmetic, which
  /// overflowed (a trap) for a v1.1 year like 999999999999.
  func testHugeAndZeroYearsAreNoDate() {
    XCTAssertNil(TweetDate.parseV1("Wed Nov 18 11:28:30 +0000 999999999999"))
    XCTAssertNil(TweetDate.parseV1("Wed Nov 18 11:28:30 +0000 -9223372036854775807"))
    XCTAssertNil(TweetDate.parseV1("Wed Nov 18 11:28:30 +0000 0"))
    XCTAssertNil(TweetDate.parseISO8601("0000-01-01T00:00:00Z"))
    XCTAssertNotNil(TweetDate.parseV1("Wed Nov 18 11:28:30 +0000 9999"))
    XCTAssertNotNil(TweetDate.parseISO8601("0001-01-01T00:00:00Z"))
  }
}
