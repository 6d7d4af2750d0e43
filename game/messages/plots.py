"""The words of the plots and the chaos control (game/app/plotting.py)."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "plot.spread": ("spread", "dispersión"),
    "plot.log_scale": ("{name} (log scale)", "{name} (escala log)"),
}
