"""The house-rule corpus held to icepool, an independent dice engine.

Each rule of docs/examples/house-rules/ is modelled here from its words
(the comment at the top of its file) and the seed rules it builds on
(RULES.md), never from wodds's code. icepool computes, with exact
fractions, the distribution of each roll for pools 1-15 at every
difficulty of the rule; `wodds odds --format csv` must give the same
chance of success and of a botch, mean successes and chance of at least
1 to 5 successes, within 1e-12 of icepool's figure as wodds prints it
(12 significant digits: a probability to 1e-12, a mean of 9.6 to 1e-11).

Rolls that go on without bound (N-again) are cut at a depth whose
dropped mass, over fifteen dice, moves no figure by 1e-13.

Usage: python tests/icepool/test_corpus.py WODDS [RULE.toml ...]
Prints one line a rule and closes with "N passed, N failed".
"""

import csv
import io
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import icepool
from icepool import Die, d10

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "docs" / "examples" / "house-rules"
POOLS = range(1, 16)
TOLERANCE = 1e-12
BOTCH = -1
FACES = range(1, 11)


# A die's counts (successes, 1s, ...) are one whole number, a count a
# base-BASE digit, so that icepool adds dice as numbers (much faster than
# as tuples); no count of fifteen dice reaches BASE.
BASE = 1000


def enc(*counts):
    return sum(c * BASE**i for i, c in enumerate(counts))


