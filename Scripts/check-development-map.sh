#!/usr/bin/env bash
# Fails when a Swift file under Sources/ is not named in docs/development.md,
# so that the map of the code stays true. Run by .ci/run.
#
#   Scripts/check-development-map.sh
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
echo "$map names all $(find Sources -name '*.swift' | wc -l) source files"
