"""The words of equilibria, stability and normal modes (``modes``, SPEC §7.6)."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "modes.locked": (
        "locked by DRIVER {drivers}: no free motion (the drivers fix every configuration; take one out to "
        "find where the mechanism rests)",
        "bloqueado por el DRIVER {drivers}: no hay movimiento libre (los motores fijan toda configuración; "
        "quite uno para hallar dónde reposa el mecanismo)"),
    "modes.mechanism_time": (
        "the mechanism changes with t (a DRIVER that turns or a FORCE row of t): an equilibrium must hold at every "
        "instant, and a driven mechanism is not judged by Floquet's multipliers yet",
        "el mecanismo cambia con t (un DRIVER que gira o una fila FORCE de t): un equilibrio debe valer en todo "
        "instante, y un mecanismo forzado aún no se juzga por los multiplicadores de Floquet"),
    "modes.everywhere": (
        "every configuration is at rest (no force moves the mechanism along its free motions): no equilibrium "
        "stands out",
        "toda configuración está en reposo (ninguna fuerza mueve el mecanismo a lo largo de sus movimientos "
        "libres): ningún equilibrio se distingue"),
    "modes.period_value": (
        "--period must be a positive number of seconds, not {value}",
        "--period debe ser un número positivo de segundos, no {value}"),
    "modes.cannot_build": (
        "the equations at rest cannot be built: {reason}", "no se pueden construir las ecuaciones en reposo: {reason}"),
    "modes.cannot_compute": (
        "the force at rest cannot be computed at any point searched (it is not a finite number there)",
        "la fuerza en reposo no se puede calcular en ningún punto buscado (no da un número finito)"),
    "modes.time_dependent": (
        "the equations change with t (a moving support or a driving force): an equilibrium must hold at every "
        "instant; if they repeat, give their period with --period T",
        "las ecuaciones cambian con t (un soporte que se mueve o una fuerza impulsora): un equilibrio debe valer en "
        "todo instante; si se repiten, dé su período con --period T"),
    "modes.not_periodic": (
        "the equations change with t and do not repeat with period {period} s",
        "las ecuaciones cambian con t y no se repiten con período {period} s"),
    "modes.none": (
        "no equilibrium: the force at rest, Q − ∂Ep/∂q, vanishes nowhere the search looked ({starts} starts "
        "over the coordinates' ranges)",
        "no hay equilibrio: la fuerza en reposo, Q − ∂Ep/∂q, no se anula en ninguna parte de la búsqueda "
        "({starts} puntos de partida en los rangos de las coordenadas)"),
    "modes.none_driven": (
        "no driven equilibrium: no configuration stays at rest at every instant of the period ({starts} starts)",
        "no hay equilibrio forzado: ninguna configuración queda en reposo en todo instante del período "
        "({starts} puntos de partida)"),
    "modes.none_clear": (
        "every equilibrium found ({count}) touches or crosses a contact",
        "todo equilibrio hallado ({count}) toca o cruza un contacto"),
    "modes.singular_mass": (
        "T is singular or not positive definite at the equilibrium {where}: it has no modes",
        "T es singular o no es definida positiva en el equilibrio {where}: no tiene modos"),
    "modes.not_finite": (
        "the linearised equations are not finite numbers at the equilibrium {where}",
        "las ecuaciones linealizadas no dan números finitos en el equilibrio {where}"),
    "modes.title": (
        "{model}: {count}, searched from {starts} starts", "{model}: {count}, buscados desde {starts} puntos"),
    "modes.count_one": ("{count} equilibrium", "{count} equilibrio"),
    "modes.count_many": ("{count} equilibria", "{count} equilibrios"),
    "modes.steady": (
        "the equations read t but do not change with it (a steady frame): judged at t = 0",
        "las ecuaciones leen t pero no cambian con él (un marco estacionario): se juzgan en t = 0"),
    "modes.driven": (
        "driven with period {period} s: judged by the Floquet multipliers μ of one period",
        "forzado con período {period} s: se juzga por los multiplicadores de Floquet μ de un período"),
    "modes.equilibrium": ("equilibrium {index}: {kind}, Ep = {ep}", "equilibrio {index}: {kind}, Ep = {ep}"),
    "modes.at": ("at {where}", "en {where}"),
    "modes.family": (
        "one point of a continuum of equilibria (a family) along {directions}",
        "un punto de un continuo de equilibrios (una familia) a lo largo de {directions}"),
    "modes.oscillation": ("mode {index}: ω = {omega} rad/s, period {period} s",
                          "modo {index}: ω = {omega} rad/s, período {period} s"),
    "modes.growth": ("mode {index}: unstable direction, growth rate {rate} 1/s",
                     "modo {index}: dirección inestable, tasa de crecimiento {rate} 1/s"),
    "modes.decay": ("mode {index}: decays without oscillating, s = {rate} 1/s",
                    "modo {index}: decae sin oscilar, s = {rate} 1/s"),
    "modes.neutral": ("mode {index}: neutral direction (ω = 0)", "modo {index}: dirección neutra (ω = 0)"),
    "modes.damped": ("mode {index}: s = {re} ± {im}i 1/s (ω = {omega} rad/s, period {period} s)",
                     "modo {index}: s = {re} ± {im}i 1/s (ω = {omega} rad/s, período {period} s)"),
    "modes.floquet": ("mode {index}: μ = {mu}, |μ| = {size}, ω = {omega} rad/s",
                      "modo {index}: μ = {mu}, |μ| = {size}, ω = {omega} rad/s"),
    "modes.floquet_growth": ("mode {index}: μ = {mu}, |μ| = {size}: grows at {rate} 1/s",
                             "modo {index}: μ = {mu}, |μ| = {size}: crece a {rate} 1/s"),
    "modes.floquet_decay": ("mode {index}: μ = {mu}, |μ| = {size}: decays at {rate} 1/s",
                            "modo {index}: μ = {mu}, |μ| = {size}: decae a {rate} 1/s"),
    "modes.shape": ("shape: {values}", "forma: {values}"),
    "modes.reactions": ("reactions at rest: {values}", "reacciones en reposo: {values}"),
    "modes.kind.stable": ("stable", "estable"),
    "modes.kind.unstable": ("unstable", "inestable"),
    "modes.kind.neutral": ("neutral", "neutro"),
    "modes.kind.damped": ("damped (stable)", "amortiguado (estable)"),
    "modes.kind.driven-stable": ("stable under the driving", "estable bajo el forzamiento"),
    "modes.kind.driven-unstable": ("unstable under the driving", "inestable bajo el forzamiento"),
    # the modes panel of the window (game/app/session/modes.py, game/ui/modespanel.py)
    "modes.panel.none": ("No equilibria to show: {reason}", "No hay equilibrios que mostrar: {reason}"),
    "modes.panel.hint": (
        "Choose an equilibrium: the model rests there. Give a stable one's modes an amplitude and a phase, "
        "then Animate: the ghost is the linear prediction.",
        "Elija un equilibrio: el modelo queda ahí en reposo. Dé a los modos de uno estable una amplitud y una "
        "fase y pulse Animar: el fantasma es la predicción lineal."),
    "modes.panel.frequency": ("ω = {omega} rad/s, period {period} s", "ω = {omega} rad/s, período {period} s"),
    "modes.panel.rate": ("no oscillation: s = {rate} 1/s", "no oscila: s = {rate} 1/s"),
    "modes.panel.mode": ("Mode {index}: ω = {omega} rad/s, T = {period} s",
                         "Modo {index}: ω = {omega} rad/s, T = {period} s"),
    "modes.panel.amplitude": ("amplitude {value} {unit}", "amplitud {value} {unit}"),
    "modes.panel.phase": ("phase {value}°", "fase {value}°"),
}
