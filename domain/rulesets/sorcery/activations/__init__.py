"""Sorcery's activated abilities at work (codex: Activated Ability): each kind of ability
(``abilities.Activation``) is one small class that checks its targets and makes a plan, and lists
the targets it may take now for the legal commands; what a source has and may use is in
sources.py, and the kinds are wired to their classes in one place (registry.py)."""
