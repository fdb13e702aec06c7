"""Positions near the end of a game, for `boardcore check` (`Rules.near_end`).

Played at random or by the bots, a game ends almost always by its supply (GW-END-01, GW-SEND-03), now and
then by four missions (GW-END-04) or the Rebel deck (GW-SEND-01), but never at the end of the Reputation
Track (GW-END-03, GW-SEND-02), and seldom tied on Power (GW-SCORE-07..09, GW-GAP-18, GW-AMB-57). So a
position is made of one of these kinds, by legal play or as a table copied by hand would show it:

- a game played a while, with one player's reputation marker a space short of the last, so that its
  next gain in play ends the game; or, as a player's turn opens, with that player's hand holding only
  mercenaries of the mission they have most of in play, so that every card they must play brings four
  of one mission nearer (GW-MERC-01, GW-END-04);
- the last decision of a game, with the Power gained in play set so that the final Power, as it would
  stand after that decision, ties (between the players, the teams, or the human and the Rebellion), and
  the tie-breaks of the rules then name the winner; most of them after an early end by reputation, when
  mission Power is often equal too (GW-SCORE-08, GW-SCORE-09);
- in solo, by legal play alone: the human drafting from the Market rather than drawing (a draw clears it,
  GW-SPT-14), so the supply outlasts the Rebel deck, until the Rebel deck holds its last card or two
  (GW-SEND-01).

Play goes on from there and the rules judge the end.
"""

from __future__ import annotations

from boardcore.game.rules import dealt, played_out, random_step
from warlords import events as ev
from warlords.state import WarlordsState

TEAMS = ((1, 3), (2, 4))


TIE_TRIES = 12
"""Games tried for a last decision whose mission Power breaks the tie on Power, or, after an early end,
ties as well."""

KINDS = {"missions": 3, "reputation": 1, "tie": 3, "early tie": 4}
"""The kinds of position made, with their weights: the early ties most, since only they reach the last
keys of a tie (GW-SCORE-08, GW-SCORE-09) and they end by reputation as well. In solo, where no mission
ends the game (GW-SEND-04), the missions' share builds a Rebel deck near its end instead."""

STEADY = 3 / 4
"""The share of the answers to a tie's last decision (under two draws each) that must lead to the end its
Power is set for, where the tie must be broken by missions or go on past them."""

MISSION_TRIES = 3
"""Games tried for a player with three of one mission in play and a fourth in hand."""

REBEL_CARDS_LEFT = (1, 2)
"""The fewest and most cards a Rebel deck built near its end still holds."""


def near_end(rules, config, rng) -> WarlordsState | None:
    """A position near one of the game's endings (see the module docstring), drawn from `rng`."""
    kind = rng.choice([name for name, weight in KINDS.items() for _ in range(weight)])
    if kind == "reputation":
        return reputation_near_end(rules, dealt(rules, config, rng), rng)
    if kind in ("tie", "early tie"):
        return tied_end(rules, config, rng, early=kind == "early tie")
    if config.players == 1:
        return rebel_deck_near_end(rules, dealt(rules, config, rng), rng)
    for _ in range(MISSION_TRIES):
        s = missions_in_hand(rules, dealt(rules, config, rng), rng)
        if s is not None:
            return s
    return None


def tied_end(rules, config, rng, early: bool) -> WarlordsState | None:
    """The last decision of a game tied on Power (`last_decision`), its mission Power breaking the tie
    (GW-SCORE-07, GW-GAP-18); or, `early`, after an early end by reputation, when few missions score yet,
    its mission Power tied too, so that the tie goes on to the later keys (GW-SCORE-08, GW-SCORE-09), in a
    third of them with every reputation marker on the last space. In solo mission Power breaks no tie."""
    all_at_the_end = early and rng.randbelow(3) == 0
    missions_tie = None if config.players == 1 else early
    for _ in range(TIE_TRIES):
        s = dealt(rules, config, rng)
        if early:
            s = reputation_near_end(rules, s, rng)
        s = None if s is None else last_decision(rules, s, rng, all_at_the_end, missions_tie)
        if s is not None:
            return s
    return None


def reputation_near_end(rules, s: WarlordsState, rng) -> WarlordsState | None:
    """A few turns in, one seat's reputation marker a space short of the Reputation Track's end."""
    turn = rng.randint(2, 2 * s.players)
    while not s.over and (s.turn < turn or rng.randbelow(3)):
        s = random_step(rules, s, rng)
    if s.over:
        return None
    seat = rng.randint(1, s.seats)
    s.rep[seat - 1] = max(s.rep[seat - 1], rules.c.rep_last - 1)
    return s


