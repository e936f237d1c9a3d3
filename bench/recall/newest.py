"""The newest decision first, on decisions.py (or `--set fresh`: decisions_fresh.py; `--set
round9`: decisions_round9.py; `--set abstain10`: abstain_round10.py, never-discussed questions
and answerable controls over round9's vault; `--set round11`: decisions_round11.py; `--set
round13`: decisions_round13.py; `--set round14`: decisions_round14.py; `--set round15`:
decisions_round15.py; `--set round16`: decisions_round16.py; `--set round17`:
decisions_round17.py; `--set round18`: decisions_round18.py; `--set round19`:
decisions_round19.py; `--set round20`: decisions_round20.py; `--set round21`:
decisions_round21.py; `--set round22`: decisions_round22.py): search and prompt-time recall.

`python -m bench.recall.newest` builds a vault from the set (its session logs replayed
through the real hook, each as its agent at its own time; its summaries, memories and a
person's plain notes written as files, a plain note's file time set to when it was written),
rebuilds the index, then asks every question at the set's `NOW` through:

- `bm25-ref`: plain BM25 over every note's text (score.PlainBM25), knowing nothing of dates;
- `lexical`: the recall engine in process, vectors off;
- `cli`: `vaultsync search QUESTION --json`, a subprocess, as typed (vectors as configured);
- `prompt-cc`: a Claude Code `UserPromptSubmit` through the real hook, asked from the topic's
  project, the `additionalContext` it prints;
- `prompt-hermes`: Hermes's `pre_llm_call` recall, from the topic's project.

The session-start context is given no memories (`[budgets]` 0): prompt recall leaves out the
memories it gave, so the prompt paths are measured on what they add themselves.

Scored per split (dev / held-out by whole topic, the set's `split_of`): "newest first" (the
newest decision's note above every older one; a list without it fails), "newest given" (it is
among the first five, or injected), "stale given" (a prompt path injected an older decision),
and for never-discussed questions "nothing" (search: flagged weak; prompt: nothing injected).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from bench.recall import (
    abstain_round10,
    decisions,
    decisions_fresh,
    decisions_round9,
    decisions_round11,
    decisions_round13,
    decisions_round14,
    decisions_round15,
    decisions_round16,
    decisions_round17,
    decisions_round18,
    decisions_round19,
    decisions_round20,
    decisions_round21,
    decisions_round22,
    replay,
    score,
)

PATHS = ("bm25-ref", "lexical", "cli", "prompt-cc", "prompt-hermes")


def _zone() -> dt.tzinfo:
    """The person's zone, in which the set's local times are written (Asia/Shanghai, +08:00
    all year, for every set before round 19; Europe/Berlin, with summer time, for round 19)."""
    from zoneinfo import ZoneInfo

    return ZoneInfo(D.TZ)


# The question sets: decisions.py (tuned on: its dev topics) and decisions_fresh.py (written
# after it, before the changes that followed; held out but for its dev families) and
# decisions_round9.py (written before the tuning that followed it; the same kind of split) and
# abstain_round10.py (never-discussed questions and controls over round9's vault, written
# before the tuning that followed it; held out by whole family) and decisions_round11.py (new
# replaced-decision shapes and phrasings, written before the tuning that followed it) and
# decisions_round13.py (more new shapes, task prompts, never-discussed questions and controls,
# written before the tuning that followed it) and decisions_round14.py (reverts, a replacement in
# another project or only in a summary, a memory edited by hand, time-anchored and agent
# questions, every language pair, near-miss never-discussed questions; written before the
# tuning that followed it) and decisions_round15.py (a replacement said only in a closing
# message, a partial one, one dropped for a third option, a date only in a title, two agents
# on one day; new time windows and phrasings; written before the tuning that followed it) and
# decisions_round16.py (a decision only in a skill draft, in a commit message inside a shell
# command, in a table row, in Korean; questions naming files and commands, typos, Korean, long
# Chinese task prompts; time asked just after midnight; written before the tuning that followed)
# and decisions_round17.py (a decision said by the person in a later turn, in a ticked checklist
# item, only in what an edit wrote, in a code comment, in traditional Chinese; confirmations,
# pasted errors, two-part questions; time asked on a Monday morning; written before the tuning
# that followed it) and decisions_round18.py (a decision reverted twice, struck through in a
# person's list, said only by the commands a session ran, in an Obsidian callout; code-switched
# questions, imperatives, a file path or an error alone, honorific Japanese, "why" and "who";
# time asked the day after a leap day; written before the tuning that followed it) and
# decisions_round19.py (a decision in a PR description pasted into a session, in a .env.example
# comment, in a weekly review note, in a Cursor session; questions inside a task, pinyin,
# Japanese kanji that mean something else in Chinese notes, "what's the current X", the reason
# only; time asked late on a Sunday in Berlin, the night summer time ended) and
# decisions_round20.py (questions as the second sentence of a long task prompt in three
# languages, naming a function by its identifier, "did anyone already try X"; never-discussed
# long task prompts; written before the tuning that followed it) and decisions_round21.py
# (romaji and pinyin mixed with English, a request inside a task prompt to check what was
# decided, "has someone already tried X" answered over several turns of one session, a fact
# said three and four times; written before the tuning that followed it) and decisions_round22.py
# (German questions, a question as a chat message, requests inside a task prompt in new
# wordings, romaji and pinyin with new words for "now" and "decided"; held out whole, written
# before the tuning that followed it).
SETS: dict[str, ModuleType] = {"decisions": decisions, "fresh": decisions_fresh,
                               "round9": decisions_round9,
                               "abstain10": abstain_round10,
                               "round11": decisions_round11,
                               "round13": decisions_round13,
                               "round14": decisions_round14,
                               "round15": decisions_round15,
                               "round16": decisions_round16,
                               "round17": decisions_round17,
                               "round18": decisions_round18,
                               "round19": decisions_round19,
                               "round20": decisions_round20,
                               "round21": decisions_round21,
                               "round22": decisions_round22}  # fmt: skip
D: ModuleType = decisions  # the set being scored (main's --set)
# Sets whose held-out questions were opened into dev when a later set became the held-out one
# (decisions_round13.py, then decisions_round14.py, decisions_round15.py, decisions_round16.py,
# decisions_round17.py, decisions_round18.py, decisions_round19.py, decisions_round20.py,
# decisions_round21.py and decisions_round22.py; their held-out figures
# were read before:
# docs/search.md): `--failures` prints their held-out misses too. The split is kept, so their
# figures stay comparable.
OPENED = frozenset(
    {
        "decisions",
        "fresh",
        "round9",
        "abstain10",
        "round11",
        "round13",
        "round14",
        "round15",
        "round16",
        "round17",
        "round18",
        "round19",
        "round20",
        "round21",
    }
)


def _text(raw: str) -> str:
    return str(D.text(raw))


def _env(vault: Path, home: Path) -> dict[str, str]:
    return {**os.environ, "VAULTSYNC_VAULT": str(vault), "VAULTSYNC_HOME": str(home),
            "VAULTSYNC_NOW": D.NOW, "VAULTSYNC_TZ": D.TZ}  # fmt: skip


def build(*, fresh: bool = False) -> Path:
    import shutil

    from bench.recall.readpaths import payloads

    here = Path(__file__)
    name = str(getattr(D, "NAME", "decisions" if D is decisions else "decisions-fresh"))
    # a set of questions over another set's vault shares its build (`VAULT_FILE`)
    own = Path(str(getattr(D, "VAULT_FILE", D.__file__)))
    root = replay._cache(name, here, own, here.with_name("decisions.py"))
    vault, home, done = root / "vault", root / "home", root / "done"
    if done.exists() and not fresh:
        return root
    shutil.rmtree(root, ignore_errors=True)
    vault.mkdir(parents=True)
    os.environ["VAULTSYNC_TZ"] = D.TZ
    replay._init(vault)
    # No memory in the session-start context (USER.md, AGENT.md, the project's file): prompt
    # recall leaves out what that context gave, so with a few memories (which all fit its
    # budget) it would be measured on nothing; in a vault of hundreds, most are not there.
    with (vault / ".vaultsync" / "config.toml").open("a", encoding="utf-8") as config:
        config.write("\n[budgets]\nuser_md_tokens = 0\nagent_md_tokens = 0\ncontext_tokens = 0\n")
    replay.play(vault, home, D.SESSIONS, payloads, zone=_zone(), tz=D.TZ)
    for _nid, rel, written, raw in D.NOTES:
        path = vault / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_text(raw), encoding="utf-8")
        stamp = dt.datetime.fromisoformat(written).replace(tzinfo=_zone()).timestamp()
        os.utime(path, (stamp, stamp))
    replay.rebuild(vault, home)
    done.write_text("ok\n")
    return root


def _keys(vault: Path) -> dict[str, str]:
    """Note path (with and without .md) and session uuid -> decisions.py id."""
    out: dict[str, str] = {}
    uuids = {replay.session_uuid(s["id"]): s["id"] for s in D.SESSIONS}
    out.update(uuids)
    for nid, rel, _w, _t in D.NOTES:
        out[rel] = out[rel.removesuffix(".md")] = nid
    for path in (vault / "sessions").rglob("*.md"):
        head = path.read_text(encoding="utf-8", errors="replace")[:2000]
        for uuid, sid in uuids.items():
            if uuid in head:
                rel = path.relative_to(vault).as_posix()
                out[rel] = out[rel.removesuffix(".md")] = sid
    return out


Ranked = tuple[list[str], bool]  # ids best first, nothing given (abstained)


def rankers(root: Path, wanted: tuple[str, ...]) -> dict[str, Callable[[str, str], Ranked]]:
    from bench.recall.readpaths import working_copy

    work = working_copy(root, "work")
    vault, home = work / "vault", work / "home"
    prompt_work = working_copy(root, "work-cc") if "prompt-cc" in wanted else work
    os.environ.update({"VAULTSYNC_HOME": str(home), "VAULTSYNC_VAULT": str(vault),
                       "VAULTSYNC_NOW": D.NOW, "VAULTSYNC_TZ": D.TZ})  # fmt: skip
    keys = _keys(vault)
    docs = {}
    for s in D.SESSIONS:
        docs[s["id"]] = " ".join(f"{p} {r}" for p, _t, r in s["turns"])
    for nid, _rel, _w, raw in D.NOTES:
        docs[nid] = _text(raw)
    ref = score.PlainBM25(docs)

    def bm25(query: str, cwd: str) -> Ranked:
        ranked, _ = ref.rank(query)
        return list(ranked), False

    def key(rel: str, sid: str) -> str:
        return keys.get(rel) or keys.get(sid) or rel

    def cli(query: str, cwd: str) -> Ranked:
        proc = subprocess.run(
            [*replay._bin("vaultsync"), "search", "--json", "--limit", "10", "--", query],
            capture_output=True, text=True, env=_env(vault, home), timeout=120, cwd=vault,
        )  # fmt: skip
        hits = json.loads(proc.stdout or "[]") if proc.returncode == 0 else []
        weak = bool(hits) and all(h.get("weak") for h in hits)
        return [key(h.get("path", ""), h.get("session_id") or "") for h in hits], weak or not hits

    from vaultsync.core.config import load_config
    from vaultsync.services.recall.engine import recall

    config = load_config(vault)

    def lexical(query: str, cwd: str) -> Ranked:
        found = recall(vault, config, query, limit=10, semantic=False)
        return [key(h.rel, h.session_id or "") for h in found.hits], found.abstain

    link = re.compile(r"\[\[([^\]|#]+)")

    def from_block(block: str) -> Ranked:
        out = []
        for line in block.splitlines():
            found = link.search(line)
            if found:
                out.append(keys.get(found.group(1), found.group(1)))
        return out, not out

    counter = [0]

    def prompt_cc(query: str, cwd: str) -> Ranked:
        counter[0] += 1
        payload = {"session_id": f"bench-newest-{counter[0]}", "cwd": cwd,
                   "transcript_path": "/x.jsonl", "hook_event_name": "UserPromptSubmit",
                   "prompt": query}  # fmt: skip
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
        return from_block(block)

    def prompt_hermes(query: str, cwd: str) -> Ranked:
        from vaultsync.core.hook import prompt_recall
        from vaultsync.core.hook.agents import Incoming
        from vaultsync.core.model import EventKind

        counter[0] += 1
        inc = Incoming(agent="hermes", native_event="pre_llm_call", kind=EventKind.PROMPT,
                       session_id=f"bench-newest-h{counter[0]}", cwd=cwd, prompt=query)  # fmt: skip
        return from_block(prompt_recall.context_for(inc, vault, config, cwd))

    every = {"bm25-ref": bm25, "lexical": lexical, "cli": cli, "prompt-cc": prompt_cc,
             "prompt-hermes": prompt_hermes}  # fmt: skip
    return {name: every[name] for name in wanted}


def score_path(ranker: Callable[[str, str], Ranked], split: str) -> list[dict[str, Any]]:
    rows = []
    for qid, family, text, gold, stale in D.DQUESTIONS:
        if split != "all" and D.split_of(qid, family) != split:
            continue
        topic = family.split("/")[0]
        cwd = getattr(D, "CWD", {}).get(qid) or D.PROJECT_OF[topic]
        ranked, nothing = ranker(text, cwd)
        order = list(dict.fromkeys(ranked))
        row: dict[str, Any] = {"qid": qid, "family": family, "top": order[:5],
                               "nothing": nothing}  # fmt: skip
        if gold:
            pos = {k: i for i, k in reversed(list(enumerate(order)))}
            first = min(pos.get(g, 99) for g in gold)
            older = min((pos.get(s, 99) for s in stale), default=99)  # none: a control
            row["newest_first"] = first < 99 and first < older
            row["newest_given"] = first < 5
            row["stale_given"] = any(pos.get(s, 99) < 5 for s in stale)
        rows.append(row)
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def mean(values: list[float]) -> float | None:
        return round(sum(values) / len(values), 3) if values else None

    answerable = [r for r in rows if "newest_first" in r]
    return {
        "n": len(answerable),
        "newest_first": mean([float(r["newest_first"]) for r in answerable]),
        "newest_given": mean([float(r["newest_given"]) for r in answerable]),
        "stale_given": mean([float(r["stale_given"]) for r in answerable]),
        "nothing": mean([float(r["nothing"]) for r in rows if "newest_first" not in r]),
    }


def breakdown(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The figures by the family's language pair (its second part: "zh>en", "ja", "mixed";
    "cross" every pair of two languages, "same" every pair of one) and by kind ("time" for a
    topic named t-..., "decision" for another topic, else the kind of never-discussed question
    or "control"): aggregates only, no question named."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        head, pair = r["family"].split("/")[:2]
        kind = head.split("-")[0] if head.startswith(("none", "control")) else (
            "time" if head.startswith("t-") else "decision")  # fmt: skip
        groups.setdefault("pair " + pair, []).append(r)
        if ">" in pair:  # asked in one language about a note in another, or in the same
            ask, held = pair.split(">")
            groups.setdefault("pair cross" if ask != held else "pair same", []).append(r)
        groups.setdefault("kind " + kind, []).append(r)
    return {k: summarise(v) for k, v in sorted(groups.items())}


def _f(v: float | None) -> str:
    return "  -  " if v is None else f"{v:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.recall.newest", description=__doc__)
    parser.add_argument("--set", choices=tuple(SETS), default="decisions", dest="qset")
    parser.add_argument("--split", choices=("dev", "held-out", "all"), default="all")
    parser.add_argument("--paths", default=",".join(PATHS))
    parser.add_argument("--fresh", action="store_true", help="build the vault again")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--failures", action="store_true",
                        help="dev misses (held-out ones too, of OPENED sets only)")  # fmt: skip
    parser.add_argument("--by", action="store_true",
                        help="figures by language pair and by kind too (aggregates)")  # fmt: skip
    args = parser.parse_args(argv)
    global D
    D = SETS[args.qset]
    root = build(fresh=args.fresh)
    names = tuple(args.paths.split(","))
    paths = rankers(root, names)
    splits = ("dev", "held-out") if args.split == "all" else (args.split,)
    figures: dict[str, Any] = {}
    print(f"{'path':14} {'split':9} {'n':>3} {'newest first':>13} {'newest given':>13} "
          f"{'stale given':>12} {'nothing':>8}")  # fmt: skip
    for name in names:
        for split in splits:
            rows = score_path(paths[name], split)
            a = figures.setdefault(name, {})[split] = summarise(rows)
            print(f"{name:14} {split:9} {a['n']:>3} {_f(a['newest_first']):>13} "
                  f"{_f(a['newest_given']):>13} {_f(a['stale_given']):>12} "
                  f"{_f(a['nothing']):>8}")  # fmt: skip
            if args.by:
                parts = a["by"] = breakdown(rows)
                for group, b in parts.items():
                    print(f"    {group:18} {b['n']:>3} {_f(b['newest_first']):>13} "
                          f"{_f(b['newest_given']):>13} {_f(b['stale_given']):>12} "
                          f"{_f(b['nothing']):>8}")  # fmt: skip
            if args.failures and (split == "dev" or args.qset in OPENED):
                for r in rows:
                    bad = ("newest_first" in r and not r["newest_first"]) or (
                        "newest_first" not in r and not r["nothing"]
                    )
                    if bad:
                        print(f"    miss {r['qid']} {r['family']} got {r['top']}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
