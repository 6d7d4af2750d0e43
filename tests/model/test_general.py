"""The GENERAL block's settings and the limits of a model (game/model/general.py), read line by
line as the reader hands them over."""

from __future__ import annotations

from game.expr import Location
from game.model.general import LIMITS, GeneralRows


def read(*lines: str) -> tuple[GeneralRows, list[tuple[str, int, int]], bool]:
    """The block's lines read as on lines 2, 3 … of a file: its rows, the problems (text, line,
    column) and whether reading may go on."""
    found: list[tuple[str, int, int]] = []
    rows = GeneralRows(lambda message, where: found.append((str(message), where.line, where.column)))
    going = True
    for n, line in enumerate(lines, start=2):
        going = rows.line(line, lambda k, n=n: Location("m.dat", n, k + 1))
        if not going:
            break
    return rows, found, going


def test_keys_in_any_case_become_the_programs_names_and_comments_are_skipped():
    rows, found, going = read("  ESCALA = 50", "# a comment", "", "dt=0.01", "n = 4", "NQ = 2")
    assert not found and going
    assert [(s.key, s.value) for s in rows.settings] == [("escala", 50.0), ("dt", 0.01), ("N", 4.0), ("nQ", 2.0)]
    assert rows.settings[0].location.column == 12  # the value, past the spaces


def test_a_value_that_is_no_number_is_said_at_the_value_and_not_again_as_missing():
    rows, found, _ = read("dt = 0.01", "N = lots")
    assert len(found) == 1 and found[0][1:] == (3, 5)
    rows.check(Location("m.dat", 1, 1), ("dt", "N", "nQ"))
    assert len(found) == 2 and "nQ" in found[1][0]  # N was written (wrong); nQ is missing


def test_more_coordinates_than_can_run_stop_the_reading_at_once():
    _, found, going = read(f"nQ = {LIMITS.coordinates + 1}", "dt = 0.01")
    assert not going and len(found) == 1


def test_settings_the_program_could_not_honour_are_refused():
    rows, found, _ = read("dt = 20", "N = 2.5", "escala = -1", "Ox = 1e7")
    rows.check(Location("m.dat", 1, 1), ("dt", "N"))
    assert [line for _, line, _ in found] == [3, 2, 4, 5]  # N not whole, dt out of range, escala, Ox


def test_periodo_is_an_expression_of_the_parameters_kept_apart_from_the_numbers():
    rows, found, _ = read("dt = 0.01", "periodo = 2·pi/W")
    assert not found
    assert rows.period is not None and rows.period.text == "2·pi/W"
    assert (rows.period.location.line, rows.period.location.column) == (3, 11)
    assert [s.key for s in rows.settings] == ["dt"]  # the motion never reads it


def test_a_periodo_that_cannot_be_read_or_is_given_twice_is_said_where_it_is():
    _, found, _ = read("periodo = 2·(pi", "periodo = 1")
    assert found == [("unbalanced parenthesis: '(' is never closed", 2, 13), ("periodo is set twice", 3, 1)]
