"""The Python module's figures held equal to the CLI's: the same requests
through `import wodds` and through `wodds ... --format csv` give the same
DataFrames (and the same CSV text), with the columns' types."""

import io
import json
import threading
import _thread
import time
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import wodds
from wodds import _wodds

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"

HOUSE = """\
extends = "revised"
name = "House"
[dice]
# Ours: 1s cancel nothing.
ones = "ignore"
"""

BAD_HOUSE = """\
extends = "revised"
name = "Bad"
[dice]
ones = "none"
"""

ODDS_TYPES = {
    "edition": pl.String,
    "pool": pl.Int64,
    "difficulty": pl.Int64,
    "p_success": pl.Float64,
    "p_botch": pl.Float64,
    "mean": pl.Float64,
    "p_ge_1": pl.Float64,
    "p_ge_5": pl.Float64,
    "options": pl.String,
    "method": pl.String,
    "trials": pl.Int64,
    "seed": pl.Int64,
    "rules_hash": pl.String,
    "wodds_version": pl.String,
}


def same(frame, cli_frame_and_text):
    """`frame` equals the CLI's, read by wodds.read_csv and (independently)
    by polars with `frame`'s schema."""
    theirs, text = cli_frame_and_text
    assert_frame_equal(frame, theirs)
    assert_frame_equal(frame, pl.read_csv(io.StringIO(text), schema=frame.schema))
    assert frame.height > 0


# A single roll's odds.


def test_revised_two_dice_by_hand():
    # Each die: 6-10 succeeds (1/2), a 1 cancels one (1/10), 2-5 nothing
    # (4/10). Two successes (1/4) or one beside a blank (2 x 1/2 x 4/10)
    # win: 0.65. No success and a 1 botches: 1/4 - (4/10)^2 = 0.09.
    row = wodds.odds("revised", pool=2, difficulty=6).row(0, named=True)
    assert row["p_success"] == pytest.approx(0.65, abs=1e-12)
    assert row["p_botch"] == pytest.approx(0.09, abs=1e-12)
    assert (row["edition"], row["pool"], row["difficulty"]) == ("revised", 2, 6)


def test_odds_exact_every_edition_every_difficulty(cli_frame):
    frame = wodds.odds(["revised", "fta", "uwod", "hubris"], pool=(1, 8))
    same(frame, cli_frame("odds", "-e", "revised,fta,uwod,hubris", "--pool", "1-8", "-q"))
    assert set(frame["edition"]) == {"revised", "fta", "uwod", "hubris"}
    for column, dtype in ODDS_TYPES.items():
        assert frame.schema[column] == dtype, column
    # Exact rows carry no trials or seed: null, typed.
    assert frame["trials"].null_count() == frame.height
    assert "se_success" not in frame.columns


def test_odds_text_identical(cli):
    query = {"editions": ["revised", "fta"], "pool": [3, 6], "difficulty": [5, 8]}
    text = cli("odds", "-e", "revised,fta", "--pool", "3-6", "--difficulty", "5-8", "-q", "--format", "csv")
    assert _wodds.odds(json.dumps(query)) == text


def test_odds_monte_carlo(cli_frame):
    frame = wodds.odds(["revised", "fta"], pool=(2, 5), difficulty=(6, 7), method="mc", trials=5000, seed=7)
    same(
        frame,
        cli_frame("odds", "-e", "revised,fta", "--pool", "2-5", "--difficulty", "6-7",
                  "--method", "mc", "--trials", 5000, "--seed", 7, "-q"),
    )
    assert frame.schema["se_success"] == pl.Float64
    assert set(frame["trials"]) == {5000}
    # Every edition's whole range when no difficulty is given, and the
    # sampled rows are near the exact ones.
    sampled = wodds.odds("uwod", pool=6, method="mc", trials=20000, seed=3)
    exact = wodds.odds("uwod", pool=6)
    assert sampled["difficulty"].to_list() == exact["difficulty"].to_list()
    assert (sampled["p_success"] - exact["p_success"]).abs().max() < 0.02


