#!/usr/bin/env python3
"""Checks a wodds report's index.html, or the built book, as a browser sees it.

    scripts/check-page.py REPORT_DIR [--screenshot FILE.png]
    scripts/check-page.py --book BOOK_DIR [--screenshots DIR]
    scripts/check-page.py --self-test

Opens the page in headless Chromium (Debian's `chromium`) from disk and
fails (exit 1) on:
  - a JavaScript error or a console error (Chromium's log, --enable-logging);
  - a missing file: an <img>, <script>, <link>, <source> or SVG <image>
    the page names that is not beside it;
  - anything fetched from the network (the page must open offline);
  - fewer inline SVG charts than manifest.json lists.
It then takes a full-page screenshot and checks it is a real image.
--book checks the book mdBook built (`mdbook build docs/book`) the same
way: its first page and the report chapter (which shows pictures), each
with its title in the DOM, every picture it names present, and a
screenshot 1400 and 400 pixels wide (into --screenshots DIR if given).
--self-test runs the same checks on a broken page (a thrown error and a
missing image) and fails unless both are caught, so the check itself
cannot rot. Exit 2: chromium not found or it did not answer in time.
Python's standard library only.
"""

import html.parser
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT = 180
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--hide-scrollbars",
]


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    print("check-page: chromium not found", file=sys.stderr)
    sys.exit(2)


