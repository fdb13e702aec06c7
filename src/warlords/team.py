"""Team play, 2 vs 2 (GW-TEAM-01..08): the three free Team Actions, one per turn.

Who is whose teammate and opponent is `state.teammate` and `state.opponents`; teammates never
target each other (GW-TEAM-07), which the target lists in `queries.py` follow."""

from __future__ import annotations

from warlords import events as ev
from warlords.prompts import POINTS, ask
from warlords.state import LP, RES, teammate


def switch_pairs(c, s, p: int) -> list[tuple[int, int]]:
    """GW-TEAM-04, GW-AMB-44: (own planet, teammate's planet) pairs in two adjacent sectors."""
    m = teammate(s, p)
    mine = [i for i, o in enumerate(s.owner) if o == p]
    theirs = [i for i, o in enumerate(s.owner) if o == m]
    return [(a, b) for a in mine for b in theirs
            if s.planet_sector[b] in c.adjacent[s.planet_sector[a]]]


def transfer_max(s, p: int) -> int:
    """GW-TEAM-05: the most Infantry `p` may transfer: those on the Launch Pad, no more than the
    teammate's Reserve holds."""
    return min(s.base[p - 1][LP * 3], s.base[teammate(s, p) - 1][RES * 3])


def available(c, s, p: int) -> list[str]:
    """The Team Actions that can be carried out now."""
    out = []
    if s.hands[p - 1] and s.hands[teammate(s, p) - 1]:   # GW-TEAM-03: both need a card to swap
        out.append("exchange")
    if switch_pairs(c, s, p):
        out.append("switch")
    if transfer_max(s, p):
        out.append("transfer")
    return out


def start(c, u, a) -> None:
    """GW-TEAM-06: a Team Action costs nothing and is no action for reputation, so it only asks its
    question (its one use per turn is marked by `evolve.team_action`, GW-TEAM-02)."""
    if a.kind == "exchange":
        ask(u, a.player, "exchange")
    else:
        ask(u, a.player, a.kind)


def to_act(s) -> tuple[int, ...]:
    """GW-TEAM-03: the two teammates pick at the same time, in secret (`hidden.view`); whoever has not
    picked yet is still to act."""
    a, m = s.active, teammate(s, s.active)
    return tuple(p for p, pick in ((a, s.exchange[0]), (m, s.exchange[1])) if not pick)


@POINTS.options("exchange", asks="Card exchange: pick, in secret, the mercenary from your hand to swap with "
                                 "your teammate (GW-TEAM-03)")
def exchange_options(c, s, p: int) -> list:
    """Both teammates still to pick answer at once, so the list holds the picks of each."""
    return [ev.ExchangePick(player=p, card=card) for p in to_act(s) for card in s.hands[p - 1]]


@POINTS.resolves("exchange")
def on_pick(c, u, a, rng) -> None:
    """A pick is kept hidden until both have picked; then the cards change hands."""
    s = u.state
    u.emit(ev.TeamPicked(player=a.player, card=a.card))
    if s.exchange[0] and s.exchange[1]:
        u.emit(ev.TeamExchanged(player=s.active, mate=teammate(s, s.active), given=s.exchange[0],
                                received=s.exchange[1]))
    else:
        ask(u, to_act(s)[0], "exchange")


@POINTS.options("switch", asks="Planet switch: choose one of your planets and one of your teammate's, in "
                               "adjacent sectors, whose units trade places (GW-TEAM-04)")
def switch_options(c, s, p: int) -> list:
    """Every pair of planets that may switch."""
    return [ev.SwitchPlanets(player=p, mine=a, theirs=b) for a, b in switch_pairs(c, s, p)]


@POINTS.resolves("switch")
def on_switch(c, u, a, rng) -> None:
    """GW-TEAM-04: the units trade planets; no Deploy Power, no devastation, no invasion."""
    u.emit(ev.PlanetsSwitched(player=a.player, mine=a.mine, theirs=a.theirs))


@POINTS.options("transfer", asks="Infantry transfer: choose how many Infantry go from your Launch Pad to your "
                                 "Reserve; your teammate moves as many from Reserve to Launch Pad (GW-TEAM-05)")
def transfer_options(c, s, p: int) -> list:
    """From 1 to the most that may go."""
    return [ev.Transfer(player=p, count=x) for x in range(1, transfer_max(s, p) + 1)]


@POINTS.resolves("transfer")
def on_transfer(c, u, a, rng) -> None:
    """`p`'s Infantry go to its Reserve and as many of the teammate's from Reserve to Launch Pad."""
    u.emit(ev.InfantryTransferred(player=a.player, mate=teammate(u.state, a.player), count=a.count))
