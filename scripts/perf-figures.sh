#!/usr/bin/env bash
# The performance figures the README and the book quote, measured again on
# this machine, by anyone (no tool beyond bash, python3 and GNU time):
#
#   scripts/perf-figures.sh [PAIRS]
#
# builds the release binaries (wodds, and the naive roller of
# crates/benches), then prints, as Markdown:
#   - the machine: cores, CPU model, load average before and after, commit;
#   - the d10 kernel against naive rollers of the same rules (one
#     `random_range` a die; plain, 10-again, specialty, rote, 10-again and
#     rote), whole processes on one thread, 10^8 rolls of 10 dice at
#     difficulty 6, PAIRS pairs (default 5) run alternately, CPU seconds
#     (user + system), min / median / max, the median of the pairs' ratios, and
#     dice a generator word-time;
#   - a single sampled odds row of 10^8 rolls at 1 and at 2 threads (wall);
#   - how many shipped scenario x edition pairs have an exact round chain,
#     and the peak memory of each `wodds run` at its scenario's own trials;
#   - the default `wodds report`: wall time and peak memory.
# Wall times move with the machine's other work: read them beside the load
# average printed; CPU-time ratios within one run are the steadier figure.
set -euo pipefail
pairs="${1:-5}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
if [ ! -x /usr/bin/time ]; then
    echo "FAILED: GNU time (/usr/bin/time) is needed (Debian: apt install time)" >&2
    exit 1
fi
# Two builds: one `--bin naive` beside `-p wodds` selects only naive, and
# the wodds measured would be whatever binary the target held.
cargo build --release -q -p wodds --bin wodds
cargo build --release -q -p wodds-benches --bin naive
wodds="$target/release/wodds"
naive="$target/release/naive"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# `measure FILE FORMAT COMMAND...`: runs COMMAND, its output discarded,
# appending GNU time's FORMAT line to FILE.
measure() {
    local file="$1" format="$2"
    shift 2
    /usr/bin/time -a -o "$file" -f "$format" "$@" > /dev/null 2>&1
}
# `stats FILE`: min / median / max of FILE's numbers.
stats() {
    python3 - "$1" <<'EOF'
import statistics, sys
v = sorted(float(x) for x in open(sys.argv[1]).read().split())
print(f"{v[0]:.3f} / {statistics.median(v):.3f} / {v[-1]:.3f}")
EOF
}
median() {
    python3 -c "import statistics,sys; print(statistics.median(float(x) for x in open(sys.argv[1]).read().split()))" "$1"
}

echo "## Measured $(date -u +%Y-%m-%d) by scripts/perf-figures.sh"
echo
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
echo "- load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown) (the binary measured: $("$wodds" --version | head -1))"
echo

echo "### The d10 kernel against naive rollers of the same rules (one thread, CPU s)"
echo
echo "10^8 rolls of 10 dice at difficulty 6 under revised: \`wodds odds --editions revised --pool 10"
echo "--difficulty 6 --method mc --trials 100000000\` with the options shown, against"
echo "\`naive --pool 10 --difficulty 6 --trials 100000000\` with its own; $pairs pairs run alternately."
echo "Dice a word-time: the kernel's dice a second (the dice a roll the naive roller counts)"
echo "over the bare generator's 64-bit words a second (\`naive --words 1000000000\`, run"
echo "beside each pair). Both ratios are taken pair by pair, and their median given."
echo
echo "| rule | wodds options | naive options | kernel CPU s (min / median / max) | naive CPU s (min / median / max) | kernel / naive | dice a roll | dice a word-time |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
# name | wodds options | naive options
while IFS='|' read -r name kernel_opts naive_opts; do
    key="$(echo "$name" | tr -c 'a-z0-9' '_')"
    for _ in $(seq "$pairs"); do
        # shellcheck disable=SC2086
        RAYON_NUM_THREADS=1 measure "$work/k$key" "%U %S" "$wodds" odds --editions revised --pool 10 \
            --difficulty 6 --method mc --trials 100000000 -q --format csv $kernel_opts
        # shellcheck disable=SC2086
        measure "$work/n$key" "%U %S" "$naive" --pool 10 --difficulty 6 --trials 100000000 $naive_opts
        # The generator's word-time, beside each pair (the machine's speed
        # drifts).
        measure "$work/w$key" "%U %S" "$naive" --words 1000000000
    done
    for f in k n w; do
        awk '{print $1 + $2}' "$work/$f$key" > "$work/$f$key.cpu"
    done
    cat "$work/w$key.cpu" >> "$work/w.all"
    # shellcheck disable=SC2086
    dice="$("$naive" --pool 10 --difficulty 6 --trials 1000000 $naive_opts | sed -E 's/.*, ([0-9.]+) dice a roll.*/\1/')"
    # Ratios pair by pair, then their median: the machine's speed drifts
    # between pairs more than within one.
    read -r ratio per_word < <(python3 - "$work/k$key.cpu" "$work/n$key.cpu" "$work/w$key.cpu" <<PY
import statistics, sys
k, n, w = ([float(x) for x in open(f).read().split()] for f in sys.argv[1:])
ratio = statistics.median(b / a for a, b in zip(k, n))
per_word = statistics.median(($dice * 1e8 / a) / (1e9 / c) for a, c in zip(k, w))
print(f"{ratio:.1f} {per_word:.2f}")
PY
)
    echo "| $name | \`${kernel_opts:-(none)}\` | \`${naive_opts:-(none)}\` | $(stats "$work/k$key.cpu") | $(stats "$work/n$key.cpu") | ${ratio}x | $dice | $per_word |"
