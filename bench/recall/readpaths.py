"""Every read path scored on the dated sessions (timeline.py), beside a plain BM25.

`python -m bench.recall.readpaths` replays timeline.py's sessions through the real hook, each
as its own agent and at its own time (`VAULTSYNC_NOW` per event, the person in
`timeline.TZ`), rebuilds the index, then asks every question at `timeline.NOW` through:

- `bm25-ref`: plain BM25 over each session's raw messages (score.PlainBM25);
- `cli`: `vaultsync search QUESTION --json`, a subprocess, as typed (no filters);
- `lexical`: the recall engine in process with vectors off (`cli` and `mcp` use the
  configuration: vectors on when the `semantic` extra is installed), so vectors on and off can
  be compared per language;
- `mcp`: the MCP `search` tool's service (services/recall/agent_tools.search), as an agent
  calls it with the question alone;
- `prompt-cc`: a Claude Code `UserPromptSubmit` through the real hook (a new session), the
  `additionalContext` it prints;
- `prompt-hermes`: Hermes's `pre_llm_call` recall (what the provider's prefetch returns).

A prompt path's ranked list is the sessions its injected lines name, in order; it "abstains"
when it injects nothing. Reported per split (dev / held-out by whole family): hit@5 (a gold
session among the first five), recall@5, the share of the first five results inside the
asked window (time questions), newer-first (decisions that changed), abstention on
never-discussed questions and wrong abstention on answerable ones, per kind and language.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.recall import replay, score
from bench.recall.timeline import NOW, TIMELINE, TQUESTIONS, TZ, family_split

PATHS = ("bm25-ref", "lexical", "cli", "mcp", "prompt-cc", "prompt-hermes")


# --- replay ------------------------------------------------------------------------------------


def _patch(path: str, old: str, new: str) -> str:
    minus = "".join(f"-{line}\n" for line in old.splitlines())
    plus = "".join(f"+{line}\n" for line in new.splitlines())
    verb = "Update" if old else "Add"
    return f"*** Begin Patch\n*** {verb} File: {path}\n@@\n{minus}{plus}*** End Patch\n"


def _tool(agent: str, tool: tuple[str, dict[str, Any], Any]) -> dict[str, Any]:
    """One tool call in the agent's own payload shape (without the event name)."""
    kind, args, out = tool
    if agent == "claude-code":
        if kind == "bash":
            return {"tool_name": "Bash", "tool_input": {"command": args["command"]},
                    "tool_response": {"stdout": out, "stderr": ""}}  # fmt: skip
        return {"tool_name": "Edit",
                "tool_input": {"file_path": args["path"], "old_string": args["old"],
                               "new_string": args["new"]},
                "tool_response": {"filePath": args["path"]}}  # fmt: skip
    if agent == "codex":
        if kind == "bash":
            return {"tool_name": "Bash", "tool_input": {"command": args["command"]},
                    "tool_response": out}  # fmt: skip
        return {"tool_name": "apply_patch",
                "tool_input": {"command": _patch(args["path"], args["old"], args["new"])},
                "tool_response": "Success. Updated:\nM " + args["path"]}  # fmt: skip
    if agent == "gemini":
        if kind == "bash":
            return {"tool_name": "run_shell_command", "tool_input": {"command": args["command"]},
                    "tool_response": {"llmContent": f"Output: {out}\nExit Code: 0",
                                      "returnDisplay": out}}  # fmt: skip
        return {"tool_name": "replace",
                "tool_input": {"file_path": args["path"], "old_string": args["old"],
                               "new_string": args["new"]},
                "tool_response": {"llmContent": "Successfully modified file",
                                  "returnDisplay": "ok"}}  # fmt: skip
    if agent == "cursor":  # afterShellExecution / afterFileEdit carry their own event names
        if kind == "bash":
            return {"hook_event_name": "afterShellExecution", "command": args["command"],
                    "output": out}  # fmt: skip
        return {"hook_event_name": "afterFileEdit", "file_path": args["path"],
                "edits": [{"old_string": args["old"], "new_string": args["new"]}]}  # fmt: skip
    # hermes
    if kind == "bash":
        return {"tool_name": "terminal", "tool_input": {"command": args["command"]},
                "extra": {"result": out, "status": "ok"}}  # fmt: skip
    return {"tool_name": "patch",
            "tool_input": {"path": args["path"], "old_string": args["old"],
                           "new_string": args["new"]},
            "extra": {"result": "ok", "status": "ok"}}  # fmt: skip


