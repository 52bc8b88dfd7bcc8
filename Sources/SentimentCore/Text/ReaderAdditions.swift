/// tweetalyze's own additions to the lexicon reader's words: today's emoji
/// and slang that VADER (2014) lacks or reads the old way, each with its
/// valence on VADER's scale (−4 to +4) and why.
///
/// The valences are set by reading, against VADER's own anchors (`good`
/// 1.9, `great` 3.1, `bad` −2.5, `awful` −2.0, `meh` −0.3), not fitted to
/// any data. The rules that need more than a word (`no cap`, `lowkey`,
/// `is fire`, `hits different`, `though`, `could be better`) are in
/// ``LexiconReader``; `docs/model.md` lists them all.
package enum ReaderAdditions {
  /// One addition: a word or emoji, its valence and the reason for it.
  package struct Entry: Sendable {
    /// The word in lower case, or the emoji.
    package let text: String
    /// Its valence, −4 to +4; `nil` for an emoji the reader should pass
    /// over (neither its own valence nor its description's).
    package let valence: Double?
    /// Why the entry is there.
    package let why: String
  }

  /// Emoji, each read as itself: a word with the valence given, in place of
  /// VADER's description of it (which reads 👍 "thumbs up" as nothing and 🔥
  /// "fire" as negative).
  package static let emoji: [Entry] = [
    Entry(text: "👍", valence: 1.8, why: "approval, as `good` (1.9)"),
    Entry(text: "👎", valence: -1.8, why: "disapproval, the mirror of 👍"),
    Entry(
      text: "🔥", valence: 1.9, why: "today: excellent (`this album 🔥`); VADER reads 'fire', −1.4"),
    Entry(text: "💯", valence: 1.6, why: "full agreement or approval"),
    Entry(text: "🙌", valence: 2.0, why: "celebration, relief"),
    Entry(text: "👏", valence: 1.2, why: "applause; often ironic, so weaker than 🙌"),
    Entry(text: "💪", valence: 1.3, why: "strength, encouragement"),
    Entry(text: "🙏", valence: 1.0, why: "thanks or hope"),
    Entry(text: "😡", valence: -2.5, why: "anger; VADER reads 'pouting face' as nothing"),
    Entry(text: "🤬", valence: -2.8, why: "cursing anger"),
    Entry(text: "🙄", valence: -1.3, why: "exasperation"),
    Entry(text: "😤", valence: -1.2, why: "frustration"),
    Entry(text: "🤡", valence: -1.5, why: "mockery: someone acted foolishly"),
    Entry(text: "🤮", valence: -2.2, why: "disgust"),
    Entry(text: "😒", valence: -1.4, why: "unamused, displeased"),
    Entry(
      text: "😭", valence: nil,
      why: "today as often overwhelmed joy or laughter as sadness: no lean (VADER: 'crying', −)"),
    Entry(text: "💀", valence: nil, why: "today 'I'm dead' (laughing): no lean"),
  ]

  /// Words VADER lacks, or reads otherwise than people write them now.
  package static let words: [Entry] = [
    Entry(text: "mid", valence: -1.2, why: "mediocre, disappointing (`the sequel was mid`)"),
    Entry(text: "slaps", valence: 2.0, why: "is excellent (`this song slaps`)"),
    Entry(text: "goated", valence: 2.5, why: "the greatest of all time"),
    Entry(text: "bussin", valence: 2.2, why: "very good, of food"),
    Entry(text: "banger", valence: 2.2, why: "an excellent song or post"),
    Entry(text: "slay", valence: 1.5, why: "to do brilliantly"),
    Entry(text: "dope", valence: 1.6, why: "cool, very good"),
    Entry(text: "sus", valence: -1.2, why: "suspicious, untrustworthy"),
    Entry(text: "trash", valence: -1.8, why: "worthless (`this update is trash`)"),
    Entry(text: "cringe", valence: -1.6, why: "embarrassing"),
    Entry(text: "ripoff", valence: -2.2, why: "overpriced, a cheat"),
    Entry(text: "laggy", valence: -1.5, why: "slow to respond; VADER has `lag` (−1.4) only"),
    Entry(text: "buggy", valence: -1.5, why: "full of bugs"),
    Entry(text: "glitchy", valence: -1.5, why: "full of glitches"),
    Entry(text: "underwhelmed", valence: -1.5, why: "disappointed"),
    Entry(text: "underwhelming", valence: -1.5, why: "disappointing"),
    Entry(text: "letdown", valence: -2.0, why: "a disappointment"),
    Entry(text: "slog", valence: -1.5, why: "tedious"),
    Entry(text: "snappy", valence: 1.5, why: "fast to respond, of a device"),
    Entry(text: "smoother", valence: 1.5, why: "runs better; VADER has no comparative"),
    Entry(text: "l", valence: -1.2, why: "a loss (`huge L`); VADER reads a lone `l` as +2.0"),
  ]

  /// Degree words beside VADER's: what they add to the next sentiment
  /// word's size (negative: they lower it).
  package static let degreeWords: [String: Double] = [
    // "lowkey love it": a hedge, as `kinda`.
    "lowkey": -0.293,
    // "highkey obsessed": openly, as `really`.
    "highkey": 0.293,
  ]

  /// What `fire` reads after a word that makes it a verdict (`this is
  /// fire`, `so fire`), where it means excellent; alone it stays VADER's
  /// −1.4 (a house fire).
  package static let fireAsVerdict = 2.2
  /// The words before `fire` that make it a verdict.
  package static let verdictWords: Set<String> = [
    "is", "was", "so", "straight", "pure", "absolute", "that's", "thats", "it's", "its",
  ]
  /// What `different` reads in `hits different`: something feels special.
  package static let hitsDifferent = 2.0
  /// What `better` reads in `could be better` and `could have been better`:
  /// a complaint, not praise.
  package static let couldBeBetter = -1.5
  /// What `best` reads in `at best`: a grudging verdict (`mid at best`).
  package static let atBest = -0.8
  /// Comparatives a negation before does not turn: `never had a better
  /// burger` and `couldn't be happier` are praise.
  package static let comparatives: Set<String> = ["better", "happier"]
}
