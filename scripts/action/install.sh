#!/usr/bin/env bash
# Installs a wodds release binary for the GitHub Action (action.yml).
#
#   install.sh --resolve   which version, target and directory: written to
#                          $GITHUB_OUTPUT (version=, target=, dir=)
#   install.sh             downloads the release archive for the runner into
#                          $WODDS_DIR (skipped when the cache restored it),
#                          checks its sha256 against the release's, and puts
#                          the directory on $GITHUB_PATH
#
# Environment: WODDS_VERSION (0.1.0, or empty), ACTION_REF (the action's tag),
# WODDS_DIR, WODDS_DOWNLOAD_URL (a mirror of the release files; empty: the
# GitHub release), RUNNER_OS, RUNNER_ARCH, RUNNER_TOOL_CACHE.
set -euo pipefail

repo_releases="https://github.com/wodds/wodds/releases"

target() {
    local os="${RUNNER_OS:-$(uname -s)}" arch="${RUNNER_ARCH:-$(uname -m)}"
    case "$arch" in
        X64 | x86_64 | amd64) arch=x86_64 ;;
        ARM64 | aarch64 | arm64) arch=aarch64 ;;
        *) echo "::error title=wodds::no wodds release for the runner's architecture $arch" >&2; exit 2 ;;
    esac
    case "$os" in
        Linux) echo "$arch-unknown-linux-gnu" ;;
        macOS | Darwin) echo "$arch-apple-darwin" ;;
        Windows | MINGW* | MSYS*) echo "$arch-pc-windows-msvc" ;;
        *) echo "::error title=wodds::no wodds release for the runner's system $os" >&2; exit 2 ;;
    esac
}

if [ "${1:-}" = "--resolve" ]; then
    version="${WODDS_VERSION:-}"
    if [ -z "$version" ]; then
        # The action's own tag: v0.1.0 is wodds 0.1.0.
        case "${ACTION_REF:-}" in
            v[0-9]*.[0-9]*.[0-9]*) version="${ACTION_REF#v}" ;;
            *) version=latest ;;
        esac
    fi
    version="${version#v}"
    t=$(target)
    dir="${RUNNER_TOOL_CACHE:-$HOME/.cache}/wodds/$version/$t"
    {
        echo "version=$version"
        echo "target=$t"
        echo "dir=$dir"
    } >> "${GITHUB_OUTPUT:-/dev/stdout}"
    exit 0
fi

: "${WODDS_VERSION:?}" "${WODDS_DIR:?}"
t=$(target)
exe=wodds
ext=tar.xz
case "$t" in
    *windows*) exe=wodds.exe; ext=zip ;;
esac
if [ -x "$WODDS_DIR/$exe" ]; then
    echo "wodds $WODDS_VERSION for $t: restored from the cache"
else
    if [ -n "${WODDS_DOWNLOAD_URL:-}" ]; then
        base="${WODDS_DOWNLOAD_URL%/}"
    elif [ "$WODDS_VERSION" = latest ]; then
        base="$repo_releases/latest/download"
    else
        base="$repo_releases/download/v$WODDS_VERSION"
    fi
    archive="wodds-$t.$ext"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    echo "downloading $base/$archive"
    curl --fail --silent --show-error --location --retry 3 -o "$work/$archive" "$base/$archive"
    curl --fail --silent --show-error --location --retry 3 -o "$work/$archive.sha256" "$base/$archive.sha256"
    want=$(awk '{print $1; exit}' "$work/$archive.sha256")
    if command -v sha256sum >/dev/null 2>&1; then
        got=$(sha256sum "$work/$archive" | awk '{print $1}')
    else
        got=$(shasum -a 256 "$work/$archive" | awk '{print $1}')
    fi
    if [ "$want" != "$got" ]; then
        echo "::error title=wodds::$archive: sha256 $got is not the release's $want; not installed" >&2
        exit 2
    fi
    echo "sha256 $got checked"
    mkdir -p "$work/unpacked"
    case "$ext" in
        zip) unzip -q "$work/$archive" -d "$work/unpacked" ;;
        *) tar -xJf "$work/$archive" -C "$work/unpacked" ;;
    esac
    found=$(find "$work/unpacked" -type f -name "$exe" | head -n 1)
    if [ -z "$found" ]; then
        echo "::error title=wodds::$archive holds no $exe" >&2
        exit 2
    fi
    mkdir -p "$WODDS_DIR"
    cp "$found" "$WODDS_DIR/$exe"
    chmod +x "$WODDS_DIR/$exe"
fi
echo "$WODDS_DIR" >> "${GITHUB_PATH:-/dev/null}"
"$WODDS_DIR/$exe" --version
