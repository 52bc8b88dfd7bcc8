import re, math
from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer as S
EMOJI = {'👍': 1.8, '👎': -1.8, '🔥': 1.9, '💯': 1.6, '🙌': 2.0, '👏': 1.2, '💪': 1.3, '🙏': 1.0,
         '😭': 0.0, '😡': -2.5, '🤬': -2.8, '🙄': -1.3, '😤': -1.2, '🤡': -1.5, '🤮': -2.2, '😒': -1.4}
WORDS = {'mid': -1.2, 'slaps': 2.0, 'goated': 2.5, 'bussin': 2.2, 'sus': -1.2, 'trash': -1.8,
         'dope': 1.6, 'cringe': -1.6, 'banger': 2.2, 'slay': 1.5, 'l': -1.2, 'ripoff': -2.2,
         'laggy': -1.5, 'buggy': -1.5, 'glitchy': -1.5, 'firee': 2.2, 'hitsdifferent': 2.0,
 'underwhelmed': -1.5, 'underwhelming': -1.5, 'letdown': -2.0, 'slog': -1.5, 'snappy': 1.5, 'smoother': 1.5, 'couldbebetter': -1.5, 'atbest': -0.8}
class Reader:
    def __init__(self, additions=True):
        self.s = S()
        self.add = additions
        if additions:
            for e, v in EMOJI.items():
                self.s.emojis[e] = e
                self.s.lexicon[e] = v
            self.s.lexicon.update(WORDS)
        self.last = None
        orig = self.s.score_valence
        def sv(sentiments, text):
            self.last = (sum(x for x in sentiments if x > 0), -sum(x for x in sentiments if x < 0), text.count('!'))
            return orig(sentiments, text)
        self.s.score_valence = sv
    def pre(self, t):
        if not self.add: return t
        t = re.sub(r'\b([Nn]o) cap\b', 'nocap', t)
        t = re.sub(r"\b(is|was|so|straight|pure|absolute|that's|thats|its|it's) fire\b", r'\1 firee', t, flags=re.I)
        t = re.sub(r'\bhits different\b', 'hitsdifferent', t, flags=re.I)
        t = re.sub(r'\blowkey\b', 'kinda', t, flags=re.I)
        t = re.sub(r"\bcould (have been|be) better\b", 'couldbebetter', t, flags=re.I)
        t = re.sub(r"\bat best\b", 'atbest', t, flags=re.I)
        t = re.sub(r"\b(never|couldn't|can't|could not|cannot|couldnt|cant)\b((?: \w+){0,2}) (better|happier)\b", r'x\2 \3', t, flags=re.I)
        t = re.sub(r"\b(can't|cannot|cant) stop\b", 'keep', t, flags=re.I)
        m = re.match(r"\s*(although|though)\b([^,]*),(.*)", t, flags=re.I)
        if m: t = m.group(2) + ' but' + m.group(3)
        t = re.sub(r", (though|although) ", ' but ', t, flags=re.I)
        return t
    def read(self, t):
        self.last = (0, 0, t.count('!'))
        r = self.s.polarity_scores(self.pre(t))
        ps, ns, ex = self.last
        return [r['compound'], r['pos'], r['neg'], ps, ns, ex]
