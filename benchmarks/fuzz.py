"""Fuzz perlagg-streit: hostile transcripts, rulesets and files, counted (issue 19).

Run: python benchmarks/fuzz.py --transcripts N --rulesets M --seed S [--jobs J] [--timeout SEC]
                                [--cli-every K] [--out DIR] [--no-fs] [--replay FILE]

Every input is made from the seed alone (the same seed gives the same inputs, whatever --jobs).
Most are run in-process, through everything the command line calls: reading (``read_bytes``), the
errors as printed in German and English, ``parse``'s output (events and JSON), the ``fmt`` round
trip in both languages (the canonical text must read back to the same transcript), loading the
ruleset (``--ruleset``, ``--versus`` or the ``[Ruleset]`` tag, confined to the transcript's folder),
judging (also ``--strict``), and every renderer: the text report in both languages, Markdown,
HTML, JSON, JSON lines, the scoresheet as text and HTML, the step-by-step narrative (``replay``)
and ``--versus``. Each input has a time limit (``--timeout``, plus 40 s a megabyte of input;
``signal.setitimer``); passing it counts as a hang. One input in ``--cli-every`` also goes through the real command line
(``perlagg-streit check/fmt/fmt -i/parse/score/replay/rulesets/generate`` in a process of its own,
with a time limit), and so do the file-system situations (``--no-fs`` leaves them out).

What counts against the program:
- an *internal error*: any exception escaping what the command line calls (user mistakes must
  come back as a syntax error, an unreadable file or a bad ruleset), a syntax error without a
  place, the ``fmt`` text not reading back to the same transcript, a command exiting 70, with a
  traceback, or killed by a signal, ``fmt -i`` changing what a file says or touching a file it
  refused, a generated match the generator cannot finish;
- a *hang*: an input past its time limit, or a command that had to be stopped or left processes
  behind;
- *unsafe output*: a control character or bidi code reaching the terminal (the text report, the
  scoresheet, the narrative, an error message, ``parse``'s listing, Markdown);
- a *disagreement*: ``check`` exiting otherwise than the same input judged in-process, or a
  generated match (legal by construction) judged not clean.
Each is counted and written to --out (with a line-wise minimised copy when that is cheap, and
the command that reproduces it); the exit status is 1 if there is any, else 0.

The classes of transcripts (each gets its share of --transcripts, in turn):
  generated  whole generated matches of every bundled ruleset, played to the target
  endgame    whole matches that start both gestrichen (14:14, 17:17, 23:23 ...), bundled rulesets
  cross      a match judged under another bundled ruleset (--ruleset, the tag, --versus, [Target])
  fold       letters that Unicode folds or normalises onto ASCII (ſ, İ, ı, K, ligatures,
             full-width, mathematical letters, other digits) in keywords, seats, cards, numbers
  number     very long numbers (up to the line limit) in every place a number stands, and in tags
  width      scores with fewer or more columns than the table has sides, huge and negative scores
  lines      lines deleted, duplicated, swapped, moved; deals swapped, renumbered; files cut, joined
  tokens     tokens replaced by other tokens of the language, inserted, deleted, swapped
  swap       a card, seat, figure, number or action word replaced by another of its kind, so that
             the line still reads and the engine judges a game that went otherwise
  bytes      bytes flipped, control characters, C1 codes, bidi codes, line separators, bad UTF-8
  big        lines at and past the line limit, many deals, many errors (up to about a megabyte)
The bases: every case (with its house ruleset), every example, and generated matches of all 16
bundled rulesets.

The classes of rulesets (each gets its share of --rulesets; each ruleset that loads also judges a
transcript, is shown and compared as ``rulesets show/diff`` do, and plays a generated match):
  alias      anchors, aliases, merge keys, billion laughs
  deep       nesting 15 to 100,000 deep, flow and block, at every level
  size       files at and past the size limit, long texts, keys, lists and numbers, many keys
  types      a value of a wrong type at every key of the schema, and at every section
  unknown    unknown and misspelt keys at every level, keys that are not texts, repeated keys
  extends    chains of files, circles, missing, a folder, a FIFO, a device, names too long
  values     random values of the right types (valid or not together), judged and generated
  mutate     lines and bytes of the bundled and the cases' rulesets mutated
  tags       YAML tags (!!python/..., !!binary, !!set), directives, several documents
  names      [Ruleset] tags and --ruleset names: long, with separators, folded, control characters

The file-system situations (command line only): a FIFO named *.perlagg (alone and in a folder), a
folder named *.perlagg, symbolic-link loops (files and folders), dangling links, devices
(/dev/zero, /dev/urandom, /dev/null), a socket, unreadable files and folders, a file over the
size limit, empty files, binary files, rulesets that are FIFOs, folders, devices or loops, writes
into read-only folders, past ``ulimit -f``, to a full device (/dev/full), ``fmt -i`` through a
symbolic link, and a batch of good and bad files with ``--jobs 2`` (the summary must name every
bad file, no worker may be left behind). Run as root, the permission cases drop the capabilities
that let root read and write anything, so that they are real.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import ctypes
import dataclasses
import hashlib
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import unicodedata
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from multiprocessing import get_context
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

import yaml

from perlagg_streit.base.cards import all_card_names
from perlagg_streit.cli import _event_text
from perlagg_streit.engine import judge
from perlagg_streit.engine.ruleset import SCHEMA, RulesetError
from perlagg_streit.engine.schema import Flag, ListOf, OneOf, Whole, WholeOf
from perlagg_streit.language.files import MAX_TRANSCRIPT_BYTES, UnreadableFileError
from perlagg_streit.language.jsonform import transcript_to_json
from perlagg_streit.language.reader import MAX_DIGITS, MAX_ERRORS, MAX_LINE_CHARS, read_bytes, read_transcript
from perlagg_streit.language.writer import format_transcript, overlong_line
from perlagg_streit.render.narrative import replay_text
from perlagg_streit.render.report import colourise, match_text
from perlagg_streit.render.report_markup import html_report, markdown_report
from perlagg_streit.render.ruleset_report import diff_text, show_text, versus_text
from perlagg_streit.render.scoresheet import scoresheet_html, scoresheet_text
from perlagg_streit.render.verdict_json import deal_to_json, verdict_to_json
from perlagg_streit.rulesets import MAX_DEPTH, MAX_EXTENDS, MAX_FILE_BYTES, bundled_names, load_ruleset
from perlagg_streit.tools.generate import MatchGenerator

REPO = Path(__file__).resolve().parent.parent
TRANSCRIPT_CLASSES = {  # class: its weight (inputs of it in every round of sum(weights))
    "generated": 1, "endgame": 2, "cross": 2, "fold": 3, "number": 2, "width": 2,
    "lines": 4, "tokens": 4, "swap": 4, "bytes": 3, "big": 1,
}
RULESET_CLASSES = {
    "alias": 1, "deep": 1, "size": 1, "types": 3, "unknown": 2, "extends": 2, "values": 3, "mutate": 3,
    "tags": 1, "names": 1,
}
#: Generated matches per bundled ruleset kept as bases for mutation.
POOL_MATCHES = 3
#: What a worker may use; past it an input fails with MemoryError (an internal error) instead of
#: taking the machine's memory.
WORKER_MEMORY = 3 * 1024**3

# ---- the inputs ------------------------------------------------------------------------------


@dataclass
class Input:
    """One thing to try: a transcript and how it is checked (as the command line would)."""

    kind: str  # "transcript" or "ruleset"
    cls: str
    index: int
    data: bytes  # the transcript file
    name: str = "input.perlagg"
    ruleset: str | None = None  # --ruleset: a bundled name or a file written beside (see files)
    versus: str | None = None
    strict: bool = False
    lang: str = "de"
    deal: int | None = None  # replay --deal
    files: dict[str, bytes] = field(default_factory=dict)  # written into the folder first
    specials: dict[str, str] = field(default_factory=dict)  # name: fifo, folder, loop, devzero, ...
    primary: str | None = None  # the file the input is about (a ruleset file), else the transcript
    generate: bool = False  # also play a match under the ruleset (generate --ruleset)
    expect_clean: bool = False  # a generated match: legal by construction

    def to_json(self) -> dict[str, Any]:
        """The input as JSON (bytes in base64), for --out and --replay."""
        out = dataclasses.asdict(self)
        out["data"] = base64.b64encode(self.data).decode()
        out["files"] = {k: base64.b64encode(v).decode() for k, v in self.files.items()}
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Input:
        """An input written by :meth:`to_json`."""
        raw = dict(raw)
        raw["data"] = base64.b64decode(raw["data"])
        raw["files"] = {k: base64.b64decode(v) for k, v in raw["files"].items()}
        return cls(**raw)


def _rng(seed: int, *parts: object) -> random.Random:
    """A random source for one purpose, from the seed alone (str seeds hash with SHA-512)."""
    return random.Random("/".join(str(p) for p in (seed, *parts)))


def _int_seed(seed: int, *parts: object) -> int:
    return int.from_bytes(hashlib.sha256("/".join(str(p) for p in (seed, *parts)).encode()).digest()[:8], "big")


def _ordinal(classes: dict[str, int], index: int) -> int:
    """Which input of its class ``index`` is (0 for the first of the class, 1 for the next ...)."""
    total = sum(classes.values())
    position = index % total
    for weight in classes.values():
        if position < weight:
            return (index // total) * weight + position
        position -= weight
    raise AssertionError("unreachable")


def _class_at(classes: dict[str, int], index: int) -> str:
    """Classes in turn by weight, so that every class is tried once in each round."""
    position = index % sum(classes.values())
    for name, weight in classes.items():
        if position < weight:
            return name
        position -= weight
    raise AssertionError("unreachable")


# ---- the bases ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Base:
    """A transcript to mutate, with how it is meant to be judged."""

    name: str
    text: str
    ruleset: str | None = None  # the ruleset it is judged under (None: its tag)
    files: tuple[tuple[str, bytes], ...] = ()  # a case's house ruleset
    form: str = "innsbruck"  # the bundled ruleset whose table it is for (number of sides)


@dataclass
class Bases:
    cases: list[Base]
    examples: list[Base]
    generated: dict[str, list[Base]]
    yaml_texts: list[tuple[str, str]]  # (name, text) of every bundled and case ruleset

    def any(self, rng: random.Random) -> Base:
        pick = rng.random()
        if pick < 0.45:
            return rng.choice(self.cases)
        if pick < 0.5:
            return rng.choice(self.examples)
        return rng.choice(self.generated[rng.choice(bundled_names())])


def _sides(form: str) -> int:
    r = load_ruleset(form)
    return {2: 2, 3: 3, 4: 2, 6: 2}[r.players]


_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def bases(seed: int, pool: int = POOL_MATCHES) -> Bases:
    """Cases, examples and generated matches (the same for a seed in every process)."""
    cases = []
    for expect in sorted((REPO / "cases").rglob("*.expect.yaml")):
        spec = yaml.load(expect.read_text("utf-8"), Loader=_YAML_LOADER) or {}
        transcript = expect.parent / str(spec.get("transcript", expect.name[: -len(".expect.yaml")] + ".perlagg"))
        if not transcript.is_file():
            continue
        ruleset = str(spec.get("ruleset", "innsbruck"))
        files: tuple[tuple[str, bytes], ...] = ()
        form = ruleset
        if ruleset not in bundled_names():
            house = expect.parent / ruleset
            files = ((ruleset, house.read_bytes()),)
            form = str((yaml.load(house.read_text("utf-8"), Loader=_YAML_LOADER) or {}).get("extends", "innsbruck"))
            form = form if form in bundled_names() else "innsbruck"
        cases.append(Base(expect.name, transcript.read_text("utf-8"), ruleset, files, form))
    examples = []
    for path in sorted((REPO / "examples").glob("*.perlagg")):
        text = path.read_text("utf-8")
        tag = re.search(r'\[Ruleset "([^"]+)"\]', text)
        form = tag.group(1) if tag and tag.group(1) in bundled_names() else "innsbruck"
        examples.append(Base(path.name, text, None, (), form))
    generated: dict[str, list[Base]] = {}
    for name in bundled_names():
        ruleset = load_ruleset(name)
        made = []
        for k in range(pool):
            match = MatchGenerator(ruleset, _int_seed(seed, "pool", name, k)).match(1)
            made.append(Base(f"{name}-{k}", format_transcript(match, "de" if k % 2 == 0 else "en"), None, (), name))
        generated[name] = made
    yaml_texts = [(f"{name}.yaml", (REPO / "perlagg_streit" / "rulesets" / f"{name}.yaml").read_text("utf-8"))
                  for name in bundled_names()]
    yaml_texts += [(p.name, p.read_text("utf-8")) for p in sorted((REPO / "cases").rglob("*.ruleset.yaml"))]
    return Bases(cases, examples, generated, yaml_texts)


_DEAL_LINE = re.compile(r"^\s*(?:ausgabe|deal)\b", re.IGNORECASE)


def split_deals(text: str) -> tuple[list[str], list[list[str]]]:
    """The header lines and each deal's lines (its 'Ausgabe' line first)."""
    header: list[str] = []
    deals: list[list[str]] = []
    for line in text.split("\n"):
        if _DEAL_LINE.match(line):
            deals.append([line])
        elif deals:
            deals[-1].append(line)
        else:
            header.append(line)
    return header, deals


def window(text: str, rng: random.Random) -> str:
    """A few consecutive deals of a transcript, with its header (most mutations need no more)."""
    header, deals = split_deals(text)
    if len(deals) <= 1 or rng.random() < 0.15:
        return text
    size = rng.choice((1, 1, 1, 2, 2, 3))
    start = rng.randrange(max(1, len(deals) - size + 1))
    return "\n".join(header + [line for deal in deals[start:start + size] for line in deal])


