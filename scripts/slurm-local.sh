#!/usr/bin/env bash
# A real one-node Slurm cluster on localhost, from Debian's packages
# (slurm-wlm, munge), running wodds's job array: docs/cluster/wodds-array.sbatch
# as 7 tasks, each one shard of a small report; then the parts merged with
# `wodds merge` and compared, byte for byte, with the same report made in
# one go by `wodds report`.
#
#   scripts/slurm-local.sh    (as root; WODDS=path/to/wodds, else it is built)
#
# Installs slurm-wlm and munge with apt when they are missing. No cgroups:
# processes tracked through /proc (proctrack/linuxproc), tasks not bound
# (task/none), no accounting. Slurm's configuration, state, spool and logs
# go to a temporary directory (clients find it through SLURM_CONF). munged
# runs as the munge user (/run/munge made by hand), slurmctld and slurmd
# (-N localhost) as root; each is started in the background and stopped by
# its PID when the script ends, however it ends. Every wait has a timeout.
#
# Exit status: 0 the merged report is the single one, byte for byte; 1 it
# is not, or a step failed (the daemons' logs are printed); 77 skipped
# (not root, no apt, or apt could not install), after a line beginning
# `SKIPPED:`.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

# The report: a fight, a chase and a grapple under the four editions,
# 70,000 trials each, so that each of the 7 shards plays one batch of
# 10,000 of every scenario-edition.
report_args=(scenarios/brawl.toml scenarios/police-pursuit.toml scenarios/ted-grapples-peter.toml
    --trials 70000)
tasks=7

say() { printf '[slurm-local %4ss] %s\n' "$SECONDS" "$*"; }
skip() {
    echo "SKIPPED: the Slurm job array check ($*)"
    exit 77
}

[ "$(id -u)" = 0 ] || skip "needs root to install Slurm and to run slurmctld, slurmd and munged"

