#!/usr/bin/env python3
"""Measures `tweetalyze compare` on pairs of 100-post sets whose true labels are known.

    Scripts/compare-pairs.py [--binary PATH] [--pairs N] [--seed S] [--held-out]

Pairs come from one source (the dev set; each Sanders topic) and from two sources (a Sanders
topic against the dev set), each set drawn at its file's own balance or at a class mix drawn
uniformly at random (N pairs of each kind, default 50). Each pair is written to two CSV files
and compared by the binary (`compare --input A --input B --json`), as a user would. Reported
per group: how often the interval holds the true difference (B minus A, positives minus
negatives per 100 posts, by the files' labels), its mean width, the share of pairs with a true
difference of at least 20 that get a verdict, the share of wrong-direction verdicts, and the
fitted scale (true difference / printed difference, least squares through 0), to re-fit
Comparison.scale after the classifier changes.

The built-in model was trained on the Sanders corpus, so its Sanders groups are in-sample.
--held-out measures instead what the constants are fitted on: for each topic, a model trained
on the other three (`train --fit-groups Topic`), on pairs from that topic and on pairs of that
topic against each other topic. The dev set is for measuring only: never fit weights on it.
Seeded and deterministic: the same seed and binary give the same figures.
"""
import argparse, csv, json, os, random, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "shared", "data")
SCORE = {"negative": -1, "neutral": 0, "positive": 1}
TOPICS = ["apple", "google", "microsoft", "twitter"]


def load():
    sources = {}
    with open(os.path.join(DATA, "sanders-full-corpus.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if row["Sentiment"] in SCORE:
                sources.setdefault(row["Topic"], []).append((row["Sentiment"], row["TweetText"]))
    with open(os.path.join(DATA, "tweeteval-val.csv"), newline="") as f:
        sources["dev"] = [(row["class"], row["text"]) for row in csv.DictReader(f)]
    return sources


def draw(posts, rng, mix, n=100):
    """n posts: a sample at the file's balance, or at a mix uniform on the simplex."""
    if not mix:
        return rng.sample(posts, n)
    weights = [rng.expovariate(1) for _ in SCORE]
    total = sum(weights)
    pools = {label: [p for p in posts if p[0] == label] for label in SCORE}
    counts = dict.fromkeys(SCORE, 0)
    for _ in range(n):
        r = rng.random() * total
        label = "negative" if r < weights[0] else "neutral" if r < weights[0] + weights[1] else "positive"
        counts[label] += 1
    chosen = []
    for label, k in counts.items():
        pool = pools[label]
        chosen += rng.sample(pool, k) if k <= len(pool) else [rng.choice(pool) for _ in range(k)]
    rng.shuffle(chosen)
    return chosen


def truth(posts):
    return sum(SCORE[label] for label, _ in posts) * 100 / len(posts)


def compare(binary, model, a, b, folder):
    paths = []
    for name, posts in (("a.csv", a), ("b.csv", b)):
        path = os.path.join(folder, name)
        with open(path, "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["id", "text"])
            for index, (_, text) in enumerate(posts):
                writer.writerow([index, " ".join(text.split()) or "."])
        paths.append(path)
    command = [binary, "compare", "--input", paths[0], "--input", paths[1], "--json", "-q"]
    if model:
        command += ["--model", model]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def measure(binary, groups, pairs, seed, folder):
    rng = random.Random(seed)
    print("| group | pairs | interval holds | mean width | verdict given (true ≥ 20) | wrong verdicts | fitted scale |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, model, first, second in groups:
        held = width = big = given = wrong = 0
        products = squares = 0.0
        rows = 0
        for mix in (False, True):
            for _ in range(pairs):
                a, b = draw(first, rng, mix), draw(second, rng, mix)
                if rng.random() < 0.5:
                    a, b = b, a
                result = compare(binary, model, a, b, folder)
                true = truth(b) - truth(a)
                low, high = result["interval"]
                held += low <= true <= high
                width += high - low
                d = result["difference"]
                products += true * d
                squares += d * d
                verdict = result["verdict"]
                if abs(true) >= 20:
                    big += 1
                    given += verdict != "unclear"
                wrong += (verdict == "higher" and true < 0) or (verdict == "lower" and true > 0)
                rows += 1
        scale = products / squares if squares else float("nan")
        print(
            f"| {name} | {rows} | {held / rows:.0%} | {width / rows:.1f} | "
            f"{given / max(big, 1):.0%} of {big} | {wrong / rows:.1%} | {scale:.2f} |",
            flush=True)


def train_without(topic, binary, folder):
    """A model trained on Sanders without `topic` (its calibration fitted on
    the other topics held out in turn): the fitting protocol's model. Returns
    its path in `folder`."""
    model = os.path.join(folder, f"without-{topic}.json")
    data = os.path.join(folder, f"without-{topic}.csv")
    with open(os.path.join(DATA, "sanders-full-corpus.csv"), newline="") as f, open(
            data, "w", newline="") as out:
        reader = csv.DictReader(f)
        writer = csv.DictWriter(out, fieldnames=reader.fieldnames)
        writer.writeheader()
        writer.writerows(row for row in reader if row["Topic"] != topic)
    subprocess.run(
        [binary, "train", data, "--fit-groups", "Topic", "--out", model, "-q"], check=True)
    return model


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(HERE, "..", ".build", "release", "tweetalyze"))
    parser.add_argument("--pairs", type=int, default=50, help="pairs per group and kind of mix")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--held-out", action="store_true", help="measure the fitting protocol")
    args = parser.parse_args()
    sources = load()
    with tempfile.TemporaryDirectory() as folder:
        if not args.held_out:
            groups = [("dev", None, sources["dev"], sources["dev"])]
            groups += [(f"{t} (in-sample)", None, sources[t], sources[t]) for t in TOPICS]
            groups += [(f"{t} against dev", None, sources[t], sources["dev"]) for t in TOPICS]
        else:
            groups = []
            for topic in TOPICS:
                model = train_without(topic, args.binary, folder)
                groups.append((f"{topic} held out", model, sources[topic], sources[topic]))
                groups += [
                    (f"{topic} held out against {other}", model, sources[topic], sources[other])
                    for other in TOPICS if other != topic
                ]
        measure(args.binary, groups, args.pairs, args.seed, folder)


if __name__ == "__main__":
    sys.exit(main())
