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

Circles: no two files of a target may use each other, directly or through
others (traced as layers are), except the circles KNOWN_CIRCLES names with
the reason each is there; a known circle that is gone must leave the list.
A layer may have subfolders (Tweets/HTTP/); their files are the layer's.

  Scripts/check-layers.py --self-test   checks the checks on planted trees

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
# A layer's subfolders, lowest first: a file may not use a later one's.
SUBLAYERS = {'Tweets': ['Formats', 'HTTP', 'Sources']}
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
# The circles between files that may stay, each with its reason (also in
# docs/development.md, "Circles that stay"). Paths are relative to the target.
KNOWN_CIRCLES = {
    ('SentimentCore', frozenset({'Model/Vocabulary.swift', 'Speed/VocabularyFastPath.swift'})):
        'plain/fast twins: the vocabulary and its storage (Speed/README.md)',
    ('SentimentCore', frozenset({'ModelFile/ModelFile.swift', 'Speed/ModelFileReaderFastPath.swift'})):
        'plain/fast twins: the model file and its byte reader',
    ('SentimentCore', frozenset({'Model/Classifier.swift', 'Speed/ClassifierFastPath.swift'})):
        'plain/fast twins: the classifier and its hot loop, with the FeatureRows it scores with',
}
# The `@unchecked Sendable` types outside Speed/ and System/, each with why
# the compiler cannot check it; a new one fails (use Synchronization's Mutex
# or Atomic, which it can check).
UNCHECKED = {
    ('SentimentCore', 'Support/ParallelLines.swift', 'ChunkResult'):
        'holds a ByteSource chunk handed from one thread to the next',
    ('SentimentCore', 'Support/ParallelLines.swift', 'SourceBox'): 'touched by the reading thread only',
    ('SentimentCore', 'Support/ParallelLines.swift', 'OrderedResults'): 'waits on an NSCondition',
    ('SentimentCore', 'Support/Parallel.swift', 'BoundedQueue'): 'waits on an NSCondition',
    ('SentimentCore', 'Support/SHA256.swift', 'SHA256Pipe'): 'a serial DispatchQueue owns its state',
    ('SentimentCore', 'Tweets/HTTP/HTTPTransfers.swift', 'Transfers'):
        "URLSession's delegate (an NSObject), its state under a lock",
    ('SentimentCore', 'Tweets/HTTP/HTTPTransport.swift', 'HTTPTransport'):
        'one run of requests: the secrets it redacts, under a lock',
    ('SentimentCore', 'Training/CorpusTrainer.swift', 'CountingWorker'):
        'only its thread touches it until the thread has finished',
    ('tweetalyze', 'Output/Progress.swift', 'StepMeter'): 'draws to stderr under a lock',
    ('tweetalyze', 'Output/FetchDisplay.swift', 'FetchDisplay'):
        'a timer redraws the spinner; its state under a lock',
}
UNCHECKED_DECLARATION = re.compile(
    r'(?:class|struct|enum|actor)\s+(\w+)(?:<[^>]*>)?\s*:[^{]*@unchecked\s+Sendable')
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


def read_target(target, layers, sources=SOURCES):
    """Each Swift file of `target`: its path, layer and code. A file in a
    subfolder of a layer (Tweets/HTTP/) belongs to the layer."""
    root = os.path.join(sources, target)
    files = {}
    for folder in sorted(os.listdir(root)):
        if folder.endswith('.swift'):
            with open(os.path.join(root, folder), encoding='utf-8') as f:
                files[folder] = (TOP_LAYER, strip(f.read()))
            continue
        if not os.path.isdir(os.path.join(root, folder)):
            continue
        for directory, subfolders, names in os.walk(os.path.join(root, folder)):
            subfolders.sort()
            for name in sorted(names):
                if not name.endswith('.swift'):
                    continue
                path = os.path.relpath(os.path.join(directory, name), root).replace(os.sep, '/')
                if folder == 'Speed' and target == 'SentimentCore':
                    if name not in SPEED:
                        sys.exit(f'error: Speed/{name} has no layer in Scripts/check-layers.py')
                    layer = SPEED[name]
                elif folder in layers:
                    layer = folder
                else:
                    sys.exit(
                        f'error: Sources/{target}/{folder} is not a layer in Scripts/check-layers.py')
                with open(os.path.join(directory, name), encoding='utf-8') as f:
                    files[path] = (layer, strip(f.read()))
    return files


