#!/usr/bin/env bash
# make demo: a bot game of the first installed game that loads, saved, shown and audited.
# Each command is printed exactly as it is run (`run`), so a reader can type it again.
set -euo pipefail
boardcore=${1:-boardcore}
mkdir -p demo
export BOARDCORE_DB=$PWD/demo/games.sqlite

run() {
  echo "== boardcore $*"
  "$boardcore" "$@"
}

run games
for game in solar-sphere warlords apogee; do
  if "$boardcore" games --json | python3 -c "import json,sys; sys.exit(0 if any(g['name']=='$game' and g['version']!='?' for g in json.load(sys.stdin)) else 1)"; then
    file=demo/$game.jsonl
    rm -f "$file" "$file.seed"
    echo; run new "$game" --players 2 --seat 1=greedy --seat 2=random --seed demo -o "$file"
    echo; run show "$file"
    echo; run audit "$file"
    exit 0
  fi
done
echo "no game package is installed yet: nothing to play"
