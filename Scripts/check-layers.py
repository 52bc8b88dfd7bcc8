#!/usr/bin/env python3
"""Checks that SentimentCore's folders are layers: no file uses a type, or a
top-level function, declared in a higher layer. Run by .ci/run.

  Scripts/check-layers.py

The layers, lowest first, are the folders below; a file in Speed/ belongs to
the layer of the plain code it speeds up (SPEED). A name counts as used when
it appears as a word outside comments and string literals (a function: when
it is called by its bare name). Members of extensions are not traced: an
extension on a lower layer's type belongs to the layer of its file.
"""
import os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Sources', 'SentimentCore')
LAYERS = ['Support', 'Text', 'Tweets', 'Model', 'ModelFile', 'Scoring', 'Training', 'Evaluation']
# Text and Tweets are siblings: neither may use the other.
SIBLINGS = {('Text', 'Tweets'), ('Tweets', 'Text')}
SPEED = {
    'TokenizerFastPath.swift': 'Text',
    'VocabularyFastPath.swift': 'Model',
    'FeatureTableFastPath.swift': 'Model',
    'TrainerFastPath.swift': 'Model',
    'ClassifierFastPath.swift': 'Model',
    'PairIndexFastPath.swift': 'Model',
    'ModelFileReaderFastPath.swift': 'ModelFile',
}
# A top-level declaration: at the start of a line, not indented.
TOP = re.compile(
    r'^(?:@\w+(?:\([^)]*\))?\s+)*(?P<hidden>(?:fileprivate|private)\s+)?'
    r'(?:(?:public|package|internal|final|indirect|nonisolated)\s+)*'
    r'(?P<kind>struct|enum|class|protocol|typealias|actor|func)\s+(?P<name>[A-Za-z_]\w*)', re.M)


def strip(text):
    """The code without comments and string literals."""
    text = re.sub(r'#*"""[\s\S]*?"""#*', '""', text)
    text = re.sub(r'/\*[\s\S]*?\*/', '', text)
    text = re.sub(r'//[^\n]*', '', text)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)


def main():
    files = {}
    for folder in os.listdir(ROOT):
        for name in os.listdir(os.path.join(ROOT, folder)):
            if name.endswith('.swift'):
                if folder == 'Speed':
                    if name not in SPEED:
                        sys.exit(f'error: Speed/{name} has no layer in Scripts/check-layers.py')
                    layer = SPEED[name]
                elif folder in LAYERS:
                    layer = folder
                else:
                    sys.exit(f'error: Sources/SentimentCore/{folder} is not a layer in Scripts/check-layers.py')
                with open(os.path.join(ROOT, folder, name), encoding='utf-8') as f:
                    files[f'{folder}/{name}'] = (layer, strip(f.read()))
    # Top-level declarations only (no indentation), each name's layer.
    declared = {}
    for path, (layer, code) in files.items():
        for match in TOP.finditer(code):
            if match.group('hidden'):
                continue  # private and fileprivate names stay in their file
            declared.setdefault(match.group('name'), (layer, path, match.group('kind') == 'func'))
    problems = []
    for path, (layer, code) in sorted(files.items()):
        rank = LAYERS.index(layer)
        words = set(re.findall(r'\b[A-Za-z_]\w*\b', code))
        for name in sorted(words & declared.keys()):
            other, where, function = declared[name]
            if where == path:
                continue
            # A function is used when it is called by its bare name.
            if function and not re.search(r'(?<![.\w])' + name + r'\s*\(', code):
                continue
            if LAYERS.index(other) > rank or (layer, other) in SIBLINGS:
                problems.append(f'{path} ({layer}) uses {name} from {where} ({other})')
    for problem in problems:
        print('error: ' + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f'{len(files)} files in {len(LAYERS)} layers: no file uses a higher layer')


if __name__ == '__main__':
    main()