def missions_in_hand(rules, s: WarlordsState, rng) -> WarlordsState | None:
    """By legal play, every player collecting one mission (the one most in play: its mercenaries played and
    drafted first when there are any) until a player to play a mercenary has three of one mission in play
    and a fourth in hand (GW-END-04); then the rest of that hand swapped for cards of that mission from the
    deck where it has them (the deck stays as long and as hidden). GW-MERC-01: a card must be played."""
    c = rules.c
    while not s.over and not (s.prompt is not None and s.prompt.kind == "play" and fourth_in_hand(c, s)):
        s = random_step(rules, s, rng, prefer=collecting(c, s))
    if s.over or s.last_turn:
        return None
    p = s.prompt.player
    mission = fourth_in_hand(c, s)
    hand = s.hands[p - 1]
    wanted = [x for x in s.deck if c.mercs[x].mission == mission]
    swappable = [i for i, x in enumerate(hand) if c.mercs[x].mission != mission]
    for card, i in zip(wanted, swappable):
        k = s.deck.index(card)
        s.deck[k], hand[i] = hand[i], card
    return s


def most_played(c, s: WarlordsState, p: int) -> tuple[int, str]:
    """How many mercenaries of its most played mission `p` has in play, and that mission ("" with none)."""
    row = [c.mercs[x].mission for x in s.area[p - 1]]
    return max(((row.count(m), m) for m in set(row)), default=(0, ""))


def collected(c, s: WarlordsState, p: int) -> str:
    """The mission `p` has most mercenaries of in play ("" with none in play)."""
    return most_played(c, s, p)[1]


def fourth_in_hand(c, s: WarlordsState) -> str:
    """The mission the player asked to play has three mercenaries of in play and a fourth of in hand, or ""."""
    p = s.prompt.player
    count, mission = most_played(c, s, p)
    in_hand = any(c.mercs[x].mission == mission for x in s.hands[p - 1])
    return mission if mission and count >= 3 and in_hand else ""


def collecting(c, s: WarlordsState):
    """The decisions a player collecting their mission prefers in `s`: playing or drafting its cards."""
    mission = collected(c, s, s.prompt.player) if s.prompt is not None else ""

    def prefer(action) -> bool:
        card = getattr(action, "card", "")
        kind = isinstance(action, (ev.PlayMercenary, ev.Hire))
        return kind and bool(card) and c.mercs[card].mission == mission

    return prefer


def drafted(action) -> bool:
    """A hire from the Market, not a draw from the deck (GW-HIRE-01)."""
    return isinstance(action, ev.Hire) and bool(action.card)


def rebel_deck_near_end(rules, s: WarlordsState, rng) -> WarlordsState | None:
    """Solo, by legal play: the human drafts whenever hiring (never a draw, which clears the Market), until
    the Rebel deck holds its last card or two with the supply not yet out; None if the game ended first."""
    left = rng.randint(*REBEL_CARDS_LEFT)
    while not s.over and len(s.rebel_deck) > left:
        s = random_step(rules, s, rng, prefer=drafted)
    return None if s.over or s.end_kind else s


def last_decision(rules, s: WarlordsState, rng, all_at_the_end: bool = False,
                  missions_tie: bool | None = None) -> WarlordsState | None:
    """The position before a random game's last decision, the Power gained in play set so that the final
    Power ties as the game would end after that decision (each answer to it tried under a few draws, the
    most common end set right); `all_at_the_end`: every reputation marker on the last space too, so that
    only mission Power can break the tie; `missions_tie`: None unless, at that end, mission Power ties
    between all the players or teams (True), or one alone has the most (False: it names the winner), and
    `STEADY` of the answers lead to that end."""
    before = s
    while not s.over:
        before = rules.copy(s)
        s = random_step(rules, s, rng)
    s = before
    ends = final_scores(rules, s, rng)
    common = max(set(ends), key=ends.count)
    if missions_tie is not None and ends.count(common) < STEADY * len(ends):
        return None   # the end depends on the answer: a seat's policy would seldom take the one set right
    power, missions = [seat[0] for seat in common], [seat[1] for seat in common]
    if s.mode == "teams":
        sums = [sum(power[p - 1] for p in team) for team in TEAMS]
        missions = [sum(missions[p - 1] for p in team) for team in TEAMS]
        for team, total in zip(TEAMS, sums):
            s.power[team[0] - 1] += max(sums) - total
    else:
        for p in range(1, s.seats + 1):
            s.power[p - 1] += max(power) - power[p - 1]
    if missions_tie is not None and not (len(set(missions)) == 1 if missions_tie
                                         else missions.count(max(missions)) == 1):
        return None
    if all_at_the_end:
        s.rep = [rules.c.rep_last] * len(s.rep)
    return s


def final_scores(rules, s: WarlordsState, rng) -> list[tuple[tuple[int, int], ...]]:
    """Each seat's final Power and mission Power after each answer to the decision open in `s`, under two
    draws each."""
    out = []
    for action in rules.legal_actions(s):
        for _ in range(2):
            end = played_out(rules, s, action, rng)
            out.append(tuple((end.power[p], end.final[p][2]) for p in range(end.seats)))
    return out
