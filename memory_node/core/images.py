"""Checks on client-supplied JPEG crops, made on the header before anything decodes them.

A JPEG's size on the wire says nothing about its size decoded: 1 MB of entropy-coded data
can declare 16000 x 16000 pixels (768 MB of RGB), and whoever decodes it later (recall's
colour naming, a VLM request) pays that. Pillow's `Image.open` parses only the markers up to
the first scan, so the declared dimensions are known without decoding a pixel.
"""

from __future__ import annotations

import io
import struct

from memory_node.core.limits import LIMITS, Limits


def jpeg_size(data: bytes) -> tuple[int, int]:
    """(width, height) declared by a JPEG's header; ValueError if `data` is not a JPEG.

    The JPEG plugin is used directly: `Image.open` would add Pillow's own bomb check, which
    raises before telling the size; the limit is ours to apply (`check_jpeg`).
    """
    # Pillow's JPEG plugin (~75 ms of CPU to import) is imported at the first check, not
    # with this module: a memory server's start to its first recall needs no crop (round 45).
    from PIL import JpegImagePlugin

    try:
        with JpegImagePlugin.JpegImageFile(io.BytesIO(data)) as image:
            return int(image.width), int(image.height)
    except (OSError, SyntaxError, ValueError, struct.error) as exc:
        raise ValueError(f"image is not a JPEG ({type(exc).__name__})") from exc


def check_jpeg(data: bytes, limits: Limits = LIMITS) -> tuple[int, int]:
    """`data`'s declared (width, height), or ValueError when it is not a JPEG or is
    larger, in bytes or in decoded pixels, than `limits` allow."""
    if len(data) > limits.max_image_bytes:
        raise ValueError(f"image is {len(data)} bytes (max {limits.max_image_bytes})")
    width, height = jpeg_size(bytes(data))
    if width <= 0 or height <= 0:
        raise ValueError(f"image declares {width}x{height} pixels")
    if max(width, height) > limits.max_image_side or width * height > limits.max_image_pixels:
        raise ValueError(f"image declares {width}x{height} pixels (max "
                         f"{limits.max_image_pixels} pixels, {limits.max_image_side} a side)")
    return width, height