def test_odds_monte_carlo_in_batches(cli_frame):
    # Past a batch (1,048,576 rolls) a row's rolls are split in seeded
    # batches side by side: the same figures as the CLI's, and within
    # 4.5 standard errors of the exact chance (revised, 6 dice at 6).
    frame = wodds.odds("revised", 6, 6, method="mc", trials=3_000_000, seed=5)
    same(frame, cli_frame("odds", "-e", "revised", "--pool", "6", "--difficulty", "6", "--method", "mc",
                          "--trials", "3000000", "--seed", "5", "-q"))
    exact = wodds.odds("revised", 6, 6)["p_success"][0]
    row = frame.row(0, named=True)
    assert abs(row["p_success"] - exact) < 4.5 * row["se_success"]


def test_odds_ctrl_c_raises_keyboard_interrupt():
    # 30 pools at every difficulty, 100 million rolls each: minutes of
    # work, stopped at 0.5 s between two batches.
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    seen = []
    try:
        with pytest.raises(KeyboardInterrupt):
            wodds.odds("revised", (1, 30), method="mc", trials=100_000_000,
                       progress=lambda done, total: seen.append(total))
    finally:
        timer.cancel()
    assert time.monotonic() - started < 5
    assert not seen or seen[-1] == 270  # 30 pools x 9 difficulties


def test_odds_options(cli_frame):
    frame = wodds.odds(["revised", "fta"], pool=(1, 6), difficulty=7, specialty=True, again=9, willpower=True)
    same(
        frame,
        cli_frame("odds", "-e", "revised,fta", "--pool", "1-6", "--difficulty", 7,
                  "--specialty", "--again", 9, "--willpower", "-q"),
    )
    assert set(frame["options"]) == {"specialty+willpower+9-again"}


def test_odds_no_again_and_automatic(cli_frame):
    frame = wodds.odds("revised", pool=(1, 8), difficulty=(4, 8), again=0, automatic=True)
    same(
        frame,
        cli_frame("odds", "-e", "revised", "--pool", "1-8", "--difficulty", "4-8",
                  "--again", "none", "--automatic", "-q"),
    )


def test_odds_house_rule_as_text(cli_frame, tmp_path):
    (tmp_path / "house.toml").write_text(HOUSE)
    # The CLI names a file's edition by its path as given: the same id
    # here gives the same rows.
    frame = wodds.odds(["revised", wodds.Rules(HOUSE, id="house.toml")], pool=(1, 6), difficulty=6)
    same(
        frame,
        cli_frame("odds", "-e", "revised,house.toml", "--pool", "1-6", "--difficulty", 6, "-q", cwd=tmp_path),
    )
    # 1s that cancel nothing: never a worse chance than revised's.
    house = frame.filter(pl.col("edition") == "house.toml")["p_success"]
    revised = frame.filter(pl.col("edition") == "revised")["p_success"]
    assert (house - revised).min() >= 0 and (house - revised).max() > 0


