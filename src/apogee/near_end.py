"""Positions near a Mission's end, for `boardcore check` (`Rules.near_end`).

Random and bot play seldom fulfil the harder Missions (a crewed flight to Mars, deposits on Titan), so the
check would never see them end. Here a game is played a while at random, then the SOC is given the
deposits of the Mission's goals for one or two players (their cards taken from the Technology piles, so
every card stays in one place), and the Investors, credits or Engineers' Authority a Mission asks. Play goes on from there
and the rules judge it: the turn is played out and ends the game with its winners (AP-END-01, AP-END-02
when two fulfilled it), Mission 3 waits for a third Investor won in play (AP-END-03), and a Solo Mission
is judged as its card says (AP-SOLO-11, AP-SOLO-12).
"""

from __future__ import annotations

from boardcore.game.rules import dealt, random_step

from apogee import events as ev
from apogee.components import Components, Goal
from apogee.missions import goals, launches_needed
from apogee.queries import mission_of
from apogee.state import ApogeeState, Launch, Player

LAST_OPENING_TURN = 6
"""The deposits are given in a turn drawn from the first to this one (in Solo, up to the last but one)."""


def near_end(rules, config, rng) -> ApogeeState | None:
    """A position whose Mission is (all but) fulfilled for one or two players; None for Mission 7, which
    ends with turn 8 whatever is played, or when the piles cannot give the cards the goals name."""
    c: Components = rules.c
    s = dealt(rules, config, rng)
    if mission_of(c, s).race_turn:
        return None
    m = mission_of(c, s)
    if s.solo:
        # judged at its end (credits, Authority kept to the end: AP-AMB-41): in its last turn; else before it
        turn = m.turns if m.end_credits or m.end_authority else rng.randint(1, max(1, m.turns - 1))
    else:
        turn = rng.randint(1, LAST_OPENING_TURN)
    while not s.over and (s.turn < turn or rng.randbelow(4)):   # into the turn, a few decisions on
        s = random_step(rules, s, rng)
    if s.over:
        return None
    seats = [1] if s.players == 1 or m.no_tie else rng.sample(range(1, s.players + 1), rng.randint(1, 2))
    for p in seats:
        pl = s.areas[p - 1]
        for goal in goals(c, s):
            launches = deposits(c, s, goal)
            if launches is None:
                return None
            pl.launches = (*pl.launches, *launches)
        # AP-END-03: Mission 3's last Investor must still be won in play
        wanted = m.investors - 1 if m.no_tie else m.investors
        if len(pl.investors) < wanted:
            if len(s.investor_pile) < wanted - len(pl.investors):
                return None
            given = s.investor_pile[:wanted - len(pl.investors)]
            s.investor_pile = s.investor_pile[len(given):]
            pl.investors = (*pl.investors, *given)
        pl.credits = max(pl.credits, m.end_credits)
        if m.end_authority:
            s = recruit_seniors(rules, s, p)
            if not team_of_authority(c, s, s.areas[p - 1], m.end_authority):
                return None
    return s


def recruit_seniors(rules, s: ApogeeState, p: int) -> ApogeeState:
    """Player `p`'s hand filled to its limit (AP-INV-08) from the top of the Senior pile, as a recruit does."""
    while len(s.areas[p - 1].hand) < rules.c.n.hand_limit and s.seniors:
        s = rules.evolve(s, ev.EngineersRecruited(player=p, senior=True, engineers=(s.seniors[-1],)))
    return s


def team_of_authority(c: Components, s: ApogeeState, pl: Player, authority: int) -> bool:
    """Swap the player's Engineers of least Authority for those of most left in the piles, a Senior for a
    Senior and a Junior for a Junior (each stays in one place, on the same spot, its pile still of its
    kind), until the team's Authority reaches `authority` (AP-SMIS-04); False if it cannot."""
    for pile, senior in ((s.seniors, True), (s.juniors, False)):
        for k in sorted(range(len(pile)), key=lambda k: -c.eng_auth[pile[k]]):
            if sum(c.eng_auth[e] for e in pl.hand) >= authority:
                return True
            kind = [i for i, e in enumerate(pl.hand) if c.senior[e] == senior]
            low = min(kind, key=lambda i: c.eng_auth[pl.hand[i]], default=None)
            if low is None or c.eng_auth[pile[k]] <= c.eng_auth[pl.hand[low]]:
                break
            pl.hand[low], pile[k] = pile[k], pl.hand[low]
    return sum(c.eng_auth[e] for e in pl.hand) >= authority


def deposits(c: Components, s: ApogeeState, goal: Goal) -> list[Launch] | None:
    """Successful launches that meet `goal` (AP-MIS-29, AP-MIS-30), its cards taken from the piles; None if
    the piles do not hold them."""
    d = c.dest_index[goal.destination]
    cards = []
    for name, n in goal.cards.items():
        # from the piles, or a river, which its pile then refills (AP-INV-11)
        found = [(k, card) for k, pile in enumerate(s.piles) for card in pile if c.tech[card].name == name]
        found += [(k, card) for k, river in enumerate(s.rivers) for card in river if c.tech[card].name == name]
        if len(found) < n:
            return None
        for k, card in found[:n]:
            if card in s.piles[k]:
                s.piles[k].remove(card)
            else:
                s.rivers[k].remove(card)
                if s.piles[k]:
                    s.rivers[k].append(s.piles[k].pop())
            cards.append(card)
    crew = max(goal.min_crew, goal.astronauts)
    count = max(launches_needed(goal), 1)
    return [Launch(destination=d, cards=tuple(cards) if i == 0 else (), astronauts=crew if i == 0 else goal.min_crew,
                   crewed=goal.crewed or crew > 0, rnd=0 if goal.no_rnd else goal.min_rnd, thrust=goal.min_thrust,
                   yield_=26, cost=0, turn=s.turn)
            for i in range(count)]



