"""What the viewer tests share: a toy game that draws, describes and charts itself (so its pages
have boards that change and hidden cards with names to look for), games played by bots, and a
stand-in for the heavy boards the real games will draw.

Toy Pig's cards are numbers, and numbers are everywhere in a page; the pictured variant names
each card after an animal, so "is P2's card in P1's file?" is a plain byte search.
"""

from __future__ import annotations

import html
import json
import math
import re
from pathlib import Path

from boardcore import games
from boardcore.agents import policies as agents
from boardcore.agents.play import agent_rng
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile

from toygame.game import CardPicked, CardsRevealed, DeckShuffled, DieRolled, GameEnded, HandDealt, Hold, Roll, \
    RoundEnded, ToyPig

CARD_NAMES = {1: "Aardvark", 2: "Bison", 3: "Caracal", 4: "Dingo", 5: "Echidna", 6: "Fossa", 7: "Gharial",
              8: "Hoatzin", 9: "Ibex"}
SEAT_COLOURS = ("#b03a2e", "#2e6fb0", "#2e9a4f", "#c77c11")
"""The pictured toy's seats, on its board and in its charts."""
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def card(number: int) -> str:
    return CARD_NAMES[number] if number else "a hidden card"


class PicturedPig(ToyPig):
    """Toy Pig with a board, words and figures of its own (the same rules and events)."""

    name = "toy-pig-pictured"

    def draw(self, view, player):
        rows = [f'<text x="10" y="20">round {view.round} of {view.rounds}, {view.phase}</text>']
        for p in range(1, view.players + 1):
            hand = ", ".join(card(c) for c in view.hands[p - 1]) or "no cards"
            picked = f"; picked {card(view.picks[p - 1])}" if view.picks[p - 1] else ""
            turn = f"; running {view.running}" if view.turn == p else ""
            rows.append(f'<text x="10" y="{20 + 22 * p}" class="seat">P{p}: score {view.scores[p - 1]}; hand '
                        f"{html.escape(hand)}{picked}{turn}</text>")
            rows.append(f'<rect x="300" y="{8 + 22 * p}" width="{4 * view.scores[p - 1] + 1}" height="14" '
                        f'fill="{SEAT_COLOURS[p - 1]}"/>')
        played = ", ".join(card(c) for c in view.played) or "none"
        deck = ", ".join(card(c) for c in view.deck)
        rows.append(f'<text x="10" y="{44 + 22 * view.players}">played: {played}; deck: {deck}</text>')
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 520 160">' + "".join(rows) + "</svg>")

    def describe(self, state, item, player):
        if isinstance(item, CardPicked):
            return f"P{item.player} picks {card(item.card)} face down"
        if isinstance(item, HandDealt):
            return f"P{item.player} is dealt " + ", ".join(card(c) for c in item.cards)
        if isinstance(item, DeckShuffled):
            return "the deck is shuffled"
        if isinstance(item, CardsRevealed):
            return "the picks are shown: " + ", ".join(f"P{p} {card(c)}" for p, c in enumerate(item.picks, 1))
        if isinstance(item, Roll):
            return f"P{item.player} rolls"
        if isinstance(item, Hold):
            return f"P{item.player} holds, banking {state.running}"
        if isinstance(item, DieRolled):
            return f"the die shows {item.value}" + (": the running total is lost" if item.value == 1 else "")
        if isinstance(item, RoundEnded):
            return f"round {item.round} ends"
        if isinstance(item, GameEnded):
            return "the game ends: " + ", ".join(f"P{p} {s}" for p, s in enumerate(item.scores, 1))
        return super().describe(state, item, player)

    def colours(self, config):
        return {f"P{p}": SEAT_COLOURS[p - 1] for p in range(1, config.players + 1)}

    def figures(self, state):
        return {"score": {f"P{p}": state.scores[p - 1] for p in range(1, state.players + 1)},
                "running total": {"to act": state.running}}


PICTURED = games.register(PicturedPig())


def bot_game(game, *, path: Path | None = None, seed: int = 1, decisions: int | None = None, **options) -> Session:
    """A game played by random bots: to the end, or for `decisions` decisions (a game in progress),
    saved as a replay file when `path` is given."""
    rules = games.get(game) if isinstance(game, str) else game
    store = JsonlFile(path) if path is not None else None
    session = Session.new(rules, seed=seed, store=store, seats=["random"] * rules.make_config(**options).players,
                          **options)
    bot = agents.make("random", rules)
    choice = agent_rng(seed)
    made = 0
    while session.to_act and (decisions is None or made < decisions):
        player = session.to_act[0]
        session.apply(bot.choose(None, session.legal_actions(player), choice(session.position)))
        made += 1
    return session


def viewer_data(page: str) -> dict:
    """The data the page's script reads (the JSON inside `<script id="viewer-data">`)."""
    found = re.search(r'<script type="application/json" id="viewer-data">(.*?)</script>', page, re.S)
    assert found, "the page carries no viewer data"
    return json.loads(found.group(1))


def heavy(rules_or_name):
    """The same rules drawing a board of about 40 KB: a fixed map of 300 hexes (as Solar Sphere's
    rings or Warlords' sectors are) and the game's text picture as labels, which change with play:
    the size of board the page must carry for real games."""
    rules = games.get(rules_or_name) if isinstance(rules_or_name, str) else rules_or_name

    hexes = []
    for i in range(300):
        x, y = (i % 25) * 46 + 24, (i // 25) * 40 + 24
        points = " ".join(f"{x + 22 * math.cos(a * math.pi / 3):.1f},{y + 22 * math.sin(a * math.pi / 3):.1f}"
                          for a in range(6))
        hexes.append(f'<polygon class="hex" points="{points}" fill="#eef1f7" stroke="#99a3b8"/>')

    def draw(self, view, player):
        parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1000">', *hexes]
        for i, line in enumerate(str(self.render(view, player)).splitlines()[:160]):
            parts.append(f'<text x="8" y="{500 + i * 11}" font-size="10">{html.escape(line)}</text>')
        return "".join(parts) + "</svg>"

    return type(f"Heavy{type(rules).__name__}", (type(rules),), {"draw": draw})()
