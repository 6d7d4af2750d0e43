"""The words of the Parameters and Conditions panels (game/app/edits.py)."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "edit.impossible": (
        "with these values the model cannot move ({reason})",
        "con estos valores el modelo no puede moverse ({reason})"),
}
