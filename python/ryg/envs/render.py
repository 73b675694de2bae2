"""The board as an RGB image (``render_mode="rgb_array"``), drawn with NumPy alone."""

from __future__ import annotations

import numpy as np

from ryg._ryg import Position

LIGHT = (240, 217, 181)
DARK = (181, 136, 99)
MOUSE = (250, 250, 250)
CATS = (25, 25, 25)
CELL = 32  # pixels per square


def board_image(position: Position, cell: int = CELL) -> np.ndarray:
    """An ``(N*cell, N*cell, 3)`` uint8 image of ``position``, rank N at the top as in
    ``str(position)``: dark and light squares, the mouse a white disc, the cats black discs."""
    n = position.size
    ranks, files = np.indices((n, n))
    dark = (ranks + files) % 2 == 0  # a1 (rank 0, file 0) is dark
    colours = np.where(dark[..., None], np.array(DARK, np.uint8), np.array(LIGHT, np.uint8))
    image = np.repeat(np.repeat(colours, cell, axis=0), cell, axis=1)
    y, x = np.indices((cell, cell)) + 0.5 - cell / 2
    disc = x * x + y * y <= (0.38 * cell) ** 2
    planes = position.planes()
    for plane, colour in ((0, MOUSE), (1, CATS)):
        for rank, file in zip(*np.nonzero(planes[plane])):
            block = image[rank * cell : (rank + 1) * cell, file * cell : (file + 1) * cell]
            block[disc] = colour
    return np.ascontiguousarray(image[::-1])  # rank N on top
