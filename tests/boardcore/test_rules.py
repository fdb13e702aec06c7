"""The contract's shared defaults: options from text, and the text form of actions."""

from __future__ import annotations

import msgspec
import pytest

from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.game.rules import Game, format_action, parse_action


class Config(msgspec.Struct, frozen=True, kw_only=True):
    players: int = 2
    tiebreak: bool = False
    level: str = "standard"


class Place(Decision):
    dice: tuple[int, ...]
    secret: bool
    where: str


class Tiny(Game):
    name, version = "tiny", "1"
    min_players, max_players = 1, 4
    config_type = Config
    events = (Place,)

    def to_act(self, state):
        return (1, 2)

    def legal_actions(self, state):
        return [Place(player=p, dice=(1, 2), secret=True, where="dock") for p in (1, 2)]


@pytest.mark.parametrize("text, expected", [("yes", True), ("no", False), ("true", True), ("1", True),
                                            ("N", False), ("false", False), ("0", False)])
def test_options_read_booleans_from_text(text, expected):
    assert Tiny().make_config(players="3", tiebreak=text) == Config(players=3, tiebreak=expected)


def test_unknown_and_ill_typed_options_are_clear_errors():
    with pytest.raises(BoardcoreError, match="colour not known; the options are players, tiebreak, level"):
        Tiny().make_config(colour="blue")
    with pytest.raises(BoardcoreError, match="bad tiny option players=many: it takes a whole number"):
        Tiny().make_config(players="many")
    with pytest.raises(BoardcoreError, match="bad tiny option tiebreak=maybe: it takes yes or no"):
        Tiny().make_config(tiebreak="maybe")     # once read as no


def test_action_text_round_trips():
    action = Place(player=2, dice=(3, 4), secret=False, where="crew_station")
    text = format_action(action)
    assert text == "P2 place dice=3,4 secret=no where=crew_station"
    assert parse_action(Tiny(), None, text) == action


def test_the_player_may_be_left_out_unless_ambiguous():
    with pytest.raises(BoardcoreError, match="ambiguous"):
        parse_action(Tiny(), None, "place dice=1,2 secret=yes where=dock")
    assert parse_action(Tiny(), None, "place dice=6 secret=yes where=dock").player == 1  # legal for nobody


def test_unknown_fields_and_actions_are_named():
    with pytest.raises(BoardcoreError, match="place takes dice=… secret=… where=…"):
        parse_action(Tiny(), None, "P1 place colour=red")
    with pytest.raises(BoardcoreError, match="unknown action 'fly'"):
        parse_action(Tiny(), None, "P1 fly")
