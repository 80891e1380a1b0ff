"""Sorcery's spells at work: each kind of spell target (``abilities.SpellTarget``) is one small
class that checks the caster's targets and makes a plan (plan.py), carried out through the
engine's primitives; the kinds are wired to their classes in one place (registry.py)."""
