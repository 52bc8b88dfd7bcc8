#!/usr/bin/env python3
"""A value per class is a PerClass: fails on a new per-class array.

Run from the project's root: python3 Scripts/check-perclass.py

It finds, in Sources/, subscripts by a class's raw value (`x[label.rawValue]`)
and nested arrays of numbers (`[[Double]]`, `[[Int]]`) outside
Model/PerClass.swift. Some are not values per class and are allowed by rule:

- flat feature x class tables, indexed `id * Sentiment.count + label.rawValue`
  (the cache layout of the model's rows);
- the Newton solver's matrices inside CalibrationFit (Model/Calibration.swift,
  from `package enum CalibrationFit` on);
- lists of row indices per fold or group (`folds`, `parts`).

Every per-class value is a PerClass (issue 46 item 2): KNOWN is 0, and any
site found fails (`--list` lists them). Were one ever allowed back, KNOWN
would count it, and fewer than KNOWN is reported so that it comes down.
"""
import os
import re
import sys

# None left: the last six (the model's document counts and log priors and
# what read, wrote and merged them) became PerClass values.
KNOWN = 0

RAW = re.compile(r"\[[^\[\]]*\.rawValue\]")
NESTED = re.compile(r"\[\[(Double|Int)\]\]")
STRIDE = re.compile(r"Sentiment\.count \+ \w+\.rawValue\]")
INDEX_LISTS = re.compile(r"\b(folds|parts|heldOutParts|stratifiedFolds)\b")


def sites(root):
    """(file, line number, line) of every per-class array not allowed by rule."""
    found = []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(".swift") or name == "PerClass.swift":
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, root)
            solver = False
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    code = line.split("//", 1)[0]
                    if relative.endswith("Model/Calibration.swift") and "enum CalibrationFit" in code:
                        solver = True
                    if STRIDE.search(code):
                        continue
                    raw = RAW.search(code)
                    nested = NESTED.search(code)
                    if nested and (solver or INDEX_LISTS.search(code)):
                        nested = None
                    if raw and solver and "counts[" in code:
                        # the fit's class weights: counts of the labels, inside the solver
                        raw = None
                    if raw or nested:
                        found.append((relative, number, line.strip()))
    return found


def main():
    root = next((a for a in sys.argv[1:] if not a.startswith("--")), "Sources")
    found = sites(root)
    if len(found) > KNOWN:
        print(f"{len(found)} per-class arrays, {KNOWN} known: a value per class is a PerClass")
        for where, number, line in found:
            print(f"  {where}:{number}: {line}")
        sys.exit(1)
    if len(found) < KNOWN:
        print(f"note: {len(found)} per-class arrays left of {KNOWN} known: lower KNOWN")
    print(f"per-class arrays: {len(found)} known sites left, no new one (--list lists them)")
    if "--list" in sys.argv:
        for where, number, line in found:
            print(f"  {where}:{number}: {line}")


if __name__ == "__main__":
    main()
