"""Toy Pig, a tiny test game for boardcore: dice, a hidden hand, a simultaneous pick."""

from boardcore import games
from toygame.game import (CardPicked, CardsRevealed, DeckShuffled, DieRolled, GameEnded, HandDealt, Hold,
                          Roll, RoundEnded, ToyPig, ToyPigConfig, ToyPigState)

RULES = games.register(ToyPig())

__all__ = ["RULES", "ToyPig", "ToyPigConfig", "ToyPigState", "DeckShuffled", "HandDealt", "CardPicked",
           "CardsRevealed", "Roll", "Hold", "DieRolled", "RoundEnded", "GameEnded"]
