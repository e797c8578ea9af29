#!/usr/bin/env bash
# Copies the seed inputs into fuzz/corpus/<target>/ as seed-*: the project's
# scenario files, example files and built-in editions, and the hand-written
# seeds in fuzz/seeds/<target>/. Run after `cargo fuzz cmin`, which drops
# seeds that add no coverage of their own.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/scenario corpus/rules corpus/range corpus/part corpus/report_manifest corpus/baseline
for f in ../scenarios/*.toml ../docs/examples/*.toml; do
    cp "$f" "corpus/scenario/seed-$(basename "$f" .toml)"
done
for f in ../crates/rules/editions/*.toml ../docs/examples/*.toml; do
    cp "$f" "corpus/rules/seed-$(basename "$f" .toml)"
done
for target in scenario rules range part report_manifest baseline; do
    for f in seeds/"$target"/*; do
        cp "$f" "corpus/$target/seed-$(basename "$f")"
    done
done
