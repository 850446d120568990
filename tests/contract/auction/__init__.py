"""A sealed-bid auction: the complete example game of docs/writing-a-game.md, built only on the contract.

`rules` holds the pure rules (state, commands, apply, deadlines), `events` one dataclass per kind
of event, `game` the `Game` object with its renderers, views, help and rulings, and
`auction.toml` a scenario. The game is registered by the contract tests' conftest with one line.
"""
