"""The user's own folders: saved models ("Mis modelos"), the remembered state, the log, and where
exports go (the run as CSV in the documents folder, pictures in the pictures folder).

Normally the per-user folders of the platform (``platformdirs``: ``~/.local/share/cenm``,
``~/.local/state/cenm``, ``~/Documents`` … on Linux, respecting the XDG variables). The environment
variable ``CENM_HOME`` puts them all under one folder instead: a kiosk image, a shared classroom
machine, and the tests (which point it at a temporary folder, never at the real home).
No pygame here.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

APP = "cenm"
#: the folder made inside the user's documents and pictures for what the program exports
EXPORTS = "Cuerpos en Movimiento"


@dataclass(frozen=True)
class UserFolders:
    #: the models the user saved ("Mis modelos")
    models: Path
    #: the small state file: last model, language, speed
    state: Path
    #: the log of errors recovered from
    log: Path
    #: where a run exported as CSV goes (made when the first export is written)
    documents: Path
    #: where pictures go: the view, the plots (made when the first is written)
    pictures: Path
    #: where saved models were before they went to the documents (still offered in the menu)
    earlier_models: Path | None = None

    def model_folders(self) -> tuple[Path, ...]:
        """Every folder whose models are the user's own ("My models"): where they are saved, then
        where earlier versions saved them."""
        return (self.models,) if self.earlier_models is None else (self.models, self.earlier_models)


def user_folders(home: str | Path | None = None) -> UserFolders:
    """Where the user's files go (nothing is created until something is written), every one of
    them absolute: a relative ``CENM_HOME`` is taken from the folder the program started in, once;
    an empty or relative ``HOME`` (or XDG folder) gives way to the account's own home."""
    home = home or os.environ.get("CENM_HOME")
    if home:
        base = Path(home).absolute()
        return UserFolders(base / "modelos", base / "state.json", base / "cenm.log",
                           base / "Documents" / EXPORTS, base / "Pictures" / EXPORTS)
    import platformdirs

    own = account_home()
    data = _absolute(platformdirs.user_data_dir(APP, appauthor=False), own / ".local" / "share" / APP)
    state = _absolute(platformdirs.user_state_dir(APP, appauthor=False), own / ".local" / "state" / APP)
    documents = _inside(_absolute(platformdirs.user_documents_dir(), own / "Documents"), own)
    # the models in sight, beside the runs exported (the data folder is hidden: ~/.local/share)
    return UserFolders(documents / "models", state / "state.json", state / "cenm.log", documents,
                       _inside(_absolute(platformdirs.user_pictures_dir(), own / "Pictures"), own),
                       earlier_models=data / "modelos")


def account_home() -> Path:
    """The user's home, absolute: ``HOME`` when it is an absolute path, else the account's own
    (the password database), else the system's temporary folder (nothing else is one root)."""
    home = os.environ.get("HOME", "")
    if os.path.isabs(home):
        return Path(home)
    try:
        import pwd

        own = pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError):
        own = ""
    if os.path.isabs(own):
        return Path(own)
    import tempfile

    return Path(tempfile.gettempdir())


def _absolute(folder: str, otherwise: Path) -> Path:
    """``folder`` if it is absolute, else ``otherwise`` (an empty HOME made it '/…' or '…')."""
    return Path(folder) if os.path.isabs(folder) and not folder.startswith("//") else otherwise


def _inside(folder: Path, home: Path) -> Path:
    """Our folder inside the user's documents or pictures folder; in the home when that folder is not
    there (a minimal system, a kiosk's account: the program does not make a ~/Documents of its own)."""
    return (folder if folder.is_dir() else home) / EXPORTS


def ascii_name(text: str, fallback: str = "model") -> str:
    """``text`` as a file name any system and any shell take: lower-case ASCII letters and digits
    joined by ``-`` ("Péndulo doble" → "pendulo-doble")."""
    plain = unicodedata.normalize("NFKD", re.sub("['’]", "", text)).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:60].rstrip("-") or fallback
