"""Contacts of a Lagrangian model (SPEC §7.3): their generated terms (:mod:`.emit`), a contact in
numbers (:mod:`.terms`), what they do at one instant (:mod:`.contacts`: impulses at impacts,
:mod:`.impacts`, and forces while resting, :mod:`.resting`, both solved as complementarity
problems, :mod:`.complementarity`), and the stepper that finds the instants where they act
(:mod:`.stepper`)."""

from .contacts import Contacts
from .stepper import ContactRK4
from .terms import BoundContact, bind_contacts

__all__ = ["BoundContact", "ContactRK4", "Contacts", "bind_contacts"]
