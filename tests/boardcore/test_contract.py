"""The contract a game writes (`boardcore.game.rules`) says what it says: `Required` is all a game must
write, `Game` has a default for everything else in `Rules`, and every member is documented."""

from __future__ import annotations

import ast
import inspect

import msgspec

from boardcore import games
from boardcore.analysis.audit import audit
from boardcore.game import rules as contract
from boardcore.game.events import Decision, Fact
from boardcore.game.rules import Game, Outcome, Required, Rules
from boardcore.session.session import Session
from boardcore.stream.store import MemoryStore


def members(protocol: type) -> dict[str, ast.stmt]:
    """The attributes and methods a protocol class declares itself, as written."""
    tree = ast.parse(inspect.getsource(contract))
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == protocol.__name__).body
    out: dict[str, ast.stmt] = {}
    for i, node in enumerate(body):
        if isinstance(node, ast.FunctionDef):
            out[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            doc = body[i + 1] if i + 1 < len(body) else None
            out[node.target.id] = doc if isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant) else node
    return out


def test_every_member_of_the_contract_says_what_it_is_for():
    undocumented = []
    for protocol in (Required, Rules):
        for name, node in members(protocol).items():
            documented = ast.get_docstring(node) if isinstance(node, ast.FunctionDef) else isinstance(node, ast.Expr)
            if not documented:
                undocumented.append(f"{protocol.__name__}.{name}")
    assert undocumented == []


def test_game_gives_a_default_for_every_optional_part_and_none_for_the_required():
    required, optional = members(Required), members(Rules)
    assert not set(required) & set(optional)
    assert [name for name in optional if not hasattr(Game, name)] == []
    # a required method has no working default: either absent from Game or only a NotImplementedError
    for name, node in required.items():
        if isinstance(node, ast.FunctionDef) and name in vars(Game):
            source = inspect.getsource(vars(Game)[name])
            assert "raise NotImplementedError" in source, name
        elif not isinstance(node, ast.FunctionDef):
            assert name not in vars(Game) or name == "handlers", name


# -- a game written with the required part alone -------------------------------------------
class CountConfig(msgspec.Struct, frozen=True, kw_only=True):
    players: int = 1


class CountState(msgspec.Struct, kw_only=True):
    total: int = 0


class Add(Decision):
    amount: int


class Reached(Fact):
    total: int


def _added(s: CountState, e: Add) -> CountState:
    s.total += e.amount
    return s


class CountToFive(Game):
    """One player adds 1 or 2 until the total is at least 5: nothing but `Required`."""

    name = "count-to-five"
    version = "1"
    config_type = CountConfig
    state_type = CountState
    events = (Add, Reached)
    handlers = {Add: _added}

    def initial(self, config):
        return CountState()

    def to_act(self, state):
        return () if state.total >= 5 else (1,)

    def legal_actions(self, state):
        return [Add(player=1, amount=a) for a in (1, 2)] if state.total < 5 else []

    def resolve(self, u, action, rng):
        if u.state.total >= 5:
            u.emit(Reached(total=u.state.total))

    def outcome(self, state):
        return Outcome(scores=(state.total,), winners=(1,)) if state.total >= 5 else None


def test_a_game_that_writes_only_the_required_part_is_complete():
    rules = games.register(CountToFive())
    assert isinstance(rules, Rules)
    store = MemoryStore()
    session = Session.new(rules, store=store, seed=1)
    while session.outcome is None:
        session.apply(session.legal_actions()[-1])
    assert session.outcome.scores == (6,) and "total" in session.render()
    assert audit("count", store=store, stream_id=session.stream_id).ok
