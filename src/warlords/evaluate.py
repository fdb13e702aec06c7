"""The greedy bot's estimate of a final standing (GW-SCORE-01..05 projected onto the
current position), relative to the best opponent (or the other team, or the Rebellion)."""

from __future__ import annotations

from warlords.scoring import guards, majority, missions
from warlords.state import LP, REBEL, opponents, teammate


def projected(c, s, maj, p: int) -> float:
    """Power so far plus what the end would add now, and a little for reputation and ready units."""
    if s.over:
        return float(s.power[p - 1])
    if s.mode == "solo" and p == REBEL:
        return s.power[p - 1] + maj[p - 1] + sum(sum(x) for x in s.pre)
    b = s.base[p - 1]
    ready = b[LP * 3] + b[LP * 3 + 1] + b[LP * 3 + 2]
    value = (s.power[p - 1] + guards(s, p) + maj[p - 1] + missions(c, s, p)
             + 0.5 * s.rep[p - 1] + 0.1 * ready + 0.3 * len(s.support_hands[p - 1]))
    held = {s.planet_type[i] for i, o in enumerate(s.owner) if o == p}
    value += 0.8 * sum(1 for card in s.hands[p - 1] if card in c.mercs and c.mercs[card].mission in held)
    if s.active == p:
        value += 0.8 * sum(1 for x in s.ctx if x.kind not in ("bonus",))   # an action under way
        ship = s.ships[p - 1]
        if ship and s.phase in ("tactical", "merc", "actions"):
            value += 0.4 * sum(1 for i, x in enumerate(s.planet_sector) if x == ship and s.revealed[i]
                               and not s.owner[i])
    return value


def evaluate(c, s, player: int) -> float:
    maj = majority(c, s)
    mine = projected(c, s, maj, player)
    if s.mode == "teams":
        mine += projected(c, s, maj, teammate(s, player))
        opp = sum(projected(c, s, maj, q) for q in opponents(s, player))
    else:
        opp = max(projected(c, s, maj, q) for q in opponents(s, player))
    return mine - opp
