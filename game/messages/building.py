"""The words of the builder (game/app/session/building.py, game/app/window/buildtray.py): what it
refuses and why, the degrees of freedom in words, its tools."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
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
