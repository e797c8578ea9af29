#!/usr/bin/env bash
# Whether two wodds binaries give the same bytes: every shipped scenario
# (scenarios/*.toml) run under every sampler (`wodds run SCENARIO --format
# csv --trials 20000 --sampler round|outcome|die`), and one report of all
# of them (`wodds report scenarios/*.toml --trials 2000`). Each command's
# stdout, stderr and exit status are kept, and the two trees compared with
# `diff -r`. For a change that moves code and must not change what it
# computes: build the binary before and after, and run
#
#   scripts/same-outputs.sh OLD_WODDS NEW_WODDS [WORK_DIR]
#
# Exit status: 0 identical, 1 some output differs (the diff is printed),
# 2 usage. WORK_DIR (default: a temporary directory, removed after) keeps
# the outputs under old/ and new/.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 OLD_WODDS NEW_WODDS [WORK_DIR]" >&2
    exit 2
fi
for bin in "$1" "$2"; do
    if [ ! -x "$bin" ]; then
        echo "$bin: not an executable" >&2
        exit 2
    fi
done
old=$(realpath "$1")
new=$(realpath "$2")
if [ $# -eq 3 ]; then
    work=$3
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

# Runs `wodds ARGS...` as binary $1 into files $2.out, $2.err, $2.status.
keep() {
    local bin=$1 base=$2
    shift 2
    set +e
    "$bin" "$@" >"$base.out" 2>"$base.err"
    echo $? >"$base.status"
    set -e
}

outputs() {
    local bin=$1 dir=$2
    rm -rf "$dir"
    mkdir -p "$dir/run"
    for scenario in scenarios/*.toml; do
        name=$(basename "$scenario" .toml)
        for sampler in round outcome die; do
            keep "$bin" "$dir/run/$name.$sampler" run "$scenario" --format csv \
                --trials 20000 --sampler "$sampler" --quiet
        done
    done
    # The same --out for both binaries (a report may name its directory).
    rm -rf "$work/report.d"
    keep "$bin" "$dir/report" report scenarios/*.toml --trials 2000 \
        --out "$work/report.d" --quiet
    if [ -e "$work/report.d" ]; then
        mv "$work/report.d" "$dir/report.d"
    fi
}

echo "old: $old ($("$old" --version))"
outputs "$old" "$work/old"
echo "new: $new ($("$new" --version))"
outputs "$new" "$work/new"

files=$(find "$work/old" -type f | wc -l)
failed=$(grep -L '^0$' "$work"/old/run/*.status "$work"/old/report.status | wc -l)
if diff -r "$work/old" "$work/new"; then
    echo "identical: $files files ($failed commands with a nonzero exit status, the same in both)"
else
    echo "DIFFERENT: see the diff above"
    exit 1
fi
