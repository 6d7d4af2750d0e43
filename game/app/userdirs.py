"""The user's own folders: saved models ("Mis modelos"), the remembered state, the log.

Normally the per-user folders of the platform (``platformdirs``: ``~/.local/share/cenm``,
``~/.local/state/cenm`` … on Linux, respecting the XDG variables). The environment variable
``CENM_HOME`` puts all three under one folder instead: a kiosk image, a shared classroom
machine, and the tests (which point it at a temporary folder, never at the real home).
No pygame here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

APP = "cenm"


@dataclass(frozen=True)
class UserFolders:
    #: the models the user saved ("Mis modelos")
    models: Path
    #: the small state file: last model, language, speed
    state: Path
    #: the log of errors recovered from
    log: Path


def user_folders(home: str | Path | None = None) -> UserFolders:
    """Where the user's files go (nothing is created until something is written)."""
    home = home or os.environ.get("CENM_HOME")
    if home:
        base = Path(home)
        return UserFolders(base / "modelos", base / "state.json", base / "cenm.log")
    import platformdirs

    data = Path(platformdirs.user_data_dir(APP, appauthor=False))
    state = Path(platformdirs.user_state_dir(APP, appauthor=False))
    return UserFolders(data / "modelos", state / "state.json", state / "cenm.log")