def test_odds_house_rule_as_path(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(HOUSE)
    by_path = wodds.odds(path, pool=3, difficulty=6)
    by_text = wodds.odds(wodds.Rules(HOUSE, id=str(path)), pool=3, difficulty=6)
    assert_frame_equal(by_path, by_text)


# Conflicts.


def test_run_brawl(cli_frame):
    scenario = (SCENARIOS / "brawl.toml").read_text()
    frame = wodds.run(scenario, trials=2000)
    same(frame, cli_frame("run", SCENARIOS / "brawl.toml", "--trials", 2000, "-q"))
    assert frame.schema["trials"] == pl.Int64 and set(frame["trials"]) == {2000}
    assert frame.schema["win_rate"] == pl.Float64


def test_run_chase_editions_given(cli_frame):
    frame = wodds.run(
        SCENARIOS / "police-pursuit.toml", editions=["revised", "uwod"], trials=2000, seed=3
    )
    same(
        frame,
        cli_frame("run", SCENARIOS / "police-pursuit.toml", "-e", "revised,uwod",
                  "--trials", 2000, "--seed", 3, "-q"),
    )
    assert list(dict.fromkeys(frame["edition"])) == ["revised", "uwod"]
    assert frame.schema["exact_escaped"] == pl.Float64


def test_run_grapple_die_sampler(cli_frame):
    scenario = (SCENARIOS / "ted-grapples-peter.toml").read_text()
    frame = wodds.run(scenario, trials=2000, sampler="die")
    same(
        frame,
        cli_frame("run", SCENARIOS / "ted-grapples-peter.toml", "--trials", 2000, "--sampler", "die", "-q"),
    )


def test_run_house_rule_text_and_text_identical(cli, tmp_path):
    (tmp_path / "house.toml").write_text(HOUSE)
    scenario = (SCENARIOS / "brawl.toml").read_text()
    query = {
        "scenario": scenario,
        "editions": ["fta", {"id": "house.toml", "file": "house.toml", "text": HOUSE}],
        "trials": 1500,
    }
    csv, _ = _wodds.run(json.dumps(query))
    text = cli("run", SCENARIOS / "brawl.toml", "-e", "fta,house.toml", "--trials", 1500,
               "-q", "--format", "csv", cwd=tmp_path)
    assert csv == text


def test_run_results_nested(cli):
    results = wodds.run_results(SCENARIOS / "brawl.toml", editions=["revised", "fta"], trials=1000)
    theirs = json.loads(cli("run", SCENARIOS / "brawl.toml", "-e", "revised,fta", "--trials", 1000,
                            "-q", "--format", "json"))
    assert results == theirs


def test_run_progress():
    seen = []
    wodds.run(SCENARIOS / "brawl.toml", trials=3000, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (12000, 12000)  # four editions
    assert all(done <= total for done, total in seen)


def test_run_stops_when_progress_raises():
    def fail(done, total):
        raise RuntimeError("enough")

    started = time.monotonic()
    with pytest.raises(RuntimeError, match="enough"):
        wodds.run(SCENARIOS / "brawl.toml", trials=200_000_000, sampler="die", progress=fail)
    assert time.monotonic() - started < 30


def test_run_ctrl_c_raises_keyboard_interrupt():
    # As Ctrl-C does: the main thread's SIGINT flag is set while the fights
    # run with the GIL released.
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            wodds.run(SCENARIOS / "brawl.toml", trials=200_000_000, sampler="die")
    finally:
        timer.cancel()
    assert time.monotonic() - started < 30


def test_run_ctrl_c_stops_a_chain_being_built():
    # The elder's fight at the largest limit: revised's first round walks
    # millions of paths before it is found too big, about 6 s in release
    # on this machine; Ctrl-C at 0.5 s must not wait for that.
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            wodds.run(
                SCENARIOS / "elder-vs-three-ghouls.toml",
                ["revised"],
                trials=1,
                max_states=16_777_216,
            )
    finally:
        timer.cancel()
    assert time.monotonic() - started < 2.5


def test_run_max_states(cli_frame):
    # As --max-states: the revised brawl's chain has 400 states.
    held = wodds.run_results(SCENARIOS / "brawl.toml", ["revised"], trials=200, max_states=200)
    assert held[0]["no_chain"].startswith("more than 200 states between rounds")
    frame = wodds.run(SCENARIOS / "brawl.toml", ["revised"], trials=200, max_states=200)
    same(
        frame,
        cli_frame(
            "run", SCENARIOS / "brawl.toml", "--editions", "revised", "--trials", "200",
            "--max-states", "200", "-q",
        ),
    )
    with pytest.raises(wodds.WoddsError, match=r"max_states 0: 0 is not in 1..=16777216"):
        wodds.run(SCENARIOS / "brawl.toml", ["revised"], max_states=0)


# Rule sets.


def test_compare(cli_frame):
    rule = ROOT / "docs/examples/house-rules/ones-do-not-cancel.toml"
    frame = wodds.compare("revised", rule, [SCENARIOS / "brawl.toml"])
    same(frame, cli_frame("compare", "revised", rule, SCENARIOS / "brawl.toml", "-q"))
    # Worked by hand: 2 dice at 6 under revised succeed 0.65; with 1s
    # that cancel nothing, 1 - (1/2)^2 = 0.75.
    cell = frame.filter(
        (pl.col("item") == "pool 2, difficulty 6") & (pl.col("metric") == "p_success")
    )
    assert cell["base"][0] == pytest.approx(0.65, abs=1e-12)
    assert cell["rule"][0] == pytest.approx(0.75, abs=1e-12)
    assert set(frame.filter(pl.col("scenario") == "brawl")["method"]) == {"exact"}


def test_extended(cli_frame):
    frame = wodds.extended("revised", pool=7, target=18, difficulty=7, max_rolls=10)
    same(frame, cli_frame("action", "extended", "-e", "revised", "--pool", 7, "--difficulty", 7,
                          "--target", 18, "--max-rolls", 10, "-q"))
    # Worked by hand: one die at 6 needing one success, a botch failing
    # it: after two rolls 1/2 + 4/10 * 1/2 = 0.7 have succeeded.
    two = wodds.extended("revised", pool=1, target=1, difficulty=6, max_rolls=2, botch="fail")
    assert two["roll"].to_list() == [1, 2]
    assert two["p_win_within"][1] == pytest.approx(0.7, abs=1e-12)


# The other actions: each function's frame is the CLI's, exact and
# sampled, its whole-number columns typed.


def test_extended_roll_options(cli_frame):
    frame = wodds.extended("revised", pool=6, target=8, max_rolls=12, again=9, rote=True)
    same(frame, cli_frame("action", "extended", "-e", "revised", "--pool", 6, "--target", 8,
                          "--max-rolls", 12, "--again", 9, "--rote", "-q"))


def test_retry(cli_frame):
    frame = wodds.retry("revised", pool=5, difficulty=6, tries=3, specialty=True)
    same(frame, cli_frame("action", "retry", "-e", "revised", "--pool", 5, "--difficulty", 6,
                          "--tries", 3, "--specialty", "-q"))
    assert frame.schema["try"] == pl.Int64 and frame["try"].to_list() == [1, 2, 3]
    sampled = wodds.retry("fta", pool=4, difficulty=7, tries=6, botch="fail", penalty=2,
                          method="mc", trials=20000, seed=5)
    same(sampled, cli_frame("action", "retry", "-e", "fta", "--pool", 4, "--difficulty", 7, "--tries", 6,
                            "--botch", "fail", "--penalty", 2, "--method", "mc", "--trials", 20000,
                            "--seed", 5, "-q"))
    # Worked by hand: one die from 6, +1 a failure: 1/2 succeed at once,
    # then 4/10 of the rest at 7: 0.7 within two tries.
    two = wodds.retry("revised", pool=1, difficulty=6, penalty=1, tries=2)
    assert two["p_win_within"][1] == pytest.approx(0.7, abs=1e-12)


def test_teamwork(cli_frame):
    frame = wodds.teamwork("revised", pools=[4, 5, 3], target=10, difficulty=6)
    same(frame, cli_frame("action", "teamwork", "-e", "revised", "--pools", "4,5,3", "--difficulty", 6,
                          "--target", 10, "-q"))
    assert frame.schema["roll"] == pl.Int64
    sampled = wodds.teamwork("hubris", pools=(4, 5, 3), target=6, max_rolls=5, willpower=True,
                             method="mc", trials=20000, seed=2)
    same(sampled, cli_frame("action", "teamwork", "-e", "hubris", "--pools", "4,5,3", "--target", 6,
                            "--max-rolls", 5, "--willpower", "--method", "mc", "--trials", 20000,
                            "--seed", 2, "-q"))


def test_contest(cli_frame):
    frame = wodds.contest("revised", a="5@5,5@5,5@5,6@4", b="5@5,5@5,5@5,6@4", target=5,
                          tally="difference", max_rounds=30)
    same(frame, cli_frame("action", "contest", "-e", "revised", "--a", "5@5,5@5,5@5,6@4",
                          "--b", "5@5,5@5,5@5,6@4", "--target", 5, "--tally", "difference",
                          "--max-rounds", 30, "-q"))
    assert frame.schema["round"] == pl.Int64
    sampled = wodds.contest("hubris", a="5+3", b=6, target=4, botch="fail",
                            method="mc", trials=20000, seed=8)
    same(sampled, cli_frame("action", "contest", "-e", "hubris", "--a", "5+3", "--b", 6, "--target", 4,
                            "--botch", "fail", "--method", "mc", "--trials", 20000, "--seed", 8, "-q"))
    # Worked by hand: one die each at 6: A wins a round 1/4, B 1/4, a tie
    # 1/2; first to 1 wins: A at round 1 with 1/4, at round 2 with 1/8.
    even = wodds.contest("revised", a="1@6", b="1@6", target=1, max_rounds=2)
    assert even["p_win"].to_list() == pytest.approx([0.25, 0.125], abs=1e-12)


def test_prolonged(cli_frame):
    frame = wodds.prolonged("hubris", a=5, b=6, a_resistance=2, b_resistance=3)
    same(frame, cli_frame("action", "prolonged", "-e", "hubris", "--a", 5, "--b", 6,
                          "--a-resistance", 2, "--b-resistance", 3, "-q"))
    assert frame.schema["contest"] == pl.Int64
    sampled = wodds.prolonged("hubris", a="5", b="4+2", a_resistance=2, b_resistance=2, tie="re-roll",
                              method="mc", trials=20000, seed=3)
    same(sampled, cli_frame("action", "prolonged", "-e", "hubris", "--a", 5, "--b", "4+2",
                            "--a-resistance", 2, "--b-resistance", 2, "--tie", "re-roll",
                            "--method", "mc", "--trials", 20000, "--seed", 3, "-q"))


def test_multiple(cli_frame):
    frame = wodds.multiple("revised", pools=[8, 7], difficulty=[6, 8], specialty=True, again=9)
    same(frame, cli_frame("action", "multiple", "-e", "revised", "--pools", "8,7", "--difficulty", "6,8",
                          "--specialty", "--again", 9, "-q"))
    for column in ("action", "pool", "penalty", "difficulty"):
        assert frame.schema[column] == pl.Int64, column
    assert frame["penalty"].to_list() == [2, 3]
    sampled = wodds.multiple("uwod", pools=[9, 7, 8], method="mc", trials=20000, seed=4)
    same(sampled, cli_frame("action", "multiple", "-e", "uwod", "--pools", "9,7,8",
                            "--method", "mc", "--trials", 20000, "--seed", 4, "-q"))
    # Worked by hand: pools 3 and 4 lose 2 and 3 dice: one die each at 6,
    # a success half the time.
    halves = wodds.multiple("revised", pools=[3, 4], difficulty=6)
    assert halves["p_success"].to_list() == pytest.approx([0.5, 0.5], abs=1e-12)


def test_resisted(cli_frame):
    frame = wodds.resisted("revised", a="6@7", b="7@6")
    same(frame, cli_frame("action", "resisted", "-e", "revised", "--a", "6@7", "--b", "7@6", "-q"))
    assert frame.schema["margin"] == pl.Int64 and frame.schema["p"] == pl.Float64
    sampled = wodds.resisted("uwod", a="5@2+4@3", b=6, method="mc", trials=20000, seed=6)
    same(sampled, cli_frame("action", "resisted", "-e", "uwod", "--a", "5@2+4@3", "--b", 6,
                            "--method", "mc", "--trials", 20000, "--seed", 6, "-q"))
    # Worked by hand: one die each at 6 scores 1 half the time (a 1 alone
    # botches and scores nothing): margins -1, 0, 1 with 1/4, 1/2, 1/4.
    one = wodds.resisted("revised", a="1@6", b="1@6")
    assert one["margin"].to_list() == [-1, 0, 1]
    assert one["p"].to_list() == pytest.approx([0.25, 0.5, 0.25], abs=1e-12)


def cli_error(*args):
    """The line `wodds ARGS...` prints after `error: ` (exit code 2)."""
    import os
    import subprocess

    done = subprocess.run([os.environ["WODDS_BIN"], *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 2, done.stderr
    line = done.stderr.splitlines()[0]
    assert line.startswith("error: "), line
    return line[len("error: "):]


@pytest.mark.parametrize(
    "call, args, renamed",
    [
        (lambda: wodds.retry("revised", pool=5, penalty=7),
         ["retry", "-e", "revised", "--pool", 5, "--penalty", 7], {"--penalty": "penalty"}),
        (lambda: wodds.teamwork("revised", pools=[4, 5], target=201),
         ["teamwork", "-e", "revised", "--pools", "4,5", "--target", 201], {"--target": "target"}),
        (lambda: wodds.contest("revised", a="0@6", b=5, target=3),
         ["contest", "-e", "revised", "--a", "0@6", "--b", 5, "--target", 3], {"--a": "a"}),
        (lambda: wodds.prolonged("hubris", a=5, b=6, a_resistance=0, b_resistance=3),
         ["prolonged", "-e", "hubris", "--a", 5, "--b", 6, "--a-resistance", 0, "--b-resistance", 3],
         {"--a-resistance": "a_resistance"}),
        (lambda: wodds.multiple("hubris", pools=[7, 6]),
         ["multiple", "-e", "hubris", "--pools", "7,6"], {}),
        (lambda: wodds.resisted("revised", a="6,7", b=7),
         ["resisted", "-e", "revised", "--a", "6,7", "--b", 7], {"--a/--b": "a/b"}),
    ],
    ids=["retry", "teamwork", "contest", "prolonged", "multiple", "resisted"],
)
def test_action_error_is_the_cli_s(call, args, renamed):
    # The CLI's sentence, its flags named as the keyword arguments.
    expected = cli_error("action", *args)
    for flag, keyword in renamed.items():
        expected = expected.replace(flag, keyword)
    with pytest.raises(wodds.WoddsError) as caught:
        call()
    assert str(caught.value) == expected
    assert caught.value.file is None


def test_action_bad_values():
    with pytest.raises(wodds.WoddsError, match="is not POOL or POOL@DIFFICULTY"):
        wodds.resisted("revised", a="5@x", b=5)
    with pytest.raises(wodds.WoddsError, match="unknown variant `sometimes`"):
        wodds.contest("revised", a=5, b=5, target=3, tally="sometimes")
    with pytest.raises(TypeError):
        wodds.resisted("revised", a=[5], b=5)
    with pytest.raises(wodds.WoddsError, match="not one of extended, retry"):
        _wodds.action("duel", "{}")


def test_rules_show(cli_frame):
    frame = wodds.rules_show("fta")
    same(frame, cli_frame("rules", "show", "fta"))
    assert frame.columns == ["key", "value", "source", "note"]
    assert all(dtype == pl.String for dtype in frame.schema.values())


def test_rules_show_house_rule_text(cli_frame, tmp_path):
    (tmp_path / "house.toml").write_text(HOUSE)
    frame = wodds.rules_show(wodds.Rules(HOUSE, id="house.toml"))
    same(frame, cli_frame("rules", "show", "house.toml", cwd=tmp_path))
    ones = frame.filter(pl.col("key") == "dice.ones").row(0, named=True)
    assert (ones["value"], ones["source"], ones["note"]) == ('"ignore"', "house.toml:5", "Ours: 1s cancel nothing.")


def test_rules_diff(cli_frame, tmp_path):
    same(wodds.rules_diff("revised", "fta"), cli_frame("rules", "diff", "revised", "fta"))
    (tmp_path / "house.toml").write_text(HOUSE)
    frame = wodds.rules_diff("revised", wodds.Rules(HOUSE, id="house.toml"))
    same(frame, cli_frame("rules", "diff", "revised", "house.toml", cwd=tmp_path))
    assert frame.columns == ["key", "a", "b", "a_source", "b_source"]
    assert "dice.ones" in set(frame["key"])


def test_built_in():
    assert wodds.built_in() == ["revised", "fta", "uwod", "hubris"]


# Errors.


def test_error_carries_file_line_field():
    with pytest.raises(wodds.WoddsError) as caught:
        wodds.odds(wodds.Rules(BAD_HOUSE, id="bad"), pool=3)
    e = caught.value
    assert (e.file, e.line, e.field) == ("bad.toml", 4, "dice.ones")
    assert isinstance(e.column, int)
    assert "none" in str(e) and "bad.toml" in str(e)
    assert isinstance(e, Exception)


def test_error_same_message_as_cli(tmp_path):
    import os
    import subprocess

    (tmp_path / "bad.toml").write_text(BAD_HOUSE)
    done = subprocess.run(
        [os.environ["WODDS_BIN"], "rules", "show", "bad.toml"], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode != 0
    with pytest.raises(wodds.WoddsError) as caught:
        wodds.rules_show(wodds.Rules(BAD_HOUSE, id="bad"))
    assert str(caught.value) in done.stderr


def test_error_not_in_a_file():
    with pytest.raises(wodds.WoddsError) as caught:
        wodds.odds("revised", pool=3, again=7)
    e = caught.value
    assert (e.file, e.line, e.column, e.field) == (None, None, None, None)
    assert "again" in str(e)


def test_error_in_a_scenario():
    with pytest.raises(wodds.WoddsError) as caught:
        wodds.run('name = "x"\nkind = "combat"\ntrials = "many"\n', file="x.toml")
    assert caught.value.file == "x.toml"
    assert caught.value.line is not None


def test_bad_edition_type():
    with pytest.raises(TypeError):
        wodds.odds(3, pool=2)
