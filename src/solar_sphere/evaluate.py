"""The greedy bot's estimate of the final standing: what each seat would score if the game
ended now, plus a modest value for what it holds that will turn into points later; minus the
best rival. While the player is in the middle of a compound decision (which location, which
action, which hex...), the estimate looks a few of its own steps ahead and takes the best.

Also the rollout prior (`prior`): a far cheaper preference over legal actions, for MCTS playouts."""

from __future__ import annotations

from boardcore.game.rng import Rng
from boardcore.game.rules import Standing

from solar_sphere.events import Attack, Choose, ChooseDie, DiscardDie, TakeKickbacks, UseCrew, Visit
from solar_sphere.scoring import final_parts, player_parts
from solar_sphere.state import SolarState

LOOKAHEAD = 2
OWN_STEPS = ("visit", "act")
LOOKAHEAD_RNG = Rng.deriver("lookahead")
"""`Rng.derive("lookahead", depth)` with the seed's bytes prepared once: the same generators, one per try."""


def estimate(rules, s: SolarState, seat: int) -> float:
    """The seat's points now, plus what final scoring would add if the game ended now (`player_parts`),
    plus its potential: points not yet scored but likely (resources, drones, dice still to play, crew,
    faction progress). Written as one function, the faction sets worked out once for both, because the
    greedy bot asks it of every seat of every position it weighs."""
    if s.phase == "over":
        return float(s.outcome[seat - 1])
    if seat == s.dranda_seat:                     # DRANDA: its final parts, no potential
        return float(s.dranda.score + final_parts(rules.c, s, seat).total)
    p = s.centres[seat - 1]
    sphere, factions, reputation, morale, halves = player_parts(rules.c, s, seat)
    left = max(0, 6 - s.round) + (0.5 if s.phase in ("dock", "deploy") else 0)
    loose = sum(p.factions) - 3 * (factions // 5)
    # upright crew and satellites counted by `count`, no generator: the same whole numbers, faster
    value = 0.9 * loose + left * (0.35 * sum(p.store) + 0.25 * p.active + 0.1 * p.inactive
                                  + 0.8 * p.used.count(False) + 0.6 * p.sats.count(True))
    value += 1.2 * sum(p.ports) if s.phase == "deploy" else 0
    value += 0.6 * p.on_ships
    return p.score + (sphere + factions + reputation + morale + halves) + value


def static(rules, s: SolarState, player: int) -> float:
    mine = estimate(rules, s, player)
    if s.players == 2 and not s.dranda_seat:      # the usual table: one rival, no list to take the best of
        return mine - estimate(rules, s, 3 - player)
    rivals = [estimate(rules, s, seat) for seat in range(1, s.players + 1) if seat != player]
    if s.dranda_seat:
        rivals.append(estimate(rules, s, s.dranda_seat))
    return mine - (max(rivals) if rivals else 0.0)


def margin(rules, s: SolarState, player: int) -> float:
    """The search's leaf value: the lead over the best rival with one of the player's own steps looked at
    (`evaluate` at depth 1, about a third of the two steps greedy looks at: a search explores the further
    steps itself, and a leaf is scored many times a reply; with `static` alone, `mcts:iterations=200` won
    only 5 of 9 trial games against greedy). In a solo game the bar is DRANDA's final total (SS-SOLO-01), so
    its points still to come count against the player too."""
    value = evaluate(rules, s, player, 1)
    return value - dranda_to_come(s) if s.dranda_seat and s.phase != "over" else value


def dranda_to_come(s: SolarState) -> float:
    """DRANDA's points in the rounds after this one, at the rate it has scored so far: it scores as it
    plays (battles, builds, hires), so its total at the end is its score now and about as much again
    per round left (none once the final round is under way, SS-AMB-17)."""
    if s.final or s.round >= 6:
        return 0.0
    return s.dranda.score / max(1, s.round) * (6 - s.round)


def own_prompt(s: SolarState, player: int) -> bool:
    """The player is mid-way through their own compound decision."""
    if s.phase == "over":
        return False
    if s.tasks:
        return s.tasks[-1].player == player and s.tasks[-1].kind != "reroll"
    return s.turn == player and s.step in OWN_STEPS


PHASE_SHARE = {"setup": 0.0, "dock": 0.0, "deploy": 0.25, "battle": 0.5, "recover": 0.75}
"""How far into its round a phase starts (SS-GEN-02: Dock, Deploy, Battle, Recover)."""
ROUNDS = 6
"""SS-END-01: the game ends after round 6 at the latest."""


def standing(rules, s: SolarState) -> Standing:
    """Who is ahead, for the win probability (`boardcore.game.rules.Standing`): each seat's `estimate` (points now,
    what final scoring would add, and what it holds), its points so far, DRANDA's last in solo; the rounds
    played, the last one being this round once the final hex is built (SS-END-01, SS-SPH-09)."""
    seats = range(1, s.players + 1)
    projected = [estimate(rules, s, p) for p in seats]
    scored = [float(s.centres[p - 1].score) for p in seats]
    if s.dranda_seat:
        projected.append(estimate(rules, s, s.dranda_seat))
        scored.append(float(s.dranda.score))
    if s.phase == "over":
        done = 1.0
    else:
        into_round = PHASE_SHARE.get(s.phase, 0.0)
        rounds_before = ROUNDS - 1 if s.final else max(0, s.round - 1)
        done = min(1.0, (rounds_before + into_round) / ROUNDS)
    return Standing(mode=f"solo level {s.level}" if s.solo else f"{s.players}p",
                    sides=tuple((p,) for p in seats), projected=tuple(projected), scored=tuple(scored),
                    done=done)


def evaluate(rules, s: SolarState, player: int, depth: int = LOOKAHEAD) -> float:
    if depth <= 0 or not own_prompt(s, player):
        return static(rules, s, player)
    legal = rules.legal_actions(s)
    if len(legal) > 40:
        legal = legal[::max(1, len(legal) // 40)]
    best = float("-inf")
    deeper = depth - 1
    for action in legal:
        try:  # taken from the legal list itself: no need to check it again, nor to evolve twice
            state = rules.unfold(s, action, LOOKAHEAD_RNG(depth), trusted=True).state
        except Exception:  # noqa: BLE001 - an unplayable line is simply not taken
            continue
        # the last step's positions go straight to `static` (what `evaluate` at depth 0 is), and the best
        # is kept as `max(best, value)` keeps it, the first of equal values, without a call for each
        value = evaluate(rules, state, player, deeper) if deeper > 0 else static(rules, state, player)
        if value > best:
            best = value
    return best if best > float("-inf") else static(rules, s, player)


# -- the rollout prior ---------------------------------------------------------------------------
VISIT_WEIGHT = {"sphere": 3.0, "crew": 2.5, "fleet": 2.0, "asteroid": 1.2, "fabricator": 1.0, "salvage": 1.0}
"""How much a rollout likes each kind of Location card: building and hiring score most."""
CHOICE_WEIGHT = {"action": 2.0, "satellite": 1.0, "drop:new": 0.5, "fabricate": 2.0, "stop": 0.2,
                 "regenerate": 1.5, "done": 0.5, "reroll": 3.0, "pass": 0.3}
"""Fixed preferences among `Choose` answers; the rest weigh 1 unless `prior` knows better."""


def prior(rules, s: SolarState, actions) -> list[float]:
    """A cheap preference over `actions` for rollouts and search (a few dict lookups each, no copy):
    build and hire before anything else, take a card's action rather than parking a satellite,
    change a die with few drones, attack with about what the ship needs (its value plus an
    average Resistance roll, 1), and discard a die only when nothing else is left. Every weight is
    positive, so no legal action is ruled out."""
    c = rules.c
    out = []
    for a in actions:
        kind = type(a)
        if kind is Choose:
            out.append(choice_weight(c, s, a.option))
        elif kind is ChooseDie:
            out.append(2.0 if a.crew else 2.0 / (1 + abs(a.value - a.die)))
        elif kind is Visit:
            loc = c.loc[c.loc_index[a.location]]
            out.append(VISIT_WEIGHT.get(loc.kind, 1.0) * (0.6 if s.loc_dice[c.loc_index[a.location]] else 1.0))
        elif kind is Attack:
            out.append(attack_weight(c, s, a))
        elif kind is DiscardDie:
            out.append(0.1)
        elif kind is TakeKickbacks:
            out.append(0.3)
        elif kind is UseCrew:
            out.append(1.5)
        else:
            out.append(1.0)
    return out


def choice_weight(c, s: SolarState, option: str) -> float:
    weight = CHOICE_WEIGHT.get(option)
    if weight is not None:
        return weight
    slot = c.slot_index.get(option)
    if slot is not None:                          # a hex: higher values pay more points
        h = s.hex_at[slot]
        return 1.0 + (c.hexes[h].value if h >= 0 else 0)
    card = c.crew_index.get(option.partition(":")[0])
    if card is not None and s.tasks and s.tasks[-1].kind == "hire":
        return 1.0 + c.tiers.points[c.crew[card].tier - 1]
    return 1.0


def attack_weight(c, s: SolarState, a) -> float:
    ship = s.fleet[a.ship]
    if ship is None:
        return 0.1
    need = c.ships[ship.card].value + 1 - ship.power()
    if need <= 0:
        return 0.5 if a.drones == 1 else 0.2      # already likely to win: a token drone for the bonus
    if a.drones == need or a.drones == need + 1:
        return 3.0
    return 0.6 if a.drones < need else 0.3
