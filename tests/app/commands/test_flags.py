"""Every numeric flag of every command has a range, checked before any work, in the words
simulate uses: no traceback, no empty table, no run of days, no memory blown."""

from __future__ import annotations

import pytest

from game.app.commands.usage import FLAGS

#: a command line around each flag (the rest of it good), and the values it must refuse
LINES = {
    ("chaosmap", "jobs"): ["chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2", "--grid", "2", "--seconds", "1",
                           "--until", "abs(a2) > pi", "--csv", "m.csv", "--jobs"],
    ("bench", "after"): ["bench", "--look", "--after"],
    ("bench", "trail_points"): ["bench", "--frames", "--trail-points"],
    ("soak", "hours"): ["soak", "--hours"],
    ("soak", "frame_seconds"): ["soak", "--hours", "0.001", "--frame-seconds"],
}
FLOATS = ["nan", "-1", "inf", "1e9"]
WHOLE = ["-1", "0", "1000000000"]


def cases():
    for (command, name), bounds in FLAGS.items():
        for value in WHOLE if bounds.whole else [*FLOATS, *(["0"] if bounds.above or bounds.low > 0 else [])]:
            yield command, name, value


def test_every_flag_of_the_table_is_tried():
    assert set(LINES) == set(FLAGS)


@pytest.mark.parametrize("command, name, value", list(cases()))
def test_a_numeric_flag_out_of_its_range_is_refused_before_any_work(run, monkeypatch, tmp_path, command, name,
                                                                  value):
    import game.app.commands.usage as usage

    monkeypatch.chdir(tmp_path)
    # nothing may start: the model is never looked for, the window never opened
    monkeypatch.setattr(usage, "find_model", lambda *a: pytest.fail("work started"))
    monkeypatch.setattr("game.app.cli.pygame_problem", lambda: pytest.fail("work started"))
    r = run(*LINES[command, name], value, "--lang", "en") if command != "bench" and command != "soak" else run(
        "--lang", "en", *LINES[command, name], value)
    option = "--" + name.replace("_", "-")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"error: {option} must be a "), r.stderr
    assert r.stderr.rstrip().endswith(", not " + {"1e9": "1,000,000,000", "1000000000": "1,000,000,000"}.get(value, value))


def test_the_limits_are_said_in_the_language_of_the_command_line(run):
    r = run("--lang", "es", "soak", "--hours", "-1")
    assert r.stderr == "error: --hours debe ser un número mayor que 0 y de a lo más 1\u00a0000, no -1\n"


def test_bench_refuses_a_model_it_does_not_know_instead_of_an_empty_table(run):
    r = run("--lang", "en", "bench", "--model", "zz")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("error: --model zz: bench measures the models of the menu (known: pendulo_doble, ")
