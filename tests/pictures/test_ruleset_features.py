"""What each ruleset's board shows besides units and reach (issue 23, "Drawing a board")."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sim.pictures.sorcery import LAND, VOID, WATER
from tests.pictures.support import NS, by_class, setup_end, state_of, svg_of, title_of

# --- Sorcery ------------------------------------------------------------------------------------


def square_fill(root: ET.Element, location: str) -> str:
    (group,) = [g for g in by_class(root, "g", "square") if g.get("data-location") == location]
    rect = group.find("svg:rect", NS)
    assert rect is not None
    return rect.get("fill") or ""


def test_sorcery_sites_by_name_water_land_flooded_and_voids() -> None:
    root = svg_of("sorcery/75-flood-and-drought.yaml")
    assert square_fill(root, "7") == WATER  # a Valley flooded by Flood
    assert square_fill(root, "12") == LAND  # flooded, then dried again by the later Drought
    assert square_fill(root, "6") == LAND
    assert square_fill(root, "1/void") == VOID
    names = [t for g in by_class(root, "g", "square") for t in (e.text for e in g.iter()) if t]
    assert "7 Valley" in names and "flooded" in names


def test_sorcery_units_are_drawn_in_their_region_of_the_square() -> None:
    root = svg_of("sorcery/75-flood-and-drought.yaml")
    (dry,) = [g for g in by_class(root, "g", "unit") if g.get("data-unit") == "dry"]
    token = by_class(dry, "rect", "token")[0]
    top = float(token.get("y") or 0)
    row = (9 - 1) // 5
    # below the site's surface box: the strip of the square's subsurface (9/underground)
    assert top > row * 124 + 20 + 62
    assert "at 9/underground" in title_of(dry)


def test_sorcery_tapped_units_are_turned_and_carried_units_beside_their_carrier() -> None:
    root = svg_of("sorcery/07a-phantom-steed-shark-fights-steed-first.yaml", 21)
    units = {g.get("data-unit"): g for g in by_class(root, "g", "unit")}
    steed = by_class(units["steed"], "rect", "token")[0]
    assert (steed.get("transform") or "").startswith("rotate(90")
    assert by_class(units["shark"], "rect", "token")[0].get("transform") is None
    warriors = by_class(units["warriors"], "rect", "token")[0]
    assert float(warriors.get("width") or 0) < float(steed.get("width") or 0)  # drawn smaller, beside it
    assert abs(float(warriors.get("x") or 0) - float(steed.get("x") or 0)) < 40
    assert "carried by steed" in title_of(units["warriors"])


def test_sorcery_artifacts_with_their_bearer() -> None:
    root = svg_of("sorcery/07a-phantom-steed-shark-fights-steed-first.yaml", 21)
    (artifact,) = by_class(root, "g", "artifact")
    assert title_of(artifact) == "artifact Poisonous Dagger (dagger), borne by steed"


def test_sorcery_auras_over_their_area_and_on_borders() -> None:
    area = svg_of("sorcery/17-entangle-terrain.yaml", setup_end("sorcery/17-entangle-terrain.yaml"))
    (aura,) = by_class(area, "g", "aura")
    rect = aura.find("svg:rect", NS)
    assert rect is not None and float(rect.get("width") or 0) > 124 * 1.5  # two squares wide
    assert "Entangle Terrain" in title_of(aura)
    walls = by_class(svg_of("sorcery/33-walls-and-top-borders.yaml", setup_end("sorcery/33-walls-and-top-borders.yaml")), "g", "aura")
    lines = {title_of(w).split(" (")[0]: w.find("svg:line", NS) for w in walls}
    ice = lines["aura Wall of Ice"]
    assert ice is not None and ice.get("x1") == ice.get("x2") == str(124 * 1)  # between 11 and 12: x = one square


def test_sorcery_effects_in_force_are_listed_beside_the_realm() -> None:
    root = svg_of("sorcery/07a-phantom-steed-shark-fights-steed-first.yaml", 21)
    (notes,) = by_class(root, "g", "notes")
    lines = [t.text for t in notes.iter(f"{{{NS['svg']}}}text")]
    assert any("Poisonous Dagger: bearer has Lethal" in (line or "") for line in lines)
    assert "translate(" in (notes.get("transform") or "") and float((notes.get("transform") or "").split("(")[1].split(",")[0]) > 5 * 124


# --- GODSGLOOM ----------------------------------------------------------------------------------

GLOOM = "godsgloom/19-a-whole-round.yaml"


def test_godsgloom_engagement_zones_are_shaded_in_the_owners_colour() -> None:
    root = svg_of(GLOOM, 20)
    zones = {g.get("data-unit"): g for g in by_class(root, "g", "zone")}
    assert set(zones) == {"cavalry", "knights", "scouts", "ogres", "pikemen", "runner"}
    ogres = zones["ogres"].findall("svg:polygon", NS)
    assert len(ogres) == 3  # the front arc's three hexes (option engagement_zone: front_arc)
    assert ogres[0].get("fill") == "#c0392b"  # p2's colour


def test_godsgloom_units_show_their_facing_and_front_arc() -> None:
    root = svg_of(GLOOM, 20)
    arcs = {g.get("data-unit"): g for g in by_class(root, "g", "front-arc")}
    assert len(arcs["ogres"].findall("svg:line", NS)) == 3
    assert "facing S" in title_of(arcs["ogres"])
    (ogres,) = [g for g in by_class(root, "g", "unit") if g.get("data-unit") == "ogres"]
    (pointer,) = by_class(ogres, "polygon", "facing")
    tip_y = float(pointer.get("points", "").split()[1].split(",")[1])
    body = ogres.find("svg:circle[@r]", NS)
    assert body is not None
    centre_y = float(body.get("cy") or 0)
    assert tip_y > centre_y  # facing S: the pointer goes down


def test_godsgloom_engaged_units_are_ringed_and_say_by_whom() -> None:
    root = svg_of(GLOOM, 20)
    units = {g.get("data-unit"): g for g in by_class(root, "g", "unit")}
    assert by_class(units["cavalry"], "circle", "engaged") and "Engaged by ogres" in title_of(units["cavalry"])
    assert not by_class(units["scouts"], "circle", "engaged")


def test_godsgloom_terrain_keywords_and_tokens() -> None:
    root = svg_of("godsgloom/01-minimum-move-guarantee.yaml", setup_end("godsgloom/01-minimum-move-guarantee.yaml"))
    (river,) = [g for g in by_class(root, "g", "hex") if g.get("data-location") == "2,1"]
    assert title_of(river).startswith("2,1: River")
    (warband,) = [g for g in by_class(root, "g", "unit") if g.get("data-unit") == "warband"]
    assert "slow 1" in title_of(warband)
    assert any(t.text == "slow 1" for t in warband.iter(f"{{{NS['svg']}}}text"))


# --- Tiny Epic Tactics --------------------------------------------------------------------------

TET = "tiny-epic-tactics/04-water-peak-ballista-and-climbing-onto-a-peak.yaml"


def test_tinyepic_levels_are_shaded_with_contour_lines_between_levels() -> None:
    root = svg_of(TET, 8)
    spaces = {g.get("data-location"): g for g in by_class(root, "g", "space")}
    assert by_class(spaces["3,0"], "rect", "level") and not by_class(spaces["2,0"], "rect", "level")
    assert title_of(spaces["3,0"]) == "3,0: peak, level 1"
    (contours,) = by_class(root, "g", "contours")
    assert len(contours.findall("svg:line", NS)) == 3  # 3,0 is one level up from its three neighbours


@pytest.mark.parametrize("space, terrain", [("1,0", "water"), ("3,0", "peak"), ("4,0", "ballista"), ("0,1", "plains")])
def test_tinyepic_terrain_marks(space: str, terrain: str) -> None:
    spaces = {g.get("data-location"): g for g in by_class(svg_of(TET, 8), "g", "space")}
    assert title_of(spaces[space]).startswith(f"{space}: {terrain},")


def test_tinyepic_portals_and_villages() -> None:
    root = svg_of("tiny-epic-tactics/07-portal-blocked-by-an-enemy-and-used-by-an-ally.yaml", setup_end("tiny-epic-tactics/07-portal-blocked-by-an-enemy-and-used-by-an-ally.yaml"))
    spaces = {g.get("data-location"): g for g in by_class(root, "g", "space")}
    assert title_of(spaces["0,0"]).startswith("0,0: portal")
    village = {g.get("data-location"): g for g in by_class(svg_of("tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml", setup_end("tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml")),
                                                           "g", "space")}
    assert title_of(village["2,1"]).startswith("2,1: village")


def test_tinyepic_units_with_their_health_and_weakened_token() -> None:
    root = svg_of("tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml", 9)
    units = {g.get("data-unit"): g for g in by_class(root, "g", "unit")}
    health = by_class(units["ogre"], "text", "health")[0]
    assert health.text == "B 9/9"
    assert by_class(units["wizard"], "polygon", "weakened") and not by_class(units["ogre"], "polygon", "weakened")


# --- skirmish -----------------------------------------------------------------------------------

SKIRMISH = "skirmish/20-a-whole-turn.yaml"


def test_skirmish_table_to_scale_with_surfaces_heights_and_walls() -> None:
    root = svg_of(SKIRMISH, 9)
    (ground,) = by_class(root, "rect", "ground")
    assert (float(ground.get("width") or 0), float(ground.get("height") or 0)) == (24 * 25, 16 * 25)
    surfaces = {g.get("data-surface"): g for g in by_class(root, "g", "surface")}
    assert set(surfaces) == {"tower", "west", "east"}
    assert title_of(surfaces["tower"]) == 'surface tower, 3" high; its sides are walls'
    (walls,) = by_class(surfaces["tower"], "polygon", "walls")
    xs = sorted({float(p.split(",")[0]) for p in (walls.get("points") or "").split()})
    assert xs == [14 + 6 * 25, 14 + 10 * 25]  # rect [6, 0, 4, 6]


def test_skirmish_gaps_between_surfaces_are_measured() -> None:
    gaps = by_class(svg_of(SKIRMISH, 9), "g", "gap")
    assert [title_of(g) for g in gaps] == ['gap of 2.5" between west and east']


def test_skirmish_bases_to_scale_states_and_engagements() -> None:
    root = svg_of("skirmish/09-who-may-move.yaml", setup_end("skirmish/09-who-may-move.yaml"))
    units = {g.get("data-unit"): g for g in by_class(root, "g", "unit")}
    base = by_class(units["brute"], "circle", "base")[0]
    table = state_of("skirmish/09-who-may-move.yaml").table
    (ground,) = by_class(root, "rect", "ground")
    scale = float(ground.get("width") or 0) / table.width
    assert float(base.get("r") or 0) == pytest.approx(0.5 * scale)  # a 1" base: half an inch of radius
    assert "stunned" in title_of(units["brute"]) and [t.text for t in units["brute"].iter() if t.text == "S"]
    assert "dazed" in title_of(units["lookout"])
    assert len(by_class(root, "line", "engagement")) == 2  # duellist-bandit, veteran-thug


def test_skirmish_ladders_and_difficult_areas() -> None:
    ladders = by_class(svg_of("skirmish/08-ladders.yaml", setup_end("skirmish/08-ladders.yaml")), "g", "ladder")
    assert [title_of(g) for g in ladders] == ["ladder ladder: 5.5,3 to 6.5,3@granary"]
    difficult = by_class(svg_of("skirmish/01-difficult-terrain.yaml", setup_end("skirmish/01-difficult-terrain.yaml")), "polygon", "difficult")
    assert len(difficult) == 1 and difficult[0].get("fill") == "url(#difficult-hatch)"


def test_skirmish_path_shows_each_check_with_its_chance() -> None:
    root = svg_of(SKIRMISH, 9, "thief", "7,2@tower")
    notes = [title_of(g) for g in by_class(root, "g", "check")]
    # Agility 10 on a d20: a roll of 10 or more, 11 faces of 20
    assert notes == [f"climb: {11 / 20:.0%}", f"all checks: {11 / 20:.0%}"]


def test_godsgloom_a_unit_with_no_range_of_motion_still_shows_what_a_trait_reaches() -> None:
    """Lockdown takes the knights' Move Action, not Trample's step (seed 001): the picture crosses
    the unit out for Lockdown and marks 2,5 with its reasons, "reachable if knights uses
    Trample" among them, as `sim reach` and `sim why` say."""
    root = svg_of("godsgloom/17-lockdown-and-trample.yaml", at=setup_end("godsgloom/17-lockdown-and-trample.yaml") + 3, unit="knights")
    titles = [title_of(g) for g in by_class(root, "g", "out")]
    assert any("has no range of motion" in t and "Lockdown" in t for t in titles)
    assert any(t.startswith("2,5 out of reach") and "reachable if knights uses Trample" in t for t in titles)
