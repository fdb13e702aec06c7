"""Toy Pig, a tiny test game for boardcore: dice, a hidden hand, a simultaneous pick; and its
solo mode, Toy Pig alone (`toy-pig-solo`)."""

from boardcore import games
from toygame.game import (CardPicked, CardsRevealed, DeckShuffled, DieRolled, GameEnded, HandDealt, Hold,
                          Roll, RoundEnded, ToyPig, ToyPigConfig, ToyPigState)
from toygame.solo import ToyPigSolo, ToyPigSoloConfig, ToyPigSoloState

RULES = games.register(ToyPig())
SOLO = games.register(ToyPigSolo())

__all__ = ["RULES", "SOLO", "ToyPig", "ToyPigConfig", "ToyPigState", "ToyPigSolo", "ToyPigSoloConfig",
           "ToyPigSoloState", "DeckShuffled", "HandDealt", "CardPicked", "CardsRevealed", "Roll", "Hold",
           "DieRolled", "RoundEnded", "GameEnded"]
