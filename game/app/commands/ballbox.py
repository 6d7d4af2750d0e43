"""A box of k balls as model text: the shipped ``caja_bolas.dat`` (k = 10) and the boxes
``bench --contacts`` measures (how a step's cost grows with the number of contacts).

Every ball has coordinates x, y; each one has a contact with each of the four walls and
each pair of balls has one: 4·k + k·(k − 1)/2 contacts. Positions on a grid, speeds
from a fixed seed, so the same k always gives the same file.
"""

from __future__ import annotations

import math
import random


def contacts_in_box(k: int) -> int:
    return 4 * k + k * (k - 1) // 2


def ball_box(k: int = 10, seed: int = 3, g: float = 0.0, e: float = 1.0, half_width: float = 1.5) -> str:
    """The model text of a square box with ``k`` balls (1 ≤ k ≤ 28: a model has at most 500 contacts): a gas in miniature, or
    with gravity ``g`` and restitution ``e`` < 1, a pile of frictionless balls on its floor."""
    if not 1 <= k <= 28:
        raise ValueError("a box holds from 1 to 28 balls")
    pick = random.Random(seed)
    side = math.ceil(math.sqrt(k))
    spacing = 2.4 / side
    what = ("sin gravedad y con choques elásticos: un gas en miniatura" if g == 0 and e == 1 else
            f"con g = {g:g} y e = {e:g}, sin fricción: se amontonan en el fondo")
    lines = [
        f"# Una caja con {k} bolas iguales, {what}.",
        "# Cada bola choca con las cuatro paredes y con cada una de las otras: "
        f"{contacts_in_box(k)} contactos.",
        "# La energía se conserva (Eloss = 0 con e = 1); con g > 0 y e < 1 las bolas se amontonan en el fondo.",
        "# Hecho con tools/make_ball_box.py.",
        "<GENERAL>", "escala=150", "Ox=0", "Oy=0", "dt=0.02", "N=10", f"nQ={2 * k}", "</GENERAL>",
        "<PARAMETERS>",
        f"<P>g|{g:g}|aceleración de la gravedad (0: un gas sin peso)|en: acceleration of gravity (0: a weightless gas)</P>",
        "<P>m|1|masa de cada bola|en: mass of each ball</P>",
        "<P>r|0.1|radio de las bolas|en: radius of the balls</P>",
        f"<P>L|{half_width:g}|media anchura de la caja|en: half width of the box</P>",
        f"<P>e|{e:g}|restitución de todos los choques|en: restitution of every impact</P>",
        "<P>mu|0|fricción de todos los choques|en: friction of every impact</P>",
        "</PARAMETERS>", "<CIs>",
    ]
    xs, vs = [], []
    for i in range(k):
        row, col = divmod(i, side)
        xs.append(((col + 0.5) * spacing - 1.2, 1.2 - (row + 0.5) * spacing))
        angle = pick.uniform(0, 2 * math.pi)
        speed = pick.uniform(0.8, 2.0)
        vs.append((speed * math.cos(angle), speed * math.sin(angle)))
    for i, (x, y) in enumerate(xs, 1):
        lines += [f"<CI>x{i}|{x:.4f}|bola {i}: x|en: ball {i}: x</CI>", f"<CI>y{i}|{y:.4f}|bola {i}: y|en: ball {i}: y</CI>"]
    for i, (vx, vy) in enumerate(vs, 1):
        lines += [f"<CI>vx{i}|{vx:.4f}|bola {i}: vx|en: ball {i}: vx</CI>", f"<CI>vy{i}|{vy:.4f}|bola {i}: vy|en: ball {i}: vy</CI>"]
    lines += ["</CIs>", "<TMATRIX>", *(f"<T>{j},{j}|'m'</T>" for j in range(2 * k)), "</TMATRIX>", "<ENERGIES>",
              "<Ek>½·m·(" + " + ".join(f"vx{i}² + vy{i}²" for i in range(1, k + 1)) + ")</Ek>",
              "<Ep>m·g·(" + " + ".join(f"y{i}" for i in range(1, k + 1)) + ")</Ep>", "</ENERGIES>", "<CONTACTS>"]
    for i in range(1, k + 1):
        lines += [f"<K>izq{i}|'x{i} - r + L'|'e'|'mu'|'vy{i}'|bola {i} y pared izquierda</K>",
                  f"<K>der{i}|'L - r - x{i}'|'e'|'mu'|'vy{i}'|bola {i} y pared derecha</K>",
                  f"<K>abajo{i}|'y{i} - r + L'|'e'|'mu'|'vx{i}'|bola {i} y fondo</K>",
                  f"<K>arriba{i}|'L - r - y{i}'|'e'|'mu'|'vx{i}'|bola {i} y tapa</K>"]
    for i in range(1, k + 1):
        for j in range(i + 1, k + 1):
            dx, dy = f"(x{i} - x{j})", f"(y{i} - y{j})"
            distance = f"sqrt({dx}² + {dy}²)"
            lines.append(f"<K>b{i}_{j}|'{distance} - 2·r'|'e'|'mu'|"
                         f"'({dx}·(vy{i} - vy{j}) - {dy}·(vx{i} - vx{j}))/{distance}'|bolas {i} y {j}</K>")
    lines += ["</CONTACTS>", "<GRAPHICS>",
              "<G>Blk|tapa|'2·L + 0.3'|0.15|'0'|'L + 0.075'|'0'|'0'|'0'|'0'|0|-1</G>",
              "<G>Blk|fondo|'2·L + 0.3'|0.15|'0'|'-L - 0.075'|'0'|'0'|'0'|'0'|0|-1</G>",
              "<G>Blk|pared1|0.15|'2·L'|'-L - 0.075'|'0'|'0'|'0'|'0'|'0'|0|-1</G>",
              "<G>Blk|pared2|0.15|'2·L'|'L + 0.075'|'0'|'0'|'0'|'0'|'0'|0|-1</G>"]
    for i in range(1, k + 1):
        lines.append(f"<G>C|C{i}|'r'|'x{i}'|'y{i}'|'vx{i}'|'vy{i}'|1|-1|{1 if i == 1 else 0}</G>")
    lines.append("</GRAPHICS>")
    return "\n".join(lines) + "\n"


