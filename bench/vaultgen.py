"""Synthetic vaults for benchmarks: 1k, 10k or 100k notes that look like a real vaultsync vault.

Mix (by count): plain notes 55%, session notes 20% (frontmatter from core.schema, event blocks
rendered by core.eventlog), summaries 10%, memories 10% (L1/L2/L3 folders), skill proposals 5%.
About 10% of notes are in Chinese. Bodies carry headings, lists, inline tags and wikilinks to
other notes; sizes are spread around a 2.6 KB mean. Deterministic for a given (size, seed).

    python bench/vaultgen.py 10000            # -> bench/.data/vault-10000
    python bench/vaultgen.py 1000 --out /tmp/v
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from pathlib import Path

from vaultsync.core import eventlog, paths
from vaultsync.core.model import Event, EventKind, Level, Scope
from vaultsync.core.properties import render_frontmatter
from vaultsync.core.schema import memory_props, proposal_props, session_props, summary_props

DATA = Path(__file__).resolve().parent / ".data"
STAMP = ".vaultgen"
MEAN_BYTES = 2600

EN = (  # noqa: SIM905 - a word list reads better as text
    "the a to of and in is for on with that this it as be by we from at or not build test "
    "router timeout cache proxy deploy config index search vault note memory session agent "
    "database query schema migration commit branch merge review error fix bug retry lock file "
    "path folder sync watcher hook event token budget summary level user project install "
    "package module import function class method return value string number list map async "
    "await thread process signal queue worker server client request response header status "
    "latency throughput benchmark profile memory leak container image volume network port "
    "python rust typescript sqlite git docker linux macos windows shell script terminal editor"
).split()
ZH = (  # noqa: SIM905
    "我们 修复 了 路由 的 问题 数据库 连接 正常 同步 笔记 插件 搜索 索引 配置 文件 目录 "
    "提交 分支 合并 错误 重试 缓存 代理 部署 测试 构建 性能 内存 会话 记忆 用户 项目 安装 "
    "模块 函数 返回 字符串 列表 服务器 客户端 请求 响应 状态 延迟 容器 网络 端口 脚本 终端"
).split()
TOOLS = [("Bash", "npm test"), ("Edit", "src/router.ts"), ("Read", "README.md"), ("Grep", "TODO")]
AGENTS = ("claude-code", "codex", "gemini", "hermes", "cursor")


def _sentence(rng: random.Random, zh: bool) -> str:
    words = [rng.choice(ZH if zh else EN) for _ in range(rng.randint(6, 16))]
    return ("".join(words) + "。") if zh else (" ".join(words).capitalize() + ".")


def _body(rng: random.Random, size: int, zh: bool, titles: list[str]) -> str:
    parts: list[str] = []
    length = 0
    while length < size:
        kind = rng.random()
        if kind < 0.1:
            chunk = f"\n## {_sentence(rng, zh)[:40]}\n"
        elif kind < 0.25:
            chunk = "".join(f"- {_sentence(rng, zh)}\n" for _ in range(rng.randint(2, 4)))
        else:
            words = " ".join(_sentence(rng, zh) for _ in range(rng.randint(2, 5)))
            if titles and rng.random() < 0.5:
                words += f" See [[{rng.choice(titles)}]]."
            if rng.random() < 0.2:
                words += f" #{rng.choice(EN)}"
            chunk = words + "\n\n"
        parts.append(chunk)
        length += len(chunk.encode("utf-8"))
    return "".join(parts)


def _size(rng: random.Random) -> int:
    return max(300, int(rng.lognormvariate(0, 0.5) * MEAN_BYTES * 0.85))


def _ts(rng: random.Random, day: int) -> str:
    hour, minute = rng.randint(0, 23), rng.randint(0, 59)
    return f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T{hour:02d}:{minute:02d}:00Z"


def _session(rng: random.Random, n: int, zh: bool) -> tuple[str, str]:
    day = n % 300
    started = _ts(rng, day)
    agent = rng.choice(AGENTS)
    sid = f"sess-{n:06d}"
    props = session_props(agent=agent, session_id=sid, project=f"/work/p{n % 40}",
                          cwd=f"/work/p{n % 40}", started=started, machine="bench")  # fmt: skip
    props["status"] = rng.choice(["pending", "summarized", "summarized", "skipped", "active"])
    events, budget = [], _size(rng)
    i = 0
    while budget > 0:
        tool, arg = rng.choice(TOOLS)
        kind = EventKind.PROMPT if i == 0 else EventKind.TOOL
        event = Event(
            id=f"{started[:10].replace('-', '')}T{i:06d}Z-{n:08x}", ts=started, agent=agent,
            session_id=sid, kind=kind, tool="" if i == 0 else tool,
            input="" if i == 0 else f"{arg} {_sentence(rng, zh)}",
            output="" if i == 0 else _sentence(rng, zh) + " " + _sentence(rng, zh),
            prompt=_sentence(rng, zh) if i == 0 else "", project=props["project"],
        )  # fmt: skip
        block = eventlog.render(event)
        events.append(block)
        budget -= len(block.encode("utf-8"))
        i += 1
    rel = f"sessions/2026/{1 + day // 28:02d}/{started[:10]} {agent} {sid}.md"
    return rel, render_frontmatter(props) + f"\n# Session {sid}\n" + "".join(events)


def generate(root: Path, size: int, seed: int = 0) -> Path:
    """Write a vault of `size` notes under `root` (replacing it) and return it."""
    rng = random.Random(seed)
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    titles: list[str] = []
    chinese = 0
    for n in range(size):
        zh = rng.random() < 0.10
        chinese += zh
        pick = rng.random()
        title = (_sentence(rng, zh)[:24].strip(" .。") or f"note {n}") + f" {n}"
        created = _ts(rng, n % 300)
        if pick < 0.55:
            rel = f"notes/{n % 97:02d}/{title}.md"
            head = ""
            if rng.random() < 0.6:
                head = render_frontmatter({"tags": [rng.choice(EN)], "created": created[:10]})
            text = head + f"# {title}\n\n" + _body(rng, _size(rng), zh, titles)
        elif pick < 0.75:
            rel, text = _session(rng, n, zh)
        elif pick < 0.85:
            props = summary_props(
                agent=rng.choice(AGENTS), session_id=f"sess-{n:06d}", project=f"/work/p{n % 40}",
                created=created, session_rel=f"sessions/x{n}.md", files_read=["src/a.py"],
                files_modified=["src/b.py"], model="bench",
            )  # fmt: skip
            rel = f"summaries/2026/{title}.md"
            text = render_frontmatter(props) + f"# {title}\n\n" + _body(rng, _size(rng), zh, titles)
        elif pick < 0.95:
            level = rng.choice(list(Level))
            props = memory_props(
                level=level, scope=rng.choice(list(Scope)), agent=rng.choice(AGENTS),
                session_id=f"sess-{n:06d}", project=f"/work/p{n % 40}", created=created,
                source_rel=f"summaries/x{n}.md", priority=rng.randint(0, 3),
            )  # fmt: skip
            rel = f"{paths.LEVEL_DIRS[level]}/{title}.md"
            body = _body(rng, _size(rng) // 4, zh, titles)
            text = render_frontmatter(props) + f"# {title}\n\n" + body
        else:
            props = proposal_props(
                name=title, agent=rng.choice(AGENTS), session_id=f"sess-{n:06d}",
                project=f"/work/p{n % 40}", created=created, source_rel=f"summaries/x{n}.md",
            )  # fmt: skip
            rel = f"skills/proposals/{title}.md"
            text = render_frontmatter(props) + f"# {title}\n\n" + _body(rng, _size(rng), zh, titles)
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        if len(titles) < 2000:
            titles.append(title)
    (root / STAMP).write_text(f"{size} {seed} {chinese}\n", encoding="utf-8")
    return root


def ensure(size: int, seed: int = 0, out: Path | None = None) -> Path:
    """The vault for (size, seed), generated once and reused while its stamp matches."""
    root = out or DATA / f"vault-{size}"
    stamp = root / STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8").split()[:2] == [str(size), str(seed)]:
        return root
    return generate(root, size, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int, nargs="?", default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    root = generate(args.out or DATA / f"vault-{args.size}", args.size, args.seed)
    files = list(root.rglob("*.md"))
    total = sum(p.stat().st_size for p in files)
    chinese = (root / STAMP).read_text(encoding="utf-8").split()[2]
    print(f"{root}: {len(files)} notes, mean {total / max(len(files), 1):.0f} bytes, "
          f"{chinese} written in Chinese, {time.perf_counter() - started:.1f} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
