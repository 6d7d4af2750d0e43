"""Where the program's own files are: models.xml, models/, assets/, docs/."""

from __future__ import annotations

import os
from pathlib import Path

#: The project folder (the one holding main.py, models.xml, models/, assets/).
ROOT = Path(os.environ.get("CENM_ROOT") or Path(__file__).resolve().parents[2])
CATALOG = ROOT / "models.xml"
MODELS = ROOT / "models"
ASSETS = ROOT / "assets"
DOCS = ROOT / "docs"
