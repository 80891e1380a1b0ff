"""Sorcery's engine: the effect primitives (primitives.py) every command, trigger, spell and
activated ability records through, and one module per kind of command (attack, carry, play,
cast, activate, turn), wired into one handler table (handlers.py)."""
