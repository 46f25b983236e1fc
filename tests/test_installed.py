"""``perlagg-streit cases run`` works from an installed package (issue 20, Tooling): the project
built as a wheel, installed in a fresh virtual environment, run from another folder on a folder
of cases given as the argument, with no source tree in sight.

The fresh environment gets the package from the wheel and nothing else of this checkout. Its
three dependencies (click, lark, PyYAML) are lent from the test's own environment through a
``.pth`` file naming a folder of links to exactly those packages, so that the test needs no
network and no package index; the test checks that ``perlagg_streit`` is imported from the
wheel, not from the checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import click
import lark
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
#: Two topics: one with ``transcript:`` keys, one with ruleset files beside the cases.
TOPICS = ("baptism", "players")


def _run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the project's wheel installed; its ``bin`` folder."""
    tmp = tmp_path_factory.mktemp("installed")
    built = _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                 "-w", tmp / "wheel", ROOT, cwd=tmp)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp / "wheel").glob("perlagg_streit-*.whl"))
    venv = tmp / "venv"
    made = _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    done = _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel,
                cwd=tmp)
    assert done.returncode == 0, done.stderr
    lent = tmp / "dependencies"
    lent.mkdir()
    for module in (click, lark, yaml):
        package = Path(module.__file__ or "").parent
        (lent / package.name).symlink_to(package)
    purelib = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp).stdout.strip()
    (Path(purelib) / "lent-dependencies.pth").write_text(f"{lent}\n", "utf-8")
    return venv / "bin"


def test_the_wheel_holds_the_package_and_not_the_checkout(installed: Path) -> None:
    where = _run(installed / "python", "-c", "import perlagg_streit; print(perlagg_streit.__file__)",
                 cwd=installed.parent).stdout.strip()
    assert where.startswith(str(installed.parent)) and not where.startswith(str(ROOT) + os.sep), where
    assert sysconfig.get_paths()["purelib"] not in where


def test_cases_run_works_from_the_installed_package_in_another_folder(installed: Path, tmp_path: Path) -> None:
    cases = tmp_path / "elsewhere" / "streitfaelle"
    for topic in TOPICS:
        shutil.copytree(ROOT / "cases" / topic, cases / topic)
    count = len(list(cases.rglob("*.expect.yaml")))
    assert count > 30 and list(cases.rglob("*.ruleset.yaml"))
    away = tmp_path / "somewhere-else"
    away.mkdir()
    result = _run(installed / "perlagg-streit", "cases", "run", cases, cwd=away)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith(f"{count} passed, 0 failed")
    relative = _run(installed / "perlagg-streit", "cases", "run", Path("elsewhere") / "streitfaelle" / "players",
                    cwd=tmp_path)
    assert relative.returncode == 0 and "0 failed" in relative.stdout, relative.stdout + relative.stderr
    mapped = _run(installed / "perlagg-streit", "cases", "map", cases, cwd=away)
    assert mapped.returncode == 0 and "| `BAPT-6` |" in mapped.stdout


def test_a_failing_case_fails_the_installed_run(installed: Path, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "cases" / "baptism", tmp_path / "cases")
    expect = next((tmp_path / "cases").glob("*.expect.yaml"))
    expect.write_text(expect.read_text("utf-8").replace("violations:", "violatons:", 1), "utf-8")
    result = _run(installed / "perlagg-streit", "cases", "run", tmp_path / "cases", cwd=tmp_path)
    assert result.returncode == 1 and "violatons: unknown key" in result.stdout and "Traceback" not in result.stderr
