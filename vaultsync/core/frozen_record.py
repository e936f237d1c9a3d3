"""Frozen records: what `@dataclass(frozen=True)` gives the core classes, without importing
`dataclasses`.

The hook runs as a fresh process on every tool call of every agent, and `dataclasses` imports
`inspect`, which imports `ast`, `dis`, `tokenize` and more: about a quarter of the hook's whole
cost. The core classes declare themselves with

    if TYPE_CHECKING:
        from dataclasses import dataclass, field
    else:
        from vaultsync.core.frozen_record import dataclass, field

so mypy still sees real dataclasses, while at run time this module builds the same
`__init__` (keyword or positional, defaults, default factories), `__repr__`, `__eq__`,
`__hash__`, `__match_args__` and the frozen `__setattr__`/`__delattr__` guard.

Code elsewhere may still treat them as dataclasses: `__dataclass_fields__` is computed on first
access (by `dataclasses.fields`, `replace`, `asdict`, `is_dataclass`, pytest's diffs) from a
real dataclass built with the same annotations and field options, so those functions behave as
they would on the original class. That is the only moment `dataclasses` gets imported.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record (dataclasses raises its own subclass of
    AttributeError; catch AttributeError to handle both)."""


class Field:
    """The options of one field: the subset of `dataclasses.field` the core classes use."""

    __slots__ = ("compare", "default", "default_factory", "hash", "name", "repr")

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        repr: bool = True,
        compare: bool = True,
        hash: bool | None = None,
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.repr = repr
        self.compare = compare
        self.hash = hash

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r})"


def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    repr: bool = True,
    compare: bool = True,
    hash: bool | None = None,
) -> Any:
    return Field(default, default_factory, repr, compare, hash)


def fields(class_or_instance: Any) -> tuple[Field, ...]:
    """The fields of a record, in declaration order (like `dataclasses.fields`)."""
    cls = class_or_instance if isinstance(class_or_instance, type) else type(class_or_instance)
    try:
        return tuple(cls.__dict__["__record_fields__"])
    except KeyError:
        raise TypeError(f"{cls.__name__} is not a record") from None


def replace(obj: Any, /, **changes: Any) -> Any:
    """A copy of a record with some fields changed (like `dataclasses.replace`)."""
    for f in fields(obj):
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def dataclass(cls: Any = None, /, *, frozen: bool = False) -> Any:
    """`@dataclass(frozen=True)` for the hook path; only frozen records are supported."""
    if not frozen:
        raise TypeError("vaultsync.core.frozen_record builds frozen records only: pass frozen=True")
    if cls is None:
        return _process
    return _process(cls)


class _DataclassFields:
    """`__dataclass_fields__`, computed when first asked for, then stored on the class."""

    def __get__(self, instance: object, owner: Any) -> Any:
        import dataclasses

        ns: dict[str, Any] = {
            "__annotations__": dict(owner.__dict__["__record_annotations__"]),
            "__module__": owner.__module__,
            "__qualname__": owner.__qualname__,
        }
        for f in owner.__dict__["__record_fields__"]:
            ns[f.name] = dataclasses.field(
                default=dataclasses.MISSING if f.default is MISSING else f.default,
                default_factory=(
                    dataclasses.MISSING if f.default_factory is MISSING else f.default_factory
                ),
                repr=f.repr,
                compare=f.compare,
                hash=f.hash,
            )
        twin: Any = dataclasses.dataclass(frozen=True)(type(owner.__name__, (), ns))
        result = twin.__dataclass_fields__
        type.__setattr__(owner, "__dataclass_fields__", result)
        return result


