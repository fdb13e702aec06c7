"""The DRANDA solo mode (SS-SOLO, SS-DRSET, SS-DRDOCK, SS-DRDEP, SS-DRAST, SS-DRSAL, SS-DRSPH,
SS-DRFLT, SS-DRCRW, SS-DRBAT, SS-DRREC, SS-DREND); SS-EX-20..23, SS-EX-27."""

from __future__ import annotations

import pytest
from ss_helpers import (RULES, at_turn, crew_index, end_deploy, events, fleet, fresh, loc, open_sphere, play,
                        put, put_hex, ship_index, slot)

from solar_sphere.events import (DrandaCardMoved, DrandaDiePlaced, DrandaDrones, DronesCommitted, HexBuilt,
                                 PointsScored)
from solar_sphere.solo import choose_crew, choose_hex, plan_attack

D = {c.id: i for i, c in enumerate(RULES.c.dranda)}


def solo(level=3, seed=1):
    config, s = fresh(1, seed=seed, level=level)
    s.order = (1, 2)
    at_turn(s, 1, dice=(2,))
    return config, s


def dranda_next(s, value, colour, deck):
    """DRANDA's next die (index 0) has `value` and `colour`; its deck starts with `deck`."""
    d = s.dranda
    d.dice, d.colours = [value, 0, 0], [colour, (colour + 1) % 3, (colour + 2) % 3]
    rest = [c for c in d.deck + d.area if c not in [D[x] for x in deck] and c not in d.discard]
    d.deck = [D[x] for x in deck] + [c for c in rest]
    for x in deck:
        if D[x] in d.discard:
            d.discard.remove(D[x])
    d.area = []
    d.deck = d.deck[:12 - len(d.discard)]
    return s


def ex20_sphere(s):
    names = {"I3": "H10", "O2": "H11", "O5": "H07", "I5": "H15"}
    open_sphere(s, {n: -1 for n in RULES.c.slots if n not in names})
    s.face_down = tuple(b == -1 for b in s.builder)
    for n, h in names.items():
        put_hex(s, n, h)
    s.scoring_card = 0                                       # SC1 Inner Ring
    return s


@pytest.mark.rule("SS-EX-20", "SS-DRSPH-01", "SS-DRSPH-02", "SS-DRSPH-05", "SS-DRSPH-11", "SS-DRSPH-12",
                  "SS-DRDEP-10", "SS-AMB-48", "SS-DRDEP-02", "SS-DRDEP-03", "SS-DRDEP-04", "SS-DRDEP-05",
                  "SS-DRDEP-07", "SS-SOLO-03")
def test_dranda_builds_the_inner_hex():
    config, s = solo(level=2)
    ex20_sphere(s)
    dranda_next(s, 4, 0, ["D01"])                            # D01: black icon = Solar Sphere
    score = s.dranda.score
    session = play(config, s)
    end_deploy(session, 1, 2)
    built = events(session, HexBuilt)[0]
    assert built.player == 2 and built.slot == slot("I3")
    gained = [e.points for e in events(session, PointsScored) if e.player == 2][:2]
    assert gained == [3, 2] and session.state.dranda.factions[0] == 1 and session.state.dranda.score >= score + 5
    assert D["D01"] in session.state.dranda.deck or D["D01"] in session.state.dranda.discard


@pytest.mark.rule("SS-DRSPH-03", "SS-DRSPH-04", "SS-DRSPH-06", "SS-DRSPH-07", "SS-DRSPH-08", "SS-DRSPH-09",
                  "SS-DRSPH-10", "SS-AMB-44", "SS-AMB-45", "SS-DRDEP-13")
