"""Where the program's own files are: models.xml, models/, assets/, docs/.

In order: the folder named by the CENM_ROOT environment variable; the checkout (models.xml
next to game/, also what an editable install uses); the copy that a regular install
(`pip install .`) carries in game/_data, put there by setup.py.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[2]  # game/


def find_root(package: Path = _PACKAGE) -> Path:
    """The folder holding models.xml, models/, assets/ and docs/."""
    if env := os.environ.get("CENM_ROOT"):
        return Path(env)
    for candidate in (package.parent, package / "_data"):
        if (candidate / "models.xml").is_file():
            return candidate
    return package.parent  # nothing found: errors name the checkout's models.xml


ROOT = find_root()
CATALOG = ROOT / "models.xml"
MODELS = ROOT / "models"
#: the exercises of seed 004, a second catalog the window's menu lists under "Ejercicios"
EXERCISES = MODELS / "ejercicios" / "models.xml"
ASSETS = ROOT / "assets"
DOCS = ROOT / "docs"
#: the manual in each language of the interface (the Spanish one is CenM's; it is the fallback)
MANUALS = {"es": "manual.html", "en": "manual_en.html"}


def manual(language: str, docs: Path | None = None) -> Path:
    """The shipped manual in ``language`` (Spanish for a language it is not written in)."""
    return (docs or DOCS) / MANUALS.get(language, MANUALS["es"])
