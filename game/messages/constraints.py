"""The words of constraints in Lagrangian models (SPEC §7.8): reading and checking the
``<CONSTRAINTS>`` block, and why its motion cannot start or go on."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "constraint.cells": (
        "a constraint row <{tag}> has the cells id|'expression'|description, then the description in other "
        "languages as 'en: text' (found {found})",
        "una fila de ligadura <{tag}> tiene las celdas id|'expresión'|descripción, y luego la descripción en "
        "otros idiomas como 'en: texto' (hay {found})"),
    "constraint.name": (
        "'{name}' cannot name a constraint's multiplier: it is a reserved word, a column of the results "
        "or a name already used",
        "'{name}' no puede nombrar el multiplicador de una ligadura: es una palabra reservada, una columna "
        "de los resultados o un nombre ya usado"),
    "constraint.where_holonomic": (
        " (a <C> constraint may use parameters, coordinates and t, not velocities: those go in a <V> row)",
        " (una ligadura <C> puede usar parámetros, coordenadas y t, no velocidades: esas van en una fila <V>)"),
    "constraint.where_velocity": (
        " (a <V> constraint may use parameters, coordinates, velocities and t)",
        " (una ligadura <V> puede usar parámetros, coordenadas, velocidades y t)"),
    "constraint.not_linear": (
        "a <V> constraint must be linear in the velocities (as in 'vx - r·vθ'), but it is not linear in '{name}'",
        "una ligadura <V> debe ser lineal en las velocidades (como 'vx - r·vθ'), pero no es lineal en '{name}'"),
    "constraint.on_mechanism": (
        "a MECHANISM file states its constraints by its elements: CONSTRAINTS is for Lagrangian models",
        "un archivo MECHANISM expresa sus ligaduras con sus elementos: CONSTRAINTS es para modelos lagrangianos"),
    "constraint.unmet": (
        "no state near the initial conditions satisfies constraint '{name}' (it stays {value} away)",
        "ningún estado cerca de las condiciones iniciales cumple la ligadura '{name}' (queda a {value})"),
    "constraint.singular": (
        "constraint '{name}' is singular where it holds: its gradient vanishes there, so the constraints "
        "have rank {rank} where {rows} rows are stated and none can carry its force",
        "la ligadura '{name}' es singular donde se cumple: su gradiente se anula allí, así que las ligaduras "
        "tienen rango {rank} con {rows} filas escritas y ninguna puede ejercer su fuerza"),
    "constraint.conflict": (
        "the constraints cannot all hold with these velocities: '{name}' is left at {value}",
        "las ligaduras no pueden cumplirse todas con estas velocidades: '{name}' queda en {value}"),
    "constraint.value": (
        "constraint '{name}' has no value here: {reason}", "la ligadura '{name}' no tiene valor aquí: {reason}"),
    "constraint.not_finite": (
        "constraint '{name}' is not a finite number here", "la ligadura '{name}' no es un número finito aquí"),
    "constraint.freedom": (
        "{n} coordinates, {rows} constraints (rank {rank}): {free} degrees of freedom",
        "{n} coordenadas, {rows} ligaduras (rango {rank}): {free} grados de libertad"),
    "equations.lagrange": (
        "equations of motion, Lagrange's d/dt(∂L/∂q̇ᵢ) − ∂L/∂qᵢ = Qᵢ + Σₖ λₖ·∂φₖ/∂qᵢ, one per coordinate:",
        "ecuaciones del movimiento, la de Lagrange d/dt(∂L/∂q̇ᵢ) − ∂L/∂qᵢ = Qᵢ + Σₖ λₖ·∂φₖ/∂qᵢ, una por coordenada:"),
    "equations.mechanism": (
        "equations of motion of the mechanism, M·q̈ + Φqᵀ·λ = Q, one per coordinate (parameters as numbers):",
        "ecuaciones del movimiento del mecanismo, M·q̈ + Φqᵀ·λ = Q, una por coordenada (parámetros como números):"),
    "equations.names": (
        "(a_NAME is the acceleration of coordinate NAME, λ_ID the multiplier of constraint ID)",
        "(a_NOMBRE es la aceleración de la coordenada NOMBRE, λ_ID el multiplicador de la ligadura ID)"),
    "equations.rows": (
        "the constraints at acceleration level:",
        "las ligaduras en aceleraciones:"),
    "equations.contacts": (
        "(contacts act by impulses and resting forces, not written here)",
        "(los contactos actúan con impulsos y fuerzas en reposo, que no se escriben aquí)"),
    "equations.appell": (
        "Gibbs–Appell: S = ½·Σ m·a² (without the terms free of accelerations) and ∂S/∂aᵢ = Qᵢ:",
        "Gibbs–Appell: S = ½·Σ m·a² (sin los términos libres de aceleraciones) y ∂S/∂aᵢ = Qᵢ:"),
    "equations.from_row": (
        "by {name}",
        "por {name}"),
    "equations.with_multipliers": (
        "(the constraints solved would be too long to read: with their multipliers, and the rows above)",
        "(las ligaduras despejadas serían demasiado largas para leerlas: con sus multiplicadores, y las filas de "
        "arriba)"),
}
