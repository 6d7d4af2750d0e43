"""The builder in the real window (issue 36 item 1), driven through its event loop headless: B's
button opens the strip; a four-bar built with real clicks and drags (two supports, three bars), its
degrees of freedom read off the strip; Ctrl+Z and Ctrl+Y; Run moves it; Save puts it in My models
and the menu, from which it opens again."""

from __future__ import annotations

import pygame
import pytest
from window_helpers import button, click, click_at, drag, pump

from game.app.files.userdirs import user_folders

#: the picture of the built four-bar, kept to be looked at (the test writes it anew; the manual's)
PICTURE = "construir_cuadrilatero.png"


def ctrl(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    pump(app, 2)


def test_a_four_bar_built_with_clicks_runs_undoes_and_is_saved(app_factory, tmp_path):
    app = app_factory("pendulo_simple")
    s = app.session
    click(app, button(app, "build"))
    assert s.view.building and app.bars.icon("build") == "build_on"
    strip = app.widgets.build
    assert strip.panel is not None and {"point", "fixed", "bar", "spring", "mass", "slider", "motor", "force",
                                        "delete", "undo", "redo", "run", "save"} == set(strip.buttons)
    assert strip.label is not None and strip.label.text == "Nada puede moverse aún: añada un punto libre"
    g = s.building.builder.grid
    cx, cy = app.camera.to_model(*pygame.Rect(app.layout.viewport).center)
    cx, cy = round(cx / g) * g, round(cy / g) * g
    # in grid steps from the middle of the scene: supports 8 apart, crank 2, coupler, rocker
    O2, O4, A, B = ((cx - 4 * g, cy - 2 * g), (cx + 4 * g, cy - 2 * g), (cx - 4 * g, cy), (cx + 3 * g, cy + 3 * g))

    def at(p):
        return app.camera.to_pixels(*p)

    click(app, strip.buttons["fixed"])
    click_at(app, at(O2))
    click_at(app, at(O4))
    click(app, strip.buttons["bar"])
    for a, b in ((O2, A), (A, B), (B, O4)):
        drag(app, at(a), at(b))
        pump(app, 2)
    d = s.building.builder.drawing
    assert len(d.joints) == 4 and [p.kind for p in d.pieces] == ["bar"] * 3
    assert sum(j.fixed for j in d.joints) == 2
    assert strip.label.text == "1 grado de libertad"
    assert app.bars.title.text == "Construyendo — 1 grado de libertad"  # the top bar says it too
    ctrl(app, pygame.K_z)
    assert len(s.building.builder.drawing.pieces) == 2 and strip.label.text == "flojo: 2 grados de libertad"
    ctrl(app, pygame.K_y)
    assert s.building.builder.drawing == d and strip.label.text == "1 grado de libertad"
    pygame.image.save(app.screen, str(tmp_path / PICTURE))
    # run: the drawing is the model on screen, and it moves
    click(app, strip.buttons["run"])
    assert not s.view.building and strip.panel is None and s.model.mechanism is not None
    assert app.bars.title.text == "Un mecanismo hecho con el constructor"
    q0 = s.sim.q.copy()
    click(app, button(app, "animate"))
    pump(app, 20, dt=1 / 60)
    assert s.sim.t > 0 and (s.sim.q != q0).any()
    click(app, button(app, "animate"))
    # B again: the drawing as it was; Save writes it into My models, and the menu lists it
    click(app, button(app, "build"))
    assert s.view.building and s.building.builder.drawing == d
    click(app, app.widgets.build.buttons["save"])
    saved = sorted(user_folders().models.glob("*.dat"))
    assert [p.name for p in saved] == ["mecanismo 2.dat"]
    click(app, button(app, "menu"))
    assert app.menu is not None
    item = next(b for b in app.menu.items if b.text == "mecanismo 2")
    click(app, item, frames=4)
    assert not s.view.building and s.entry.path == saved[0] and s.model.mechanism is not None


def test_the_property_panel_takes_a_typed_mass_and_a_motor_is_put_on_a_bar(app_factory, tmp_path):
    from window_helpers import key, type_text

    app = app_factory("pendulo_simple", language="en")
    s = app.session
    click(app, button(app, "build"))
    strip = app.widgets.build
    g = s.building.builder.grid
    cx, cy = app.camera.to_model(*pygame.Rect(app.layout.viewport).center)
    cx, cy = round(cx / g) * g, round(cy / g) * g
    O, A = (cx, cy), (cx + 4 * g, cy)

    def at(p):
        return app.camera.to_pixels(*p)

    click(app, strip.buttons["fixed"])
    click_at(app, at(O))
    click(app, strip.buttons["bar"])
    drag(app, at(O), at(A))
    pump(app, 2)
    assert strip.label.text == "1 degree of freedom"
    click(app, strip.buttons["point"])
    click_at(app, at((cx + 2 * g, cy)))  # the bar's middle: selected, its numbers in the panel
    assert s.building.selected == "bar1" and strip.properties is not None and set(strip.fields) == {"mass"}
    field = strip.fields["mass"]
    assert field.get_text() == "1"
    click(app, field)
    for _ in range(3):
        key(app, pygame.K_BACKSPACE, frames=1)
    type_text(app, "3")
    key(app, pygame.K_RETURN)
    assert s.building.builder.drawing.pieces[0].number("mass") == 3.0
    assert s.view.building  # typing "3" was the field's, not a speed key
    click(app, strip.buttons["motor"])
    click_at(app, at((cx + 2 * g, cy)))
    assert [p.kind for p in s.building.builder.drawing.pieces] == ["bar", "motor"]
    assert strip.label.text == "driven by its motor (0 degrees of freedom left)"
    assert app.bars.title.text == "Building — driven by its motor (0 degrees of freedom left)"
    pygame.image.save(app.screen, str(tmp_path / "builder_panel.png"))


def test_a_bar_end_dragged_near_a_bar_shows_the_snap_and_lands_on_its_line(app_factory):
    from game.render.building import BAR, RUBBER

    app = app_factory("pendulo_simple", language="en")
    s = app.session
    click(app, button(app, "build"))
    strip = app.widgets.build
    g = s.building.builder.grid
    cx, cy = app.camera.to_model(*pygame.Rect(app.layout.viewport).center)
    cx, cy = round(cx / g) * g - 4 * g, round(cy / g) * g - 2 * g

    def at(u, v):  # grid steps from the support
        return app.camera.to_pixels(cx + u * g, cy + v * g)

    click(app, strip.buttons["fixed"])
    click_at(app, at(0, 0))
    click(app, strip.buttons["bar"])
    drag(app, at(0, 0), at(8, 4))  # the line v = u/2
    pump(app, 2)
    three_quarters = tuple(round(c) for c in at(6, 3))
    assert app.screen.get_at(three_quarters)[:3] == BAR
    # a new bar from above, its end held near the first bar, away from the grid's nodes
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(0, 4), button=1))
    pump(app, 1)
    for k in (0.5, 1.0):
        u, v = 0 + 2.6 * k, 4 + (1.2 - 4) * k
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(c) for c in at(u, v)), rel=(1, 1),
                                             buttons=(1, 0, 0)))
        pump(app, 1)
    pump(app, 1)
    mark = strip.mark(s)
    assert mark is not None and mark.snap is not None and mark.snap[0] == "line"
    assert app.screen.get_at(three_quarters)[:3] == RUBBER  # the line it will land on, lit
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(round(c) for c in at(2.6, 1.2)), button=1))
    pump(app, 2)
    d = s.building.builder.drawing
    end = d.joint(d.pieces[-1].points[1])
    assert [p.kind for p in d.pieces] == ["bar", "bar"] and len(d.joints) == 4
    assert (end.y - cy) == pytest.approx((end.x - cx) / 2, abs=1e-9)  # on the first bar's line
    assert strip.mark(s).snap is None and app.screen.get_at(three_quarters)[:3] == BAR


