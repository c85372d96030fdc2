"""Where the canvas is shown: a desktop window, a browser page, or nothing (headless).

All three offer the same small surface to `app.host`: `surface` (960 x 540, what scenes draw
on), `present()` (show the drawn canvas: on the desktop SDL scales it to the window, a cost
that grows with the window and that the quality governor counts), `set_title(text)`,
`fullscreen_available`, `toggle_fullscreen()`, `handle(event)` for window events, `away()`:
whether the user has left (a hidden browser tab), and `shown_scale()`: how many screen px one
canvas px is shown as, where the window itself knows (the desktop; in the browser the page says
it, `app.embed`), so the host lays its chrome out for that size as the frame does for its CSS
width (`Host.lay_out`: the same code for both).

Desktop: one `pygame.SCALED | pygame.RESIZABLE` window, so the canvas keeps its 960 x 540 pixels
and SDL scales and letterboxes it to any window size, mapping pointer positions back to canvas
pixels. pygame-ce scales a SCALED window by whole numbers only (a maximised 1366 x 740 window
would show the canvas at 1x with wide black bars), so we switch SDL's renderer to fractional
scaling after every mode or size change, with smooth filtering. A SCALED window may not by
default be made smaller than its canvas (SDL sets that minimum size hint); we lower it to
MIN_WINDOW, so a half-screen window on a laptop works, the canvas scaled down and letterboxed
(pointer positions still map back to canvas pixels). vsync is asked for and dropped
if the driver refuses it. The window has our own icon and the X11 class `verlet-playground`.

Browser (pygbag): a plain canvas the page scales; fullscreen goes through the page's own API
(`window.verletPage.toggleFullscreen` if the page offers it, else the document's
`requestFullscreen`), and the button is hidden where the frame may not go fullscreen.
"""

import ctypes
import glob
import os
import warnings

import pygame

from .icon import window_icon

WM_CLASS = "verlet-playground"
"""The window class desktops group and match our window by (SDL_VIDEO_X11_WMCLASS)."""
FLAGS = pygame.SCALED | pygame.RESIZABLE
MIN_WINDOW = (320, 180)
"""The smallest the desktop window may be made, px: a third of the canvas, still 16:9."""
NO_DISPLAY_DRIVERS = ("offscreen", "dummy")
"""SDL video drivers that show nothing: SDL falls back to them when a display is unreachable."""


def prepare_desktop():
    """Environment SDL reads when the display starts: call before `pygame.display.init()`."""
    os.environ["SDL_VIDEO_X11_WMCLASS"] = WM_CLASS  # pygame's import set it to the script's name
    os.environ.setdefault("PYGAME_FORCE_SCALE", "photo")  # smooth (linear) scaling, not blocky


def shows_nothing():
    """True when the started display driver cannot show a window (offscreen, dummy)."""
    return (pygame.display.get_driver() or "").lower() in NO_DISPLAY_DRIVERS


def _sdl_library():
    """The SDL2 library pygame-ce itself loaded (same file, so the same library), or None."""
    here = os.path.dirname(pygame.__file__)
    patterns = [os.path.join(here, "..", "pygame_ce.libs", "libSDL2-2*"),  # Linux wheels
                os.path.join(here, ".dylibs", "libSDL2-2*"),  # macOS wheels
                os.path.join(here, "SDL2.dll")]  # Windows wheels
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            try:
                return ctypes.CDLL(path)
            except OSError:
                continue
    return None


def fractional_scaling():
    """Let SDL scale the SCALED canvas by any factor (fill the window); False if not possible."""
    try:
        from pygame._sdl2.video import Window

        sdl = _sdl_library()
        if sdl is None:
            return False
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # from_display_module is deprecated, still works
            window_id = Window.from_display_module().id
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        sdl.SDL_GetRenderer.restype = ctypes.c_void_p
        sdl.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
        sdl.SDL_RenderSetIntegerScale.argtypes = [ctypes.c_void_p, ctypes.c_int]
        renderer = sdl.SDL_GetRenderer(sdl.SDL_GetWindowFromID(window_id))
        return bool(renderer) and sdl.SDL_RenderSetIntegerScale(renderer, 0) == 0
    except Exception:  # another pygame or SDL build: whole-number scaling still works
        return False