def test_dranda_hex_criteria_fallbacks():
    config, s = solo(level=2)
    ex20_sphere(s)
    slot_, higher = choose_hex(RULES.c, s, 2)
    assert higher and slot_ in (slot("I3"), slot("I5"))       # SC1 keeps the two inner hexes
    s.dranda.factions = (3, 0, 0, 0)                               # Eng (H10) is now not the fewest
    assert choose_hex(RULES.c, s, 2)[0] == slot("I5")
    s.dranda.factions = (0, 3, 0, 0)
    assert choose_hex(RULES.c, s, 2)[0] == slot("I3")
    assert choose_hex(RULES.c, s, 3)[0] == slot("O5")           # the value below 4 that exists
    s.scoring_card = 2                                        # SC3: O2 is an edge
    assert choose_hex(RULES.c, s, 4)[0] == slot("O2")
    open_sphere(s)
    s.scoring_card = 0
    for n, h in zip(("I1", "I2", "I3", "I4", "I5", "I6"), ("H01", "H02", "H03", "H04", "H05", "H06")):
        put_hex(s, n, h)
    s.dranda.factions = (0, 0, 0, 0)
    # value 1: I1 (H01 Eng), I2 (H02 Sci), I3 (H03 Sec) all SC1 6-point, same fewest: left-most col, then top-most
    assert choose_hex(RULES.c, s, 1)[0] == slot("I1")


@pytest.mark.rule("SS-DRSPH-13", "SS-DRSPH-14")
def test_dranda_no_viable_hex():
    config, s = solo()
    open_sphere(s, {n: -1 for n in RULES.c.slots})
    assert choose_hex(RULES.c, s, 3) == (-1, False)


@pytest.mark.rule("SS-EX-21", "SS-DRFLT-02", "SS-DRFLT-03", "SS-DRFLT-04", "SS-DRFLT-05", "SS-DRFLT-06",
                  "SS-DRFLT-07", "SS-DRFLT-08")
def test_dranda_attack_plan():
    config, s = solo()
    fleet(s, bottom_left=("R08", [[1, 1], [-1, 1]]), bottom_right=("R01", [[-1, 1]]),
          top_left=("R07", []), top_right=("R04", []))
    assert plan_attack(RULES.c, s, 4) == [2, 2, 0, 0]
    assert plan_attack(RULES.c, s, 3) == [2, 1, 0, 0]
    assert plan_attack(RULES.c, s, 20)[2:] != [0, 0]            # C then D reach the top row
    fleet(s, top_left=("R07", []))
    assert plan_attack(RULES.c, s, 4) == [0, 0, 4, 0]           # a lone row: A (3) then B (1)


@pytest.mark.rule("SS-DRFLT-01", "SS-DRFLT-09", "SS-DRFLT-10", "SS-DRBAT-01", "SS-DRBAT-02", "SS-DRBAT-03",
                  "SS-DRBAT-04", "SS-AMB-51", "SS-AMB-53")
def test_dranda_attacks_and_wins():
    config, s = solo(level=3)
    fleet(s, top_left=("R01", []), top_right=("R02", []))
    dranda_next(s, 3, 0, ["D02"])                            # D02: black icon = Resistance Fleet
    supply, removed, score = s.dranda.supply, s.dranda.removed, s.dranda.score
    session = play(config, s, [0, 0])
    end_deploy(session, 1, 2)
    commits = events(session, DronesCommitted)
    assert [(e.ship, e.n) for e in commits] == [(2, 2), (3, 2)]          # step C: A then B on the top row
    st = session.state
    assert ship_index("R01") in st.dranda.ships and ship_index("R02") in st.dranda.ships
    assert (st.dranda.supply, st.dranda.removed) == (supply - 2, removed + 2)      # 1 discarded per success at level III
    gained = [e.points for e in events(session, PointsScored) if e.player == 2]
    assert gained[:4] == [3, 2, 4, 2]                                      # 1st bonus, then morale as 2 points
    assert st.dranda.score == score + sum(gained)                                # every point it scored is on its track


@pytest.mark.rule("SS-EX-22", "SS-DRCRW-01", "SS-DRCRW-02", "SS-DRCRW-03", "SS-DRCRW-04", "SS-DRCRW-05",
                  "SS-DRCRW-06", "SS-DRCRW-07", "SS-DRCRW-08", "SS-DRCRW-09")
