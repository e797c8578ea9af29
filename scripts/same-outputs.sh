#!/usr/bin/env bash
# Whether two wodds binaries give the same bytes: every shipped scenario
# (scenarios/*.toml) run under every sampler (`wodds run SCENARIO --format
# csv --trials 20000 --sampler round|outcome|die`), and one report of all
# of them (`wodds report scenarios/*.toml --trials 2000`); then every
# `wodds action` subcommand in every format, exact and sampled, and a few
# of its refusals; every command's --help; `wodds rules show` of each
# edition and example house rule, and a `rules diff`; and a `wodds run`
# in two shards merged. Each command's stdout, stderr and exit status are
# kept, and the two trees compared with `diff -r`. For a change that moves code and must not change what it
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

# `wodds action` and the commands beside the conflicts: outputs of binary
# $1 into directory $2.
others() {
    local bin=$1 dir=$2 i=0 line format method edition
    mkdir -p "$dir/action" "$dir/help" "$dir/rules" "$dir/shard"
    while IFS= read -r line; do
        i=$((i + 1))
        for format in table csv json; do
            for method in exact mc; do
                # shellcheck disable=SC2086 # the line is the arguments
                keep "$bin" "$dir/action/$i.$format.$method" action $line \
                    --format "$format" --method "$method" --trials 20000 --quiet
            done
        done
    done <<'EOF'
extended --edition revised --pool 7 --difficulty 7 --target 18 --max-rolls 10
extended --edition revised --pool 6 --difficulty 7 --target 15 --botch fail --free-botch --specialty
extended --edition uwod --pool 5 --target 4 --willpower
extended --edition revised --pool 6 --target 0
extended --edition revised --pool 6 --target 5 --max-rolls 0
retry --edition revised --pool 5 --difficulty 6 --tries 3
retry --edition fta --pool 4 --difficulty 8 --penalty 2 --botch fail
retry --edition revised --pool 5 --penalty 9
multiple --edition revised --pools 7,6,6 --difficulty 6
multiple --edition revised --pools 7,6 --difficulty 6,8
multiple --edition revised --pools 3,3,3
multiple --edition hubris --pools 5,5
teamwork --edition revised --pools 4,5,3 --difficulty 6 --target 10
teamwork --edition hubris --pools 4,5,3 --target 3
teamwork --edition revised --pools 4,5 --target 5 --botch wipe --max-rolls 20
resisted --edition revised --a 6@7 --b 7@6
resisted --edition uwod --a 6@2 --b 5@2+4@2
resisted --edition revised --a 6@7,5@7 --b 7@6
contest --edition revised --a 5@6 --b 5@6 --target 5
contest --edition revised --a 5@5,5@5,5@5,6@4 --b 5@5,5@5,5@5,6@4 --target 5
contest --edition revised --a 6@6 --b 5@6 --target 5 --tally difference --botch fail
contest --edition revised --a x@6 --b 5@6 --target 5
prolonged --edition hubris --a 5 --b 6 --a-resistance 2 --b-resistance 3
prolonged --edition hubris --a 5,6 --b 6 --a-resistance 2 --b-resistance 3 --tie re-roll
prolonged --edition hubris --a 5 --b 6 --a-resistance 0 --b-resistance 3
EOF
    i=0
    while IFS= read -r line; do
        i=$((i + 1))
        # shellcheck disable=SC2086
        keep "$bin" "$dir/help/$i" $line --help
    done <<'EOF'
odds
run
action
action extended
action retry
action multiple
action teamwork
action resisted
action contest
action prolonged
rules
rules show
rules diff
report
check
merge
sweep
balance
EOF
    for edition in revised fta uwod hubris docs/examples/*.toml; do
        for format in table toml json csv; do
            keep "$bin" "$dir/rules/$(basename "$edition" .toml).$format" \
                rules show "$edition" --format "$format"
        done
    done
    keep "$bin" "$dir/rules/diff" rules diff revised fta
    rm -rf "$work/shard.d"
    for i in 0 1; do
        keep "$bin" "$dir/shard/part$i" run scenarios/brawl.toml --trials 20000 \
            --shard "$i/2" --out "$work/shard.d/$i" --quiet
    done
    for format in table csv json; do
        keep "$bin" "$dir/shard/merged.$format" merge "$work/shard.d/0" \
            "$work/shard.d/1" --format "$format" --quiet
    done
    rm -rf "$work/shard.d"
}

# Both run as `wodds` (clap's usage lines name the program as called).
mkdir -p "$work/bin/old" "$work/bin/new"
ln -sf "$old" "$work/bin/old/wodds"
ln -sf "$new" "$work/bin/new/wodds"
old=$work/bin/old/wodds
new=$work/bin/new/wodds

echo "old: $old ($("$old" --version))"
outputs "$old" "$work/old"
others "$old" "$work/old"
echo "new: $new ($("$new" --version))"
outputs "$new" "$work/new"
others "$new" "$work/new"

files=$(find "$work/old" -type f | wc -l)
failed=$(find "$work/old" -name '*.status' -exec grep -L '^0$' {} + | wc -l)
if diff -r "$work/old" "$work/new"; then
    echo "identical: $files files ($failed commands with a nonzero exit status, the same in both)"
else
    echo "DIFFERENT: see the diff above"
    exit 1
fi
