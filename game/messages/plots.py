"""The words of the plots (game/app/session/plotting.py), of their kinds (game/app/session/plotkinds.py:
each kind's name in full and short, the end of its keys its name) and of their dock (game/ui/plotdock.py)."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "plot.spread": ("spread", "dispersión"),
    "plot.log_scale": ("{name} (log scale)", "{name} (escala log)"),
    # the plots' dock: the kinds of plot, in full and where the dock is narrow, and its buttons
    "plot.kind.energy": ("Energy against t", "Energía contra t"),
    "plot.kind.phase": ("Phase space", "Espacio de fases"),
    "plot.kind.xy": ("Variable against variable", "Variable contra variable"),
    "plot.kind.poincare": ("Poincaré section", "Sección de Poincaré"),
    "plot.kind.spectrum": ("Spectrum (FFT)", "Espectro (FFT)"),
    "plot.kind.spread": ("Spread of the ensemble", "Dispersión del conjunto"),
    # the same, where the dock is narrow (a small window): the menu shows them whole
    "plot.short.energy": ("Energy", "Energía"),
    "plot.short.phase": ("Phase", "Fases"),
    "plot.short.xy": ("x against y", "x contra y"),
    "plot.short.poincare": ("Poincaré", "Poincaré"),
    "plot.short.spectrum": ("Spectrum", "Espectro"),
    "plot.short.spread": ("Spread", "Dispersión"),
    "plot.button.clear": ("Clear this plot", "Borrar esta gráfica"),
    "plot.button.save": ("Save this plot as PNG", "Guardar esta gráfica como PNG"),
    "plot.button.close": ("Remove this plot", "Quitar esta gráfica"),
    "plot.button.add": ("Add a plot", "Añadir una gráfica"),
    # an earlier run in a plot's legend, when it ran with the present run's parameters
    "plot.run": ("run {number}", "corrida {number}"),
    "plot.lyapunov": ("Lyapunov: λ = {value} 1/s", "Lyapunov: λ = {value} 1/s"),
}