def from_base(base: Base, kind: str, cls: str, index: int, text: str, rng: random.Random) -> Input:
    """An input judged as its base is meant to be (or, now and then, under its tag)."""
    ruleset = base.ruleset
    if ruleset is not None and base.files == () and rng.random() < 0.3:
        ruleset = None  # as `check` without --ruleset: the tag decides
    return Input(kind, cls, index, text.encode("utf-8", "surrogatepass"), ruleset=ruleset,
                 files=dict(base.files), strict=rng.random() < 0.1, lang=rng.choice(("de", "en")),
                 deal=rng.choice((None, None, None, 1, 2, 0, 10**6)))


# ---- the language's tokens ------------------------------------------------------------------

KEYWORDS = [
    "Ausgabe", "Deal", "Geber", "Dealer", "Vorher", "Stand vorher", "Score before", "Abheben", "Cut", "Karten",
    "Hand", "Aufschlag", "Trumpf", "Tausch", "Exchange", "gegen", "for", "Luck und Boden", "Top and bottom",
    "Blind", "Ungesehen", "Höll auf", "Hoell auf!", "Stich", "Trick", "Weisen", "Show", "Stufe", "Stage",
    "Nachweis", "Validation", "Punkte", "Points", "Stand", "Score", "Streitfrage", "Dispute", "Kartenstehlen",
    "Card stealing", "Neu geben", "Redeal", "nach dem ersten Paket", "after packet 1", "Reklamation", "Claim",
    "für Ausgabe", "for deal", "Schuld", "Owed",
    "biete", "ich biete", "bietet", "bet", "bets", "geboten", "gut", "good",
    "concedes", "bei Farbe", "with suit", "ist", "is", "halte", "hält", "schaue", "hebe", "hold", "see", "steigert",
    "raises to", "drei", "vier", "fünf", "fuenf", "sechs", "sieben", "three", "seven", "Spiel aus", "wirft",
    "wirft die Karten", "throws in", "zeigt", "weist", "shows", "steht", "stands", "fragt", "asks", "dritzig",
    "drittziges", "viertig", "fünftig", "four", "five", "Gleich", "Hanger", "Hänger", "Haenger", "Spiel", "das",
    "der", "die", "ein", "the", "a", "und", "and", "+", "&", "als", "as", "=", "!", "?", ":", ",", "#", "[", "]",
    '"', "/", "-",
]
SEATS = ["N", "E", "S", "W", "O", "A", "B", "C", "D", "F", "Nord", "North", "Ost", "East", "Süd", "Sued", "South",
         "West", "N/S", "E/W", "O/W", "NS", "EW", "A/C/E", "B/D/F", "ACE"]
CARDS = all_card_names() + ["Martl", "Maxl", "Welli", "Schellweli", "kleine Weli", "Herz-Sau", "Laub Zehner",
                            "Ace of hearts", "ten of acorns", "six of bells", "Grün-Unter", "Gruen Ober", "Blatt-Kini",
                            "Schellen-Daus", "H6", "E6", "X9", "HZ", "?"]
NUMBERS = ["0", "1", "2", "3", "7", "8", "9", "11", "14", "15", "17", "18", "21", "23", "24", "25", "-1", "-9", "99",
           "999999", "1000000", "0000017", "-0"]
TAG_NAMES = ["Event", "Ruleset", "Target", "Date", "Site", "N", "E", "S", "W", "A", "B", "C", "D", "F", "Round"]
VOCABULARY = KEYWORDS + SEATS + CARDS + NUMBERS
_TOKEN = re.compile(r"\s+|[,:=\[\]\"#!+&]|[^\s,:=\[\]\"#!+&]+")

# ---- letters that fold onto ASCII -----------------------------------------------------------


@cache
def fold_table() -> dict[str, tuple[str, ...]]:
    """ASCII letters, digits and letter pairs -> other characters that lower, upper, casefold or
    normalise (NFKC) onto them: ſ -> s, K (Kelvin) -> k, ı -> i, ﬆ -> st, Ｓ -> s, ² -> 2 ..."""
    table: dict[str, set[str]] = defaultdict(set)
    ranges = [range(0x80, 0x2500), range(0x2C00, 0x2E00), range(0xA640, 0xA800), range(0xFB00, 0xFB07),
              range(0xFF10, 0xFF5B), range(0x1D400, 0x1D800), range(0x1F100, 0x1F150)]
    for r in ranges:
        for cp in r:
            c = chr(cp)
            if unicodedata.category(c) in ("Cn", "Cs", "Co"):
                continue
            nfkc = unicodedata.normalize("NFKC", c)
            for folded in {c.lower(), c.upper(), c.casefold(), nfkc, nfkc.casefold()}:
                if folded and folded != c and folded.isascii() and folded.isalnum():
                    table[folded.lower()].add(c)
            if c.isdigit() and c.isascii() is False and unicodedata.digit(c, None) is not None:
                table[str(unicodedata.digit(c))].add(c)
    table["i"] |= {"İ", "ı"}
    table["s"] |= {"ſ"}
    table["k"] |= {"\u212a"}
    return {k: tuple(sorted(v)) for k, v in sorted(table.items())}


#: Look-alikes that fold onto nothing: Cyrillic and Greek capitals and small letters.
CONFUSABLES = {"a": "аα", "e": "еε", "o": "оο", "c": "с", "p": "р", "x": "х", "A": "АΑ", "B": "ВΒ", "E": "ЕΕ",
               "H": "НΗ", "K": "КΚ", "M": "МΜ", "N": "Ν", "O": "ОΟ", "P": "РΡ", "S": "Ѕ", "T": "ТΤ", "X": "ХΧ",
               "W": "Ԝ", "L": "Ꮮ", "i": "іι"}

CONTROLS = ([chr(c) for c in range(0x00, 0x20) if c != 0x0A] + ["\x7f"] + [chr(c) for c in range(0x80, 0xA0)] +
            ["\u061c", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2028", "\u2029", "\u202a", "\u202b",
             "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\ufeff", "\u00a0", "\u00ad",
             "\u3000", "\ufffd", "\ufffe", "\U000e0001", "\x1b[31m", "\x1b]0;title\x07", "\r\r\n", "\x85"])

# ---- transcript classes ---------------------------------------------------------------------


def make_transcript(seed: int, index: int, pool: int = POOL_MATCHES) -> Input:
    """The transcript input number ``index`` (from the seed alone)."""
    cls = _class_at(TRANSCRIPT_CLASSES, index)
    rng = _rng(seed, "transcript", index)
    return TRANSCRIPT_MAKERS[cls](seed, index, rng, bases(seed, pool))


