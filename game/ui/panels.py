"""Panels built with pygame_gui: Parameters and Conditions (edit a value: click,
type, Enter, then Accept), "Save as model", the Energy panel and the Values panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer, UITextBox, UITextEntryLine

from ..messages import msg
from .fitting import fit_label, shortened
from .layout import Layout

ROW = 30
#: a value's fonts, largest first: a long expression takes the smaller before it is shortened
VALUE_FONTS = ("#expression", "#expression_small")
#: pixels of the message under the rows: two lines of text, wrapped
STATUS = 58


class Row(Protocol):
    """One row of the Parameters or Conditions panel (:class:`game.app.session.edits.Row`)."""

    @property
    def name(self) -> str: ...
    @property
    def value(self) -> str: ...  # as shown (an expression or a number)
    @property
    def description(self) -> str: ...


class DefinitionsPanel:
    """Name, value and description of each parameter (or condition).

    ``check(name, text)`` returns why a typed value is refused, or None.
    ``accept(changes)`` applies {name: text}; it returns why it could not, or None.
    """

    #: pixels of the value column; what the panel says before anything is done
    VALUE_W = 220
    HINT = "panel.edit_hint"
    #: pixels from the panel's top to its first row (the title, the column headings)
    ROWS_TOP = 62
    #: pixels of the message under the rows
    STATUS_H = STATUS

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, title: str, rows: Sequence[Row],
                 check: Callable[[str, str], str | None], accept: Callable[[dict[str, str]], str | None]):
        self.manager = manager
        self.rows, self.check, self.accept_cb = rows, check, accept
        self.pending: dict[str, str] = {}
        self.entry: UITextEntryLine | None = None
        self.entry_row: int | None = None
        self.closed = False
        pitch, target = self._pitch(layout)
        button_h = max(36, layout.row)
        rect = self._place(layout, self.ROWS_TOP + pitch * len(rows) + self.STATUS_H + button_h + 22)
        width, height = rect.size
        self.panel = UIPanel(rect, starting_height=10, manager=manager, object_id=ObjectID("#panel"))
        c = self.panel
        UILabel(pygame.Rect(12, 6, width - 24, 28), title, manager, container=c, object_id=ObjectID("#heading"))
        # the rows scroll when the window is too small for them all (the buttons stay in view)
        rows_h = height - self.ROWS_TOP - self.STATUS_H - button_h - 22
        self.rows_box = UIScrollingContainer(pygame.Rect(0, self.ROWS_TOP, width - 6, rows_h), manager, container=c,
                                             allow_scroll_x=False)
        self.rows_box.set_scrollable_area_dimensions((width - 30, pitch * len(rows)))
        self.value_buttons: list[UIButton] = []
        self.value_rects: list[pygame.Rect] = []
        self._lay_rows(width, pitch, target)
        #: what the panel says (a hint, a refusal naming its field): wrapped inside the panel
        self.status = UITextBox(msg(self.HINT).text(),
                                pygame.Rect(8, height - button_h - 20 - self.STATUS_H, width - 16, self.STATUS_H),
                                manager, container=c, object_id=ObjectID("#status"), plain_text_display_only=True)
        self._message = msg(self.HINT).text()
        self.accept_button = UIButton(pygame.Rect(width - 250, height - button_h - 14, 110, button_h),
                                      msg("panel.accept").text(),
                                      manager, container=c)
        self.cancel_button = UIButton(pygame.Rect(width - 128, height - button_h - 14, 110, button_h),
                                      msg("panel.cancel").text(),
                                      manager, container=c)

    def _pitch(self, layout: Layout) -> tuple[int, int]:
        """Pixels from a row to the next, and a value's height: on a touch screen each value is a
        TOUCH-high target with a gap below it."""
        row_h = max(ROW, layout.row)
        return (row_h + 8, row_h) if layout.touch else (ROW, ROW - 2)

    def _place(self, layout: Layout, wanted: int) -> pygame.Rect:
        """Where the panel goes: over the middle of the window, ``wanted`` pixels tall if they fit."""
        width = min(820, layout.width - 40)
        height = min(layout.height - 40, wanted)
        return pygame.Rect((layout.width - width) // 2, max(20, (layout.height - height) // 2), width, height)

    def _lay_rows(self, width: int, pitch: int, target: int) -> None:
        """The column headings and a row each: name, value, description."""
        manager, c, box = self.manager, self.panel, self.rows_box
        name_w, value_w = 130, self.VALUE_W
        desc_w = width - name_w - value_w - 64
        for x, w, key in ((12, name_w, "panel.name"), (16 + name_w, value_w, "panel.value"),
                          (24 + name_w + value_w, desc_w, "panel.description")):
            UILabel(pygame.Rect(x, 36, w, 24), msg(key).text(), manager, container=c, object_id=ObjectID("#heading"))
        for i, row in enumerate(self.rows):
            y = i * pitch
            UILabel(pygame.Rect(12, y, name_w, target), row.name, manager, container=box, object_id=ObjectID("#expression"))
            self._value_cell(i, row, pygame.Rect(16 + name_w, y, value_w, target))
            description = UILabel(pygame.Rect(24 + name_w + value_w, y, desc_w, target), "", manager, container=box)
            font = description.font
            description.set_text(shortened(row.description, desc_w - 12, font.size) if font else row.description)

    def _value_cell(self, i: int, row: Row, rect: pygame.Rect) -> None:
        """What shows a row's value: a button that opens a field to type in."""
        self.value_rects.append(rect)
        self.value_buttons.append(UIButton(rect, row.value, self.manager, container=self.rows_box,
                                           object_id=ObjectID("#expression")))
        fit_label(self.value_buttons[-1], row.value, VALUE_FONTS, self.manager)

    # -- events -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.accept_button:
                self._accept()
                return True
            if event.ui_element is self.cancel_button:
                self.close()
                return True
            if event.ui_element in self.value_buttons:
                self._edit(self.value_buttons.index(event.ui_element))
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self._enter(event.text)
            return True
        return False

    def _edit(self, i: int) -> None:
        self._close_entry()
        self.entry_row = i
        self.value_buttons[i].hide()
        self.entry = UITextEntryLine(self.value_rects[i], self.manager, container=self.rows_box,
                                     object_id=ObjectID("#expression"), initial_text=self.pending.get(self.rows[i].name, self.rows[i].value))
        self.entry.focus()
        self.entry.edit_position = len(self.entry.get_text())

    def _enter(self, text: str) -> None:
        i = self.entry_row
        assert i is not None
        name = self.rows[i].name
        reason = self.check(name, text)
        if reason is not None:
            # refused in place: the field stays open with what was typed
            self._say(msg("panel.refused", name=name, reason=reason).text(), "#error")
            if self.entry is not None:
                self.entry.focus()
            return
        self.pending[name] = text.strip()
        fit_label(self.value_buttons[i], text.strip(), VALUE_FONTS, self.manager)
        self._close_entry()
        self._say(msg("panel.pending").text(), "#pending")
        self._entered(i)

    def _entered(self, i: int) -> None:
        """Row ``i``'s typed value was taken (pending until Accept)."""

    def _accept(self) -> None:
        if self.entry is not None:
            self._enter(self.entry.get_text())
            if self.entry is not None:
                return  # the open field was refused
        if self.pending:
            reason = self.accept_cb(dict(self.pending))
            if reason is not None:  # the values entered, together, cannot be: name them all
                self._say(msg("panel.refused", name=", ".join(self.pending), reason=reason).text(), "#error")
                return
        self.close()

    def cancel_entry(self) -> None:
        """Escape while a field is edited: the field closes, its value as before; the panel stays."""
        self._close_entry()
        self._say(msg("panel.pending").text() if self.pending else msg(self.HINT).text(),
                  "#pending" if self.pending else "#line")

    def _close_entry(self) -> None:
        if self.entry is not None:
            self.entry.kill()
            self.entry = None
            if self.entry_row is not None:
                self.value_buttons[self.entry_row].show()
            self.entry_row = None

    def _say(self, text: str, object_id: str) -> None:
        self._message = text
        self.status.change_object_id(ObjectID(object_id, "@status"))
        self.status.set_text(text)

    @property
    def message(self) -> str:
        return self._message

    def close(self) -> None:
        self.panel.kill()
        self.closed = True

    kill = close


