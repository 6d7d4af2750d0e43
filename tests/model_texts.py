"""Small model texts used by several tests."""

import itertools

SLIDING = """<GENERAL>
escala=90
Ox=0
Oy=-60
dt=0.02
N=20
nQ=2
</GENERAL>
<PARAMETERS>
<P>g|9.81|aceleración de la gravedad</P>
<P>M|2|masa del bloque</P>
<P>m|1|masa pendular</P>
<P>l|1.5|longitud de la barra</P>
<P>mgl|m·g·l|abreviatura</P>
</PARAMETERS>
<CIs>
<CI>x|0|posición del bloque</CI>
<CI>a|pi/8|ángulo de la barra</CI>
<CI>vx|0|velocidad del bloque</CI>
<CI>va|0|velocidad angular de la barra</CI>
</CIs>
<TMATRIX>
<T>0,0|'M+m'</T>
<T>0,1|'m·l·cos(a)'</T>
<T>1,0|'m·l·cos(a)'</T>
<T>1,1|'m·l²'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·(M+m)·vx² + m·l·cos(a)·vx·va + ½·m·l²·va²</Ek>
<Ep>-mgl·cos(a)</Ep>
</ENERGIES>
<GRAPHICS>
<G>Blk|B1|0.8|0.4|'x'|'1'|'0'|'vx'|'0'|'0'|1|-1</G>
<G>Bar|b0|0.06|'l'|Obj[B1,_x]|Obj[B1,_y]|'a'|Obj[B1,_vx]|Obj[B1,_vy]|'va'|1|B1</G>
<G>C|C1|0.15|Obj[b0,_xf]|Obj[b0,_yf]|Obj[b0,_vxf]|Obj[b0,_vyf]|0|b0|1</G>
</GRAPHICS>
"""


def one_coordinate(T: str, ek: str, ep: str, *, params: str = "<P>m|1|masa</P>",
                   x0: str = "0", v0: str = "0", dt: str = "0.01", n: str = "10", extra: str = "") -> str:
    """A one-coordinate model (x, vx) with the given T, Ek and Ep."""
    return f"""<GENERAL>
escala=100
Ox=0
Oy=0
dt={dt}
N={n}
nQ=1
</GENERAL>
<PARAMETERS>
{params}
</PARAMETERS>
<CIs>
<CI>x|{x0}|posición</CI>
<CI>vx|{v0}|velocidad</CI>
</CIs>
<TMATRIX>
<T>0,0|'{T}'</T>
</TMATRIX>
<ENERGIES>
<Ek>{ek}</Ek>
<Ep>{ep}</Ep>
</ENERGIES>
{extra}
<G>C|C1|0.1|'x'|'0'|'vx'|'0'|1|-1|1</G>
"""


def cradle(balls: int, lifted: int) -> str:
    """A Newton's cradle of ``balls`` pendulums (l = 1, r = 0.1, e = 1) with the first ``lifted``
    ones raised to −30° (they start touching each other, as the others do)."""
    names = [f"θ{i}" for i in range(1, balls + 1)]
    rows = [f"<CI>{n}|{'-pi/6' if i < lifted else '0'}|ángulo</CI>" for i, n in enumerate(names)]
    rows += [f"<CI>v{n}|0|velocidad angular</CI>" for n in names]
    tm = [f"<T>{i},{i}|'m·l²'</T>" for i in range(balls)]
    contacts = [f"<K>b{i}|'sqrt((2·r + l·sin({b}) - l·sin({a}))² + (l·cos({a}) - l·cos({b}))²) - 2·r'|'1'|'0'|'0'|</K>"
                for i, (a, b) in enumerate(itertools.pairwise(names))]
    bars = [f"<G>Bar|h{i}|0.02|'l'|'{2 * i}·r'|'0'|'{n}'|'0'|'0'|'v{n}'|1|-1</G>" for i, n in enumerate(names)]
    return "\n".join([
        "<GENERAL>", "escala=200", "Ox=0", "Oy=0", "dt=0.02", "N=10", f"nQ={balls}", "</GENERAL>",
        "<PARAMETERS>", "<P>g|9.81|gravedad</P>", "<P>m|1|masa</P>", "<P>l|1|hilo</P>", "<P>r|0.1|radio</P>",
        "</PARAMETERS>", "<CIs>", *rows, "</CIs>", "<TMATRIX>", *tm, "</TMATRIX>", "<ENERGIES>",
        "<Ek>½·m·l²·(" + " + ".join(f"v{n}²" for n in names) + ")</Ek>",
        "<Ep>-m·g·l·(" + " + ".join(f"cos({n})" for n in names) + ")</Ep>", "</ENERGIES>",
        "<CONTACTS>", *contacts, "</CONTACTS>", *bars]) + "\n"


#: a ball at 50 m/s toward a wall 0.1 thick, one substep of 0.02 s a step: it would cross the wall inside a
#: substep, both ends outside it (tests of the pass-through check, plain and native)
THIN_WALL = """<GENERAL>
escala=100
Ox=0
Oy=0
dt=0.02
N=1
nQ=1
</GENERAL>
<PARAMETERS>
<P>m|1|masa</P>
<P>r|0.1|radio</P>
</PARAMETERS>
<CIs>
<CI>x|-0.55|posición</CI>
<CI>vx|50|velocidad</CI>
</CIs>
<TMATRIX>
<T>0,0|'m'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·m·vx²</Ek>
<Ep>0</Ep>
</ENERGIES>
<CONTACTS>
<K>muro|'max(-x, x - 0.1) - r'|'1'|'0'|'0'|a wall 0.1 thick between x = 0 and x = 0.1</K>
</CONTACTS>
<G>C|C1|'r'|'x'|'0'|'vx'|'0'|1|-1|1</G>
<G>Blk|muro|0.1|1|'0.05'|'0'|'0'|'0'|'0'|'0'|0|-1</G>
"""