def test_dranda_hires():
    config, s = solo()
    put(put(s, "display", 2, crew_index("T2-06a")), "display", 3, crew_index("T2-07a"))
    s.dranda.factions = (1, 1, 0, 0)
    assert choose_crew(RULES.c, s, 3) == 2 and choose_crew(RULES.c, s, 4) == 3
    put(s, "display", 3, crew_index("T2-04b"))
    assert choose_crew(RULES.c, s, 3) == 3
    put(put(s, "display", 2, -1), "display", 3, -1)
    assert choose_crew(RULES.c, s, 3) in (4, 5)                 # Tier 2 empty: Tier 3 next
    s.display = (-1,) * 6
    assert choose_crew(RULES.c, s, 3) == -1


@pytest.mark.rule("SS-EX-23", "SS-DRSAL-01", "SS-DRSAL-02", "SS-DRSAL-03", "SS-DRSAL-05", "SS-DRSAL-06",
                  "SS-DRDEP-08", "SS-DRDEP-06", "SS-DRREC-07", "SS-INV-25")
def test_dranda_salvage_ship_chain():
    config, s = solo(level=3)
    dranda_next(s, 2, 1, ["D07", "D09"])                      # blue die; D07 blue = Salvage Ship
    s.loc_dice[loc("L-SAL")] = 1                               # the player's die is there
    s.centres[0].placed = 3
    session = play(config, s, [4])
    end_deploy(session, 1, 2)
    placed = events(session, DrandaDiePlaced)
    assert placed[0].location == loc("L-SAL")
    assert placed[1] == DrandaDiePlaced(die=4, location=loc("L-SPH"), value=4)
    assert DrandaDrones(supply=-1, removed=1) in events(session)
    assert DrandaCardMoved(card=D["D07"], to="discard") in events(session)
    assert session.state.dranda.opaque[1] == 2                      # out of the game after Recover


@pytest.mark.rule("SS-DRSAL-04", "SS-AMB-47")
def test_dranda_salvage_skips_used_opaque_dice():
    config, s = solo(level=3)
    dranda_next(s, 2, 1, ["D07", "D09", "D05"])               # D09's blue die is gone; D05 starts with yellow
    s.dranda.opaque = [0, 2, 0]
    session = play(config, s, [4])
    end_deploy(session, 1, 2)
    assert DrandaCardMoved(card=D["D09"], to="bottom") in events(session)
    assert events(session, DrandaDiePlaced)[1].die == 5       # the yellow opaque die


@pytest.mark.rule("SS-EX-27", "SS-DRDEP-09", "SS-DRDEP-12", "SS-AMB-46", "SS-INV-23", "SS-DRDEP-15")
def test_dranda_with_empty_supply():
    config, s = solo(level=1)
    ex20_sphere(s)
    s.dranda.supply, s.dranda.removed = 0, 20
    dranda_next(s, 4, 0, ["D01"])
    s.loc_dice[loc("L-SPH")] = 1
    session = play(config, s)
    end_deploy(session, 1, 2)
    pts = [e for e in events(session, PointsScored) if e.player == 2]
    assert [e.points for e in pts[:2]] == [-1, -1]
    assert events(session, HexBuilt)[0].player == 2


@pytest.mark.rule("SS-DRAST-01", "SS-DRAST-02", "SS-DRDEP-14", "SS-AMB-54")
def test_dranda_at_the_asteroid_belt():
    config, s = solo()
    dranda_next(s, 5, 2, ["D02"])                             # D02 yellow = Asteroid Belt
    session = play(config, s)
    end_deploy(session, 1, 2)
    assert events(session, DrandaDiePlaced)[0].location == loc("L-CRYS")
    evs = events(session)
    start = evs.index(events(session, DrandaDiePlaced)[0])
    end = next(i for i in range(start, len(evs)) if type(evs[i]).__name__ == "TurnEnded")
    assert end == start + 1                                  # nothing else happens there


@pytest.mark.rule("SS-SOLO-01", "SS-SOLO-02", "SS-SOLO-04", "SS-DRSET-02", "SS-DRSET-04", "SS-DRSET-05",
                  "SS-DRSET-06", "SS-DRSET-07", "SS-DRSET-08", "SS-DRSET-09", "SS-DRSET-10", "SS-DRSET-11",
                  "SS-DREND-01", "SS-DREND-02", "SS-DREND-03", "SS-DREND-04", "SS-DREND-05", "SS-AMB-50",
                  "SS-INV-24", "SS-GAP-21")
