"""Finding a rule (issue 21, item 7): every rule ID listed, and rules found by a word or by a §.

``explain --list`` lists every rule ID ``explain`` knows, in three groups: the rules the engine
cites (with their words; a ruleset's penalty may be keyed by these), the rules of the digest
checked elsewhere, and those no transcript can exercise. ``explain WORDS`` finds the rules whose
German or English text, or whose sources (the rule's own and each bundled ruleset's penalty for
it), hold every word asked for; an umlaut may be written out or left off on either side
(``Farbleugnen``, ``Konig``, ``The Endgame``). ``explain "§ 17"`` finds the rules whose sources
cite that § of the Innsbrucker rules (old or Neue), a range such as ``§ 25-28`` included.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..base import rule_index
from ..engine.rules import RULES
from ..messages import say
from ..messages.unchecked_texts import not_checked
from ..rulesets import bundled_names, load_ruleset

#: A query for a § of the Innsbrucker rules: "§ 17", "§17", "§§ 17", "Paragraph 17".
_SECTION_QUERY = re.compile(r"^\s*(?:§+|paragraph|par\.)\s*(\d{1,3})\s*$", re.IGNORECASE)
#: A § cited in a source, with the numbers after it: "§ 25", "§ 25-28", "§§ 16, 17".
_SECTION_CITED = re.compile(r"§+\s*(\d{1,3}(?:\s*(?:[-–,]|und|and)\s*\d{1,3})*)")
_FOLD = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})


def fold(text: str) -> str:
    """A text as search compares it: lower case, umlauts written out or dropped alike (ä, ae: a)."""
    lowered = text.lower().translate(_FOLD)
    return " ".join(re.sub(r"([aou])e", r"\1", lowered).split())


def every_rule_id() -> list[str]:
    """Every rule ID ``explain`` knows: the engine's rules in their order, then the digest's others."""
    others = (set(rule_index.checked()) | set(not_checked())) - RULES.keys()
    return [*RULES, *sorted(others)]


def _penalty_sources() -> dict[str, list[str]]:
    """Each rule's penalty sources in the bundled rulesets ("003 old § 17: Farbleugnen ...")."""
    out: dict[str, list[str]] = {}
    for name in bundled_names():
        for rule_id, penalty in load_ruleset(name).penalties.items():
            out.setdefault(rule_id, []).append(penalty.source)
    return out


def _sections(sources: Iterable[str]) -> set[int]:
    """The §§ the sources cite."""
    found: set[int] = set()
    for source in sources:
        for cited in _SECTION_CITED.findall(source):
            for part in re.split(r"\s*(?:,|und|and)\s*", cited):
                low, _, high = part.partition("-") if "-" in part else part.partition("–")
                if high.strip().isdigit():
                    found |= set(range(int(low), int(high) + 1))
                elif low.strip().isdigit():
                    found.add(int(low))
    return found


def find_rules(query: str) -> list[str]:
    """The rules a word (every word of ``query``) or a § (``§ 17``) finds, in the engine's order."""
    penalties = _penalty_sources()
    section = _SECTION_QUERY.match(query)
    if section is not None:
        wanted = int(section.group(1))
        return [r.id for r in RULES.values() if wanted in _sections([*r.sources, *penalties.get(r.id, [])])]
    words = fold(query).split()
    if not words:
        return []
    hits = []
    for rule in RULES.values():
        haystack = fold(" ".join([rule.de, rule.en, *rule.sources, *penalties.get(rule.id, [])]))
        if all(word in haystack for word in words):
            hits.append(rule.id)
    return hits


def _short(text: str, most: int = 100) -> str:
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def found_text(query: str, hits: list[str], lang: str) -> str:
    """Several rules found: each with its words, and how to see one in full."""
    lines = [say("search.found", lang, n=len(hits), query=query),
             *_rows([(h, _short(RULES[h].text(lang))) for h in hits]), say("search.see-one", lang)]
    return "\n".join(lines) + "\n"


def list_text(lang: str) -> str:
    """Every rule ID, in three groups, each rule with its words or why it has none."""
    ids = every_rule_id()
    unchecked = set(not_checked())
    cited = [i for i in ids if i in RULES]
    elsewhere = [i for i in ids if i not in RULES and i not in unchecked]
    never = [i for i in ids if i not in RULES and i in unchecked]
    lines = [say("search.list.cited", lang, n=len(cited)),
             *_rows([(i, _short(RULES[i].text(lang))) for i in cited]),
             "", say("search.list.elsewhere", lang, n=len(elsewhere)),
             *_rows([(i, say("search.list.checked-in", lang, where=_where(i))) for i in elsewhere]),
             "", say("search.list.never", lang, n=len(never)),
             *_rows([(i, _short(say(f"unchecked.{i}", lang))) for i in never])]
    return "\n".join(lines) + "\n"


def _rows(rows: list[tuple[str, str]]) -> list[str]:
    width = max((len(rule_id) for rule_id, _ in rows), default=0)
    return [f"  {rule_id:<{width}}  {text}" for rule_id, text in rows]


def _where(rule_id: str) -> str:
    places = rule_index.checked_at(rule_id)
    return ", ".join(dict.fromkeys(f"{module.rsplit('.', 1)[-1]}.py" for module, _ in places)) or "-"