def run(args):
    with tempfile.TemporaryDirectory() as profile:
        try:
            return subprocess.run(
                [chromium(), *FLAGS, f"--user-data-dir={profile}", *args],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            print(f"check-page: chromium did not finish in {TIMEOUT} s", file=sys.stderr)
            sys.exit(2)


class Refs(html.parser.HTMLParser):
    """The files and addresses a page loads, and its inline SVGs."""

    def __init__(self):
        super().__init__()
        self.loads = []
        self.images = []
        self.svgs = 0
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg":
            if self.depth == 0:
                self.svgs += 1
            self.depth += 1
        if tag in ("img", "script", "source", "iframe", "embed", "audio", "video") and a.get("src"):
            self.loads.append(a["src"])
        if tag == "img" and a.get("src"):
            self.images.append(a["src"])
        if tag == "link" and a.get("href"):
            self.loads.append(a["href"])
        if tag == "image":
            href = a.get("href") or a.get("xlink:href")
            if href:
                self.loads.append(href)
        style = a.get("style") or ""
        if "url(" in style:
            self.loads.append(style.split("url(", 1)[1].split(")", 1)[0].strip("'\""))

    def handle_endtag(self, tag):
        if tag == "svg" and self.depth > 0:
            self.depth -= 1

    @staticmethod
    def images_of(page: Path):
        """The pictures the HTML file at `page` shows, as written, each once."""
        refs = Refs()
        refs.feed(page.read_text())
        return list(dict.fromkeys(refs.images))


def check(index: Path, expect_svgs=None, screenshot=None, width=1400, expect=None):
    """The problems found with the page at `index`: its DOM must hold the
    text `expect` when given; the screenshot is `width` pixels wide."""
    url = index.resolve().as_uri()
    problems = []
    out = run(["--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", url])
    if out.returncode != 0:
        problems.append(f"chromium exited {out.returncode}")
    for line in out.stderr.splitlines():
        console = ":CONSOLE" in line
        if (console and ("Uncaught" in line or "Error" in line)) or "Failed to load resource" in line:
            problems.append("console: " + line.split("] ", 1)[-1][:200])
    refs = Refs()
    refs.feed(out.stdout)
    if "</html>" not in out.stdout:
        problems.append("the DOM Chromium dumped is incomplete")
    for ref in dict.fromkeys(refs.loads):
        if ref.startswith(("http://", "https://", "//")):
            problems.append(f"loads {ref} from the network")
        elif not ref.startswith(("data:", "#")):
            target = index.parent / ref.split("#")[0].split("?")[0]
            if not target.is_file():
                problems.append(f"missing file: {ref}")
    if expect is not None and expect not in out.stdout:
        problems.append(f"the page does not show {expect!r}")
    if expect_svgs is not None and refs.svgs < expect_svgs:
        problems.append(f"{refs.svgs} inline SVG charts, expected {expect_svgs}")
    shot = None
    if screenshot is not None:
        res = run([f"--window-size={width},3000", f"--screenshot={screenshot}", url])
        if res.returncode != 0 or not Path(screenshot).is_file():
            problems.append("no screenshot")
        else:
            data = Path(screenshot).read_bytes()
            if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 20_000:
                problems.append(f"screenshot is not a real image ({len(data)} bytes)")
            else:
                shot = struct.unpack(">II", data[16:24])
    return problems, refs.svgs, shot


def self_test():
    with tempfile.TemporaryDirectory() as d:
        page = Path(d) / "index.html"
        page.write_text(
            "<!DOCTYPE html><html><body><h1>broken</h1>"
            '<img src="charts/missing.png">'
            "<script>throw new Error('a broken page')</script></body></html>"
        )
        problems, _, _ = check(page)
    js = any("a broken page" in p for p in problems)
    missing = any("missing.png" in p for p in problems)
    if not (js and missing):
        print(f"check-page self-test: a broken page passed ({problems})", file=sys.stderr)
        sys.exit(1)
    print("check-page self-test: a thrown error and a missing image are caught")


# The book's pages checked, each with text its DOM must show and the
# pictures it must load.
BOOK_PAGES = [
    ("index.html", "probability lab for Storyteller", 0),
    ("guide/report.html", "The report", 4),
]


def check_book(book: Path, shots=None):
    """Checks the built book's pages; exits 1 on any problem."""
    failed = False
    with tempfile.TemporaryDirectory() as d:
        out = Path(shots or d)
        out.mkdir(parents=True, exist_ok=True)
        for page, expect, pictures in BOOK_PAGES:
            index = book / page
            if not index.is_file():
                print(f"check-page: {index}: not built", file=sys.stderr)
                failed = True
                continue
            images = Refs.images_of(index)
            if len(images) < pictures:
                print(f"check-page: {index}: {len(images)} pictures, expected {pictures}", file=sys.stderr)
                failed = True
            stem = page.replace("/", "-").removesuffix(".html")
            sizes = []
            for width in (1400, 400):
                shot = out / f"{stem}-{width}.png"
                problems, _, size = check(index, None, shot, width, expect)
                for p in problems:
                    print(f"check-page: {index} at {width} px: {p}", file=sys.stderr)
                failed = failed or bool(problems)
                if size:
                    sizes.append(f"{size[0]}x{size[1]}")
            if not failed:
                print(
                    f"check-page: {index}: shows {expect!r}, {len(images)} pictures, no console errors, "
                    f"no missing or remote files, screenshots {' and '.join(sizes)}"
                )
    if failed:
        sys.exit(1)


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        self_test()
        return
    if args[:1] == ["--book"] and len(args) >= 2:
        shots = args[args.index("--screenshots") + 1] if "--screenshots" in args else None
        check_book(Path(args[1]), shots)
        return
    if not args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    report = Path(args[0])
    screenshot = None
    if "--screenshot" in args:
        screenshot = args[args.index("--screenshot") + 1]
    manifest = json.loads((report / "manifest.json").read_text())
    charts = sum(1 for f in manifest["files"] if f["path"].endswith(".svg"))
    with tempfile.TemporaryDirectory() as d:
        shot_path = screenshot or os.path.join(d, "shot.png")
        problems, svgs, shot = check(report / "index.html", charts, shot_path)
    if problems:
        for p in problems:
            print(f"check-page: {report}/index.html: {p}", file=sys.stderr)
        sys.exit(1)
    print(
        f"check-page: {report}/index.html: {svgs} inline SVG charts ({charts} in the manifest), "
        f"no console errors, no missing or remote files, screenshot {shot[0]}x{shot[1]}"
    )


if __name__ == "__main__":
    main()
