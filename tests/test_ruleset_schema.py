"""The ruleset schema is declared once (issue 20, item 4): each key is a field named as its YAML
key, everything else (the schema, loading, citing, ``rulesets show``) is derived from those fields,
and a key with a fixed set of values reads into a member of its enum."""

from __future__ import annotations

import ast
import dataclasses
import functools
import re
import typing
from enum import StrEnum
from pathlib import Path

import pytest

from perlagg_streit.engine import ruleset as declaration
from perlagg_streit.engine.enums import ExchangeRole
from perlagg_streit.engine.ruleset import SCHEMA, Forfeit, Ruleset, RulesetError, build_ruleset, merge
from perlagg_streit.engine.schema import ListOf, OneOf
from perlagg_streit.render.ruleset_report import ruleset_rows
from perlagg_streit.rulesets import bundled_names, load_ruleset, resolve

PACKAGE = Path(__file__).resolve().parent.parent / "perlagg_streit"


def _value(ruleset: Ruleset, path: str) -> object:
    """The attribute a dotted YAML key names: ``exchange.card`` -> ``ruleset.exchange.card``."""
    return functools.reduce(getattr, path.split("."), ruleset)


def _raw(data: dict[str, object], path: str) -> object:
    return functools.reduce(lambda d, k: d[k], path.split("."), data)  # type: ignore[index]


def _leaf_fields(cls: type, prefix: str = "") -> list[str]:
    """Every field of the Ruleset that holds a value (a section's fields, not the section)."""
    out = []
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            out += _leaf_fields(hint, f"{prefix}{f.name}.")
        else:
            out.append(prefix + f.name)
    return out


def test_every_field_of_the_ruleset_is_a_yaml_key_and_every_key_a_field() -> None:
    assert _leaf_fields(Ruleset) == list(SCHEMA)
    assert len(SCHEMA) == 49


@pytest.mark.parametrize("name", bundled_names())
def test_each_key_is_read_under_its_yaml_name(name: str) -> None:
    data, _ = resolve(name)
    ruleset = load_ruleset(name)
    for path, key in SCHEMA.items():
        if key.mapping:
            continue
        assert _value(ruleset, path) == key.check(_raw(data, path), path), (name, path)


def test_a_key_with_a_fixed_set_of_values_reads_into_its_enum() -> None:
    seen: set[type] = set()
    for name in bundled_names():
        ruleset = load_ruleset(name)
        for path, key in SCHEMA.items():
            check = key.check.item if isinstance(key.check, ListOf) else key.check
            if not isinstance(check, OneOf):
                continue
            values = _value(ruleset, path)
            for value in values if isinstance(values, tuple) else (values,):
                assert type(value) is check.enum, (name, path, value)
                seen.add(check.enum)
        for penalty in ruleset.penalties.values():
            assert type(penalty.forfeit) is Forfeit
    enums = {e for e in vars(declaration).values() if isinstance(e, type) and issubclass(e, StrEnum)
             and e.__module__ == declaration.__name__}
    assert len(enums) == 22 and enums - {Forfeit} <= seen  # every option enum is some key's
    # the YAML still reads the same strings: a member is its text
    assert load_ruleset("innsbruck-neu").exchange.card == "any_trump"
    assert load_ruleset("eichel-tarrenz").exchange.who == ("dealer", "partner", "lho", "rho")
    assert load_ruleset("eichel-tarrenz").exchange.who[2] is ExchangeRole.LHO


def test_the_choices_of_a_key_are_its_enum_in_order() -> None:
    card = SCHEMA["exchange.card"].check
    assert isinstance(card, OneOf) and card.choices == ("natural_trump", "any_trump")
    who = SCHEMA["exchange.who"].check
    assert isinstance(who, ListOf) and isinstance(who.item, OneOf)
    assert who.item.choices == ("dealer", "partner", "lho", "rho")  # an opponent is no role to name


