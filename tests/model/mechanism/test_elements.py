"""The base of every kind of row (game/model/mechanism/elements.py): each kind's class puts itself
in KINDS by its tag, every module of the kinds package is found without a list, and two kinds
cannot claim one tag."""

import pkgutil
from typing import ClassVar

import pytest

import game.model.mechanism.kinds as kinds
from game.model.mechanism import KINDS, Element, Point
from game.model.mechanism.elements import Kind
from game.model.mechanism.terms import Terms


def test_every_module_of_the_kinds_package_is_a_kind_in_the_registry():
    modules = {m.name for m in pkgutil.iter_modules(kinds.__path__)}
    assert {KINDS[tag].__module__.rsplit(".", 1)[-1] for tag in KINDS} == modules
    for tag, kind in KINDS.items():
        assert kind.tag == tag and issubclass(kind, Kind)
        assert kind is Point or (issubclass(kind, Element) and issubclass(kind, Terms))


def test_a_base_without_a_tag_is_no_kind_and_a_second_class_of_one_tag_is_refused():
    before = dict(KINDS)

    class Base(Element):  # a base of kinds says no tag of its own
        pass

    assert before == KINDS
    with pytest.raises(TypeError, match="both the row BAR"):

        class Beam(Element):
            tag: ClassVar[str] = "BAR"

    assert before == KINDS
