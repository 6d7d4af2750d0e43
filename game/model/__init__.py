"""Model files and the catalog: reading, checking, and the data they become.

Pure Python + NumPy; never imports pygame.
"""

from functools import lru_cache
from pathlib import Path

from .catalog import Catalog, CatalogEntry, read_catalog, with_group
from .contacts import Contact
from .graphics import GraphicsResolver
from .measures import Measure
from .reader import ModelFileError, read_model
from .types import Definition, Force, General, Graphic, ModelFile, TEntry
from .validate import validate
from .values import condition_values, parameter_values, period_value, range_values


def load_model(path: str | Path, text: str | None = None) -> ModelFile:
    """Read and validate a model file (or ``text`` as if it were that file); raise
    :class:`ModelFileError` listing every problem.

    A model is data that never changes, made only of its text: the same text read again (a
    kiosk's show coming round, a model reopened after a failure) gives the same model, once
    read. Only the last :data:`KEPT_MODELS` are kept, and only those given as text."""
    if text is None:
        return _read_and_check(path, None)
    return _kept_model(str(path), text)


#: models kept by their text (the menu's models a kiosk goes round, each a few hundred kB at most)
KEPT_MODELS = 32


def _read_and_check(path: str | Path, text: str | None) -> ModelFile:
    model = read_model(path, text)
    problems = validate(model)
    if problems:
        raise ModelFileError(problems)
    return model


@lru_cache(maxsize=KEPT_MODELS)
def _kept_model(path: str, text: str) -> ModelFile:
    return _read_and_check(path, text)  # (a file with problems raises: nothing is kept)


__all__ = [
    "Catalog", "CatalogEntry", "Contact", "Definition", "Force", "General", "Graphic", "GraphicsResolver",
    "Measure", "ModelFile", "ModelFileError", "TEntry", "condition_values", "load_model",
    "parameter_values", "period_value", "range_values", "read_catalog", "read_model", "validate", "with_group",
]
