"""A standings table over a tournament log: each side, the matches it played and won, the
points it made and the points made against it; as text, JSON and a simple HTML page.

A side is known by its players, from the match's tags (``[N "Sepp Haller"]``): the same two
players are one side wherever they sit, in whichever order. A side whose players the tags do
not name is known by its seats (``N/S``). Points are those made in the match: the final score
less the score it started from (in Strafperlaggen, where the score counts down, the points
taken off); "against" is what the other sides made.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from ..base.records import mutable_record
from ..base.safe_text import printable
from ..engine.verdict import MatchVerdict
from ..messages import say
from .report import side_label

STANDINGS_FORMAT = "perlagg-streit/standings"
STANDINGS_VERSION = 1


@mutable_record
class Standing:
    """One side's line of the table."""

    players: tuple[str, ...]  # the names as the tags give them (or the seats), in their first order
    played: int = 0
    won: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def name(self) -> str:
        """The side as written in the table: ``Sepp Haller / Toni Pircher``."""
        return " / ".join(self.players)


def side_players(side: str, tags: dict[str, str]) -> tuple[str, ...]:
    """The players of a side by the match's tags (a seat the tags do not name stands for itself
    only when none is named)."""
    named = tuple(tags[seat].strip() for seat in side if tags.get(seat, "").strip())
    return named or (side_label(side),)


def tally(matches: Iterable[tuple[MatchVerdict, dict[str, str]]]) -> list[Standing]:
    """The standings over matches (each verdict with its tags): most matches won first, then the
    best points difference, the most points, and the name."""
    table: dict[tuple[str, ...], Standing] = {}
    for verdict, tags in matches:
        made = [(verdict.start - s) if verdict.countdown else (s - verdict.start) for s in verdict.score]
        for i, side in enumerate(verdict.sides):
            players = side_players(side, tags)
            row = table.setdefault(tuple(sorted(players)), Standing(players))
            row.played += 1
            row.won += verdict.winner == side
            row.points_for += made[i]
            row.points_against += sum(made) - made[i]
    return sorted(table.values(), key=lambda r: (-r.won, -(r.points_for - r.points_against), -r.points_for, r.name))


def standings_text(rows: list[Standing], matches: int, lang: str) -> str:
    """The table as text, a line per side."""
    heads = [say(f"standings.{code}", lang) for code in ("side", "played", "won", "for", "against")]
    names = [printable(r.name) for r in rows]
    width = max([len(heads[0]), *map(len, names)])
    lines = [say("standings.title", lang, n=matches), "",
             f"{'':>3}  {heads[0]:<{width}}  " + "  ".join(f"{h:>7}" for h in heads[1:])]
    for place, (row, name) in enumerate(zip(rows, names, strict=True), start=1):
        numbers = (row.played, row.won, row.points_for, row.points_against)
        lines.append(f"{place:>3}  {name:<{width}}  " + "  ".join(f"{n:>7}" for n in numbers))
    return "\n".join(lines) + "\n"


def standings_json(rows: list[Standing], matches: int) -> dict[str, object]:
    """The table as JSON data, the sides in the table's order."""
    return {"format": STANDINGS_FORMAT, "version": STANDINGS_VERSION, "matches": matches,
            "sides": [{"place": n, "name": r.name, "players": list(r.players), "played": r.played, "won": r.won,
                       "points_for": r.points_for, "points_against": r.points_against}
                      for n, r in enumerate(rows, start=1)]}


def standings_html(rows: list[Standing], matches: int, lang: str) -> str:
    """The table as a small, valid HTML page (every name escaped), for the notice board."""
    e = html.escape
    title = say("standings.title", lang, n=matches)
    heads = [say(f"standings.{code}", lang) for code in ("place", "side", "played", "won", "for", "against")]
    head = "".join(f"<th scope='col'>{e(h)}</th>" for h in heads)
    body = "".join(
        f"<tr><td>{n}</td><th scope='row'>{e(r.name)}</th><td>{r.played}</td><td>{r.won}</td>"
        f"<td>{r.points_for}</td><td>{r.points_against}</td></tr>" for n, r in enumerate(rows, start=1))
    style = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
             "th,td{border:1px solid #999;padding:.3em .6em}td{text-align:right}@page{size:A4}")
    return (f"<!DOCTYPE html>\n<html lang='{lang}'><head><meta charset='utf-8'><title>{e(title)}</title>"
            f"<style>{style}</style></head><body><h1>{e(title)}</h1>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></body></html>\n")


__all__ = ["STANDINGS_FORMAT", "Standing", "side_players", "standings_html", "standings_json", "standings_text",
           "tally"]
