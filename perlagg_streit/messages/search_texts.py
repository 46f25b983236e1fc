"""Finding a rule and completing a command line: codes ``search.*`` and the help of ``explain``'s
options (issue 21, item 7). See :mod:`perlagg_streit.render.rule_search`."""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    "help.explain.list_all": Entry(
        de="Jede Regel-ID auflisten, mit ihrem Text.", en="List every rule ID, with its words."),
    "search.found": Entry(
        de=("{n} Regel nennt '{query}':", "{n} Regeln nennen '{query}':"),
        en=("{n} rule mentions '{query}':", "{n} rules mention '{query}':"), count="n"),
    "search.see-one": Entry(
        de="'perlagg-streit explain REGEL' zeigt eine davon ganz.",
        en="'perlagg-streit explain RULE' shows one of them in full."),
    "search.none": Entry(
        de="keine Regel nennt '{query}'; 'perlagg-streit explain --list' zeigt alle",
        en="no rule mentions '{query}'; 'perlagg-streit explain --list' lists them all"),
    "search.need-something": Entry(
        de="eine Regel-ID, ein Wort oder ein § angeben (z. B. PLAY-3, 'Farbleugnen', '§ 17') oder --list",
        en="give a rule ID, a word or a § (e.g. PLAY-3, 'Farbleugnen', '§ 17'), or --list"),
    "search.list.cited": Entry(
        de="Regeln, die der Schiedsrichter prüft und nennt ({n}; eine Strafe im Regelwerk gilt nur für diese):",
        en="Rules the referee checks and cites ({n}; a ruleset's penalty applies to these only):"),
    "search.list.elsewhere": Entry(
        de="Weitere Regeln des Regel-Digests, die geprüft werden ({n}; Wortlaut im Digest):",
        en="Other rules of the digest that are checked ({n}; wording in the digest):"),
    "search.list.checked-in": Entry(de="geprüft in {where}", en="checked in {where}"),
    "search.list.never": Entry(
        de="Regeln, die kein Protokoll prüfen kann ({n}):",
        en="Rules no transcript can exercise ({n}):"),
}
