"""The replay engine: judges a transcript under a ruleset.

Pure domain code: it never imports lark, yaml or click. Entry points:
:func:`replay` (a generator of (read-only state, event) pairs), :func:`judge` (the
verdict of a whole transcript) and :func:`legal_actions`.
"""

from .replay import LiveDeal, judge, judge_deal, replay, rule_on_line
from .ruleset import Ruleset, RulesetError, build_ruleset
from .state import DealState
from .tricks import legal_actions
from .verdict import DealVerdict, MatchVerdict, Violation
from .view import DealView

__all__ = [
    "DealState", "DealVerdict", "DealView", "LiveDeal", "MatchVerdict", "Ruleset", "RulesetError", "Violation",
    "build_ruleset", "judge", "judge_deal", "legal_actions", "replay", "rule_on_line",
]
