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
WORDS.update({
    # sweep (game/app/commands/sweep.py)
    "sweep.unknown": (
        "--over {name}: not a parameter, coordinate or velocity of this model (they are: {names}){hint}",
        "--over {name}: no es un parámetro, una coordenada ni una velocidad de este modelo (son: {names}){hint}"),
    "sweep.syntax": (
        "--over {over}: write NAME=LO:HI:N (N values from LO to HI, both included)",
        "--over {over}: escriba NOMBRE=DESDE:HASTA:N (N valores de DESDE a HASTA, ambos incluidos)"),
    "sweep.count": (
        "--over {over}: the number of values N must be a whole number from 1 to {limit}",
        "--over {over}: el número de valores N debe ser un entero de 1 a {limit}"),
    "sweep.range": (
        "--over {over}: the ends must be finite numbers, different when N > 1",
        "--over {over}: los extremos deben ser números finitos, distintos si N > 1"),
    "sweep.twice": ("--over {name} is given twice", "--over {name} aparece dos veces"),
    "sweep.too_many_cells": (
        "{cells} cells is more than a sweep may have ({limit})",
        "{cells} celdas son más de las que puede tener un barrido ({limit})"),
    "sweep.no_output": (
        "give --csv OUT.csv and/or --png OUT.png: without them the sweep would be computed and thrown away",
        "dé --csv SALIDA.csv y/o --png SALIDA.png: sin ellos el barrido se calcularía y se perdería"),
    "sweep.png_axes": (
        "--png draws one or two --over as a picture, not {count}: write --csv only",
        "--png dibuja uno o dos --over como imagen, no {count}: escriba solo --csv"),
    "sweep.colour": (
        "--colour {column}: not a column of this sweep (they are: {columns})",
        "--colour {column}: no es una columna de este barrido (son: {columns})"),
    "sweep.until_failed": (
        "--until has no finite value at t = {t} s ({side} side)",
        "--until no tiene un valor finito en t = {t} s (lado {side})"),
    "sweep.plan": (
        "{model}: {cells}, {over}, {seconds} s each (dt {dt}, {substeps} per step)",
        "{model}: {cells}, {over}, {seconds} s cada una (dt {dt}, {substeps} por paso)"),
    "sweep.reusing": (
        "{done} cells already computed by an interrupted run are reused ({path})",
        "se reutilizan {done} celdas ya calculadas por una ejecución interrumpida ({path})"),
    "sweep.done": (
        "{computed} cells computed, {reused} reused, {stopped} stopped early; wall time {wall} s on {processes}",
        "{computed} celdas calculadas, {reused} reutilizadas, {stopped} se detuvieron antes; tiempo real {wall} s "
        "en {processes}"),
})
