"""Model files and the catalog: reading, checking, and the data they become.

Pure Python + NumPy; never imports pygame.
"""

from pathlib import Path

from .catalog import Catalog, CatalogEntry, read_catalog
from .contacts import Contact
from .graphics import GraphicsResolver
from .measures import Measure
from .reader import ModelFileError, read_model
from .types import Definition, Force, General, Graphic, ModelFile, TEntry
from .validate import validate
from .values import condition_values, parameter_values


def load_model(path: str | Path, text: str | None = None) -> ModelFile:
    """Read and validate a model file (or ``text`` as if it were that file); raise
    :class:`ModelFileError` listing every problem."""
    model = read_model(path, text)
    problems = validate(model)
    if problems:
        raise ModelFileError(problems)
    return model


__all__ = [
    "Catalog", "CatalogEntry", "Contact", "Definition", "Force", "General", "Graphic", "GraphicsResolver",
    "Measure", "ModelFile", "ModelFileError", "TEntry", "condition_values", "load_model",
    "parameter_values", "read_catalog", "read_model", "validate",
]
