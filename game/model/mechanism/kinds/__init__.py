"""The kinds of rows of a ``<MECHANISM>`` block, one class each in a module of its own (SPEC
§7.5): its tag, cells, checks and words, and what it adds to the engine (its mass, constraint,
energy and forces, reaction and arrows, poses, Gibbs–Appell part: :class:`~game.model.mechanism.terms.Terms`).

Each class puts itself in :data:`KINDS` by its tag when its module is imported, and every module
of this package is imported here: a new kind is a new module (its words in
game/messages/mechanism.py, its test in tests/model/mechanism/kinds/, and a look in
game/render/scene.py only if it draws a new kind of pose).
"""

from __future__ import annotations

import importlib
import pkgutil

from ..elements import KINDS

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["KINDS"]
