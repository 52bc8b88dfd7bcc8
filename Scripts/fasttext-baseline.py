#!/usr/bin/env python3
"""Reference figures from fastText's supervised classifier, beside baseline.py's.

  pip install fasttext            # once; builds fastText's C++ core
  fasttext-baseline.py train DATA.csv      # time to read, convert and fit, one process
  fasttext-baseline.py classify MODEL_CSV TEXTS.txt   # fit on MODEL_CSV, then time predicting TEXTS.txt
  fasttext-baseline.py convert DATA.csv OUT.txt       # DATA.csv in fastText's format, for its CLI

The same commands, inputs and timings as ../shared/bench/baseline.py (scikit-learn):
DATA.csv is `class,text` (Pos/Neg/Neutral) or the Sanders full corpus (`Sentiment`,
`TweetText`; `irrelevant` rows dropped), labels normalised to positive / negative /
neutral and written as `__label__positive` and so on. `train` times reading the CSV,
writing it in fastText's format to a temporary file and fitting; `classify` fits on
MODEL_CSV untimed, then times reading TEXTS.txt (one text per line) and predicting the
top label of every line with one batch call, `model.predict(lines, k=1)`, the library's
equivalent of `fasttext predict`.

Options: fastText's defaults (5 epochs, learning rate 0.1, 100 dimensions, 2M hash
buckets) except `wordNgrams 2`, so that it sees word pairs as tweetalyze's bigrams do
(fastText's default is 1, single words). `--epoch N`, `--word-ngrams N` and
`--threads N` (default: every core; fastText's own default is 12) change them.
"""
import csv, os, sys, tempfile, time

LABELS = {'pos': 'positive', 'positive': 'positive', 'neg': 'negative',
          'negative': 'negative', 'neutral': 'neutral'}


def load(path):
    texts, labels = [], []
    with open(path, encoding='utf-8', newline='') as f:
        r = csv.DictReader(f)
        cols = {c.lower(): c for c in r.fieldnames}
        tcol = cols.get('text') or cols.get('tweettext')
        lcol = cols.get('class') or cols.get('sentiment') or cols.get('label')
        for row in r:
            lab = LABELS.get(row[lcol].strip().lower())
            if lab is None:
                continue
            texts.append(row[tcol]); labels.append(lab)
    return texts, labels


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def write_fasttext(texts, labels, out):
    # fastText reads one example a line: a text's own line breaks would split it.
    for text, label in zip(texts, labels):
        out.write(f'__label__{label} {" ".join(text.split())}\n')


def fit(path):
    import fasttext
    texts, labels = load(path)
    with tempfile.NamedTemporaryFile('w', encoding='utf-8', suffix='.txt') as f:
        write_fasttext(texts, labels, f)
        f.flush()
        model = fasttext.train_supervised(
            input=f.name, epoch=arg('--epoch', 5), wordNgrams=arg('--word-ngrams', 2),
            thread=arg('--threads', os.cpu_count() or 1), verbose=0)
    return model, len(texts)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cmd = sys.argv[1]
    if cmd == 'convert' and len(sys.argv) >= 4:
        texts, labels = load(sys.argv[2])
        with open(sys.argv[3], 'w', encoding='utf-8') as f:
            write_fasttext(texts, labels, f)
    elif cmd == 'train':
        t = time.perf_counter()
        _, n = fit(sys.argv[2])
        d = time.perf_counter() - t
        print(f'fasttext train: n={n} seconds={d:.3f} tweets_per_s={n/d:.0f}')
    elif cmd == 'classify' and len(sys.argv) >= 4:
        model, _ = fit(sys.argv[2])
        t = time.perf_counter()
        with open(sys.argv[3], encoding='utf-8') as f:
            texts = f.read().split('\n')[:-1]
        model.predict(texts, k=1)
        d = time.perf_counter() - t
        print(f'fasttext classify: n={len(texts)} seconds={d:.3f} tweets_per_s={len(texts)/d:.0f}')
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
