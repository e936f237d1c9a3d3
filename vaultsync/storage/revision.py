"""Revisions as values: what a commit changed, parsed once from git's NUL-separated output.

`storage.history` runs git and hands the raw bytes here; everything above it sees only these
frozen records.
"""

from __future__ import annotations

from dataclasses import dataclass

FIELD = "\x1f"
RECORD = "\x1e"
# One record per commit: sha, author date (strict ISO), author, subject, body; with `-z` and
# `--name-status` the changed paths follow the header, NUL-separated.
LOG_FORMAT = f"{RECORD}%H{FIELD}%aI{FIELD}%an{FIELD}%s{FIELD}%b"


@dataclass(frozen=True)
class Change:
    status: str  # A, M, D, R, C, T (first letter of git's status)
    path: str
    old_path: str = ""  # set for renames and copies

    def as_dict(self) -> dict[str, str]:
        out = {"status": self.status, "path": self.path}
        if self.old_path:
            out["old_path"] = self.old_path
        return out


@dataclass(frozen=True)
class Commit:
    sha: str
    date: str  # ISO 8601 with offset
    author: str
    subject: str
    body: str
    changes: tuple[Change, ...] = ()

    @property
    def short(self) -> str:
        return self.sha[:10]

    def as_dict(self) -> dict[str, object]:
        return {
            "sha": self.sha,
            "short": self.short,
            "date": self.date,
            "author": self.author,
            "subject": self.subject,
            "body": self.body,
            "changes": [c.as_dict() for c in self.changes],
        }


def parse_changes(items: list[str]) -> list[Change]:
    """`--name-status -z` output split at NULs: status, path (status, old, new for R and C)."""
    changes = []
    i = 0
    while i + 1 < len(items):
        status = items[i].strip()
        if status[:1] in {"R", "C"} and i + 2 < len(items):
            changes.append(Change(status[0], items[i + 2], items[i + 1]))
            i += 3
        else:
            changes.append(Change(status[:1], items[i + 1]))
            i += 2
    return changes


def parse_log(text: str) -> list[Commit]:
    """`git log -z --name-status --format=LOG_FORMAT` output, newest first."""
    commits = []
    for record in text.split(RECORD)[1:]:
        header, _, names = record.partition("\0")
        fields = header.split(FIELD)
        if len(fields) < 5:
            continue
        sha, date, author, subject, body = fields[:5]
        items = [n for n in names.lstrip("\n").split("\0") if n]
        commits.append(
            Commit(sha, date, author, subject, body.strip(), tuple(parse_changes(items)))
        )
    return commits
