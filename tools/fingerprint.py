"""A fingerprint of a game's behaviour: one sha256 over the event streams of many seeded bot games.

A refactor that must not change the rules (a move of code between modules, a faster path) keeps the
fingerprint: run this on the old and the new code and compare. Random and greedy bots both play, so
the legal lists, the facts and the evaluation all take part.

Usage: python tools/fingerprint.py GAME [--games N] [-O KEY=VALUE ...] [-p PLAYERS]
"""

from __future__ import annotations

import argparse
import hashlib

import msgspec

from boardcore import games
from boardcore.agents import policies as agents
from boardcore.agents.play import agent_rng, seeded, start


def fingerprint(name: str, games_: int, config_options: dict) -> tuple[str, int]:
    rules = games.get(name)
    config = rules.make_config(**config_options)
    digest = hashlib.sha256()
    events = 0
    encode = msgspec.json.encode
    for g in range(games_):
        policies = ["greedy" if (g + p) % 3 == 0 else "random" for p in range(int(config.players))]
        bots = {p: agents.make(kind, rules) for p, kind in enumerate(policies, 1)}
        chance, choice = seeded(f"fingerprint/{g}"), agent_rng(f"fingerprint/{g}")
        state, position = start(rules, config, chance)
        digest.update(encode(state))
        while rules.outcome(state) is None:
            player = rules.to_act(state)[0]
            legal = [a for a in rules.legal_actions(state) if a.player == player]
            digest.update(b"".join(encode(a) for a in legal))
            action = bots[player].choose(rules.view(state, player), legal, choice(position))
            for event in rules.decide(state, action, chance(position)):
                digest.update(encode(event))
                state = rules.evolve(state, event)
                position += 1
                events += 1
        digest.update(encode(rules.outcome(state)))
    return digest.hexdigest(), events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("-p", "--players", type=int)
    parser.add_argument("-O", dest="options", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.options)
    if args.players is not None:
        options["players"] = args.players
    digest, events = fingerprint(args.game, args.games, options)
    print(f"{args.game} {options} games={args.games} events={events} sha256={digest}")


if __name__ == "__main__":
    main()