def t_generated(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    names = bundled_names()
    name = names[_ordinal(TRANSCRIPT_CLASSES, index) % len(names)]
    match = MatchGenerator(load_ruleset(name), _int_seed(seed, "generated", index)).match(index)
    lang = rng.choice(("de", "en"))
    text = format_transcript(match, lang)
    inp = Input("transcript", "generated", index, text.encode(), lang=lang, strict=rng.random() < 0.1,
                deal=rng.choice((None, 1, len(match.deals))))
    inp.expect_clean = not inp.strict
    return inp


def endgame_forms() -> list[str]:
    """Bundled rulesets with two sides counting up: both can be gestrichen."""
    return [n for n in bundled_names() if not load_ruleset(n).countdown and _sides(n) == 2]


def t_endgame(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    forms = endgame_forms()
    name = forms[_ordinal(TRANSCRIPT_CLASSES, index) % len(forms)]
    base = load_ruleset(name)
    behind = rng.choice((1, 1, 1, 2, 3))  # 17:17, or a little before it so that it is reached in play
    start = dataclasses.replace(base, score=dataclasses.replace(base.score, start=base.target - behind))
    match = MatchGenerator(start, _int_seed(seed, "endgame", index)).match(index)
    lang = rng.choice(("de", "en"))
    text = format_transcript(match, lang)
    inp = Input("transcript", "endgame", index, text.encode(), lang=lang, deal=rng.choice((None, 1)))
    if rng.random() < 0.3:  # a slip somewhere in the endgame
        inp.data = (_token_op(text, rng) if rng.random() < 0.5 else _line_op(text, rng, b)).encode("utf-8",
                                                                                                  "surrogatepass")
    else:
        inp.expect_clean = True
    return inp


def t_cross(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    names = bundled_names()
    turn = _ordinal(TRANSCRIPT_CLASSES, index)
    own, other = names[turn % 16], names[(turn // 16 + turn) % 16]
    base = rng.choice(b.generated[own]) if rng.random() < 0.7 else rng.choice(b.cases)
    text = window(base.text, rng)
    inp = from_base(base, "transcript", "cross", index, text, rng)
    how = rng.random()
    if how < 0.4:
        inp.ruleset = other
    elif how < 0.7:
        inp.ruleset = None
        inp.data = _set_tag(text, "Ruleset", other).encode()
    else:
        inp.ruleset, inp.versus = own if base.ruleset is None else base.ruleset, other
        inp.files = dict(base.files)
    if rng.random() < 0.3:
        target = rng.choice(["0", "10", "11", "15", "18", "21", "24", "25", "-3", "1e2", "", " 18 ", "18.0", "٣",
                             "9" * rng.choice((7, 30, 4300, 4301, 5000))])
        inp.data = _set_tag(inp.data.decode(), "Target", target).encode()
    return inp


def _set_tag(text: str, name: str, value: str) -> str:
    line = f'[{name} "{value}"]'
    pattern = re.compile(r'^\[' + name + r' "[^"\n]*"\]$', re.MULTILINE)
    if pattern.search(text):
        return pattern.sub(lambda _: line, text, count=1)
    return line + "\n" + text


def t_fold(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    base = b.any(rng)
    text = window(base.text, rng)
    for _ in range(rng.choice((1, 1, 2, 3, 6))):
        text = _fold_op(text, rng)
    if rng.random() < 0.15:  # the tag and the ruleset name folded too: ſtrafperlaggen, İnnsbruck
        name = rng.choice(bundled_names())
        text = _set_tag(text, "Ruleset", _fold_word(name, rng))
    return from_base(base, "transcript", "fold", index, text, rng)


def _fold_word(word: str, rng: random.Random) -> str:
    table = fold_table()
    spots = [i for i, ch in enumerate(word) if ch.lower() in table]
    if not spots:
        return word
    i = rng.choice(spots)
    return word[:i] + rng.choice(table[word[i].lower()]) + word[i + 1:]


def _fold_op(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    candidates = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    if not candidates:
        return text
    i = rng.choice(candidates)
    tokens = _TOKEN.findall(lines[i])
    words = [k for k, t in enumerate(tokens) if t.strip() and any(ch.isascii() and ch.isalnum() for ch in t)]
    if not words:
        return text
    k = rng.choice(words)
    word = tokens[k]
    how = rng.random()
    table = fold_table()
    if how < 0.55:
        word = _fold_word(word, rng)
    elif how < 0.65:  # a pair of letters as one ligature: ﬆ for st, ﬁ for fi
        pairs = [(j, word[j:j + 2].lower()) for j in range(len(word) - 1) if word[j:j + 2].lower() in table]
        if pairs:
            j, pair = rng.choice(pairs)
            word = word[:j] + rng.choice(table[pair]) + word[j + 2:]
        else:
            word = _fold_word(word, rng)
    elif how < 0.8:  # a look-alike from another script
        spots = [j for j, ch in enumerate(word) if ch in CONFUSABLES]
        if spots:
            j = rng.choice(spots)
            word = word[:j] + rng.choice(CONFUSABLES[word[j]]) + word[j + 1:]
    elif how < 0.9:  # a combining mark, or a whole word in full-width letters
        if rng.random() < 0.5:
            j = rng.randrange(len(word) + 1)
            word = word[:j] + rng.choice("\u0301\u0307\u0308\u0338\u20d2\u0336") + word[j:]
        else:
            word = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in word)
    else:  # the whole word upper- or lower-cased the Unicode way
        word = word.upper() if rng.random() < 0.5 else word.lower()
    tokens[k] = word
    lines[i] = "".join(tokens)
    return "\n".join(lines)


_NUMBER = re.compile(r"(?<![A-Za-z])-?\d+")


def _long_number(rng: random.Random) -> str:
    length = rng.choice((MAX_DIGITS, MAX_DIGITS + 1, 7, 10, 19, 20, 21, 40, 100, 1000, 4299, 4300, 4301, 5000,
                         MAX_LINE_CHARS - 20, MAX_LINE_CHARS + 5))
    first = rng.choice("123456789")
    digits = first + "".join(rng.choice("0123456789") for _ in range(min(length - 1, 50)))
    digits = (digits * (length // len(digits) + 1))[:length]
    how = rng.random()
    if how < 0.1:
        return "-" + digits
    if how < 0.2:
        return "0" * length + "18"
    return digits


def t_number(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    base = b.any(rng)
    text = window(base.text, rng)
    how = rng.random()
    if how < 0.5:  # a number in the file replaced
        spots = list(_NUMBER.finditer(text))
        if spots:
            m = rng.choice(spots)
            text = text[:m.start()] + _long_number(rng) + text[m.end():]
    elif how < 0.8:  # a line with a long number where numbers stand
        n = _long_number(rng)
        line = rng.choice([f"Ausgabe {n}", f"Deal {n}:", f"Stich {n}: N HA", f"Trick {n}: A HA", f"Stufe {n} N/S:",
                           f"Stage {n} A:", f"N {n} Gleich", f"W steigert {n}", f"E raises to {n} Spiel",
                           f"Punkte: {n}:0", f"Stand: 0:{n}", f"Vorher: {n}:{n}", f"Points: {n}:1:{n}",
                           f"Score before: -{n}:0", f"Stand vorher: 9:{n}:9", f"Ausgabe 1{n}"])
        lines = text.split("\n")
        lines.insert(rng.randrange(len(lines) + 1), line)
        text = "\n".join(lines)
    else:  # a [Target] tag
        value = rng.choice([_long_number(rng), "١٨", "１８", "¹⁸", "18\u0338", "+18", "18 ", "0x12", "1_8"])
        text = _set_tag(text, "Target", value)
    return from_base(base, "transcript", "number", index, text, rng)


_SCORE_LINE = re.compile(r"^\s*(?:vorher|stand vorher|score before|before|punkte|points|stand|score)\b.*$",
                         re.IGNORECASE | re.MULTILINE)


def t_width(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    base = rng.choice(b.generated[rng.choice(bundled_names())]) if rng.random() < 0.6 else b.any(rng)
    text = window(base.text, rng)
    sides = _sides(base.form)
    target = load_ruleset(base.form).target

    def scores() -> str:
        width = rng.choice([1, 2, 3, 4, 5, 6, 8, 20, sides - 1 or 1, sides + 1, sides, sides])
        values = [0, 1, 2, target - 1, target, target + 1, 9, 99, 999999, -1, -9, -999999, 17, 14]
        return ":".join(str(rng.choice(values)) for _ in range(width))

    keyword = rng.choice(["Vorher", "Stand vorher", "Score before", "Punkte", "Points", "Stand", "Score"])
    how = rng.random()
    if how < 0.4 and _SCORE_LINE.search(text):
        spots = list(_SCORE_LINE.finditer(text))
        m = rng.choice(spots)
        text = text[:m.start()] + f"{keyword}: {scores()}" + text[m.end():]
    elif how < 0.7:  # every score line of one kind changed alike
        width_scores = scores()
        text = _SCORE_LINE.sub(lambda m: m.group(0).split(":")[0] + ": " + width_scores
                               if rng.random() < 0.5 else m.group(0), text)
    else:  # a score inserted after a deal's first lines
        lines = text.split("\n")
        deal_lines = [i for i, line in enumerate(lines) if _DEAL_LINE.match(line)] or [0]
        at = rng.choice(deal_lines) + rng.choice((1, 2, 3))
        lines.insert(min(at, len(lines)), f"{keyword}: {scores()}")
        text = "\n".join(lines)
    return from_base(base, "transcript", "width", index, text, rng)


def _line_op(text: str, rng: random.Random, b: Bases) -> str:
    lines = text.split("\n")
    n = len(lines)
    how = rng.randrange(12)
    if n == 0:
        return text
    i, j = rng.randrange(n), rng.randrange(n)
    if how == 0:
        del lines[i:i + rng.choice((1, 1, 2, 5))]
    elif how == 1:
        lines.insert(j, lines[i])
    elif how == 2:
        lines[i], lines[j] = lines[j], lines[i]
    elif how == 3:
        lines.insert(j, lines.pop(i))
    elif how == 4:  # a line from another transcript (perhaps of another form)
        other = b.any(rng).text.split("\n")
        lines.insert(j, rng.choice(other))
    elif how == 5:  # deals swapped, duplicated or dropped
        header, deals = split_deals(text)
        if len(deals) >= 2:
            a, c = rng.sample(range(len(deals)), 2)
            choice = rng.randrange(3)
            if choice == 0:
                deals[a], deals[c] = deals[c], deals[a]
            elif choice == 1:
                deals.insert(c, list(deals[a]))
            else:
                del deals[a]
        elif deals:
            deals.append(list(deals[0]))
        lines = header + [line for deal in deals for line in deal]
    elif how == 6:  # deal numbers changed
        lines = [re.sub(r"\d+", str(rng.choice((0, 1, 2, 5, 99, 100000))), line, count=1)
                 if _DEAL_LINE.match(line) and rng.random() < 0.5 else line for line in lines]
    elif how == 7:  # the file cut at a byte (perhaps inside a letter)
        data = text.encode()
        return data[: rng.randrange(len(data) + 1)].decode("utf-8", "ignore")
    elif how == 8:  # two transcripts one after the other
        return text + rng.choice(("\n", "", "\n\n")) + b.any(rng).text
    elif how == 9:  # a deal's lines in reverse or shuffled
        header, deals = split_deals(text)
        if deals:
            deal = rng.choice(deals)
            body = deal[1:]
            if rng.random() < 0.5:
                body.reverse()
            else:
                rng.shuffle(body)
            deal[1:] = body
        lines = header + [line for deal in deals for line in deal]
    elif how == 10:  # blank lines and comments everywhere, or none
        if rng.random() < 0.5:
            lines = [line for line in lines if line.strip()]
        else:
            lines = [x for line in lines for x in (line, rng.choice(("", "# note", "   ", "#")))]
    else:  # the tail of one line joined to the next, or a line split
        if i + 1 < n and rng.random() < 0.5:
            lines[i:i + 2] = [lines[i] + rng.choice((" ", ", ", "")) + lines[i + 1]]
        elif lines[i]:
            k = rng.randrange(len(lines[i]) + 1)
            lines[i:i + 1] = [lines[i][:k], lines[i][k:]]
    return "\n".join(lines)


def t_lines(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    base = b.any(rng)
    text = window(base.text, rng)
    for _ in range(rng.choice((1, 1, 1, 2, 3, 5))):
        text = _line_op(text, rng, b)
    return from_base(base, "transcript", "lines", index, text, rng)


def _token_op(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    candidates = [i for i, line in enumerate(lines) if line.strip()]
    if not candidates:
        return text + rng.choice(VOCABULARY)
    i = rng.choice(candidates)
    tokens = _TOKEN.findall(lines[i])
    spots = [k for k, t in enumerate(tokens) if t.strip()] or [0]
    k = rng.choice(spots)
    how = rng.randrange(6)
    pool = rng.choice((VOCABULARY, KEYWORDS, SEATS, CARDS, NUMBERS))
    new = rng.choice(pool)
    if how == 0 and tokens:
        tokens[k] = new
    elif how == 1:
        tokens.insert(k, rng.choice(("", " ")) + new + " ")
    elif how == 2 and tokens:
        del tokens[k]
    elif how == 3 and tokens:
        tokens.insert(k, tokens[k] + " ")
    elif how == 4 and len(spots) >= 2:
        a, c = rng.sample(spots, 2)
        tokens[a], tokens[c] = tokens[c], tokens[a]
    else:  # a word of the language written in another case, or glued to its neighbour
        if tokens:
            tokens[k] = rng.choice((tokens[k].upper(), tokens[k].lower(), tokens[k].title(), tokens[k] + new))
    lines[i] = "".join(tokens)
    return "\n".join(lines)


def t_tokens(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    base = b.any(rng)
    text = window(base.text, rng)
    for _ in range(rng.choice((1, 1, 2, 3, 5, 10))):
        text = _token_op(text, rng)
    return from_base(base, "transcript", "tokens", index, text, rng)


#: Words of the language by kind (lower case): a word swapped for another of its kind still reads.
KINDS: dict[str, list[str]] = {
    "card": [c for c in all_card_names() if len(c) <= 3] * 3 + ["Weli", "Martl", "Schell-Spitz", "Eichel-Spitz"],
    "seat": ["N", "E", "S", "W", "A", "B", "C", "D", "E", "F"],
    "team": ["N/S", "E/W", "A/C/E", "B/D/F"],
    "figure": ["Gleich", "Hanger", "Spiel"],
    "number": [str(n) for n in range(0, 25)] + ["-1", "-3", "99"],
    "action": ["biete", "gut", "halte", "hebe", "schaue", "zeigt", "steht", "fragt", "wirft", "steigert"],
    "raise": ["drei", "vier", "fünf", "sechs", "sieben", "Spiel aus"],
    "size": ["dritzig", "viertig", "fünftig"],
}
_KIND_OF = {word.lower(): kind for kind, words in KINDS.items() for word in words}
_KIND_OF.update({word.lower(): "card" for word in all_card_names()})


def _swap_op(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    spots = [(i, k) for i, line in enumerate(lines) if not line.lstrip().startswith(("#", "[", "Streitfrage"))
             for k, token in enumerate(_TOKEN.findall(line)) if token.lower() in _KIND_OF]
    if not spots:
        return text
    i, k = rng.choice(spots)
    tokens = _TOKEN.findall(lines[i])
    kind = _KIND_OF[tokens[k].lower()]
    tokens[k] = rng.choice(KINDS[kind])
    lines[i] = "".join(tokens)
    return "\n".join(lines)


def t_swap(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    base = rng.choice(b.generated[rng.choice(bundled_names())]) if rng.random() < 0.6 else b.any(rng)
    text = window(base.text, rng)
    for _ in range(rng.choice((1, 1, 1, 2, 3, 6))):
        text = _swap_op(text, rng)
    return from_base(base, "transcript", "swap", index, text, rng)


def t_bytes(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    base = b.any(rng)
    text = window(base.text, rng)
    inp = from_base(base, "transcript", "bytes", index, text, rng)
    data = bytearray(inp.data)
    for _ in range(rng.choice((1, 1, 2, 4, 8))):
        how = rng.randrange(9)
        at = rng.randrange(len(data) + 1)
        if how == 0 and data:  # a bit flipped
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif how == 1:
            data[at:at] = bytes([rng.randrange(256)])
        elif how == 2 and data:
            del data[at:at + rng.choice((1, 1, 2, 7))]
        elif how in (3, 4, 5):  # a control character, C1 code, bidi code or separator
            data[at:at] = rng.choice(CONTROLS).encode("utf-8", "surrogatepass")
        elif how == 6:  # line ends: CRLF, CR alone, or mixed
            choice = rng.randrange(3)
            data = bytearray(data.replace(b"\n", b"\r\n") if choice == 0 else data.replace(b"\n", b"\r")
                             if choice == 1 else data.replace(b"\n", b"\r\n", rng.randrange(1, 5)))
        elif how == 7:  # bad UTF-8: a lone byte, a cut letter, Windows-1252, a surrogate, a BOM inside
            data[at:at] = rng.choice((b"\xff", b"\xc3", b"\xe4", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\xc0\xaf",
                                      b"\xf4\x90\x80\x80", "ä".encode("cp1252")))
        else:  # a NUL byte, near the start or far in
            data[at:at] = b"\x00"
    inp.data = bytes(data)
    return inp


def t_big(seed: int, index: int, rng: random.Random, b: Bases) -> Input:
    base = rng.choice(b.generated[rng.choice(bundled_names())])
    header, deals = split_deals(base.text)
    deal = "\n".join(deals[0]) if deals else "Ausgabe 1"
    how = rng.randrange(8)
    width = rng.choice((MAX_LINE_CHARS - 1, MAX_LINE_CHARS, MAX_LINE_CHARS + 1, 3 * MAX_LINE_CHARS))
    cards = [c for c in CARDS if len(c) <= 3 and c != "?"]
    if how == 0:  # a show line as long as a line may be, and just longer
        line = "N zeigt Gleich " + " ".join(rng.choice(cards) for _ in range(width // 3))
        text = "\n".join(header) + "\n" + deal + "\nWeisen:\n" + line[:width] + "\n"
    elif how == 1:  # a comment, a Streitfrage or a tag of that length
        filler = "".join(rng.choice("abc äöü ß #:,=\"") for _ in range(50))
        filler = (filler * (width // 50 + 1))[:width]
        text = rng.choice((f"# {filler}\n" + base.text, base.text + f"\nStreitfrage: {filler}\n",
                           f'[Event "{filler}"]\n' + base.text))
    elif how == 2:  # many deals
        count = rng.choice((10, 30, 30, 100))
        text = "\n".join(header) + "\n" + "\n".join(re.sub(r"\d+", str(n), deal, count=1) for n in range(1, count))
    elif how == 3:  # more syntax errors than are reported
        text = base.text + "\n" + "\n".join(f"N flurb {n} ###" for n in range(MAX_ERRORS * rng.choice((1, 2, 20))))
    elif how == 4:  # one line of many actions
        text = "\n".join(header) + "\n" + deal + "\nStich 6: " + ", ".join(
            f"{rng.choice('NESW')} {rng.choice(cards)}" for _ in range(width // 7))
    elif how == 5:  # many empty deals
        text = "".join(f"Ausgabe {n}\n" for n in range(1, rng.choice((100, 500, 500, 10_002))))
    elif how == 6:  # a deal of very many cards played
        text = "\n".join(header) + "\n" + deal + "\n" + "\n".join(
            f"{rng.choice('NESW')} {rng.choice(cards)}" for _ in range(rng.choice((200, 200, 600, 2000))))
    else:  # the file as one line of separators, commas or colons
        text = rng.choice((",", ":", "=", " ", "\t", "#", "[", "\u2028")) * rng.choice((width, width, 100_000))
    return from_base(base, "transcript", "big", index, text, rng)


TRANSCRIPT_MAKERS: dict[str, Callable[[int, int, random.Random, Bases], Input]] = {
    "generated": t_generated, "endgame": t_endgame, "cross": t_cross, "fold": t_fold, "number": t_number,
    "width": t_width, "lines": t_lines, "tokens": t_tokens, "swap": t_swap, "bytes": t_bytes, "big": t_big,
}

# ---- ruleset classes ------------------------------------------------------------------------

SECTIONS = sorted({p.rsplit(".", 1)[0] for p in SCHEMA if "." in p})
WRONG_VALUES = [
    "null", "~", "true", "false", "yes", "no", "on", "off", "0", "-1", "99", "1e400", "-.inf", ".nan", "0x7f", "0o17",
    "1_000", "1:20", "2020-01-01", "2020-01-01 12:00:00", "''", "'text'", "[]", "[1, 2]", "{}", "{a: 1}", "[[[]]]",
    "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1]", "!!str 4", "!!int '4'", "!!float 4", "!!null ''",
    "'" + "x" * 300 + "'", "9" * 50, "9" * 5000, "-" + "9" * 33, "[HK, 5, null, XX, T7, T7]", "[" + "HK, " * 500 + "]",
    "{PLAY-3: 5}", "{XXX-1: {points: -1}}", "{VALID-1: {points: 99999999999999999999, forfeit: bogus}}",
    "{VALID-1: {points: 2}}", "{VALID-1: [2, deal]}", "{VALID-1: {points: 2, forfeit: deal, source: 5}}",
    "|\n  block\n  text", ">-\n  folded", "\"\\x1b]0;title\\x07\"", "\"\\u202e\"", "\"\\0\"", "2.5", "18.0", "+18",
    "[dealer, partner, lho, rho, dealer]", "[rho]", "[]", "[E, L, H, S]", "[X]", "[e]", "innsbruck",
]


@cache
def schema_values() -> dict[str, list[Any]]:
    """For each key of the schema, values of the right type: every choice it allows, the ends
    of its range and one past them (read from the declared checks), and the values the bundled
    rulesets give it."""
    def probe(check: Any, depth: int = 0) -> list[Any]:
        if isinstance(check, Flag):
            return [True, False]
        if isinstance(check, WholeOf):
            return [*check.values, 5, 1]
        if isinstance(check, Whole):
            return [check.high, check.high - 1, check.high + 1, check.low, check.low - 1, check.low + 1]
        if isinstance(check, OneOf):
            return [*check.choices, "bogus"]
        if isinstance(check, ListOf) and depth < 2:
            inner = probe(check.item, depth + 1)
            return [[v] for v in inner] + [inner[:3], inner[::-1]]
        return []

    out: dict[str, list[Any]] = {path: probe(key.check) for path, key in SCHEMA.items()}
    for name in bundled_names():
        data = yaml.safe_load((REPO / "perlagg_streit" / "rulesets" / f"{name}.yaml").read_text("utf-8"))

        def walk(node: Any, prefix: str = "") -> None:
            for key, value in node.items():
                path = f"{prefix}{key}"
                if isinstance(value, dict) and path not in ("penalties", "sources"):
                    walk(value, path + ".")
                elif path in out and value not in out[path]:
                    out[path].append(value)
        walk(data)
    return out


def _nested(path: str, value_text: str) -> str:
    """``a.b.c`` = value as block YAML."""
    parts = path.split(".")
    lines = []
    for depth, part in enumerate(parts[:-1]):
        lines.append("  " * depth + f"{part}:")
    value_lines = value_text.split("\n")
    head = "  " * (len(parts) - 1) + f"{parts[-1]}: {value_lines[0]}"
    rest = ["  " * len(parts) + line for line in value_lines[1:]]
    return "\n".join(lines + [head] + rest) + "\n"


def make_ruleset(seed: int, index: int, pool: int = POOL_MATCHES) -> Input:
    """The ruleset input number ``index`` (from the seed alone)."""
    cls = _class_at(RULESET_CLASSES, index)
    rng = _rng(seed, "ruleset", index)
    b = bases(seed, pool)
    parent = bundled_names()[_ordinal(RULESET_CLASSES, index) % 16]  # every class extends each in turn
    made = RULESET_MAKERS[cls](rng, parent, b, _ordinal(RULESET_CLASSES, index))
    # a transcript of the form the ruleset extends, judged under it
    base = rng.choice(b.generated[parent]) if rng.random() < 0.8 else b.any(rng)
    text = window(base.text, rng)
    inp = Input("ruleset", cls, index, b"", lang=rng.choice(("de", "en")), files=made.files, specials=made.specials,
                primary=made.name, generate=rng.random() < 0.5, strict=rng.random() < 0.1)
    how = made.how if made.how != "either" else ("tag" if rng.random() < 0.25 else "option")
    if how == "tag":  # named by the [Ruleset] tag: confined to the transcript's folder
        text = _set_tag(text, "Ruleset", made.name)
    else:
        inp.ruleset = made.name
    if rng.random() < 0.1:
        inp.versus = rng.choice(bundled_names())
    inp.data = text.encode("utf-8", "surrogatepass")
    return inp


@dataclass
class RulesetMade:
    """A ruleset input: the files (and special files) to write, the name it is used by, and how
    it is named: by ``--ruleset`` ("option"), by the transcript's tag ("tag"), or "either"."""

    files: dict[str, bytes]
    name: str = "house.yaml"
    specials: dict[str, str] = field(default_factory=dict)
    how: str = "either"


def r_alias(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    levels = rng.choice((2, 5, 9, 12))
    width = rng.choice((2, 9, 10))
    lines = ['a0: &a0 ["lol", "lol"]']
    for k in range(1, levels):
        lines.append(f"a{k}: &a{k} [" + ", ".join([f"*a{k - 1}"] * width) + "]")
    laughs = "\n".join(lines)
    where = rng.randrange(7)
    if where == 0:  # under an unknown key at the top
        text = f"extends: {parent}\n{laughs}\n"
    elif where == 1:  # as the value of a known key
        text = f"extends: {parent}\nsources:\n" + "\n".join("  " + line for line in lines) + \
            f"\n  target: *a{levels - 1}\n"
    elif where == 2:  # mappings of aliases (each key a mapping of the one before)
        maps = ["m0: &m0 {a: 1, b: 2}"] + [f"m{k}: &m{k} {{" + ", ".join(f"k{j}: *m{k - 1}" for j in range(width)) + "}"
                                           for k in range(1, levels)]
        text = f"extends: {parent}\nunknown:\n" + "\n".join("  " + m for m in maps) + "\n"
    elif where == 3:  # a merge key
        text = f"base: &b {{players: 4, target: 18}}\nextends: {parent}\nscore:\n  <<: *b\n"
    elif where == 4:  # an alias to itself
        text = f"extends: {parent}\nsources: &s {{x: *s}}\n"
    elif where == 5:  # one harmless-looking alias
        text = f"extends: {parent}\nx: &t 18\ntarget: *t\n"
    else:  # an anchor without any alias
        text = f"extends: {parent}\ntarget: &t 18\n"
    return RulesetMade({"house.yaml": text.encode()})


def r_deep(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    depth = rng.choice((MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 100, 1000, 5000, 20_000, 100_000))
    style = rng.randrange(4)
    if style == 0:
        nested = "[" * depth + "]" * depth
    elif style == 1:
        nested = "{a: " * depth + "1" + "}" * depth
    elif style == 2:
        nested = "[{a: " * (depth // 2) + "1" + "}]" * (depth // 2)
    else:  # block style, as deep as a file can be within its size
        depth = min(depth, 300)
        nested = "\n" + "\n".join("  " * (k + 1) + f"k{k}:" for k in range(depth)) + " 1"
    key = rng.choice(("unknown", "sources", "penalties", "perlaggen.order", "score", "target", "title.de", "<top>"))
    if key == "<top>":
        text = nested if style != 3 else nested.lstrip("\n").replace("  ", "", 1)
    else:
        text = f"extends: {parent}\n" + _nested(key, nested)
    return RulesetMade({"house.yaml": text.encode()})


def r_size(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    how = rng.randrange(8)
    head = f"extends: {parent}\n"
    if how == 0:  # at and past the size limit, padded with a comment
        size = rng.choice((MAX_FILE_BYTES - 1, MAX_FILE_BYTES, MAX_FILE_BYTES + 1, 10 * MAX_FILE_BYTES))
        text = head + "#" + "x" * max(0, size - len(head) - 2) + "\n"
    elif how == 1:  # a long name or title
        text = head + f"name: '{'n' * rng.choice((255, 256, 4096, 60_000))}'\n"
    elif how == 2:  # many keys
        text = head + "sources:\n" + "".join(f"  k{k}: v\n" for k in range(rng.choice((100, 3000, 10_000))))
    elif how == 3:  # a long key
        text = head + f"{'k' * rng.choice((1000, 60_000))}: 1\n"
    elif how == 4:  # a long list
        text = head + "perlaggen:\n  order: [" + ", ".join(["HK"] * rng.choice((100, 10_000))) + "]\n"
    elif how == 5:  # a long number
        text = head + f"target: {'1' * rng.choice((33, 4300, 4301, 60_000))}\n"
    elif how == 6:  # a long float or a long text in a number's place
        text = head + f"target: {'1' * 400}.5\n" if rng.random() < 0.5 else head + f"target: '{'1' * 5000}'\n"
    else:  # many documents
        text = "---\n".join(head for _ in range(rng.choice((2, 1000))))
    return RulesetMade({"house.yaml": text.encode()})


def r_types(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    paths = [*SCHEMA, *SECTIONS, "extends", "name", "title"]
    path = paths[turn % len(paths)]  # every key in turn
    value = rng.choice(WRONG_VALUES)
    if rng.random() < 0.7:
        text = f"extends: {parent}\n" + _nested(path, value)
    else:  # a whole bundled ruleset with the one value replaced
        text = dict(b.yaml_texts)[f"{parent}.yaml"]
        leaf = path.split(".")[-1]
        pattern = re.compile(rf"^(\s*){re.escape(leaf)}:.*$", re.MULTILINE)
        text = pattern.sub(lambda m: f"{m.group(1)}{leaf}: {value.splitlines()[0]}", text, count=1) \
            if pattern.search(text) else text + _nested(path, value)
    return RulesetMade({"house.yaml": text.encode("utf-8", "surrogatepass")})


def _misspelt(word: str, rng: random.Random) -> str:
    i = rng.randrange(len(word) + 1)
    how = rng.randrange(4)
    if how == 0:
        return word[:i] + rng.choice("abcdefghijklmnopqrstuvwxyz_.") + word[i:]
    if how == 1 and len(word) > 1:
        return word[:i] + word[i + 1:]
    if how == 2:
        return word.upper() if rng.random() < 0.5 else word.replace("_", "-")
    return _fold_word(word, rng)


def r_unknown(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    paths = [*SCHEMA, *SECTIONS]
    path = paths[turn % len(paths)]  # every key in turn
    parts = path.split(".")
    how = rng.randrange(8)
    head = f"extends: {parent}\n"
    if how == 0:
        parts[-1] = _misspelt(parts[-1], rng)
        text = head + _nested(".".join(parts), "1")
    elif how == 1:
        parts[0] = _misspelt(parts[0], rng)
        text = head + _nested(".".join(parts), "true")
    elif how == 2:  # keys that are not texts
        key = rng.choice(("1", "null", "true", "1.5", "? [a, b]\n", "? {a: 1}\n", "''", "2020-01-01"))
        section = rng.choice(("", "score:\n  ", "penalties:\n  ", "sources:\n  "))
        text = head + (f"{section}{key}: x\n" if not key.startswith("?") else
                       f"{section}{key}{'  ' if section else ''}: x\n")
    elif how == 3:  # a dotted key written as one text
        text = head + f"'{path}': {rng.choice(('1', 'countdown', '[]', 'true'))}\n"
    elif how == 4:  # a key given twice
        text = head + _nested(path, "1") + _nested(path, "2")
    elif how == 5:  # an unknown rule in penalties, an unknown key in sources
        text = head + rng.choice(("penalties:\n  NOPE-1: {points: 1, forfeit: deal}\n",
                                  "sources:\n  no.such.key: x\n", "penalties:\n  PLAY-3: {points: 1, bonus: 2}\n",
                                  "penalties:\n  '': {points: 1}\n"))
    elif how == 6:  # extends in a section, or repeated
        text = head + rng.choice((f"score:\n  extends: {parent}\n", f"extends: {parent}\n", "extends:\n"))
    else:  # an unknown key with a big value under it
        text = head + "unknown:\n" + "".join(f"  k{k}: [1, 2, 3]\n" for k in range(200))
    return RulesetMade({"house.yaml": text.encode("utf-8", "surrogatepass")})


def r_extends(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    how = rng.randrange(11)
    files: dict[str, bytes] = {}
    specials: dict[str, str] = {}
    tag: str | None = None
    first = "house.yaml"
    if how == 0:  # a chain of files
        length = rng.choice((2, 8, 9, MAX_EXTENDS - 1, MAX_EXTENDS, MAX_EXTENDS + 1, 40))
        for k in range(length):
            files[f"r{k}.yaml"] = f"extends: r{k + 1}.yaml\n".encode() if k + 1 < length else \
                f"extends: {parent}\n".encode()
        first = "r0.yaml"
    elif how == 1:  # a circle
        length = rng.choice((1, 2, 3, 10))
        for k in range(length):
            files[f"c{k}.yaml"] = f"extends: c{(k + 1) % length}.yaml\n".encode()
        first = "c0.yaml"
    elif how == 2:  # to nothing, to a folder, a FIFO, a device, a link loop
        target = rng.choice(("missing.yaml", "folder", "fifo.yaml", "zero.yaml", "loop.yaml", "/dev/zero",
                             "/dev/null", "/proc/self/fd/0", "/", ".", "..", "dangling.yaml"))
        files["house.yaml"] = f"extends: {target}\n".encode()
        specials.update({"folder": "folder", "fifo.yaml": "fifo", "zero.yaml": "devzero", "loop.yaml": "loop",
                         "dangling.yaml": "dangling"})
    elif how == 3:  # not a name
        value = rng.choice(("5", "[a]", "{a: 1}", "null", "''", "true", "'\\0'", "\"\\0x\"", "\"a\\0b\""))
        files["house.yaml"] = f"extends: {value}\n".encode()
    elif how == 4:  # relative names from a subfolder: taken from the file's own folder
        files["sub/house.yaml"] = b"extends: parent.yaml\ntarget: 21\n"
        files["sub/parent.yaml"] = f"extends: {parent}\n".encode()
        files["parent.yaml"] = b"extends: nowhere-else\n"
        first = "sub/house.yaml"
    elif how == 5:  # names too long, with NUL, with control characters, not UTF-8
        name = rng.choice(("x" * 256 + ".yaml", "x" * 5000, "a/" * 2100 + "b.yaml", "bad\x1b]0;t\x07.yaml",
                           "\u202eyaml.lmth", "ſtrafperlaggen", "İnnsbruck", "INNSBRUCK", " innsbruck",
                           "innsbruck.yaml", "innsbruck\n"))
        files["house.yaml"] = ("extends: " + json.dumps(name) + "\n").encode()
    elif how == 6:  # a bundled ruleset's own extends pointing to a file: only bundled ones may
        files["house.yaml"] = f"extends: {parent}\nname: '{parent}'\n".encode()
    elif how == 7:  # named by the [Ruleset] tag: a file beside, in a subfolder, elsewhere, a link out
        files["house.yaml"] = f"extends: {parent}\n".encode()
        files["sub/deep.yaml"] = f"extends: {parent}\n".encode()
        specials["out.yaml"] = "link-out"
        tag = rng.choice(("house.yaml", "sub/deep.yaml", "../house.yaml", "/etc/passwd", "out.yaml", "/dev/zero",
                          "fifo.yaml", "folder", "", ".", "~/x.yaml", "house.yaml\x00x"))
        specials.update({"fifo.yaml": "fifo", "folder": "folder"})
    elif how == 8:  # a file named by the tag that extends one outside the folder
        files["house.yaml"] = rng.choice((b"extends: ../elsewhere.yaml\n", b"extends: /etc/passwd\n",
                                          b"extends: sub/x.yaml\n", f"extends: {parent}\n".encode()))
        files["sub/x.yaml"] = f"extends: {parent}\n".encode()
        tag = "house.yaml"
    elif how == 9:  # a file that is a link to a bundled file, or to itself
        specials["house.yaml"] = rng.choice(("link-bundled", "loop", "devzero", "fifo", "folder"))
    else:  # a relative path with dots from the folder
        files["a/b/house.yaml"] = b"extends: ../../top.yaml\n"
        files["top.yaml"] = f"extends: {parent}\n".encode()
        first = "a/b/house.yaml"
    if tag is not None:
        return RulesetMade(files, tag, specials, "tag")
    return RulesetMade(files, first, specials)


def r_values(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    values = schema_values()
    data: dict[str, Any] = {"extends": parent}
    for path in rng.sample(sorted(values), rng.choice((1, 2, 3, 6, 12))):
        if values[path]:
            node = data
            parts = path.split(".")
            for part in parts[:-1]:
                node = node.setdefault(part, {})
            node[parts[-1]] = rng.choice(values[path])
    return RulesetMade({"house.yaml": yaml.safe_dump(data, sort_keys=False, allow_unicode=True).encode()})


def r_mutate(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    name, text = rng.choice(b.yaml_texts)
    lines = text.split("\n")
    for _ in range(rng.choice((1, 1, 2, 4))):
        n = len(lines)
        i, j = rng.randrange(n), rng.randrange(n)
        how = rng.randrange(9)
        if how == 0:
            del lines[i]
        elif how == 1:
            lines.insert(j, lines[i])
        elif how == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif how == 3:  # indentation changed
            lines[i] = rng.choice((" ", "  ", "\t", "")) + lines[i].lstrip(" ") if rng.random() < 0.5 else \
                lines[i][rng.choice((1, 2)):]
        elif how == 4:  # a value taken from another line
            if ": " in lines[i] and ": " in lines[j]:
                lines[i] = lines[i].split(": ")[0] + ": " + lines[j].split(": ", 1)[1]
        elif how == 5:  # a YAML character inserted
            k = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:k] + rng.choice(":-[]{}&*!%@`|>\"'#,?") + lines[i][k:]
        elif how == 6:
            lines[i] = _fold_op(lines[i], rng)
        elif how == 7:
            lines[i] = _token_op(lines[i], rng)
        else:
            lines = lines[: rng.randrange(n + 1)]
        if not lines:
            lines = [""]
    data = "\n".join(lines).encode()
    if rng.random() < 0.15:
        data = bytearray(data)
        data[rng.randrange(len(data) + 1):0] = rng.choice((b"\xff", b"\x00", b"\xef\xbb\xbf", b"\r", b"\xc3"))
        data = bytes(data)
    # a bundled file by another file name: its `name` is still the bundled one, its extends bundled
    return RulesetMade({(chosen := rng.choice(("house.yaml", name))): data}, chosen)


def r_tags(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    text = rng.choice((
        f"extends: {parent}\nplayers: !!python/object/apply:os.system ['touch /tmp/perlagg-fuzz-pwned']\n",
        f"extends: {parent}\nx: !!python/name:os.system\n",
        f"extends: {parent}\nx: !!python/object/new:dict {{}}\n",
        f"extends: {parent}\ntarget: !foo 18\n",
        f"extends: {parent}\ntarget: !!str 18\n",
        f"extends: {parent}\ntarget: !!binary MTg=\n",
        f"extends: {parent}\nperlaggen:\n  order: !!set {{HK: null}}\n",
        f"extends: {parent}\nsources: !!omap [a: b]\n",
        f"%YAML 1.1\n---\nextends: {parent}\n",
        f"%YAML 1.3\n---\nextends: {parent}\n",
        f"%TAG ! tag:example.com,2000:\n---\nextends: {parent}\ntarget: !x 18\n",
        f"---\nextends: {parent}\n---\ntarget: 18\n",
        f"extends: {parent}\n...\n---\nnonsense\n",
        "", "# only a comment\n", "18\n", "[a, b]\n", "null\n", "~\n", "'text'\n", "---\n", "...\n",
        f"\ufeffextends: {parent}\n", f"extends: {parent}\r\ntarget: 21\r\n", f"extends:\t{parent}\n",
        f"extends: {parent}\ntarget: 21 # comment\n\x00\n",
    ))
    return RulesetMade({"house.yaml": text.encode()})


def r_names(rng: random.Random, parent: str, b: Bases, turn: int) -> RulesetMade:
    name = rng.choice((
        "x" * 256, "x" * 300 + ".yaml", "y" * 4097, "/" + "a/" * 3000, "innsbruck" * 40, "../" * 100 + "etc/passwd",
        _fold_word(parent, rng), parent.upper(), f"{parent}.yaml", f" {parent}", f"{parent}\t", "", "-",
        "\x1b]0;pwned\x07", "a\rb", "\u202etxt.yaml", "\x7f", "nul\x00.yaml", "ä" * 200, "🂡" * 70,
        "/proc/self/environ", "/dev/stdin", "~", "$HOME/x.yaml", "*", "?", "C:\\rules.yaml", "\\\\server\\x.yaml",
    ))
    files: dict[str, bytes] = {}
    if rng.random() < 0.3 and len(name.encode()) < 200 and "/" not in name and "\x00" not in name and name not in \
            ("", ".", ".."):
        files[name] = f"extends: {parent}\n".encode()  # a file of that name exists beside
    return RulesetMade(files, name)


RULESET_MAKERS: dict[str, Callable[[random.Random, str, Bases, int], RulesetMade]] = {
    "alias": r_alias, "deep": r_deep, "size": r_size, "types": r_types, "unknown": r_unknown,
    "extends": r_extends, "values": r_values, "mutate": r_mutate, "tags": r_tags, "names": r_names,
}

# ---- running one input in-process --------------------------------------------------------------


class Hang(BaseException):
    """The input ran past its time limit (a BaseException: no `except Exception` may swallow it)."""


class Finding(Exception):
    """Something the program did wrong that raised nothing (a round trip that does not hold ...)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _safe(text: str, what: str) -> None:
    """Text for the terminal: no control character but line breaks, no bidi code."""
    m = _UNSAFE.search(text)
    if m is not None:
        raise Finding("unsafe", f"{what} shows {m.group(0)!r} raw at {m.start()}: "
                      f"{text[max(0, m.start() - 30):m.start() + 10]!r}")


def prepare(inp: Input, folder: Path) -> None:
    """Write the input's files and special files into ``folder`` (emptied first)."""
    if folder.is_dir() and not inp.files and not inp.specials and not any(folder.iterdir()):
        return  # nothing to write, nothing left over
    if folder.exists():
        _remove(folder)
    folder.mkdir(parents=True)
    for name, data in inp.files.items():
        path = folder / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except (OSError, ValueError):  # a name the file system refuses: the input names it anyway
            pass
    for name, kind in inp.specials.items():
        path = folder / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _special(path, kind)
        except OSError:
            pass


def _special(path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "loop":
        os.symlink(path.name, path)
    elif kind == "devzero":
        os.symlink("/dev/zero", path)
    elif kind == "dangling":
        os.symlink("no-such-file", path)
    elif kind == "link-out":
        outside = Path(tempfile.gettempdir()) / "perlagg-fuzz-outside.yaml"
        if not outside.exists():
            outside.write_text("extends: innsbruck\n")
        os.symlink(outside, path)
    elif kind == "link-bundled":
        os.symlink(REPO / "perlagg_streit" / "rulesets" / "innsbruck.yaml", path)
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        try:
            s.bind(str(path))
        finally:
            s.close()


def _remove(folder: Path) -> None:
    for root, dirs, _ in os.walk(folder):
        for d in dirs:
            with contextlib.suppress(OSError):
                os.chmod(os.path.join(root, d), 0o755)
    shutil.rmtree(folder, ignore_errors=True)


def _resolved(name: str, folder: Path) -> str:
    """A --ruleset name as the command line, run in ``folder``, takes it."""
    if name in bundled_names() or not name or "\x00" in name or os.path.isabs(name):
        return name
    return str(folder / name)


def exercise(inp: Input, folder: Path) -> tuple[str, int]:
    """Everything the command line does with the input: (status, the exit status `check` gives).

    Raises for what the command line would report as an internal error (and :class:`Finding`).
    """
    prepare(inp, folder)
    source = str(folder / inp.name)
    try:
        read = read_bytes(inp.data, source)
    except UnreadableFileError as exc:
        _safe(exc.report("de") + exc.report("en"), "an unreadable file's message")
        return "unreadable", 3
    for error in read.warnings + read.errors:
        if error.line < 1 or error.column < 1:
            raise Finding("internal", f"a syntax error without a place: {error!r}")
        _safe(error.render("de") + error.render("en"), "a syntax error")
    t = read.transcript
    parse = zlib.crc32(f"{inp.kind} {inp.index}".encode()) % 4  # not by index: classes come in turn
    if parse == 1:  # parse --json (for one input in four: it costs as much as judging)
        json.dumps(transcript_to_json(t), ensure_ascii=False)
    elif parse == 0:  # parse
        for line in t.header:
            for event in line.events:
                _safe(_event_text(event), "parse's listing")
        for deal in t.deals:
            for event in deal.events:
                _safe(_event_text(event), "parse's listing")
    if read.errors:
        return "syntax", 3
    for lang in (inp.lang,):  # fmt: the canonical text must read back to the same transcript
        if overlong_line(t, lang, MAX_LINE_CHARS) is not None:
            continue  # fmt refuses, naming the line: a canonical line past the reader's limit
        text = format_transcript(t, lang)
        back = read_transcript(text, source)
        if back.errors:
            raise Finding("internal", f"fmt --lang {lang} wrote text that does not read: {back.errors[0].render()}")
        if back.transcript != t:
            raise Finding("internal", f"fmt --lang {lang} wrote text that reads back to another transcript")
    tags = t.tags
    try:  # --ruleset and --versus first: `check` refuses a bad one before any file (exit 2)
        ruleset = load_ruleset(_resolved(inp.ruleset, folder)) if inp.ruleset else None
        other = load_ruleset(_resolved(inp.versus, folder)) if inp.versus else None
    except RulesetError as exc:
        _safe(exc.text("de") + exc.text("en"), "a bad ruleset's message")
        return "bad-ruleset", 2
    try:  # the tag's: that file is not checked (exit 3), the others are
        if ruleset is None:
            ruleset = load_ruleset(tags.get("Ruleset", "innsbruck"), source)
    except RulesetError as exc:
        _safe(exc.text("de") + exc.text("en"), "a bad ruleset's message")
        return "bad-ruleset", 3
    _use_ruleset(inp, folder, ruleset)
    verdict = judge(t, ruleset, strict=inp.strict)
    lang = inp.lang
    for each in ("de", "en"):
        text = match_text(verdict, each)
        _safe(text, "the text report")
        colourise(text)
    _safe(markdown_report(verdict, lang), "the Markdown report")
    html_report(verdict, lang)
    json.dumps(verdict_to_json(verdict), ensure_ascii=False)
    for deal in verdict.deals:
        json.dumps(deal_to_json(verdict, deal), ensure_ascii=False)
    players = {side: " / ".join(tags[s] for s in side if s in tags) or "/".join(side) for side in verdict.sides}
    _safe(scoresheet_text(verdict, lang, players), "the scoresheet")
    scoresheet_html(verdict, lang, tags.get("Event", ""), players)
    for block in replay_text(t, ruleset, lang, inp.deal):
        _safe(block, "the narrative (replay)")
    if other is not None:
        _safe(versus_text(verdict, judge(t, other, strict=inp.strict), lang), "check --versus")
    if inp.expect_clean and not verdict.clean:
        first = verdict.violations[0]
        raise Finding("disagree", f"a generated match judged not clean: {first.rule} {first.detail('en')}")
    return ("clean", 0) if verdict.clean else ("violations", 1)


def _use_ruleset(inp: Input, folder: Path, ruleset: Any) -> None:
    """What `rulesets show/diff/validate` and `generate --ruleset` do with a user's ruleset file."""
    if inp.kind != "ruleset":
        return
    name = inp.ruleset
    if name and name not in bundled_names():
        path = _resolved(name, folder)
        for lang in ("de", "en"):
            _safe(show_text(path, lang), "rulesets show")
        _safe(diff_text(path, "innsbruck", inp.lang), "rulesets diff")
    if inp.generate:
        match = MatchGenerator(ruleset, inp.index).match(1)
        format_transcript(match, inp.lang)


#: The time limit grows with the input: everything above is linear in it (reading, judging, the
#: narrative's block per event), and a megabyte of deals takes about 15 s through all of it.
SECONDS_PER_MB = 40.0


def time_limit(inp: Input, timeout: float) -> float:
    """How long an input may take before it counts as a hang."""
    return timeout + SECONDS_PER_MB * (len(inp.data) + sum(map(len, inp.files.values()))) / 1_048_576


def run_one(inp: Input, folder: Path, timeout: float) -> dict[str, Any]:
    """The input run under a time limit: its status, or what went wrong."""
    started = time.perf_counter()
    timeout = time_limit(inp, timeout)
    result: dict[str, Any] = {"kind": inp.kind, "cls": inp.cls, "index": inp.index}
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        status, code = exercise(inp, folder)
        result.update(status=status, code=code)
    except Hang:
        result.update(status="hang", problem="hang", signature=f"hang in {inp.kind} {inp.cls}",
                      detail=f"no result after {timeout} s")
    except Finding as exc:
        result.update(status=exc.kind, problem=exc.kind, signature=_finding_signature(exc),
                      detail=str(exc))
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - every exception that escapes is what we count
        result.update(status="internal", problem="internal", signature=signature(exc),
                      detail="".join(traceback.format_exception(exc)))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    result["seconds"] = time.perf_counter() - started
    return result


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def _finding_signature(exc: Finding) -> str:
    text = re.sub(r"\S*/in/", "", str(exc))  # the worker's own folder
    text = re.sub(r"\d+", "N", text)
    return f"{exc.kind}: {text[:90]}"


def signature(exc: BaseException) -> str:
    """The exception's type and the innermost place in perlagg_streit it passed through."""
    where = "?"
    for frame in traceback.extract_tb(exc.__traceback__):
        if "perlagg_streit" in frame.filename:
            where = f"{Path(frame.filename).name}:{frame.lineno} ({frame.name})"
    return f"{type(exc).__name__} at {where}"


# ---- minimising ---------------------------------------------------------------------------------


def minimise(inp: Input, folder: Path, timeout: float, wanted: str, budget: float) -> Input | None:
    """A smaller input that fails the same way: lines removed (halves, then single ones), then
    words; None if nothing could be removed. Stops after ``budget`` seconds."""
    deadline = time.monotonic() + budget
    payload_name = inp.primary if inp.kind == "ruleset" and inp.primary in inp.files else None

    def payload(candidate: Input) -> bytes:
        return candidate.files[payload_name] if payload_name else candidate.data

    def with_payload(data: bytes) -> Input:
        copy = dataclasses.replace(inp, files=dict(inp.files))
        if payload_name:
            copy.files[payload_name] = data
        else:
            copy.data = data
        return copy

    def fails(data: bytes) -> bool:
        if time.monotonic() > deadline:
            return False
        return run_one(with_payload(data), folder, timeout).get("signature") == wanted

    best = payload(inp)
    lines = best.split(b"\n")
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        i = 0
        while i < len(lines) and time.monotonic() < deadline:
            trial = lines[:i] + lines[i + chunk:]
            if trial and fails(b"\n".join(trial)):
                lines = trial
            else:
                i += chunk
        chunk //= 2
    for n in range(len(lines)):
        words = lines[n].split(b" ")
        k = 0
        while k < len(words) and len(words) > 1 and time.monotonic() < deadline:
            trial_words = words[:k] + words[k + 1:]
            if fails(b"\n".join(lines[:n] + [b" ".join(trial_words)] + lines[n + 1:])):
                words = trial_words
            else:
                k += 1
        lines[n] = b" ".join(words)
    smaller = b"\n".join(lines)
    return with_payload(smaller) if len(smaller) < len(best) else None


# ---- the command line -----------------------------------------------------------------------------

CLI = [sys.executable, "-m", "perlagg_streit.cli"]
_CAPS = (1, 2, 3)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER


def _limits(fsize: int | None = None, drop_root: bool = False) -> Callable[[], None]:
    """What the command's process may use: memory, and for some situations the file size and root's
    power to read and write anything (dropped from its capability bounding set before exec)."""
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY, WORKER_MEMORY))
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if drop_root and os.geteuid() == 0:
            libc = ctypes.CDLL(None, use_errno=True)
            for cap in _CAPS:
                libc.prctl(24, cap, 0, 0, 0)  # PR_CAPBSET_DROP
    return apply


@dataclass
class Command:
    """One run of the command line, and what it may do."""

    args: list[str]
    cwd: Path
    note: str
    allowed: tuple[int, ...] = (0, 1, 2, 3)
    expect_code: int | None = None  # what the in-process run says `check` must exit with
    fsize: int | None = None
    drop_root: bool = False
    stdout: str | None = None  # a file to write the output to (/dev/full)
    must_mention: tuple[str, ...] = ()  # words stderr must hold (the batch summary names bad files)
    after: Callable[[subprocess.CompletedProcess[bytes]], str | None] | None = None  # a check after it


def run_command(cmd: Command, timeout: float) -> dict[str, Any]:
    """Run one command in its own session; exit status, or the problem it showed."""
    out: dict[str, Any] = {"command": cmd.args[0] if cmd.args else "", "note": cmd.note}
    env = dict(os.environ, LC_ALL="C.UTF-8", NO_COLOR="1")
    env.pop("PERLAGG_DEBUG", None)
    stdout = open(cmd.stdout, "wb") if cmd.stdout else subprocess.PIPE  # noqa: SIM115
    started = time.perf_counter()
    try:
        proc = subprocess.Popen(CLI + cmd.args, cwd=cmd.cwd, stdin=subprocess.DEVNULL, stdout=stdout,
                                stderr=subprocess.PIPE, env=env, start_new_session=True,
                                preexec_fn=_limits(cmd.fsize, cmd.drop_root))
        try:
            got_out, got_err = proc.communicate(timeout=timeout)
            hung = False
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            got_out, got_err = proc.communicate()
            hung = True
    finally:
        if cmd.stdout:
            stdout.close()  # type: ignore[union-attr]
    out["seconds"] = time.perf_counter() - started
    left = False
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, 0)  # anything still in its session: a worker left behind
        left = True
        os.killpg(proc.pid, signal.SIGKILL)
    code = proc.returncode
    out["code"] = code
    err = (got_err or b"").decode("utf-8", "replace")
    completed = subprocess.CompletedProcess(cmd.args, code, got_out or b"", got_err or b"")
    problem = None
    if hung:
        problem, why = "hang", f"still running after {timeout} s"
    elif left:
        problem, why = "hang", "left processes behind"
    elif code == 70 or "Traceback (most recent call last)" in err:
        problem, why = "internal", f"exit {code}: {_last_line(err)}"
    elif code < 0:
        problem, why = "internal", f"killed by signal {-code}: {_last_line(err)}"
    elif code not in cmd.allowed:
        problem, why = "disagree", f"exit {code}, expected one of {cmd.allowed}: {_last_line(err)}"
    elif cmd.expect_code is not None and code != cmd.expect_code:
        problem, why = "disagree", f"exit {code}, but in-process the same input gives {cmd.expect_code}: " \
                                   f"{_last_line(err)}"
    elif any(word not in err for word in cmd.must_mention):
        missing = [w for w in cmd.must_mention if w not in err]
        problem, why = "disagree", f"stderr does not name {missing}: {_last_line(err)}"
    elif _UNSAFE.search(err):
        problem, why = "unsafe", f"stderr shows a control character raw: {_last_line(err)!r}"
    elif cmd.after is not None:
        said = cmd.after(completed)
        problem, why = ("disagree", said) if said else (None, "")
    else:
        why = ""
    if problem:
        out.update(problem=problem, signature=f"{problem}: {cmd.note}: {re.sub(r'[0-9]+', 'N', why)[:80]}",
                   detail=f"{' '.join(cmd.args)}\n(in {cmd.cwd})\n{why}\n--- stderr ---\n{err[-3000:]}")
    return out


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().split("\n") if line.strip()]
    return lines[-1][:200] if lines else ""


def cli_commands(inp: Input, folder: Path, expected: tuple[str, int] | None, rng: random.Random) -> list[Command]:
    """A command of the command line for an input already run in-process (its folder prepared)."""
    path = inp.name
    (folder / path).write_bytes(inp.data)
    lang = ["--lang", inp.lang]
    ruleset = ["--ruleset", inp.ruleset] if inp.ruleset else []
    versus = ["--versus", inp.versus] if inp.versus else []
    if inp.kind == "ruleset" and rng.random() < 0.5:
        name = inp.ruleset or inp.primary or "innsbruck"
        choices = [["rulesets", "validate", name], ["rulesets", "show", name], ["rulesets", "diff", name, "innsbruck"],
                   ["generate", "--ruleset", name, "--deals", "2", "--seed", str(inp.index)]]
        return [Command(rng.choice(choices), folder, "rulesets")]
    pick = rng.randrange(8)
    code = expected[1] if expected else None
    if pick <= 2:
        fmt = rng.choice(("text", "json", "jsonl", "markdown", "html"))
        strict = ["--strict"] if inp.strict else []
        if strict and code == 1:
            code = None  # --strict stops at the first violation: the same exit, but not for this comparison
        return [Command(["check", "--jobs", "1", "--format", fmt, *lang, *ruleset, *versus, *strict, path], folder,
                        "check", (0, 1, 2, 3), code)]
    if pick == 3:
        return [Command(["fmt", *rng.choice(([], ["--lang", "en"])), path], folder, "fmt")]
    if pick == 4:
        before = inp.data
        return [Command(["fmt", "-i", path], folder, "fmt -i", after=_fmt_in_place_check(folder / path, before))]
    if pick == 5:
        return [Command(["parse", *rng.choice(([], ["--json"])), path], folder, "parse")]
    if pick == 6:
        html = ["--html", "sheet.html"] if rng.random() < 0.5 else []
        return [Command(["score", *lang, *ruleset, *html, path], folder, "score")]
    deal = ["--deal", str(inp.deal)] if inp.deal is not None else []
    return [Command(["replay", *lang, *ruleset, *deal, path], folder, "replay")]


def _fmt_in_place_check(path: Path, before: bytes) -> Callable[[subprocess.CompletedProcess[bytes]], str | None]:
    """fmt -i: a file it rewrote says the same; a file it refused is untouched."""
    def check(done: subprocess.CompletedProcess[bytes]) -> str | None:
        try:
            after = path.read_bytes()
        except OSError as exc:
            return f"the file is gone after fmt -i: {exc}"
        if done.returncode != 0:
            return None if after == before else "fmt -i failed but changed the file"
        old, new = read_bytes(before, str(path)), read_bytes(after, str(path))
        if new.errors or new.transcript != old.transcript:
            return "fmt -i rewrote the file to say something else"
        return None
    return check


# ---- the file-system situations -------------------------------------------------------------------


def fs_situations(folder: Path, sample: str) -> Iterator[tuple[str, Callable[[Path], list[Command]]]]:
    """Every situation: a name, and a function that sets it up in a folder and gives its commands."""
    def good(d: Path, name: str = "good.perlagg") -> str:
        (d / name).write_text(sample, "utf-8")
        return name

    def fifo(d: Path) -> list[Command]:
        os.mkfifo(d / "pipe.perlagg")
        good(d)
        cmds = [Command([*c, "pipe.perlagg"], d, f"fifo {' '.join(c)}", (2, 3))
                for c in (["check"], ["parse"], ["fmt"], ["fmt", "-i"], ["score"], ["replay"])]
        cmds.append(Command(["check", "--jobs", "2", "."], d, "fifo in a folder", (3,), must_mention=("pipe.perlagg",)))
        return cmds

    def folder_named(d: Path) -> list[Command]:
        (d / "dir.perlagg").mkdir()
        return [Command([*c, "dir.perlagg"], d, f"folder {' '.join(c)}", (2, 3)) for c in
                (["check"], ["parse"], ["fmt"], ["fmt", "-i"], ["score"], ["replay"])]

    def link_loop(d: Path) -> list[Command]:
        os.symlink("b.perlagg", d / "a.perlagg")
        os.symlink("a.perlagg", d / "b.perlagg")
        good(d)
        return [Command([*c, "a.perlagg"], d, f"link loop {' '.join(c)}", (2, 3)) for c in
                (["check"], ["parse"], ["fmt", "-i"], ["score"])] + \
            [Command(["check", "--jobs", "2", "."], d, "link loop in a folder", (3,), must_mention=("a.perlagg",))]

    def folder_loop(d: Path) -> list[Command]:
        (d / "sub").mkdir()
        good(d / "sub")
        os.symlink("..", d / "sub" / "up")
        os.symlink(".", d / "self")
        return [Command(["check", "--jobs", "1", "."], d, "folder link loop", (0, 1, 3))]

    def dangling(d: Path) -> list[Command]:
        os.symlink("nowhere.perlagg", d / "gone.perlagg")
        return [Command([*c, "gone.perlagg"], d, f"dangling link {' '.join(c)}", (2, 3)) for c in
                (["check"], ["parse"], ["fmt", "-i"])]

    def devices(d: Path) -> list[Command]:
        os.symlink("/dev/zero", d / "zero.perlagg")
        os.symlink("/dev/urandom", d / "random.perlagg")
        os.symlink("/dev/null", d / "null.perlagg")
        cmds = [Command(["check", p], d, f"device {p}", (2, 3)) for p in
                ("zero.perlagg", "/dev/zero", "/dev/urandom", "/dev/null", "/dev/stdin", "/proc/self/mem")]
        cmds += [Command([c, "zero.perlagg"], d, f"device {c}", (2, 3)) for c in ("parse", "fmt", "score", "replay")]
        cmds.append(Command(["check", "--jobs", "2", "."], d, "devices in a folder", (3,),
                            must_mention=("zero.perlagg", "random.perlagg")))
        return cmds

    def sock(d: Path) -> list[Command]:
        _special(d / "s.perlagg", "socket")
        return [Command(["check", "s.perlagg"], d, "socket", (2, 3)), Command(["check", "."], d, "socket in folder",
                                                                               (3,))]

    def unreadable(d: Path) -> list[Command]:
        name = good(d, "locked.perlagg")
        os.chmod(d / name, 0)
        (d / "closed").mkdir()
        good(d / "closed")
        os.chmod(d / "closed", 0)
        return [Command([*c, name], d, f"unreadable file {' '.join(c)}", (2, 3), drop_root=True) for c in
                (["check"], ["parse"], ["fmt"], ["fmt", "-i"], ["score"])] + \
            [Command(["check", "."], d, "unreadable folder", (3,), drop_root=True, must_mention=("closed",))]

    def too_big(d: Path) -> list[Command]:
        with open(d / "big.perlagg", "wb") as f:
            f.truncate(MAX_TRANSCRIPT_BYTES + 1)
        with open(d / "big-text.perlagg", "w", encoding="utf-8") as f:
            f.write(("# " + "x" * 1000 + "\n") * (MAX_TRANSCRIPT_BYTES // 1003 + 1))
        return [Command([*c, n], d, f"too big {' '.join(c)}", (2, 3)) for c in (["check"], ["parse"], ["fmt", "-i"])
                for n in ("big.perlagg", "big-text.perlagg")]

    def empty(d: Path) -> list[Command]:
        (d / "empty.perlagg").write_bytes(b"")
        (d / "blank.perlagg").write_bytes(b"  \n\t\n\r\n")
        (d / "bom.perlagg").write_bytes(b"\xef\xbb\xbf")
        (d / "binary.perlagg").write_bytes(bytes(range(256)) * 4)
        (d / "latin.perlagg").write_bytes("Ausgabe 1\nGeber: S\n# Grüße\n".encode("cp1252"))
        return [Command([c, n], d, f"{n} {c}", (0, 1, 2, 3)) for c in ("check", "parse", "fmt", "score")
                for n in ("empty.perlagg", "blank.perlagg", "bom.perlagg", "binary.perlagg", "latin.perlagg")]

    def ruleset_files(d: Path) -> list[Command]:
        good(d)
        os.mkfifo(d / "fifo.yaml")
        (d / "dir.yaml").mkdir()
        os.symlink("loop.yaml", d / "loop.yaml")
        os.symlink("/dev/zero", d / "zero.yaml")
        cmds = []
        for name in ("fifo.yaml", "dir.yaml", "loop.yaml", "zero.yaml", "/dev/zero", "/dev/stdin", "x" * 300,
                     "y/" * 2100 + "z.yaml"):
            cmds.append(Command(["check", "--ruleset", name, "good.perlagg"], d, f"--ruleset {name[:20]}", (2, 3)))
            tagged = f"tag-{len(cmds)}.perlagg"
            (d / tagged).write_text(_set_tag(sample, "Ruleset", name), "utf-8")
            cmds.append(Command(["check", tagged], d, f"[Ruleset] {name[:20]}", (3,)))
        cmds += [Command(["rulesets", c, "fifo.yaml"], d, f"rulesets {c} fifo", (2,)) for c in ("validate", "show")]
        cmds.append(Command(["score", "--ruleset", "zero.yaml", "good.perlagg"], d, "score --ruleset device", (2,)))
        cmds.append(Command(["generate", "--ruleset", "fifo.yaml"], d, "generate --ruleset fifo", (2,)))
        return cmds

    def writes(d: Path) -> list[Command]:
        good(d)
        (d / "ro").mkdir()
        good(d / "ro", "in-ro.perlagg")
        (d / "ro" / "in-ro.perlagg").write_text(sample.replace("\n", "\n\n"), "utf-8")  # so that fmt -i writes
        os.chmod(d / "ro", 0o555)
        (d / "target.perlagg").write_text(sample.replace("\n", "\n\n"), "utf-8")
        os.symlink("target.perlagg", d / "link.perlagg")
        (d / "afile").write_text("x")
        spaced = sample.replace("\n", "\n\n")

        def link_kept(done: subprocess.CompletedProcess[bytes]) -> str | None:
            if not (d / "link.perlagg").is_symlink():
                return "fmt -i replaced the symbolic link by a file"
            if (d / "target.perlagg").read_text("utf-8") == spaced:
                return "fmt -i left the link's target unformatted"
            return None

        cmds = [
            Command(["fmt", "-i", "ro/in-ro.perlagg"], d, "fmt -i in a read-only folder", (2,), drop_root=True),
            Command(["score", "--html", "ro/sheet.html", "good.perlagg"], d, "score --html read-only", (2,),
                    drop_root=True),
            Command(["generate", "--out", "ro/out"], d, "generate --out read-only", (2,), drop_root=True),
            Command(["generate", "--out", "afile"], d, "generate --out onto a file", (2,)),
            Command(["score", "--html", "no/such/folder/sheet.html", "good.perlagg"], d, "score --html nowhere", (2,)),
            Command(["score", "--html", ".", "good.perlagg"], d, "score --html a folder", (2,)),
            Command(["fmt", "-i", "link.perlagg"], d, "fmt -i through a link", (0,), after=link_kept),
            Command(["score", "--html", "x" * 300 + ".html", "good.perlagg"], d, "score --html name too long", (2,)),
        ]
        (d / "grow.perlagg").write_text(sample.replace("\n", "\n\n\n"), "utf-8")
        cmds += [Command(["fmt", "-i", "grow.perlagg"], d, "fmt -i past ulimit -f", (2,), fsize=64),
                 Command(["score", "--html", "sheet.html", "good.perlagg"], d, "score --html past ulimit -f", (2,),
                         fsize=64),
                 Command(["generate", "--out", "gen", "--deals", "5"], d, "generate --out past ulimit -f", (2,),
                         fsize=64)]
        if os.path.exists("/dev/full"):
            cmds += [Command([*c, "good.perlagg"], d, f"{c[0]} to a full disk", (2, 3), stdout="/dev/full")
                     for c in (["check"], ["fmt"], ["parse"], ["score"], ["replay"])]
            cmds.append(Command(["generate", "--deals", "3"], d, "generate to a full disk", (2,), stdout="/dev/full"))
        shm = Path("/dev/shm")
        if shm.is_dir() and os.access(shm, os.W_OK):
            other = shm / f"perlagg-fuzz-{os.getpid()}.perlagg"
            other.write_text(spaced, "utf-8")
            os.symlink(other, d / "cross.perlagg")
            cmds.append(Command(["fmt", "-i", "cross.perlagg"], d, "fmt -i across file systems", (0,)))
        return cmds

    def batch(d: Path) -> list[Command]:
        for k in range(12):
            good(d, f"g{k:02d}.perlagg")
        os.mkfifo(d / "x-fifo.perlagg")
        (d / "x-dir.perlagg").mkdir()
        (d / "x-syntax.perlagg").write_text("Ausgabe 1\nflurb\n", "utf-8")
        (d / "x-ruleset.perlagg").write_text(_set_tag(sample, "Ruleset", "nonesuch"), "utf-8")
        (d / "x-binary.perlagg").write_bytes(b"\x00" * 100)
        os.symlink("/dev/zero", d / "x-zero.perlagg")
        (d / "x-long.perlagg").write_text('[Target "' + "9" * 5000 + '"]\n' + sample, "utf-8")
        named = ("x-fifo.perlagg", "x-syntax.perlagg", "x-ruleset.perlagg", "x-binary.perlagg", "x-zero.perlagg")
        return [Command(["check", "--jobs", j, "--summary", "."], d, f"a batch with bad files, --jobs {j}", (3,),
                        must_mention=named) for j in ("1", "2")]

    yield from [("fifo", fifo), ("folder", folder_named), ("link-loop", link_loop), ("folder-loop", folder_loop),
                ("dangling", dangling), ("devices", devices), ("socket", sock), ("unreadable", unreadable),
                ("too-big", too_big), ("empty", empty), ("ruleset-files", ruleset_files), ("writes", writes),
                ("batch", batch)]


# ---- workers ---------------------------------------------------------------------------------------

Task = tuple[str, int]  # ("transcript" | "ruleset" | "fs", index)


@dataclass
class Config:
    """What to run."""

    transcripts: int = 1000
    rulesets: int = 100
    seed: int = 0
    jobs: int = 1
    timeout: float = 20.0
    cli_every: int = 100
    cli_timeout: float = 60.0
    fs: bool = True
    out: Path | None = None
    minimise: float = 30.0  # seconds for minimising one failure
    pool: int = POOL_MATCHES
    progress: bool = False
    only: Task | None = None  # run just this input
    fs_quick: bool = False  # of each file-system situation, only its first and last command


def plan(config: Config, worker: int) -> list[Task]:
    """The tasks of one worker: chunks of consecutive inputs, dealt out in turn (deterministic)."""
    if config.only is not None:
        return [config.only] if worker == 0 else []
    chunk = 16
    tasks: list[Task] = []
    for kind, count in (("transcript", config.transcripts), ("ruleset", config.rulesets)):
        for start in range(0, count, chunk):
            if (start // chunk) % config.jobs == worker:
                tasks += [(kind, i) for i in range(start, min(start + chunk, count))]
    if config.fs:
        names = [name for name, _ in fs_situations(Path("."), "")]
        tasks += [("fs", i) for i in range(len(names)) if i % config.jobs == worker]
    return tasks


def worker_main(config: Config, worker: int, tasks: list[Task], conn: Connection) -> None:
    """A worker: run its tasks, report each start and each result; exit after a hang (a fresh
    process takes over, so that nothing the interrupted input left half-done carries on)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY, WORKER_MEMORY))
    root = Path(tempfile.mkdtemp(prefix=f"perlagg-fuzz-{worker}-"))
    try:
        bases(config.seed, config.pool)
        for kind, index in tasks:
            conn.send(("start", kind, index, _task_limit(config, kind)))
            if kind == "fs":
                run_fs(config, index, root / "fs", conn)
                conn.send(("done", kind, index))
                continue
            inp, failed = try_make(config, kind, index)
            if inp is None:  # making it failed: the generator is part of the program under test
                conn.send(("result", failed))
                conn.send(("done", kind, index))
                if failed and failed["problem"] == "hang":
                    conn.send(("restart",))
                    return
                continue
            conn.send(("start", kind, index, 3 * time_limit(inp, config.timeout) + 30))
            folder = root / "in"
            result = run_one(inp, folder, config.timeout)
            if result.get("problem"):
                _attach(result, inp)
                if result["problem"] != "hang" and config.minimise > 0:
                    conn.send(("start", kind, index, config.minimise * 2 + 60))
                    smaller = minimise(inp, folder, config.timeout, result["signature"], config.minimise)
                    if smaller is not None:
                        result["minimal"] = smaller.to_json()
            conn.send(("result", result))
            if result.get("problem") == "hang":
                conn.send(("done", kind, index))
                conn.send(("restart",))
                return
            rng = _rng(config.seed, "cli", kind, index)
            if config.cli_every and rng.randrange(config.cli_every) == 0:
                expected = (result["status"], result["code"]) if "code" in result else None
                prepare(inp, folder)
                for cmd in cli_commands(inp, folder, expected, rng):
                    conn.send(("start", kind, index, config.cli_timeout * 2 + 30))
                    done = run_command(cmd, config.cli_timeout)
                    done.update(kind="cli", cls=done["command"], index=index, of=f"{kind} {inp.cls}")
                    if done.get("problem"):
                        _attach(done, inp)
                    conn.send(("result", done))
            conn.send(("done", kind, index))
        conn.send(("finished",))
    finally:
        _remove(root)


def try_make(config: Config, kind: str, index: int) -> tuple[Input | None, dict[str, Any] | None]:
    """The input, or what went wrong while making it (the generator plays whole matches for some
    classes: an exception or a match that does not end is the program's, and counted)."""
    cls = _cls_of(kind, index)
    result: dict[str, Any] = {"kind": kind, "cls": cls, "index": index,
                              "repeat": f"python benchmarks/fuzz.py --seed {config.seed} --pool {config.pool} "
                                        f"--only {kind}:{index}"}
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, 5 * config.timeout)
    try:
        made = make_transcript(config.seed, index, config.pool) if kind == "transcript" else \
            make_ruleset(config.seed, index, config.pool)
        return made, None
    except Hang:
        result.update(status="hang", problem="hang", signature=f"hang while making a {kind} {cls} input",
                      detail=f"no input after {5 * config.timeout} s")
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - the generator's failures are counted like any other
        result.update(status="internal", problem="internal", signature=signature(exc),
                      detail="while making the input (the generator):\n" + "".join(traceback.format_exception(exc)))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return None, result


def _attach(result: dict[str, Any], inp: Input) -> None:
    result["input"] = inp.to_json()


def _task_limit(config: Config, kind: str) -> float:
    """How long the parent waits for a task before it stops the worker (the in-process limit is
    the worker's own; this catches what a signal cannot interrupt)."""
    if kind == "fs":
        return 2 * config.cli_timeout + 30
    return 3 * config.timeout + 30


def run_fs(config: Config, index: int, folder: Path, conn: Connection) -> None:
    """One file-system situation: set it up, then run each of its commands (each under the
    parent's watch)."""
    sample = bases(config.seed, config.pool).examples[0].text
    name, setup = list(fs_situations(folder, sample))[index]
    if folder.exists():
        _remove(folder)
    folder.mkdir(parents=True)
    os.chmod(folder, 0o755)
    try:
        commands = setup(folder)
    except OSError as exc:  # the machine cannot make this situation (no FIFOs, say): say so
        conn.send(("result", {"kind": "fs", "cls": name, "index": index, "status": "skipped", "note": str(exc)}))
        return
    if config.fs_quick:
        commands = commands[:1] + commands[-1:] if len(commands) > 1 else commands
    try:
        for cmd in commands:
            conn.send(("start", "fs", index, config.cli_timeout * 2 + 30))
            done = run_command(cmd, config.cli_timeout)
            done.update(kind="fs", cls=name, index=index)
            conn.send(("result", done))
    finally:
        for leftover in Path("/dev/shm").glob(f"perlagg-fuzz-{os.getpid()}.perlagg"):
            with contextlib.suppress(OSError):
                leftover.unlink()


# ---- the parent ------------------------------------------------------------------------------------


@dataclass
class Report:
    """What a run found, as counts."""

    tried: dict[tuple[str, str], Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    cli_codes: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    problems: Counter[str] = field(default_factory=Counter)  # internal, hang, unsafe, disagree
    signatures: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    busy: Counter[tuple[str, str]] = field(default_factory=Counter)  # seconds spent per class
    seconds: float = 0.0
    config: Config | None = None

    def add(self, result: dict[str, Any]) -> None:
        kind, cls = result["kind"], result["cls"]
        self.busy[(kind, cls)] += result.get("seconds", 0.0)
        self.tried[(kind, cls)][result.get("status") or result.get("problem") or
                                (f"exit {result['code']}" if "code" in result else "?")] += 1
        if kind in ("cli", "fs") and "code" in result:
            self.cli_codes[f"{kind}:{cls}" if kind == "fs" else cls][result["code"]] += 1
        problem = result.get("problem")
        if problem:
            self.problems[problem] += 1
            self.signatures[result["signature"]].append(result)

    @property
    def failed(self) -> bool:
        return bool(self.problems)

    def count(self, kind: str) -> int:
        return sum(sum(c.values()) for (k, _), c in self.tried.items() if k == kind)

    def text(self) -> str:
        """The counts as printed."""
        out = []
        c = self.config
        if c is not None:
            out.append(f"perlagg-streit fuzz: seed {c.seed}, {c.transcripts:,} transcripts, {c.rulesets:,} rulesets, "
                       f"--jobs {c.jobs}, --timeout {c.timeout:g} s, "
                       + (f"one in {c.cli_every} through the command line" if c.cli_every else
                          "none through the command line"))
        statuses = ["clean", "violations", "syntax", "unreadable", "bad-ruleset", "internal", "hang", "unsafe",
                    "disagree"]
        for kind, title in (("transcript", "transcripts, in-process"), ("ruleset", "rulesets, in-process")):
            rows = sorted((cls, counts) for (k, cls), counts in self.tried.items() if k == kind)
            if not rows:
                continue
            out.append(f"\n{title:<26}{'tried':>9}" + "".join(f"{s:>12}" for s in statuses) + "  ms/input")
            total: Counter[str] = Counter()
            for cls, counts in rows:
                total.update(counts)
                n = sum(counts.values())
                out.append(f"  {cls:<24}{n:>9,}" + "".join(f"{counts[s]:>12,}" for s in statuses)
                           + f"{1000 * self.busy[(kind, cls)] / max(1, n):>10.0f}")
            n = sum(total.values())
            busy = sum(v for (k, _), v in self.busy.items() if k == kind)
            out.append(f"  {'all':<24}{n:>9,}" + "".join(f"{total[s]:>12,}" for s in statuses)
                       + f"{1000 * busy / max(1, n):>10.0f}")
        for kind, title in (("cli", "command line (sampled inputs)"), ("fs", "file-system situations")):
            rows = sorted((name, codes) for name, codes in self.cli_codes.items()
                          if (name.startswith("fs:") if kind == "fs" else not name.startswith("fs:")))
            if not rows:
                continue
            problems = Counter(r["signature"].split(":")[0] for sig, rs in self.signatures.items() for r in rs
                               if r["kind"] == kind)
            out.append(f"\n{title:<34}{'runs':>7}  exit statuses seen")
            for name, codes in rows:
                seen = ", ".join(f"{code}: {n}" for code, n in sorted(codes.items()))
                out.append(f"  {name.removeprefix('fs:'):<32}{sum(codes.values()):>7}  {seen}")
            out.append(f"  {'all':<32}{sum(sum(c.values()) for _, c in rows):>7}  problems: "
                       + (", ".join(f"{k} {v}" for k, v in sorted(problems.items())) or "none"))
        out.append("")
        out.append(f"inputs: {self.count('transcript'):,} transcripts, {self.count('ruleset'):,} rulesets, "
                   f"{self.count('cli'):,} command-line runs, {self.count('fs'):,} file-system runs; "
                   f"time {self.seconds:,.0f} s")
        out.append(f"internal errors: {self.problems['internal']}, hangs: {self.problems['hang']}, "
                   f"unsafe output: {self.problems['unsafe']}, disagreements: {self.problems['disagree']}")
        if self.signatures:
            out.append("\ndistinct problems (count, first input):")
            for sig, results in sorted(self.signatures.items(), key=lambda kv: -len(kv[1])):
                first = results[0]
                out.append(f"  {len(results):>6}  {sig}  [{first['kind']} {first['cls']} #{first['index']}]")
        return "\n".join(out) + "\n"


def run(config: Config) -> Report:
    """Run the whole fuzz and return its counts (also writes failures to config.out)."""
    started = time.perf_counter()
    report = Report(config=config)
    bases(config.seed, config.pool)  # built once here, inherited by the forked workers
    context = get_context("fork")
    workers: dict[int, dict[str, Any]] = {}

    def start(worker: int, tasks: list[Task]) -> None:
        parent_end, child_end = context.Pipe(duplex=False)
        process = context.Process(target=worker_main, args=(config, worker, tasks, child_end), daemon=True)
        process.start()
        child_end.close()
        workers[worker] = {"process": process, "conn": parent_end, "tasks": tasks, "position": -1,
                           "since": time.monotonic(), "limit": 3600.0, "current": None}

    for w in range(config.jobs):
        start(w, plan(config, w))
    last_progress = time.monotonic()
    try:
        while workers:
            ready = wait([w["conn"] for w in workers.values()], timeout=1.0)
            for w_id, w in list(workers.items()):
                if w["conn"] not in ready:
                    continue
                try:
                    message = w["conn"].recv()
                except EOFError:
                    _worker_died(report, w, config)
                    _next_worker(start, workers, w_id, w)
                    continue
                if message[0] == "start":
                    _, kind, index, limit = message
                    if w["current"] != (kind, index):
                        w["position"] += 1
                    w["current"], w["since"], w["limit"] = (kind, index), time.monotonic(), limit
                elif message[0] == "result":
                    report.add(message[1])
                    _save(config, message[1], report)
                elif message[0] == "done":
                    w["current"] = None
                elif message[0] == "restart":
                    w["process"].join(timeout=10)
                    _next_worker(start, workers, w_id, w)
                elif message[0] == "finished":
                    w["process"].join(timeout=30)
                    del workers[w_id]
            now = time.monotonic()
            for w_id, w in list(workers.items()):
                if w["current"] is not None and now - w["since"] > w["limit"]:
                    kind, index = w["current"]
                    w["process"].kill()
                    w["process"].join()
                    result = {"kind": kind, "cls": _cls_of(kind, index), "index": index, "status": "hang",
                              "problem": "hang", "signature": f"hang (worker stopped) in {kind}",
                              "detail": f"no answer from the worker after {w['limit']:.0f} s"}
                    report.add(result)
                    _save(config, result, report)
                    _next_worker(start, workers, w_id, w)
            if config.progress and now - last_progress > 30:
                last_progress = now
                print(f"[{time.perf_counter() - started:7.0f} s] {report.count('transcript'):,} transcripts, "
                      f"{report.count('ruleset'):,} rulesets, {report.count('cli') + report.count('fs'):,} commands; "
                      f"problems: {dict(report.problems) or 'none'}", file=sys.stderr, flush=True)
    finally:
        for w in workers.values():
            w["process"].kill()
            w["process"].join()
    report.seconds = time.perf_counter() - started
    return report


def _cls_of(kind: str, index: int) -> str:
    if kind == "transcript":
        return _class_at(TRANSCRIPT_CLASSES, index)
    if kind == "ruleset":
        return _class_at(RULESET_CLASSES, index)
    return [name for name, _ in fs_situations(Path("."), "")][index] if kind == "fs" else kind


def _worker_died(report: Report, w: dict[str, Any], config: Config) -> None:
    w["process"].join(timeout=10)
    if w["current"] is None:
        return
    kind, index = w["current"]
    result = {"kind": kind, "cls": _cls_of(kind, index), "index": index, "status": "internal", "problem": "internal",
              "signature": f"worker died (exit {w['process'].exitcode}) in {kind}",
              "detail": f"the worker process ended with {w['process'].exitcode} while it ran this input"}
    report.add(result)
    _save(config, result, report)


def _next_worker(start: Callable[[int, list[Task]], None], workers: dict[int, dict[str, Any]], w_id: int,
                 w: dict[str, Any]) -> None:
    """A fresh worker for the rest of a stopped one's tasks."""
    rest = w["tasks"][w["position"] + 1:]
    del workers[w_id]
    if rest:
        start(w_id, rest)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:80]


def _save(config: Config, result: dict[str, Any], report: Report) -> None:
    """A failing input into --out: the input, its minimised form, what happened, how to repeat it."""
    if config.out is None or not result.get("problem"):
        return
    if len(report.signatures[result["signature"]]) > 5:
        return
    folder = config.out / _slug(result["signature"]) / f"{result['kind']}-{result['cls']}-{result['index']}"
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"problem: {result['problem']}", f"signature: {result['signature']}",
             f"seed {config.seed}, {result['kind']} input {result['index']} ({result['cls']})", ""]
    for key, name in (("input", "input"), ("minimal", "minimal")):
        if key not in result:
            continue
        inp = Input.from_json(result[key])
        (folder / f"{name}.json").write_text(json.dumps(result[key]), "utf-8")
        sub = folder / name
        sub.mkdir(exist_ok=True)
        with contextlib.suppress(OSError, ValueError):
            (sub / inp.name).write_bytes(inp.data)
        for fname, data in inp.files.items():
            with contextlib.suppress(OSError, ValueError):
                (sub / fname).parent.mkdir(parents=True, exist_ok=True)
                (sub / fname).write_bytes(data)
        options = (f" --ruleset {inp.ruleset!r}" if inp.ruleset is not None else "") + \
            (f" --versus {inp.versus}" if inp.versus else "") + (" --strict" if inp.strict else "")
        lines.append(f"{name}: {sub} (special files: {inp.specials or 'none'})")
        lines.append(f"  repeat: cd {sub} && perlagg-streit check{options} --lang {inp.lang} {inp.name}")
        lines.append(f"  or:     python benchmarks/fuzz.py --replay {folder / (name + '.json')}")
    if "repeat" in result:
        lines.append(f"repeat: {result['repeat']}")
    lines += ["", str(result.get("detail", ""))]
    (folder / "what-happened.txt").write_text("\n".join(lines), "utf-8")


def replay_file(path: Path, timeout: float) -> int:
    """Run one saved input in this process and print what happened (with the traceback)."""
    inp = Input.from_json(json.loads(path.read_text("utf-8")))
    with tempfile.TemporaryDirectory(prefix="perlagg-fuzz-replay-") as tmp:
        result = run_one(inp, Path(tmp) / "in", timeout)
    print(f"{inp.kind} {inp.cls} #{inp.index}: {result.get('status')}")
    if result.get("detail"):
        print(result["detail"])
    return 1 if result.get("problem") else 0


def main(argv: list[str] | None = None) -> int:
    """The command line of the fuzz script."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--transcripts", type=int, default=1000, help="transcript inputs (default 1000)")
    parser.add_argument("--rulesets", type=int, default=100, help="ruleset inputs (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds an input may take (default 20)")
    parser.add_argument("--cli-every", type=int, default=100,
                        help="one input in this many also through the command line (0: none; default 100)")
    parser.add_argument("--cli-timeout", type=float, default=60.0, help="seconds a command may take (default 60)")
    parser.add_argument("--no-fs", action="store_true", help="leave out the file-system situations")
    parser.add_argument("--out", type=Path, default=None, help="write each failing input here")
    parser.add_argument("--minimise", type=float, default=30.0, help="seconds to minimise a failure (0: do not)")
    parser.add_argument("--pool", type=int, default=POOL_MATCHES, help="generated matches per ruleset as bases")
    parser.add_argument("--replay", type=Path, default=None, help="run one input saved in --out and show it")
    parser.add_argument("--only", default=None, metavar="KIND:INDEX",
                        help="run just one input, e.g. transcript:1228 or fs:3 (with the same --seed and --pool)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    if args.replay is not None:
        return replay_file(args.replay, args.timeout)
    config = Config(transcripts=args.transcripts, rulesets=args.rulesets, seed=args.seed, jobs=max(1, args.jobs),
                    timeout=args.timeout, cli_every=args.cli_every, cli_timeout=args.cli_timeout, fs=not args.no_fs,
                    out=args.out, minimise=args.minimise, pool=args.pool, progress=not args.quiet)
    if args.only:
        kind, _, number = args.only.partition(":")
        config = dataclasses.replace(config, only=(kind, int(number)), jobs=1, cli_every=1)
    report = run(config)
    print(report.text(), end="")
    if args.out is not None and report.failed:
        print(f"failing inputs written to {args.out}")
    pwned = Path("/tmp/perlagg-fuzz-pwned")
    if pwned.exists():
        print("a ruleset's !!python tag ran a command (/tmp/perlagg-fuzz-pwned exists)")
        return 1
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
