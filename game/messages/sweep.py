"""The words of ``sweep`` and of the cluster that runs its cells and ``chaosmap``'s
(game/app/commands/sweep.py, cluster.py)."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    # the cluster (game/app/commands/cluster.py)
    "cluster.unreachable": (
        "the scheduler at {address} does not answer (waited {seconds} s): {reason}",
        "el planificador en {address} no responde (se esperó {seconds} s): {reason}"),
    "cluster.no_workers": (
        "the scheduler at {address} has no workers (waited {seconds} s for one)",
        "el planificador en {address} no tiene trabajadores (se esperó {seconds} s a alguno)"),
    "cluster.killed": (
        "the workers died {times} times running the same cells (out of memory?); the run is given up",
        "los trabajadores murieron {times} veces calculando las mismas celdas (¿sin memoria?); se abandona"),
    "cluster.cannot_import": (
        "the workers cannot run this program ({reason}): start them where it is installed",
        "los trabajadores no pueden ejecutar este programa ({reason}): arránquelos donde esté instalado"),
}
