"""Mechanism files used by several tests (the shipped ones are in models/)."""

#: every kind of row: a crank swung by a motor, a bar with its own inertia, a collar sliding on
#: it held by a damped spring, a block on a fixed guide, point masses, an applied force; two
#: degrees of freedom
EVERYTHING = """<GENERAL>
escala=100
dt=0.01
N=5
</GENERAL>
<PARAMETERS>
<P>g|9.81|gravedad</P>
<P>k|20|resorte</P>
</PARAMETERS>
<MECHANISM>
<GRAVITY>'g'</GRAVITY>
<POINT>O|0|0|0|0|1</POINT>
<POINT>S|1|1|0|0|1</POINT>
<POINT>R1|-1|-2|0|0|1</POINT>
<POINT>R2|2|-2|0|0|1</POINT>
<POINT>A|0|-0.5|0.8|0|0</POINT>
<POINT>B|0.8|-1.2|0|0.3|0</POINT>
<POINT>C|0.4|-0.85|0|0|0</POINT>
<POINT>D|0.9|-2|0|0|0</POINT>
<BAR>manivela|O|A|0.4</BAR>
<BAR>barra|A|B|2|0.3|0.05</BAR>
<BAR>tirante|B|D|0.7|''|0.03</BAR>
<SLIDER>collar|C|A|B</SLIDER>
<SLIDER>bloque|D|R1|R2</SLIDER>
<MASS>mc|C|0.5|0.05</MASS>
<MASS>md|D|1.2|0.06</MASS>
<SPRING>resorte|S|C|k|''|0.3</SPRING>
<DRIVER>motor|O|A|'-pi/2 + 0.4·sin(2·t)'</DRIVER>
<FORCE>B|'-0.2·B_vx + 0.1·sin(t)'|'0.05·B_x'</FORCE>
</MECHANISM>
"""


def free_four_bar(dt: str = "0.01", n: str = "5") -> str:
    """The shipped four-bar (ground 40, crank 10, coupler 35, rocker 30) without its motor."""
    from project import MODELS

    text = (MODELS / "cuadrilatero.dat").read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("<DRIVER>"))
    return text.replace("dt=0.01", f"dt={dt}").replace("N=5", f"N={n}")


def mechanism(rows: str, parameters: str = "", general: str = "dt=0.01\nN=5") -> str:
    """A mechanism file with these rows in its MECHANISM block."""
    return (f"<GENERAL>\n{general}\n</GENERAL>\n<PARAMETERS>\n{parameters}\n</PARAMETERS>\n"
            f"<MECHANISM>\n{rows}\n</MECHANISM>\n")


def read_rows(*rows: tuple[str, ...]):
    """``<MECHANISM>`` rows read as the reader hands them over, each (tag, cell, cell …) on its own
    line from line 2, cell k at column 10·k: the rows read, and the problems as "line:column text"."""
    from game.expr import Location
    from game.model.mechanism import MechanismRows

    found: list[str] = []
    read = MechanismRows(lambda message, where: found.append(f"{where.line}:{where.column} {message}"))
    for line, (tag, *cells) in enumerate(rows, start=2):
        read.row(tag, [(c, Location("m.dat", line, 10 * (k + 1))) for k, c in enumerate(cells)],
                 Location("m.dat", line, 1))
    return read, found


def where_points(**places: tuple[float, float]):
    """``distance`` and ``tiny`` as the checks at the file's positions hand them to a row."""
    import math

    def distance(a: str, b: str) -> float:
        return math.dist(places[a], places[b])

    def tiny(*points: str) -> float:
        return 1e-9 * max([1.0, *(abs(v) for p in points for v in places[p])])

    return distance, tiny


def everything_system(write_model):
    """The engine's system of :data:`EVERYTHING`, and its elements by id: each kind's terms tried
    on one mechanism with every kind of row."""
    from game.model import load_model, parameter_values
    from game.physics.mechanism import MechanismSystem

    model = load_model(write_model(EVERYTHING))
    system = MechanismSystem(model, parameter_values(model))
    return system, {e.id or f"{e.tag} {e.points[0]}": e for e in system.mechanism.elements}


def tree_value(system, tree, q=None, v=None, t: float = 0.0) -> float:
    """A tree of the engine's (t, q, q̇) evaluated at the file's start (or at ``q``, ``v``)."""
    from game.expr import evaluate
    from game.model import condition_values

    values = condition_values(system.model, system.parameters)
    env = {**system.parameters, "t": t, **values}
    if q is not None:
        env.update(zip(system.coordinates, q))
    if v is not None:
        env.update(zip(system.velocities_names, v))
    return evaluate(tree, env)


def start_of(system):
    """q and q̇ as the file writes them (numpy arrays)."""
    import numpy as np

    from game.model import condition_values

    values = condition_values(system.model, system.parameters)
    return (np.array([values[c] for c in system.coordinates]), np.array([values[v] for v in system.velocities_names]))
