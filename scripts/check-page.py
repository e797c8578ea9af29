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
  - a link to a file of the report that is not there;
  - fewer inline SVG charts than manifest.json lists;
  - a table with no download beside it: every <table> lies in a
    <div class="table"> holding a <p class="data"> of links, and every
    Parquet file linked has its CSV linked beside it;
  - an EXACT cell that carries an interval or an estimate (those belong
    in the table's detail);
  - a scenario of manifest.json whose section does not fold: each is a
    closed <details> with the scenario's name as id, linked from the
    contents (<nav id="contents">); and the page opened at the address of
    the last scenario's section must open it (its script runs).
It then takes a full-page screenshot and checks it is a real image.
--book checks the book mdBook built (`mdbook build docs/book`) the same
way: its first page and the report chapter (which shows pictures), each
with its title in the DOM, every picture it names present, and a
screenshot 1400 and 400 pixels wide (into --screenshots DIR if given).
--self-test runs the same checks on a broken report (a thrown error, a
missing image and linked file, a table without downloads, a Parquet link
without its CSV, an EXACT cell with an interval, a scenario that does not
fold and one the contents miss) and fails unless every one is caught, and
on the same report mended, which must pass: so the check itself cannot
rot. Exit 2: chromium not found or it did not answer in time.
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
        self.links = []
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
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
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
    for ref in dict.fromkeys(refs.links):
        if not ref.startswith(("http://", "https://", "//", "#", "mailto:", "data:")):
            target = index.parent / ref.split("#")[0].split("?")[0]
            if not target.exists():
                problems.append(f"links a missing file: {ref}")
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


# Elements that never hold others (no end tag in the DOM Chromium dumps).
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Structure(html.parser.HTMLParser):
    """What the report checks need of a page: its tables and the blocks of
    downloads around them, its EXACT cells, its folds and its contents."""

    def __init__(self):
        super().__init__()
        self.stack = []  # open elements: (tag, attrs)
        self.blocks = []  # each div.table: {"tables": n, "links": [...]}
        self.loose_tables = 0  # tables outside any div.table
        self.data_links = []  # each p.data: its hrefs
        self.exact_cells = []  # the text of each cell marked EXACT
        self.cell = None  # the open <td>: [text, exact]
        self.details = {}  # id -> open
        self.contents = []  # the hrefs of nav#contents

    def inside(self, tag, cls=None, id_=None):
        for t, a in reversed(self.stack):
            if t == tag and (cls is None or cls in (a.get("class") or "").split()) and (
                id_ is None or a.get("id") == id_
            ):
                return a
        return None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "div" and "table" in classes:
            self.blocks.append({"tables": 0, "links": []})
            a["_block"] = len(self.blocks) - 1
        if tag == "table":
            block = self.inside("div", "table")
            if block is None:
                self.loose_tables += 1
            else:
                self.blocks[block["_block"]]["tables"] += 1
        if tag == "p" and "data" in classes:
            self.data_links.append([])
        if tag == "a" and a.get("href"):
            if self.inside("p", "data") is not None:
                self.data_links[-1].append(a["href"])
                block = self.inside("div", "table")
                if block is not None:
                    self.blocks[block["_block"]]["links"].append(a["href"])
            if self.inside("nav", id_="contents") is not None:
                self.contents.append(a["href"])
        if tag == "td":
            self.cell = ["", False]
        if tag == "span" and "exact" in classes and self.cell is not None:
            self.cell[1] = True
        if tag == "details" and a.get("id"):
            self.details[a["id"]] = "open" in a
        if tag not in VOID:
            self.stack.append((tag, a))

    def handle_endtag(self, tag):
        if tag == "td" and self.cell is not None:
            if self.cell[1]:
                self.exact_cells.append(self.cell[0])
            self.cell = None
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[0] += data

    def problems(self, scenarios):
        """What is wrong, given the manifest's scenario names."""
        out = []
        if self.loose_tables:
            out.append(f"{self.loose_tables} tables outside a <div class=\"table\"> with their downloads")
        for k, b in enumerate(self.blocks):
            if b["tables"] and not any(h.endswith(".parquet") for h in b["links"]):
                out.append(f"table block {k + 1}: no Parquet download beside its table")
        for links in self.data_links:
            for h in links:
                if h.endswith(".parquet") and h[: -len(".parquet")] + ".csv" not in links:
                    out.append(f"{h} is linked without its CSV beside it")
        for text in self.exact_cells:
            if "95%:" in text or "estimate" in text:
                out.append(f"an EXACT cell carries an interval: {' '.join(text.split())!r}")
        for name in scenarios:
            if name not in self.details:
                out.append(f"the section of {name} does not fold (no <details id={name!r}>)")
            elif self.details[name]:
                out.append(f"the section of {name} is open by default")
            if f"#{name}" not in self.contents:
                out.append(f"the contents do not link #{name}")
        return out


def check_report(report: Path, screenshot=None):
    """The problems with the report at `report` (a directory with
    manifest.json and index.html), the number of inline SVGs, the shot."""
    manifest = json.loads((report / "manifest.json").read_text())
    charts = sum(1 for f in manifest["files"] if f["path"].endswith(".svg"))
    index = report / "index.html"
    problems, svgs, shot = check(index, charts, screenshot)
    page = Structure()
    page.feed(index.read_text())
    scenarios = [s["name"] for s in manifest["scenarios"]]
    problems += page.problems(scenarios)
    if scenarios:
        # Opened at the address of a folded section, the page opens it.
        last = scenarios[-1]
        out = run(["--virtual-time-budget=5000", "--dump-dom", index.resolve().as_uri() + "#" + last])
        dom = Structure()
        dom.feed(out.stdout)
        if not dom.details.get(last):
            problems.append(f"opened at #{last}, the page leaves that section folded")
    return problems, svgs, charts, shot


# A small report for --self-test: `{...}` marks what the broken one gets
# wrong and the mended one right.
SELF_TEST_PAGE = """<!DOCTYPE html><html><body><h1>a report</h1>
<nav id="contents"><a href="#one">one</a>{contents}</nav>
<div class="table"><table><tr><td>1.00%<span class="exact">EXACT</span>{interval}</td></tr></table>
<p class="data"><a href="one/summary.parquet">Parquet</a>{csv}</p></div>
{loose}
<details id="one"><summary>one</summary>{image}</details>
{two}
<script>{throw}
if (location.hash) document.getElementById(location.hash.slice(1)).open = true;</script>
</body></html>"""

BROKEN = {
    "contents": "",
    "interval": '<span class="ci">95%: 0.9% - 1.1%</span>',
    "csv": "",
    "loose": "<table><tr><td>2</td></tr></table>",
    "image": '<img src="charts/missing.png"><a href="one/missing.csv">x</a>',
    "two": "<h2 id=\"two\">two</h2>",
    "throw": "throw new Error('a broken page');",
}

MENDED = {
    "contents": '<a href="#two">two</a>',
    "interval": "",
    "csv": ' <a href="one/summary.csv">CSV</a>',
    "loose": '<div class="table"><table><tr><td>2</td></tr></table><p class="data"><a href="one/summary.parquet">Parquet</a> <a href="one/summary.csv">CSV</a></p></div>',
    "image": "",
    "two": '<details id="two"><summary>two</summary></details>',
    "throw": "",
}

# What the broken report must be caught at: a few words of each problem.
CAUGHT = [
    "a broken page",
    "missing file: charts/missing.png",
    "links a missing file: one/missing.csv",
    "tables outside",
    "one/summary.parquet is linked without its CSV",
    "an EXACT cell carries an interval",
    "the section of two does not fold",
    "the contents do not link #two",
    "opened at #two",
]


def self_test():
    for name, parts, want in (("broken", BROKEN, CAUGHT), ("mended", MENDED, [])):
        with tempfile.TemporaryDirectory() as d:
            report = Path(d)
            (report / "one").mkdir()
            for f in ("summary.parquet", "summary.csv"):
                (report / "one" / f).write_bytes(b"x")
            manifest = {"scenarios": [{"name": "one"}, {"name": "two"}], "files": []}
            (report / "manifest.json").write_text(json.dumps(manifest))
            (report / "index.html").write_text(SELF_TEST_PAGE.format(**parts))
            problems, _, _, _ = check_report(report)
        missed = [w for w in want if not any(w in p for p in problems)]
        if missed or (not want and problems):
            print(
                f"check-page self-test: the {name} report: missed {missed}, found {problems}",
                file=sys.stderr,
            )
            sys.exit(1)
    print(
        f"check-page self-test: the broken report's {len(CAUGHT)} problems are caught "
        "(a thrown error, missing files, tables without downloads, a Parquet link without its CSV, "
        "an EXACT cell with an interval, a section that does not fold or the contents miss, "
        "a link that does not open it), the mended report passes"
    )


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
    with tempfile.TemporaryDirectory() as d:
        shot_path = screenshot or os.path.join(d, "shot.png")
        problems, svgs, charts, shot = check_report(report, shot_path)
    if problems:
        for p in problems:
            print(f"check-page: {report}/index.html: {p}", file=sys.stderr)
        sys.exit(1)
    print(
        f"check-page: {report}/index.html: {svgs} inline SVG charts ({charts} in the manifest), "
        "no console errors, no missing or remote files, every table with its Parquet and CSV, "
        "no EXACT cell with an interval, every scenario folded and opened by its link, "
        f"screenshot {shot[0]}x{shot[1]}"
    )


if __name__ == "__main__":
    main()