_EVENTS = {
    "claude-code": ("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop", "SessionEnd"),
    "codex": ("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop", "SessionEnd"),
    "gemini": ("SessionStart", "BeforeAgent", "AfterTool", "AfterAgent", "SessionEnd"),
    "hermes": ("on_session_start", "pre_llm_call", "post_tool_call", "post_llm_call",
               "on_session_finalize"),
    "cursor": ("sessionStart", "beforeSubmitPrompt", "afterFileEdit", "stop", "sessionEnd"),
}  # fmt: skip


def payloads(session: dict[str, Any]) -> list[dict[str, Any]]:
    """The session's hook payloads in order, in its agent's shape."""
    agent = session["agent"]
    start, prompt_ev, tool_ev, end_turn, end = _EVENTS[agent]
    sid = replay.session_uuid(session["id"])
    base: dict[str, Any] = {"session_id": sid, "cwd": session["project"]}
    if agent in ("claude-code", "codex", "gemini"):
        base["transcript_path"] = f"/home/dev/.{agent}/{sid}.jsonl"
    out: list[dict[str, Any]] = [{**base, "hook_event_name": start, "source": "startup"}]
    for turn, (prompt, tools, reply) in enumerate(session["turns"]):
        if agent == "hermes":
            out.append({**base, "hook_event_name": prompt_ev,
                        "extra": {"user_message": prompt, "is_first_turn": turn == 0}})  # fmt: skip
        else:
            out.append({**base, "hook_event_name": prompt_ev, "prompt": prompt})
        for n, tool in enumerate(tools):
            call = f"call_{session['id']}_{turn}_{n}"
            out.append({**base, "hook_event_name": tool_ev, "tool_use_id": call,
                        **_tool(agent, tool)})  # fmt: skip
        if agent == "hermes":
            out.append({**base, "hook_event_name": end_turn,
                        "extra": {"assistant_response": reply}})  # fmt: skip
        elif agent == "gemini":
            out.append({**base, "hook_event_name": end_turn, "prompt_response": reply})
        elif agent == "cursor":  # the answer comes with afterAgentResponse; `stop` has none
            out.append({**base, "hook_event_name": "afterAgentResponse", "text": reply})
            out.append({**base, "hook_event_name": end_turn, "status": "completed"})
        else:
            out.append({**base, "hook_event_name": end_turn, "stop_hook_active": False,
                        "last_assistant_message": reply})  # fmt: skip
    out.append({**base, "hook_event_name": end, "reason": "exit"})
    return out


def _env(vault: Path, home: Path) -> dict[str, str]:
    return {**os.environ, "VAULTSYNC_VAULT": str(vault), "VAULTSYNC_HOME": str(home),
            "VAULTSYNC_NOW": NOW, "VAULTSYNC_TZ": TZ}  # fmt: skip


def working_copy(root: Path, name: str) -> Path:
    """A copy of the replayed vault, its index rebuilt by the code being scored: the prompt
    paths record their own prompts (as the hook does), which no other path may see."""
    import shutil

    work = root / name
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(root / "vault", work / "vault", symlinks=True)
    replay.rebuild(work / "vault", work / "home")
    return work


def timeline_vault(*, fresh: bool = False) -> Path:
    import datetime as dt
    import shutil

    root = replay._cache("timeline", Path(__file__).with_name("timeline.py"), Path(__file__))
    vault, home, done = root / "vault", root / "home", root / "done"
    if done.exists() and not fresh:
        return root
    shutil.rmtree(root, ignore_errors=True)
    vault.mkdir(parents=True)
    os.environ["VAULTSYNC_TZ"] = TZ
    replay._init(vault)
    replay.play(vault, home, TIMELINE, payloads, zone=dt.timezone(dt.timedelta(hours=8)), tz=TZ)
    replay.rebuild(vault, home)
    done.write_text("ok\n")
    return root


# --- read paths --------------------------------------------------------------------------------

Ranked = tuple[list[tuple[str, str]], bool]  # [(session key, local date)], abstained


def _session_keys(root: Path) -> dict[str, str]:
    """Session uuid and note path -> timeline id."""
    names = {replay.session_uuid(s["id"]): s["id"] for s in TIMELINE}
    out = dict(names)
    for path in (root / "vault").rglob("*.md"):
        text = path.read_text(encoding="utf-8", errors="replace")[:2000]
        for uuid, sid in names.items():
            if uuid in text:
                out[path.relative_to(root / "vault").as_posix()] = sid
                out[path.relative_to(root / "vault").with_suffix("").as_posix()] = sid
    return out


def _local_date(stamp: str) -> str:
    """A result's date as the person's local date-time text (for the window check)."""
    from vaultsync.core import timestamp

    moment = timestamp.parse(stamp)
    if moment is None:
        return ""
    return timestamp.format(moment)[:16]


