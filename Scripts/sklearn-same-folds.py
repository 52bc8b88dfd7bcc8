#!/usr/bin/env python3
"""scikit-learn's MultinomialNB (as ../shared/bench/baseline.py runs it) on
exactly the folds `tweetalyze eval --folds K --seed S` uses, so the README's
table compares like with like.

  pip install scikit-learn
  Scripts/sklearn-same-folds.py DATA.csv [--folds 10] [--seed 5]

The folds are rebuilt here from tweetalyze's own recipe (Evaluation.swift,
Random.swift): per class in the order negative, neutral, positive, the row
indices are shuffled with SplitMix64 and Lemire's bounded draw (Fisher-Yates
from the end), then dealt round-robin to the folds.
"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'bench'))
from baseline import load, arg  # noqa: E402

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        product = self.next() * bound
        low = product & MASK
        if low < bound:
            threshold = ((1 << 64) - bound) % bound
            while low < threshold:
                product = self.next() * bound
                low = product & MASK
        return product >> 64

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def folds(labels, k, seed):
    rng = SplitMix64(seed)
    out = [[] for _ in range(k)]
    nxt = 0
    for label in ('negative', 'neutral', 'positive'):
        members = [i for i, l in enumerate(labels) if l == label]
        rng.shuffle(members)
        for m in members:
            out[nxt].append(m)
            nxt = (nxt + 1) % k
    return [sorted(f) for f in out]


def main():
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.metrics import accuracy_score, f1_score
    from sklearn.naive_bayes import MultinomialNB
    import numpy as np
    texts, labels = load(sys.argv[1])
    k, seed = arg('--folds', 10), arg('--seed', 5)
    X, y = np.array(texts, dtype=object), np.array(labels)
    acc, f1 = [], []
    for test in folds(labels, k, seed):
        mask = np.ones(len(y), dtype=bool)
        mask[test] = False
        v = CountVectorizer()
        m = MultinomialNB().fit(v.fit_transform(X[mask]), y[mask])
        p = m.predict(v.transform(X[~mask]))
        acc.append(accuracy_score(y[~mask], p))
        f1.append(f1_score(y[~mask], p, average='macro'))
    print(f'sklearn MultinomialNB on tweetalyze folds: n={len(y)} folds={k} seed={seed} '
          f'accuracy={np.mean(acc):.4f} ± {np.std(acc, ddof=1):.4f} macro_f1={np.mean(f1):.4f}')


if __name__ == '__main__':
    main()