def uses(files):
    """For each file, the other files whose top-level names it uses."""
    declared = {}
    for path, (_, code) in files.items():
        for match in TOP.finditer(code):
            if not match.group('hidden'):
                declared.setdefault(match.group('name'), (path, match.group('kind') == 'func'))
    edges = {}
    for path, (_, code) in files.items():
        edges[path] = set()
        for name in set(re.findall(r'\b[A-Za-z_]\w*\b', code)) & declared.keys():
            where, function = declared[name]
            if where == path:
                continue
            if function and not re.search(r'(?<![.\w])' + name + r'\s*\(', code):
                continue
            edges[path].add(where)
    return edges


def circles(edges):
    """The groups of two or more files that use each other (Tarjan's strongly
    connected components), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(edges) + 100))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    sys.setrecursionlimit(limit)
    return found


def circle_problems(target, files, known):
    """Each circle between files of `target` that `known` does not name, and
    each known one of `target` that is gone."""
    edges = uses(files)
    problems = []
    seen = set()
    for group in circles(edges):
        key = (target, frozenset(group))
        if key in known:
            seen.add(key)
            continue
        links = '; '.join(
            f'{a} -> {b}' for a in group for b in sorted(edges[a]) if b in group)
        problems.append(
            f'{target}: a circle between {len(group)} files ({links}): move what both use down '
            'into a file of its own, or name the circle with its reason in KNOWN_CIRCLES and '
            'docs/development.md')
    for key in sorted(known, key=lambda key: sorted(key[1])):
        if key[0] == target and key not in seen:
            problems.append(
                f'{target}: the known circle {", ".join(sorted(key[1]))} is gone or changed: '
                'update KNOWN_CIRCLES and docs/development.md')
    return problems


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
            elif layer == other and layer in SUBLAYERS and path.count('/') > 1 and where.count('/') > 1:
                order = SUBLAYERS[layer]
                mine, theirs = path.split('/')[1], where.split('/')[1]
                if mine in order and theirs in order and order.index(theirs) > order.index(mine):
                    problems.append(f'{target}/{path} ({layer}/{mine}) uses {name} from {where} '
                                    f'({layer}/{theirs}), a later part of {layer}/')
    return problems


def unchecked_problems(target, files, allowed):
    """Each `@unchecked Sendable` type outside Speed/ and System/ that
    `allowed` does not name, and each named one that is gone."""
    problems, seen = [], set()
    for path, (_, code) in sorted(files.items()):
        if path.split('/')[0] in UNSAFE_FOLDERS:
            continue
        for match in UNCHECKED_DECLARATION.finditer(code):
            key = (target, path, match.group(1))
            if key in allowed:
                seen.add(key)
            else:
                problems.append(
                    f'{target}/{path}: {match.group(1)} is @unchecked Sendable: guard its state '
                    'with Synchronization\'s Mutex or Atomic, or name it with the reason in '
                    'UNCHECKED')
    for key in sorted(allowed):
        if key[0] == target and key not in seen:
            problems.append(f'{target}/{key[1]}: {key[2]} is no longer @unchecked Sendable: '
                            'remove it from UNCHECKED')
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


def check(sources=SOURCES, targets=None, known=None, unchecked=None):
    """The problems of the sources under `sources`, and a summary."""
    targets = TARGETS if targets is None else targets
    known = KNOWN_CIRCLES if known is None else known
    unchecked = UNCHECKED if unchecked is None else unchecked
    problems = []
    summary = []
    for target, layers in targets.items():
        files = read_target(target, layers, sources)
        problems += layer_problems(target, layers, files)
        problems += circle_problems(target, files, known)
        problems += unsafe_problems(target, files)
        problems += unchecked_problems(target, files, unchecked)
        for folder in UNSAFE_FOLDERS:
            held = any(path.startswith(folder + '/') for path in files)
            readme = os.path.join(sources, target, folder, 'README.md')
            if held and not os.path.exists(readme):
                problems.append(f'{target}/{folder} has no README.md saying why it is unsafe')
        summary.append(f'{target}: {len(files)} files in {len(layers)} layers')
    return problems, summary


def self_test():
    """Runs the checks on small planted trees: a clean one passes; a circle,
    a circle through a subfolder, an upward use from a subfolder and a
    stale known circle each fail with their message."""
    import tempfile

    def tree(files):
        root = tempfile.mkdtemp(prefix='check-layers-')
        for path, text in files.items():
            full = os.path.join(root, 'Core', path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, 'w', encoding='utf-8') as f:
                f.write(text)
        return root

    layers = {'Core': ['Low', 'High']}
    SUBLAYERS['Low'] = ['Sub', 'Top']
    clean = {
        'Low/A.swift': 'struct A {}\n',
        'Low/Sub/B.swift': 'struct B { var a: A }\n',
        'High/C.swift': '// uses D in a comment only\nstruct C { var b: B }\n',
        'High/D.swift': 'struct D { var c: C; var text = "A B" }\n',
    }
    cases = [
        ('a clean tree', clean, {}, None),
        ('a circle', {**clean, 'Low/A.swift': 'struct A { var b: [B] }\n'}, {},
         'a circle between 2 files (Low/A.swift -> Low/Sub/B.swift; Low/Sub/B.swift -> Low/A.swift)'),
        ('a circle of three', {**clean, 'High/C.swift': 'struct C { var b: B; var e: E }\n',
                               'High/E.swift': 'struct E { var d: [D] }\n'}, {},
         'a circle between 3 files'),
        ('an upward use from a subfolder', {**clean, 'Low/Sub/B.swift': 'struct B { var c: C }\n'},
         {}, 'Core/Low/Sub/B.swift (Low) uses C from High/C.swift (High)'),
        ('a use of a later part of a layer', {**clean, 'Low/Sub/B.swift': 'struct B { var f: F }\n',
                                              'Low/Top/F.swift': 'struct F {}\n'},
         {}, 'uses F from Low/Top/F.swift (Low/Top), a later part of Low/'),
        ('an unchecked Sendable class', {**clean, 'High/D.swift':
                                          'final class D: @unchecked Sendable { var c: C? }\n'},
         {}, 'Core/High/D.swift: D is @unchecked Sendable'),
        ('a known circle', {**clean, 'Low/A.swift': 'struct A { var b: [B] }\n'},
         {('Core', frozenset({'Low/A.swift', 'Low/Sub/B.swift'})): 'planted'}, None),
        ('a known circle that is gone', clean,
         {('Core', frozenset({'Low/A.swift', 'Low/Sub/B.swift'})): 'planted'},
         'the known circle Low/A.swift, Low/Sub/B.swift is gone'),
    ]
    failures = []
    for name, files, known, expected in cases:
        root = tree(files)
        try:
            problems, _ = check(root, layers, known, {})
        finally:
            import shutil
            shutil.rmtree(root)
        if expected is None and problems:
            failures.append(f'{name}: expected no problem, got {problems}')
        if expected is not None and not any(expected in problem for problem in problems):
            failures.append(f'{name}: expected a problem with {expected!r}, got {problems}')
    del SUBLAYERS['Low']
    for failure in failures:
        print('error: self-test: ' + failure, file=sys.stderr)
    if failures:
        sys.exit(1)
    print(f'check-layers self-test: {len(cases)} planted trees, each found as expected')


def main():
    if sys.argv[1:] == ['--self-test']:
        self_test()
        return
    problems, summary = check()
    for problem in problems:
        print('error: ' + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print('; '.join(summary) + ': no file uses a higher layer, no circle between files but the '
          'known ones, unsafe code only in Speed/ and System/, no new @unchecked Sendable')


if __name__ == '__main__':
    main()
