#!/usr/bin/env python3
"""Writes Tests/SentimentCoreTests/Golden/reader-vader.tsv: 1,200 generated texts and
the compound score the reference VADER (vaderSentiment 3.3.2, Python) gives each,
which LexiconReaderVADERTests checks both lexicon readers against to 4 decimals.

The texts are generated here, from templates and VADER's own word and emoji lists,
with a fixed seed: no text comes from a corpus. They exercise every rule of the
reader: negation (within three words, `no`, `n't`, `never so`, `without doubt`),
degree words and phrases (`kind of`, `sort of`), capitals, `but`, `!` and `?`,
`least`, VADER's idioms (`the shit`, `yeah right`, ...), emoticons, emoji, and
punctuation around words. Only the texts and the numbers are stored.

Texts where VADER departs from its own `but` rule are left out, and counted: its
`_but_check` finds each valence by value (`list.index`), so of two equal valences
before `but` it scales the first twice and the second not at all; our readers
scale every word once, as the rule says.

  python3 -m venv /tmp/vader && /tmp/vader/bin/pip install vadersentiment==3.3.2
  /tmp/vader/bin/python3 Scripts/vader-golden.py
"""
import os, random
import vaderSentiment
from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

here = os.path.dirname(vaderSentiment.__file__)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'SentimentCoreTests',
                   'Golden', 'reader-vader.tsv')
analyzer = SentimentIntensityAnalyzer()
but_quirk = [False]
original_but_check = analyzer._but_check


def checked_but_check(words, sentiments):
    """VADER's `_but_check`, noting when it differs from scaling each word once."""
    lower = [str(w).lower() for w in words]
    intended = list(sentiments)
    if 'but' in lower:
        bi = lower.index('but')
        intended = [v * 0.5 if i < bi else v * 1.5 if i > bi else v for i, v in enumerate(sentiments)]
    result = original_but_check(words, list(sentiments))
    if result != intended:
        but_quirk[0] = True
    return result


analyzer._but_check = checked_but_check
rng = random.Random(43)

lexicon = []
for line in open(os.path.join(here, 'vader_lexicon.txt'), encoding='utf-8'):
    parts = line.rstrip('\n').split('\t')
    if len(parts) >= 2 and parts[0]:
        lexicon.append(parts[0])
words = [w for w in lexicon if w.isalpha()]
emoticons = [w for w in lexicon if not w.isalnum()]
emoji = []
for line in open(os.path.join(here, 'emoji_utf8_lexicon.txt'), encoding='utf-8'):
    parts = line.rstrip('\n').split('\t')
    if len(parts) >= 2 and len(parts[0]) == 1:
        emoji.append(parts[0])

subjects = ['the update', 'this phone', 'my day', 'the service', 'the movie', 'she', 'it',
            'the battery life', 'our team', 'the new app', 'dinner', 'the game', 'you', 'this']
verbs = ['is', 'was', 'feels', 'looks', 'seems', 'sounds', 'got', 'will be']
negators = ['not', "isn't", 'never', "don't", 'without', 'no', 'hardly', "wasn't", 'nothing',
            'cannot', 'aint', 'nor', 'rarely', 'despite', "didn't", 'nope']
boosters = ['very', 'really', 'so', 'extremely', 'kinda', 'barely', 'slightly', 'totally',
            'incredibly', 'somewhat', 'most', 'quite', 'hella', 'sort of', 'kind of', 'just enough']
idioms = ['the shit', 'the bomb', 'bad ass', 'yeah right', 'kiss of death', 'to die for',
          'beating heart', 'bus stop', 'at least', 'least', 'very least', 'never so', 'never this',
          'without doubt', 'no or', 'no nor']
tails = ['', '', '', '!', '!!', '!!!!!', '?', '??', '???!', '.', '...', ' :)', ' :(', ' lol', ' :D']


def word():
    return rng.choice(words)


def caps(text):
    return text.upper() if rng.random() < 0.15 else text


def punctuate(text):
    if rng.random() < 0.2:
        return rng.choice(['"', "'", '(', '*']) + text + rng.choice(['"', "'", ')', ',', '!', '*'])
    return text


def clause():
    parts = [rng.choice(subjects), rng.choice(verbs)]
    shape = rng.randrange(8)
    if shape == 0:
        parts += [rng.choice(negators), word()]
    elif shape == 1:
        parts += [rng.choice(boosters), caps(word())]
    elif shape == 2:
        parts += [rng.choice(negators), rng.choice(boosters), word()]
    elif shape == 3:
        parts += [rng.choice(idioms), word()]
    elif shape == 4:
        parts += [word(), 'and', rng.choice(negators), 'at', 'all', word()]
    elif shape == 5:
        parts += [caps(word()), rng.choice(emoji)]
    elif shape == 6:
        parts += [rng.choice(emoticons), word(), rng.choice(emoji) + rng.choice(emoji)]
    else:
        parts += [word(), word(), rng.choice(negators), 'so', word()]
    return ' '.join(punctuate(p) for p in parts)


texts = []
seen = set()
quirks = 0
while len(texts) < 1200:
    text = clause()
    if rng.random() < 0.35:
        text += rng.choice([' but ', ' BUT ', ', but ', ' and ', ' although ']) + clause()
    if rng.random() < 0.1:
        text = text.upper()
    text += rng.choice(tails)
    assert '\t' not in text and '\n' not in text
    if text in seen:
        continue
    seen.add(text)
    but_quirk[0] = False
    compound = analyzer.polarity_scores(text)['compound']
    if but_quirk[0]:
        quirks += 1
        continue
    texts.append((text, compound))
with open(out, 'w', encoding='utf-8') as f:
    f.write('# Generated by Scripts/vader-golden.py: a generated text and the compound score of\n')
    f.write('# vaderSentiment 3.3.2 (Python), tab-separated. Do not edit.\n')
    for text, compound in texts:
        f.write(f"{text}\t{compound:.4f}\n")
print(out, len(texts), 'texts;', quirks, "left out where VADER's but rule scales a word twice")
