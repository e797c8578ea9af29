"""wodds: World of Darkness dice odds and conflicts, exact or sampled.

The same figures as the ``wodds`` command line, as polars DataFrames with
the columns of its CSV:

>>> import wodds
>>> wodds.odds("revised", pool=2, difficulty=6)["p_success"][0]
0.65

- :func:`odds`: a single roll's odds under each edition (``wodds odds``).
- :func:`run`, :func:`run_results`: a scenario's conflict under each
  edition (``wodds run``).
- :func:`rules_show`, :func:`rules_diff`: a rule set's settings, and what
  two rule sets differ in (``wodds rules show`` / ``diff``).
- :class:`Rules`: a house rule given as TOML text.
- :class:`WoddsError`: every failure, with the file, line, column and field
  of a mistake in a rule or scenario file.

An edition is a built-in id (``"revised"``, ``"fta"``, ``"uwod"``,
``"hubris"``), a house-rule file's path (``str`` or ``pathlib.Path``), or a
:class:`Rules`. The work runs with the GIL released; Ctrl-C stops a run.
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import polars as pl

from . import _wodds
from ._wodds import WoddsError

__version__: str = _wodds.__version__

__all__ = [
    "Rules",
    "WoddsError",
    "built_in",
    "odds",
    "read_csv",
    "rules_diff",
    "rules_show",
    "run",
    "run_results",
]


@dataclass(frozen=True)
class Rules:
    """A house rule given as TOML text, as a rule file holds it.

    ``id`` names it in outputs (the ``edition`` column) and ``file`` in
    errors (default the id, with ``.toml`` added unless it ends so). The id also seeds its sampled
    figures, as an edition's name does on the command line, where a
    house-rule file is named by its path as given: ``id="house.toml"``
    gives the rows of ``wodds ... -e house.toml``. Its ``extends`` may name a built-in
    edition (``extends = "revised"``) or a file, read from the working
    directory.

    >>> wodds.Rules('extends = "revised"\\n[dice]\\nagain = 9\\n', id="nine-again")
    """

    text: str
    id: str = "house"
    file: Optional[str] = None


Edition = Union[str, "os.PathLike[str]", Rules]
Editions = Union[Edition, Sequence[Edition]]
Span = Union[int, Tuple[int, int], Sequence[int]]


def _edition(e: Any) -> Any:
    if isinstance(e, Rules):
        file = e.file or (e.id if e.id.endswith(".toml") else f"{e.id}.toml")
        return {"id": e.id, "file": file, "text": e.text}
    if isinstance(e, (str, os.PathLike)):
        return os.fspath(e)
    raise TypeError(
        f"an edition is a built-in id, a house-rule file's path or a wodds.Rules, not {type(e).__name__}"
    )


def _editions(editions: Editions) -> List[Any]:
    if isinstance(editions, (str, os.PathLike, Rules)):
        return [_edition(editions)]
    return [_edition(e) for e in editions]


def _span(name: str, value: Span) -> Any:
    if isinstance(value, bool):
        raise TypeError(f"{name}: a whole number or (from, to), not a bool")
    if isinstance(value, int):
        return value
    low, high = value
    return [int(low), int(high)]


# Column types of the CLI's CSV: text, whole numbers; every other column
# is a float (a share, a mean, an interval's end), empty where a figure
# does not apply (an exact run's sampled figures, a chase's missing ends).
_TEXT = {
    "edition", "side", "options", "method", "sampler", "rules_hash", "wodds_version",
    # rules show / diff
    "key", "value", "source", "note", "a", "b", "a_source", "b_source",
    # compare
    "section", "scenario", "item", "metric",
}
_WHOLE = {"pool", "difficulty", "trials", "seed", "roll"}


def read_csv(source: Any) -> pl.DataFrame:
    """Reads CSV that ``wodds`` wrote (``odds``, ``run``, ``rules show`` or
    ``rules diff`` with ``--format csv``; a path or a file-like object)
    with the types its columns have: text, whole numbers (``pool``,
    ``difficulty``, ``trials``, ``seed``) and floats, an empty field read
    as null whatever its column."""
    frame = pl.read_csv(source, infer_schema=False)
    return frame.with_columns(
        pl.col(c).cast(pl.Int64 if c in _WHOLE else pl.Float64)
        for c in frame.columns
        if c not in _TEXT
    )


def _frame(text: str) -> pl.DataFrame:
    return read_csv(io.StringIO(text))


def built_in() -> List[str]:
    """The built-in editions' ids."""
    return list(_wodds.built_in())


