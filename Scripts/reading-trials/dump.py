import csv, json, os, random, subprocess, sys
B = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '.build', 'release', 'tweetalyze')
D = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'data')
E = '/tmp/exp'
os.makedirs(E, exist_ok=True)
def rows(name, tcol, lcol, topic=None):
    out = []
    for r in csv.DictReader(open(f'{D}/{name}', encoding='utf-8', newline='')):
        lab = r[lcol].strip().lower()
        lab = {'pos': 'positive', 'neg': 'negative'}.get(lab, lab)
        if lab == 'irrelevant': continue
        out.append({'text': r[tcol].replace('\r', ' ').replace('\n', ' '), 'label': lab, 'topic': r.get(topic) if topic else None})
    return out
full = rows('sanders-full-corpus.csv', 'TweetText', 'Sentiment', 'Topic')
apple = rows('sanders-apple3.csv', 'text', 'class')
dev = rows('tweeteval-val.csv', 'text', 'class')
print(len(full), len(apple), len(dev), file=sys.stderr)
def write_train(path, rs):
    with open(path, 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f); w.writerow(['class', 'text'])
        for r in rs: w.writerow([r['label'], r['text']])
def scores(model, rs, tag):
    inp = f'{E}/in-{tag}.txt'
    open(inp, 'w', encoding='utf-8').write(''.join(r['text'] + '\n' for r in rs))
    args = [B, 'explain', '--json', '--input', inp] + (['--model', model] if model else [])
    out = subprocess.run(args, capture_output=True, check=True).stdout.decode().splitlines()
    assert len(out) == len(rs), (len(out), len(rs))
    res = []
    for r, line in zip(rs, out):
        j = json.loads(line)
        s = j['scores']
        res.append({'label': r['label'], 'text': r['text'], 'topic': r['topic'], 'nb': [s['negative'], s['neutral'], s['positive']], 'f': [[f['weights']['negative'], f['weights']['neutral'], f['weights']['positive']] for f in j['features']], 'pr': [j['log_priors']['negative'], j['log_priors']['neutral'], j['log_priors']['positive']]})
    return res
def train(rs, tag):
    p = f'{E}/train-{tag}.csv'; m = f'{E}/m-{tag}.json'
    write_train(p, rs)
    subprocess.run([B, 'train', p, '--out', m, '--no-reader', '-q'], check=True)
    return m
out = {}
# held-out topics on full
topics = sorted(set(r['topic'] for r in full))
ho = []
for t in topics:
    m = train([r for r in full if r['topic'] != t], f'topic-{t}')
    ho += scores(m, [r for r in full if r['topic'] == t], f'topic-{t}')
out['heldout'] = ho
mfull = train(full, 'full')
out['dev'] = scores(mfull, dev, 'dev')
for name, path in [('plain', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Fixtures', 'sentences', 'plain.csv')), ('everyday', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Fixtures', 'sentences', 'everyday.csv'))]:
    if True:
        rs = [{'text': r['text'], 'label': r['class'], 'topic': r.get('category')} for r in csv.DictReader(open(path, encoding='utf-8'))]
        out[name] = scores(mfull, rs, name)
# 10-fold stratified, seeded
def folds(rs, k, seed):
    rnd = random.Random(seed); idx = {}
    for i, r in enumerate(rs): idx.setdefault(r['label'], []).append(i)
    f = [0] * len(rs)
    for lab, ids in sorted(idx.items()):
        rnd.shuffle(ids)
        for j, i in enumerate(ids): f[i] = j % k
    return f
for name, rs in [('full', full), ('apple', apple)]:
    fs = folds(rs, 10, 5); res = [None] * len(rs)
    for k in range(10):
        tr = [r for r, f in zip(rs, fs) if f != k]; te_i = [i for i, f in enumerate(fs) if f == k]
        m = train(tr, f'{name}-f{k}')
        sc = scores(m, [rs[i] for i in te_i], f'{name}-f{k}')
        # inner held-out for calibration: 5 random folds of the training part
        fi = folds(tr, 5, 7); inner = []
        if name == 'full':
            for t in topics:
                mm = train([r for r in tr if r['topic'] != t], f'{name}-f{k}-t{t}')
                inner += scores(mm, [r for r in tr if r['topic'] == t], f'{name}-f{k}-t{t}')
        else:
            for j in range(5):
                mm = train([r for r, g in zip(tr, fi) if g != j], f'{name}-f{k}-i{j}')
                inner += scores(mm, [r for r, g in zip(tr, fi) if g == j], f'{name}-f{k}-i{j}')
        for i, s in zip(te_i, sc): s['fold'] = k; res[i] = s
        out[f'{name}-f{k}-inner'] = inner
    out[name] = res
json.dump(out, open(f'{E}/dump2.json', 'w'))
print('ok', file=sys.stderr)
