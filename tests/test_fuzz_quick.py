"""A few thousand inputs of the project's fuzz script (benchmarks/fuzz.py, issue 19): every class
of transcript and of ruleset, a sample through the real command line, and the file-system
situations (their first and last command each). Not a timed test: it asserts what was found,
never how long it took; the big runs and their figures are in benchmarks/README.md.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

FUZZ = Path(__file__).parent.parent / "benchmarks" / "fuzz.py"


def _fuzz_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("perlagg_fuzz", FUZZ)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["perlagg_fuzz"] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def fuzz() -> ModuleType:
    return _fuzz_module()


def test_a_few_thousand_inputs_of_every_class_find_no_internal_error_and_no_hang(fuzz: ModuleType,
                                                                                 tmp_path: Path) -> None:
    config = fuzz.Config(transcripts=2000, rulesets=400, seed=19, jobs=2, cli_every=150, fs=True, fs_quick=True,
                         minimise=0, pool=1, out=tmp_path / "failing")
    report = fuzz.run(config)
    text = report.text()
    assert report.problems["internal"] == 0, text
    assert report.problems["hang"] == 0, text
    assert not report.problems, text  # nor unsafe output, nor a disagreement
    # every class was tried, and the command line and the file-system situations were run
    for kind, classes in (("transcript", fuzz.TRANSCRIPT_CLASSES), ("ruleset", fuzz.RULESET_CLASSES)):
        for cls in classes:
            assert sum(report.tried[(kind, cls)].values()) > 0, (kind, cls)
    assert report.count("transcript") == 2000 and report.count("ruleset") == 400
    assert report.count("cli") > 0
    situations = {name for name, _ in fuzz.fs_situations(tmp_path, "")}
    assert {cls for (kind, cls) in report.tried if kind == "fs"} == situations


def test_the_inputs_depend_on_the_seed_alone(fuzz: ModuleType) -> None:
    """The same seed gives the same inputs, in any process, whatever --jobs (they are made from the
    seed and their number only); another seed gives others."""
    first = [fuzz.make_transcript(19, i, 1).to_json() for i in range(60)]
    again = [fuzz.make_transcript(19, i, 1).to_json() for i in reversed(range(60))][::-1]
    other = [fuzz.make_transcript(20, i, 1).to_json() for i in range(60)]
    assert first == again
    assert first != other
    rulesets = [fuzz.make_ruleset(19, i, 1).to_json() for i in range(30)]
    assert rulesets == [fuzz.make_ruleset(19, i, 1).to_json() for i in reversed(range(30))][::-1]


def test_the_script_counts_what_it_is_made_to_find(fuzz: ModuleType, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A renderer that raises is counted as an internal error, and the failing input is written
    to --out, minimised: the script would see a bug if there were one."""
    real = fuzz.markdown_report

    def broken(verdict: Any, lang: str) -> str:
        if not verdict.clean:
            raise IndexError("a bug planted by the test")
        return str(real(verdict, lang))

    monkeypatch.setattr(fuzz, "markdown_report", broken)
    config = fuzz.Config(transcripts=40, rulesets=0, seed=3, jobs=1, cli_every=0, fs=False, minimise=5, pool=1,
                         out=tmp_path)
    report = fuzz.run(config)
    assert report.problems["internal"] > 0
    assert any(sig.startswith("IndexError") for sig in report.signatures)
    written = list(tmp_path.rglob("what-happened.txt"))
    assert written and "a bug planted by the test" in written[0].read_text("utf-8")
    assert list(tmp_path.rglob("minimal.json")), "a failure that is cheap to minimise is minimised"