class SavePanel:
    """"Save as model", a confirmation before anything is written: the new model's name (editable),
    the file it will be written to (following the name as it is typed), Accept and Cancel, every
    target finger-sized (:data:`TOUCH` pixels, 8 apart).

    ``save(name, overwrite)`` returns None when the dialog is done, "exists" when a model of that
    name is already there (the panel asks; Accept again with the same name replaces it), or a
    message saying why not. ``path_of(name)`` is the file a name would be written to.
    """

    #: no value field is being edited (Escape closes the panel, as in the other dialogs)
    entry = None
    #: the least height of the name field and the buttons: a finger's
    TOUCH = 48

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, name: str,
                 save: Callable[[str, bool], str | None], path_of: Callable[[str], object]):
        self.save, self.path_of, self.closed = save, path_of, False
        self._asked: str | None = None
        touch = max(self.TOUCH, layout.row)
        width = min(720, layout.width - 40)
        where_top = 70 + touch + 8 + 26
        status_top = where_top + STATUS + 4
        buttons_top = status_top + 26 + 10
        height = buttons_top + touch + 14
        rect = pygame.Rect((layout.width - width) // 2, max(20, (layout.height - height) // 2), width, height)
        self.panel = c = UIPanel(rect, starting_height=10, manager=manager, object_id=ObjectID("#panel"))
        UILabel(pygame.Rect(12, 6, width - 24, 28), msg("save.title").text(), manager, container=c,
                object_id=ObjectID("#heading"))
        UILabel(pygame.Rect(12, 40, width - 24, 24), msg("save.hint").text(), manager, container=c,
                object_id=ObjectID("#line"))
        self.name_entry = UITextEntryLine(pygame.Rect(12, 70, width - 24, touch), manager, container=c,
                                          initial_text=name)
        UILabel(pygame.Rect(12, where_top - 26, width - 24, 24), msg("save.where").text(), manager, container=c,
                object_id=ObjectID("#line"))
        #: the file that Accept writes, wrapped on two lines (a long home folder)
        self.where = UITextBox(self._where(name), pygame.Rect(8, where_top, width - 16, STATUS), manager, container=c,
                               object_id=ObjectID("#status"), plain_text_display_only=True)
        self.status = UILabel(pygame.Rect(12, status_top, width - 24, 26), "", manager, container=c,
                              object_id=ObjectID("#line"))
        self.accept_button = UIButton(pygame.Rect(width - 2 * 130 - 8 - 12, buttons_top, 130, touch),
                                      msg("panel.accept").text(), manager, container=c)
        self.cancel_button = UIButton(pygame.Rect(width - 130 - 12, buttons_top, 130, touch),
                                      msg("panel.cancel").text(), manager, container=c)
        self.name_entry.focus()
        self.name_entry.edit_position = len(name)

    def _where(self, name: str) -> str:
        return str(self.path_of(name.strip()))

    def process_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.accept_button) or (
                event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry):
            self._save()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel_button:
            self.close()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.where.set_text(self._where(self.name_entry.get_text()))
            return True
        return False

    @property
    def file_shown(self) -> str:
        """The file the panel says Accept will write."""
        return self.where.html_text

    def _save(self) -> None:
        name = self.name_entry.get_text().strip()
        reason = self.save(name, self._asked == name)
        if reason is None:
            self.close()
        elif reason == "exists":
            self._asked = name
            self._say(msg("save.exists", name=name).text())
        else:
            self._say(reason)

    def _say(self, text: str) -> None:
        self.status.change_object_id(ObjectID("#error"))
        self.status.set_text(text)

    @property
    def message(self) -> str:
        return self.status.text

    def close(self) -> None:
        self.panel.kill()
        self.closed = True

    kill = close


