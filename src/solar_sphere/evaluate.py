"""The greedy bot's estimate: what each seat would score if the game ended now, with a little
credit for what is in hand, as one's own estimate minus the best rival's."""

from __future__ import annotations

from solar_sphere.state import SolarState


def estimate(rules, s: SolarState, seat: int) -> float:
    if s.phase == "over":
        return float(s.outcome[seat - 1]) if seat <= len(s.outcome) else 0.0
    own = (s.d.score if seat == s.dseat else s.p[seat - 1].score) + rules.final_estimate(s, seat)
    if seat != s.dseat:
        p = s.p[seat - 1]
        own += 0.3 * sum(p.store) + 0.25 * p.inactive + 0.2 * p.reserve * 0 + 0.5 * p.on_ships + 0.4 * sum(p.sats)
        own += 0.3 * sum(1 for used in p.used if not used)
    return own


def evaluate(rules, s: SolarState, player: int) -> float:
    mine = estimate(rules, s, player)
    rivals = [estimate(rules, s, seat) for seat in range(1, s.players + 1) if seat != player]
    if s.dseat:
        rivals.append(estimate(rules, s, s.dseat))
    return mine - (max(rivals) if rivals else 0.0)
