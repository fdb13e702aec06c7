#!/usr/bin/env bash
# make demo: a bot game of the first installed game that loads, saved, shown and audited.
set -euo pipefail
boardcore=${1:-boardcore}
mkdir -p demo
export BOARDCORE_DB=$PWD/demo/games.sqlite
echo "== boardcore games"
"$boardcore" games
for game in solar-sphere warlords apogee; do
  if "$boardcore" games --json | python3 -c "import json,sys; sys.exit(0 if any(g['name']=='$game' and g['version']!='?' for g in json.load(sys.stdin)) else 1)"; then
    file=demo/$game.jsonl
    rm -f "$file" "$file.seed"
    echo; echo "== boardcore new $game --players 2 --seat 1=greedy --seat 2=random -o $file"
    "$boardcore" new "$game" --players 2 --seat 1=greedy --seat 2=random --seed demo -o "$file"
    echo; echo "== boardcore show $file"
    "$boardcore" show "$file"
    echo; echo "== boardcore audit $file"
    "$boardcore" audit "$file"
    exit 0
  fi
done
echo "no game package is installed yet: nothing to play"