def allow_small_window(size=MIN_WINDOW):
    """Lower the window's minimum size hint to `size`; False if this pygame cannot."""
    try:
        from pygame._sdl2.video import Window

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # from_display_module is deprecated, still works
            Window.from_display_module().minimum_size = size
        return True
    except Exception:
        return False


class DesktopWindow:
    """The resizable, scaled desktop window."""

    fullscreen_available = True

    def __init__(self, size, title):
        pygame.display.set_icon(window_icon())
        pygame.display.set_caption(title)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer": SDL's software one still works
            try:
                self.surface = pygame.display.set_mode(size, FLAGS, vsync=1)
                self.vsync = True
            except pygame.error:  # the driver has no vsync: pace by the clock instead
                self.surface = pygame.display.set_mode(size, FLAGS)
                self.vsync = False
        self.fractional = fractional_scaling()
        allow_small_window()

    def set_title(self, text):
        pygame.display.set_caption(text)

    def present(self):
        pygame.display.flip()

    def toggle_fullscreen(self):
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return
        self.fractional = fractional_scaling()
        allow_small_window()

    def handle(self, event):
        """After a resize, maximise or restore pygame resets the scaling mode (and may reset the
        minimum size): set them again."""
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWMAXIMIZED,
                          pygame.WINDOWRESTORED):
            self.fractional = fractional_scaling()
            allow_small_window()

    def away(self):
        return False  # window focus changes arrive as events

    def shown_scale(self):
        """Screen px per canvas px: the canvas letterboxed into the window's size."""
        width, height = pygame.display.get_window_size()
        canvas_width, canvas_height = self.surface.get_size()
        return max(0.05, min(width / canvas_width, height / canvas_height))


class BrowserWindow:
    """The canvas in a pygbag page; the page's JavaScript is reached through `platform.window`."""

    def __init__(self, size, title):
        self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption(title)
        try:
            import platform

            self.js = platform.window
        except Exception:
            self.js = None
        self.fullscreen_available = self._can_go_fullscreen()
        self._had_focus = False

    def _can_go_fullscreen(self):
        try:
            page = getattr(self.js, "verletPage", None)
            if page is not None and getattr(page, "toggleFullscreen", None) is not None:
                return True
            return bool(self.js.document.fullscreenEnabled)
        except Exception:
            return False

    def set_title(self, text):
        pygame.display.set_caption(text)

    def present(self):
        pygame.display.flip()

    def toggle_fullscreen(self):
        try:
            page = getattr(self.js, "verletPage", None)
            if page is not None and getattr(page, "toggleFullscreen", None) is not None:
                page.toggleFullscreen()
            elif self.js.document.fullscreenElement:
                self.js.document.exitFullscreen()
            else:
                self.js.document.documentElement.requestFullscreen()
        except Exception:
            pass  # refused by the browser: nothing changes

    def handle(self, event):
        pass

    def shown_scale(self):
        return None  # the page or the command line says

    def away(self):
        """True when the tab is hidden, or the frame just lost the focus it had."""
        try:
            if self.js.document.hidden:
                return True
            focused = bool(self.js.document.hasFocus())
        except Exception:
            return False
        lost = self._had_focus and not focused
        self._had_focus = focused
        return lost


class HeadlessWindow:
    """No window: an offscreen surface, as `--headless` draws exactly like the live loop."""

    fullscreen_available = True  # drawn as on the desktop, so screenshots show the same toolbar

    def __init__(self, size, title=""):
        self.surface = pygame.Surface(size)
        self.title = title
        self.fullscreen = False

    def set_title(self, text):
        self.title = text

    def present(self):
        pass  # nothing is shown: the surface is the picture

    def toggle_fullscreen(self):
        self.fullscreen = not self.fullscreen

    def handle(self, event):
        pass

    def shown_scale(self):
        return None  # the page or the command line says

    def away(self):
        return False
