"""The tables by event type that games fill where each function is written (`boardcore.game.handlers`)."""

from __future__ import annotations

import msgspec
import pytest

from boardcore.game.handlers import by_type


class Landed(msgspec.Struct):
    pass


class Launched(msgspec.Struct):
    pass


def test_says_fills_one_plain_table_and_refuses_a_second_describer():
    words, says = by_type()

    @says(Landed, Launched)
    def arrival(c, s, item, player) -> str:
        return "arrived"

    assert words == {Landed: arrival, Launched: arrival}
    assert arrival(None, None, Landed(), 1) == "arrived"     # the decorator gives the function back

    def again(c, s, item, player) -> str:
        return "again"

    with pytest.raises(ValueError, match="two describers for Landed: .*arrival and .*again"):
        says(Landed)(again)
    assert words[Landed] is arrival
