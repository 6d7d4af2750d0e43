"""The words of the settings file (a --config TOML, game/app/files/settings.py): why it cannot be read,
and what is wrong in it, line by line."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
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
    # what is wrong in a settings file, line by line
    "settings.unknown": (
        "{where}: '{key}' is not a setting (the settings are: {known}); ignored",
        "{where}: '{key}' no es un ajuste (los ajustes son: {known}); se ignora"),
    "settings.refused": (
        "{where}: {key} = {value}: {rule}; using {default}",
        "{where}: {key} = {value}: {rule}; se usa {default}"),
    "settings.more": (
        "… and {count} more unknown keys in {path}",
        "… y {count} claves desconocidas más en {path}"),
    # what a setting's value must be
    "settings.rule.between": ("must be a number from {low} to {high}", "debe ser un número entre {low} y {high}"),
    "settings.rule.int_between": (
        "must be a whole number from {low} to {high}",
        "debe ser un entero entre {low} y {high}"),
    "settings.rule.bool": ("must be true or false", "debe ser true o false"),
    "settings.rule.one_of": ("must be one of: {choices}", "debe ser uno de: {choices}"),
    "settings.default_attract": ("the program's own loop", "el recorrido del programa"),
}
