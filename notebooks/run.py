"""Executes notebooks/explore.ipynb headless (nbclient), as .ci/run does.

    python notebooks/run.py REPORT_DIR

Fails (exit 1) if any cell raises, or if the notebook draws no chart.
"""

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

here = Path(__file__).resolve().parent
if len(sys.argv) > 1:
    os.environ["WODDS_REPORT"] = str(Path(sys.argv[1]).resolve())
nb = nbformat.read(here / "explore.ipynb", as_version=4)
NotebookClient(
    nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(here)}}
).execute()
code = [c for c in nb.cells if c.cell_type == "code"]
images = sum(
    1 for c in code for o in c.get("outputs", []) if "image/png" in o.get("data", {})
)
print(f"explore.ipynb: {len(code)} code cells run, {images} charts drawn, no errors")
if images == 0:
    sys.exit("explore.ipynb drew no chart: its figures did not render inline")
