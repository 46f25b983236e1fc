"""Shell completion of what click cannot know by itself (issue 21, item 7): the names of the
bundled rulesets (``--ruleset``, ``--versus``, ``rulesets show``) and the rule IDs (``explain``).

Commands, options and files click completes on its own; see the README, "Shell completion", for
how a shell is told to ask (``_PERLAGG_STREIT_COMPLETE=bash_source perlagg-streit``). The lists
are made only when a shell asks, so the command line starts no slower for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when a shell asks, not at every start
    from click.shell_completion import CompletionItem


def ruleset_names(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """The bundled rulesets starting with ``incomplete``; where none does, the shell's own file
    completion (a house-rules file)."""
    from click.shell_completion import CompletionItem

    from ..rulesets import bundled_names

    # a "file" item makes bash fall back to its file completion when no name matches
    return [CompletionItem(incomplete, type="file")] + [
        CompletionItem(name) for name in bundled_names() if name.startswith(incomplete)]


def rule_ids(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """The rule IDs ``explain`` knows that start with ``incomplete`` (in any case)."""
    from click.shell_completion import CompletionItem

    from ..render.rule_search import every_rule_id

    return [CompletionItem(rule_id) for rule_id in every_rule_id() if rule_id.lower().startswith(incomplete.lower())]