work=$(mktemp -d /tmp/wodds-slurm.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/state" "$work/spool" "$work/logs" "$work/parts"
munged_pid=""
slurmctld_pid=""
slurmd_pid=""
made_run_munge=""

# Stops what this script started, by PID, and removes its directory.
stop() {
    local pid
    for pid in "$@"; do
        [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    done
    for _ in $(seq 1 30); do
        local alive=""
        for pid in "$@"; do
            [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && alive=1
        done
        [ -z "$alive" ] && return 0
        sleep 1
    done
    for pid in "$@"; do
        [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
    done
}
cleanup() {
    local status=$?
    set +e
    if [ -n "$slurmctld_pid" ] && kill -0 "$slurmctld_pid" 2>/dev/null; then
        # Jobs still on this cluster (a timed-out run): cancelled by id.
        for job in $(timeout 10 squeue -h -o %F 2>/dev/null | sort -u); do
            timeout 10 scancel "$job"
        done
        for _ in $(seq 1 30); do
            [ -z "$(timeout 10 squeue -h 2>/dev/null)" ] && break
            sleep 1
        done
    fi
    stop "$slurmd_pid" "$slurmctld_pid"
    stop "$munged_pid"
    [ -n "$made_run_munge" ] && rmdir /run/munge 2>/dev/null
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# What went wrong: the daemons' logs.
logs() {
    for f in "$work"/slurmctld.log "$work"/slurmd.log "$work"/*.stderr /var/log/munge/munged.log; do
        [ -s "$f" ] || continue
        echo "--- $f (last 30 lines)"
        tail -n 30 "$f"
    done
}
fail() {
    echo "FAILED: $*"
    logs
    exit 1
}

# Debian's packages, when missing.
need=()
for tool in slurmctld slurmd sbatch sinfo squeue scancel; do
    command -v "$tool" >/dev/null 2>&1 || { need+=(slurm-wlm); break; }
done
command -v munged >/dev/null 2>&1 || need+=(munge)
if [ "${#need[@]}" -gt 0 ]; then
    command -v apt-get >/dev/null 2>&1 || skip "no apt-get to install ${need[*]}"
    say "installing ${need[*]} with apt"
    timeout 300 apt-get update -qq >"$work/apt.log" 2>&1 || skip "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq --no-install-recommends \
        "${need[@]}" >>"$work/apt.log" 2>&1 || skip "apt-get install ${need[*]} failed"
fi
say "$(slurmctld -V), $(munged --version 2>&1 | head -n 1)"

# The wodds program.
if [ -n "${WODDS:-}" ]; then
    wodds=$(realpath "$WODDS")
else
    say "building wodds"
    timeout 1800 cargo build --quiet -p wodds
    wodds=$(realpath "${CARGO_TARGET_DIR:-target}")/debug/wodds
fi
[ -x "$wodds" ] || fail "no wodds program at $wodds"

# munged, as the munge user, with the package's key (made if missing).
if timeout 10 munge -n </dev/null 2>/dev/null | timeout 10 unmunge >/dev/null 2>&1; then
    say "munged already running: using it"
else
    if [ ! -d /run/munge ]; then
        mkdir -p /run/munge
        made_run_munge=1
    fi
    chown munge:munge /run/munge
    chmod 0755 /run/munge
    key=/etc/munge/munge.key
    if [ ! -s "$key" ]; then
        say "making munge's key"
        if command -v mungekey >/dev/null 2>&1; then
            mungekey --create --keyfile="$key"
        else
            create-munge-key -f
        fi
    fi
    chown munge:munge "$key"
    chmod 0400 "$key"
    setpriv --reuid=munge --regid=munge --init-groups /usr/sbin/munged --foreground \
        >"$work/munged.stderr" 2>&1 &
    munged_pid=$!
    for i in $(seq 1 30); do
        if timeout 10 munge -n </dev/null 2>/dev/null | timeout 10 unmunge >/dev/null 2>&1; then
            break
        fi
        kill -0 "$munged_pid" 2>/dev/null || fail "munged exited"
        [ "$i" = 30 ] && fail "munged did not answer within 30 s"
        sleep 1
    done
    say "munged running (pid $munged_pid)"
fi

# Slurm: one node, localhost, with this machine's CPUs.
cpus=$(nproc)
cat >"$work/slurm.conf" <<EOF
ClusterName=wodds-local
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
NodeName=localhost CPUs=$cpus State=UNKNOWN
PartitionName=main Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -c >"$work/slurmctld.stderr" 2>&1 &
slurmctld_pid=$!
slurmd -D -N localhost >"$work/slurmd.stderr" 2>&1 &
slurmd_pid=$!
for i in $(seq 1 60); do
    state=$(timeout 10 sinfo -h -N -n localhost -o %t 2>/dev/null || true)
    [ "$state" = idle ] && break
    kill -0 "$slurmctld_pid" 2>/dev/null || fail "slurmctld exited"
    kill -0 "$slurmd_pid" 2>/dev/null || fail "slurmd exited"
    [ "$i" = 60 ] && fail "node localhost not idle within 60 s (state: ${state:-none})"
    sleep 1
done
say "slurmctld (pid $slurmctld_pid) and slurmd (pid $slurmd_pid) up: node localhost idle, $cpus CPUs"
timeout 10 sinfo

# The job array: one shard of the report per task.
say "sbatch --wait --array=0-$((tasks - 1)) docs/cluster/wodds-array.sbatch ${report_args[*]}"
start=$SECONDS
job=$(WODDS="$wodds" WODDS_PARTS="$work/parts" timeout 900 sbatch --wait --parsable \
    --array=0-$((tasks - 1)) --chdir="$repo" --output="$work/logs/%A_%a.out" \
    docs/cluster/wodds-array.sbatch "${report_args[@]}") || {
    for f in "$work"/logs/*; do
        echo "--- $f"
        cat "$f"
    done
    fail "the job array failed or took over 900 s"
}
say "job $job: $tasks tasks done in $((SECONDS - start)) s"
for f in "$work"/logs/*; do
    sed 's/^/  /' "$f"
done
parts=("$work"/parts/*)
[ "${#parts[@]}" = "$tasks" ] || fail "${#parts[@]} parts, not $tasks"

# The parts merged, against the report made in one go.
start=$SECONDS
timeout 600 "$wodds" merge "${parts[@]}" --out "$work/merged" --quiet
say "merged in $((SECONDS - start)) s"
start=$SECONDS
timeout 600 "$wodds" report "${report_args[@]}" --out "$work/single" --quiet
say "the same report in one go in $((SECONDS - start)) s"
if ! diff -r "$work/single" "$work/merged"; then
    fail "the merged report differs from the single run"
fi
files=$(find "$work/single" -type f | wc -l)
say "identical: the merged report and the single run's, $files files, byte for byte (diff -r)"
