"""Who plays: the policies, the tree search, the loops that play a game with bots, and the worker pool that runs many."""
