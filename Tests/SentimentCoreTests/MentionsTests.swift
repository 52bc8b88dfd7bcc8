import SentimentCore
import TestSupport
import XCTest

final class MentionsTests: XCTestCase {
  func testExtractsHandlesAndTagsOncePerTextCaseInsensitive() {
    let mentions = Mentions.extract(from: "Thanks @Apple and @apple! @Tim_Cook #WWDC #wwdc #Café_2")
    XCTAssertEqual(mentions.users, ["apple", "tim_cook"])
    XCTAssertEqual(mentions.hashtags, ["wwdc", "café_2"])
  }

  func testHandleRules() {
    // An e-mail address is no mention; 16 characters is no handle; a
    // handle ends at the first character outside A-Z, a-z, 0-9, _.
    XCTAssertEqual(Mentions.extract(from: "mail ada@example.com").users, [])
    XCTAssertEqual(Mentions.extract(from: "@abcdefghijklmnop too long").users, [])
    XCTAssertEqual(Mentions.extract(from: "@abcdefghijklmno fits").users, ["abcdefghijklmno"])
    XCTAssertEqual(Mentions.extract(from: "(@bob), @é @ alone").users, ["bob"])
  }

  func testHashtagRules() {
    // Only digits, C#, a lone # and an HTML entity's # are no tags.
    XCTAssertEqual(Mentions.extract(from: "#1 C# # &#39; #2026").hashtags, [])
    XCTAssertEqual(Mentions.extract(from: "#日本語 #iOS26 end.#x").hashtags, ["日本語", "ios26", "x"])
  }

  /// Distinct probabilities per post, leaning to `label`.
  func posterior(_ label: Sentiment, _ index: Int) -> Prediction {
    var probabilities = [0.1, 0.1, 0.1]
    probabilities[label.rawValue] = 0.7 + Double(index) / 100
    let sum = probabilities.reduce(0, +)
    return Prediction(label: label, probabilities: probabilities.map { $0 / sum })
  }

  func testTallyRanksByTweetsThenAlphabeticallyAndHidesSingles() {
    var tally = MentionTally(excluding: .mention("Acme"))
    let p = [posterior(.positive, 0), posterior(.negative, 1), posterior(.neutral, 2)]
    tally.add("@acme @zoe @amy #b", p[0])  // +1
    tally.add("@ACME @zoe @zoe @amy #b #a", p[1])  // -1
    tally.add("@zoe @solo #a #A", p[2])  // 0
    let top = tally.top(10, estimate: SoundClassifier.estimate)
    // zoe: 3 posts (sum 0); amy: 2 (sum 0); solo: 1, hidden; acme: the query.
    XCTAssertEqual(top.users.map(\.name), ["zoe", "amy"])
    XCTAssertEqual(top.users.map(\.tweets), [3, 2])
    XCTAssertEqual(top.users.map(\.averageSentiment), [0, 0])
    // a and b: 2 posts each, alphabetical; a: -1 + 0 = -1 → -0.5; b: +1 - 1 → 0.
    XCTAssertEqual(top.hashtags.map(\.display), ["#a", "#b"])
    XCTAssertEqual(top.hashtags.map(\.averageSentiment), [-0.5, 0])
    XCTAssertEqual(tally.top(1, estimate: SoundClassifier.estimate).users.map(\.name), ["zoe"])
    // Each name's estimate is the headline's estimator on its posts, in
    // order.
    XCTAssertEqual(
      top.users.map(\.estimate),
      [SoundClassifier.estimate(p), SoundClassifier.estimate([p[0], p[1]])])
    XCTAssertEqual(
      top.hashtags.map(\.estimate),
      [SoundClassifier.estimate([p[1], p[2]]), SoundClassifier.estimate([p[0], p[1]])])
    let zoe = top.users[0]
    XCTAssertEqual(zoe.scaled, zoe.estimate.value * 100 / 3, accuracy: 1e-12)
    XCTAssertEqual(
      zoe.scaledInterval.upperBound, zoe.estimate.interval.upperBound * 100 / 3, accuracy: 1e-12)
  }

  func testTopEstimatesOnlyTheNamesShown() {
    var tally = MentionTally()
    for index in 0..<4 {
      tally.add("#a #b #c", posterior(.positive, index))
    }
    var calls = 0
    let top = tally.top(2) { posteriors in
      calls += 1
      return SoundClassifier.estimate(posteriors)
    }
    XCTAssertEqual(top.hashtags.map(\.name), ["a", "b"])
    XCTAssertEqual(calls, 2)
  }

  func testTallyLeavesOutTheQueryTagButKeepsTheSameNameAsHandle() {
    var tally = MentionTally(excluding: .hashtag("WWDC"))
    let p = [posterior(.positive, 0), posterior(.positive, 1)]
    tally.add("#wwdc @wwdc", p[0])
    tally.add("#WWDC @WWDC", p[1])
    XCTAssertEqual(tally.top(10, estimate: SoundClassifier.estimate).hashtags, [])
    XCTAssertEqual(
      tally.top(10, estimate: SoundClassifier.estimate).users,
      [
        MentionCount(
          kind: .user, name: "wwdc", tweets: 2, sentimentSum: 2,
          estimate: SoundClassifier.estimate(p))
      ])
  }

  func testAQueryMatchesTweetsThatMentionItOrAreByIt() {
    let apple = SearchQuery.mention("Apple")
    XCTAssertTrue(apple.matches(Tweet(id: "1", text: "thanks @APPLE!")))
    XCTAssertTrue(apple.matches(Tweet(id: "1", text: "new phone", author: "apple")))
    XCTAssertFalse(apple.matches(Tweet(id: "1", text: "I love apple pie")))
    XCTAssertFalse(apple.matches(Tweet(id: "1", text: "@Apples are great")))
    XCTAssertFalse(apple.matches(Tweet(id: "1", text: "mail ada@apple.com")))
    let wwdc = SearchQuery.hashtag("WWDC")
    XCTAssertTrue(wwdc.matches(Tweet(id: "1", text: "at #wwdc today")))
    XCTAssertFalse(wwdc.matches(Tweet(id: "1", text: "at #WWDC24 today")))
    XCTAssertFalse(wwdc.matches(Tweet(id: "1", text: "WWDC", author: "wwdc")))
  }

  func testPhrasesAndBlueskyHandlesMatch() {
    let tweet = Tweet(
      id: "1", text: "Took the Night  train, then the night train to @bob.example.com")
    XCTAssertTrue(SearchQuery.phrase("night train").matches(tweet))
    XCTAssertFalse(SearchQuery.phrase("day train").matches(tweet))
    XCTAssertTrue(SearchQuery.mention("bob.example.com").matches(tweet))
    XCTAssertFalse(SearchQuery.mention("ann.example.com").matches(tweet))
    let tally = MentionTally(excluding: .phrase("night train"))
    XCTAssertNil(tally.excludedUser)
    XCTAssertNil(tally.excludedHashtag)
  }
}
