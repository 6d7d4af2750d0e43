"""Words that fit their place: shortening a text to a width."""

from __future__ import annotations

from game.ui.fitting import shortened


def test_a_pasted_value_of_180000_characters_is_shortened_in_a_few_measures():
    """Measured one character at a time it took minutes and froze the window (a Parameters value)."""
    measured = []

    def size(text: str) -> tuple[int, int]:  # 7 pixels a character, "…" too
        measured.append(len(text))
        return 7 * len(text), 14

    text = "+".join(["1"] * 90_000)
    short = shortened(text, 220, size)
    assert short == text[:30] + "…" and 7 * len(short) <= 220 < 7 * (len(short) + 1)
    assert len(measured) <= 20
    assert shortened("doble", 35, size) == "doble" and shortened("Péndulo doble ", 63, size) == "Péndulo…"
    assert shortened("abc", 3, size) == "…"  # nothing fits but the mark
