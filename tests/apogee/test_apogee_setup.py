"""Setup, the course of a turn, views and the log (AP-SETUP-*, AP-TURN-*, AP-PEV-*, AP-COMP-25)."""

from __future__ import annotations

import msgspec
import pytest
from apogee_helpers import C, R, table
from boardcore.game.errors import BoardcoreError
from boardcore.game.rng import Rng
from boardcore.session import Session

from apogee import events as ev
from apogee.state import HIDDEN, Prompt


def new(players=3, seed=5, **kw):
    return Session.new("apogee", players=players, seed=seed, **kw)


@pytest.mark.rule("AP-SETUP-01", "AP-SETUP-02", "AP-SETUP-03", "AP-SETUP-04", "AP-SETUP-05", "AP-SETUP-06",
                  "AP-SETUP-07", "AP-SETUP-08", "AP-SETUP-11", "AP-SETUP-15", "AP-SETUP-16", "AP-GAP-27",
                  "AP-IVR-01", "AP-COMP-01", "AP-COMP-09")
def test_setup_deals_the_table():
    s = new().state
    assert [len(r) for r in s.rivers] == [3, 3, 3]
    assert len(s.piles[3]) == 28 and len(s.piles[0]) == 25 and len(s.piles[1]) == 23
    assert len(s.investor_river) == 2 and len(s.investor_pile) == 18
    assert len(s.juniors) == 15 and len(s.seniors) == 15 and len(s.event_pile) == 20
    assert s.supply == 10 and all(pl.credits == 80 and pl.dice == 0 for pl in s.areas)
    assert all(len(pl.dealt) == 2 for pl in s.areas)
    dealt = [d for pl in s.areas for d in pl.dealt]
    assert len(set(dealt)) == 6
    assert s.prompt == Prompt(kind="director")
    with pytest.raises(BoardcoreError):
        new(players=6)


@pytest.mark.rule("AP-SETUP-09", "AP-SETUP-10", "AP-SOLO-02")
def test_mission_is_a_setup_parameter():
    assert new(mission=7).state.mission == 7
    assert new(players=1, mission=6).state.solo
    with pytest.raises(BoardcoreError):
        new(mission=13)
    with pytest.raises(BoardcoreError):
        new(players=1, mission=7)


@pytest.mark.rule("AP-SETUP-12", "AP-AMB-01", "AP-TURN-03", "AP-SETUP-13", "AP-SETUP-14", "AP-AMB-32", "AP-GEN-06",
                  "AP-COMP-25", "AP-INV-26")
def test_director_choice_is_simultaneous_and_hidden():
    sess = new(players=2)
    s = sess.state
    assert sess.to_act == (1, 2)
    keep = s.areas[1].dealt[0]
    sess.apply(ev.KeepDirector(player=2, director=keep))
    assert sess.to_act == (1,)
    assert sess.view(1).areas[1].director == -1 and sess.view(1).areas[1].dealt == (-1, -1)
    assert R.visible(sess.records()[-1].event, 1) == ev.KeepDirector(player=2, director=-1)
    sess.apply(ev.KeepDirector(player=1, director=s.areas[0].dealt[1]))
    st = sess.state
    assert st.stage == "team" and all(not pl.dealt for pl in st.areas)
    assert len(st.directors_out) == 10
    first = max((1, 2), key=lambda p: (C.dir_auth[st.areas[p - 1].director], -p))
    assert st.prompt == Prompt(kind="team", player=first)
    sess.apply(ev.ChooseTeam(player=first, senior=False))
    other = 3 - first
    sess.apply(ev.ChooseTeam(player=other, senior=True))
    st = sess.state
    assert len(st.areas[first - 1].hand) == 2 and len(st.areas[other - 1].hand) == 1
    assert all(not C.senior[e] for e in st.areas[first - 1].hand)
    assert st.areas[first - 1].credits == 80
    v = sess.view(other)
    assert v.areas[first - 1].hand == [-1, -1] and v.areas[first - 1].spots == [HIDDEN, HIDDEN]
    assert v.juniors == [-1] * len(st.juniors)


@pytest.mark.rule("AP-TURN-01", "AP-TURN-02", "AP-TURN-05", "AP-PEV-01", "AP-PEV-05", "AP-PEV-07", "AP-GEN-07",
                  "AP-PLC-11", "AP-ADM-02", "AP-INV-19", "AP-PLC-09", "AP-PLC-13")
def test_turns_count_events_and_go_on_without_them():
    sess = new(players=2, seed=9)
    while sess.state.stage in ("director", "team"):
        sess.apply(sess.legal_actions()[0])
    st = sess.state
    assert st.turn == 1 and st.event == st.events_seen[-1] and len(st.event_pile) == 19
    assert st.stage == "place"
    # nobody places anything: the turn runs to the Administration phase, then passes
    for _ in range(3):
        turn = sess.state.turn
        while sess.state.turn == turn:
            kinds = {a.__struct_config__.tag for a in sess.legal_actions()}
            legal = sess.legal_actions()
            if kinds & {"pass", "place"}:
                pick = next(a for a in legal if isinstance(a, ev.Pass) or
                            (isinstance(a, ev.Place) and a.spot == "none"))
            else:
                pick = legal[0]
            sess.apply(pick)
    assert sess.state.turn == 4 and len(sess.state.events_seen) == 4
    st = R.copy(sess.state)
    st.event_pile = ()
    from apogee.flow import turn_start_step
    from apogee_helpers import _unfolding_for
    u = _unfolding_for(st)
    turn_start_step(C, u, None)
    assert u.state.turn == 5 and u.state.event == -1


