"""The engine's words (game/physics): why a motion stopped or cannot start."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "sim.at": ("{reason} at t={t} ({where})", "{reason} en t={t} ({where})"),
    "sim.cannot_compute": ("{label} cannot be computed: {reason}", "{label} no se puede calcular: {reason}"),
    "sim.gap_of": ("the gap of contact '{name}'", "el hueco del contacto '{name}'"),
    "sim.singular": (
        "T is singular or not positive definite (the kinetic energy matrix cannot be solved)",
        "T es singular o no es definida positiva (no se puede resolver la matriz de energía cinética)"),
    "sim.diverged": (
        "the motion stopped being finite numbers (it diverged)",
        "el movimiento dejó de dar números finitos (divergió)"),
    "sim.not_finite": (
        "{name} is no longer a finite number ({value})", "{name} dejó de ser un número finito ({value})"),
    "sim.state": ("the state cannot be set: {reason}", "no se puede fijar el estado: {reason}"),
    "sim.momenta": ("the momenta are not finite", "los momentos no son finitos"),
    "sim.cannot_show": ("a body or a measure cannot be computed here: {reason}",
                        "un cuerpo o una medida no se puede calcular aquí: {reason}"),
    "sim.from_lagrangian": ("{label} (from Ek − Ep)", "{label} (de Ek − Ep)"),
    "sim.contact_crossed": (
        "contact '{name}' would be crossed (its gap is {gap}; it must be 0 or more)",
        "el contacto '{name}' quedaría cruzado (su hueco vale {gap}; debe ser 0 o más)"),
    "sim.contact_gap": (
        "a contact's gap cannot be computed: {reason}", "no se puede calcular el hueco de un contacto: {reason}"),
    "sim.gap_lost": (
        "a contact can no longer be followed: {reason}",
        "un contacto ya no se puede seguir: {reason}"),
    "sim.contact_events": (
        "more than {count} contact events in one substep (the contacts do not come to rest)",
        "más de {count} eventos de contacto en un subpaso (los contactos no llegan al reposo)"),
    "sim.contacts_approach": (
        "touching contacts keep approaching each other", "los contactos que se tocan siguen acercándose"),
    "sim.too_big": (
        "generating the code of this model failed: {reason}",
        "no se pudo generar el código de este modelo: {reason}"),
    "sim.too_many_impacts": (
        "more than {limit} impacts in one substep (the contacts do not come to rest)",
        "más de {limit} choques en un mismo subpaso (los contactos no llegan al reposo)"),
}
