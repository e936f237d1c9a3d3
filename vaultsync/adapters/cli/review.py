"""`vaultsync review`: list what waits for a person, and decide: approve, reject, promote,
demote or edit a memory; release or skip a privacy_deferred session.

With no subcommand on a terminal it asks about one item at a time; `--interactive` forces that
mode (and tests drive it through stdin), `--list` and `--json` print the list instead.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer

from vaultsync.adapters.cli.app import (
    Exit,
    JsonOption,
    VaultOption,
    app,
    emit_json,
    fail,
    require_vault,
)

review_app = typer.Typer(
    help="Review what the learning loop proposed: nothing reaches L2 or L3 without you.",
    invoke_without_command=True,
    no_args_is_help=False,
)
app.add_typer(review_app, name="review")

NoteArg = typer.Argument(
    ..., help="The memory: its path, file name, or a unique part of either.", show_default=False
)
SessionArg = typer.Argument(
    ..., help="The session: its path, session id, or a unique part of its file name.",
    show_default=False,
)  # fmt: skip


def _config(path: Path) -> Any:
    from vaultsync.core.config import load_config

    return load_config(path)


def _vault(ctx: typer.Context, vault: Path | None) -> Path:
    parent = (ctx.obj or {}) if isinstance(ctx.obj, dict) else {}
    return require_vault(vault or parent.get("vault"))


def _error(exc: OSError) -> NoReturn:
    if isinstance(exc, TimeoutError):
        fail(f"a note is locked by another vaultsync process: {exc}", Exit.LOCKED)
    fail(f"{exc}", Exit.ERROR)


def _show_decision(decision: Any, json_output: bool) -> None:
    if json_output:
        emit_json(decision.as_dict())
        return
    what = decision.action + ("d" if decision.action.endswith("e") else "ed")
    what = {"skip": "skipped", "keep": "kept"}.get(decision.action, what)
    line = f"{what}: {decision.source}"
    if decision.target != decision.source:
        line += f" -> {decision.target}"
    if decision.level_from and decision.level_from != decision.level_to:
        line += f" ({decision.level_from} -> {decision.level_to})"
    elif decision.status:
        line += f" (status {decision.status})"
    typer.echo(line)
    for rel in getattr(decision, "superseded", ()):
        typer.echo(f"superseded: {rel} (kept, marked; `vaultsync review keep` undoes it)")
    if decision.generated:
        typer.echo("updated: " + ", ".join(decision.generated))
    if getattr(decision, "commit", ""):
        typer.echo(f"committed: {decision.commit[:12]}")
    for warning in decision.warnings:
        typer.echo(f"warning: {warning}", err=True)


def _decide(ctx: typer.Context, action: str, ref: str, vault: Path | None, json_output: bool,
            **extra: Any) -> None:  # fmt: skip
    from vaultsync.services.vault.decision import decide

    path = _vault(ctx, vault)
    config = _config(path)
    try:
        decision = decide(path, config, action, ref, **extra)
    except OSError as exc:  # TimeoutError among them: a note lock stayed busy
        _error(exc)
    _show_decision(decision, json_output or bool((ctx.obj or {}).get("json")))


def _edit_in_editor(text: str) -> str | None:
    """The text after a person edited it in $VISUAL/$EDITOR; None when nothing was saved."""
    import os
    import shlex
    import subprocess
    import tempfile

    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    with tempfile.TemporaryDirectory() as folder:
        draft = Path(folder) / "memory.md"
        draft.write_text(text + "\n", encoding="utf-8")  # a scratch file, not a vault note
        before = draft.stat().st_mtime_ns
        if subprocess.run([*shlex.split(editor), str(draft)], check=False).returncode != 0:
            return None
        if draft.stat().st_mtime_ns == before:
            return None
        return draft.read_text(encoding="utf-8")


# ---------------------------------------------------------------- the list


def _print_pending(result: Any) -> None:
    if result.empty:
        typer.echo("Nothing waits for review.")
    if result.promotions:
        typer.echo(f"Promotion suggestions ({len(result.promotions)}):")
        for m in result.promotions:
            typer.echo(
                f"  {result.suggestions.get(m.rel, ''):<8} {m.rel}\n           {m.title} "
                f"({m.level.value}, {m.scope or '?'}, repeated in {m.since_review} later sessions)"
            )
    if result.candidates:
        typer.echo(f"Candidates, L1 ({len(result.candidates)}):")
        for m in result.candidates:
            typer.echo(f"  {m.rel}\n    {m.title} ({m.scope or '?'}, reinforced {m.reinforced}x)")
            for c in getattr(result, "competing", {}).get(m.rel, ()):
                verb = "would supersede" if c.relation.value == "supersedes" else "duplicates"
                typer.echo(
                    f"    {verb} {c.other.rel} ({c.other.level.value}, {c.other.created[:10]}):\n"
                    f"      old: {c.other.detail or c.other.title}\n"
                    f"      new: {m.detail or m.title} ({m.created[:10]})"
                )
    unused = getattr(result, "unused", ())
    if unused:
        typer.echo(f"Injected often, never used: offered for archiving ({len(unused)}):")
        for m in unused:
            typer.echo(
                f"  {m.rel}\n    {m.title} (recalled {m.recalled}x, used {m.used}x): "
                "`vaultsync review archive` moves it to archive/ (never deleted)"
            )
    if result.privacy_deferred:
        typer.echo(f"Sessions held for privacy ({len(result.privacy_deferred)}):")
        for s in result.privacy_deferred:
            typer.echo(f"  {s.rel}\n    {s.agent or 'agent'}: {s.reason}")
    conflicts = getattr(result, "sync_conflicts", ())
    if conflicts:
        typer.echo(f"Edited on two machines ({len(conflicts)}):")
        for m in conflicts:
            typer.echo(
                f"  {m.rel}\n    {m.title}: both texts are in the note; keep one, then delete "
                "the box, the other text and the sync_conflict property"
            )
    if not result.empty:
        typer.echo(
            "Decide with `vaultsync review approve|reject|promote|demote|edit|archive|keep "
            "NOTE` and `vaultsync review release|skip SESSION`, or run `vaultsync review` in a "
            "terminal."
        )
    for warning in result.warnings:
        typer.echo(f"warning: {warning}", err=True)


# ---------------------------------------------------------------- one item at a time

MEMORY_KEYS = "[a]pprove [r]eject [p]romote [d]emote [e]dit [s]kip [q]uit"
SESSION_KEYS = "[l]et learn use it  [x] never learn from it  [s]kip [q]uit"


def interactive(
    vault: Path,
    config: Any,
    ask: Callable[[str], str],
    say: Callable[[str], None],
) -> dict[str, int]:
    """Ask about each pending item; returns how many of each decision were made."""
    from vaultsync.services.learning import review
    from vaultsync.services.vault.decision import decide

    pending = review.pending(vault, config)
    seen: set[str] = set()
    memories = []
    for m in (*pending.promotions, *pending.candidates):
        if m.rel not in seen:
            seen.add(m.rel)
            memories.append(m)
    items: list[Any] = [*memories, *pending.privacy_deferred]
    done: dict[str, int] = {}
    if not items:
        say("Nothing waits for review.")
        return done
    memory_actions = {"a": "approve", "r": "reject", "p": "promote", "d": "demote"}
    session_actions = {"l": "release", "x": "skip"}
    for n, item in enumerate(items, 1):
        rel = item.rel
        while True:
            is_memory = isinstance(item, review.Memory)
            if is_memory:
                suggested = pending.suggestions.get(item.rel, "")
                hint = f", suggested: {suggested}" if suggested else ""
                say(
                    f"\n[{n}/{len(items)}] {item.level.value} {item.scope or '?'} memory, "
                    f"reinforced {item.reinforced}x{hint}\n  {item.title}\n"
                    + (f"  {item.detail}\n" if item.detail and item.detail != item.title else "")
                    + f"  {rel}"
                )
            else:
                say(f"\n[{n}/{len(items)}] session held for privacy: {item.reason}\n  {rel}")
            try:
                key = ask(MEMORY_KEYS if is_memory else SESSION_KEYS).strip().lower()[:1]
            except (EOFError, typer.Abort):
                key = "q"
            if key == "q":
                return done
            if key == "s" or key == "":
                break
            action = (memory_actions if is_memory else session_actions).get(key)
            extra: dict[str, Any] = {}
            if is_memory and key == "e":
                try:
                    text = ask("New text (empty keeps it)").strip()
                except (EOFError, typer.Abort):
                    text = ""
                if not text:
                    continue
                action, extra = "edit", {"text": text}
            if action is None:
                say(f"  '{key}' is not one of the choices")
                continue
            try:
                decision = decide(vault, config, action, rel, **extra)
            except (review.ReviewError, OSError, TimeoutError) as exc:
                say(f"  not done: {exc}")
                continue
            done[action] = done.get(action, 0) + 1
            say(
                f"  {action}: {decision.target}"
                + (f" ({decision.level_to})" if decision.level_to else "")
            )
            if action != "edit":
                break
            rel = decision.target
            item = next((m for m in review.load_memories(vault, config)[0] if m.rel == rel), item)
    return done


@review_app.callback()
def review(
    ctx: typer.Context,
    vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
    interactive_mode: bool | None = typer.Option(
        None,
        "--interactive/--list",
        help="Ask about one item at a time (the default on a terminal), or print the list.",
        show_default=False,
    ),
) -> None:
    """List L1 candidates, promotion suggestions (memories later sessions keep repeating) and
    sessions held for privacy; on a terminal, decide on each in turn."""
    ctx.obj = {"vault": vault, "json": json_output}
    if ctx.invoked_subcommand is not None:
        return
    from vaultsync.services.learning import review as service

    path = require_vault(vault)
    config = _config(path)
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    if interactive_mode or (interactive_mode is None and tty and not json_output):
        done = interactive(
            path,
            config,
            lambda prompt: str(typer.prompt(prompt, default="", show_default=False)),
            typer.echo,
        )
        if done:
            typer.echo("\n" + ", ".join(f"{n} {a}" for a, n in sorted(done.items())))
        return
    try:
        result = service.pending(path, config)
    except OSError as exc:
        fail(str(exc), Exit.ERROR)
    if json_output:
        emit_json(result.as_dict())
    else:
        _print_pending(result)


@review_app.command("approve")
def approve(
    ctx: typer.Context, note: str = NoteArg, vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:  # fmt: skip
    """Confirm an L1 candidate: it moves to memories/L2-confirmed/ and joins USER.md/AGENT.md."""
    _decide(ctx, "approve", note, vault, json_output)


@review_app.command("promote")
def promote(
    ctx: typer.Context, note: str = NoteArg, vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:  # fmt: skip
    """Raise a memory one level (L1 -> L2, L2 -> L3 core); it moves to that level's folder."""
    _decide(ctx, "promote", note, vault, json_output)