@pytest.mark.parametrize("level", [1, 2, 3])
def test_solo_game_end_to_end(level):
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import agent_rng, playout, seeded, start
    config = RULES.make_config(players=1, level=level)
    st, pos = start(RULES, config, seeded(level))
    d = st.dranda
    assert d.supply + d.on_ships + d.hexes + d.removed == 20 and sorted(st.order) == [1, 2]
    assert len(d.discard) == 1 and len(d.deck) + len(d.area) == 11
    assert st.dranda.factions == (0, 0, 0, 0) and st.dranda.opaque == [0, 0, 0]
    assert sorted(RULES.c.dranda[0].order) == ["black", "blue", "yellow"]
    end, _, _ = playout(RULES, st, pos, {1: RandomAgent(RULES)}, seeded(level), agent_rng(level))
    out = RULES.outcome(end)
    assert out.winners == ((1,) if end.outcome[0] > end.outcome[1] else ())
    assert "DRANDA" in out.note
    from solar_sphere.scoring import final_parts
    parts = final_parts(RULES.c, end, 2)
    assert parts.supply == end.dranda.supply * (1, 2, 3)[level - 1] and parts.morale == parts.reputation == 0


@pytest.mark.rule("SS-DRDOCK-01", "SS-DRDOCK-02", "SS-DRDOCK-03", "SS-DRDOCK-04", "SS-DRDOCK-05", "SS-AMB-49",
                  "SS-DRREC-01", "SS-DRREC-02", "SS-DRREC-03", "SS-DRREC-04", "SS-DRREC-05")
def test_dranda_dock_and_recover():
    config, s = solo()
    fleet(s)
    s.dranda.dice = [0, 0, 0]
    deck_before = list(s.dranda.deck)
    reshuffled = deck_before[1:] + s.dranda.area
    session = play(config, s, [reshuffled, 1, 1, 1, 6, 5, 4])
    end_deploy(session, 1, 2)
    st = session.state
    top = RULES.c.dranda[st.dranda.discard[-1]]
    assert st.dranda.discard[-1] == deck_before[0] and len(st.dranda.discard) == 2
    assert st.dranda.colours == [("black", "blue", "yellow").index(c) for c in top.order]
    assert st.dranda.dice == [0, 5, 4] and st.order == (2, 1)      # DRANDA (15) goes first and played its 6


@pytest.mark.rule("SS-DRSET-03", "SS-DRREC-06", "SS-AMB-52", "SS-AMB-43", "SS-DRBAT-05", "SS-DRBAT-06",
                  "SS-DRBAT-07")
def test_solo_fleet_order_and_failures():
    config, s = solo()
    s.round = 2
    fleet(s, top_left=("R01", [[2, 1]]), top_right=("R07", [[2, 1]]))
    s.dranda.supply -= 2
    s.res_deck = (ship_index("R02"), ship_index("R09"), *(c for c in s.res_deck if c not in
                                                            (ship_index("R02"), ship_index("R09"))))
    session = play(config, s, [3, 3])
    end_deploy(session, 1, 2)
    st = session.state
    assert st.fleet[0].card == ship_index("R07") and st.fleet[1].card == ship_index("R01")   # higher value left
    assert st.fleet[2].card == ship_index("R09") and st.fleet[3].card == ship_index("R02")
    assert (2, 1) in st.fleet[0].cols                                                        # drones stay


@pytest.mark.rule("SS-EX-22", "SS-DRCRW-04")
def test_dranda_hires_through_a_turn():
    config, s = solo(level=2)
    for at, cid in ((2, "T2-06a"), (3, "T2-07a")):
        card = crew_index(cid)
        s.crew_decks = tuple((*(c for c in deck if c != card), s.display[at]) if card in deck else deck
                             for deck in s.crew_decks)
        put(s, "display", at, card)
    s.tokens = (0,) * 6
    s.dranda.factions = (1, 1, 0, 0)
    dranda_next(s, 3, 0, ["D03"])                            # D03: black icon = Crew Station
    session = play(config, s)
    end_deploy(session, 1, 2)
    assert crew_index("T2-06a") in session.state.dranda.crew
    assert [e.points for e in events(session, PointsScored) if e.player == 2][0] == 2
