"""The CLI the module is held to: $WODDS_BIN (`cargo build -p wodds` makes
$CARGO_TARGET_DIR/debug/wodds), run from the repository's root."""

import io
import os
import subprocess
from pathlib import Path

import pytest

import wodds

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """Runs `wodds ARGS...` (in `cwd`, default the repository's root) and
    returns its standard output; fails the test on a non-zero exit."""
    binary = os.environ.get("WODDS_BIN")
    if not binary:
        pytest.fail("set WODDS_BIN to the wodds binary (cargo build -p wodds)")

    def run(*args, cwd=ROOT):
        done = subprocess.run(
            [binary, *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, f"wodds {' '.join(map(str, args))}: {done.stderr}"
        return done.stdout

    return run


@pytest.fixture(scope="session")
def cli_frame(cli):
    """The CLI's CSV output (`--format csv` is added) as a DataFrame, read
    with wodds.read_csv, and its text."""

    def run(*args, cwd=ROOT):
        text = cli(*args, "--format", "csv", cwd=cwd)
        return wodds.read_csv(io.StringIO(text)), text

    return run
