"""The expression language's words (game/expr): what is wrong in an expression, what a name may
be where it stands, and why a value cannot be computed."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
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
    "where.period": (" (periodo may use only the parameters)", " (periodo solo puede usar los parámetros)"),
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
}
