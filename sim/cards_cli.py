"""``sim cards``: what the Sorcery ruleset derives from each card of the pool, and what it does
not model (domain/rulesets/sorcery/coverage.py)."""

from __future__ import annotations

import json

import click

from domain.errors import BadInput
from domain.rulesets.sorcery.catalog import card, card_pool
from domain.rulesets.sorcery.coverage import Derivation, derive, movement_texts
from sim.clikit import console, escape, guarded


def _power(d: Derivation) -> str:
    if d.attack is None:
        return ""
    if d.defence is not None and d.defence != d.attack:
        return f", power {d.attack}/{d.defence} (checks count {d.check_power})"
    return f", power {d.attack}"


def _print(d: Derivation) -> None:
    kind = d.type + (f": {', '.join(d.subtypes)}" if d.subtypes else "")
    if d.type == "Site":
        kind += " (water site)" if d.water else " (land site)"
    status = {"full": "fully modelled", "partial": "partly modelled", "none": "not modelled"}[d.status]
    console.print(f"[bold]{d.name}[/bold]: {kind}{_power(d)}; {status}", soft_wrap=True)
    if d.keywords or d.movement_bonus:
        words = [*dict.fromkeys(d.keywords), *([f"Movement +{d.movement_bonus}"] if d.movement_bonus else [])]
        console.print("  keywords: " + ", ".join(words), soft_wrap=True)
    for ability in d.modelled:
        if ability.timing == "keyword":
            continue
        console.print(escape(f"  modelled ({ability.timing}): {ability.name}: \"{ability.text}\""), soft_wrap=True)
    for text in d.unmodelled:
        console.print("  [yellow]not modelled:[/yellow] " + escape(text), soft_wrap=True)


def _fold(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum() or c == " ")


def _matching(name: str) -> list[str]:
    """The card ``name`` names, or every card whose name holds it; an unknown name is refused
    with the closest card, as everywhere a card is named."""
    try:
        return [card(name).name]
    except BadInput:
        part = _fold(name)
        found = [n for n in card_pool() if part and part in _fold(n)]
        if not found:
            raise
        return found


@click.command()
@click.argument("names", nargs=-1)
@click.option("--unmodelled", is_flag=True, help="Only cards with rules text the ruleset does not model.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@guarded
def cards(names: tuple[str, ...], unmodelled: bool, as_json: bool) -> None:
    """What the Sorcery ruleset derives from each card, and what of its text it does not model:
    type, power, keywords, modelled abilities with their timing kind. NAMES pick cards
    (case and apostrophes forgiven); a NAME that is no card's whole name picks every card whose
    name holds it (``pixies``: Sling Pixies, Sugarplum Pixies). Without NAMES, the whole pool, then
    the coverage figure."""
    chosen = [found for name in names for found in _matching(name)] if names else list(card_pool())
    found = [derive(name) for name in chosen]
    shown = [d for d in found if d.unmodelled] if unmodelled else found
    counts = {status: sum(1 for d in found if d.status == status) for status in ("full", "partial", "none")}
    #: issue 22's measure: cards whose movement text is not modelled (coverage.movement_missing)
    moving = sum(1 for d in found if movement_texts(d))
    if as_json:
        click.echo(json.dumps(
            {
                "cards": [{**d.model_dump(mode="json"), "status": d.status,
                           "movement_missing": list(movement_texts(d))} for d in shown],
                "coverage": {"cards": len(found), "fully_modelled": counts["full"],
                             "partly_modelled": counts["partial"], "not_modelled": counts["none"], "movement_missing": moving},
            },
            indent=2, ensure_ascii=False,
        ))
        return
    for derivation in shown:
        _print(derivation)
    console.print(
        f"{len(found)} card(s): {counts['full']} fully modelled, {counts['partial']} partly, "
        f"{counts['none']} with no ability modelled, {moving} with movement text not modelled; "
        "every unmodelled text is listed (never silent)"
    )