@pytest.mark.parametrize(("change", "path", "says"), [
    ({"exchange": {"crad": "any_trump"}}, "exchange.crad", "unknown key"),
    ({"exchange": {"who": ["dealer", "partner", "opponent"]}}, "exchange.who[2]",
     "expected one of dealer, partner, lho, rho, got 'opponent'"),
    ({"score": {"kind": "down"}}, "score.kind", "expected one of up, countdown, got 'down'"),
    ({"penalties": {"PLAY-3": {"points": 2, "forfeit": "game", "source": "x"}}}, "penalties.PLAY-3.forfeit",
     "expected one of none, spiel, figures, deal, partie, got 'game'"),
    ({"penalties": {"PLAY-3": {"points": 2, "forfiet": "spiel", "source": "x"}}}, "penalties.PLAY-3.forfiet",
     "unknown key (expected points, forfeit, source)"),
    ({"bet": "max"}, "bet", "expected a mapping of concede_unbet_spiel, example_required_for, max"),
    # issue 17: the first packet is smaller than a hand, and there is one
    ({"deal": {"first_packet": [2, 5]}}, "deal.first_packet[1]", "must be smaller than hand_size (5)"),
    ({"deal": {"first_packet": []}}, "deal.first_packet", "names no size of the first packet"),
    ({"deal": {"first_packet": 2}}, "deal.first_packet", "expected a list"),
])
def test_an_error_names_the_path_of_the_bad_key(change: dict[str, object], path: str, says: str) -> None:
    data, _ = resolve("innsbruck")
    with pytest.raises(RulesetError) as err:
        build_ruleset(merge(data, change), "haus.yaml")
    assert err.value.path == path and says in err.value.message
    assert str(err.value).startswith(f"haus.yaml: {path}: ")


def test_a_penalty_without_points_or_forfeit_takes_the_declared_defaults() -> None:
    data, _ = resolve("innsbruck")
    penalty = build_ruleset(merge(data, {"penalties": {"PLAY-3": {"source": "Hausregel"}}})).penalties["PLAY-3"]
    assert (penalty.points, penalty.forfeit, penalty.source) == (0, Forfeit.NONE, "Hausregel")


def test_a_key_left_out_is_missing_unless_it_is_a_mapping_of_its_own() -> None:
    data, _ = resolve("innsbruck")
    del data["endgame"]["declaration"]  # type: ignore[attr-defined]
    with pytest.raises(RulesetError) as err:
        build_ruleset(data)
    assert err.value.path == "endgame.declaration" and "missing" in err.value.message
    assert [p for p, k in SCHEMA.items() if not k.required] == ["penalties", "sources"]
    bare = {k: v for k, v in resolve("innsbruck")[0].items() if k not in ("penalties", "sources")}
    assert build_ruleset(bare).penalties == {}


def test_a_house_file_is_cited_for_the_declared_keys_it_changes_only(tmp_path: Path) -> None:
    house = tmp_path / "haus.yaml"
    house.write_text("extends: innsbruck\nname: haus\ntitle: {de: Haus, en: House}\nexchange:\n  card: any_trump\n"
                     "penalties:\n  PLAY-3: {points: 2, forfeit: spiel, source: Hausregel}\n", "utf-8")
    r = load_ruleset(str(house))
    assert r.source_of("exchange.card") == str(house)
    assert r.source_of("exchange.who") == load_ruleset("innsbruck").source_of("exchange.who")
    # the name, the title and the penalties are not cited (a penalty carries its own source)
    assert r.sources == {**load_ruleset("innsbruck").sources, "exchange.card": str(house)}


def test_rulesets_show_has_a_row_for_every_declared_key_in_declaration_order() -> None:
    _, rows = ruleset_rows("innsbruck-neu")
    keys = [k for k, _, _ in rows if not k.startswith("penalties.")]
    assert keys == [p for p, k in SCHEMA.items() if not k.mapping]
    shown = {k: v for k, v, _ in rows}
    assert shown["exchange.card"] == "any_trump" and shown["exchange.who"] == "dealer partner"


def _reads() -> set[str]:
    """Every ``section.key`` (and bare name) the package reads as an attribute, the declaration
    aside; inside a section class's own methods ``self.x`` is read as ``section.x``."""
    sections = {hint: f.name for f in dataclasses.fields(Ruleset)
                if isinstance(hint := typing.get_type_hints(Ruleset)[f.name], type) and dataclasses.is_dataclass(hint)}
    by_class = {cls.__name__: name for cls, name in sections.items()}
    by_class[Ruleset.__name__] = ""
    reads: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                reads.add(node.attr)
                if isinstance(node.value, ast.Attribute):
                    reads.add(f"{node.value.attr}.{node.attr}")
            if isinstance(node, ast.ClassDef) and node.name in by_class:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name) \
                            and inner.value.id == "self" and by_class[node.name]:
                        reads.add(f"{by_class[node.name]}.{inner.attr}")
    return reads