def pymunk_rate(k: int, seconds: float, substep: float = 0.002, seed: int = 3, half_width: float = 1.5) -> float | None:
    """Substeps per second of processor time of the same box of k balls (a gas) in pymunk, a game
    engine's fixed steps of ``substep`` with elastic circles and walls: the yardstick of issue 33
    (bench --contacts). None if pymunk is not installed (it is in the test extras)."""
    try:
        import pymunk
    except ImportError:
        return None
    import time

    space = pymunk.Space()
    L, r = half_width, 0.1
    for a, b in (((-L, -L), (-L, L)), ((L, -L), (L, L)), ((-L, -L), (L, -L)), ((-L, L), (L, L))):
        wall = pymunk.Segment(space.static_body, a, b, 0.0)
        wall.elasticity, wall.friction = 1.0, 0.0
        space.add(wall)
    pick = random.Random(seed)
    side = math.ceil(math.sqrt(k))
    spacing = 2.4 / side
    for i in range(k):
        row, col = divmod(i, side)
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, r))
        body.position = ((col + 0.5) * spacing - 1.2, 1.2 - (row + 0.5) * spacing)
        angle, speed = pick.uniform(0, 2 * math.pi), pick.uniform(0.8, 2.0)
        body.velocity = (speed * math.cos(angle), speed * math.sin(angle))
        ball = pymunk.Circle(body, r)
        ball.elasticity, ball.friction = 1.0, 0.0
        space.add(body, ball)
    steps = round(seconds / substep)
    start = time.process_time()
    for _ in range(steps):
        space.step(substep)
    return steps / (time.process_time() - start)
