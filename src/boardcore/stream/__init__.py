"""Records and stores: the recorded event, its hash chain and codec, and the stores that keep streams (memory, JSONL file, database)."""
