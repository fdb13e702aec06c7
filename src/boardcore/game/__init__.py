"""The contract: the only part of boardcore a game package imports (rules, events, errors, rng, data, spaces, prompts, handlers, memo)."""
