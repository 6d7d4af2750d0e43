"""The banner (game/app/session/banner.py): what it says, in which language, what about, and how long."""

from __future__ import annotations

import pytest
from model_texts import one_coordinate

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.banner import DONE_SECONDS, FADE_SECONDS, Banner, FirstLine
from game.app.session.session import Session
from game.messages import msg, set_language
from game.model import read_catalog


def test_warnings_and_notices_follow_the_language(session, spanish):
    assert session.dialogs.apply_parameters({"L": "-1"}) is None
    assert "barra b1" in session.banner.text
    session.set_language("en")
    assert session.banner.text.startswith("The bar b1 has a negative length (-1)")
    session.dialogs.apply_parameters({"L": "1"})
    session.exports.tell(None, "disk full")
    assert session.banner.text == "Could not save: disk full"
    session.set_language("es")
    assert session.banner.text == "No se pudo guardar: disk full"
    session.banner.say("plain text, as it was given")
    session.set_language("en")
    assert session.banner.text == "plain text, as it was given"



def test_a_stop_banner_is_said_again_in_the_other_language(spanish, write_model):
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(language="es"))
    s.open(str(write_model(one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="0.2", v0="-1"), "raiz.dat")))
    s.act("animate")
    for _ in range(20):
        s.clock.advance(0.1)
    assert s.banner.cause == "stopped" and s.banner.text.startswith("La simulación se detuvo: Ep no se puede calcular")
    s.act("language")
    assert s.banner.text.startswith("The simulation stopped: Ep cannot be computed") and " en t=" not in s.banner.text
    s.act("language")
    assert s.banner.text.startswith("La simulación se detuvo: Ep no se puede calcular")



def test_a_banner_about_something_done_fades_and_a_problem_stays():
    banner = Banner()
    assert banner.text is None and banner.kind == "problem" and banner.opacity == 1.0
    banner.say("saved", "done")
    assert (banner.text, banner.kind, banner.opacity) == ("saved", "done", 1.0)
    assert not banner.ages(DONE_SECONDS - FADE_SECONDS / 2)
    assert banner.opacity == pytest.approx(0.5)
    assert banner.ages(FADE_SECONDS) and banner.text is None and banner.cause is None
    banner.say("cannot open", "load")
    assert not banner.ages(10 * DONE_SECONDS)
    assert banner.text == "cannot open" and banner.kind == "problem" and banner.opacity == 1.0
    banner.say("where the manual is", "info")
    assert banner.kind == "info" and not banner.ages(10 * DONE_SECONDS)
    banner.say(None, "done")
    assert banner.cause is None  # no words, nothing to be about


def test_a_banner_says_its_message_in_the_language_of_the_moment(spanish):
    banner = Banner()
    banner.say(msg("banner.not_saved", reason="disk full"), "notice")
    assert banner.text == "No se pudo guardar: disk full"
    set_language("en")
    assert banner.text == "Could not save: disk full"


def test_the_first_line_of_a_long_reason_is_what_a_banner_shows():
    assert FirstLine(ValueError("first\nsecond")).text("en") == "first"
    assert FirstLine(ValueError("")).text("en") == ""
