#!/usr/bin/env python3
"""Checks that the folders of both targets are layers, and that unsafe code
stays in Speed/ and System/. Run by .ci/run.

  Scripts/check-layers.py

Layers: no file uses a type, or a top-level function, declared in a higher
layer of its target. The layers, lowest first, are the folders in TARGETS; a
file in SentimentCore's Speed/ belongs to the layer of the plain code it
speeds up (SPEED), and a file at the top of a target's folder (main.swift)
to a layer above all others. A name counts as used when it appears as a word
outside comments and string literals (but inside their interpolations); a
function, when it is called by its bare name. Members of extensions are not
traced: an extension on a lower layer's type belongs to the layer of its
file.

Unsafe code: outside Speed/ and System/, no file may hold pointers, unchecked
subscripts or exclusivity, C allocation, symbol lookup or memory rebinding
(UNSAFE); each such file is in a folder whose README says why it needs them.
"""
import os, re, sys

SOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Sources')
TARGETS = {
    'SentimentCore': [
        'Generated', 'System', 'Support', 'Text', 'Tweets', 'Model', 'ModelFile', 'Scoring', 'Training',
        'Evaluation',
    ],
    # System: signal handlers; Base: what every folder uses (exit statuses,
    # RuntimeError, the environment, the version); Output below CLI, whose
    # parser writes errors with ErrorLine; Commands on top.
    'tweetalyze': ['System', 'Base', 'Output', 'CLI', 'Commands'],
}
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
    'CountRowsFastPath.swift': 'Model',
    'LexiconReaderFastPath.swift': 'Text',
    'ReaderTableSource.swift': 'Text',
}
# The folders where unsafe code may be, each with a README.md that says why.
UNSAFE_FOLDERS = {'Speed', 'System'}
UNSAFE = re.compile(
    r'Unsafe\w*|withUnsafe\w*|unsafeBitCast|unsafeDowncast|\[unchecked:|@exclusivity\(unchecked\)'
    r'|\b(?:malloc|calloc|realloc|free|strdup|mmap|munmap|dlsym|dlopen)\s*\('
    r'|assumingMemoryBound|bindMemory|withMemoryRebound')
TOP_LAYER = 'top'
# A top-level declaration: at the start of a line, not indented.
TOP = re.compile(
    r'^(?:@\w+(?:\([^)]*\))?\s+)*(?P<hidden>(?:fileprivate|private)\s+)?'
    r'(?:(?:public|package|internal|final|indirect|nonisolated)\s+)*'
    r'(?P<kind>struct|enum|class|protocol|typealias|actor|func)\s+(?P<name>[A-Za-z_]\w*)', re.M)


def interpolations(literal):
    """The code inside a string literal's interpolations, `\\(…)`."""
    parts = []
    index = literal.find('\\(')
    while index >= 0:
        depth, end = 0, index + 1
        while end < len(literal):
            depth += {'(': 1, ')': -1}.get(literal[end], 0)
            if depth == 0:
                break
            end += 1
        parts.append(literal[index + 2:end])
        index = literal.find('\\(', end)
    return ' '.join(parts)


def strip(text):
    """The code without comments and string literals (an interpolation's code stays)."""
    text = re.sub(r'#*"""[\s\S]*?"""#*', lambda m: '"' + interpolations(m.group(0)) + '"', text)
    text = re.sub(r'/\*[\s\S]*?\*/', '', text)
    text = re.sub(r'//[^\n]*', '', text)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', lambda m: '" ' + interpolations(m.group(0)) + ' "', text)


def read_target(target, layers):
    """Each Swift file of `target`: its path, layer and code."""
    root = os.path.join(SOURCES, target)
    files = {}
    for folder in sorted(os.listdir(root)):
        if folder.endswith('.swift'):
            with open(os.path.join(root, folder), encoding='utf-8') as f:
                files[folder] = (TOP_LAYER, strip(f.read()))
            continue
        if not os.path.isdir(os.path.join(root, folder)):
            continue
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if not name.endswith('.swift'):
                continue
            if folder == 'Speed' and target == 'SentimentCore':
                if name not in SPEED:
                    sys.exit(f'error: Speed/{name} has no layer in Scripts/check-layers.py')
                layer = SPEED[name]
            elif folder in layers:
                layer = folder
            else:
                sys.exit(f'error: Sources/{target}/{folder} is not a layer in Scripts/check-layers.py')
            with open(os.path.join(root, folder, name), encoding='utf-8') as f:
                files[f'{folder}/{name}'] = (layer, strip(f.read()))
    return files


def layer_problems(target, layers, files):
    """Each use of a name declared in a higher layer of `target`."""
    ranks = {layer: index for index, layer in enumerate(layers)}
    ranks[TOP_LAYER] = len(layers)
    declared = {}
    for path, (layer, code) in files.items():
        for match in TOP.finditer(code):
            if match.group('hidden'):
                continue  # private and fileprivate names stay in their file
            declared.setdefault(match.group('name'), (layer, path, match.group('kind') == 'func'))
    problems = []
    for path, (layer, code) in sorted(files.items()):
        words = set(re.findall(r'\b[A-Za-z_]\w*\b', code))
        for name in sorted(words & declared.keys()):
            other, where, function = declared[name]
            if where == path:
                continue
            # A function is used when it is called by its bare name.
            if function and not re.search(r'(?<![.\w])' + name + r'\s*\(', code):
                continue
            if ranks[other] > ranks[layer] or (layer, other) in SIBLINGS:
                problems.append(f'{target}/{path} ({layer}) uses {name} from {where} ({other})')
    return problems


def unsafe_problems(target, files):
    """Each file outside Speed/ and System/ with unsafe code, and what it holds."""
    problems = []
    for path, (_, code) in sorted(files.items()):
        if path.split('/')[0] in UNSAFE_FOLDERS:
            continue
        found = sorted({match.group(0).rstrip('( ') for match in UNSAFE.finditer(code)})
        if found:
            problems.append(
                f'{target}/{path} holds {", ".join(found)}: move it to System/ (and say why in '
                'its README.md) or to Speed/')
    return problems


def main():
    problems = []
    summary = []
    for target, layers in TARGETS.items():
        files = read_target(target, layers)
        problems += layer_problems(target, layers, files)
        problems += unsafe_problems(target, files)
        for folder in UNSAFE_FOLDERS:
            held = any(path.startswith(folder + '/') for path in files)
            readme = os.path.join(SOURCES, target, folder, 'README.md')
            if held and not os.path.exists(readme):
                problems.append(f'{target}/{folder} has no README.md saying why it is unsafe')
        summary.append(f'{target}: {len(files)} files in {len(layers)} layers')
    for problem in problems:
        print('error: ' + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print('; '.join(summary) + ': no file uses a higher layer, unsafe code only in Speed/ and '
          'System/')


if __name__ == '__main__':
    main()
