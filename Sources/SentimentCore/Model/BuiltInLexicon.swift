// The built-in lexicon: hand-written for tweetalyze from general English
// usage, not taken from a published lexicon and not derived from any
// training data. Words are written as the tokenizer makes them (lower case,
// `loove` for stretched words, emoticons in their canonical form, emoji
// without variation selectors), so that each is one token. Words used
// mostly in another sense are left out: `kind` (as in "kind of slow").

extension Lexicon {
  /// Words, emoticons and emoji that signal a positive tweet whatever its topic.
  static let builtInPositive: [String] = [
    "love", "loved", "loves", "loving", "lovin", "lovely", "loove", "luv", "adore", "adored",
    "adores", "admire", "fond", "great", "greatest", "good", "best", "bestest", "awesome",
    "awesomeness", "amazing", "amazingly", "amazed", "excellent", "excellence", "fantastic",
    "fabulous", "fab", "wonderful", "wonderfully", "brilliant", "superb", "outstanding", "perfect",
    "perfectly", "perfection", "nice", "nicely", "cool", "neat", "nifty", "rad", "swell", "sweet",
    "happy", "happier", "happiest", "happily", "glad", "gladly", "pleased", "delighted",
    "delightful", "thrilled", "excited", "exciting", "enjoy", "enjoyed", "enjoying", "enjoyable",
    "fun", "beautiful", "beautifully", "gorgeous", "stunning", "cute", "adorable", "thanks",
    "thank", "thankyou", "thx", "ty", "grateful", "thankful", "thankfully", "appreciate",
    "appreciated", "kudos", "congrats", "congratulations", "bravo", "impressive", "impressed",
    "incredible", "terrific", "phenomenal", "spectacular", "magnificent", "marvelous", "marvellous",
    "glorious", "magical", "masterpiece", "win", "winning", "winner", "wins", "won", "victory",
    "triumph", "champion", "champions", "champs", "unbeatable", "undefeated", "success",
    "successful", "recommend", "recommended", "favorite", "favourite", "fave", "fav", "yay",
    "woohoo", "hooray", "joy", "joyful", "proud", "blessed", "lucky", "luckily", "fortunate",
    "fortunately", "helpful", "friendly", "polite", "generous", "courteous", "considerate",
    "thoughtful", "caring", "supportive", "reliable", "trustworthy", "smooth", "seamless",
    "effortless", "intuitive", "convenient", "comfortable", "comfy", "relaxing", "relaxed",
    "refreshing", "delicious", "tasty", "yummy", "yum", "worthwhile", "valuable", "useful", "handy",
    "satisfied", "satisfying", "satisfaction", "flawless", "stellar", "legend", "legendary",
    "genius", "hero", "heroes", "gem", "bliss", "blissful", "heaven", "heavenly", "paradise",
    "praise", "applause", "cheers", "celebrate", "celebrating", "celebration", "hopeful",
    "optimistic", "inspiring", "inspired", "inspiration", "elegant", "sleek", "stylish", "slick",
    "rocks", "rocked", "rockstar", "dope", "slay", "slays", "iconic", "obsessed", "stoked",
    "pumped", "psyched", "ecstatic", "overjoyed", "elated", "cheerful", "pleasant", "pleasure",
    "charming", "exceptional", "wholesome", "heartwarming", "uplifting", "peaceful", "rejoice",
    "xoxo", "hugs", "smile", "smiling", "smiles", "improved", "efficient", "responsive", "powerful",
    "beauty", "sexy", ":)", ":D", "<3", ";)", "😍", "👍", "😊", "🙂", "❤", "🥰", "😀", "😁", "😃", "😄", "😆",
    "😘", "💕", "💖", "💗", "💙", "💜", "♥", "🥳", "🤩", "🎉", "🙌", "👏", "💯", "😎", "😻", "🤗", "☺", "👌", "🏆",
  ]

  /// Words, emoticons and emoji that signal a negative tweet whatever its topic.
  static let builtInNegative: [String] = [
    "hate", "hated", "hates", "hating", "hateful", "hatred", "dislike", "disliked", "dislikes",
    "detest", "loathe", "despise", "worst", "worse", "bad", "badly", "terrible", "terribly",
    "horrible", "horribly", "horrid", "awful", "awfully", "sucks", "suck", "sucked", "sucky",
    "crap", "crappy", "shitty", "rubbish", "garbage", "trash", "junk", "lousy", "crummy",
    "mediocre", "subpar", "inferior", "poor", "poorly", "pathetic", "pitiful", "disappointed",
    "disappointing", "disappointment", "disappoints", "letdown", "annoyed", "annoying", "annoys",
    "annoyance", "irritated", "irritating", "frustrated", "frustrating", "frustration", "angry",
    "anger", "furious", "livid", "fuming", "infuriating", "infuriated", "enraged", "irate",
    "pissed", "outraged", "outrage", "outrageous", "upset", "sad", "sadly", "unhappy", "miserable",
    "depressed", "depressing", "gloomy", "bleak", "grim", "ridiculous", "absurd", "stupid", "dumb",
    "idiot", "idiots", "idiotic", "moron", "lame", "useless", "worthless", "pointless", "unusable",
    "broken", "fail", "failed", "fails", "failing", "failure", "epicfail", "ruin", "ruined",
    "ruins", "ruining", "disaster", "disastrous", "nightmare", "horrendous", "atrocious",
    "appalling", "dreadful", "abysmal", "ghastly", "scam", "scammed", "ripoff", "fraud", "cheated",
    "liar", "liars", "lied", "lying", "dishonest", "deceptive", "misleading", "shameful", "shame",
    "disgrace", "disgraceful", "disgusting", "disgusted", "disgust", "gross", "nasty", "yuck",
    "eww", "ew", "vile", "rude", "rudely", "unprofessional", "incompetent", "incompetence",
    "unacceptable", "inexcusable", "unreliable", "sloppy", "careless", "ignored", "neglected",
    "hopeless", "regret", "regrets", "regretted", "unfortunately", "unfortunate", "tragic",
    "tragedy", "heartbreaking", "heartbroken", "devastated", "devastating", "crying", "cried",
    "hurt", "hurts", "painful", "suffering", "bored", "boring", "dull", "tedious", "waste",
    "wasted", "wasting", "mess", "messed", "messy", "screwed", "dissatisfied", "unsatisfied",
    "complaint", "complaints", "complaining", "worried", "worrying", "scared", "terrified",
    "horrified", "confusing", "hassle", "inconvenient", "inconvenience", "nuisance", "stranded",
    "embarrassing", "embarrassed", "embarrassment", "insulting", "offensive", "offended", "hostile",
    "cruel", "evil", "toxic", "corrupt", "greedy", "greed", "arrogant", "selfish", "jerk", "jerks",
    "hideous", "ugly", "overpriced", "overrated", "fake", "phony", "bogus", "flawed", "defective",
    "faulty", "wrong", "mistake", "mistakes", "blunder", "fiasco", "debacle", "shambles", "chaos",
    "chaotic", "beware", "unbearable", "intolerable", "wtf", "fml", "smh", "ugh", "meh", "argh",
    "grr", "blah", "yikes", "sigh", "facepalm", "cringe", "cringey", "lonely", "bitter", "grumpy",
    "cranky", ":(", ":'(", "</3", ":/", "😡", "👎", "😢", "😠", "🤬", "💔", "🙄", "😒", "😞", "😩", "🤮", "🤢",
    "💩", "😔", "😕", "😫", "😖", "🤦", "🤦‍♂", "🤦‍♀", "😥", "😣", "😟", "😓", "🙁", "☹",
  ]
}
