"""`python main.py screenshot`: the picture in the language asked for, and what the command says
(its refusals, the line naming the file) in the user's language."""

from __future__ import annotations

import numpy as np
import pygame
import pytest


def pixels(path) -> np.ndarray:
    return pygame.surfarray.array3d(pygame.image.load(str(path)))


def test_the_picture_is_in_the_language_asked_for(run, tmp_path, monkeypatch):
    shots = {}
    for lang in ("es", "en"):
        shots[lang] = tmp_path / f"{lang}.png"
        r = run("screenshot", "pendulo_doble", str(shots[lang]), "--size", "640x400", "--lang", lang)
        assert r.returncode == 0, r.stderr
    assert r.stdout == f"{shots['en']}: Double pendulum at t = 0.00 s (640×400)\n"
    es, en = pixels(shots["es"]), pixels(shots["en"])
    assert es.shape == en.shape == (640, 400, 3)
    top = slice(0, 48)  # the title bar: "Péndulo doble" against "Double pendulum"
    assert not np.array_equal(es[:, top], en[:, top])
    # the program's --lang, before the command, says the same
    again = tmp_path / "again.png"
    r = run("--lang", "en", "screenshot", "pendulo_doble", str(again), "--size", "640x400")
    assert r.returncode == 0 and np.array_equal(pixels(again), en)
    # without --lang: the environment's, as the window's and the command's
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    for variable, picture, said in (("es_MX.UTF-8", es, "Péndulo doble en t"), ("C.UTF-8", en, "Double pendulum at t")):
        monkeypatch.setenv("LANG", variable)
        r = run("screenshot", "pendulo_doble", str(again), "--size", "640x400")
        assert r.returncode == 0 and np.array_equal(pixels(again), picture) and r.stdout.startswith(f"{again}: {said}")


@pytest.mark.parametrize("args, said", [
    (["--size", "10x10"], "error: --size 10x10: la ventana mide al menos 640×400 y como mucho 16384×16384 píxeles"),
    (["--size", "639x400"], "error: --size 639x400: la ventana mide al menos 640×400"),
    (["--size", "1280x399"], "error: --size 1280x399: la ventana mide al menos 640×400"),
    (["--size", "grande"], "error: --size debe tener la forma 1280x720, no 'grande'"),
    (["--panels", "energy,foo"], "error: --panels admite energy y values, no 'foo'"),
])
def test_what_cannot_be_drawn_is_refused_in_the_users_language(run, tmp_path, args, said):
    out = tmp_path / "shot.png"
    r = run("screenshot", "pendulo_doble", str(out), *args, "--lang", "es")
    assert r.returncode == 2 and r.stderr.startswith(said) and not out.exists()
    assert "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1


def test_a_picture_that_cannot_be_written_is_refused_before_drawing(run, tmp_path):
    out = tmp_path / "no_such_folder" / "shot.png"
    r = run("screenshot", "pendulo_doble", str(out), "--lang", "es")
    assert r.returncode == 2
    assert r.stderr == f"error: screenshot {out}: no existe la carpeta {out.parent}\n"


def test_a_picture_of_a_run_that_would_take_hours_is_refused_as_simulate_refuses_it(run, tmp_path):
    out = tmp_path / "x.png"
    r = run("screenshot", "pendulo_doble", str(out), "--seconds", "1e12", "--lang", "en")
    assert r.returncode == 2 and not out.exists()
    assert "substeps are more than one run may compute" in r.stderr
    r = run("screenshot", "pendulo_doble", str(out), "--seconds", "nan", "--lang", "en")
    assert r.returncode == 2 and "--seconds must be a finite number" in r.stderr


def test_a_picture_of_a_run_that_stopped_says_so_and_the_exit_code_too(run, tmp_path):
    from project import ROOT

    model = tmp_path / "piso.dat"
    model.write_text((ROOT / "models" / "pelota.dat").read_text(encoding="utf-8")
                     .replace("<K>piso|'y - r'|", "<K>piso|'(y - r)*sqrt(0.5 - t)'|"), encoding="utf-8")  # no value after t = 0.5
    out = tmp_path / "x.png"
    r = run("screenshot", str(model), str(out), "--seconds", "1", "--lang", "en")
    assert r.returncode == 1 and out.exists()  # the picture shows where the motion stopped
    assert f"{out}: not at 1 s: " in r.stderr and "the gap of contact 'piso'" in r.stderr
