"""Reading games played: replay, audit, check, what-if, simulation, tournaments, statistics, redaction, review and the win-probability model."""
