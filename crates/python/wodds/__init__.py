"""wodds: World of Darkness dice odds and conflicts, exact or sampled.

The same figures as the ``wodds`` command line, as polars DataFrames with
the columns of its CSV:

>>> import wodds
>>> wodds.odds("revised", pool=2, difficulty=6)["p_success"][0]
0.65

- :func:`odds`: a single roll's odds under each edition (``wodds odds``).
- :func:`run`, :func:`run_results`: a scenario's conflict under each
  edition (``wodds run``).
- :func:`extended`, :func:`retry`, :func:`teamwork`, :func:`contest`,
  :func:`prolonged`, :func:`multiple`, :func:`resisted`: the actions of
  ``wodds action``, exact or sampled.
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
    "compare",
    "contest",
    "extended",
    "multiple",
    "odds",
    "prolonged",
    "read_csv",
    "resisted",
    "retry",
    "rules_diff",
    "rules_show",
    "run",
    "run_results",
    "teamwork",
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
_WHOLE = {
    "pool", "difficulty", "trials", "seed",
    # action: the roll, try, round or contest; multiple; resisted
    "roll", "try", "round", "contest", "action", "penalty", "margin",
}


def read_csv(source: Any) -> pl.DataFrame:
    """Reads CSV that ``wodds`` wrote (``odds``, ``run``, ``compare``,
    ``action``, ``rules show`` or ``rules diff`` with ``--format csv``; a
    path or a file-like object) with the types its columns have: text,
    whole numbers (``pool``, ``difficulty``, ``trials``, ``seed``, an
    action's ``roll``, ``try``, ``round``, ``contest``, ``action``,
    ``penalty``, ``margin``) and floats, an empty field read as null
    whatever its column."""
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


def _options(
    specialty: bool,
    willpower: bool,
    again: Optional[int],
    rote: bool,
    automatic: bool,
    unskilled: Optional[str],
) -> Dict[str, Any]:
    """The roll's options of a request: ``--specialty``, ``--willpower``,
    ``--again`` (0 for none), ``--rote``, ``--automatic``, ``--unskilled``."""
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
    return options


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
    query: Dict[str, Any] = {
        "editions": _editions(editions),
        "pool": _span("pool", pool),
        "options": _options(specialty, willpower, again, rote, automatic, unskilled),
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


def _action(kind: str, query: Dict[str, Any], optional: Dict[str, Any]) -> pl.DataFrame:
    """``wodds action KIND --format csv`` for ``query``, with the values of
    ``optional`` that are not None (absent: the edition's rule)."""
    query.update((key, value) for key, value in optional.items() if value is not None)
    csv, _ = _wodds.action(kind, json.dumps(query))
    return _frame(csv)


def _side(name: str, side: Union[str, int]) -> str:
    """A side as ``--a`` writes it; a whole number is a pool at the
    edition's standard difficulty."""
    if isinstance(side, bool) or not isinstance(side, (str, int)):
        raise TypeError(f"{name}: POOL[@DIFFICULTY] text (like \"6@7\") or a pool, not {type(side).__name__}")
    return str(side)


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
    again: Optional[int] = None,
    rote: bool = False,
    automatic: bool = False,
    unskilled: Optional[str] = None,
    method: str = "exact",
    trials: int = 100_000,
    seed: int = 1,
) -> pl.DataFrame:
    """An extended action followed roll by roll: ``wodds action extended
    --format csv``. ``botch`` is ``"wipe"``, ``"fail"`` or ``"ignore"``
    (None: the edition's rule); the roll's options are those of
    :func:`odds`.

    Columns: edition, roll, p_win, p_lose, p_win_within, p_lose_within,
    method, trials, seed, rules_hash, wodds_version.
    """
    query: Dict[str, Any] = {
        "edition": _edition(edition),
        "pool": pool,
        "target": target,
        "free_botch": free_botch,
        "options": _options(specialty, willpower, again, rote, automatic, unskilled),
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    optional = {"difficulty": difficulty, "max_rolls": max_rolls, "botch": botch}
    return _action("extended", query, optional)


def retry(
    edition: Edition,
    pool: int,
    difficulty: Optional[int] = None,
    *,
    tries: Optional[int] = None,
    penalty: Optional[int] = None,
    botch: str = "ignore",
    specialty: bool = False,
    willpower: bool = False,
    again: Optional[int] = None,
    rote: bool = False,
    automatic: bool = False,
    unskilled: Optional[str] = None,
    method: str = "exact",
    trials: int = 100_000,
    seed: int = 1,
) -> pl.DataFrame:
    """Trying again after failing, try by try: ``wodds action retry
    --format csv``. ``difficulty`` is the first try's (None: the edition's
    standard); each failure adds ``penalty`` (0 to 5; None: the edition's
    rule) up to the edition's highest. ``tries`` caps the tries (None:
    until one succeeds). ``botch="fail"`` ends the attempts at a botch;
    ``"ignore"`` (the default) makes it a failed try. The roll's options
    are those of :func:`odds`.

    Columns: edition, try, p_win, p_lose, p_win_within, p_lose_within,
    method, trials, seed, rules_hash, wodds_version.
    """
    query: Dict[str, Any] = {
        "edition": _edition(edition),
        "pool": pool,
        "botch": botch,
        "options": _options(specialty, willpower, again, rote, automatic, unskilled),
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    optional = {"difficulty": difficulty, "tries": tries, "penalty": penalty}
    return _action("retry", query, optional)


def teamwork(
    edition: Edition,
    pools: Sequence[int],
    target: int,
    difficulty: Optional[int] = None,
    *,
    max_rolls: Optional[int] = None,
    botch: Optional[str] = None,
    specialty: bool = False,
    willpower: bool = False,
    again: Optional[int] = None,
    rote: bool = False,
    automatic: bool = False,
    unskilled: Optional[str] = None,
    method: str = "exact",
    trials: int = 100_000,
    seed: int = 1,
) -> pl.DataFrame:
    """Several characters working together until ``target`` successes,
    roll by roll: ``wodds action teamwork --format csv``, under the
    edition's teamwork rule (each rolls ``pools[i]`` dice and the successes
    add up, or the first rolls with the others' help as an Edge).
    ``botch`` is what a botched team roll does: ``"wipe"``, ``"fail"`` or
    ``"ignore"`` (None: the edition's rule). The roll's options are those
    of :func:`odds`.

    Columns: edition, roll, p_win, p_lose, p_win_within, p_lose_within,
    method, trials, seed, rules_hash, wodds_version.
    """
    query: Dict[str, Any] = {
        "edition": _edition(edition),
        "pools": [int(p) for p in pools],
        "target": target,
        "options": _options(specialty, willpower, again, rote, automatic, unskilled),
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    optional = {"difficulty": difficulty, "max_rolls": max_rolls, "botch": botch}
    return _action("teamwork", query, optional)


def contest(
    edition: Edition,
    a: Union[str, int],
    b: Union[str, int],
    target: int,
    *,
    max_rounds: Optional[int] = None,
    tally: Optional[str] = None,
    botch: Optional[str] = None,
    method: str = "exact",
    trials: int = 100_000,
    seed: int = 1,
) -> pl.DataFrame:
    """An extended and resisted contest, round by round: ``wodds action
    contest --format csv``. Each round's winner scores the margin; the
    first to ``target`` wins. ``a`` and ``b`` are the sides as ``--a`` and
    ``--b`` write them: ``POOL`` or ``POOL@DIFFICULTY`` per round,
    comma-separated, the last repeating (``"5@5,5@5,6@4"``), group members
    joined by ``+``; a whole number is one pool. ``tally`` is
    ``"separate"`` or ``"difference"``, ``botch`` ``"wipe"``, ``"fail"`` or
    ``"ignore"`` (None: the edition's rule).

    Columns: edition, round, p_win, p_lose, p_win_within, p_lose_within,
    method, trials, seed, rules_hash, wodds_version (a win is A's).
    """
    query: Dict[str, Any] = {
        "edition": _edition(edition),
        "a": _side("a", a),
        "b": _side("b", b),
        "target": target,
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    optional = {"max_rounds": max_rounds, "tally": tally, "botch": botch}
    return _action("contest", query, optional)


def prolonged(
    edition: Edition,
    a: Union[str, int],
    b: Union[str, int],
    a_resistance: int,
    b_resistance: int,
    *,
    max_rounds: Optional[int] = None,
    tie: Optional[str] = None,
    method: str = "exact",
    trials: int = 100_000,
    seed: int = 1,
) -> pl.DataFrame:
    """A prolonged contest (hubris), contest by contest: ``wodds action
    prolonged --format csv``: contests until one side has lost as many as
    its Resistance. ``a`` and ``b`` are written as for :func:`contest`, a
    contest a comma-separated part. ``tie`` is ``"nothing"``,
    ``"defender"``, ``"acting"`` or ``"re-roll"`` (None: the edition's
    rule).

    Columns: edition, contest, p_win, p_lose, p_win_within, p_lose_within,
    method, trials, seed, rules_hash, wodds_version (a win is A's).
    """
    query: Dict[str, Any] = {
        "edition": _edition(edition),
        "a": _side("a", a),
        "b": _side("b", b),
        "a_resistance": a_resistance,
        "b_resistance": b_resistance,
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    optional = {"max_rounds": max_rounds, "tie": tie}
    return _action("prolonged", query, optional)


def multiple(
    edition: Edition,
    pools: Sequence[int],
    difficulty: Union[None, int, Sequence[int]] = None,
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
) -> pl.DataFrame:
    """Several actions in one turn, each pool losing dice for the others:
    ``wodds action multiple --format csv``, one row an action. ``pools``
    are the actions' pools before the penalty, in the order taken;
    ``difficulty`` is one for all, or one per action (None: the edition's
    standard). The roll's options are those of :func:`odds`.

    Columns: edition, action, pool, penalty, difficulty, p_success,
    p_botch, method, trials, seed, rules_hash, wodds_version.
    """
    query: Dict[str, Any] = {
        "edition": _edition(edition),
        "pools": [int(p) for p in pools],
        "options": _options(specialty, willpower, again, rote, automatic, unskilled),
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    if difficulty is not None and not isinstance(difficulty, int):
        difficulty = [int(d) for d in difficulty]
    return _action("multiple", query, {"difficulty": difficulty})


def resisted(
    edition: Edition,
    a: Union[str, int],
    b: Union[str, int],
    *,
    method: str = "exact",
    trials: int = 100_000,
    seed: int = 1,
) -> pl.DataFrame:
    """One roll against another: ``wodds action resisted --format csv``,
    the margin's distribution (A's successes less B's, a botch counting
    as none), one row a margin with any chance. ``a`` and ``b`` are
    ``POOL`` or ``POOL@DIFFICULTY``, group members joined by ``+``
    (``"5@6+4@6"``); a whole number is one pool.

    Columns: edition, margin, p, method, trials, seed, rules_hash,
    wodds_version.
    """
    query: Dict[str, Any] = {
        "edition": _edition(edition),
        "a": _side("a", a),
        "b": _side("b", b),
        "method": method,
        "trials": trials,
        "seed": seed,
    }
    return _action("resisted", query, {})


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