def rankers(root: Path, wanted: tuple[str, ...] = PATHS) -> dict[str, Callable[[str], Ranked]]:
    work = working_copy(root, "work")
    vault, home = work / "vault", work / "home"
    prompt_work = working_copy(root, "work-cc") if "prompt-cc" in wanted else work
    os.environ.update({"VAULTSYNC_HOME": str(home), "VAULTSYNC_VAULT": str(vault),
                       "VAULTSYNC_NOW": NOW, "VAULTSYNC_TZ": TZ})  # fmt: skip
    keys = _session_keys(root)
    start_of = {s["id"]: s["start"][:16] for s in TIMELINE}
    docs = {s["id"]: score.session_text(_as_plain(s)) for s in TIMELINE}
    ref = score.PlainBM25(docs)

    def bm25(query: str) -> Ranked:
        ranked, _ = ref.rank(query)
        return [(k, start_of[k]) for k in ranked], False

    def _key(hit: dict[str, Any]) -> str:
        return keys.get(
            hit.get("session_id") or "", keys.get(hit.get("path") or "", hit.get("path", ""))
        )

    def cli(query: str) -> Ranked:
        proc = subprocess.run(
            [*replay._bin("vaultsync"), "search", "--json", "--limit", "10", "--", query],
            capture_output=True, text=True, env=_env(vault, home), timeout=120,
        )  # fmt: skip
        hits = json.loads(proc.stdout or "[]") if proc.returncode == 0 else []
        weak = bool(hits) and all(h.get("weak") for h in hits)
        return [(_key(h), _local_date(h.get("date") or "")) for h in hits], weak or not hits

    from vaultsync.core.config import load_config
    from vaultsync.services.recall import agent_tools

    config = load_config(vault)

    def mcp(query: str) -> Ranked:
        found = agent_tools.search(vault, config, query, limit=10)
        hits = [{**h, "path": str(h.get("id", "")).split("#")[0]} for h in found.get("results", [])]
        weak = bool(found.get("weak")) or not hits or all(h.get("weak") for h in hits)
        return [(_key(h), _local_date(h.get("date") or "")) for h in hits], weak

    from vaultsync.services.recall.engine import recall

    def lexical(query: str) -> Ranked:
        found = recall(vault, config, query, limit=10, semantic=False)
        hits = [{"session_id": h.session_id, "path": h.rel, "date": h.date} for h in found.hits]
        return [(_key(h), _local_date(h["date"] or "")) for h in hits], found.abstain

    _link = re.compile(r"\[\[([^\]|#]+)")

    def _from_block(block: str) -> Ranked:
        out: list[tuple[str, str]] = []
        for line in block.splitlines():
            found = _link.search(line)
            if found:
                key = keys.get(found.group(1), found.group(1))
                out.append((key, start_of.get(key, "")))
        return out, not out

    counter = [0]

    def prompt_cc(query: str) -> Ranked:
        counter[0] += 1
        sid = f"bench-prompt-{counter[0]}"
        payload = {"session_id": sid, "cwd": "/home/dev/src/other", "transcript_path": "/x.jsonl",
                   "hook_event_name": "UserPromptSubmit", "prompt": query}  # fmt: skip
        proc = subprocess.run(
            [*replay._bin("vaultsync-hook"), "--agent", "claude-code"],
            input=json.dumps(payload, ensure_ascii=False).encode(), capture_output=True,
            env=_env(prompt_work / "vault", prompt_work / "home"), timeout=120,
        )  # fmt: skip
        text = proc.stdout.decode("utf-8", "replace").strip()
        block = ""
        if text:
            try:
                block = json.loads(text).get("hookSpecificOutput", {}).get("additionalContext", "")
            except ValueError:
                block = ""
        return _from_block(block)

    def prompt_hermes(query: str) -> Ranked:
        from vaultsync.core.hook import prompt_recall
        from vaultsync.core.hook.agents import Incoming
        from vaultsync.core.model import EventKind

        counter[0] += 1
        inc = Incoming(agent="hermes", native_event="pre_llm_call", kind=EventKind.PROMPT,
                       session_id=f"bench-hermes-{counter[0]}", cwd="/home/dev/src/other",
                       prompt=query)  # fmt: skip
        return _from_block(prompt_recall.context_for(inc, vault, config, ""))

    return {"bm25-ref": bm25, "lexical": lexical, "cli": cli, "mcp": mcp, "prompt-cc": prompt_cc,
            "prompt-hermes": prompt_hermes}  # fmt: skip


def _as_plain(session: dict[str, Any]) -> dict[str, Any]:
    """The session's raw messages in score.session_text's shape."""
    turns = []
    for prompt, tools, reply in session["turns"]:
        turns.append((prompt, [(k, a, {"out": o}) for k, a, o in tools], reply))
    return {"turns": turns}


# --- scoring -----------------------------------------------------------------------------------