done <<'RULES'
plain||
10-again|--again 10|--again 10
specialty (revised: 10s rolled again)|--specialty|--again 10
rote|--rote|--rote
10-again and rote|--again 10 --rote|--again 10 --rote
RULES
echo
echo "The bare generator, beside every pair: $(stats "$work/w.all") CPU s for 10^9 words."
echo

echo "### One sampled odds row of 10^8 rolls, by threads (wall s)"
echo
for _ in $(seq "$pairs"); do
    for t in 1 2; do
        RAYON_NUM_THREADS=$t measure "$work/row$t" "%e" "$wodds" odds --editions revised --pool 10 \
            --difficulty 6 --method mc --trials 100000000 -q --format csv
    done
done
speedup="$(python3 -c "print(f'{$(median "$work/row1") / $(median "$work/row2"):.2f}')")"
echo "| threads | wall s (min / median / max) |"
echo "|---:|---:|"
echo "| 1 | $(stats "$work/row1") |"
echo "| 2 | $(stats "$work/row2") |"
echo
echo "2 threads: ${speedup}x the speed of 1."
echo

echo "### Round chains and peak memory, scenario by scenario"
echo
echo "\`wodds run SCENARIO --editions EDITION -q --format json\` at the scenario's own trials."
echo
echo "| scenario | revised | fta | uwod | hubris |"
echo "|---|---:|---:|---:|---:|"
exact=0
pairs_all=0
peak=0
for s in scenarios/*.toml; do
    row="| $(basename "$s" .toml) |"
    for e in revised fta uwod hubris; do
        /usr/bin/time -o "$work/mem" -f "%M" "$wodds" run "$s" --editions "$e" -q --format json \
            > "$work/run.json" 2> /dev/null
        kb="$(tail -1 "$work/mem")"
        states="$(python3 -c "import json,sys; r=json.load(open(sys.argv[1]))[0]; print(r['chain_states'] or '')" "$work/run.json")"
        pairs_all=$((pairs_all + 1))
        if [ -n "$states" ]; then
            exact=$((exact + 1))
            what="$(python3 -c "print(f'{int($states):,} states')")"
        else
            what="no chain"
        fi
        [ "$kb" -gt "$peak" ] && peak="$kb"
        row="$row $((kb / 1000)) MB ($what) |"
    done
    echo "$row"
done
echo
echo "$exact of $pairs_all pairs exact from a round chain; the largest run peaked at $((peak / 1000)) MB."
echo

echo "### The default report"
echo
cp -r scenarios rules "$work/"
(cd "$work" && /usr/bin/time -o "$work/report" -f "%e %M" "$wodds" report --out "$work/out" -q > /dev/null 2>&1)
read -r wall kb < <(tail -1 "$work/report")
echo "\`wodds report\` (every scenario under every edition): ${wall} s, peak $((kb / 1000)) MB."
echo
echo "- load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
