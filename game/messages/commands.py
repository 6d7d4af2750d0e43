"""The headless commands' words (game/app): check, simulate, screenshot and chaosmap; counts said
in the singular and the plural; units of time."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "cmd.error": ("error: {reason}", "error: {reason}"),
    "cmd.warning": ("warning: {reason}", "aviso: {reason}"),
    "cmd.no_display": (
        "no display to open the window on; on a machine without a screen use "
        "python3 main.py screenshot / simulate / check",
        "no hay una pantalla donde abrir la ventana; en una máquina sin pantalla use "
        "python3 main.py screenshot / simulate / check"),
    "cmd.no_model_file": (
        "no model '{name}' in models.xml and no such .dat file",
        "no hay ningún modelo '{name}' en models.xml ni un archivo .dat con ese nombre"),
    "cmd.nothing_to_open": ("no model can be opened", "no se puede abrir ningún modelo"),
    "cmd.catalog_unreadable": ("cannot read the catalog:\n{problems}", "no se puede leer el catálogo:\n{problems}"),
    "cmd.flag_range": ("{option} must be a number from {low} to {high}, not {value}",
                       "{option} debe ser un número de {low} a {high}, no {value}"),
    "cmd.flag_whole": ("{option} must be a whole number from {low} to {high}, not {value}",
                       "{option} debe ser un número entero de {low} a {high}, no {value}"),
    "cmd.flag_above": ("{option} must be a number above {low} and at most {high}, not {value}",
                       "{option} debe ser un número mayor que {low} y de a lo más {high}, no {value}"),
    "cmd.no_bench_model": (
        "--model {name}: bench measures the models of the menu (known: {known})",
        "--model {name}: bench mide los modelos del menú (los conocidos son {known})"),
    "cmd.no_model": (
        "no model '{name}' in {catalog} (known: {known}) and no file of that name",
        "no hay ningún modelo '{name}' en {catalog} (los conocidos son {known}) ni un archivo con ese nombre"),
    "cmd.problems": (
        "{count} problem{s} in {files} file{fs}", "{count} problema{s} en {files} archivo{fs}"),
    "cmd.all_valid": ("{count} models checked: all valid", "{count} modelos revisados: todos válidos"),
    "cmd.one_valid": ("{count} model checked: valid", "{count} modelo revisado: válido"),
    "cmd.warnings": ("{count} warning{s}", "{count} aviso{s}"),
    "cmd.set_syntax": ("--set expects NAME=EXPR, not '{item}'", "--set espera NOMBRE=EXPRESIÓN, no '{item}'"),
    "cmd.set_unknown": (
        "--set {name}: not a parameter or condition of this model (parameters: {parameters}; "
        "conditions: {conditions})",
        "--set {name}: no es un parámetro ni una condición de este modelo (parámetros: {parameters}; "
        "condiciones: {conditions})"),
    "cmd.seconds": (
        "--seconds must be a finite number of seconds from 0, not {value}",
        "--seconds debe ser un número finito de segundos desde 0, no {value}"),
    "cmd.plan": (
        "{model}: {seconds} s = {steps} of dt = {dt} s × N = {n} = {substeps}",
        "{model}: {seconds} s = {steps} de dt = {dt} s × N = {n} = {substeps}"),
    # counts, each said in the singular and the plural (messages.counted)
    "count.step": ("{count} step", "{count} paso"),
    "count.steps": ("{count} steps", "{count} pasos"),
    "count.substep": ("{count} RK4 substep", "{count} subpaso de RK4"),
    "count.substeps": ("{count} RK4 substeps", "{count} subpasos de RK4"),
    "count.row": ("{count} row", "{count} fila"),
    "count.rows": ("{count} rows", "{count} filas"),
    "count.cell": ("{count} cell", "{count} celda"),
    "count.cells": ("{count} cells", "{count} celdas"),
    "count.process": ("{count} process", "{count} proceso"),
    "count.processes": ("{count} processes", "{count} procesos"),
    "cmd.estimate": ("(about {time} at {rate} substeps/s)", "(unos {time} a {rate} subpasos/s)"),
    "cmd.too_long": (
        "that would take about {time} (limit: {limit}); ask for fewer --seconds or lower N in the model",
        "eso tardaría unos {time} (límite: {limit}); pida menos --seconds o reduzca N en el modelo"),
    "cmd.pace_too_long": (
        "after {spent}, {done} of {steps} steps are done: at this pace the run would take about {time} "
        "(limit: {limit}); it stops here, with the rows so far; ask for fewer --seconds or lower N in the model",
        "tras {spent} van {done} de {steps} pasos: a este ritmo la marcha tardaría unos {time} (límite: "
        "{limit}); se detiene aquí, con las filas hasta ahora; pida menos --seconds o reduzca N en el modelo"),
    "cmd.too_many_substeps": (
        "{substeps} substeps are more than one run may compute (at most {limit})",
        "{substeps} subpasos son más de los que puede calcular una ejecución (como mucho {limit})"),
    "cmd.stopped": ("error: the simulation stopped: {reason}", "error: la simulación se detuvo: {reason}"),
    "cmd.in_expression": ("  in {expression}", "  en {expression}"),
    "cmd.cannot_start": ("the model cannot start: {reason}", "el modelo no puede arrancar: {reason}"),
    "cmd.output_no_folder": (
        "{option} {path}: there is no folder {folder}", "{option} {path}: no existe la carpeta {folder}"),
    "cmd.output_not_writable": (
        "{option} {path}: cannot write in {folder}", "{option} {path}: no se puede escribir en {folder}"),
    "cmd.output_is_folder": (
        "{option} {path} is a folder; give the name of a file", "{option} {path} es una carpeta; dé el nombre de un archivo"),
    "cmd.output_kernel": (
        "{option} {path}: {folder} belongs to the system (/proc, /sys), not a place for files",
        "{option} {path}: {folder} es del sistema (/proc, /sys), no un lugar para archivos"),
    "cmd.cannot_write": ("cannot write {path}: {reason}", "no se puede escribir {path}: {reason}"),
    "unit.seconds": ("{value:.1f} s", "{value:.1f} s"),
    "unit.minutes": ("{value:.0f} min", "{value:.0f} min"),
    "unit.hours": ("{value:.1f} h", "{value:.1f} h"),
    # the screenshot command (game/app/commands/screenshot.py)
    "screenshot.size_syntax": (
        "--size must look like 1280x720, not '{size}'", "--size debe tener la forma 1280x720, no '{size}'"),
    "screenshot.size_range": (
        "--size {size}: the window is at least {low} and at most {high} pixels",
        "--size {size}: la ventana mide al menos {low} y como mucho {high} píxeles"),
    "screenshot.panels": (
        "--panels takes energy and values, not '{name}'", "--panels admite energy y values, no '{name}'"),
    "screenshot.done": (
        "{path}: {title} at t = {t} s ({width}×{height})", "{path}: {title} en t = {t} s ({width}×{height})"),
    "screenshot.stopped": (
        "{path}: not at {seconds} s: {banner}", "{path}: no en {seconds} s: {banner}"),
    # the chaos map (game/app/commands/chaosmap.py)
    "chaosmap.not_a_condition": (
        "{option} {name}: not a coordinate or velocity of this model (they are: {names}){hint}",
        "{option} {name}: no es una coordenada ni una velocidad de este modelo (son: {names}){hint}"),
    "chaosmap.range_needed": (
        "{option} {name}: give the range to sweep, as in {option} {name}=-1:1",
        "{option} {name}: dé el intervalo que se recorre, como en {option} {name}=-1:1"),
    "chaosmap.range_syntax": (
        "{option} {name}=LO:HI expects two values separated by ':', not '{span}'",
        "{option} {name}=LO:HI espera dos valores separados por ':', no '{span}'"),
    "chaosmap.range_not_finite": (
        "{option} {name}={span}: '{end}' is not a finite number",
        "{option} {name}={span}: '{end}' no es un número finito"),
    "chaosmap.range_order": (
        "{option} {name}={span}: the range must go from a smaller number to a larger one",
        "{option} {name}={span}: el intervalo debe ir de un número menor a uno mayor"),
    "chaosmap.one_comparison": (
        "--until: one comparison only (a second '{op}' at column {column})",
        "--until: una sola comparación (otro '{op}' en la columna {column})"),
    "chaosmap.no_comparison": (
        "--until needs a comparison, as in --until 'abs(a2) > pi' (one of > < >= <=)",
        "--until necesita una comparación, como en --until 'abs(a2) > pi' (una de > < >= <=)"),
    "chaosmap.nothing_left": ("--until: nothing on the left of '{op}'", "--until: no hay nada a la izquierda de '{op}'"),
    "chaosmap.nothing_right": ("--until: nothing on the right of '{op}'", "--until: no hay nada a la derecha de '{op}'"),
    "chaosmap.grid": ("--grid must be from 1 to {limit}, not {grid}", "--grid debe ir de 1 a {limit}, no {grid}"),
    "chaosmap.seconds": (
        "--seconds must be a finite positive number of seconds, not {value}",
        "--seconds debe ser un número finito y positivo de segundos, no {value}"),
    "chaosmap.dt": (
        "--dt must be from {low} to {high} seconds (as dt in a model file), not {value}",
        "--dt debe ir de {low} a {high} segundos (como dt en un archivo de modelo), no {value}"),
    "chaosmap.substeps": (
        "--substeps must be from 1 to {limit} (as N in a model file), not {value}",
        "--substeps debe ir de 1 a {limit} (como N en un archivo de modelo), no {value}"),
    "chaosmap.less_than_a_step": (
        "--seconds {seconds} is less than one step of dt = {dt} s: only the start would be looked at",
        "--seconds {seconds} es menos de un paso de dt = {dt} s: solo se miraría el inicio"),
    "chaosmap.too_much_work": (
        "cells × steps × N = {work} state-substeps, more than one map may compute (at most {limit})",
        "celdas × pasos × N = {work} subpasos de estado, más de los que puede calcular un mapa (como mucho {limit})"),
    "chaosmap.too_long": (
        "that map could take about {time} on {processes} (limit: {limit}); ask for a smaller --grid, "
        "fewer --seconds, a larger --dt or fewer --substeps",
        "ese mapa podría tardar unos {time} en {processes} (límite: {limit}); pida un --grid menor, "
        "menos --seconds, un --dt mayor o menos --substeps"),
    "chaosmap.estimate": ("(at most about {time})", "(como mucho unos {time})"),
    "chaosmap.same_output": (
        "--csv and --png name the same file {path}: one would overwrite the other",
        "--csv y --png nombran el mismo archivo {path}: uno sobrescribiría al otro"),
    "chaosmap.until_failed": (
        "--until '{until}' has no value at {x} = {x0}, {y} = {y0}, t = {t} s: its {side} side: {reason}",
        "--until '{until}' no tiene valor en {x} = {x0}, {y} = {y0}, t = {t} s: su lado {side}: {reason}"),
    "chaosmap.left": ("left", "izquierdo"),
    "chaosmap.right": ("right", "derecho"),
    "chaosmap.same_axis": (
        "--x and --y sweep the same condition ({name})", "--x y --y recorren la misma condición ({name})"),
    "chaosmap.plan": (
        "{model}: {grid}×{grid} cells, {x} ∈ [{x0}, {x1}], {y} ∈ [{y0}, {y1}], {seconds} s (dt {dt}, {substeps} "
        "per step), until {until}",
        "{model}: {grid}×{grid} celdas, {x} ∈ [{x0}, {x1}], {y} ∈ [{y0}, {y1}], {seconds} s (dt {dt}, {substeps} "
        "por paso), hasta que {until}"),
    "chaosmap.reached": (
        "{done} of {cells} ({share}) reached the condition",
        "{done} de {cells} ({share}) alcanzaron la condición"),
    "chaosmap.reached_one": (
        "{done} of {cells} ({share}) reached the condition",
        "{done} de {cells} ({share}) alcanzó la condición"),
    "chaosmap.failed": ("; {failed} could not start or failed", "; {failed} no pudieron empezar o fallaron"),
    "chaosmap.failed_one": ("; {failed} could not start or failed", "; {failed} no pudo empezar o falló"),
    "chaosmap.timing": (
        "wall time {wall} s on {processes}: {work} state-substeps ({rate} per second; {nominal} per second "
        "counting cells that left early as if run to the end); {cpu} processor seconds, {per_cpu} per processor second",
        "tiempo real {wall} s en {processes}: {work} subpasos de estado ({rate} por segundo; {nominal} por "
        "segundo contando como completas las celdas que salieron antes); {cpu} segundos de procesador, {per_cpu} "
        "por segundo de procesador"),
    "chaosmap.threads": (" ({count} threads of machine code)", " ({count} hilos de código máquina)"),
    "chaosmap.no_output": (
        "give --png OUT.png and/or --csv OUT.csv: without them the map would be computed and thrown away",
        "dé --png SALIDA.png y/o --csv SALIDA.csv: sin ellos el mapa se calcularía y se perdería"),
    "chaosmap.csv": ("CSV written to {path}", "CSV escrito en {path}"),
    "chaosmap.png": ("picture written to {path}", "imagen escrita en {path}"),
}
