"""The action's words (SPEC §7.7): ``simulate --action``, the two-point problems of ``action``
and the window's Action view."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "action.run_unsupported": (
        "--action is not supported yet for {model}: the action of a run needs plain RK4 steps "
        "(a model with contacts or a mechanism has none)",
        "--action todavía no se admite en {model}: la acción de un movimiento necesita pasos de RK4 "
        "sin más (un modelo con contactos o un mecanismo no los tiene)"),
    "action.no_mechanism": (
        "not supported yet: the action of a mechanism (its constraints would need multipliers in the action)",
        "todavía no se admite: la acción de un mecanismo (sus vínculos necesitarían multiplicadores en la acción)"),
    "action.no_contacts": (
        "not supported yet: a model with contacts (its impulses are no part of L)",
        "todavía no se admite: un modelo con contactos (sus impulsos no forman parte de L)"),
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
}
