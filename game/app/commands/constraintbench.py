"""``python main.py bench --constraints``: what CONSTRAINTS cost (SPEC §7.8, goal: within 2× of
the same model written without them).

Each shipped constrained model against the same motion with its constraint eliminated by hand, as
a student would write it first: the Atwood machine in y1 alone (y2 = L − y1), the rolling disc in x
alone (th = x/r, T = m + I/r²). Substeps per second of processor time (the best of a few rounds,
the two taken in turns, so a busy machine slows both alike), their ratio, and a check that both
compute the same motion.
"""

from __future__ import annotations

import builtins
import sys
import tempfile
import time
from pathlib import Path
from typing import TextIO

from ...model import load_model, read_model
from ...physics import Simulation
from ..files import paths

FREE_ATWOOD = """<GENERAL>
escala=90
dt=0.01
N=10
nQ=1
</GENERAL>
<PARAMETERS>
<P>g|9.81|gravity</P>
<P>m1|1.02|left mass</P>
<P>m2|1|right mass</P>
<P>L|3|rope</P>
</PARAMETERS>
<CIs>
<CI>y1|1.8|left mass hangs</CI>
<CI>v1|-0.485|its speed</CI>
</CIs>
<TMATRIX>
<T>0,0|'m1 + m2'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·(m1 + m2)·v1²</Ek>
<Ep>-m1·g·y1 - m2·g·(L - y1)</Ep>
</ENERGIES>
<GRAPHICS>
<G>C|B1|0.1|'-0.3'|'-y1'|'0'|'-v1'|1|-1|0</G>
</GRAPHICS>
"""

FREE_DISC = """<GENERAL>
escala=60
dt=0.01
N=10
nQ=1
</GENERAL>
<PARAMETERS>
<P>g|9.81|gravity</P>
<P>m|2|mass</P>
<P>r|0.5|radius</P>
<P>I|½·m·r²|moment of inertia</P>
<P>alfa|pi/36|slope</P>
</PARAMETERS>
<CIs>
<CI>x|0|down the plane</CI>
<CI>vx|-2.85|its velocity</CI>
</CIs>
<TMATRIX>
<T>0,0|'m + I/r²'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·(m + I/r²)·vx²</Ek>
<Ep>-m·g·sin(alfa)·x</Ep>
</ENERGIES>
<GRAPHICS>
<G>C|disco|'r'|'x·cos(alfa)'|'-x·sin(alfa)'|'vx·cos(alfa)'|'-vx·sin(alfa)'|1|-1|0</G>
</GRAPHICS>
"""

#: (shipped model, the same written without constraints)
PAIRS = (("maquina_atwood", FREE_ATWOOD), ("disco_rodando", FREE_DISC))


def _rate(sim: Simulation, seconds: float) -> float:
    """Substeps per second of processor time over ``seconds`` of simulated time."""
    steps = round(seconds / sim.model.general.dt)
    start = time.process_time()
    for _ in range(steps):
        sim.step()
    return steps * sim.model.general.n_substeps / max(time.process_time() - start, 1e-9)


def bench_constraints(quick: bool = False, out: TextIO | None = None) -> int:
    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    seconds, rounds = (1.0, 3) if quick else (3.0, 7)
    print(f"CONSTRAINTS against the same motion without them: best of {rounds} rounds of {seconds:g} simulated s")
    print(f"{'model':<16}{'constrained':>13}{'free':>11}{'ratio':>8}{'|Δq| at the end':>18}   (substeps/s)")
    with tempfile.TemporaryDirectory() as folder:
        for stem, text in PAIRS:
            path = Path(folder) / f"{stem}_free.dat"
            path.write_text(text, encoding="utf-8")
            constrained, free = load_model(paths.MODELS / f"{stem}.dat"), read_model(path)
            best_c = best_f = 0.0
            for _ in range(rounds):
                sc, sf = Simulation(constrained), Simulation(free)
                best_c = max(best_c, _rate(sc, seconds))
                best_f = max(best_f, _rate(sf, seconds))
            apart = abs(float(sc.q[0]) - float(sf.q[0]))
            print(f"{stem:<16}{best_c:>13,.0f}{best_f:>11,.0f}{best_f / best_c:>7.2f}×{apart:>18.1e}")
    return 0
