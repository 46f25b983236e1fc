"""The index from a rule ID of the digest to the code that enforces it (issue 20, item 8).

Each place that enforces a rule carries its ID as ``@enforces(...)``
(:mod:`perlagg_streit.base.rule_index`); the rules no transcript can exercise are declared in
the message catalogue (``unchecked.<ID>``). These tests keep the index honest against the digest, the cases' README and
the findings the engine reports.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from perlagg_streit.base import rule_index
from perlagg_streit.base.rule_index import ATTRIBUTE, CARRIERS, KEYS_ATTRIBUTE, checked, keys_at
from perlagg_streit.engine.ruleset import SCHEMA
from perlagg_streit.messages import say
from perlagg_streit.messages.unchecked_texts import not_checked
from tests.helpers import CASES, REPO, cli_run

DIGEST = REPO.parent / "shared" / "rules" / "RULES.md"
PACKAGE = REPO / "perlagg_streit"


def _digest() -> str:
    if not DIGEST.exists():
        pytest.skip("the rules digest ../shared/rules/RULES.md is not beside this clone")
    return DIGEST.read_text("utf-8")


def _rule_ids() -> list[str]:
    """The rule IDs the digest defines in its section 2 (bullets and the penalty table)."""
    rules = _digest().split("\n## 2. Rules", 1)[1].split("\n## 3. ", 1)[0]
    ids = re.findall(r"^- \*\*([A-Z0-9]+(?:-[A-Z0-9]+)*-\d+)\*\*", rules, re.M)
    ids += re.findall(r"^\| \*\*([A-Z0-9]+-\d+)\*\* \|", rules, re.M)
    return ids


def _all_ids() -> set[str]:
    """Every ID the digest defines anywhere (rules, disputed points, worked examples)."""
    return set(re.findall(r"\*\*((?:[A-Z0-9]+-)+[A-Za-z0-9§]+)(?: —[^*]*)?\*\*", _digest()))


def test_every_rule_is_carried_or_declared_not_checkable_and_never_both() -> None:
    CHECKED = checked()  # noqa: N806 (the index, read twice)
    declared = not_checked()
    ids = _rule_ids()
    assert len(ids) > 260  # the digest's section 2 holds 269 rules
    assert not [i for i in ids if i not in CHECKED and i not in declared], "a rule neither carried nor declared"
    assert not [i for i in ids if i in CHECKED and i in declared], "a rule both carried and declared not checkable"
    assert all(len(say(f"unchecked.{i}", lang)) > 20 for i in declared for lang in ("de", "en"))


def test_no_id_is_carried_or_declared_that_the_digest_lacks() -> None:
    defined = _all_ids()
    assert not [i for i in [*checked(), *not_checked()] if i not in defined]


def test_the_declared_rules_are_those_of_the_cases_readme() -> None:
    readme = (CASES / "README.md").read_text("utf-8")
    section = readme.split("## Rules no transcript can exercise", 1)[1].split("\n## ", 1)[0]
    listed = {line.split("|")[1].strip().strip("`") for line in section.splitlines() if line.startswith("| `")}
    assert listed == set(not_checked())


def test_each_place_carried_exists_and_is_the_function_named() -> None:
    for rule_id, places in checked().items():
        assert len(places) == len(set(places)), f"{rule_id} carried twice by one function"
        for module_name, qualname in places:
            target: object = importlib.import_module(module_name)
            for part in qualname.split("."):
                target = getattr(target, part)
            assert callable(target) or isinstance(target, property), (rule_id, module_name, qualname)


def _carriers(tree: ast.Module) -> list[tuple[ast.FunctionDef, set[str]]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            ids: set[str] = set()
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and getattr(deco.func, "id", "") == "enforces":
                    ids |= {a.value for a in deco.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
            found.append((node, ids))
    return found


def test_a_function_that_reports_a_rule_carries_its_id() -> None:
    # A finding's code is "<RULE>.<what>"; the function that makes it is where the rule is checked.
    rules = set(_rule_ids())
    missing = []
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        functions = _carriers(tree)
        for node, ids in functions:
            inner = {id(f) for f, _ in functions if f is not node and f in ast.walk(node)}
            for call in ast.walk(node):
                if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") == "finding" and call.args):
                    continue
                if any(id(f) in inner and call in ast.walk(f) for f, _ in functions):
                    continue  # judged with the inner function
                codes = [c.value for c in ast.walk(call.args[0])
                         if isinstance(c, ast.Constant) and isinstance(c.value, str)]
                for code in codes:
                    rule = code.split(".", 1)[0]
                    if rule in rules and rule not in ids:
                        missing.append(f"{path.name}:{node.name} reports {code} without @enforces({rule!r})")
    assert not missing, "\n".join(missing)


def test_the_three_hunts_each_end_in_one_file() -> None:
    # issue 20, done-when: the penalty for a revoke under old § 17 (PEN-7), the bet of a gestrichen
    # team (END-2) and the Weli's rank (PERL-1): grepping the ID finds one file of code.
    for rule_id, module in (("PEN-7", "tricks.py"), ("END-2", "betting.py"), ("PERL-1", "ruleset.py")):
        code = [p for p in PACKAGE.rglob("*.py") if "messages" not in p.parts and p.name != "rules.py"
                and re.search(rf"\b{re.escape(rule_id)}\b", p.read_text("utf-8"))]
        assert [p.name for p in code] == [module], (rule_id, code)


def test_explain_names_where_a_rule_is_checked_in_both_languages() -> None:
    for lang, word in (("en", "checked in"), ("de", "geprüft in")):
        code, out = cli_run("explain", "PEN-7", "--lang", lang)
        assert code == 0, out
        assert word in out
        assert "perlagg_streit/engine/tricks.py: _verify_following" in out
        # the key that sets the revoke's penalty, and old § 17's value: two points and the Spiel
        assert "penalties.PLAY-3" in out
        assert re.search(r"innsbruck-1890 +2 / spiel", out)


def test_explain_says_why_a_rule_is_not_checked() -> None:
    for lang, word in (("en", "not checked"), ("de", "nicht geprüft")):
        code, out = cli_run("explain", "COMM-2", "--lang", lang)
        assert code == 0, out
        assert word in out
        assert say("unchecked.COMM-2", lang) in out


def test_the_decorator_returns_the_function_unchanged() -> None:
    def check() -> int:
        return 1
    assert rule_index.enforces("PLAY-2", "PLAY-5", keys=("bet.max",))(check) is check
    assert getattr(check, ATTRIBUTE) == ("PLAY-2", "PLAY-5")
    assert getattr(check, KEYS_ATTRIBUTE) == ("bet.max",)
    assert check() == 1


def test_grep_finds_a_rule_in_the_package_source() -> None:
    # the hunt is a grep: every carried ID is written literally in the file that carries it
    for rule_id, places in checked().items():
        for module_name, _ in places:
            path = Path(importlib.import_module(module_name).__file__ or "")
            assert f'"{rule_id}"' in path.read_text("utf-8"), (rule_id, path)


def test_every_decorated_function_is_collected() -> None:
    # a decorator in a module left out of CARRIERS (or on a nested function) would be invisible
    decorated = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text("utf-8")
        count = len(re.findall(r"^\s*@enforces\(", text, re.M))
        module = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        assert count == 0 or module in CARRIERS, module
        decorated += count
    assert decorated == len({place for places in checked().values() for place in places})


def test_the_ruleset_keys_a_check_names_are_keys_of_the_schema() -> None:
    named = {key for rule_id in checked() for key in keys_at(rule_id)}
    assert named, "no check names a ruleset key"
    assert not named - set(SCHEMA), named - set(SCHEMA)


def test_explain_shows_the_weli_s_rank_per_ruleset() -> None:
    # PERL-1 (000 Players and Cards; 003 club 6.): Martl, Weli, Schell-Spitz, Eichel-Spitz. The
    # Weli is second in Innsbruck's perlaggen.order, first in Deutschnofen's (PERL-7: "Welli" first).
    code, out = cli_run("explain", "PERL-1", "--lang", "en")
    assert code == 0, out
    assert "perlagg_streit/engine/ruleset.py: _perlaggen" in out
    assert "perlaggen.order" in out
    assert re.search(r"innsbruck +HK S6 S7 E7 ", out), out
    assert re.search(r"deutschnofen +S6 HK ", out), out
