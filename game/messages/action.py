"""The action's words (SPEC §7.7): ``simulate --action``, the two-point problems of ``action``
and the window's Action view."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "action.run_unsupported": (
        "--action is not supported yet for {model}: the action of a run needs plain RK4 steps "
        "(a model with contacts or a mechanism has none)",
        "--action todavía no se admite en {model}: la acción de un movimiento necesita pasos de RK4 "
        "sin más (un modelo con contactos o un mecanismo no los tiene)"),
    "action.nonholonomic": (
        "--action: the action principle does not hold for velocity constraints ({names}): a "
        "nonholonomic motion is not a stationary path of ∫L dt (seed 004 §14; <C> rows have their S)",
        "--action: el principio de acción no vale con ligaduras de velocidades ({names}): un "
        "movimiento no holónomo no es un camino estacionario de ∫L dt (semilla 004 §14; las filas <C> sí tienen su S)"),
    "action.no_mechanism": (
        "not supported yet: the action of a mechanism (its constraints would need multipliers in the action)",
        "todavía no se admite: la acción de un mecanismo (sus vínculos necesitarían multiplicadores en la acción)"),
    "action.no_contacts": (
        "not supported yet: a model with contacts (its impulses are no part of L)",
        "todavía no se admite: un modelo con contactos (sus impulsos no forman parte de L)"),
    "action.no_constraints": (
        "not supported yet: a model with CONSTRAINTS ({names}): a path between two points would have to keep "
        "them (multipliers in the action); simulate --action gives S along a run that keeps <C> rows",
        "todavía no se admite: un modelo con CONSTRAINTS ({names}): un camino entre dos puntos tendría que "
        "cumplirlas (multiplicadores en la acción); simulate --action da S a lo largo de un movimiento con filas <C>"),
    "action.no_forces": (
        "not supported yet: a model with generalized forces (a force that comes from no potential "
        "has no action whose stationary paths are its motions)",
        "todavía no se admite: un modelo con fuerzas generalizadas (una fuerza que no viene de un potencial "
        "no tiene una acción cuyas trayectorias estacionarias sean sus movimientos)"),
    "action.not_quadratic": (
        "not supported yet: Ek is not quadratic in the velocities",
        "todavía no se admite: Ek no es cuadrática en las velocidades"),
    "action.time": (
        "the time T must be a finite number of seconds above 0, not {value}",
        "el tiempo T debe ser un número finito de segundos mayor que 0, no {value}"),
    "action.view_unsupported": ("The Action view: {reason}", "La vista de la acción: {reason}"),
    "action.view_run_first": (
        "The Action view joins where the motion was some seconds ago to where it is now: animate it for a moment first",
        "La vista de la acción une dónde estaba el movimiento hace unos segundos con dónde está ahora: anímelo un "
        "momento antes"),
    "action.view.title": (
        "The action S, the integral of Ek − Ep over the time: drag the points; Relax slides the path down to the true one",
        "La acción S, la integral de Ek − Ep en el tiempo: arrastre los puntos; Relajar desliza la trayectoria hasta "
        "la verdadera"),
    "action.view.path": ("S of this path = {action}", "S de esta trayectoria = {action}"),
    "action.view.true": ("S of the true path = {action}", "S de la trayectoria verdadera = {action}"),
    "action.view.relax": ("Relax", "Relajar"),
    "action.view.coordinate": ("Coordinate: {name}", "Coordenada: {name}"),
    "action.view.close": ("Close", "Cerrar"),
    "action.view.plot": ("{name}(t) from t = 0 to T = {time} s", "{name}(t) de t = 0 a T = {time} s"),
    "action.view.curve": ("S(true + ε·η), η = this path − the true one", "S(verdadera + ε·η), η = esta − la verdadera"),
    "action.assign_syntax": ("{option} expects COORD=VALUE, not '{item}'", "{option} espera COORD=VALOR, no '{item}'"),
    "action.unknown_coordinate": (
        "{option} {name}: not a coordinate of this model (coordinates: {coordinates}){hint}",
        "{option} {name}: no es una coordenada de este modelo (coordenadas: {coordinates}){hint}"),
    "action.vary_whole": (
        "--vary takes a whole number K ≥ 1 (η = sin(Kπt/T)) or an expression of t, not {value}",
        "--vary admite un entero K ≥ 1 (η = sin(Kπt/T)) o una expresión de t, no {value}"),
    "action.vary_ends": (
        "--vary {expression}: a variation must vanish at both ends (η(0) = {start}, η(T) = {end})",
        "--vary {expression}: una variación debe anularse en ambos extremos (η(0) = {start}, η(T) = {end})"),
    "action.none": (
        "no path found from {starts} starts with initial velocities {box}",
        "no se encontró ninguna trayectoria desde {starts} puntos de partida con velocidades iniciales {box}"),
    "action.out_of_reach": (
        "no path: from {starts} starts with initial velocities {box}, the motion ends at T where it "
        "would whatever the velocities in some direction, and not at the positions asked "
        "(the ends cannot be joined in this time)",
        "ninguna trayectoria: desde {starts} puntos de partida con velocidades iniciales {box}, el movimiento "
        "termina en T donde terminaría con cualquier velocidad en alguna dirección, y no en las posiciones "
        "pedidas (los extremos no pueden unirse en ese tiempo)"),
    "action.free": ("free", "libre"),
    "action.count_one": ("{count} path", "{count} trayectoria"),
    "action.count_many": ("{count} paths", "{count} trayectorias"),
    "action.title": (
        "{model}: T = {time} s, {ends}: {count}, searched from {starts} starts with {box}",
        "{model}: T = {time} s, {ends}: {count}, buscadas desde {starts} puntos de partida con {box}"),
    "action.minimum": ("a minimum of S", "un mínimo de S"),
    "action.saddle_one": ("a saddle of S, past {count} kinetic focus", "un punto de silla de S, tras {count} foco cinético"),
    "action.saddle_many": ("a saddle of S, past {count} kinetic foci", "un punto de silla de S, tras {count} focos cinéticos"),
    "action.path": (
        "path {number}: S = {action}, index {index} ({kind}); {velocities}",
        "trayectoria {number}: S = {action}, índice {index} ({kind}); {velocities}"),
    "action.family": (
        "a family of paths: the same ends are reached with the initial velocities moved along ({direction}), "
        "all with this action",
        "una familia de trayectorias: se llega a los mismos extremos moviendo las velocidades iniciales en la "
        "dirección ({direction}), todas con esta acción"),
    "action.check": (
        "check: the discretised action ({nodes} intervals) is stationary within {gap} of it, with S_h = {action}",
        "comprobación: la acción discretizada ({nodes} intervalos) es estacionaria a {gap} de ella, con S_h = {action}"),
    "action.legend": ("{number}: S = {action}, index {index}", "{number}: S = {action}, índice {index}"),
    "action.paths_title": ("the true paths: {coordinate}(t)", "las trayectorias verdaderas: {coordinate}(t)"),
    "action.curve_title": ("varied paths: S(q + ε·η), η = {variation}",
                           "trayectorias variadas: S(q + ε·η), η = {variation}"),
    "action.bench": (
        "double pendulum, (π/2, π/4) to (0, 0) in 2 s: {paths} paths from {starts} starts in {seconds} s (goal: under {goal} s)",
        "péndulo doble, de (π/2, π/4) a (0, 0) en 2 s: {paths} trayectorias desde {starts} puntos en {seconds} s "
        "(objetivo: menos de {goal} s)"),
}