def _frozen_setattr(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _tuple(owner: str, names: list[str]) -> str:
    return "(" + "".join(f"{owner}.{name}," for name in names) + ")"


def _process(cls: Any) -> Any:
    specs: list[Field] = []
    annotations: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):
        inherited = base.__dict__.get("__record_fields__")
        if inherited:
            specs.extend(inherited)
            annotations.update(base.__dict__["__record_annotations__"])
    # inspect.get_annotations would import inspect: the very cost this module avoids.
    own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
    for name, annotation in own.items():
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if text.startswith(("ClassVar", "typing.ClassVar", "InitVar", "dataclasses.InitVar")):
            raise TypeError(f"{cls.__name__}.{name}: ClassVar/InitVar fields are not supported")
        value = cls.__dict__.get(name, MISSING)
        spec = value if isinstance(value, Field) else Field(default=value)
        if isinstance(spec.default, list | dict | set):
            raise ValueError(f"mutable default for field {name!r}: use default_factory")
        spec.name = name
        if isinstance(value, Field):
            if spec.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, spec.default)
        where = next((i for i, s in enumerate(specs) if s.name == name), None)
        if where is None:
            specs.append(spec)
        else:  # a redefined field keeps its place, as with dataclasses
            specs[where] = spec
        annotations[name] = annotation

    seen_default = False
    params: list[str] = []
    values: list[str] = []
    env: dict[str, Any] = {"MISSING": MISSING}
    for spec in specs:
        has_default = spec.default is not MISSING or spec.default_factory is not MISSING
        if seen_default and not has_default:
            raise TypeError(f"non-default argument {spec.name!r} follows default argument")
        seen_default = seen_default or has_default
        if spec.default_factory is not MISSING:
            env[f"_factory_{spec.name}"] = spec.default_factory
            params.append(f"{spec.name}=MISSING")
            values.append(
                f"{spec.name!r}: _factory_{spec.name}() if {spec.name} is MISSING else {spec.name}"
            )
        else:
            if spec.default is not MISSING:
                env[f"_default_{spec.name}"] = spec.default
                params.append(f"{spec.name}=_default_{spec.name}")
            else:
                params.append(spec.name)
            values.append(f"{spec.name!r}: {spec.name}")
    post_init = "\n    self.__post_init__()" if hasattr(cls, "__post_init__") else ""
    compared = [s.name for s in specs if s.compare]
    hashed = [s.name for s in specs if (s.compare if s.hash is None else s.hash)]
    # Generated code, as dataclasses does: plain attribute tuples are twice as fast to compare
    # and hash as a generic loop, and the privacy engine makes thousands of these per call.
    source = (
        f"def __init__(self, {', '.join(params)}):\n"
        f"    self.__dict__.update({{{', '.join(values)}}}){post_init}\n"
        "def __eq__(self, other):\n"
        "    if other.__class__ is self.__class__:\n"
        f"        return {_tuple('self', compared)} == {_tuple('other', compared)}\n"
        "    return NotImplemented\n"
        "def __hash__(self):\n"
        f"    return hash({_tuple('self', hashed)})\n"
    )
    # Generated from the class's own field names; its compiled code is kept between processes.
    from vaultsync.core.pattern_cache import compile_code

    exec(compile_code(source, "<frozen record>"), env)
    shown = [s.name for s in specs if s.repr]
    qualname = cls.__qualname__

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{qualname}({inner})"

    env["__repr__"] = __repr__
    for name in ("__init__", "__repr__", "__eq__"):
        if name not in cls.__dict__:  # the class's own method wins, as with dataclasses
            env[name].__qualname__ = f"{qualname}.{name}"
            setattr(cls, name, env[name])
    if cls.__dict__.get("__hash__") is None:
        env["__hash__"].__qualname__ = f"{qualname}.__hash__"
        cls.__hash__ = env["__hash__"]
    for name in ("__setattr__", "__delattr__"):
        if name in cls.__dict__:
            raise TypeError(f"cannot overwrite attribute {name} in class {cls.__name__}")
    cls.__setattr__ = _frozen_setattr
    cls.__delattr__ = _frozen_delattr
    cls.__match_args__ = tuple(s.name for s in specs)  # type: ignore[misc]
    cls.__record_fields__ = tuple(specs)
    cls.__record_annotations__ = annotations
    cls.__dataclass_fields__ = _DataclassFields()
    return cls


class _TupleMeta(type):
    """Makes `class X(NamedTuple): a: int` a `collections.namedtuple`, as `typing.NamedTuple`
    does, without importing `typing` (about 3 ms of every `vaultsync search` process)."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        if not bases:  # the NamedTuple base itself
            return super().__new__(mcls, name, bases, ns)
        from collections import namedtuple

        fields = list(ns.get("__annotations__", {}))
        extra = [k for k in ns if k in fields or not k.startswith("__")]
        if extra:  # defaults and methods are typing's to handle: fail loudly, never differ
            raise TypeError(f"{name}: frozen_record.NamedTuple takes annotations only: {extra}")
        made = namedtuple(name, fields, module=ns.get("__module__"))  # type: ignore[misc]
        made.__doc__ = ns.get("__doc__") or made.__doc__
        made.__qualname__ = ns.get("__qualname__", name)
        made.__annotations__ = dict(ns.get("__annotations__", {}))
        return made


class NamedTuple(metaclass=_TupleMeta):
    """Base of the run-time stand-in for `typing.NamedTuple` (annotations only). Use as

    if TYPE_CHECKING:
        from typing import NamedTuple
    else:
        from vaultsync.core.frozen_record import NamedTuple
    """
