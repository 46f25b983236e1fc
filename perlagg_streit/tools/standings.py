"""The standings over a batch of tournament logs: every match of every file judged, the sides
tallied (:mod:`perlagg_streit.render.standings`); a file that cannot be read or judged is named."""

from __future__ import annotations

from pathlib import Path

from ..engine import judge
from ..engine.ruleset import RulesetError
from ..engine.verdict import MatchVerdict
from ..language.files import UnreadableFileError, source_name
from ..language.matches import read_matches_file
from ..messages import say
from ..rulesets import load_ruleset

Judged = list[tuple[MatchVerdict, dict[str, str]]]


def judged_matches(files: list[Path], ruleset: str | None, lang: str) -> tuple[Judged, list[str]]:
    """Each match of the files judged, with its tags; and a message for each file that could not
    be read, parsed or judged (its matches are left out of the standings)."""
    matches: Judged = []
    problems: list[str] = []
    for path in files:
        try:
            read = read_matches_file(path)
        except UnreadableFileError as exc:
            problems.append(exc.report(lang))
            continue
        if read.errors:
            problems.append("\n".join(e.render(lang) for e in read.errors))
            continue
        try:
            found = [(judge(t, load_ruleset(ruleset or t.tags.get("Ruleset", "innsbruck"),
                                            None if ruleset else str(path))), t.tags) for t in read.matches]
        except RulesetError as exc:
            problems.append(say("batch.bad-ruleset", lang, file=source_name(path), error=exc.text(lang)))
            continue
        matches += found
    return matches, problems