@review_app.command("demote")
def demote(
    ctx: typer.Context, note: str = NoteArg, vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:  # fmt: skip
    """Lower a memory one level (L3 -> L2, L2 -> L1); it moves to that level's folder."""
    _decide(ctx, "demote", note, vault, json_output)


@review_app.command("reject")
def reject(
    ctx: typer.Context, note: str = NoteArg, vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:  # fmt: skip
    """Reject a memory: marked rejected and moved to archive/<date>/ (never deleted); the same
    fact will not come back as a candidate."""
    _decide(ctx, "reject", note, vault, json_output)


@review_app.command("edit")
def edit(
    ctx: typer.Context,
    note: str = NoteArg,
    text: str | None = typer.Option(
        None, "--text", help="The new fact. Without it: read from stdin, or open $EDITOR."
    ),
    title: str | None = typer.Option(None, "--title", help="A new title (default: from the text)."),
    vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:
    """Rewrite a memory's fact; its level, scope and history stay."""
    if text is None:
        if not sys.stdin.isatty():
            text = sys.stdin.read()
        else:
            from vaultsync.services.learning import review

            path = _vault(ctx, vault)
            current = review.find_memory(path, note)
            memory = next(
                (m for m in review.load_memories(path, _config(path))[0] if m.rel == current), None
            )
            edited = _edit_in_editor((memory.detail or memory.title) if memory else "")
            if edited is None:
                fail("no change made (the editor was closed without saving)", Exit.ERROR)
            text = edited
    _decide(ctx, "edit", note, vault, json_output, text=text, title=title)


@review_app.command("archive")
def archive(
    ctx: typer.Context, note: str = NoteArg, vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:  # fmt: skip
    """Retire a memory agents are handed but never use: status archived, moved to
    archive/<date>/ (never deleted)."""
    _decide(ctx, "archive", note, vault, json_output)


@review_app.command("keep")
def keep(
    ctx: typer.Context, note: str = NoteArg, vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:  # fmt: skip
    """Undo a supersession: the older memory is in force again beside the newer one (in
    Obsidian: delete its superseded_by property)."""
    _decide(ctx, "keep", note, vault, json_output)


@review_app.command("release")
def release(
    ctx: typer.Context, session: str = SessionArg, vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:  # fmt: skip
    """Let learn use a privacy_deferred session: its status goes back to pending."""
    _decide(ctx, "release", session, vault, json_output)


@review_app.command("skip")
def skip(
    ctx: typer.Context, session: str = SessionArg, vault: Path | None = VaultOption,
    json_output: bool = JsonOption,
) -> None:  # fmt: skip
    """Never learn from a session (status skipped). The session note stays in the vault."""
    _decide(ctx, "skip", session, vault, json_output)
