"""The state's copies (state.py): they share tuples and frozen ships, never a list, so playing on a copy (the
greedy bot does it for every action it weighs) cannot change the original; and nothing shared holds a list."""

from __future__ import annotations

import msgspec
from ss_helpers import RULES

from boardcore.agents.policies import RandomAgent
from boardcore.agents.play import agent_stream, seeded, start


def lists_in(value, found: dict[int, list] | None = None, in_tuple: bool = False) -> dict[int, list]:
    """Every list reachable from `value`, by identity; a list inside a tuple or a frozen struct is an error."""
    found = {} if found is None else found
    if isinstance(value, list):
        assert not in_tuple, f"a list inside something shared: {value}"
        found[id(value)] = value
        for item in value:
            lists_in(item, found)
    elif isinstance(value, tuple):
        for item in value:
            lists_in(item, found, True)
    elif isinstance(value, msgspec.Struct):
        frozen = value.__struct_config__.frozen
        for name in value.__struct_fields__:
            lists_in(getattr(value, name), found, in_tuple or frozen)
    return found


def positions(players: int, seed: int):
    """Every position of a random game, from the first decision to the end."""
    config = RULES.make_config(players=players)
    chance, choice = seeded(seed), agent_stream(seed)
    state, position = start(RULES, config, chance)
    bot = RandomAgent(RULES)
    while RULES.outcome(state) is None:
        yield state
        player = RULES.to_act(state)[0]
        action = bot.choose(None, [a for a in RULES.legal_actions(state) if a.player == player], choice(position))
        unfolding = RULES.unfold(state, action, chance(position), trusted=True)
        state, position = unfolding.state, position + len(unfolding.events)
    yield state


def test_a_copy_shares_no_list_with_its_original():
    for players in (1, 2, 4):
        for s in positions(players, seed=players):
            copy = RULES.copy(s)
            assert not lists_in(s).keys() & lists_in(copy).keys()
            assert msgspec.msgpack.encode(copy) == msgspec.msgpack.encode(s)


def test_playing_on_a_copy_leaves_the_original_as_it_was():
    for s in positions(3, seed=7):
        before = msgspec.msgpack.encode(s)
        for action in RULES.legal_actions(s)[:5]:
            RULES.unfold(s, action, seeded("copy")(1), trusted=True)
        assert msgspec.msgpack.encode(s) == before
