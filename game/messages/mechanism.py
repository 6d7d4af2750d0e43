"""The words of mechanisms: the <MECHANISM> block as read and checked (game/model/mechanism.py),
and a mechanism that cannot be assembled or moved (game/physics)."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "mechanism.row_cells": (
        "a {tag} row has {count} cells, {layout} (found {found})",
        "una fila {tag} tiene {count} celdas, {layout} (hay {found})"),
    "mechanism.row_cells_range": (
        "a {tag} row has {low} to {high} cells, {layout} (found {found})",
        "una fila {tag} tiene de {low} a {high} celdas, {layout} (hay {found})"),
    # the cells of the rows whose names the manual gives in Spanish (the others are the same words)
    "mechanism.layout_bar": ("id|P1|P2|mass|inertia|width", "id|P1|P2|masa|inercia|ancho"),
    "mechanism.layout_mass": ("id|P|mass|radius", "id|P|masa|radio"),
    "mechanism.layout_spring": ("id|P1|P2|k|length|damping", "id|P1|P2|k|longitud|amortiguamiento"),
    "mechanism.layout_driver": ("id|P1|P2|angle", "id|P1|P2|ángulo"),
    # a cell of a row, as the subject of a sentence
    "mechanism.the_mass": ("the mass", "la masa"),
    "mechanism.the_inertia": ("the inertia", "el momento de inercia"),
    "mechanism.the_width": ("the width", "el ancho"),
    "mechanism.the_radius": ("the radius", "el radio"),
    "mechanism.the_k": ("the k", "la constante k"),
    "mechanism.the_length": ("the length", "la longitud natural"),
    "mechanism.the_damping": ("the damping", "el amortiguamiento"),
    "mechanism.the_angle": ("the angle", "el ángulo"),
    "mechanism.the_angle_rate": ("the rate of change of the angle", "la rapidez de cambio del ángulo"),
    "mechanism.the_fx": ("the force Fx", "la fuerza Fx"),
    "mechanism.the_fy": ("the force Fy", "la fuerza Fy"),
    "mechanism.second_gravity": (
        "a second <GRAVITY> (the first is at line {line})",
        "un segundo <GRAVITY> (el primero está en la línea {line})"),
    "mechanism.what_point": ("point", "punto"),
    "mechanism.what_element": ("element", "elemento"),
    "mechanism.fixed_flag": (
        "fixed must be 1 (a fixed point) or 0 (a free one), not '{text}'",
        "fixed debe ser 1 (punto fijo) o 0 (punto libre), no '{text}'"),
    # what may appear where (clauses of expr.unknown_name)
    "mechanism.where_gravity": (
        " (gravity may use the parameters)", " (la gravedad puede usar los parámetros)"),
    "mechanism.where_point": (
        " (a point's position may use the parameters)",
        " (la posición de un punto puede usar los parámetros)"),
    "mechanism.where_driver": (
        " (a driver's angle may use the parameters and t)",
        " (el ángulo de un motor puede usar los parámetros y t)"),
    "mechanism.where_cell": (
        " ({cell} of a {kind} may use the parameters)",
        " ({cell} de una fila {kind} puede usar los parámetros)"),
    "mechanism.no_free_point": (
        "the mechanism has no free point (fixed = 0): nothing can move",
        "el mecanismo no tiene ningún punto libre (fixed = 0): nada puede moverse"),
    "mechanism.unknown_point": (
        "unknown point '{point}' in {element}{hint}", "punto desconocido '{point}' en {element}{hint}"),
    "mechanism.joins_itself": (
        "{element} joins point '{point}' to itself (a bar of zero length)",
        "{element} une el punto '{point}' consigo mismo (una barra de longitud cero)"),
    "mechanism.slider_same_points": (
        "{element}: the line through '{a}' and '{b}' needs two different points",
        "{element}: la recta que pasa por '{a}' y '{b}' necesita dos puntos distintos"),
    "mechanism.slider_own_line": (
        "{element}: the sliding point '{point}' must not be one of the points of its line",
        "{element}: el punto que se desliza, '{point}', no puede ser uno de los que definen su guía"),
    "mechanism.driver_fixed": (
        "{element} turns two fixed points: one of them must be free",
        "{element} hace girar dos puntos fijos: uno de ellos debe ser libre"),
    "mechanism.force_on_fixed": (
        "a force on the fixed point '{point}' does nothing",
        "una fuerza sobre el punto fijo '{point}' no hace nada"),
    "mechanism.position_value": (
        "the position of point {point} cannot be computed: {reason}",
        "la posición del punto {point} no se puede calcular: {reason}"),
    "mechanism.position_not_finite": (
        "the position of point {point} is not a finite number",
        "la posición del punto {point} no es un número finito"),
    "mechanism.cell_value": (
        "{cell} of {element} cannot be computed: {reason}",
        "{cell} de {element} no se puede calcular: {reason}"),
    "mechanism.cell_value_at": (
        "{cell} of {element} cannot be computed at t = {t}: {reason}",
        "{cell} de {element} no se puede calcular en t = {t}: {reason}"),
    "mechanism.gravity_value": (
        "the gravity cannot be computed: {reason}", "la gravedad no se puede calcular: {reason}"),
    "mechanism.negative": (
        "{cell} of {element} must be a number ≥ 0, not {value}",
        "{cell} de {element} debe ser un número ≥ 0, no {value}"),
    "mechanism.reaction_column_taken": (
        "the reaction of {element} is the column '{column}', which is already a coordinate or velocity of "
        "point '{point}'; rename one of them",
        "la reacción de {element} es la columna '{column}', que ya es una coordenada o velocidad del punto "
        "'{point}'; cambie el nombre de uno de los dos"),
    "mechanism.zero_length": (
        "{element} has zero length: points '{p1}' and '{p2}' start at the same place",
        "{element} tiene longitud cero: los puntos '{p1}' y '{p2}' empiezan en el mismo lugar"),
    "mechanism.slider_no_line": (
        "{element}: points '{a}' and '{b}' start at the same place, so they define no line to slide on",
        "{element}: los puntos '{a}' y '{b}' empiezan en el mismo lugar, así que no definen ninguna "
        "recta sobre la cual deslizarse"),
    "mechanism.driver_no_direction": (
        "{element}: points '{p1}' and '{p2}' start at the same place, so they define no direction to turn",
        "{element}: los puntos '{p1}' y '{p2}' empiezan en el mismo lugar, así que no definen ninguna "
        "dirección que el motor pueda girar"),
    # mechanisms that move (game/physics/mechanism.py)
    "mechanism.cannot_assemble": (
        "the initial points cannot be assembled: {reason}",
        "los puntos iniciales no se pueden ensamblar: {reason}"),
    "mechanism.cannot_assemble_at": (
        "the initial points cannot be assembled: {reason}; {element} is the one furthest from being met",
        "los puntos iniciales no se pueden ensamblar: {reason}; {element} es la ligadura que más lejos "
        "queda de cumplirse"),
    "mechanism.dead_start": (
        "the initial points are at a dead point (bars lined up, the constraints do not fix the motion there): "
        "start the mechanism a little away from it",
        "los puntos iniciales están en un punto muerto (barras alineadas: ahí las ligaduras no fijan el "
        "movimiento): empiece el mecanismo un poco lejos de él"),
    "mechanism.cannot_move": (
        "the mechanism cannot move: its {n} coordinates are fixed by {rank} independent constraints "
        "(remove a bar, or add a DRIVER to move it)",
        "el mecanismo no puede moverse: sus {n} coordenadas quedan fijadas por {rank} ligaduras "
        "independientes (quite una barra o agregue un DRIVER que lo mueva)"),
    "mechanism.massless": (
        "a motion the constraints allow moves no mass (points {points}): give the bars a mass, or put a "
        "MASS on those points",
        "un movimiento que las ligaduras permiten no mueve ninguna masa (puntos {points}): dé masa a las "
        "barras o ponga una MASS en esos puntos"),
    "mechanism.driver_opposite": (
        "{element}: the direction {p1}→{p2} of the assembled points is opposite to the driver's angle at "
        "t = 0 ({angle}°)",
        "{element}: la dirección {p1}→{p2} de los puntos ensamblados es opuesta al ángulo del motor en "
        "t = 0 ({angle}°)"),
    "mechanism.constraints_value": (
        "the constraints cannot be computed: {reason}", "las ligaduras no se pueden calcular: {reason}"),
    "mechanism.unmet": (
        "the constraints cannot all be met (the points are too far from any position the bars, sliders and "
        "drivers allow, or the mechanism is at a dead point)",
        "no se pueden cumplir todas las ligaduras (los puntos están demasiado lejos de toda posición que "
        "permiten las barras, correderas y motores, o el mecanismo está en un punto muerto)"),
    "mechanism.singular": (
        "singular configuration: the constraints no longer fix the motion (a dead point, where bars line up)",
        "configuración singular: las ligaduras ya no fijan el movimiento (un punto muerto, donde las barras "
        "se alinean)"),
    "mechanism.singular_unmet": (
        "singular configuration: the constraints cannot be met any more (a dead point, where bars line up)",
        "configuración singular: las ligaduras ya no se pueden cumplir (un punto muerto, donde las barras "
        "se alinean)"),
    "mechanism.singular_accelerations": (
        "singular configuration: the constraints no longer fix the accelerations (a dead point, where bars "
        "line up)",
        "configuración singular: las ligaduras ya no fijan las aceleraciones (un punto muerto, donde las "
        "barras se alinean)"),
    "mechanism.ran_away": (
        "the motion diverged within one step: a force, a spring or a driver is too strong or changes too "
        "fast for the step dt/N (after it the constraints could not be met, but the bars were not at a "
        "dead point)",
        "el movimiento divergió dentro de un paso: una fuerza, un resorte o un motor es demasiado fuerte o "
        "cambia demasiado rápido para el paso dt/N (después no se pudieron cumplir las ligaduras, pero las "
        "barras no estaban en un punto muerto)"),
    "mechanism.numbers_too_large": (
        "the mechanism's numbers are too large to compute with (a length squared, a mass times gravity or a "
        "stiffness is not a finite number)",
        "los números del mecanismo son demasiado grandes para calcular con ellos (una longitud al "
        "cuadrado, una masa por la gravedad o una rigidez no dan un número finito)"),
    "mechanism.energy_value": (
        "the potential energy cannot be computed: {reason}", "la energía potencial no se puede calcular: {reason}"),
    "mechanism.velocities_not_finite": ("the velocities are not finite", "las velocidades no son finitas"),
    "mechanism.stage_value": (
        "the forces or constraints cannot be computed: {reason}",
        "las fuerzas o las ligaduras no se pueden calcular: {reason}"),
    "mechanism.stage_not_finite": (
        "the forces or constraints are not finite numbers",
        "las fuerzas o las ligaduras no dan números finitos"),
}