@pytest.mark.rule("AP-INV-25", "AP-GEN-02")
def test_same_seed_same_game():
    def play(seed):
        sess = new(players=3, seed=seed)
        rng = Rng.derive("picks", 0)
        for _ in range(150):
            if sess.outcome:
                break
            legal = sess.legal_actions()
            sess.apply(legal[rng.randbelow(len(legal))])
        return msgspec.json.encode(sess.state), [msgspec.json.encode(r.event) for r in sess.records()]
    first = play(3)
    assert play(3) == first   # played again from scratch: byte for byte the same
    assert play(3) != play(4)


@pytest.mark.rule("AP-COMP-25", "AP-INV-26", "AP-AMB-01")
def test_placements_hidden_until_revealed():
    s = table()
    from apogee_helpers import give_engineer
    from apogee.state import SPOT_OF, UNSET
    e1 = give_engineer(s, 1, "Qian Tao", UNSET)
    give_engineer(s, 2, "Kathy Johnson", UNSET)
    s.stage, s.prompt = "place", Prompt(kind="place")
    s.areas[0].waiting = s.areas[1].waiting = True
    sess = Session.from_state(R, s, config=R.make_config(players=2))
    sess.apply(ev.Place(player=1, engineer=e1, spot="rnd"))
    assert sess.view(2).areas[0].hand == [-1] and sess.view(1).areas[0].spots == [SPOT_OF["rnd"]]
    assert R.visible(sess.records()[-1].event, 2) == ev.Place(player=1, engineer=-1, spot="hidden")
    assert R.visible(sess.records()[-1].event, 1).engineer == e1
    v = R.hidden_variant(sess.state, 2, Rng.derive("v", 1))
    assert msgspec.json.encode(R.view(v, 2)) == msgspec.json.encode(sess.view(2))


def test_text_form_of_actions_round_trips():
    sess = new(players=2, seed=1)
    for _ in range(40):
        for action in sess.legal_actions():
            text = R.format_action(action)
            assert R.parse_action(sess.state, text) == action
        sess.apply(sess.legal_actions()[-1])
    text = R.format_action(ev.TakeCard(player=1, card=0))
    assert text.endswith(f"# {C.tech[0].name}")


def test_the_board_names_investors_objectives_in_the_words_of_the_history():
    """One wording of an Investor's objective (AP-IVR-*), on the board as in the log: the board had its
    own, which printed field names ("static fire min_first=2")."""
    from apogee.words import investor_text

    sess = new(players=2, seed=3)
    text = sess.render(1, width=1000)
    river = sess.state.investor_river
    assert river and all(f"{investor_text(C, i, False)} +{C.investor[i].credits}k" in text for i in river)
    assert "min_" not in text


def test_the_board_names_steps_nations_and_spots_as_the_log_does():
    """The board printed the step, the Directors' nations and the Engineers' spots by their codes ("step
    rnd", "(china, 1)", "8.4@rnd"); it now says them as the log and the options do."""
    from pathlib import Path

    from apogee.words import SPOT_WORDS, stage_words

    s = Session.load(Path(__file__).resolve().parents[2] / "replays" / "apogee" / "2p.jsonl")
    spots = set()
    for position in range(1, s.position, 7):
        state = s.state_at(position)
        board = R.render(state, 1)
        assert f" - {stage_words(state)} - Event: " in board.splitlines()[0]
        for pl in state.areas:
            if pl.director >= 0:
                d = C.director[pl.director]
                assert f"{d.name} ({C.nations[d.nation].name}, Authority {d.authority})" in board
        spots |= {word for word in SPOT_WORDS.values() if f"@{word}" in board}
        assert not any(f"@{code}" in board for code in ("rnd", "specialty", "construction", "design"))
    assert len(spots) >= 3, spots


def test_render_fits_the_width_it_is_printed_at():
    sess = new(players=3, seed=2)
    for _ in range(30):
        sess.apply(sess.legal_actions()[0])
    text = sess.render(1)
    assert "Mission 1" in text and "Launch Pad" in text
    assert max(len(line) for line in text.splitlines()) <= 100
    assert max(len(line) for line in sess.render(1, width=60).splitlines()) <= 60


@pytest.mark.rule("AP-END-01")
def test_a_game_has_no_turn_cap_unless_a_run_asks_for_one():
    """A game ends through its Mission, however long it takes; every game used to carry a cap of 50
    turns and end past it "truncated, no winner", which the rulebook has no word for."""
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import agent_stream, playout, seeded, start

    def random_game(config):
        chance = seeded("long/1")
        state, position = start(R, config, chance)
        state = playout(R, state, position, {1: RandomAgent(R), 2: RandomAgent(R)}, chance,
                        agent_stream("long/1"))[0]
        return state, R.outcome(state)

    config = R.make_config(players=2)
    assert config.max_turns == 0
    state, outcome = random_game(config)
    assert state.turn > 50 and outcome.winners and not outcome.truncated
    state, outcome = random_game(R.make_config(players=2, max_turns=30))      # a simulation's cap
    assert state.turn == 30 and outcome.truncated and not outcome.winners
