"""Shared pytest hooks: the mutation tests' rate table is printed at the end of every run that ran them."""

from __future__ import annotations

import sys

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the rate table of tests/test_mutations.py (issue 18, item 13), pass or fail."""
    kit = sys.modules.get("mutation_kit")
    for text in getattr(kit, "REPORTS", []):
        terminalreporter.write_sep("=", "mutation tests: rates (tests/test_mutations.py)")
        terminalreporter.write_line(text)
