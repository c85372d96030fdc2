"""A picture of what an X server shows: the pixels of a screen rectangle, read with libX11's
XGetImage through ctypes (no xwd or ImageMagick needed), as a pygame Surface.

    picture = capture(":3", (x, y, width, height))   # a 24-bit TrueColor screen (Xvfb's)
    pygame.image.save(picture, "window.png")
"""

import ctypes
import ctypes.util

import pygame

Z_PIXMAP = 2
ALL_PLANES = ctypes.c_ulong(0xFFFFFFFF)


class _XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_char)),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


def _library():
    path = ctypes.util.find_library("X11") or "libX11.so.6"
    x11 = ctypes.CDLL(path)
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XGetImage.restype = ctypes.POINTER(_XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    x11.XFree.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    return x11


def capture(display, rect):
    """The screen's pixels inside `rect` (x, y, width, height) on `display`, as a Surface."""
    x11 = _library()
    handle = x11.XOpenDisplay(display.encode())
    if not handle:
        raise RuntimeError(f"cannot open X display {display}")
    try:
        x, y, width, height = rect
        image = x11.XGetImage(handle, x11.XDefaultRootWindow(handle), x, y, width, height,
                              ALL_PLANES, Z_PIXMAP)
        if not image:
            raise RuntimeError(f"XGetImage failed for {rect} on {display}")
        frame = image.contents
        if frame.bits_per_pixel != 32:
            raise RuntimeError(f"{frame.bits_per_pixel}-bit pixels: expected a 24-bit screen")
        raw = ctypes.string_at(frame.data, frame.bytes_per_line * frame.height)
        rows = b"".join(raw[row * frame.bytes_per_line:row * frame.bytes_per_line + width * 4]
                        for row in range(height))
        x11.XFree(frame.data)
        x11.XFree(image)
        rgb = bytearray(width * height * 3)  # X's pixels are B, G, R and a byte of padding
        rgb[0::3], rgb[1::3], rgb[2::3] = rows[2::4], rows[1::4], rows[0::4]
        return pygame.image.frombuffer(bytes(rgb), (width, height), "RGB").copy()
    finally:
        x11.XCloseDisplay(handle)
