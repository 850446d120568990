"""The game contract, checked over every registered game, and the guide's example game (a sealed-bid auction).

docs/writing-a-game.md walks through the auction in auction/ and says what these tests check.
"""
