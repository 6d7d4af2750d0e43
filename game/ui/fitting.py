"""Words that fit their place in a small window: the largest of a few theme fonts in which a text
fits, and only when even the smallest cannot hold it, the text shortened with "…" and said whole
in the tooltip (a title is never cut mid-letter, nor without a way to read it all)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame_gui
from pygame_gui.core import ObjectID

#: pixels a button's or label's border and the text's breathing room take of its width
TEXT_MARGIN = 8


def font_of(manager: pygame_gui.UIManager, object_id: str):
    """The font the theme gives elements of ``object_id``."""
    return manager.get_theme().get_font([object_id])


def first_fitting(manager: pygame_gui.UIManager, ids: Sequence[str], texts: Sequence[str], width: int) -> str | None:
    """The first of ``ids`` (largest font first) whose font shows every one of ``texts`` within
    ``width`` pixels; None when not even the last does."""
    room = width - TEXT_MARGIN
    for object_id in ids:
        font = font_of(manager, object_id)
        if all(font.size(t)[0] <= room for t in texts):
            return object_id
    return None


def fitted_text(manager: pygame_gui.UIManager, object_id: str, text: str, width: int) -> tuple[str, str | None]:
    """``text`` as shown ``width`` pixels wide in ``object_id``'s font, and the tooltip that says
    it whole when it had to be shortened (else None)."""
    font = font_of(manager, object_id)
    shown = shortened(text, width - TEXT_MARGIN, font.size)
    return shown, (text if shown != text else None)


def width_for_text(label) -> int:
    """``label``'s width as :func:`first_fitting` counts it: what its text may use (less its borders,
    and its padding when the text is aligned to a side) plus :data:`TEXT_MARGIN`."""
    b = label.border_width
    borders = b["left"] + b["right"] if isinstance(b, dict) else 2 * (b or 0)
    padding = 0 if label.text_horiz_alignment == "center" else 2 * label.text_horiz_alignment_padding
    return label.rect.width - max(0, borders + padding - TEXT_MARGIN)


def fit_label(label, text: str, ids: Sequence[str], manager: pygame_gui.UIManager, class_id: str | None = None) -> None:
    """Show ``text`` on ``label`` (a UILabel or UIButton) in the largest of the fonts of ``ids`` it
    fits; else in the last, shortened with "…", whole in the tooltip."""
    width = width_for_text(label)
    object_id = first_fitting(manager, ids, [text], width) or ids[-1]
    if label.object_ids[-1] != object_id:
        # the new font rebuilds the label around its text: not the old one, which may not fit
        # (pygame_gui would warn of a text too wide for an instant)
        label.set_text("")
        label.change_object_id(ObjectID(object_id, class_id))
    shown, whole = fitted_text(manager, object_id, text, width)
    label.set_tooltip(whole)
    label.set_text(shown)


def shortened(text: str, width: int, size: Callable[[str], tuple[int, int]]) -> str:
    """``text``, cut with "…" to fit ``width`` pixels as ``size`` measures them (a small window)."""
    if size(text)[0] <= width:
        return text
    # the longest start that fits with "…", found by halving (one character at a time measured a
    # pasted value of 180,000 characters for minutes): text[:fits] fits, text[:too_long] does not
    fits, too_long = 0, min(len(text), 4 * max(1, width) + 8)
    if size(text[:too_long] + "…")[0] <= width:
        fits = too_long
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if size(text[:middle] + "…")[0] <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "…"
