#!/usr/bin/env bash
# Builds the browser playground into web/dist (or the folder given): the
# wodds-web crate for wasm32-unknown-unknown, wasm-bindgen's no-modules
# glue, and the page (web/src) with the module inlined, so that it works
# from file:// as well as from any static host. Installs the wasm target
# (rustup) and wasm-bindgen-cli (at the version Cargo.lock pins for the
# wasm-bindgen crate, under $HOME/.cache/wodds-tools) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-web/dist}"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "installing the wasm32-unknown-unknown target (rustup)"
    timeout 600 rustup target add wasm32-unknown-unknown
fi
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
tools="$HOME/.cache/wodds-tools"
bindgen="$tools/bin/wasm-bindgen"
if [ "$("$bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    echo "installing wasm-bindgen-cli $version into $tools"
    started=$(date +%s)
    # Its own temporary target directory, not the workspace's. Not
    # --locked: its lock file pins a webpki-roots the registry here lacks.
    env -u CARGO_TARGET_DIR timeout 1800 cargo install --quiet wasm-bindgen-cli \
        --version "$version" --root "$tools"
    echo "wasm-bindgen-cli $version installed in $(($(date +%s) - started)) s"
fi

started=$(date +%s)
cargo build --quiet -p wodds-web --target wasm32-unknown-unknown --release
target="${CARGO_TARGET_DIR:-target}"
glue=$(mktemp -d)
trap 'rm -rf "$glue"' EXIT
"$bindgen" --target no-modules --no-typescript --out-dir "$glue" \
    "$target/wasm32-unknown-unknown/release/wodds_web.wasm"
python3 scripts/bundle-web.py "$glue" web/src "$out"
echo "playground built into $out in $(($(date +%s) - started)) s"
