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
