"""Do the declared-but-unused dependencies beat what vaultsync does today? (docs/architecture.md)

- python-frontmatter vs vaultsync's own split + libyaml (`storage.note.parse_note`), on every
  note of the obsidian-help corpus (en/zh/ja): total time to read the frontmatter of all notes,
  best of `--repeat` runs, both in this process.
- GitPython vs the git binary: the cost of `import git` and of one `repo.git.status` /
  `repo.is_dirty(untracked_files=True)` on a small repository, against `history.dirty_rels`
  (one `git status --porcelain -z` subprocess), best of `--repeat`.
- markdown-it-py: import cost and `storage.outline.sections` over the corpus (it is used there,
  off the hot path); the floor is reading the files.

Usage: .venv/bin/python bench/bench_dependencies.py [--corpus DIR] [--repeat 5]
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.shared import CORPORA  # noqa: E402

CORPUS = CORPORA / "obsidian-help"


def _best(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def _import_ms(module: str) -> float:
    code = (
        "import time,sys; t=time.perf_counter(); import " + module + "; "
        "print((time.perf_counter()-t)*1000)"
    )
    runs = [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout)
        for _ in range(5)
    ]  # fmt: skip
    return min(runs)


def frontmatter_figures(corpus: Path, repeat: int) -> dict[str, float]:
    import frontmatter

    from vaultsync.storage.note import parse_note

    texts = [
        (p.relative_to(corpus).as_posix(), p.read_text(encoding="utf-8"))
        for p in sorted(corpus.rglob("*.md"))
    ]

    import yaml

    from vaultsync.core.properties import split_frontmatter

    def ours() -> None:  # what storage.note does for the frontmatter: split by hand, libyaml
        for _rel, text in texts:
            head, _body = split_frontmatter(text)
            if head and head.strip():
                with contextlib.suppress(yaml.YAMLError):
                    yaml.load(head, Loader=yaml.CSafeLoader)

    def ours_note() -> None:  # the whole Note (title, tags, type...), for scale
        for rel, text in texts:
            parse_note(rel, text)

    def theirs() -> None:
        for _rel, text in texts:
            with contextlib.suppress(Exception):  # a broken note must not stop the measure
                frontmatter.loads(text)

    return {
        "notes": len(texts),
        "split_libyaml_ms": _best(ours, repeat) * 1000,
        "parse_note_ms": _best(ours_note, repeat) * 1000,
        "frontmatter_ms": _best(theirs, repeat) * 1000,
        "frontmatter_import_ms": _import_ms("frontmatter"),
    }


def git_figures(repeat: int) -> dict[str, float]:
    from vaultsync.storage import history

    with tempfile.TemporaryDirectory() as tmp:
        vault = Path(tmp)
        for i in range(200):
            (vault / f"n{i:03d}.md").write_text(f"# note {i}\n", encoding="utf-8")
        history.ensure_repo(vault)
        history.commit_all(vault, "first")
        (vault / "n000.md").write_text("# changed\n", encoding="utf-8")
        (vault / "new.md").write_text("# new\n", encoding="utf-8")
        ours = _best(lambda: history.dirty_rels(vault), repeat)
        import git

        repo = git.Repo(vault)
        theirs = _best(lambda: repo.is_dirty(untracked_files=True), repeat)
        theirs_status = _best(lambda: repo.git.status("--porcelain", "-z"), repeat)
        repo.close()
    return {
        "subprocess_status_ms": ours * 1000,
        "gitpython_is_dirty_ms": theirs * 1000,
        "gitpython_status_ms": theirs_status * 1000,
        "gitpython_import_ms": _import_ms("git"),
    }


def outline_figures(corpus: Path, repeat: int) -> dict[str, float]:
    from vaultsync.storage.outline import sections

    texts = [p.read_text(encoding="utf-8") for p in sorted(corpus.rglob("*.md"))]

    def run() -> None:
        for text in texts:
            sections(text)

    return {
        "sections_ms": _best(run, repeat) * 1000,
        "markdown_it_import_ms": _import_ms("markdown_it"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    figures = {
        **frontmatter_figures(args.corpus, args.repeat),
        **git_figures(args.repeat),
        **outline_figures(args.corpus, args.repeat),
    }
    for key, value in figures.items():
        print(f"{key:28s} {value:10.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
