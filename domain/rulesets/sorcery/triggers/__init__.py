"""Sorcery's triggered abilities at work: one matcher queues them (match.py), one registry
resolves them (registry.py), and their resolvers are grouped by what they do. Only the
aggregate's engine runs them; the lookahead never does (codex: Range of Motion)."""
