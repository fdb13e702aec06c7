"""The greedy bot's estimate of the final standing: what each seat would score if the game
ended now, plus a modest value for what it holds that will turn into points later; minus the
best rival. While the player is in the middle of a compound decision (which location, which
action, which hex...), the estimate looks a few of its own steps ahead and takes the best."""

from __future__ import annotations

from boardcore.rng import Rng

from solar_sphere.scoring import faction_sets, final_parts
from solar_sphere.state import SolarState

LOOKAHEAD = 2
OWN_STEPS = ("visit", "act")


def potential(rules, s: SolarState, seat: int) -> float:
    """Points not yet scored but likely: resources, drones, dice still to play, crew, faction progress."""
    if seat == s.dseat:
        return 0.0
    p = s.p[seat - 1]
    left = max(0, 6 - s.round) + (0.5 if s.phase in ("dock", "deploy") else 0)
    sets = faction_sets(p.factions)
    loose = sum(p.factions) - 3 * sets
    value = 0.9 * loose + left * (0.35 * sum(p.store) + 0.25 * p.active + 0.1 * p.inactive
                                  + 0.8 * sum(1 for u in p.used if not u) + 0.6 * sum(p.sats))
    value += 1.2 * sum(p.ports) if s.phase == "deploy" else 0
    value += 0.6 * p.on_ships
    return value


def final_estimate(rules, s: SolarState, seat: int) -> int:
    """What final scoring would add if the game ended now."""
    f = final_parts(s, rules, seat)
    return f.sphere + f.factions + f.reputation + f.morale + f.halves + f.supply


def estimate(rules, s: SolarState, seat: int) -> float:
    if s.phase == "over":
        return float(s.outcome[seat - 1])
    now = s.d.score if seat == s.dseat else s.p[seat - 1].score
    return now + final_estimate(rules, s, seat) + potential(rules, s, seat)


def static(rules, s: SolarState, player: int) -> float:
    mine = estimate(rules, s, player)
    rivals = [estimate(rules, s, seat) for seat in range(1, s.players + 1) if seat != player]
    if s.dseat:
        rivals.append(estimate(rules, s, s.dseat))
    return mine - (max(rivals) if rivals else 0.0)


def own_prompt(s: SolarState, player: int) -> bool:
    """The player is mid-way through their own compound decision."""
    if s.phase == "over":
        return False
    if s.tasks:
        return s.tasks[-1].player == player and s.tasks[-1].kind != "reroll"
    return s.turn == player and s.step in OWN_STEPS


def evaluate(rules, s: SolarState, player: int, depth: int = LOOKAHEAD) -> float:
    if depth <= 0 or not own_prompt(s, player):
        return static(rules, s, player)
    legal = rules.legal_actions(s)
    if len(legal) > 40:
        legal = legal[::max(1, len(legal) // 40)]
    best = float("-inf")
    for action in legal:
        state = s
        try:
            for event in rules.decide(state, action, Rng.derive("lookahead", depth)):
                state = rules.evolve(state if state is not s else rules.copy(s), event)
        except Exception:  # noqa: BLE001 - an unplayable line is simply not taken
            continue
        best = max(best, evaluate(rules, state, player, depth - 1))
    return best if best > float("-inf") else static(rules, s, player)
