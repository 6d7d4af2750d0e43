"""The widgets a window opens when the session's view state asks for them: the live panels,
the models menu, and the dialogs (Parameters, Conditions, Save as model). Each is built
from the session alone, in the session's language."""

from __future__ import annotations

import pygame
import pygame_gui

from ..ui.layout import Layout
from ..ui.menu import ModelMenu
from ..ui.panels import DefinitionsPanel, LivePanel, SavePanel
from .session import Session


def live_panel(manager: pygame_gui.UIManager, layout: Layout, s: Session, name: str) -> LivePanel:
    columns = layout.panel_columns(name)
    lines = s.readout(name, columns)
    expressions = tuple(range(s.expression_lines(name, columns)))
    return LivePanel(manager, pygame.Rect(layout.live_panel(name, len(lines))), s.texts(f"{name}_title"), len(lines),
                     expressions)


def model_menu(manager: pygame_gui.UIManager, layout: Layout, s: Session) -> ModelMenu:
    """Every model by its title in the session's language; the user's own under "Mis modelos"."""
    entries = s.catalog.entries
    mine = next((i for i, e in enumerate(entries) if e.group == "mine"), None)
    return ModelMenu(manager, layout, [e.title_in(s.texts.language) for e in entries], s.index, mine, s.texts("mine"))


def dialog(manager: pygame_gui.UIManager, layout: Layout, s: Session, which: str) -> DefinitionsPanel | SavePanel:
    if which == "save":
        return SavePanel(manager, layout, s.texts, s.suggested_name(), s.save_dialog)
    edits = s.parameter_edits() if which == "parameters" else s.condition_edits()
    accept = s.apply_parameters if which == "parameters" else s.apply_conditions
    return DefinitionsPanel(manager, layout, s.texts, s.texts(f"{which}_title"), edits.rows(), edits.check, accept)
