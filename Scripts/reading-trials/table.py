#!/usr/bin/env python3
"""The trials table of docs/model.md ("Readable combinations"): each design of how Naive Bayes
and the lexicon reader combine, on a replica of the calibration.

  python3 -m venv /tmp/venv && /tmp/venv/bin/pip install numpy scipy vaderSentiment
  swift build -c release && /tmp/venv/bin/python Scripts/reading-trials/dump.py
  /tmp/venv/bin/python Scripts/reading-trials/table.py

dump.py trains Naive Bayes (`train --no-reader`) on Sanders' topics held out and 10 folds and
writes each held-out text's class scores (`explain --json`) to /tmp/exp/dump2.json; reader.py is
VADER (Python) with our additions and rules approximated by rewriting the text; trials.py fits
each design on the held-out topics (every class weighing the same, then the label prior) and
reports the dev set, the dev score's error per 100 posts (30 sets at the file's balance / 30 at
random mixes), Sanders 10-fold (each fold's weights fitted on its inner held-out parts), the 40
plain and the everyday sentences. Figures are the replica's: the Swift build's own are in
docs/model.md beside them.
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trials
from trials import *
from reader import Reader
R0, R1 = Reader(False), Reader(True)
p40, p36, eq = (0.3, 0.4, 0.3), (0.32, 0.36, 0.32), (1 / 3, 1 / 3, 1 / 3)
rows = [
    ('Naive Bayes alone', NB, R1, p40, None),
    ('7 features × 2 classes (before), VADER as it was', Current, R0, p40, None),
    ('the same, with our additions and rules', Current, R1, p40, None),
    ('compound only, split by sign (2 weights ≥ 0)', lambda: Compound(s=0), R1, p40, None),
    ('compound and log sums, each class its own (4 weights ≥ 0; may push against)', lambda: Split(sums=True, neu=False), R1, p40, None),
    ('**lean and margin toward the reading (4 weights ≥ 0), 40 % neutral: kept**', Net, R1, p40, None),
    ('the same, 36 % neutral', Net, R1, p36, None),
    ('the same, equal priors', Net, R1, eq, None),
    ('the same + a neutral weight on "no sentiment words"', lambda: NetN(mode='none'), R1, p40, None),
    ('the same + the shares (6 weights)', Net3, R1, p40, None),
    ('kept + Naive Bayes shrunk by the reader (s = 0.5)', lambda: NetS(s=0.5), R1, p40, None),
    ('kept + Naive Bayes shrunk by the reader (s = 1)', lambda: NetS(s=1.0), R1, p40, None),
    ('kept + each word’s log-ratio capped at 2 nats', Net, R1, p40, 2.0),
    ('kept + each word’s log-ratio capped at 1 nat', Net, R1, p40, 1.0),
]
print('| design (replica) | dev macro-recall / F1 | dev score error per 100 (file / mixes) | Sanders full acc / F1 | apple3 acc | plain /40 | everyday (lowest category) |')
print('| --- | --- | --- | --- | --- | --- | --- |')
for name, make, reader, prior, cap in rows:
    trials.CAP[0] = cap
    r = run(make, reader, prior, show=False)
    d = r['dev']
    print(f"| {name} | {d[1]:.3f} / {d[2]:.3f} | {r['devq'][0]:.1f} / {r['devq'][1]:.1f} | {r['full'][0]:.3f} / {r['full'][1]:.3f} | {r['apple'][0]:.3f} | {int(round(r['plain'][0]*40))} | {r['everyday'][0]*100:.0f} % ({min(r['cats'].values())*100:.0f} %) |", flush=True)
