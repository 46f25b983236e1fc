"""States and ruleset options are enums (issue 20, item 1): the engine compares members, never
string literals, and every state value in a verdict is a member of its enum (whose text the JSON
verdict keeps)."""

from __future__ import annotations

import ast

from helpers import REPO as ROOT

from perlagg_streit.engine import judge
from perlagg_streit.engine.enums import BetAction, FindingKind, HowDecided, Phase, SpielDecided
from perlagg_streit.engine.ruleset import SCHEMA
from perlagg_streit.engine.schema import OneOf
from perlagg_streit.language.reader import read_file
from perlagg_streit.render.verdict_json import verdict_to_json
from perlagg_streit.rulesets import load_ruleset

PACKAGE = ROOT / "perlagg_streit"
#: the engine, and the two modules that follow its rules (the narrative, the corpus generator)
ENGINE_FILES = [*sorted((PACKAGE / "engine").glob("*.py")), PACKAGE / "render" / "narrative.py",
                PACKAGE / "tools" / "generate.py"]
#: the attributes that hold a state value, wherever they are read
STATE_NAMES = {"phase", "status", "how", "spiel_decided_by", "kind", "action", "role"}


def _state_compared_with_text(tree: ast.AST) -> list[int]:
    """Lines where a state attribute (or a variable of that name) is compared with a string literal."""
    def names_a_state(node: ast.expr) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr in STATE_NAMES) or \
            (isinstance(node, ast.Name) and node.id in STATE_NAMES)

    def is_text(node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        if isinstance(node, (ast.Tuple, ast.Set, ast.List)):
            return any(is_text(e) for e in node.elts)
        return False

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(names_a_state(a) for a in operands) and any(is_text(a) for a in operands):
                lines.append(node.lineno)
    return lines


def test_the_scan_finds_a_state_compared_with_text() -> None:
    tree = ast.parse('a = state.phase == "play"\nb = book.status in ("open",)\nc = how != "x"\n'
                     'd = phase is Phase.PLAY\n')
    assert _state_compared_with_text(tree) == [1, 2, 3]


def test_no_state_is_compared_with_a_string_literal() -> None:
    found = {p.name: lines for p in ENGINE_FILES
             if (lines := _state_compared_with_text(ast.parse(p.read_text("utf-8"))))}
    assert found == {}


def test_every_state_value_in_a_verdict_is_a_member_of_its_enum() -> None:
    seen: set[type] = set()
    for path in sorted((ROOT / "examples").glob("*.perlagg")):
        read = read_file(str(path))
        verdict = judge(read.transcript, load_ruleset(read.transcript.tags.get("Ruleset", "innsbruck"), path))
        for deal in verdict.deals:
            assert deal.spiel_decided_by is None or type(deal.spiel_decided_by) is SpielDecided
            for outcome in deal.figures:
                assert type(outcome.how) is HowDecided, outcome
            for step in deal.bets:
                assert type(step.action) is BetAction, step
            for violation in deal.violations:
                assert type(violation.kind) is FindingKind, violation
            if deal.match is not None:
                for outcome in deal.match.figures:
                    assert type(outcome.how) is HowDecided, outcome
            seen.update(type(x) for x in (*[o.how for o in deal.figures], *[v.kind for v in deal.violations]))
        # the JSON verdict keeps the words: an enum member is written as its text
        deals = verdict_to_json(verdict)["deals"]
        assert all(type(f["how"]) is str for d in deals for f in d["figures"])
    assert {HowDecided, FindingKind} <= seen  # the examples have figures and violations to look at


#: the ruleset keys that take one of a fixed set of values, as the engine reads them: (section, key)
OPTIONS = {tuple(path.split(".")) for path, key in SCHEMA.items() if isinstance(key.check, OneOf)}


def _option_compared_with_text(tree: ast.AST) -> list[int]:
    """Lines where a ruleset option (``r.exchange.card``, a penalty's ``forfeit``, or a variable
    set from one in the same function) is compared with a string literal, or looks one up in a
    mapping keyed by text."""
    def is_option(node: ast.expr) -> bool:
        return isinstance(node, ast.Attribute) and (
            node.attr == "forfeit"
            or (isinstance(node.value, ast.Attribute) and (node.value.attr, node.attr) in OPTIONS))

    def is_text(node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        if isinstance(node, (ast.Tuple, ast.Set, ast.List)):
            return any(is_text(e) for e in node.elts)
        return False

    lines = []
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Module))]
    for scope in scopes:
        held = {t.id for n in ast.walk(scope) if isinstance(n, ast.Assign) and is_option(n.value)
                for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(scope):
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                if any(is_option(a) or (isinstance(a, ast.Name) and a.id in held) for a in operands) \
                        and any(is_text(a) for a in operands):
                    lines.append(node.lineno)
            if isinstance(node, ast.Subscript) and is_option(node.slice) and isinstance(node.value, ast.Dict) \
                    and any(k is not None and is_text(k) for k in node.value.keys):
                lines.append(node.lineno)
    return sorted(set(lines))


def test_the_scan_finds_an_option_compared_with_text() -> None:
    tree = ast.parse('a = state.ruleset.exchange.card == "any_trump"\nb = r.score.kind != "up"\n'
                     'def f(r):\n    fallback = r.endgame.tie_fallback\n    return fallback == "spiel"\n'
                     'c = v.penalty.forfeit in ("deal", "figures")\nd = {"seven": 7}[r.bet.max]\n'
                     'e = r.exchange.card is ExchangeCard.ANY_TRUMP\nf = r.name == "innsbruck"\n')
    assert _option_compared_with_text(tree) == [1, 2, 5, 6, 7]


def test_no_option_is_compared_with_a_string_literal() -> None:
    assert len(OPTIONS) == 21
    found = {p.name: lines for p in ENGINE_FILES
             if (lines := _option_compared_with_text(ast.parse(p.read_text("utf-8"))))}
    assert found == {}


def test_the_phases_in_order() -> None:
    assert [p.value for p in Phase] == ["setup", "play", "show", "validation"]
