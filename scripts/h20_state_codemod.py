#!/usr/bin/env python3
"""Rewrite reads of the old flat ``DealState`` fields to the parts they now live in (issue 20,
item 5): ``state.trick_number`` -> ``state.play.trick_number``, ``state.books`` ->
``state.betting.books`` and so on. The field names are unchanged; only the part is inserted.

For merging work written against the flat ``DealState``: take that work's side of a conflict,
then run this over the files (it is idempotent: a field already under its part is left alone),
then let mypy name anything it could not see (a ``DealState`` under another variable name).
Writes across parts are not rewritten: they go through the owner module's functions (see the
table of owners in ``perlagg_streit/engine/state.py``).

    python scripts/h20_state_codemod.py FILE...

It rewrites ``state.X``, ``self.state.X`` and ``fresh.X``; other names are left to mypy.
Delete this script once no branch from before the split is left to merge.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PARTS = {
    "setup": ("dealer", "cutter", "cut_cards", "hands", "seen", "turned_up", "exposed", "trumps", "perlaggen",
              "exchanges", "five", "wrong_hands", "misdeals_in_a_row", "wrong_hands_judged"),
    "play": ("trick_number", "leader", "current", "tricks", "tricks_won", "first_card_played", "played_by",
             "baptisms", "spiel_winner", "spiel_decided_by"),
    "betting": ("books", "bet_log", "sequence"),
    "show": ("stages", "stage_team", "stage_next", "shown", "validation_shown", "validation_recorded", "frozen",
             "declared_standing", "stage_acted", "settle_other"),
    "score": ("score_before", "points_recorded", "asks", "ask_baptisms", "asked_out_of_turn"),
}
_PATTERN = re.compile(r"\b(state|fresh)\.(" + "|".join(f for fields in PARTS.values() for f in fields) + r")\b")
_PART_OF = {field: part for part, fields in PARTS.items() for field in fields}


def rewrite(text: str) -> str:
    """The text with every flat field read put under its part."""
    return _PATTERN.sub(lambda m: f"{m.group(1)}.{_PART_OF[m.group(2)]}.{m.group(2)}", text)


def main(paths: list[str]) -> int:
    for name in paths:
        path = Path(name)
        text = path.read_text("utf-8")
        new = rewrite(text)
        if new != text:
            path.write_text(new, "utf-8")
            print(f"rewritten: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