def _in_window(date: str, window: tuple[str, str]) -> bool:
    return bool(date) and window[0] <= date < window[1]


def score_path(ranker: Callable[[str], Ranked], split: str) -> list[dict[str, Any]]:
    rows = []
    for qid, family, lang, kind, text, gold, stale, window in TQUESTIONS:
        if split != "all" and family_split(family) != split:
            continue
        ranked, abstained = ranker(text)
        order = list(dict.fromkeys(k for k, _ in ranked))
        top = order[:5]
        row: dict[str, Any] = {"qid": qid, "family": family, "lang": lang, "kind": kind,
                               "abstained": abstained, "top": top}  # fmt: skip
        if gold:
            row["hit"] = any(g in top for g in gold)
            row["recall"] = sum(g in top for g in gold) / len(gold)
        if window:
            dates = [d for _k, d in ranked[:5]]
            row["in_window"] = (
                (sum(_in_window(d, window) for d in dates) / len(dates)) if dates else 0.0
            )
        if stale:
            pos = {k: i for i, k in reversed(list(enumerate(order)))}
            row["newer"] = min(pos.get(g, 99) for g in gold) < min(pos.get(s, 99) for s in stale)
        rows.append(row)
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def mean(values: list[float]) -> float | None:
        return round(sum(values) / len(values), 3) if values else None

    answerable = [r for r in rows if "hit" in r]
    out = {
        "n": len(answerable),
        "hit@5": mean([float(r["hit"]) for r in answerable]),
        "recall@5": mean([r["recall"] for r in answerable]),
        "in_window": mean([r["in_window"] for r in rows if "in_window" in r]),
        "newer_first": mean([float(r["newer"]) for r in rows if "newer" in r]),
        "abstained": mean([float(r["abstained"]) for r in rows if "hit" not in r]),
        "false_abstain": mean([float(r["abstained"]) for r in answerable]),
    }
    return out


def grouped(rows: list[dict[str, Any]], field: str) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[r[field]].append(r)
    return {k: summarise(v) for k, v in sorted(groups.items())}


def cross_pairs(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Cross-language questions by direction: into English, and from English."""
    into = [r for r in rows if r["kind"] == "cross" and r["family"].split("/")[1].endswith(">en")]
    out_of = [
        r for r in rows if r["kind"] == "cross" and r["family"].split("/")[1].startswith("en>")
    ]
    return {"cjk>en": summarise(into), "en>cjk": summarise(out_of)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.recall.readpaths", description=__doc__)
    parser.add_argument("--split", choices=("dev", "held-out", "all"), default="all")
    parser.add_argument("--paths", default=",".join(PATHS))
    parser.add_argument("--fresh", action="store_true", help="replay the sessions again")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--failures", action="store_true", help="dev misses (never held-out)")
    args = parser.parse_args(argv)
    root = timeline_vault(fresh=args.fresh)
    paths = rankers(root, tuple(args.paths.split(",")))
    splits = ("dev", "held-out") if args.split == "all" else (args.split,)
    figures: dict[str, Any] = {}
    for name in args.paths.split(","):
        for split in splits:
            rows = score_path(paths[name], split)
            figures.setdefault(name, {})[split] = {
                "all": summarise(rows), "kind": grouped(rows, "kind"),
                "lang": grouped(rows, "lang"), "cross": cross_pairs(rows),
            }  # fmt: skip
            if args.failures and split == "dev":
                for r in rows:
                    if ("hit" in r and not r["hit"]) or ("hit" not in r and not r["abstained"]):
                        print(f"  miss {name} {r['qid']} {r['family']} got {r['top']}")
    _print(figures)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1, ensure_ascii=False))
    return 0


def _f(v: float | None) -> str:
    return "  -  " if v is None else f"{v:.2f}"


def _print(figures: dict[str, Any]) -> None:
    print(f"{'path':14} {'split':9} {'n':>3} {'hit@5':>6} {'R@5':>6} {'window':>6} {'newer':>6} "
          f"{'abst':>6} {'f-abst':>6}  cjk>en en>cjk | per kind hit@5")  # fmt: skip
    for name, splits in figures.items():
        for split, e in splits.items():
            a = e["all"]
            kinds = " ".join(f"{k} {_f(v['hit@5'])}" for k, v in e["kind"].items() if v["n"])
            print(f"{name:14} {split:9} {a['n']:>3} {_f(a['hit@5']):>6} {_f(a['recall@5']):>6} "
                  f"{_f(a['in_window']):>6} {_f(a['newer_first']):>6} {_f(a['abstained']):>6} "
                  f"{_f(a['false_abstain']):>6}  {_f(e['cross']['cjk>en']['hit@5']):>6} "
                  f"{_f(e['cross']['en>cjk']['hit@5']):>6} | {kinds}")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
