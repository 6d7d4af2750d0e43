"""The words of the builder (game/app/session/building.py, game/app/window/buildtray.py): what it
refuses and why, the degrees of freedom in words, its tools."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "build.cannot_run": ("It cannot run yet: {reason}", "Aún no puede moverse: {reason}"),
    "build.file_name": ("mechanism", "mecanismo"),
    "build.tool.point": ("Point", "Punto"),
    "build.tool.fixed": ("Fixed", "Fijo"),
    "build.tool.bar": ("Bar", "Barra"),
    "build.tool.spring": ("Spring", "Muelle"),
    "build.tool.mass": ("Mass", "Masa"),
    "build.tool.delete": ("Delete", "Borrar"),
    "build.tool.undo": ("Undo", "Deshacer"),
    "build.tool.redo": ("Redo", "Rehacer"),
    "build.tool.run": ("Run", "Mover"),
    "build.tool.save": ("Save", "Guardar"),
    "build.tip.point": (
        "Click to put a point (on the grid); drag a point onto another to join them; click an element for its "
        "numbers, drag it to move it",
        "Pulse para poner un punto (en la rejilla); arrastre un punto sobre otro para unirlos; "
        "pulse un elemento para ver sus números, arrástrelo para moverlo"),
    "build.tip.fixed": ("Click to put a fixed point (a support), or to pin a point",
                        "Pulse para poner un punto fijo (un apoyo), o para fijar un punto"),
    "build.tip.bar": ("Drag from one point to another: a rigid bar with its mass",
                      "Arrastre de un punto a otro: una barra rígida con su masa"),
    "build.tip.spring": ("Drag from one point to another: a spring, its rest length as drawn",
                         "Arrastre de un punto a otro: un muelle, con su longitud natural la dibujada"),
    "build.tip.mass": ("Click a point: a point mass on it", "Pulse un punto: una masa puntual en él"),
    "build.tip.delete": ("Click a point or an element to delete it", "Pulse un punto o un elemento para borrarlo"),
    "build.tip.undo": ("Undo the last action (Ctrl+Z)", "Deshacer la última acción (Ctrl+Z)"),
    "build.tip.redo": ("Redo (Ctrl+Y)", "Rehacer (Ctrl+Y)"),
    "build.tip.run": ("Run the drawing (B builds again)", "Mover el dibujo (B vuelve a construir)"),
    "build.tip.save": ("Save the drawing in My models", "Guardar el dibujo en Mis modelos"),
    "build.slider_how": ("Slider: drag from a point onto a bar; the point slides along the bar's line",
                         "Corredera: arrastre de un punto a una barra; el punto desliza por la recta de la barra"),
    "build.motor_how": ("Motor: click a bar; the motor turns it about its support",
                        "Motor: pulse una barra; el motor la hace girar sobre su apoyo"),
    "build.not_a_number": ("'{text}' is not a number", "'{text}' no es un número"),
    "build.tool.slider": ("Slider", "Corredera"),
    "build.tool.motor": ("Driver", "Motor"),
    "build.tool.force": ("Force", "Fuerza"),
    "build.tip.slider": ("Drag from a point onto a bar: the point slides along the bar's line",
                         "Arrastre de un punto a una barra: el punto desliza por la recta de la barra"),
    "build.tip.motor": ("Driver: click a bar; a motor turns it at 1 rad/s about its support",
                        "Pulse una barra: un motor la hace girar a 1 rad/s sobre su apoyo"),
    "build.tip.force": ("Click a point: a force on it (its components in the panel)",
                        "Pulse un punto: una fuerza sobre él (sus componentes en el panel)"),
    "build.panel": ("{element}: press Enter to apply", "{element}: pulse Intro para aplicar"),
    "build.number.mass": ("mass", "masa"),
    "build.number.k": ("k (stiffness)", "k (rigidez)"),
    "build.number.length": ("rest length", "longitud natural"),
    "build.number.damping": ("damping", "amortiguamiento"),
    "build.number.radius": ("radius", "radio"),
    "build.number.w": ("speed ω (rad/s)", "velocidad ω (rad/s)"),
    "build.number.fx": ("x part Fx", "componente x Fx"),
    "build.number.fy": ("y part Fy", "componente y Fy"),
    "build.numbers_now": (
        "The builder draws with numbers: the parameters and expressions of {model} (its motor's law, its forces) "
        "are taken at their present values; its own file does not change",
        "El constructor dibuja con números: los parámetros y expresiones de {model} (la ley de su motor, sus "
        "fuerzas) se toman con sus valores de ahora; su propio archivo no cambia"),
    "build.numbers_now_left_out": (
        "The builder draws with numbers, taken at their present values; {elements} had none here and were left out "
        "of the drawing ({model}'s own file does not change)",
        "El constructor dibuja con números, tomados con sus valores de ahora; {elements} no tenían valor aquí y "
        "quedaron fuera del dibujo (el archivo de {model} no cambia)"),
    "build.numbers_now_left_out_one": (
        "The builder draws with numbers, taken at their present values; {elements} had none here and was left out "
        "of the drawing ({model}'s own file does not change)",
        "El constructor dibuja con números, tomados con sus valores de ahora; {elements} no tenía valor aquí y "
        "quedó fuera del dibujo (el archivo de {model} no cambia)"),
    "build.heading": ("Building — {freedom}", "Construyendo — {freedom}"),
    "build.title": ("A mechanism made with the builder", "Un mecanismo hecho con el constructor"),
    "build.nothing_to_undo": ("Nothing to undo", "Nada que deshacer"),
    "build.nothing_to_redo": ("Nothing to redo", "Nada que rehacer"),
    "build.too_many": (
        "The drawing has {most} points and elements, the most a mechanism can have: nothing was added",
        "El dibujo tiene {most} puntos y elementos, lo más que puede tener un mecanismo: no se añadió nada"),
    "build.too_many_free": (
        "A mechanism can have at most {most} free points: pin this one (fixed point) or join it to another",
        "Un mecanismo puede tener a lo sumo {most} puntos libres: fije este (punto fijo) o únalo a otro"),
    "build.join_collapses": (
        "{point} dropped on {other} would join {element} to itself: it stays where it was",
        "{point} soltado sobre {other} uniría {element} consigo mismo: se queda donde estaba"),
    "build.no_point": ("There is no point {point}", "No hay ningún punto {point}"),
    "build.no_element": ("There is nothing called {element}", "No hay nada que se llame {element}"),
    "build.same_point": (
        "A bar or a spring needs two different points (both ends are {point})",
        "Una barra o un muelle necesita dos puntos distintos (los dos extremos son {point})"),
    "build.zero_length": (
        "{p1} and {p2} are at the same place: a bar or spring between them would have no length",
        "{p1} y {p2} están en el mismo sitio: una barra o un muelle entre ellos no tendría longitud"),
    "build.slider_no_line": (
        "The guide of a slider needs two points at different places ({a} and {b} are not)",
        "La guía de una corredera necesita dos puntos en sitios distintos ({a} y {b} no lo están)"),
    "build.slider_own_line": (
        "{point} cannot slide on a line through itself", "{point} no puede deslizar por una recta que pasa por él mismo"),
    "build.one_motor": ("The drawing already has a motor", "El dibujo ya tiene un motor"),
    "build.bad_number": ("{value} cannot be used here", "{value} no se puede usar aquí"),
    "build.bad_name": ("'{name}' cannot be a model's name", "'{name}' no puede ser el nombre de un modelo"),
    "build.exists": ("A model called '{name}' already exists", "Ya existe un modelo llamado '{name}'"),
    "build.cannot_save": ("It cannot be saved yet: {reason}", "Aún no se puede guardar: {reason}"),
    "build.dof.nothing_free": (
        "Nothing can move yet: add a free point", "Nada puede moverse aún: añada un punto libre"),
    "build.dof.one": ("1 degree of freedom", "1 grado de libertad"),
    "build.dof.locked": ("locked (0 degrees of freedom): nothing can move",
                         "bloqueado (0 grados de libertad): nada puede moverse"),
    "build.dof.floppy": ("floppy: {n} degrees of freedom", "flojo: {n} grados de libertad"),
    "build.dof.driven": ("driven by its motor (0 degrees of freedom left)",
                         "movido por su motor (no queda ningún grado de libertad)"),
    "build.dof.driven_floppy": ("driven by its motor, and floppy: {n} degrees of freedom left",
                                "movido por su motor, y flojo: quedan {n} grados de libertad"),
    "build.dof.unknown": ("Not a mechanism yet: {reason}", "Aún no es un mecanismo: {reason}"),
}
