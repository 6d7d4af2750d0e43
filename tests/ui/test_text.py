"""Words of the interface: both languages."""

from __future__ import annotations


def test_every_word_of_the_interface_exists_in_both_languages_with_the_same_blanks():
    import string

    from game.ui.text import TEXTS

    def blanks(template: str) -> set[str]:
        return {field for _, field, _, _ in string.Formatter().parse(template) if field}

    assert set(TEXTS["es"]) == set(TEXTS["en"])
    for key, spanish in TEXTS["es"].items():
        assert spanish.strip() and TEXTS["en"][key].strip(), key
        assert blanks(spanish) == blanks(TEXTS["en"][key]), key
