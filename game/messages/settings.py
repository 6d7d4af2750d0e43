"""The words of the settings file (a --config TOML, game/app/settings.py)."""

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
}