def test_a_bar_dragged_with_the_point_tool_moves_whole_and_ctrl_z_brings_it_back(app_factory):
    app = app_factory("pendulo_simple", language="en")
    s = app.session
    click(app, button(app, "build"))
    strip = app.widgets.build
    g = s.building.builder.grid
    cx, cy = app.camera.to_model(*pygame.Rect(app.layout.viewport).center)
    cx, cy = round(cx / g) * g, round(cy / g) * g

    def at(u, v):
        return app.camera.to_pixels(cx + u * g, cy + v * g)

    click(app, strip.buttons["fixed"])
    click_at(app, at(0, 0))
    click(app, strip.buttons["bar"])
    drag(app, at(0, 0), at(4, 0))
    drag(app, at(4, 0), at(4, 3))  # a second bar sharing the first one's end
    pump(app, 2)
    before = s.building.builder.drawing
    click(app, strip.buttons["point"])
    drag(app, at(2, 0), at(3, -2))  # the first bar, taken at its middle: one step right, two down
    pump(app, 2)
    d = s.building.builder.drawing
    place = {j.id: (round((j.x - cx) / g, 9), round((j.y - cy) / g, 9)) for j in d.joints}
    assert place == {"P1": (1, -2), "P2": (5, -2), "P3": (4, 3)}  # the second bar's far end stays
    assert d.pieces == before.pieces and s.building.selected == "bar1" and strip.properties is not None
    ctrl(app, pygame.K_z)
    assert s.building.builder.drawing == before


