"""The hook path's frozen records behave like the frozen dataclasses they stand in for."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import typing

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vaultsync.core import frozen_record as record
from vaultsync.core.config import Config
from vaultsync.core.hook.agents import Incoming
from vaultsync.core.model import Event, EventKind
from vaultsync.core.privacy.redactor import Finding, Redaction
from vaultsync.core.privacy.rules import Rule
from vaultsync.core.project import Project


@record.dataclass(frozen=True)
class Rec:
    a: str
    b: int = 0
    c: tuple[str, ...] = ()
    d: dict[str, int] = record.field(default_factory=dict, hash=False)
    e: str = record.field(default="x", repr=False)
    f: int = record.field(default=0, compare=False)


@dataclasses.dataclass(frozen=True)
class Twin:
    a: str
    b: int = 0
    c: tuple[str, ...] = ()
    d: dict[str, int] = dataclasses.field(default_factory=dict, hash=False)
    e: str = dataclasses.field(default="x", repr=False)
    f: int = dataclasses.field(default=0, compare=False)


values = st.fixed_dictionaries(
    {"a": st.text(max_size=5)},
    optional={
        "b": st.integers(-3, 3),
        "c": st.tuples(st.text(max_size=2)),
        "d": st.dictionaries(st.text(max_size=2), st.integers(0, 2), max_size=2),
        "e": st.text(max_size=2),
        "f": st.integers(0, 2),
    },
)


@given(values, values)
def test_behaves_like_a_frozen_dataclass(one: dict, two: dict) -> None:
    r1, r2, t1, t2 = Rec(**one), Rec(**two), Twin(**one), Twin(**two)
    assert repr(r1).replace("Rec(", "Twin(", 1) == repr(t1)
    assert (r1 == r2) == (t1 == t2)
    assert (r1 != r2) == (t1 != t2)
    assert hash(r1) == hash(Rec(**one))
    if t1 == t2:
        assert hash(r1) == hash(r2)
    assert record.replace(r1, **two) == Rec(**{**one, **two})


def test_construction_defaults_and_immutability() -> None:
    r = Rec("a", 2)
    assert (r.a, r.b, r.c, r.d, r.e, r.f) == ("a", 2, (), {}, "x", 0)
    assert Rec("a").d is not Rec("a").d  # a fresh default per instance
    assert Rec(a="z", d={"k": 1}).d == {"k": 1}
    assert Rec.__match_args__ == ("a", "b", "c", "d", "e", "f")
    with pytest.raises(AttributeError):
        r.a = "b"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del r.a  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rec()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Rec("a", nope=1)  # type: ignore[call-arg]
    assert r != ("a", 2) and r.__eq__(object()) is NotImplemented


def test_bad_declarations_are_refused() -> None:
    with pytest.raises(TypeError):
        record.dataclass(type("Loose", (), {"__annotations__": {"a": "str"}}))
    with pytest.raises(TypeError, match="non-default"):

        @record.dataclass(frozen=True)
        class Order:
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(ValueError, match="mutable default"):

        @record.dataclass(frozen=True)
        class Shared:
            a: list[int] = []  # type: ignore[misc]  # noqa: RUF012


def test_the_stdlib_dataclass_functions_still_work() -> None:
    event = Event("1", "2026-01-01T00:00:00Z", "codex", "s", EventKind.TOOL, extra={"k": 1})
    assert dataclasses.is_dataclass(event) and dataclasses.is_dataclass(Event)
    assert [f.name for f in dataclasses.fields(Event)] == [f.name for f in record.fields(Event)]
    changed = dataclasses.replace(event, output="done")
    assert changed.output == "done" and changed.extra == {"k": 1} and event.output == ""
    assert dataclasses.asdict(event)["extra"] == {"k": 1}
    assert pickle.loads(pickle.dumps(event)) == event
    assert copy.deepcopy(event) == event and copy.copy(event) == event
    assert hash(event) == hash(dataclasses.replace(event, extra={"other": 2}))  # hash=False
    assert event != dataclasses.replace(event, extra={"other": 2})  # compare=True
    config = Config(vault=None, index_path=None, data={"hook": {}})
    assert "data" not in repr(config)
    assert dataclasses.replace(config, sources=("x",)).data is config.data


def test_core_classes_are_records() -> None:
    for cls in (Event, Config, Incoming, Project, Finding, Redaction, Rule):
        assert "__record_fields__" in cls.__dict__, cls


def test_record_fields_refuses_other_classes() -> None:
    with pytest.raises(TypeError):
        record.fields(Twin)


class Pair(record.NamedTuple):
    """Two fields, annotated only."""

    left: str
    right: int


class TypedPair(typing.NamedTuple):
    """Two fields, annotated only."""

    left: str
    right: int


@given(st.text(), st.integers())
def test_the_named_tuple_stand_in_behaves_as_typings(left: str, right: int) -> None:
    ours, theirs = Pair(left, right), TypedPair(left, right)
    assert ours == theirs == (left, right)  # both are plain tuples underneath
    assert Pair._fields == TypedPair._fields == ("left", "right")
    assert (ours.left, ours.right) == (theirs.left, theirs.right)
    assert ours._replace(right=right + 1) == (left, right + 1)
    assert Pair(left=left, right=right) == ours and hash(ours) == hash(theirs)
    assert repr(ours) == repr(theirs).replace("TypedPair", "Pair")
    assert pickle.loads(pickle.dumps(ours)) == ours
    assert Pair.__doc__ == TypedPair.__doc__ and Pair.__module__ == __name__
    assert Pair.__annotations__ == {"left": "str", "right": "int"}
    with pytest.raises(AttributeError):
        ours.left = "x"  # type: ignore[misc]


def test_the_named_tuple_stand_in_refuses_what_it_does_not_do() -> None:
    # defaults and methods would silently differ from typing.NamedTuple's: refused
    with pytest.raises(TypeError, match="annotations only"):

        class WithDefault(record.NamedTuple):
            a: int
            b: int = 0

    with pytest.raises(TypeError, match="annotations only"):

        class WithMethod(record.NamedTuple):
            a: int

            def double(self) -> int:
                return self.a * 2
