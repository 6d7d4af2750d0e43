"""The manual (issue 22 items 1-2): F1 always says where the manual is and whether a browser
was asked to open it; the manual is in the interface's language, and the wheel carries both."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser

import pygame
import pytest
from project import ROOT
from window_helpers import key, pump

from game.app.files import paths
from game.render.layers import BannerLayer


def banner_pixels(app, colour=BannerLayer.BACKGROUND) -> int:
    """Pixels of the banner's ``colour`` (its red) in the top of the drawing area, as painted this frame."""
    x, y, w, _ = app.layout.viewport
    top = app.screen.subsurface(pygame.Rect(x, y, w, 60))
    return sum(1 for i in range(0, w, 2) for j in range(0, 60, 2) if top.get_at((i, j))[:3] == colour)


# -- item 1: F1 always answers in the window ---------------------------------------------------------

@pytest.mark.parametrize("browser_says", [False, True])
def test_f1_shows_the_manuals_path_whether_or_not_a_browser_opens(app, monkeypatch, browser_says):
    asked = []
    monkeypatch.setattr("webbrowser.open", lambda uri: asked.append(uri) or browser_says)
    assert banner_pixels(app) == 0
    key(app, pygame.K_F1)
    manual = str((paths.DOCS / "manual.html").resolve())
    assert asked == [(paths.DOCS / "manual.html").resolve().as_uri()]
    assert app.session.banner.text is not None and manual in app.session.banner.text
    # painted over the scene: calm when a browser was asked (nothing is wrong), red when none was found
    calm, red = banner_pixels(app, BannerLayer.CALM), banner_pixels(app)
    assert app.scene().banner == app.session.banner.text and (calm if browser_says else red) > 200
    assert (red if browser_says else calm) == 0 and app.session.banner.kind == ("info" if browser_says else "problem")
    pump(app, 3, dt=10.0)
    assert app.session.banner.text is not None  # it stays: the path is there to be read
    # it says which happened: asked a browser, or found none
    assert ("navegador" in app.session.banner.text) and (("Se pidió" in app.session.banner.text) == browser_says)


def test_f1_when_the_browser_fails_says_so_in_the_window(app, monkeypatch):
    import webbrowser

    def fails(uri):
        raise webbrowser.Error("could not locate runnable browser")

    monkeypatch.setattr("webbrowser.open", fails)
    key(app, pygame.K_F1)
    assert app.session.banner.text.startswith("No se abrió ningún navegador")
    assert str((paths.DOCS / "manual.html").resolve()) in app.session.banner.text


# -- item 2: the manual in the interface's language ---------------------------------------------------

@pytest.mark.parametrize(("language", "name"), [("es", "manual.html"), ("en", "manual_en.html")])
def test_f1_opens_the_manual_in_the_windows_language(app_factory, monkeypatch, language, name):
    asked = []
    monkeypatch.setattr("webbrowser.open", lambda uri: asked.append(uri) or True)
    app = app_factory(language=language)
    key(app, pygame.K_F1)
    manual = (paths.DOCS / name).resolve()
    assert manual.is_file()
    assert asked == [manual.as_uri()] and str(manual) in app.session.banner.text


def test_after_switching_language_f1_opens_the_other_manual(app, monkeypatch):
    asked = []
    monkeypatch.setattr("webbrowser.open", lambda uri: asked.append(uri) or True)
    key(app, pygame.K_l)
    key(app, pygame.K_F1)
    assert asked[-1].endswith("/docs/manual_en.html")
    assert app.session.banner.text.startswith("The browser was asked to open the manual")


class Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])


def anchors(name: str) -> Anchors:
    parser = Anchors()
    parser.feed((ROOT / "docs" / name).read_text(encoding="utf-8"))
    return parser


def test_the_english_manual_has_every_anchor_of_the_spanish_one():
    es, en = anchors("manual.html"), anchors("manual_en.html")
    assert es.ids and en.ids == es.ids  # the same sections, in the same order
    assert set(en.links) <= set(en.ids)  # its table of contents and cross-references all lead somewhere
    text = (ROOT / "docs" / "manual_en.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in text
    # the same figures (the icons are inline images) and examples
    es_text = (ROOT / "docs" / "manual.html").read_text(encoding="utf-8")
    assert re.findall(r'src="(data:[^"]+)"', text) == re.findall(r'src="(data:[^"]+)"', es_text)
    assert text.count("<pre") == es_text.count("<pre") and text.count("<svg") == es_text.count("<svg")


def test_the_wheel_carries_both_manuals_where_an_installed_copy_finds_them(tmp_path):
    """What setup.py's build step puts in the wheel (the same files `pip install .` installs)."""
    build = tmp_path / "build"
    subprocess.run([sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path),  # nothing left in the checkout
                    "build_py", "--build-lib", str(build)], cwd=ROOT, check=True, capture_output=True)
    package = build / "game"
    root = paths.find_root(package)
    assert root == package / "_data"
    for language in ("es", "en"):
        shipped = paths.manual(language, root / "docs")
        assert shipped.is_file()
        assert shipped.read_bytes() == paths.manual(language).read_bytes()
    assert paths.manual("en").name == "manual_en.html" and paths.manual("es").name == "manual.html"
