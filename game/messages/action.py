"""The action's words (SPEC §7.7): ``simulate --action``, the two-point problems of ``action``
and the window's Action view."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "action.run_unsupported": (
        "--action is not supported yet for {model}: the action of a run needs plain RK4 steps "
        "(a model with contacts or a mechanism has none)",
        "--action todavía no se admite en {model}: la acción de un movimiento necesita pasos de RK4 "
        "sin más (un modelo con contactos o un mecanismo no los tiene)"),
}
