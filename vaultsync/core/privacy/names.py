"""What a name that says secret holds: a password, a key or a secret, or nothing when its
other words say it names something else (`cache_key`, `next_token`, `proxy_pass`). Read by the
named checks (`core/privacy/checks.py`) and the places (`core/privacy/places.py`). Standard
library only.
"""

from __future__ import annotations

from vaultsync.core.privacy.values import public_name

# A name ending in `token` after one of these is a cursor or a model's token, not a credential.
TOKEN_DENY = (
    "page", "next", "prev", "continuation", "cursor", "sync", "resume", "eos", "bos", "pad", "unk",
    "sep", "cls", "mask", "max", "min", "num", "total", "count", "start", "end", "special", "stop",
)  # fmt: skip
# A name ending in `key` after one of these names a lookup or a place, not a credential.
KEY_DENY = (
    "primary", "foreign", "sort", "partition", "cache", "idempotency", "dedup", "dedupe", "lookup",
    "hash", "range", "row", "composite", "unique", "site", "object", "s3", "file", "path", "name",
    "map", "dict", "ssh", "gpg", "pgp", "pub", "registry", "label", "index", "group", "hot",
    "short", "i18n", "translation", "route", "list", "item", "entry", "redis", "kv", "state",
    "query", "message", "order", "shard", "routing", "lock", "bucket", "prefix", "column", "table",
    "field", "event", "metric", "feature", "flag", "config", "setting", "json", "yaml", "type",
    "sub", "natural", "surrogate", "candidate", "react", "dom", "api",
)  # fmt: skip


_PASS_DENY = ("proxy_pass", "fastcgi_pass", "uwsgi_pass", "scgi_pass", "grpc_pass",
              "memcached_pass", "bypass", "compass", "surpass", "trespass", "overpass",
              "underpass", "passthrough", "multipass", "onepass", "firstpass",
              "secondpass")  # fmt: skip


def name_kind(name: str) -> str | None:
    """What a name that says secret holds (password, key, secret), or None when it names
    something else (`cache_key`, `next_token`, `public_key`)."""
    name = name.lower().rstrip("0123456789_.-")
    if not name or public_name(name):
        return None
    if name.endswith(_PASS_DENY):
        return None  # nginx `proxy_pass`, `bypass`, `compass`: no password
    if "pass" in name or name.endswith(("pw", "pwd")):
        return "password"
    stem = name[:-3].rstrip("_.-:/") if name.endswith("key") else ""
    if stem.endswith(KEY_DENY) or name == "key":
        return None
    if name.endswith("token") and name[:-5].rstrip("_.-").endswith(TOKEN_DENY):
        return None
    return "key" if stem and not stem.endswith(("secret", "api", "access", "private")) else "secret"