def dec(x, n):
    return tuple(x // BASE**i % BASE for i in range(n))


def chain(first, again, rerolled, depth):
    """A die's counts over its whole chain of re-rolls: `first(f)` are the
    counts of its first face, `rerolled(f)` of a face rolled again;
    `again(f, rerolled)` says whether face f is rolled again. At most
    `depth` re-rolls deep."""
    # Built from the deepest re-roll up: `tail` is a die rolled again with
    # `k` re-rolls still allowed.
    tail = None
    def face_of(prev):
        def face(f):
            counts = rerolled(f)
            if prev is not None and again(f, True):
                return counts + prev
            return counts

        return face

    for _ in range(depth):
        tail = d10.map(face_of(tail))

    def first_face(f):
        counts = first(f)
        if tail is not None and again(f, False):
            return counts + tail
        return counts

    return d10.map(first_face)


def pools(die, sizes=POOLS):
    """The sum of 1, 2, ... dice, for each size in `sizes`."""
    out = {}
    total = Die([0])
    for k in range(1, max(sizes) + 1):
        total = total + die
        if k in sizes:
            out[k] = total
    return out


def figures(result, needed):
    """wodds odds's figures of a result die (BOTCH or successes)."""
    p = {o: Fraction(q, result.denominator()) for o, q in result.items()}
    success = sum(q for o, q in p.items() if o != BOTCH and o >= needed)
    botch = p.get(BOTCH, Fraction(0))
    mean = sum(q * o for o, q in p.items() if o != BOTCH)
    ge = [sum(q for o, q in p.items() if o != BOTCH and o >= k) for k in range(1, 6)]
    return [float(x) for x in [success, botch, mean] + ge]


# --- Storyteller dice as the seeds say them (RULES.md, revised) ---------
# A face at or above the difficulty succeeds; each 1 cancels one success;
# no success rolled at all and at least one 1 is a botch; successes all
# cancelled are a plain failure. revised.toml assumes a 1 on a die rolled
# again does not cancel.


def revised_settle(s, o):
    if s == 0 and o > 0:
        return BOTCH
    return max(s - o, 0)


def revised_counts(target):
    """(successes, ones) of a first face."""
    return lambda f: (int(f >= target), int(f == 1))


def settled(dice, n, settle):
    """Each pool's result: its counts (`n` of them) settled."""
    return {k: v.map(lambda x: settle(*dec(x, n))) for k, v in pools(dice).items()}


def plain_pools(target, settle=revised_settle, counts=None):
    counts = counts or revised_counts(target)
    return settled(d10.map(lambda f: enc(*counts(f))), len(counts(1)), settle)


def n_again(target, at, depth):
    """Revised dice whose faces >= `at` are rolled again (a rerolled die's
    1 does not cancel), summed to (successes, ones)."""
    die = chain(
        lambda f: enc(*revised_counts(target)(f)),
        lambda f, rerolled: f >= at,
        lambda f: enc(int(f >= target), 0),
        depth,
    )
    return settled(die, 2, revised_settle)


def target_number(model, difficulties=range(2, 11)):
    """A model over (pool, difficulty) of an edition whose difficulty is the
    target number: one success is enough."""
    for d in difficulties:
        for k, result in model(d).items():
            yield k, d, figures(result, 1)


# --- The corpus ------------------------------------------------------


def ten_again():
    # "a 10 explodes: roll it again, and keep rolling while the 10s keep
    # coming. Every success on the new dice counts."
    return target_number(lambda d: n_again(d, 10, 15))


def nine_again():
    # "9s and 10s are rolled again, and the new dice count too."
    return target_number(lambda d: n_again(d, 9, 23))


def eight_again():
    # "8s, 9s and 10s are rolled again, and the new dice count too."
    return target_number(lambda d: n_again(d, 8, 31))


def tens_count_two():
    # "A 10 is two successes, for everyone."
    def counts(d):
        return lambda f: (2 if f == 10 else int(f >= d), int(f == 1))

    return target_number(lambda d: plain_pools(d, counts=counts(d)))


def ones_do_not_cancel():
    # "1s don't take successes away. You still botch if no die succeeds
    # and a 1 shows."
    def settle(s, o):
        return BOTCH if s == 0 and o > 0 else s

    return target_number(lambda d: plain_pools(d, settle))


def ones_never_cancel_a_ten():
    # "1s cancel successes, but never a 10: a 10 always stands."
    # Counts: (10s, other successes, 1s).
    def counts(d):
        return lambda f: (int(f == 10), int(d <= f < 10), int(f == 1))

    def settle(t, other, o):
        if t + other == 0 and o > 0:
            return BOTCH
        return t + max(other - o, 0)

    return target_number(lambda d: plain_pools(d, settle, counts(d)))


def botch_needs_two_ones():
    # "a botch needs two 1s and no success."
    def settle(s, o):
        return BOTCH if s == 0 and o >= 2 else max(s - o, 0)

    return target_number(lambda d: plain_pools(d, settle))


def botch_when_ones_outnumber():
    # "You botch when more 1s than successes show, even if some dice
    # succeeded."
    def settle(s, o):
        return BOTCH if o > s else max(s - o, 0)

    return target_number(lambda d: plain_pools(d, settle))


def rote():
    # "pick up the dice that failed, roll them again as a new pool, and
    # keep whichever of the two results is better." A botch is the worst.
    def model(d):
        plain = plain_pools(d)
        plain[0] = Die([0])
        counts = lambda f: enc(int(f >= d), int(f == 1), int(f < d))
        rank = lambda r: -1 if r == BOTCH else r
        out = {}
        for k, first in pools(d10.map(counts)).items():

            def better(x):
                s, o, failed = dec(x, 3)
                r1 = revised_settle(s, o)
                if failed == 0:
                    return r1
                return plain[failed].map(lambda r2: r2 if rank(r2) > rank(r1) else r1)

            out[k] = first.map(better)
        return out

    return target_number(model)


def difficulty_above_ten():
    # "Difficulties go past 10. A die still needs a 10, and each point
    # above 10 needs one more success."
    for d in range(2, 16):
        for k, result in plain_pools(min(d, 10)).items():
            yield k, d, figures(result, max(d - 9, 1))


def difficulty_capped_at_nine():
    # "No roll is harder than difficulty 9: a 9 always succeeds."
    return target_number(lambda d: plain_pools(min(d, 9)))


def chance_die():
    # "With no dice left you still roll one die: only a 10 succeeds, and a
    # 1 botches." Other pools roll as revised.
    chance = d10.map(lambda f: BOTCH if f == 1 else int(f == 10))
    for d in range(2, 11):
        yield 0, d, figures(chance, 1)
        for k, result in plain_pools(d).items():
            yield k, d, figures(result, 1)


def ten_again_uncancellable():
    # "10s are rolled again, and a 1 can never cancel a 10 (it cancels the
    # other successes, those of the new dice too)." Counts: (10s, other
    # successes, 1s); a rerolled die's 1 does not cancel (revised.toml).
    def model(d):
        die = chain(
            lambda f: enc(int(f == 10), int(d <= f < 10), int(f == 1)),
            lambda f, rerolled: f == 10,
            lambda f: enc(int(f == 10), int(d <= f < 10), 0),
            15,
        )

        def settle(t, other, o):
            if t + other == 0 and o > 0:
                return BOTCH
            return t + max(other - o, 0)

        return settled(die, 3, settle)

    return target_number(model)


def ten_again_once():
    # "A 10 is rolled again once; a 10 on that new die is just a success."
    return target_number(lambda d: n_again(d, 10, 1))


def successes_needed(model, difficulties=range(0, 6)):
    """A model of an edition whose difficulty is the successes needed (0:
    anything but a botch)."""
    results = model()
    for d in difficulties:
        for k, result in results.items():
            yield k, d, figures(result, d)


def uwod_counts(f):
    # uWoD: 7+ succeeds; a 10 counts two (the house rule).
    return (2 if f == 10 else int(f >= 7), int(f == 1))


def uwod_settle(s, o):
    # uWoD: 1s don't subtract; no successes and any 1s is a botch.
    return BOTCH if s == 0 and o > 0 else s


def exalted_style():
    # "7 or more succeeds, a 10 counts two, 1s never cancel, and you botch
    # only with no success and any 1. The difficulty is the successes you
    # need."
    return successes_needed(lambda: plain_pools(7, uwod_settle, uwod_counts))


def uwod_tens_count_two():
    # "In uWoD a 10 counts two successes for everyone."
    return successes_needed(lambda: plain_pools(7, uwod_settle, uwod_counts))


def fixed_target_six():
    # "6 or more succeeds, 1s cancel, and the difficulty is how many
    # successes you need."
    return successes_needed(lambda: plain_pools(6), range(1, 6))


def willpower_cancelled_by_ones():
    # "The success Willpower buys is a success like any other: a 1 cancels
    # it, and the roll can still botch when no die succeeds and a 1 shows."
    def settle(s, o):
        if s == 0 and o > 0:
            return BOTCH
        return max(s + 1 - o, 0)

    return target_number(lambda d: plain_pools(d, settle))


MODELS = {
    "ten-again.toml": (ten_again, []),
    "tens-count-two.toml": (tens_count_two, []),
    "ones-do-not-cancel.toml": (ones_do_not_cancel, []),
    "ones-never-cancel-a-ten.toml": (ones_never_cancel_a_ten, []),
    "botch-needs-two-ones.toml": (botch_needs_two_ones, []),
    "botch-when-ones-outnumber.toml": (botch_when_ones_outnumber, []),
    "nine-again.toml": (nine_again, []),
    "eight-again.toml": (eight_again, []),
    "rote.toml": (rote, []),
    "difficulty-above-ten.toml": (difficulty_above_ten, []),
    "difficulty-capped-at-nine.toml": (difficulty_capped_at_nine, []),
    "chance-die.toml": (chance_die, []),
    "ten-again-uncancellable.toml": (ten_again_uncancellable, []),
    "ten-again-once.toml": (ten_again_once, []),
    "exalted-style.toml": (exalted_style, []),
    "fixed-target-six.toml": (fixed_target_six, []),
    "uwod-tens-count-two.toml": (uwod_tens_count_two, []),
    "willpower-cancelled-by-ones.toml": (willpower_cancelled_by_ones, ["--willpower"]),
}

COLUMNS = ["p_success", "p_botch", "mean", "p_ge_1", "p_ge_2", "p_ge_3", "p_ge_4", "p_ge_5"]


def printed(x):
    """Half a unit of the 12th significant digit of `x`: how far wodds's
    figure, printed to 12 significant digits, may be from its value."""
    if x == 0:
        return 0.0
    return 0.5 * 10 ** (math.floor(math.log10(abs(x))) - 11)


def wodds_rows(wodds, path, pools, flags):
    out = subprocess.run(
        [wodds, "odds", "--edition", str(path), "--pool", f"{pools[0]}-{pools[1]}",
         "--format", "csv", "--quiet", *flags],
        check=True, capture_output=True, text=True,
    ).stdout
    rows = {}
    for r in csv.DictReader(io.StringIO(out)):
        rows[(int(r["pool"]), int(r["difficulty"]))] = [float(r[c]) for c in COLUMNS]
    return rows


def check(wodds, name):
    model, flags = MODELS[name]
    want = {(k, d): f for k, d, f in model()}
    lo = min(k for k, _ in want)
    got = wodds_rows(wodds, CORPUS / name, (lo, max(POOLS)), flags)
    problems = []
    if set(got) != set(want):
        problems.append(f"cells differ: wodds {sorted(set(got) ^ set(want))[:5]}")
    for cell, w in sorted(want.items()):
        g = got.get(cell)
        if g is None:
            continue
        for col, a, b in zip(COLUMNS, g, w):
            if not abs(a - b) <= TOLERANCE + printed(b):
                problems.append(f"pool {cell[0]} difficulty {cell[1]} {col}: wodds {a!r}, icepool {b!r}")
    return len(want), problems


def main():
    wodds = sys.argv[1]
    names = [Path(a).name for a in sys.argv[2:]] or sorted(MODELS)
    shipped = sorted(p.name for p in CORPUS.glob("*.toml"))
    passed = failed = 0
    missing = [n for n in shipped if n not in MODELS]
    for n in missing:
        print(f"FAIL {n}: no icepool model")
        failed += 1
    for name in names:
        cells, problems = check(wodds, name)
        if problems:
            failed += 1
            print(f"FAIL {name}: {len(problems)} figures differ, e.g.")
            for p in problems[:5]:
                print(f"    {p}")
        else:
            passed += 1
            print(f"ok   {name}: {cells} cells within {TOLERANCE}")
    print(f"icepool: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
