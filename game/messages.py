"""What the program says to people, in Spanish and English.

An error does not carry finished text: it carries a :class:`Message`, a key of
:data:`CATALOGUE` plus its parameters, and the text is written out when it is
shown, in the language of the moment. So the same ``SourceError`` reads
``m.dat:3:7: unknown name 'gg'`` for one user and
``m.dat:3:7: nombre desconocido 'gg'`` for another.

Adding a message: add ``"area.what": ("English {x}", "Español {x}")`` to
:data:`CATALOGUE` (both languages, the same ``{placeholders}``; a test checks
it), then raise ``SourceError(msg("area.what", x=...), location)``. A parameter
may itself be a :class:`Message` (a clause shared by several messages); it is
written in the same language.

The language: :func:`set_language` (the commands call it with ``--lang`` or,
failing that, with :func:`language_from_environment`, which reads ``LC_ALL``,
``LC_MESSAGES`` and ``LANG`` as POSIX does: ``es_MX.UTF-8`` means Spanish).
English until something says otherwise.

Pure Python; never imports pygame or anything else of the program.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

LANGUAGES = ("en", "es")
_current = "en"


def set_language(language: str) -> None:
    """Write messages in ``language`` ('en' or 'es') from now on."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    _current = language


def language() -> str:
    return _current


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """'es' when the locale of the environment is Spanish, else 'en'.

    The first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides (POSIX order)."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


@dataclass(frozen=True)
class Message:
    """A catalogue key and its parameters; ``str()`` writes it in the current language."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, language: str | None = None) -> str:
        lang = language or _current
        template = CATALOGUE[self.key][LANGUAGES.index(lang)]
        values = {k: (v.text(lang) if isinstance(v, (Message, Count)) else v) for k, v in self.params}
        return template.format(**values)

    def __str__(self) -> str:
        return self.text()

    @property
    def arguments(self) -> dict[str, object]:
        return dict(self.params)


def msg(key: str, /, **params: object) -> Message:
    """The message ``key`` of the catalogue with its parameters."""
    if key not in CATALOGUE:
        raise KeyError(f"no message {key!r} in the catalogue")
    return Message(key, tuple(params.items()))


def text(message: str | Message, language: str | None = None) -> str:
    """The text of a message, or a plain string as it is."""
    return message.text(language) if isinstance(message, Message) else message


def counted(count: int, one: str, many: str, shown: str | Count | None = None) -> Message:
    """``count`` things, said with the catalogue key ``one`` when there is exactly one and with
    ``many`` otherwise (both take ``{count}``: ``shown``, the count as written, else ``count``)."""
    return msg(one if count == 1 else many, count=count if shown is None else shown)


def number(value: float) -> str:
    """A number as messages show it: six significant digits."""
    return f"{value:.6g}"


@dataclass(frozen=True)
class Count:
    """A big number written with its thousands grouped as each language groups them: 1,000,000
    in English, 1 000 000 in Spanish (a space that does not break the number: the comma is
    Spanish's decimal mark, so 500,000 read as five hundred)."""

    value: float

    def text(self, language: str | None = None) -> str:
        grouped = f"{self.value:,.0f}"
        return grouped if (language or _current) == "en" else grouped.replace(",", "\u00a0")

    def __str__(self) -> str:
        return self.text()


def thousands(value: float) -> Count:
    """A big count with its thousands grouped, in the language it is written in (:class:`Count`)."""
    return Count(value)


