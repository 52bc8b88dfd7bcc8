#!/usr/bin/env bash
# Fails when docs/development.md, the map of the code, is not true where a script can tell.
# Run by .ci/run.
#
#   Scripts/check-development-map.sh
#
# It checks that:
# - every Swift file under Sources/ is named in the map;
# - every file in the map's tables exists in the folder its table or row says;
# - a type a row names (`Featurizer`) is declared or extended in that row's file, unless the
#   word before it says it is another file's (`over`, `by`, `to a`, `of`, `from`, `with`,
#   `uses`, `the bytes`);
# - a folder heading's "(uses X and Y only)" or "(uses nothing else)" matches what the folder's
#   files use, traced as Scripts/check-layers.py traces them;
# - the READMEs of Speed/ and System/ have a row for each file in their folder and no other,
#   and each test Speed/README.md names ("FooTests") exists.
set -euo pipefail
cd "$(dirname "$0")/.."
map=docs/development.md
missing=0
while IFS= read -r file; do
  name=$(basename "$file")
  if ! grep -qF "\`$name\`" "$map"; then
    echo "error: $file is not named in $map; add a line saying what it is for" >&2
    missing=$((missing + 1))
  fi
done < <(find Sources -name '*.swift' | sort)
if [ "$missing" -ne 0 ]; then
  exit 1
fi
python3 - "$map" <<'EOF'
import importlib.util, os, re, sys

sys.dont_write_bytecode = True
spec = importlib.util.spec_from_file_location('layers', 'Scripts/check-layers.py')
layers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(layers)

DECLARATION = re.compile(
    r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*'
    r'(?:(?:public|package|internal|final|indirect|nonisolated|private|fileprivate)\s+)*'
    r'(?:struct|enum|class|protocol|typealias|actor|extension)\s+([A-Za-z_]\w*)', re.M)
REFERENCE = re.compile(r'(?:\bover|\bby|\bto an?|\bof|\bfrom|\bwith|\buses?|the bytes)\s+$')
problems = []

declared = {}
for root, _, names in os.walk('Sources'):
    for name in names:
        if name.endswith('.swift'):
            path = os.path.join(root, name)
            with open(path, encoding='utf-8') as f:
                for match in DECLARATION.finditer(layers.strip(f.read())):
                    declared.setdefault(match.group(1), set()).add(path)

with open(sys.argv[1], encoding='utf-8') as f:
    text = f.read()
target = heading = None
uses_claims = []
rows = 0
for line in text.split('\n'):
    if line.startswith('## '):
        target = ('tweetalyze' if line.startswith('## tweetalyze')
                  else 'SentimentCore' if line.startswith('## SentimentCore') else None)
        heading = None
    match = re.match(r'### ([\w/]+)(.*)', line)
    if match:
        heading = match.group(1)
        claim = re.search(r'\(uses (.+?) only\)|\(uses (nothing) else\)', match.group(2))
        if claim and target:
            allowed = re.split(r',\s*|\s+and\s+', claim.group(1) or '')
            uses_claims.append((target, heading, {name for name in allowed if name}))
    if not line.startswith('|') or target is None:
        continue
    cells = [cell.strip() for cell in line.strip().strip('|').split('|')]
    if target == 'tweetalyze' and len(cells) == 3:
        folder, file_cell, description = cells
    elif target == 'SentimentCore' and len(cells) == 2 and heading:
        folder, (file_cell, description) = heading, cells
    else:
        continue
    name = re.fullmatch(r'`(\w+\.swift)`', file_cell)
    if not name:
        continue
    rows += 1
    path = os.path.join('Sources', target, folder, name.group(1))
    if not os.path.isfile(path):
        problems.append(f'the map puts {name.group(1)} in {os.path.dirname(path)}, where it is not')
        continue
    for match in re.finditer(r'`([A-Z]\w*)`', description):
        where = declared.get(match.group(1))
        if where and path not in where and not REFERENCE.search(description[:match.start()]):
            problems.append(
                f'the map says {path} holds `{match.group(1)}`, declared in {", ".join(sorted(where))}')

# "(uses X only)": what the folder's files use, traced as check-layers traces it.
for target, folder, allowed in uses_claims:
    files = layers.read_target(target, layers.TARGETS[target])
    owner = {}
    for path, (layer, code) in files.items():
        for match in layers.TOP.finditer(code):
            if not match.group('hidden'):
                owner.setdefault(match.group('name'), (layer, match.group('kind') == 'func'))
    used = set()
    for path, (_, code) in files.items():
        if not path.startswith(folder + '/'):
            continue
        for word in set(re.findall(r'\b[A-Za-z_]\w*\b', code)) & owner.keys():
            other, function = owner[word]
            # A function is used when it is called by its bare name.
            if function and not re.search(r'(?<![.\w])' + word + r'\s*\(', code):
                continue
            if other != folder.split('/')[0]:
                used.add(other)
    if used - allowed:
        problems.append(
            f'the map says {target}/{folder} uses {" and ".join(sorted(allowed)) or "nothing else"} '
            f'only, but it uses {", ".join(sorted(used - allowed))}')

# The READMEs of Speed/ and System/: a row per file, and the tests they name exist.
tests = {os.path.splitext(name)[0] for _, _, names in os.walk('Tests') for name in names}
for readme in ['Sources/SentimentCore/Speed/README.md', 'Sources/SentimentCore/System/README.md',
               'Sources/tweetalyze/System/README.md']:
    folder = os.path.dirname(readme)
    with open(readme, encoding='utf-8') as f:
        table = [line for line in f.read().split('\n') if re.match(r'\| `\w+\.swift` \|', line)]
    listed = {re.match(r'\| `(\w+\.swift)`', line).group(1) for line in table}
    present = {name for name in os.listdir(folder) if name.endswith('.swift')}
    for name in sorted(present - listed):
        problems.append(f'{readme} has no row for {name}')
    for name in sorted(listed - present):
        problems.append(f'{readme} has a row for {name}, which is not in {folder}')
    for line in table:
        for test in re.findall(r'`(\w+Tests)`', line):
            if test not in tests:
                problems.append(f'{readme} names {test}, which is no test file')

for problem in problems:
    print('error: ' + problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f'{rows} rows of the map are true where checked')
EOF
echo "$map names all $(find Sources -name '*.swift' | wc -l) source files"
