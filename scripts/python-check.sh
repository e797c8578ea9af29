#!/usr/bin/env bash
# The Python module (crates/python) checked end to end:
#
#   scripts/python-check.sh WORKDIR WODDS_BIN [OTHER_VENV]
#
# makes WORKDIR/py-venv (python3 -m venv) with tests/python/requirements.txt
# (exact pins: maturin, polars, pytest), builds the wheel with maturin
# (the light `python` profile, into $CARGO_TARGET_DIR when set), installs
# it, and runs tests/python with pytest against WODDS_BIN (the `wodds`
# binary the figures are held to). With OTHER_VENV (a virtual environment
# that already has polars, e.g. the notebook's), the same wheel is
# installed there too. Prints the wheel's build time; exits non-zero if
# anything fails.
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 WORKDIR WODDS_BIN [OTHER_VENV]" >&2
    exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mkdir -p "$1" && cd "$1" && pwd)"
wodds_bin="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
other="${3:-}"
if [ ! -x "$wodds_bin" ]; then
    echo "FAILED: $2 is not an executable wodds binary (cargo build -p wodds)" >&2
    exit 1
fi

venv="$work/py-venv"
pip_flags=(--quiet --disable-pip-version-check --retries 5 --timeout 60)
if ! cmp -s "$root/tests/python/requirements.txt" "$venv/requirements.txt" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    timeout 1200 "$venv/bin/pip" install "${pip_flags[@]}" -r "$root/tests/python/requirements.txt"
    cp "$root/tests/python/requirements.txt" "$venv/requirements.txt"
fi

# The wheel: abi3 (one wheel for CPython 3.9 and later), built for this
# venv's interpreter with the profile pyproject.toml names (thin LTO).
wheels="$work/wheels"
rm -rf "$wheels"
started=$(date +%s)
(cd "$root" && timeout 1800 "$venv/bin/maturin" build --quiet \
    --manifest-path crates/python/Cargo.toml \
    --interpreter "$venv/bin/python" --out "$wheels")
echo "wheel built in $(($(date +%s) - started)) s: $(ls "$wheels")"
wheel=$(ls "$wheels"/wodds-*.whl)
"$venv/bin/pip" install "${pip_flags[@]}" --no-deps --force-reinstall "$wheel"
if [ -n "$other" ]; then
    "$other/bin/pip" install "${pip_flags[@]}" --no-deps --force-reinstall "$wheel"
    echo "installed $(basename "$wheel") into $other"
fi

# From outside the repository, so that `import wodds` is the installed
# wheel and not crates/python/wodds (which has no native module).
cd "$work"
WODDS_BIN="$wodds_bin" timeout 1200 "$venv/bin/python" -m pytest -p no:cacheprovider \
    "$root/tests/python"
