"""Imported once by the fork server that the work of every request is forked from
(:mod:`.sandbox`): it builds the reader's parser and loads the bundled rulesets by checking a
small bundled example, so that a request's process starts warm (a fork costs some milliseconds,
a cold parser some hundreds). Only the bundled example passes through here: no user's text is
ever in the fork server, and what a request's process caches dies with it."""

from __future__ import annotations

import gc
from importlib import resources

from ..rulesets import bundled_names, load_ruleset
from .work import Ask, answer


def warm() -> None:
    """Check the bundled example once in each view, and load every bundled ruleset."""
    example = resources.files("perlagg_streit.web").joinpath("static/streitfall.perlagg").read_bytes()
    for name in bundled_names():
        load_ruleset(name)
    for lang in ("de", "en"):
        for view in ("ruling", "sheet", "line", "parse"):
            answer(Ask(example, lang=lang, view=view, line=18))


warm()

# what the fork server holds now is never garbage: kept out of the collector's sight, a request's
# process does not walk (and so copy) every page of it
gc.freeze()