@pytest.mark.parametrize("size", [(1024, 768), (640, 480)])
@pytest.mark.parametrize("language", ["es", "en"])
def test_in_a_kiosk_every_tool_of_the_strip_is_on_screen_and_a_tap_chooses_it(app_factory, monkeypatch, size,
                                                                              language):
    from window_helpers import finger

    from game.app.window.display import Display

    monkeypatch.setattr(Display, "_set_mode", lambda self: pygame.display.set_mode(size))
    app = app_factory("pendulo_simple", kiosk=True, language=language)
    assert app.screen.get_size() == size
    click(app, button(app, "build"))
    s, strip = app.session, app.widgets.build
    assert strip.panel is not None and set(strip.buttons) == {"point", "fixed", "bar", "spring", "mass", "slider",
                                                              "motor", "force", "delete", "undo", "redo", "run"}
    area = pygame.Rect(app.layout.viewport)
    rects = {name: b.rect for name, b in strip.buttons.items()}
    for name, rect in rects.items():  # whole, inside the strip and the drawing area, none over another
        assert strip.panel.rect.contains(rect) and area.contains(rect), name
        assert rect.height >= 48 and rect.width >= 48, name  # finger-sized
        assert not any(rect.colliderect(r) for n, r in rects.items() if n != name), name
    assert strip.label is not None and strip.panel.rect.contains(strip.label.rect)
    assert not any(strip.label.rect.colliderect(r) for r in rects.values())
    for name in ("point", "fixed", "bar", "spring", "mass", "slider", "motor", "force", "delete"):
        at = strip.buttons[name].rect.center
        finger(app, pygame.FINGERDOWN, at)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=True))
        pump(app, 1)
        finger(app, pygame.FINGERUP, at)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=True))
        pump(app, 2)
        assert s.building.tool == name
    assert s.view.building and s.building.builder.drawing.rows == 0  # a tap on the strip drew nothing


def test_a_full_drawing_says_so_under_the_strip_and_keeps_every_row(app_factory):
    from game.app.session.building import MOST_ROWS, Builder

    app = app_factory("pendulo_simple", language="en")
    s = app.session
    click(app, button(app, "build"))
    strip, g = app.widgets.build, s.building.builder.grid
    full = Builder(grid=g)
    cx, cy = app.camera.to_model(*pygame.Rect(app.layout.viewport).center)
    anchor = full.add_point(round(cx / g) * g, round(cy / g) * g, fixed=True)
    while full.drawing.rows < MOST_ROWS:
        full.add_force(anchor)
    s.building.builder = full
    click(app, strip.buttons["fixed"])
    click_at(app, app.camera.to_pixels(cx + 3 * g, cy + 3 * g))
    assert s.building.builder.drawing.rows == MOST_ROWS
    assert strip.label.text == (f"The drawing has {MOST_ROWS} points and elements, the most a mechanism can have: "
                                "nothing was added")


