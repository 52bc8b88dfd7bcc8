import json, math, sys, numpy as np
from scipy.optimize import minimize
from reader import Reader
L = {'negative': 0, 'neutral': 1, 'positive': 2}
D = json.load(open('/tmp/exp/dump2.json'))
CAP=[None]
FOLDS={}
_cache = {}
def feats(rows, reader):
    key = id(reader)
    out = []
    for r in rows:
        k = (key, r['text'])
        if k not in _cache: _cache[k] = reader.read(r['text'])
        out.append(_cache[k])
    return np.array(out, dtype=float)
def arr(rows):
    if CAP[0] is None: nb = np.array([r['nb'] for r in rows])
    else:
        c = CAP[0]
        nb = np.array([[r['pr'][k] + sum(min(c, max(-c, f[k] - sum(f) / 3)) for f in r['f']) for k in range(3)] for r in rows])
    nb = nb - nb.max(1, keepdims=True)
    y = np.array([L[r['label']] for r in rows]); return nb, y
_arr = arr
_acache = {}
def arr(rows):
    k = (id(rows), len(rows), rows[0]['text'] if rows else '', CAP[0])
    if k not in _acache: _acache[k] = _arr(rows)
    return _acache[k]
def softmax(z):
    z = z - z.max(1, keepdims=True); e = np.exp(z); return e / e.sum(1, keepdims=True)

class Design:
    """logits = a*nb*g + b + reader part; subclasses define reader part & g"""
    ridge = 1e-3
    def __init__(self, **kw): self.__dict__.update(kw)
    def fit(self, nb, R, y, prior):
        n = len(y); cnt = np.bincount(y, minlength=3); w = n / (3 * cnt[y])
        def loss(p):
            z = self.logits(p, nb, R); z = z - z.max(1, keepdims=True)
            ls = np.log(np.exp(z).sum(1)) - z[np.arange(n), y]
            return (w * ls).sum() / n + self.ridge * (np.array(p[3:]) ** 2).sum() / 2
        p0 = np.array([0.1, 0, 0] + [0.0] * self.k)
        bounds = [(1e-4, 10), (-10, 10), (-10, 10)] + self.bounds()
        res = minimize(loss, p0, method='L-BFGS-B', bounds=bounds)
        p = res.x.copy()
        shift = np.log(np.array(prior) / prior[0])
        p[1] += shift[1]; p[2] += shift[2]
        self.p = p; return self
    def predict(self, nb, R): return softmax(self.logits(self.p, nb, R))
    def bounds(self): return [(None, None)] * self.k

class Current(Design):
    k = 14
    def F(self, R):
        c, ps, ns_, psum, nsum, ex = R.T
        return np.stack([c, abs(c), ps, ns_, np.log1p(psum), np.log1p(nsum), np.minimum(ex, 4) / 4], 1)
    def logits(self, p, nb, R):
        F = self.F(R); z = p[0] * nb.copy(); z[:, 1] += p[1]; z[:, 2] += p[2]
        z[:, 0] += F @ p[3:10]; z[:, 2] += F @ p[10:17]; return z
class NB(Design):
    k = 0
    def logits(self, p, nb, R):
        z = p[0] * nb.copy(); z[:, 1] += p[1]; z[:, 2] += p[2]; return z
class Compound(Design):
    """pos += wp*max(c,0), neg += wn*max(-c,0); shrink: nb *= 1/(1+s*|c|) (s fixed)"""
    k = 2; s = 0.0; feat = 'compound'
    def r(self, R):
        c = R[:, 0]
        if self.feat == 'compound': return np.maximum(c, 0), np.maximum(-c, 0)
        if self.feat == 'sums': return np.log1p(R[:, 3]), np.log1p(R[:, 4])
        if self.feat == 'both': return np.maximum(c, 0), np.maximum(-c, 0)
    def bounds(self): return [(0, None)] * self.k
    def logits(self, p, nb, R):
        c = R[:, 0]; g = 1 / (1 + self.s * np.abs(c)) if self.s else 1
        rp, rn = self.r(R)
        z = p[0] * nb * (g[:, None] if self.s else 1); z[:, 1] += p[1]; z[:, 2] += p[2]
        z[:, 2] += p[3] * rp; z[:, 0] += p[4] * rn
        if self.k == 4:  # neutral pushed down by strength
            z[:, 1] -= p[5] * np.abs(c) + p[6] * 0
        return z

def metrics(P, y):
    pred = P.argmax(1); acc = (pred == y).mean(); rec = []; f1 = []
    for c in range(3):
        tp = ((pred == c) & (y == c)).sum(); pp = (pred == c).sum(); gp = (y == c).sum()
        pr = tp / pp if pp else 0; rc = tp / gp if gp else 0
        rec.append(rc); f1.append(2 * pr * rc / (pr + rc) if pr + rc else 0)
    return acc, np.mean(rec), np.mean(f1)
def quant(pred, y, seed=3, n=100):
    rng = np.random.default_rng(seed); idx = [np.where(y == c)[0] for c in range(3)]
    errs = []
    for s in range(60):
        if s < 30: sel = rng.choice(len(y), n, replace=False)
        else:
            mix = rng.dirichlet([1, 1, 1]); k = rng.multinomial(n, mix)
            sel = np.concatenate([rng.choice(idx[c], k[c], replace=True) for c in range(3)])
        t = ((y[sel] == 2).sum() - (y[sel] == 0).sum()) ; e = ((pred[sel] == 2).sum() - (pred[sel] == 0).sum())
        errs.append(abs(t - e) * 100 / n)
    return np.mean(errs[:30]), np.mean(errs[30:])