#: key → (English, Spanish). Keys start with the part of the program that says them.
CATALOGUE: dict[str, tuple[str, str]] = {
    # -- the expression language (game/expr) ---------------------------------------------
    "expr.empty": ("empty expression", "expresión vacía"),
    "expr.too_long": (
        "this expression is {length} characters long; the limit is {limit} (split it with parameters)",
        "esta expresión tiene {length} caracteres; el límite es {limit} (divídala con parámetros)"),
    "expr.too_deep": (
        "the expression nests more than {limit} levels deep (parentheses, signs, powers or "
        "function calls); write it in steps with parameters",
        "la expresión anida más de {limit} niveles (paréntesis, signos, potencias o llamadas a "
        "funciones); escríbala por pasos con parámetros"),
    "expr.two_points": ("a number has two decimal points", "un número tiene dos puntos decimales"),
    "expr.missing_operator_between": (
        "missing operator between '{left}' and '{right}' (write {left}·{right})",
        "falta un operador entre '{left}' y '{right}' (escriba {left}·{right})"),
    "expr.number_too_large": ("this number is too large", "este número es demasiado grande"),
    "expr.superscript_minus": (
        "a superscript minus must be followed by superscript digits",
        "un signo menos en superíndice debe ir seguido de cifras en superíndice"),
    "expr.attribute_access": (
        "'.' is not allowed here (attribute access is not part of the language)",
        "aquí no se admite '.' (el acceso a atributos no forma parte del lenguaje)"),
    "expr.inner_quote": (
        "quotes may only wrap the whole expression",
        "las comillas solo pueden rodear la expresión entera"),
    "expr.unexpected_character": ("unexpected character '{char}'", "carácter inesperado '{char}'"),
    "expr.unbalanced_close": (
        "unbalanced parenthesis: ')' without '('", "paréntesis desequilibrado: ')' sin '('"),
    "expr.unbalanced_open": (
        "unbalanced parenthesis: '(' is never closed", "paréntesis desequilibrado: el '(' nunca se cierra"),
    "expr.missing_operator_before": (
        "missing operator before '{token}'", "falta un operador antes de '{token}'"),
    "expr.indexing": (
        "indexing with '[...]' is only allowed as Obj[id,_attr]",
        "los corchetes '[...]' solo se admiten como Obj[id,_atributo]"),
    "expr.stray_comma": (
        "',' outside a function's arguments", "',' fuera de los argumentos de una función"),
    "expr.empty_parentheses": ("empty parentheses", "paréntesis vacíos"),
    "expr.expected_close": ("expected ')' but found '{token}'", "se esperaba ')' pero hay '{token}'"),
    "expr.ends_early": (
        "the expression ends where a value was expected",
        "la expresión termina donde se esperaba un valor"),
    "expr.superscript_alone": (
        "a superscript power needs something before it",
        "una potencia en superíndice necesita algo delante"),
    "expr.operator_alone": ("'{op}' needs a value before it", "'{op}' necesita un valor delante"),
    "expr.unexpected": ("unexpected '{token}'", "'{token}' inesperado"),
    "expr.unknown_function": ("unknown function '{name}'{hint}", "función desconocida '{name}'{hint}"),
    "expr.function_needs_parentheses": (
        "function '{name}' needs its argument in parentheses",
        "la función '{name}' necesita su argumento entre paréntesis"),
    "expr.obj_needs_brackets": (
        "Obj must be followed by [id,_attr]", "Obj debe ir seguido de [id,_atributo]"),
    "expr.needs_argument": ("{name}() needs an argument", "{name}() necesita un argumento"),
    "expr.expected_comma_or_close": (
        "expected ',' or ')' but found '{token}'", "se esperaba ',' o ')' pero hay '{token}'"),
    "expr.at_least_two": (
        "{name} needs at least two arguments", "{name} necesita al menos dos argumentos"),
    "expr.arity_one": ("{name} takes 1 argument, not {given}", "{name} recibe 1 argumento, no {given}"),
    "expr.arity": ("{name} takes {arity} arguments, not {given}", "{name} recibe {arity} argumentos, no {given}"),
    "expr.refs_not_allowed": (
        "Obj[...] references are only allowed in graphic objects",
        "las referencias Obj[...] solo se admiten en los objetos gráficos"),
    "expr.obj_needs_id": (
        "Obj[...] needs an object identifier first, as in Obj[b0,_xf]",
        "Obj[...] necesita primero el identificador de un objeto, como en Obj[b0,_xf]"),
    "expr.obj_needs_comma": (
        "Obj[...] needs a comma between the identifier and the attribute",
        "Obj[...] necesita una coma entre el identificador y el atributo"),
    "expr.obj_attribute": (
        "an attribute starts with '_', as in Obj[b0,_xf]",
        "un atributo empieza por '_', como en Obj[b0,_xf]"),
    "expr.obj_not_closed": ("Obj[...] is not closed with ']'", "Obj[...] no se cierra con ']'"),
    "expr.quote_not_closed": ("this quote ' is never closed", "esta comilla ' nunca se cierra"),
    "expr.unknown_name": ("unknown name '{name}'{what}{hint}", "nombre desconocido '{name}'{what}{hint}"),
    "expr.did_you_mean": (" — did you mean '{word}'?", " — ¿quiso decir '{word}'?"),
    # what may appear where (a clause of expr.unknown_name)
    "where.parameter": (
        " (a parameter value may use only the parameters above it)",
        " (el valor de un parámetro solo puede usar los parámetros anteriores)"),
    "where.condition": (
        " (a condition value may use the parameters)",
        " (el valor de una condición puede usar los parámetros)"),
    "where.system_data": (" (dt and N are numbers)", " (dt y N son números)"),
    "where.tmatrix": (
        " (T may use parameters, coordinates and t)",
        " (T puede usar parámetros, coordenadas y t)"),
    "where.ek": (
        " (Ek may use parameters, coordinates, velocities and t)",
        " (Ek puede usar parámetros, coordenadas, velocidades y t)"),
    "where.ep": (
        " (Ep may use parameters, coordinates and t)",
        " (Ep puede usar parámetros, coordenadas y t)"),
    "where.force": (
        " (a force may use parameters, coordinates, velocities and t)",
        " (una fuerza puede usar parámetros, coordenadas, velocidades y t)"),
    "where.measure": (
        " (a measure may use parameters, coordinates, velocities and t)",
        " (una medida puede usar parámetros, coordenadas, velocidades y t)"),
    "where.range": (" (a range may use the parameters and pi)", " (un intervalo puede usar los parámetros y pi)"),
    "where.until": (
        " (--until may use t, coordinates, velocities, parameters and measures)",
        " (--until puede usar t, coordenadas, velocidades, parámetros y medidas)"),
    "where.graphics": (
        " (graphics may use parameters, coordinates, velocities and t)",
        " (los gráficos pueden usar parámetros, coordenadas, velocidades y t)"),
    "where.gap": (
        " (a gap may use parameters, coordinates and t)",
        " (un hueco puede usar parámetros, coordenadas y t)"),
    "where.restitution": (" (e may use only the parameters)", " (e solo puede usar los parámetros)"),
    "where.friction": (" (mu may use only the parameters)", " (mu solo puede usar los parámetros)"),
    "where.kinetic": (" (mu_k may use only the parameters)", " (mu_k solo puede usar los parámetros)"),
    "where.slip": (
        " (slip may use parameters, coordinates, velocities and t)",
        " (el deslizamiento puede usar parámetros, coordenadas, velocidades y t)"),
    # why a value cannot be computed
    "eval.domain": (
        "no real value here (outside the domain of a function, such as sqrt or log of a "
        "negative number or log of 0)",
        "sin valor real aquí (fuera del dominio de una función, como sqrt o log de un número "
        "negativo o log de 0)"),
    "eval.division_by_zero": ("division by zero", "división entre cero"),
    "eval.zero_negative_power": ("0 raised to a negative power", "0 elevado a una potencia negativa"),
    "eval.overflow": ("a value is too large to compute", "un valor es demasiado grande para calcularlo"),
    "eval.not_finite": (
        "the result is not a finite number (infinite or undefined)",
        "el resultado no es un número finito (infinito o indefinido)"),
    # -- model files (game/model) -------------------------------------------------------------
    "file.unreadable": ("cannot read the file: {reason}", "no se puede leer el archivo: {reason}"),
    "file.too_big": (
        "the file is {size} bytes; model files are limited to {limit} bytes",
        "el archivo tiene {size} bytes; los archivos de modelo se limitan a {limit} bytes"),
    "file.not_regular": (
        "not a file but a pipe, a device or a socket: only files are read",
        "no es un archivo sino una tubería, un dispositivo o un socket: solo se leen archivos"),
    "settings.too_big": (
        "the file is {size} bytes; settings files are limited to {limit} bytes",
        "el archivo tiene {size} bytes; los archivos de ajustes se limitan a {limit} bytes"),
    "settings.cannot_read": ("cannot read: {reason}", "no se puede leer: {reason}"),
    "settings.not_toml": (
        "not TOML: {reason} (the settings are written as `name = value`, one per line)",
        "no es TOML: {reason} (los ajustes se escriben `nombre = valor`, uno por línea)"),
    "settings.too_deep": (
        "lists or tables nested too deeply within each other to be read",
        "listas o tablas anidadas demasiado hondo unas dentro de otras para leerlas"),
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
        "unknown setting '{key}' (known: escala, Ox, Oy, dt, N, nQ)",
        "ajuste desconocido '{key}' (los conocidos son escala, Ox, Oy, dt, N, nQ)"),
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
    "edit.impossible": (
        "with these values the model cannot move ({reason})",
        "con estos valores el modelo no puede moverse ({reason})"),
    "read.translation_cell": (
        "{row}; a cell after the description can only give it in another language, as in 'en: gravity'",
        "{row}; una celda después de la descripción solo puede darla en otro idioma, como en 'en: gravedad'"),
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
    "check.contact_inside": (
        "the initial conditions put contact '{name}' inside (its gap is {gap}; it must be 0 or more)",
        "las condiciones iniciales dejan el contacto '{name}' por dentro (su hueco vale {gap}; debe ser 0 o más)"),
    "check.mechanism_contacts": (
        "a mechanism file cannot have <CONTACTS> (yet): contacts are for models with coordinates, "
        "TMATRIX and energies",
        "un archivo de mecanismo no puede tener <CONTACTS> (todavía): los contactos son para modelos con "
        "coordenadas, TMATRIX y energías"),
    # -- mechanisms: the <MECHANISM> block (game/model/mechanism.py) --------------------------------
    "mechanism.row_cells": (
        "a {tag} row has {count} cells, {layout} (found {found})",
        "una fila {tag} tiene {count} celdas, {layout} (hay {found})"),
    "mechanism.row_cells_range": (
        "a {tag} row has {low} to {high} cells, {layout} (found {found})",
        "una fila {tag} tiene de {low} a {high} celdas, {layout} (hay {found})"),
    # the cells of the rows whose names the manual gives in Spanish (the others are the same words)
    "mechanism.layout_bar": ("id|P1|P2|mass|inertia|width", "id|P1|P2|masa|inercia|ancho"),
    "mechanism.layout_mass": ("id|P|mass|radius", "id|P|masa|radio"),
    "mechanism.layout_spring": ("id|P1|P2|k|length|damping", "id|P1|P2|k|longitud|amortiguamiento"),
    "mechanism.layout_driver": ("id|P1|P2|angle", "id|P1|P2|ángulo"),
    # a cell of a row, as the subject of a sentence
    "mechanism.the_mass": ("the mass", "la masa"),
    "mechanism.the_inertia": ("the inertia", "el momento de inercia"),
    "mechanism.the_width": ("the width", "el ancho"),
    "mechanism.the_radius": ("the radius", "el radio"),
    "mechanism.the_k": ("the k", "la constante k"),
    "mechanism.the_length": ("the length", "la longitud natural"),
    "mechanism.the_damping": ("the damping", "el amortiguamiento"),
    "mechanism.the_angle": ("the angle", "el ángulo"),
    "mechanism.the_angle_rate": ("the rate of change of the angle", "la rapidez de cambio del ángulo"),
    "mechanism.the_fx": ("the force Fx", "la fuerza Fx"),
    "mechanism.the_fy": ("the force Fy", "la fuerza Fy"),
    "mechanism.second_gravity": (
        "a second <GRAVITY> (the first is at line {line})",
        "un segundo <GRAVITY> (el primero está en la línea {line})"),
    "mechanism.what_point": ("point", "punto"),
    "mechanism.what_element": ("element", "elemento"),
    "mechanism.fixed_flag": (
        "fixed must be 1 (a fixed point) or 0 (a free one), not '{text}'",
        "fixed debe ser 1 (punto fijo) o 0 (punto libre), no '{text}'"),
    # what may appear where (clauses of expr.unknown_name)
    "mechanism.where_gravity": (
        " (gravity may use the parameters)", " (la gravedad puede usar los parámetros)"),
    "mechanism.where_point": (
        " (a point's position may use the parameters)",
        " (la posición de un punto puede usar los parámetros)"),
    "mechanism.where_driver": (
        " (a driver's angle may use the parameters and t)",
        " (el ángulo de un motor puede usar los parámetros y t)"),
    "mechanism.where_cell": (
        " ({cell} of a {kind} may use the parameters)",
        " ({cell} de una fila {kind} puede usar los parámetros)"),
    "mechanism.no_free_point": (
        "the mechanism has no free point (fixed = 0): nothing can move",
        "el mecanismo no tiene ningún punto libre (fixed = 0): nada puede moverse"),
    "mechanism.unknown_point": (
        "unknown point '{point}' in {element}{hint}", "punto desconocido '{point}' en {element}{hint}"),
    "mechanism.joins_itself": (
        "{element} joins point '{point}' to itself (a bar of zero length)",
        "{element} une el punto '{point}' consigo mismo (una barra de longitud cero)"),
    "mechanism.slider_same_points": (
        "{element}: the line through '{a}' and '{b}' needs two different points",
        "{element}: la recta que pasa por '{a}' y '{b}' necesita dos puntos distintos"),
    "mechanism.slider_own_line": (
        "{element}: the sliding point '{point}' must not be one of the points of its line",
        "{element}: el punto que se desliza, '{point}', no puede ser uno de los que definen su guía"),
    "mechanism.driver_fixed": (
        "{element} turns two fixed points: one of them must be free",
        "{element} hace girar dos puntos fijos: uno de ellos debe ser libre"),
    "mechanism.force_on_fixed": (
        "a force on the fixed point '{point}' does nothing",
        "una fuerza sobre el punto fijo '{point}' no hace nada"),
    "mechanism.position_value": (
        "the position of point {point} cannot be computed: {reason}",
        "la posición del punto {point} no se puede calcular: {reason}"),
    "mechanism.position_not_finite": (
        "the position of point {point} is not a finite number",
        "la posición del punto {point} no es un número finito"),
    "mechanism.cell_value": (
        "{cell} of {element} cannot be computed: {reason}",
        "{cell} de {element} no se puede calcular: {reason}"),
    "mechanism.cell_value_at": (
        "{cell} of {element} cannot be computed at t = {t}: {reason}",
        "{cell} de {element} no se puede calcular en t = {t}: {reason}"),
    "mechanism.gravity_value": (
        "the gravity cannot be computed: {reason}", "la gravedad no se puede calcular: {reason}"),
    "mechanism.negative": (
        "{cell} of {element} must be a number ≥ 0, not {value}",
        "{cell} de {element} debe ser un número ≥ 0, no {value}"),
    "mechanism.reaction_column_taken": (
        "the reaction of {element} is the column '{column}', which is already a coordinate or velocity of "
        "point '{point}'; rename one of them",
        "la reacción de {element} es la columna '{column}', que ya es una coordenada o velocidad del punto "
        "'{point}'; cambie el nombre de uno de los dos"),
    "mechanism.zero_length": (
        "{element} has zero length: points '{p1}' and '{p2}' start at the same place",
        "{element} tiene longitud cero: los puntos '{p1}' y '{p2}' empiezan en el mismo lugar"),
    "mechanism.slider_no_line": (
        "{element}: points '{a}' and '{b}' start at the same place, so they define no line to slide on",
        "{element}: los puntos '{a}' y '{b}' empiezan en el mismo lugar, así que no definen ninguna "
        "recta sobre la cual deslizarse"),
    "mechanism.driver_no_direction": (
        "{element}: points '{p1}' and '{p2}' start at the same place, so they define no direction to turn",
        "{element}: los puntos '{p1}' y '{p2}' empiezan en el mismo lugar, así que no definen ninguna "
        "dirección que el motor pueda girar"),
    # mechanisms that move (game/physics/mechanism.py)
    "mechanism.cannot_assemble": (
        "the initial points cannot be assembled: {reason}",
        "los puntos iniciales no se pueden ensamblar: {reason}"),
    "mechanism.cannot_assemble_at": (
        "the initial points cannot be assembled: {reason}; {element} is the one furthest from being met",
        "los puntos iniciales no se pueden ensamblar: {reason}; {element} es la ligadura que más lejos "
        "queda de cumplirse"),
    "mechanism.dead_start": (
        "the initial points are at a dead point (bars lined up, the constraints do not fix the motion there): "
        "start the mechanism a little away from it",
        "los puntos iniciales están en un punto muerto (barras alineadas: ahí las ligaduras no fijan el "
        "movimiento): empiece el mecanismo un poco lejos de él"),
    "mechanism.cannot_move": (
        "the mechanism cannot move: its {n} coordinates are fixed by {rank} independent constraints "
        "(remove a bar, or add a DRIVER to move it)",
        "el mecanismo no puede moverse: sus {n} coordenadas quedan fijadas por {rank} ligaduras "
        "independientes (quite una barra o agregue un DRIVER que lo mueva)"),
    "mechanism.massless": (
        "a motion the constraints allow moves no mass (points {points}): give the bars a mass, or put a "
        "MASS on those points",
        "un movimiento que las ligaduras permiten no mueve ninguna masa (puntos {points}): dé masa a las "
        "barras o ponga una MASS en esos puntos"),
    "mechanism.driver_opposite": (
        "{element}: the direction {p1}→{p2} of the assembled points is opposite to the driver's angle at "
        "t = 0 ({angle}°)",
        "{element}: la dirección {p1}→{p2} de los puntos ensamblados es opuesta al ángulo del motor en "
        "t = 0 ({angle}°)"),
    "mechanism.constraints_value": (
        "the constraints cannot be computed: {reason}", "las ligaduras no se pueden calcular: {reason}"),
    "mechanism.unmet": (
        "the constraints cannot all be met (the points are too far from any position the bars, sliders and "
        "drivers allow, or the mechanism is at a dead point)",
        "no se pueden cumplir todas las ligaduras (los puntos están demasiado lejos de toda posición que "
        "permiten las barras, correderas y motores, o el mecanismo está en un punto muerto)"),
    "mechanism.singular": (
        "singular configuration: the constraints no longer fix the motion (a dead point, where bars line up)",
        "configuración singular: las ligaduras ya no fijan el movimiento (un punto muerto, donde las barras "
        "se alinean)"),
    "mechanism.singular_unmet": (
        "singular configuration: the constraints cannot be met any more (a dead point, where bars line up)",
        "configuración singular: las ligaduras ya no se pueden cumplir (un punto muerto, donde las barras "
        "se alinean)"),
    "mechanism.singular_accelerations": (
        "singular configuration: the constraints no longer fix the accelerations (a dead point, where bars "
        "line up)",
        "configuración singular: las ligaduras ya no fijan las aceleraciones (un punto muerto, donde las "
        "barras se alinean)"),
    "mechanism.ran_away": (
        "the motion diverged within one step: a force, a spring or a driver is too strong or changes too "
        "fast for the step dt/N (after it the constraints could not be met, but the bars were not at a "
        "dead point)",
        "el movimiento divergió dentro de un paso: una fuerza, un resorte o un motor es demasiado fuerte o "
        "cambia demasiado rápido para el paso dt/N (después no se pudieron cumplir las ligaduras, pero las "
        "barras no estaban en un punto muerto)"),
    "mechanism.numbers_too_large": (
        "the mechanism's numbers are too large to compute with (a length squared, a mass times gravity or a "
        "stiffness is not a finite number)",
        "los números del mecanismo son demasiado grandes para calcular con ellos (una longitud al "
        "cuadrado, una masa por la gravedad o una rigidez no dan un número finito)"),
    "mechanism.energy_value": (
        "the potential energy cannot be computed: {reason}", "la energía potencial no se puede calcular: {reason}"),
    "mechanism.velocities_not_finite": ("the velocities are not finite", "las velocidades no son finitas"),
    "mechanism.stage_value": (
        "the forces or constraints cannot be computed: {reason}",
        "las fuerzas o las ligaduras no se pueden calcular: {reason}"),
    "mechanism.stage_not_finite": (
        "the forces or constraints are not finite numbers",
        "las fuerzas o las ligaduras no dan números finitos"),
    # -- the engine (game/physics) ------------------------------------------------------------
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
    # -- the commands (game/app/commands.py) ---------------------------------------------------
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
    # the screenshot command (game/app/screenshot.py)
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
    # the plots and the chaos control of the window (game/app/plotting.py)
    "plot.spread": ("spread", "dispersión"),
    "plot.log_scale": ("{name} (log scale)", "{name} (escala log)"),
    # the chaos map (game/app/chaosmap.py)
    "chaosmap.not_a_condition": (
        "{option} {name}: not a coordinate or velocity of this model (they are: {names}){hint}",
        "{option} {name}: no es una coordenada ni una velocidad de este modelo (son: {names}){hint}"),
    "chaosmap.range_needed": (
        "{option} {name}: give the range to sweep, as in {option} {name}=-1:1",
        "{option} {name}: dé el intervalo que se recorre, como en {option} {name}=-1:1"),
    "chaosmap.range_syntax": (
        "{option} {name}=LO:HI expects two values separated by ':', not '{span}'",
        "{option} {name}=LO:HI espera dos valores separados por ':', no '{span}'"),
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
    "chaosmap.mechanism": (
        "chaosmap follows models of coordinates and energies; a mechanism has no batch path yet",
        "chaosmap sigue modelos de coordenadas y energías; un mecanismo aún no tiene la vía por lotes"),
    "chaosmap.events": (
        "chaosmap cannot follow this model: it has events (contacts), which the batch path does not handle yet",
        "chaosmap no puede seguir este modelo: tiene eventos (contactos), que la vía por lotes aún no maneja"),
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
    "chaosmap.no_output": (
        "give --png OUT.png and/or --csv OUT.csv: without them the map would be computed and thrown away",
        "dé --png SALIDA.png y/o --csv SALIDA.csv: sin ellos el mapa se calcularía y se perdería"),
    "chaosmap.csv": ("CSV written to {path}", "CSV escrito en {path}"),
    "chaosmap.png": ("picture written to {path}", "imagen escrita en {path}"),
}