class LivePanel:
    """A small read-only panel of lines updated every frame (energies, values); ``compact``, in
    a smaller font on shorter lines (a window too short for them at full size)."""

    #: pixels above the first line (the title) and below the last, and of each line (compact: COMPACT)
    TOP, BOTTOM, LINE, COMPACT = 30, 6, 22, 17

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, title: str, lines: int,
                 expression_lines: tuple[int, ...] = (), compact: bool = False):
        self.panel = UIPanel(rect, starting_height=4, manager=manager, object_id=ObjectID("#live_panel"))
        UILabel(pygame.Rect(10, 4, rect.width - 20, 24), title, manager, container=self.panel,
                object_id=ObjectID("#heading"))
        line, small = self.line(compact), "_small" if compact else ""
        self.labels = [
            UILabel(pygame.Rect(10, self.TOP + line * i, rect.width - 20, line), "", manager, container=self.panel,
                    object_id=ObjectID(("#expression" if i in expression_lines else "#line") + small))
            for i in range(lines)
        ]

    @classmethod
    def line(cls, compact: bool = False) -> int:
        return cls.COMPACT if compact else cls.LINE

    @classmethod
    def height(cls, lines: int, compact: bool = False) -> int:
        """Pixels a panel of ``lines`` lines needs."""
        return cls.TOP + cls.line(compact) * lines + cls.BOTTOM

    @classmethod
    def room(cls, height: int, compact: bool = False) -> int:
        """Lines that fit a panel ``height`` pixels tall."""
        return max(0, (height - cls.TOP - cls.BOTTOM) // cls.line(compact))

    def set_lines(self, lines: list[str], whole: str | None = None) -> None:
        """Show ``lines``; a line "…" (what did not fit, or how many lines more there are) says
        ``whole`` in its tooltip."""
        for label, text in zip(self.labels, lines):
            if label.text != text:
                label.set_text(text)
            tip = whole if text.startswith("…") else None
            if label.tool_tip_text != tip:
                label.set_tooltip(tip)

    @property
    def lines(self) -> list[str]:
        return [lab.text for lab in self.labels]

    def kill(self) -> None:
        self.panel.kill()
