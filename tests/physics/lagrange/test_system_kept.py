"""A model read again from the same text, and its equations for the same parameters, are made
once (a kiosk's show comes round to the same models all day); other text or other parameters
are made anew."""

from __future__ import annotations

from project import MODELS

from game.model import load_model
from game.physics import Simulation, System


def test_the_same_text_is_the_same_model_and_other_text_another():
    path = MODELS / "pendulo_doble.dat"
    text = path.read_text(encoding="utf-8")
    assert load_model(path, text) is load_model(path, text)
    longer = text.replace("<P>l|1|", "<P>l|2|")
    assert longer != text  # (the lower bar's length, as a teacher edits it)
    edited = load_model(path, longer)
    assert edited is not load_model(path, text)
    assert [p.value.text for p in edited.parameters if p.name == "l"] == ["2"]


def test_the_equations_are_made_once_for_the_same_parameters():
    model = load_model(MODELS / "pendulo_doble.dat", (MODELS / "pendulo_doble.dat").read_text(encoding="utf-8"))
    first, again = Simulation(model), Simulation(model)
    assert isinstance(first.system, System) and isinstance(again.system, System)
    assert again.system.code is first.system.code
    heavier = System(model, {**first.parameters, "m": 2.0})
    assert heavier.code is not first.system.code
    assert heavier.code.source != first.system.code.source  # (the masses are numbers in the code)


def test_the_equations_kept_are_those_of_the_files_parameters_only():
    """Each value typed in a panel makes the equations anew (the numbers are in the code): a box
    of balls is megabytes of them, which would stay where they were made (a kiosk's memory grew),
    so only the equations of the parameters of the model's file are kept."""
    from game.physics.lagrange import system as systems

    model = load_model(MODELS / "pendulo_doble.dat", (MODELS / "pendulo_doble.dat").read_text(encoding="utf-8"))
    base = Simulation(model).parameters
    for mass in (2.0, 3.0, 4.0):
        assert System(model, {**base, "m": mass}).code is not System(model, {**base, "m": mass}).code
    kept = [key for key in systems._derived if key[0] == id(model)]
    assert kept == [(id(model), tuple(base.items()), "exact")]
