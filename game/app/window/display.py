"""The window itself: its size, full screen and back, its icon, its smallest size; and
the manual, which a window opens in the system's browser.

pygame's ``toggle_fullscreen`` is not available everywhere (not under the dummy
driver, nor on some window managers) and, where it is, leaving full screen can
keep the desktop's size. So full screen is a new display mode and leaving it
asks for the size the window had before.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import warnings
import webbrowser
from collections.abc import Callable
from pathlib import Path

import pygame

from ...messages import Message, msg
from ...render import Scene, draw_frame, standard_layers
from ...ui.layout import MIN_SIZE
from ..files import paths
from ..files.writing import write_file

#: the window's class for the window manager (its rules match it), a kiosk's its own: otherwise SDL
#: names the window after the program that started it ("-c", "python3")
WINDOW_CLASS = "cuerpos-en-movimiento"
KIOSK_CLASS = "cuerpos-en-movimiento-kiosk"


def name_the_application(kiosk: bool) -> None:
    """The window's class, read by SDL when the display starts. An administrator's own, set in the
    environment, is kept; the program's name, which ``import pygame`` puts there under X, is not."""
    ours = (None, "", WINDOW_CLASS, KIOSK_CLASS, os.path.basename(sys.argv[0]))
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if os.environ.get(variable) in ours:
            os.environ[variable] = KIOSK_CLASS if kiosk else WINDOW_CLASS
    os.environ.setdefault("SDL_APP_NAME", "Cuerpos en Movimiento")


class Display:
    def __init__(self, size: tuple[int, int], fullscreen: bool, kiosk: bool = False) -> None:
        name_the_application(kiosk)
        # only what the program uses: pygame.init() would also open a sound device (the program has
        # no sound; a machine without a sound card complains on stderr) and take 30 ms to close it
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(msg("window.title_kiosk" if kiosk else "window.title").text())
        icon = paths.ASSETS / "icons" / "app.png"
        if icon.is_file():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        #: the size to come back to when leaving full screen
        self.windowed = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.fullscreen = fullscreen
        self.screen = self._set_mode()

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed, pygame.RESIZABLE)
        self._tell_minimum()
        return screen

    @staticmethod
    def _tell_minimum() -> None:
        """The window manager will not let the window shrink below what the layout is made for."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # the display module's window is meant
            window = pygame.Window.from_display_module()
        window.minimum_size = MIN_SIZE

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resized(self, size: tuple[int, int]) -> tuple[int, int]:
        """The user resized the window to ``size``; returns the size the layout is made for."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.fullscreen:
            self.windowed = size
        return size

    def toggle_fullscreen(self) -> pygame.Surface:
        """Full screen, or back to the window's size before it."""
        self.fullscreen = not self.fullscreen
        self.screen = self._set_mode()
        return self.screen


#: the events by which SDL says the window has a new size (pygame's own, and SDL 2's two)
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)


def resized_to(event: pygame.event.Event) -> tuple[int, int] | None:
    """The window's new size if ``event`` says it was resized, else None."""
    if event.type == pygame.VIDEORESIZE:
        return (event.w, event.h)
    if event.type in RESIZE_EVENTS:
        return (event.x, event.y)
    return None


def browser_command(uri: str) -> list[str] | None:
    """The command the system's default browser opens ``uri`` with, where it is one (xdg-open, a
    browser named in $BROWSER); None where it is not (Windows, macOS, no browser found)."""
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return None
    if not isinstance(browser, webbrowser.GenericBrowser):
        return None
    return [browser.name, *(a.replace("%s", uri) for a in browser.args)]


#: seconds a browser's launcher has to fail in before it is taken to have opened the manual
LAUNCH_SECONDS = 10.0


def open_manual(kiosk: bool, language: str, failed: Callable[[Message], None] = lambda said: None) -> Message:
    """Open the shipped manual in ``language`` in the system's browser; the banner's words either
    way. ``webbrowser.open`` says yes as soon as a launcher like xdg-open has started, even when it
    then finds no browser: where the browser is such a command, it is run here and watched, and if
    it fails ``failed`` hears the words that say so (from another thread: the window keeps
    drawing meanwhile). The banner always gives the manual's path. A kiosk opens none: a browser
    over the scene could not be closed by a visitor."""
    manual = paths.manual(language).resolve()
    if kiosk:
        return msg("banner.manual_kiosk", path=str(manual))
    no_browser = msg("banner.no_browser", path=str(manual))
    command = browser_command(manual.as_uri())
    if command is None:
        try:
            opened = webbrowser.open(manual.as_uri())
        except webbrowser.Error:
            opened = False
        return msg("banner.manual_opening", path=str(manual)) if opened else no_browser
    try:
        launched = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return no_browser

    def watch() -> None:
        try:
            code = launched.wait(LAUNCH_SECONDS)
        except subprocess.TimeoutExpired:
            return  # still running: a browser that stays in the foreground
        if code != 0:
            failed(no_browser)

    threading.Thread(target=watch, daemon=True).start()
    return msg("banner.manual_opening", path=str(manual))


def save_view(size: tuple[int, int], scene: Scene, viewport: tuple[int, int, int, int],
              path: Path) -> tuple[Path | None, str | None]:
    """Paint ``scene`` off-screen and save its drawing area to ``path``: (path, None), or
    (None, why not)."""
    image = pygame.Surface(size)
    draw_frame(image, scene, standard_layers(cached=False))
    try:
        save_image(image.subsurface(pygame.Rect(viewport)), path)
    except (pygame.error, OSError) as exc:
        return None, str(exc)
    return path, None


def save_image(image: pygame.Surface, path: str | Path) -> None:
    """``image`` as ``path`` (its format by its ending, as pygame chooses), written safely
    (:mod:`game.app.files.writing`); pygame.error or OSError when it cannot be."""
    encoded = io.BytesIO()
    pygame.image.save(image, encoded, Path(path).name)
    write_file(path, encoded.getvalue())
