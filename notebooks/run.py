"""Executes notebooks/explore.ipynb headless (nbclient), as .ci/run does.

    python notebooks/run.py REPORT_DIR [--notebook PATH]

Fails (exit 1) if any cell raises, if the notebook draws no chart, or if
a chart leaves out an edition of the report: every chart must draw a line
(with points) labelled with each edition's id — each edition of the
report's manifest, or, for a chart whose figure is labelled `scenario
NAME` (`fig.set_label`), each edition that scenario ran. A house rule the
report was made with is an edition like any other.

The charts are read as they are drawn: a first cell, run before the
notebook's own, has matplotlib note each figure it renders (the lines of
its axes, by label); a last cell hands the notes back. Neither is saved.
"""

import json
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

# Run first: every figure rendered (shown inline or saved) is noted once,
# with its label, title and the labels of its lines that have points.
RECORD = r"""
import matplotlib.backend_bases as _wodds_bb

_wodds_charts = []
_wodds_print_figure = _wodds_bb.FigureCanvasBase.print_figure


def _wodds_noted(self, *args, **kwargs):
    fig = self.figure
    if not getattr(fig, "_wodds_noted", False):
        fig._wodds_noted = True
        _wodds_charts.append({
            "label": fig.get_label(),
            "title": "; ".join(ax.get_title() for ax in fig.axes if ax.get_title()),
            "lines": [
                line.get_label()
                for ax in fig.axes
                for line in ax.get_lines()
                if len(line.get_xdata()) > 0 and not line.get_label().startswith("_")
            ],
        })
    return _wodds_print_figure(self, *args, **kwargs)


_wodds_bb.FigureCanvasBase.print_figure = _wodds_noted
"""

# Run last: the notes, as one line of JSON.
REPORT = 'import json as _wodds_json\nprint("WODDS-CHARTS " + _wodds_json.dumps(_wodds_charts))'


def missing_editions(charts, manifest):
    """Each chart that leaves out an edition: (title, the editions left out)."""
    editions = [e["id"] for e in manifest["editions"]]
    ran = {s["name"]: s["editions"] for s in manifest["scenarios"]}
    out = []
    for c in charts:
        label = c["label"] or ""
        want = ran.get(label.removeprefix("scenario "), editions) if label.startswith("scenario ") else editions
        left = [e for e in want if e not in c["lines"]]
        if left:
            out.append((c["title"] or label or "a chart", left))
    return out


def main():
    args = sys.argv[1:]
    here = Path(__file__).resolve().parent
    notebook = here / "explore.ipynb"
    if "--notebook" in args:
        i = args.index("--notebook")
        notebook = Path(args[i + 1]).resolve()
        del args[i : i + 2]
    if args:
        os.environ["WODDS_REPORT"] = str(Path(args[0]).resolve())
    report = Path(os.environ.get("WODDS_REPORT", here.parent / "reports" / "sample"))
    manifest = json.loads((report / "manifest.json").read_text())

    nb = nbformat.read(notebook, as_version=4)
    own = len(nb.cells)
    nb.cells.insert(0, nbformat.v4.new_code_cell(RECORD))
    nb.cells.append(nbformat.v4.new_code_cell(REPORT))
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(here)}}
    ).execute()
    notes = "".join(o.get("text", "") for o in nb.cells[-1].get("outputs", []))
    charts = json.loads(notes.split("WODDS-CHARTS ", 1)[1])
    cells = nb.cells[1:-1]
    assert len(cells) == own
    code = [c for c in cells if c.cell_type == "code"]
    images = sum(1 for c in code for o in c.get("outputs", []) if "image/png" in o.get("data", {}))
    editions = [e["id"] for e in manifest["editions"]]
    print(
        f"{notebook.name}: {len(code)} code cells run, {images} charts drawn, no errors; "
        f"the report's editions: {', '.join(editions)}"
    )
    if images == 0:
        sys.exit(f"{notebook.name} drew no chart: its figures did not render inline")
    left = missing_editions(charts, manifest)
    for title, editions in left:
        print(f"{notebook.name}: the chart {title!r} has no line for {', '.join(editions)}", file=sys.stderr)
    if left:
        sys.exit(f"{notebook.name}: {len(left)} of {len(charts)} charts leave out an edition of the report")
    print(f"{notebook.name}: every edition of the report in each of its {len(charts)} charts")


if __name__ == "__main__":
    main()