def test_a_point_placed_near_where_a_bar_crosses_the_grid_or_another_bar_lands_on_the_crossing(app_factory, tmp_path):
    from game.render.building import RUBBER

    app = app_factory("pendulo_simple", language="en")
    s = app.session
    click(app, button(app, "build"))
    strip = app.widgets.build
    g = s.building.builder.grid
    cx, cy = app.camera.to_model(*pygame.Rect(app.layout.viewport).center)
    cx, cy = round(cx / g) * g - 4 * g, round(cy / g) * g - 2 * g

    def at(u, v):  # grid steps from the support
        return app.camera.to_pixels(cx + u * g, cy + v * g)

    def held(u, v):
        """The pointer held at (u, v) with the point tool's button down: where the point would land."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(c) for c in at(u, v)), rel=(1, 1),
                                             buttons=(1, 0, 0)))
        pump(app, 2)
        return strip.mark(s).snap

    click(app, strip.buttons["fixed"])
    click_at(app, at(0, 0))
    click_at(app, at(0, 6))
    click(app, strip.buttons["bar"])
    drag(app, at(0, 0), at(8, 4))  # the line v = u/2: it crosses the grid line u = 3 at v = 1.5
    drag(app, at(0, 6), at(7, 3))  # v = 6 - 3u/7: the two cross at u = 84/13
    pump(app, 2)
    click(app, strip.buttons["point"])
    before = {j.id for j in s.building.builder.drawing.joints}
    click_at(app, at(5, -1))  # a point in the open (a click on a bar would choose the bar)
    (new,) = [j for j in s.building.builder.drawing.joints if j.id not in before]

    def dropped(start, end) -> tuple:
        """The point dragged from ``start`` and held at ``end`` (the hint read and painted), then let go."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(round(c) for c in at(*start)),
                                             button=1))
        pump(app, 1)
        held((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        snap = held(*end)
        x, y = (round(c) for c in app.camera.to_pixels(*snap[1]))
        assert app.screen.get_at((x + 6, y + 6))[:3] == RUBBER  # the slanted cross of the hint
        pygame.image.save(app.screen, str(tmp_path / "crossing_hint.png"))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(round(c) for c in at(*end)), button=1))
        pump(app, 2)
        return snap

    # near where the first bar crosses the grid line u = 3 (at v = 1.5, no node)
    snap = dropped((5, -1), (3.1, 1.4))
    assert snap[0] == "crossing" and snap[3] is None
    joint = s.building.builder.drawing.joint(new.id)
    assert (joint.x, joint.y) == pytest.approx((cx + 3 * g, cy + 1.5 * g)) == snap[1]
    # near where the two bars cross
    snap = dropped((3, 1.5), (6.5, 3.3))
    assert snap[0] == "crossing" and snap[3] is not None
    joint = s.building.builder.drawing.joint(new.id)
    assert (joint.x, joint.y) == pytest.approx((cx + 84 / 13 * g, cy + 42 / 13 * g)) == snap[1]


def test_an_element_with_no_value_at_the_start_is_left_out_of_the_drawing_and_said(app_factory, tmp_path):
    """B on a mechanism whose motor's angle has no value just before t = 0 (its rate is taken there by a
    central difference): the drawing has the rest, the banner names the motor, its file does not change."""
    from game.app.files import paths

    text = (paths.MODELS / "cuadrilatero.dat").read_text(encoding="utf-8")
    odd = text.replace("<DRIVER>motor|O2|A|'th0 + w·t'</DRIVER>",
                       "<DRIVER>motor|O2|A|'th0 + w·t + 0·log(1 + t/0.0005)'</DRIVER>")  # log(-1) at t = -0.001
    assert odd != text
    path = tmp_path / "cuadrilatero_log.dat"
    path.write_text(odd, encoding="utf-8")
    app = app_factory(str(path), language="en")
    s = app.session
    click(app, button(app, "build"))
    assert s.view.building
    assert [p.id for p in s.building.builder.drawing.pieces] == ["bancada", "manivela", "biela", "balancin"]
    assert "motor had none here and was left out of the drawing" in s.banner.text
    assert "cuadrilatero_log's own file does not change" in s.banner.text
    assert path.read_text(encoding="utf-8") == odd
