#!/usr/bin/env python3
"""Naive Bayes variants that tweetalyze does not implement, scored on
tweetalyze's own features and folds, to decide whether one is worth building.

  pip install scikit-learn nltk        # nltk only for the stemming row
  swift build -c release --product tweetalyze
  Scripts/nb-variants.py .build/release/tweetalyze

For each shared data set it trains a model on all rows and runs `explain
--json` on every text, which lists the text's features exactly as the
tokenizer and featurizer make them. The variants are then fitted in Python on
the same 10 stratified folds as `tweetalyze eval --folds 10 --seed 5`
(rebuilt by Scripts/sklearn-same-folds.py), and on leave-one-topic-out
splits of the full corpus (as Scripts/cross-topic.py). The first row
re-implements the defaults; it lands within 0.001 of `eval` (texts with line
breaks are explained as one line). Temporary files go to /tmp/nb-variants.
"""
import csv, importlib.util, json, os, subprocess, sys
import numpy as np
from sklearn.feature_extraction import DictVectorizer
from sklearn.metrics import f1_score

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', '..', 'shared', 'data')
spec = importlib.util.spec_from_file_location('same_folds', os.path.join(HERE, 'sklearn-same-folds.py'))
same_folds = importlib.util.module_from_spec(spec)
spec.loader.exec_module(same_folds)
CLASSES = ['negative', 'neutral', 'positive']
TMP = '/tmp/nb-variants'


def features(binary, name):
    """Each row's features (binarized) and label, as tweetalyze sees them."""
    path = os.path.join(DATA, name + '.csv')
    texts, labels = same_folds.load(path)
    model = os.path.join(TMP, name + '.json')
    subprocess.run([binary, 'train', path, '--out', model], check=True, capture_output=True)
    lines = ''.join(t.replace('\r', ' ').replace('\n', ' ') + '\n' for t in texts)
    out = subprocess.run([binary, 'explain', '--model', model, '--json'], input=lines.encode(),
                         capture_output=True, check=True).stdout.decode().splitlines()
    docs = []
    for line in out:
        r = json.loads(line)
        docs.append({f['feature']: 1 for f in r['features']} | {f: 1 for f in r['ignored']})
    assert len(docs) == len(labels)
    return docs, np.array([CLASSES.index(l) for l in labels])


def multinomial(alpha=0.6, bigram_weight=1.0, kind='mnb'):
    """A scorer: training matrix, labels, test matrix -> per-class scores."""
    def scores(train, labels, test, names):
        if bigram_weight != 1.0:
            w = np.array([bigram_weight if ' ' in n else 1.0 for n in names])
            train, test = train.multiply(w).tocsr(), test.multiply(w).tocsr()
        counts = np.vstack([np.asarray(train[labels == c].sum(0)).ravel() for c in range(3)])
        if kind == 'complement':
            counts = counts.sum(0, keepdims=True) - counts
        size = counts.shape[1]
        logp = np.log(counts + alpha) - np.log(counts.sum(1, keepdims=True) + alpha * size)
        if kind == 'complement':
            return -(test @ logp.T)
        if kind == 'two-stage':  # neutral vs polar, then negative vs positive
            polar = counts[0] + counts[2]
            lpol = np.log(polar + alpha) - np.log(polar.sum() + alpha * size)
            first = test @ (logp[1] - lpol)
            second = test @ (logp[0] - logp[2])
            out = np.zeros((test.shape[0], 3))
            out[first >= 0, 1] = 1
            out[(first < 0) & (second > 0), 0] = 1
            out[(first < 0) & (second <= 0), 2] = 1
            return out
        return test @ logp.T
    return scores


def predict(scores):
    best = np.argmax(scores, 1)
    best[np.isclose(scores[:, 1], scores.max(1), rtol=0, atol=1e-9)] = 1  # ties go to neutral
    return best


def fit_score(docs, labels, train, test, scorer, transform):
    vectorizer = DictVectorizer()
    x_train = vectorizer.fit_transform([transform(docs[i]) for i in np.where(train)[0]])
    x_test = vectorizer.transform([transform(docs[i]) for i in np.where(test)[0]])
    found = predict(scorer(x_train, labels[train], x_test, vectorizer.feature_names_))
    return (found == labels[test]).mean(), f1_score(labels[test], found, average='macro')


def folds(docs, labels, scorer, transform):
    names = [CLASSES[l] for l in labels]
    results = []
    for fold in same_folds.folds(names, 10, 5):
        test = np.zeros(len(labels), bool)
        test[fold] = True
        results.append(fit_score(docs, labels, ~test, test, scorer, transform))
    return np.mean(results, 0)


def topics(docs, labels, scorer, transform):
    rows = [r for r in csv.DictReader(open(os.path.join(DATA, 'sanders-full-corpus.csv'), encoding='utf-8', newline=''))
            if r['Sentiment'] != 'irrelevant']
    topic = np.array([r['Topic'] for r in rows])
    return np.mean([fit_score(docs, labels, topic != t, topic == t, scorer, transform)
                    for t in sorted(set(topic))], 0)


def stemmed():
    from nltk.stem import SnowballStemmer
    stem = SnowballStemmer('english').stem

    def token(t):
        prefix, word = ('NOT_', t[4:]) if t.startswith('NOT_') else ('', t)
        return prefix + (stem(word) if word.isalpha() else word)
    return lambda doc: {' '.join(token(t) for t in f.split(' ')): 1 for f in doc}


def main():
    os.makedirs(TMP, exist_ok=True)
    apple = features(sys.argv[1], 'sanders-apple3')
    full = features(sys.argv[1], 'sanders-full-corpus')
    same = lambda doc: doc
    rows = [('defaults, re-implemented', multinomial(), same)]
    rows += [(f'bigrams weighted {w}', multinomial(bigram_weight=w), same) for w in (0.7, 0.85)]
    rows += [('complement NB, alpha 1', multinomial(1.0, kind='complement'), same),
             ('two-stage: neutral or not, then polarity', multinomial(kind='two-stage'), same)]
    try:
        rows.append(('Snowball stemming', multinomial(), stemmed()))
    except ImportError:
        print('(no nltk: the stemming row is left out)', file=sys.stderr)
    print('| variant | apple3 accuracy | apple3 macro-F1 | full accuracy | full macro-F1 '
          '| unseen topic accuracy | unseen topic macro-F1 |')
    print('|---|---|---|---|---|---|---|')
    for name, scorer, transform in rows:
        figures = [*folds(*apple, scorer, transform), *folds(*full, scorer, transform),
                   *topics(*full, scorer, transform)]
        print(f'| {name} | ' + ' | '.join(f'{v:.4f}' for v in figures) + ' |', flush=True)


if __name__ == '__main__':
    main()
