"""The commands besides the window: check, simulate, screenshot, chaosmap, the benchmarks and the soak."""