def run(make, reader, prior=(1/3, 1/3, 1/3), show=True, name=''):
    res = {}
    nb, y = arr(D['heldout']); R = feats(D['heldout'], reader)
    m = make().fit(nb, R, y, prior)
    for key in ['dev', 'plain', 'everyday', 'heldout']:
        nb2, y2 = arr(D[key]); R2 = feats(D[key], reader); P = m.predict(nb2, R2)
        res[key] = metrics(P, y2); res[key + '_pred'] = P.argmax(1)
    res['devq'] = quant(res['dev_pred'], arr(D['dev'])[1])
    # 10-fold
    for name2 in ['full', 'apple']:
        accs = []; f1s = []
        rows = D[name2]
        for k in range(10):
            inner = D[f'{name2}-f{k}-inner']; nbi, yi = arr(inner); mi = make().fit(nbi, feats(inner, reader), yi, prior)
            te = FOLDS.setdefault((name2, k), [r for r in rows if r['fold'] == k]); nbt, yt = arr(te); a, _, f = metrics(mi.predict(nbt, feats(te, reader)), yt)
            accs.append(a); f1s.append(f)
        res[name2] = (np.mean(accs), np.mean(f1s))
    ev = D['everyday']; cats = sorted(set(r['topic'] for r in ev)); yv = arr(ev)[1]
    percat = {c: np.mean([res['everyday_pred'][i] == yv[i] for i, r in enumerate(ev) if r['topic'] == c]) for c in cats}
    res['cats'] = percat; res['model'] = m
    if show:
        d = res['dev']; 
        print(f"{name:28s} dev acc {d[0]:.3f} mrec {d[1]:.3f} mf1 {d[2]:.3f} | q {res['devq'][0]:.1f}/{res['devq'][1]:.1f} | "
              f"full {res['full'][0]:.3f}/{res['full'][1]:.3f} apple {res['apple'][0]:.3f} | plain {int(round(res['plain'][0]*40))}/40 "
              f"every {res['everyday'][0]*100:.1f}% min {min(percat.values())*100:.0f}% | ho mrec {res['heldout'][1]:.3f}")
    return res
class Split(Design):
    """pos += a*max(c,0) [+ b*log1p(psum)], neg += a'*max(-c,0) [+ b' log1p(nsum)], neutral -= d*|c|"""
    sums = False; neu = True; s = 0.0
    @property
    def k(self): return 2 + (2 if self.sums else 0) + (1 if self.neu else 0)
    def bounds(self): return [(0, None)] * self.k
    def logits(self, p, nb, R):
        c = R[:, 0]
        z = p[0] * nb * ((1 / (1 + self.s * np.abs(c)))[:, None] if self.s else 1); z[:, 1] += p[1]; z[:, 2] += p[2]
        z[:, 2] += p[3] * np.maximum(c, 0); z[:, 0] += p[4] * np.maximum(-c, 0); i = 5
        if self.sums:
            z[:, 2] += p[5] * np.log1p(R[:, 3]); z[:, 0] += p[6] * np.log1p(R[:, 4]); i = 7
        if self.neu: z[:, 1] -= p[i] * np.abs(c)
        return z
class Net(Design):
    """pos += a*max(c,0) + b*max(m,0), neg += a'*max(-c,0) + b'*max(-m,0), m = log1p(psum)-log1p(nsum)"""
    k = 4
    def bounds(self): return [(0, None)] * self.k
    def logits(self, p, nb, R):
        c = R[:, 0]; m = np.log1p(R[:, 3]) - np.log1p(R[:, 4])
        z = p[0] * nb; z[:, 1] += p[1]; z[:, 2] += p[2]
        z[:, 2] += p[3] * np.maximum(c, 0) + p[5] * np.maximum(m, 0)
        z[:, 0] += p[4] * np.maximum(-c, 0) + p[6] * np.maximum(-m, 0)
        return z
class NetS(Net):
    s = 1.0
    def logits(self, p, nb, R):
        c = R[:, 0]; g = (1 / (1 + self.s * np.abs(c)))[:, None]
        return Net.logits(self, p, nb * g, R)
class NetN(Net):
    """Net + neutral += d * e, e = 1 - |c| (mode 'flat') or [no sentiment words] (mode 'none')"""
    k = 5; mode = 'flat'
    def logits(self, p, nb, R):
        z = Net.logits(self, p, nb, R)
        c = R[:, 0]
        e = 1 - np.abs(c) if self.mode == 'flat' else ((R[:, 3] + R[:, 4]) == 0).astype(float)
        z[:, 1] += p[7] * e
        return z
class Net3(Design):
    k = 6
    def bounds(self): return [(0, None)] * self.k
    def logits(self, p, nb, R):
        c = R[:, 0]; m = np.log1p(R[:, 3]) - np.log1p(R[:, 4]); sh = R[:, 1] - R[:, 2]
        z = p[0] * nb; z[:, 1] += p[1]; z[:, 2] += p[2]
        z[:, 2] += p[3] * np.maximum(c, 0) + p[5] * np.maximum(m, 0) + p[7] * np.maximum(sh, 0)
        z[:, 0] += p[4] * np.maximum(-c, 0) + p[6] * np.maximum(-m, 0) + p[8] * np.maximum(-sh, 0)
        return z
