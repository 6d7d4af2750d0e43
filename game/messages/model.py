"""The words of model files (game/model): reading a file and its rows, checking what they say,
Obj[...] references, contacts and models.xml."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "file.unreadable": ("cannot read the file: {reason}", "no se puede leer el archivo: {reason}"),
    "file.too_big": (
        "the file is {size} bytes; model files are limited to {limit} bytes",
        "el archivo tiene {size} bytes; los archivos de modelo se limitan a {limit} bytes"),
    "file.not_regular": (
        "not a file but a pipe, a device or a socket: only files are read",
        "no es un archivo sino una tubería, un dispositivo o un socket: solo se leen archivos"),
    "file.not_utf8": (
        "the file is not UTF-8 text (save it as UTF-8 in your editor)",
        "el archivo no es texto UTF-8 (guárdelo como UTF-8 en su editor)"),
    "file.too_many_problems": (
        "more than {limit} problems; the rest of the file was not checked",
        "más de {limit} problemas; el resto del archivo no se revisó"),
    "file.too_many_rows": (
        "more than {limit} rows; a model that can run has a few thousand (the rest of the file was not read)",
        "más de {limit} filas; un modelo que se puede mover tiene unos pocos miles (el resto del archivo "
        "no se leyó)"),
    "file.too_much_text": (
        "the expressions of this file add up to more than {limit} characters (the rest of the file was not read)",
        "las expresiones de este archivo suman más de {limit} caracteres (el resto del archivo no se leyó)"),
    "read.row_not_closed_before": (
        "<{row}> is not closed before <{tag}>", "<{row}> no se cierra antes de <{tag}>"),
    "read.block_inside_block": (
        "<{name}> opens inside <{block}>; close <{block}> first",
        "<{name}> se abre dentro de <{block}>; cierre <{block}> antes"),
    "read.second_block": (
        "a second <{name}> block (the first is at line {line})",
        "un segundo bloque <{name}> (el primero está en la línea {line})"),
    "read.close_not_open": (
        "</{name}> closes a block that is not open", "</{name}> cierra un bloque que no está abierto"),
    "read.row_inside": ("<{name}> row inside <{block}>", "fila <{name}> dentro de <{block}>"),
    "read.row_outside": ("<{name}> row outside its block", "fila <{name}> fuera de su bloque"),
    "read.close_without_open": (
        "</{name}> without a matching <{name}>", "</{name}> sin su <{name}>"),
    "read.unknown_tag": ("unknown tag <{tag}>", "etiqueta desconocida <{tag}>"),
    "read.row_never_closed": ("<{row}> is never closed", "<{row}> nunca se cierra"),
    "read.block_never_closed": ("<{block}> is never closed", "<{block}> nunca se cierra"),
    "read.stray_text": ("text outside any row: '{text}'", "texto fuera de toda fila: '{text}'"),
    "read.general_not_key_value": (
        "expected key=value in <GENERAL>, found '{text}'",
        "se esperaba clave=valor en <GENERAL>, pero hay '{text}'"),
    "read.unknown_setting": (
        "unknown setting '{key}' (known: escala, Ox, Oy, dt, N, nQ, periodo)",
        "ajuste desconocido '{key}' (los conocidos son escala, Ox, Oy, dt, N, nQ, periodo)"),
    "read.setting_not_number": (
        "{key} must be a decimal number (such as 0.02 or 2e-2), not '{value}'",
        "{key} debe ser un número decimal (como 0.02 o 2e-2), no '{value}'"),
    "read.setting_twice": ("{key} is set twice", "{key} se define dos veces"),
    "read.bad_name": (
        "'{text}' is not a valid {what} name (letters, digits and _, starting with a letter)",
        "'{text}' no es un nombre válido de {what} (letras, cifras y _, empezando por una letra)"),
    "read.empty": ("(empty)", "(vacío)"),
    "what.parameter": ("parameter", "parámetro"),
    "what.condition": ("condition", "condición"),
    "what.coordinate": ("coordinate", "coordenada"),
    "what.constraint": ("constraint", "ligadura"),
    "what.object": ("object", "objeto"),
    "what.parent": ("parent object", "objeto padre"),
    "what.measure": ("measure", "medida"),
    "read.measure_cells": (
        "a measure row has 3 cells, name|'expression'|description (found {found})",
        "una fila de medida tiene 3 celdas, nombre|'expresión'|descripción (hay {found})"),
    "what.contact": ("contact", "contacto"),
    "read.second_energy": ("a second <{tag}>", "un segundo <{tag}>"),
    "read.definition_cells": (
        "a {what} row has 3 cells, name|value|description (found {found})",
        "una fila de {what} tiene 3 celdas, nombre|valor|descripción (hay {found})"),
    "read.t_cells": (
        "a T row has 2 cells, i,j|'expression' (found {found})",
        "una fila T tiene 2 celdas, i,j|'expresión' (hay {found})"),
    "read.t_indices": (
        "T indices must be two whole numbers from 0, as in 0,1 (found '{text}')",
        "los índices de T deben ser dos números enteros desde 0, como en 0,1 (hay '{text}')"),
    "read.t_index_too_large": (
        "T index '{text}' is too large (indices go from 0 to nQ − 1)",
        "el índice de T '{text}' es demasiado grande (los índices van de 0 a nQ − 1)"),
    "read.translation_cell": (
        "{row}; a cell after the description can only give it in another language, as in 'en: gravity'",
        "{row}; una celda después de la descripción solo puede darla en otro idioma, como en 'en: gravedad'"),
    "read.extra_twice": ("the row gives its {key} twice", "la fila da su {key} dos veces"),
    "read.range_cell": (
        "a range is written 'range: LO:HI', two expressions of the parameters (found '{text}')",
        "un intervalo se escribe 'range: LO:HI', dos expresiones de los parámetros (hay '{text}')"),
    "read.force_cells": (
        "a force row has 3 cells, COORDINATE|'expression'|description (found {found})",
        "una fila de fuerza tiene 3 celdas, COORDENADA|'expresión'|descripción (hay {found})"),
    "read.unknown_graphic": (
        "unknown graphic object '{kind}' (known: Bar, Blk, C, Spr)",
        "objeto gráfico desconocido '{kind}' (los conocidos son Bar, Blk, C, Spr)"),
    "read.graphic_cells": (
        "{kind} has {count} cells, {layout} (found {found})",
        "{kind} tiene {count} celdas, {layout} (hay {found})"),
    "read.flag": ("{field} must be 1 or 0, not '{text}'", "{field} debe ser 1 o 0, no '{text}'"),
    "read.block_missing": ("the <{tag}> block is missing", "falta el bloque <{tag}>"),
    "read.general_missing": ("<GENERAL> does not set {key}", "<GENERAL> no define {key}"),
    "read.whole_number": (
        "{key} must be a whole number of at least 1, not {value}",
        "{key} debe ser un número entero de al menos 1, no {value}"),
    "read.dt_positive": ("dt must be positive, not {value}", "dt debe ser positivo, no {value}"),
    "read.setting_infinite": (
        "{key} = {text} is too large to be a number here",
        "{key} = {text} es demasiado grande para ser un número aquí"),
    "read.escala": (
        "escala must be a positive number of pixels per unit, not {value}",
        "escala debe ser un número positivo de píxeles por unidad, no {value}"),
    "read.escala_range": (
        "escala = {value} pixels per unit cannot be drawn; use a value from {low} to {high}",
        "escala = {value} píxeles por unidad no se puede dibujar; use un valor de {low} a {high}"),
    "read.offset_range": (
        "{key} = {value} pixels is off any screen; use a value from −{limit} to {limit}",
        "{key} = {value} píxeles queda fuera de toda pantalla; use un valor de −{limit} a {limit}"),
    "read.n_too_large": (
        "N = {value} substeps per step is more than can be computed in time (at most {limit})",
        "N = {value} subpasos por paso es más de lo que se puede calcular a tiempo (como mucho {limit})"),
    "read.nq_too_large": (
        "nQ = {value} coordinates is more than this program can run (at most {limit})",
        "nQ = {value} coordenadas es más de lo que este programa puede mover (como mucho {limit})"),
    "read.dt_range": (
        "dt = {value} s is outside the range that can be animated ({low} to {high} s)",
        "dt = {value} s está fuera del rango que se puede animar (de {low} a {high} s)"),
    "read.rate": (
        "dt = {dt} with N = {n} means {rate} substeps per simulated second; at most {limit} can be "
        "computed in time (raise dt or lower N)",
        "dt = {dt} con N = {n} son {rate} subpasos por segundo simulado; como mucho se pueden "
        "calcular {limit} a tiempo (aumente dt o reduzca N)"),
    "read.no_energy": ("<ENERGIES> has no <{tag}>", "<ENERGIES> no tiene <{tag}>"),
    "read.mechanism_block": (
        "a mechanism file has no <{tag}> block: its points, bars and other elements give the coordinates, "
        "energies and forces",
        "un archivo de mecanismo no tiene bloque <{tag}>: sus puntos, barras y demás elementos dan las "
        "coordenadas, las energías y las fuerzas"),
    "read.mechanism_graphics": (
        "a mechanism file has no <G> rows: its bars, masses, sliders and springs are drawn",
        "un archivo de mecanismo no tiene filas <G>: se dibujan sus barras, masas, deslizaderas y resortes"),
    "read.mechanism_nq": (
        "nQ={value}, but a mechanism's coordinates are the x and y of its free points: {count} here (leave nQ out)",
        "nQ={value}, pero las coordenadas de un mecanismo son la x y la y de sus puntos libres: aquí {count} "
        "(omita nQ)"),
    # validation (game/model/validate.py)
    "check.reserved": (
        "'{name}' is a reserved word and cannot name a {what}",
        "'{name}' es una palabra reservada y no puede nombrar un {what}"),
    "check.defined_twice": (
        "'{name}' is defined twice (first at line {line})",
        "'{name}' se define dos veces (la primera en la línea {line})"),
    "check.ci_count": (
        "nQ={n} but <CIs> has {rows}; it needs {needed}: the {n} coordinates, then their {n} velocities",
        "nQ={n} pero <CIs> tiene {rows}; necesita {needed}: las {n} coordenadas y luego sus "
        "{n} velocidades"),
    "check.ci_count_one": (
        "nQ={n} but <CIs> has {rows}; it needs {needed}: the coordinate, then its velocity",
        "nQ={n} pero <CIs> tiene {rows}; necesita {needed}: la coordenada y luego su velocidad"),
    "check.t_outside": (
        "T index {i},{j} is outside a {n}×{n} matrix (indices go from 0 to {last})",
        "el índice {i},{j} de T está fuera de una matriz de {n}×{n} (los índices van de 0 a {last})"),
    "check.t_twice": (
        "T entry {i},{j} is given twice (first at line {line})",
        "la entrada {i},{j} de T se da dos veces (la primera en la línea {line})"),
    "check.t_not_symmetric": (
        "T is not symmetric: entry {i},{j} is given but {j},{i} is missing (missing entries are 0)",
        "T no es simétrica: se da la entrada {i},{j} pero falta la {j},{i} (las que faltan valen 0)"),
    "check.ep_velocity": (
        "Ep may not depend on the velocity '{name}' (velocity terms belong in Ek)",
        "Ep no puede depender de la velocidad '{name}' (los términos con velocidades van en Ek)"),
    "check.force_not_coordinate": (
        "'{name}' is not a coordinate; a force row starts with one of: {coordinates}",
        "'{name}' no es una coordenada; una fila de fuerza empieza por una de: {coordinates}"),
    "check.measure_name": (
        "'{name}' cannot name a measure: it is a reserved word or a column of the results",
        "'{name}' no puede nombrar una medida: es una palabra reservada o una columna de los resultados"),
    "check.measure_taken": (
        "'{name}' is already a parameter or a condition; give the measure another name",
        "'{name}' ya es un parámetro o una condición; dé otro nombre a la medida"),
    "check.measure_reaction": (
        "'{name}' is the column of the reaction of {element}; give the measure another name",
        "'{name}' es la columna de la reacción de {element}; dé otro nombre a la medida"),
    "check.point_twice": (
        "point '{name}' is defined twice (first at line {line})",
        "el punto '{name}' se define dos veces (la primera vez en la línea {line})"),
    "check.measure_twice": (
        "measure '{name}' is defined twice (first at line {line})",
        "la medida '{name}' se define dos veces (la primera en la línea {line})"),
    "check.object_twice": (
        "object '{name}' is defined twice (first at line {line})",
        "el objeto '{name}' se define dos veces (la primera en la línea {line})"),
    "check.parent_missing": (
        "parent '{parent}' of '{name}' is not an object of this model",
        "el padre '{parent}' de '{name}' no es un objeto de este modelo"),
    "check.t_entry_value": (
        "T entry {i},{j} cannot be computed at the initial conditions: {reason}",
        "la entrada {i},{j} de T no se puede calcular en las condiciones iniciales: {reason}"),
    "check.t_not_symmetric_values": (
        "T is not symmetric at the initial conditions: T[{i},{j}] = {a} but T[{j},{i}] = {b}",
        "T no es simétrica en las condiciones iniciales: T[{i},{j}] = {a} pero T[{j},{i}] = {b}"),
    "check.ek_not_differentiable": (
        "Ek cannot be differentiated at the initial conditions: {reason}",
        "Ek no se puede derivar en las condiciones iniciales: {reason}"),
    "check.t_disagrees": (
        "TMATRIX disagrees with Ek: T[{i},{j}] = {t} but {derivative} = {h} at the initial conditions",
        "TMATRIX no concuerda con Ek: T[{i},{j}] = {t} pero {derivative} = {h} en las condiciones iniciales"),
    "check.t_not_positive": (
        "T is not positive definite at the initial conditions (smallest eigenvalue {value}); "
        "the kinetic energy must be positive for every motion",
        "T no es definida positiva en las condiciones iniciales (autovalor menor {value}); "
        "la energía cinética debe ser positiva para todo movimiento"),
    "check.energy_value": (
        "{what} cannot be computed at the initial conditions: {reason}",
        "{what} no se puede calcular en las condiciones iniciales: {reason}"),
    "check.force_value": (
        "the force on {name} cannot be computed at the initial conditions: {reason}",
        "la fuerza sobre {name} no se puede calcular en las condiciones iniciales: {reason}"),
    "check.graphic_value": (
        "{field} of '{name}' cannot be computed at the initial conditions: {reason}",
        "{field} de '{name}' no se puede calcular en las condiciones iniciales: {reason}"),
    "check.period_value": (
        "periodo cannot be computed: {reason}", "periodo no se puede calcular: {reason}"),
    "check.period_positive": (
        "periodo must be a positive number of seconds, not {value}",
        "periodo debe ser un número positivo de segundos, no {value}"),
    "check.range_value": (
        "the range of {name} cannot be computed: {reason}", "el intervalo de {name} no se puede calcular: {reason}"),
    "check.range_order": (
        "the range of {name} must go from a lower to a higher number (it goes from {low} to {high})",
        "el intervalo de {name} debe ir de un número menor a uno mayor (va de {low} a {high})"),
    "check.value": (
        "the value of {name} cannot be computed: {reason}",
        "el valor de {name} no se puede calcular: {reason}"),
    "check.too_big_to_run": (
        "this model is too big to run: {reason}", "este modelo es demasiado grande para moverse: {reason}"),
    # Obj[...] references (game/model/graphics.py)
    "obj.cycle": ("Obj[...] references form a cycle: {path}", "las referencias Obj[...] forman un ciclo: {path}"),
    "obj.text_attribute": ("{attr} is a text value, not a number", "{attr} es un texto, no un número"),
    "obj.spring_k": (
        "a spring's _k is not available: a Spr row has no stiffness field; write the constant as a parameter",
        "el _k de un resorte no está disponible: una fila Spr no tiene campo de rigidez; escriba la "
        "constante como parámetro"),
    "obj.no_attribute": (
        "a {kind} ({code}) has no attribute {attr}{hint} (it has {known})",
        "un {kind} ({code}) no tiene el atributo {attr}{hint} (tiene {known})"),
    "obj.missing_object": (
        "Obj[{obj},{attr}] refers to a missing object '{obj}'{hint}",
        "Obj[{obj},{attr}] se refiere a un objeto que no existe, '{obj}'{hint}"),
    # models.xml (game/model/catalog.py)
    "catalog.not_xml": ("not well-formed XML: {reason}", "XML mal formado: {reason}"),
    "catalog.root": (
        "the root element must be <MODELS>, not <{tag}>", "el elemento raíz debe ser <MODELS>, no <{tag}>"),
    "catalog.no_file": ("model {number} has no <FILE>", "el modelo {number} no tiene <FILE>"),
    "catalog.no_title": ("model {file} has no <TITLE>", "el modelo {file} no tiene <TITLE>"),
    "catalog.missing_file": (
        "listed model file '{file}' does not exist in {folder}",
        "el archivo de modelo listado '{file}' no existe en {folder}"),
    "catalog.outside": (
        "'{file}' is not a file of {folder}: a listed model is named from that folder (no '..', no absolute path)",
        "'{file}' no es un archivo de {folder}: un modelo listado se nombra desde esa carpeta (sin '..' ni ruta absoluta)"),
    "catalog.empty": ("the catalog lists no models", "el catálogo no lista ningún modelo"),
    "catalog.duplicate": (
        "warning: '{file}' is listed again (first at line {line}); the menu shows it twice",
        "aviso: '{file}' aparece otra vez (la primera en la línea {line}); el menú lo muestra dos veces"),
    "catalog.duplicate_title": (
        "warning: the title '{title}' is used again (first at line {line})",
        "aviso: el título '{title}' se repite (el primero en la línea {line})"),
    # contacts (SPEC §7.3)
    "read.contact_cells": (
        "a contact row has 5 to 7 cells, id|'gap'|'e'|'mu'|'slip'|description|'mu_k', the description and "
        "mu_k optional (found {found})",
        "una fila de contacto tiene de 5 a 7 celdas, id|'hueco'|'e'|'mu'|'deslizamiento'|descripción|'mu_k', la "
        "descripción y mu_k opcionales (hay {found})"),
    "read.too_many_free_points": (
        "more than {limit} free points: a mechanism's coordinates are the x and y of its free points, and a "
        "model has at most {coordinates} (the rest of the file was not read)",
        "más de {limit} puntos libres: las coordenadas de un mecanismo son la x y la y de sus puntos libres, "
        "y un modelo tiene como mucho {coordinates} (el resto del archivo no se leyó)"),
    "read.too_many_mechanism_rows": (
        "more than {limit} rows in <MECHANISM> (points and elements); this many could not be followed in time "
        "(the rest of the file was not read)",
        "más de {limit} filas en <MECHANISM> (puntos y elementos); no se podrían seguir a tiempo (el resto "
        "del archivo no se leyó)"),
    "read.too_many_contacts": (
        "more than {limit} contacts; this many could not be followed in time (the rest of the file was not read)",
        "más de {limit} contactos; no se podrían seguir a tiempo (el resto del archivo no se leyó)"),
    "check.slip_not_linear": (
        "slip must be linear in the velocities (as in 'vx' or 'vx + r·vθ'), but it is not linear in '{name}'",
        "el deslizamiento debe ser lineal en las velocidades (como 'vx' o 'vx + r·vθ'), pero no es lineal "
        "en '{name}'"),
    "check.restitution_range": (
        "e (restitution) of contact '{name}' must be between 0 and 1, but it is {value}",
        "e (restitución) del contacto '{name}' debe estar entre 0 y 1, pero vale {value}"),
    "check.friction_range": (
        "mu (friction) of contact '{name}' must be 0 or more, but it is {value}",
        "mu (fricción) del contacto '{name}' debe ser 0 o más, pero vale {value}"),
    "check.kinetic_range": (
        "mu_k (kinetic friction) of contact '{name}' must be between 0 and mu = {mu}, but it is {value}",
        "mu_k (fricción cinética) del contacto '{name}' debe estar entre 0 y mu = {mu}, pero vale {value}"),
    "check.kinetic_value": (
        "mu_k (kinetic friction) of contact '{name}' cannot be computed: {reason}",
        "mu_k (fricción cinética) del contacto '{name}' no se puede calcular: {reason}"),
    "check.restitution_value": (
        "e (restitution) of contact '{name}' cannot be computed: {reason}",
        "e (restitución) del contacto '{name}' no se puede calcular: {reason}"),
    "check.friction_value": (
        "mu (friction) of contact '{name}' cannot be computed: {reason}",
        "mu (fricción) del contacto '{name}' no se puede calcular: {reason}"),
    "check.gap_value": (
        "the gap of contact '{name}' cannot be computed at the initial conditions: {reason}",
        "el hueco del contacto '{name}' no se puede calcular en las condiciones iniciales: {reason}"),
    "check.gap_constant": (
        "the gap of contact '{name}' does not depend on the coordinates, so the bodies can never close it: it "
        "must be 0 where they touch and below 0 inside (as 'y - r')",
        "el hueco del contacto '{name}' no depende de las coordenadas, así que los cuerpos nunca lo cierran: "
        "debe valer 0 donde se tocan y menos de 0 por dentro (como 'y - r')"),
    "check.gap_never_negative": (
        "the gap of contact '{name}' is never below 0, whatever the coordinates, so it can never stop anything "
        "(a crossing of 0 is what is looked for): it must be 0 where the bodies touch and below 0 inside "
        "(as 'y - r', not 'abs(y - r)' or '(y - r)²')",
        "el hueco del contacto '{name}' nunca es menor que 0, sean cuales sean las coordenadas, así que no "
        "puede detener nada (lo que se vigila es que cruce el 0): debe valer 0 donde los cuerpos se tocan y "
        "menos de 0 por dentro (como 'y - r', no 'abs(y - r)' ni '(y - r)²')"),
    "check.gap_flat": (
        "the gap of contact '{name}' reaches 0 with no slope (its derivatives by the coordinates are all 0 "
        "there, at {where}), so it cannot push: it must cross 0 with a slope (as 'y - r', not '(y - r)³')",
        "el hueco del contacto '{name}' llega a 0 sin pendiente (sus derivadas respecto a las coordenadas "
        "valen 0 ahí, en {where}), así que no puede empujar: debe cruzar el 0 con pendiente (como 'y - r', "
        "no '(y - r)³')"),
    "check.gap_gentle": (
        "the gap of contact '{name}' changes by only {slope} per unit of the coordinates (at least "
        "{least} is needed): contacts are found to 1e-9 of the gap, so the bodies would stop short or pass "
        "through; write the gap in the coordinates' units (as 'y - r')",
        "el hueco del contacto '{name}' cambia solo {slope} por unidad de las coordenadas (hace "
        "falta al menos {least}): los contactos se encuentran a 1e-9 del hueco, así que los cuerpos se "
        "detendrían antes o se atravesarían; escriba el hueco en las unidades de las coordenadas (como 'y - r')"),
    "check.gap_inexact": (
        "the gap of contact '{name}' cannot be computed to the digits its motion needs: its derivative is {slope} "
        "but its values change by {change} per unit (its terms cancel to round-off); write it without large "
        "terms that cancel (as 'y - r')",
        "el hueco del contacto '{name}' no se puede calcular con las cifras que su movimiento necesita: su "
        "derivada vale {slope} pero sus valores cambian {change} por unidad (sus términos se cancelan hasta el "
        "redondeo); escríbalo sin términos grandes que se cancelen (como 'y - r')"),
    "check.friction_huge": (
        "{key} (friction) of contact '{name}' is {value}, more than {most}: friction that large swamps the "
        "impulses to the last digit (a contact that must not slide needs a mu of a few units)",
        "{key} (fricción) del contacto '{name}' vale {value}, más de {most}: una fricción tan grande anega los "
        "impulsos hasta la última cifra (un contacto que no debe deslizar necesita un mu de unas pocas unidades)"),
    "read.contact_translation": (
        "'{text}' is a translation, but a contact's description has none: the cell after it is mu_k "
        "(id|'gap'|'e'|'mu'|'slip'|description|'mu_k')",
        "'{text}' es una traducción, pero la descripción de un contacto no tiene: la celda que la sigue es mu_k "
        "(id|'hueco'|'e'|'mu'|'deslizamiento'|descripción|'mu_k')"),
    "check.contact_inside": (
        "the initial conditions put contact '{name}' inside (its gap is {gap}; it must be 0 or more)",
        "las condiciones iniciales dejan el contacto '{name}' por dentro (su hueco vale {gap}; debe ser 0 o más)"),
}
