"""Every boardcore game as an OpenSpiel game (extra `[openspiel]`: open_spiel, with the `[rl]` packages).

    from boardcore import openspiel
    game = openspiel.load_game("boardcore_warlords", players=2)     # a pyspiel.Game
    state = game.new_initial_state()                               # a pyspiel.State over a boardcore Session
    state.apply_action(state.legal_actions()[0])
    state.session.save("game.jsonl")                               # a real stream: `boardcore audit` proves it

The games are registered through OpenSpiel's Python game API (`pyspiel.register_game`) as
`boardcore_solar_sphere`, `boardcore_apogee` and `boardcore_warlords`; `pyspiel.load_game` finds them
once this package is imported. Their parameters are the game's own options (`players`, `level`,
`mission`, …: its config) and `seed`: "" (the default) gives every episode a fresh secret seed, as a
Session does; a seed `s` plays `s`, then `s/1`, `s/2`, … in the game's later episodes.

**Actions** are the game's action codec indexes (`num_distinct_actions` is the codec's size, the same
for every seat); players are numbered from 0 (boardcore's seat 1 is OpenSpiel's player 0).
**Returns** are those of `boardcore.rl`'s "win" reward: +1 for a win (a shared win split among the
winners), -1 for a loss, 0 for a game cut short by its turn cap; general-sum, in [-1, 1].

**Chance: sampled, drawn from the game's seed, in all three games.** A boardcore game never stops
between a decision and its luck: `decide` rolls or shuffles inside the decision that causes it and
records the values as facts, with the generator `Rng.derive(seed, position)`. An OpenSpiel chance node
would let the caller pick those values, and the stream's facts would then no longer be the ones its
seed derives: it could not be audited. So every game is `SAMPLED_STOCHASTIC` (no chance nodes,
`max_chance_outcomes` 0), its chance is the seed's, and every episode audits. What each game draws:

- *Solar Sphere*: the dock dice (3d6 each round), the resistance die, auxiliary dice and the Dranda
  automa's die: small, enumerable outcomes, but drawn mid-decision with the rest of its effects; the
  sphere's layout, scoring card, crew and Dranda decks and turn order at setup, and the Dranda deck's
  reshuffle in play: whole orders of cards, too many outcomes to list.
- *Apogee*: the main die and additional dice (launches, engineers, engines, funds), the static-fire
  test, Nation Interventions and an engineer dismissed at random (inside decisions); the piles'
  shuffles at setup (investors, juniors, seniors, events, Directors).
- *Galactic Warlords*: the bombard and invasion dice and their rerolls, a card taken at random from
  a hand; the planet tiles, reputation markers, mercenary and support decks and the first player at setup.

A state and its clones share the seed, so a clone meets the same luck as the state it was cloned
from (OpenSpiel's clone and serialisation tests require it). Search that must not foresee luck starts
from `resample_from_infostate`, which also draws a fresh seed.

**Hidden information** reaches a player only through the seat's `view`: the information-state and
observation strings are the view's canonical JSON, the tensors its observation encoding
(`Rules.observation`, the one `boardcore.rl` uses), so two positions that differ only in what a seat
cannot see give that seat the same strings and tensors. The view shows all a seat may know of the
present, not a record of the past: the information state is not OpenSpiel's perfect-recall history
(these games are far too large for the algorithms that need one, such as CFR), and it is the same
as the observation. `resample_from_infostate(player, sampler)` deals what the player cannot see
afresh through the game's `hidden_variant` (OpenSpiel's ISMCTS calls it every simulation).

Each OpenSpiel state holds one line of play (`game.Line`): the state made by `new_initial_state`
plays through a live `Session`; a clone (search) plays the same decisions by `Rules.unfold` with the
same seed and positions, exactly as the session would, and writes its session when `session` is
first asked for. Serialisation stores the game's seed and the decisions, and is read back by
replaying them.

OpenSpiel's `ISMCTSBot` and `MCTSBot` sit at boardcore tables as the agents `openspiel-ismcts` and
`openspiel-mcts` (`boardcore.openspiel.bots`).
"""

from __future__ import annotations

from typing import Any

from boardcore.game.errors import BoardcoreError

__all__ = ["GAMES", "load_game"]

GAMES = {"boardcore_solar_sphere": "solar-sphere", "boardcore_apogee": "apogee", "boardcore_warlords": "warlords"}
"""OpenSpiel's names for boardcore's games."""


def _require() -> None:
    """OpenSpiel and the `[rl]` packages, or one line saying how to get them."""
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError as exc:
        raise BoardcoreError(f"boardcore.openspiel needs open_spiel, numpy and gymnasium ({exc.name or exc} is missing): "
                             "pip install 'boardcore[openspiel]'") from None


def load_game(name: str, **params: Any) -> Any:
    """The OpenSpiel game `name` (`boardcore_warlords`, …) with `params` (the game's options and `seed`):
    `pyspiel.load_game(name, params)` once the games are registered."""
    _require()
    import pyspiel  # type: ignore[import-not-found]

    from boardcore.openspiel import game  # noqa: F401  (registers the games)

    if name not in GAMES:
        raise BoardcoreError(f"no OpenSpiel game {name!r}; boardcore's are {', '.join(GAMES)}")
    return pyspiel.load_game(name, params)
