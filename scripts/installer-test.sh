#!/usr/bin/env bash
# Installs wodds the way a user of a release would, on this machine and
# without the network: builds the x86_64 Linux archive and the shell
# installer as the release workflow does (`dist build --artifacts=all
# --target x86_64-unknown-linux-gnu`: the archive, its checksum and the
# installers), serves them on 127.0.0.1 with python3's http.server, runs
# the generated wodds-installer.sh with its download URL pointed there
# (its WODDS_DOWNLOAD_URL override, else a rewritten copy) into a fresh
# HOME, then runs the installed `wodds --version` and a small report.
#
#   scripts/installer-test.sh
#   DISTRIB=target/distrib scripts/installer-test.sh   # artifacts already built
#
# Needs `dist` (cargo-dist, the version in dist-workspace.toml) on PATH or
# in $DIST, unless DISTRIB names a directory that holds the artifacts.
# Exit status: 0 installed and ran, 1 any step failed.
set -euo pipefail
cd "$(dirname "$0")/.."

target=x86_64-unknown-linux-gnu
say() { printf '== %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

tmp=$(mktemp -d)
server=
cleanup() {
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

# 1. The artifacts.
if [ -n "${DISTRIB:-}" ]; then
    distrib=$(cd "$DISTRIB" && pwd)
    say "artifacts: $distrib (DISTRIB, not rebuilt)"
else
    dist=${DIST:-dist}
    command -v "$dist" >/dev/null || fail "no \`$dist\` on PATH (set DIST, or DISTRIB to built artifacts)"
    say "building: $dist build --artifacts=all --target $target ($("$dist" --version))"
    start=$(date +%s)
    "$dist" build --artifacts=all --target "$target" || fail "dist build"
    say "built in $(($(date +%s) - start)) s"
    # dist writes to the workspace's target/distrib, whatever CARGO_TARGET_DIR.
    distrib=$(pwd)/target/distrib
fi
archive="$distrib/wodds-$target.tar.xz"
installer="$distrib/wodds-installer.sh"
for f in "$archive" "$archive.sha256" "$installer"; do
    [ -f "$f" ] || fail "$f is missing"
done
say "archive: $(basename "$archive"), $(stat -c %s "$archive") bytes; it holds:"
tar -tJvf "$archive"
(cd "$distrib" && sha256sum -c "$(basename "$archive").sha256") || fail "the archive's checksum"

# cargo-binstall's templates (crates/cli/Cargo.toml) name this archive and
# the binary's path inside it.
read -r pkg_url bin_dir < <(python3 - "$target" <<'EOF'
import sys, tomllib
cli = tomllib.load(open("crates/cli/Cargo.toml", "rb"))
ws = tomllib.load(open("Cargo.toml", "rb"))["workspace"]["package"]
b = cli["package"]["metadata"]["binstall"]
assert b["pkg-fmt"] == "txz", b["pkg-fmt"]
values = {"repo": ws["repository"], "version": ws["version"], "name": "wodds",
          "bin": "wodds", "target": sys.argv[1], "archive-suffix": ".tar.xz",
          "binary-ext": ""}
def render(t):
    for k, v in values.items():
        t = t.replace("{ %s }" % k, v)
    assert "{" not in t, t
    return t
print(render(b["pkg-url"]), render(b["bin-dir"]))
EOF
) || fail "reading crates/cli/Cargo.toml's [package.metadata.binstall]"
[ "${pkg_url##*/}" = "$(basename "$archive")" ] || fail "binstall's pkg-url $pkg_url is not the archive $(basename "$archive")"
listing=$(tar -tJf "$archive")
grep -qx "$bin_dir" <<<"$listing" || fail "binstall's bin-dir $bin_dir is not in the archive"
say "cargo-binstall: $pkg_url, binary $bin_dir: as in the archive"
# The man pages and shell completions (crates/cli/share, dist's include).
for f in share/man/man1/wodds.1 share/man/man1/wodds-report.1 share/completions/wodds.bash share/completions/_wodds; do
    grep -qx "wodds-$target/$f" <<<"$listing" || fail "the archive holds no $f"
done
say "man pages and completions: $(grep -c '^wodds-'"$target"'/share/.*[^/]$' <<<"$listing") files under wodds-$target/share"

# 2. A server for them, on a free port of the loopback.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# It serves the artifacts (linked) and, under bad/, a corrupted archive.
www="$tmp/www"
mkdir -p "$www/bad"
ln -s "$distrib"/* "$www/"
cp "$archive" "$www/bad/"
printf 'x' | dd of="$www/bad/$(basename "$archive")" bs=1 seek=4096 conv=notrunc status=none
python3 -m http.server --bind 127.0.0.1 --directory "$www" "$port" >"$tmp/server.log" 2>&1 &
server=$!
url="http://127.0.0.1:$port"
for _ in $(seq 50); do
    curl -sf -o /dev/null "$url/$(basename "$installer")" && break
    sleep 0.1
done
curl -sf -o /dev/null "$url/$(basename "$installer")" || fail "the server at $url does not answer"
say "serving $distrib at $url (pid $server), and a corrupted copy of the archive under $url/bad"

# 3. The installer, its download URL pointed at the server: the
# generated script reads WODDS_DOWNLOAD_URL; were that gone, a copy with
# its GitHub URL rewritten.
cp "$installer" "$tmp/wodds-installer.sh"
github=$(grep -o 'https://github.com/[^" ]*/releases/download/[^" ]*' "$installer" | head -n 1)
[ -n "$github" ] || fail "the installer names no GitHub download URL"
if grep -q 'WODDS_DOWNLOAD_URL' "$installer"; then
    say "installer: downloads from $github, or from \$WODDS_DOWNLOAD_URL=$url here"
else
    sed -i "s|$github|$url|g" "$tmp/wodds-installer.sh"
    say "installer: downloads from $github; the test copy from $url (no WODDS_DOWNLOAD_URL)"
fi

home="$tmp/home"
mkdir "$home"
say "installing into HOME=$home (no CARGO_HOME, no XDG dirs, shell profiles left alone)"
start=$(date +%s.%N)
env -u CARGO_HOME -u XDG_BIN_HOME -u XDG_DATA_HOME -u XDG_CONFIG_HOME \
    HOME="$home" WODDS_DOWNLOAD_URL="$url" WODDS_NO_MODIFY_PATH=1 \
    sh "$tmp/wodds-installer.sh" || fail "the installer"
end=$(date +%s.%N)
say "installed in $(python3 -c "print(f'{$end - $start:.2f}')") s"

# 4. What it installed, and a report from it.
wodds="$home/.local/bin/wodds"
[ -x "$wodds" ] || fail "no $wodds: the installer put $(find "$home" -type f | tr '\n' ' ')"
say "installed files:"
find "$home" -type f -printf '  %p %s bytes\n'
for f in "$home"/.profile "$home"/.bashrc "$home"/.zshrc "$home"/.zshenv; do
    [ ! -e "$f" ] || fail "the installer wrote $f"
done
say "$wodds --version"
HOME="$home" "$wodds" --version || fail "wodds --version"
say "wodds report scenarios/brawl.toml --trials 2000 --editions revised --out $tmp/report --quiet"
start=$(date +%s.%N)
HOME="$home" "$wodds" report scenarios/brawl.toml --trials 2000 --editions revised \
    --out "$tmp/report" --quiet || fail "wodds report"
end=$(date +%s.%N)
[ -f "$tmp/report/index.html" ] || fail "no $tmp/report/index.html"
say "report written in $(python3 -c "print(f'{$end - $start:.2f}')") s: $(find "$tmp/report" -type f | wc -l) files, index.html $(stat -c %s "$tmp/report/index.html") bytes"

# 5. A corrupted download is refused: the installer holds the archive's
# sha256 and checks it.
mkdir "$tmp/bad-home"
if grep -q '_checksum_value="[0-9a-f]\{64\}"' "$installer"; then
    if env -u CARGO_HOME -u XDG_BIN_HOME -u XDG_DATA_HOME -u XDG_CONFIG_HOME \
        HOME="$tmp/bad-home" WODDS_DOWNLOAD_URL="$url/bad" WODDS_NO_MODIFY_PATH=1 \
        sh "$tmp/wodds-installer.sh" >"$tmp/bad.log" 2>&1 \
        || [ -e "$tmp/bad-home/.local/bin/wodds" ]; then
        cat "$tmp/bad.log"
        fail "the installer installed a corrupted archive"
    fi
    say "a corrupted archive is refused: $(grep -i checksum "$tmp/bad.log" | sed "s/\x1b[[(][0-9;]*[mB]//g" | head -n 1)"
else
    fail "the installer holds no sha256 of the archive"
fi

say "server log:"
sed 's/^/  /' "$tmp/server.log"
grep -q "GET /$(basename "$archive") HTTP/1.[01]\" 200" "$tmp/server.log" \
    || fail "the installer did not download the archive from $url"
say "ok"
