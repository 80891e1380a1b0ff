"""The rules read from a Sorcery state, in layers (view.py composes them into ``RealmView``):
the realm's facts, who an effect covers, the effects in force, water, keywords and conditions,
the step geometry, then the barriers to a step. Each layer reads only the ones below it, and
none knows a triggered ability: the lookahead applies them as they are (codex: Range of Motion).
"""
