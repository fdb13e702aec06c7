"""The estimates' memo: one answer per key, made once, and never more answers than its size."""

from __future__ import annotations

from boardcore.game.memo import Memo


def test_an_answer_is_made_once_per_key_and_kept():
    memo, made = Memo(8), []

    def make(key):
        made.append(key)
        return [key]

    first = memo.get(("a", 1), lambda: make(("a", 1)))
    assert memo.get(("a", 1), lambda: make(("a", 1))) is first
    assert memo.get(("a", 2), lambda: make(("a", 2))) == [("a", 2)]
    assert made == [("a", 1), ("a", 2)] and len(memo) == 2


def test_a_full_memo_starts_afresh():
    memo = Memo(3)
    for k in range(10):
        memo.get(k, lambda k=k: k * 10)
        assert len(memo) <= 3
    assert memo.get(9, lambda: -1) == 90          # the newest answer survives the last clearing
    assert memo.get(0, lambda: -1) == -1          # an old one was let go and is made again
