"""What watches the motion (SPEC §7.4, §8): trails and the history (:mod:`.records`), measures,
what plots draw (:mod:`.series`), ensembles and the Lyapunov exponent (:mod:`.ensemble`), the
Poincaré section (:mod:`.poincare`). Observers see a simulation through
:class:`~.watched.Watched`, never by importing it."""