def test_every_declared_key_is_read_somewhere_by_its_yaml_name() -> None:
    # grepping a YAML key (exchange.card) finds the code that uses it: no key is read under another name
    reads = _reads()
    assert [p for p in SCHEMA if p not in reads] == []
    assert "exchange_card" not in reads and "baptism_restrict" not in reads  # the old flat names are gone


# ---- docs/rulesets.md, section 2 ---------------------------------------------------------------

DOCS = PACKAGE.parent / "docs" / "rulesets.md"


def test_the_key_table_in_the_docs_is_the_declaration() -> None:
    from perlagg_streit.render.ruleset_report import key_table_markdown

    table = key_table_markdown()
    assert table in DOCS.read_text("utf-8"), (
        "run: python -m perlagg_streit.render.ruleset_report, paste into docs/rulesets.md")
    assert all(f"| `{path}` |" in table for path in SCHEMA)


def _documented_values(text: str) -> list[tuple[str, str, list[str]]]:
    """(key, value, rulesets) for each row of the value tables in section 2: a heading names its
    keys, and its tables follow in that order."""
    section = text.split("## 2. The keys", 1)[1].split("\n## 3.", 1)[0]
    found = []
    for block in re.split(r"\n(?=#{3,4} )", section)[1:]:
        head, _, body = block.partition("\n")
        keys = [k for k in re.findall(r"`([^`]+)`", head) if k in SCHEMA or k.startswith("penalties.")]
        tables = re.findall(r"^\| value \| rulesets \| source \|\n\|---\|---\|---\|\n(?:^\|.*\n?)+", body, re.M)
        assert len(tables) in (0, len(keys)), head
        for k, table in zip(keys, tables, strict=False):
            for line in table.splitlines()[2:]:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                found.append((k, cells[0].strip("`"), re.findall(r"`([a-z0-9-]+)`", cells[1])))
    return found


def test_the_value_tables_in_the_docs_agree_with_the_rulesets() -> None:
    # hand-written tables; each value must be what `rulesets show` gives for the rulesets it names
    shown = {name: {k: v for k, v, _ in ruleset_rows(name)[1]} for name in bundled_names()}
    rows = _documented_values(DOCS.read_text("utf-8"))
    checked = [(k, value, name) for k, value, names in rows for name in names if name in shown]
    assert len(checked) > 300
    wrong = [(k, name, value, shown[name].get(k, "—")) for k, value, name in checked
             if shown[name].get(k, "—") != {"(none)": "-"}.get(value, value)]
    assert wrong == []


def test_a_ruleset_error_carries_a_catalogue_code_its_arguments_and_its_path() -> None:
    """Issue 20: the texts of a ruleset error come from the catalogue (messages/ruleset_texts.py),
    in German and English, and no module raising one writes its own pair of texts."""
    from perlagg_streit.messages import CATALOGUE

    data, _ = resolve("innsbruck")
    with pytest.raises(RulesetError) as err:
        build_ruleset(merge(data, {"score": {"start": 18}}), "haus.yaml")
    error = err.value
    assert (error.path, error.code, error.arguments) == ("score.start", "ruleset.start-not-below-target",
                                                          {"start": 18, "target": 18})
    assert error.code in CATALOGUE and error.source == "haus.yaml"
    assert error.text("en") == ("haus.yaml: score.start: 18 is not below the target (18): the match would be "
                                "won before the first deal")
    assert error.text("de").startswith("haus.yaml: score.start: 18 liegt nicht unter der Punktezahl")
    # a value found is shown in the language too, singular and plural right
    with pytest.raises(RulesetError) as err:
        build_ruleset(merge(data, {"target": [21]}))
    assert err.value.text("de").endswith("gefunden eine Liste mit 1 Eintrag: [21]")
    assert err.value.text("en").endswith("got a list of 1 item: [21]")
    for module in ("engine/schema.py", "engine/ruleset.py", "rulesets/__init__.py", "tools/case_schema.py"):
        source = (PACKAGE / module).read_text("utf-8")
        assert "message_de=" not in source and "problem_de" not in source, module
        for call in ast.walk(ast.parse(source)):
            if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "RulesetError":
                what = call.args[1]  # a Message of the catalogue, or another error's
                assert (isinstance(what, ast.Call) and getattr(what.func, "id", "") == "Message"
                        or isinstance(what, ast.Attribute | ast.Name) and "what" in ast.unparse(what)), \
                    (module, call.lineno)