def odds(
    editions: Editions,
    pool: Span,
    difficulty: Optional[Span] = None,
    *,
    specialty: bool = False,
    willpower: bool = False,
    again: Optional[int] = None,
    rote: bool = False,
    automatic: bool = False,
    unskilled: Optional[str] = None,
    method: str = "exact",
    trials: int = 100_000,
    seed: int = 1,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> pl.DataFrame:
    """A single roll's odds under each edition: ``wodds odds --format csv``.

    ``pool`` and ``difficulty`` are a whole number or an inclusive range
    ``(from, to)``; without ``difficulty``, each edition's whole range (in
    its own terms). ``again`` is 8, 9 or 10 (roll again on that face or
    higher), 0 for no re-rolls, None for the edition's own; ``unskilled``
    is ``"skill"`` or ``"knowledge"``. ``method="mc"`` samples ``trials``
    rolls a row from ``seed`` (and adds ``se_success``), on every core.
    ``progress(done, total)``, if given, is called about ten times a
    second with the rows done so far; Ctrl-C stops the rolls and raises
    ``KeyboardInterrupt``.

    Columns: edition, pool, difficulty, p_success, p_botch, mean, p_ge_1 ..
    p_ge_5, [se_success,] options, method, trials, seed, rules_hash,
    wodds_version.
    """
    options: Dict[str, Any] = {
        "specialty": specialty,
        "willpower": willpower,
        "rote": rote,
        "automatic": automatic,
    }
    if again is not None:
        options["again"] = again
    if unskilled is not None:
        options["unskilled"] = unskilled
    query: Dict[str, Any] = {
        "editions": _editions(editions),
        "pool": _span("pool", pool),
        "options": options,
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    if difficulty is not None:
        query["difficulty"] = _span("difficulty", difficulty)
    return _frame(_wodds.odds(json.dumps(query), progress))


def _scenario(scenario: Union[str, "os.PathLike[str]"]) -> Tuple[str, str, str]:
    """A scenario's text, its file's name and its folder."""
    if isinstance(scenario, os.PathLike):
        path = Path(scenario)
        return path.read_text(encoding="utf-8"), str(path), str(path.parent)
    return scenario, "scenario.toml", "."


def compare(
    base: Edition,
    rule: Edition,
    scenarios: Sequence[Union[str, "os.PathLike[str]"]] = (),
    *,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    sampler: str = "round",
) -> pl.DataFrame:
    """What ``rule`` changes against ``base``: ``wodds compare --format
    csv``, one row per figure (every scenario figure, and every cell of the
    single roll and the actions table that moved). ``scenarios`` are TOML
    texts or paths; each is named by its file's stem (``scenario`` for a
    text).

    Columns: section, scenario, item, metric, base, rule, change, low,
    high, method (``exact``, or the sampler of paired runs).
    """
    texts = []
    for s in scenarios:
        text, name, _ = _scenario(s)
        texts.append({"text": text, "file": name})
    query: Dict[str, Any] = {
        "base": _edition(base),
        "rule": _edition(rule),
        "scenarios": texts,
        "sampler": sampler,
    }
    if trials is not None:
        query["trials"] = trials
    if seed is not None:
        query["seed"] = seed
    return _frame(_wodds.compare(json.dumps(query)))


def extended(
    edition: Edition,
    pool: int,
    target: int,
    difficulty: Optional[int] = None,
    *,
    max_rolls: Optional[int] = None,
    botch: Optional[str] = None,
    free_botch: bool = False,
    specialty: bool = False,
    willpower: bool = False,
    method: str = "exact",
    trials: int = 100_000,
    seed: int = 1,
) -> pl.DataFrame:
    """An extended action followed roll by roll: ``wodds action extended
    --format csv``. ``botch`` is ``"wipe"``, ``"fail"`` or ``"ignore"``
    (None: the edition's rule).

    Columns: edition, roll, p_win, p_lose, p_win_within, p_lose_within,
    method, trials, seed, rules_hash, wodds_version.
    """
    query: Dict[str, Any] = {
        "edition": _edition(edition),
        "pool": pool,
        "target": target,
        "free_botch": free_botch,
        "options": {"specialty": specialty, "willpower": willpower},
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    for key, value in (("difficulty", difficulty), ("max_rolls", max_rolls), ("botch", botch)):
        if value is not None:
            query[key] = value
    rows, _ = _wodds.extended(json.dumps(query))
    return _frame(rows)


def _run(
    scenario: Union[str, "os.PathLike[str]"],
    editions: Optional[Editions],
    trials: Optional[int],
    seed: Optional[int],
    sampler: str,
    file: Optional[str],
    progress: Optional[Callable[[int, int], Any]],
    max_states: Optional[int],
) -> Tuple[str, str]:
    text, name, folder = _scenario(scenario)
    query: Dict[str, Any] = {
        "scenario": text,
        "file": file or name,
        "dir": folder,
        "sampler": sampler,
    }
    if editions is not None:
        query["editions"] = _editions(editions)
    if trials is not None:
        query["trials"] = trials
    if seed is not None:
        query["seed"] = seed
    if max_states is not None:
        query["max_states"] = max_states
    return _wodds.run(json.dumps(query), progress)


def run(
    scenario: Union[str, "os.PathLike[str]"],
    editions: Optional[Editions] = None,
    *,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    sampler: str = "round",
    file: Optional[str] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
    max_states: Optional[int] = None,
) -> pl.DataFrame:
    """A scenario's conflict under each edition: ``wodds run --format csv``,
    one row a side.

    ``scenario`` is the scenario's TOML text (a ``str``; ``file`` names it
    in errors, default ``scenario.toml``) or a ``pathlib.Path`` to read.
    ``editions`` replaces the scenario's own list; ``trials`` and ``seed``
    its own. ``sampler`` is ``"round"``, ``"outcome"`` or ``"die"``.
    ``progress(done, total)``, if given, is called about ten times a
    second with the fights played so far. ``max_states`` is ``wodds run
    --max-states``: the most states a round chain may hold (default
    65,536, at most 16,777,216) before an edition's fights are drawn by
    the outcome sampler instead. Ctrl-C stops the work, the chains'
    building included, and raises ``KeyboardInterrupt``.
    """
    csv, _ = _run(scenario, editions, trials, seed, sampler, file, progress, max_states)
    return _frame(csv)


def run_results(
    scenario: Union[str, "os.PathLike[str]"],
    editions: Optional[Editions] = None,
    *,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    sampler: str = "round",
    file: Optional[str] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
    max_states: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """:func:`run`'s figures in full, nested as ``wodds run --format json``
    writes them: one dict an edition (its sides, how fights ended, rounds
    distributions, exact figures where the chains fit)."""
    _, results = _run(scenario, editions, trials, seed, sampler, file, progress, max_states)
    return json.loads(results)


def rules_show(edition: Edition) -> pl.DataFrame:
    """Every setting of a rule set: ``wodds rules show --format csv``
    (columns key, value as TOML writes it, source ``file:line``, note)."""
    return _frame(_wodds.rules_show(json.dumps(_edition(edition))))


def rules_diff(a: Edition, b: Edition) -> pl.DataFrame:
    """The settings two rule sets differ in: ``wodds rules diff --format
    csv`` (columns key, a, b (``(unset)`` where not set), a_source,
    b_source)."""
    return _frame(_wodds.rules_diff(json.dumps(_edition(a)), json.dumps(_edition(b))))
