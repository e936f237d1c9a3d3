"""Synthetic vaults for benchmarks: 1k, 10k or 100k notes that look like a real vaultsync vault.

Mix (by count): plain notes 55%, session notes 20% (frontmatter from core.schema, event blocks
rendered by core.eventlog), summaries 10%, memories 10% (L1/L2/L3 folders), skill proposals 5%.
About 10% of notes are in Chinese. Bodies carry headings, lists, inline tags and wikilinks to
other notes; sizes are spread around a 2.6 KB mean. Deterministic for a given (size, seed).

Two vocabularies (`--words`):
- `uniform` (the default, what every figure before 2026-12-01 used): every word is drawn
  evenly from 150, so each domain word is in 77% to 92% of the notes (half of all index rows,
  events included). A stress case for the index: every query term is as common as a stopword.
- `zipf`: word frequencies fall with rank as in real text (Zipf-Mandelbrot, exponent 1.07,
  over the 150 words and 20,000 made-up tail words), and each note is about one of 40 topics
  whose eight domain words make a quarter of its words: a domain word is in 1% to 59% of the
  notes (median 15%, at 2,000 notes), and a topic's words meet in the same notes, as they do
  in a person's vault (where most words are rarer still).

    python bench/vaultgen.py 10000                # -> bench/.data/vault-10000
    python bench/vaultgen.py 10000 --words zipf   # -> bench/.data/vault-10000-zipf
    python bench/vaultgen.py 1000 --out /tmp/v
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from collections.abc import Callable
from itertools import accumulate
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
FUNCTION_WORDS = 20  # EN starts with them: the top of the zipf ranking
TAIL_WORDS = 20_000
TOPICS = 40
TOPIC_WORDS = 8
TOPIC_SHARE = 0.25  # of a zipf note's words, drawn from its topic
ZIPF_EXPONENT = 1.07
VOCABULARIES = ("uniform", "zipf")

Picker = Callable[[random.Random, int], list[str]]  # (rng, how many words) -> words

TOOLS = [("Bash", "npm test"), ("Edit", "src/router.ts"), ("Read", "README.md"), ("Grep", "TODO")]
AGENTS = ("claude-code", "codex", "gemini", "hermes", "cursor")


def _uniform(rng: random.Random, k: int) -> list[str]:
    return [rng.choice(EN) for _ in range(k)]


def _tail_words(rng: random.Random) -> list[str]:
    onsets = "b c d f g h j k l m n p r s t v w z br cr dr fl gr pl st tr".split()  # noqa: SIM905
    vowels = "a e i o u ai ea io ou".split()  # noqa: SIM905
    codas = ["", "", "n", "r", "s", "t", "l", "x"]
    made: dict[str, None] = {}
    while len(made) < TAIL_WORDS:
        word = "".join(
            rng.choice(onsets) + rng.choice(vowels) for _ in range(rng.randint(2, 3))
        ) + rng.choice(codas)
        if word not in EN:
            made[word] = None
    return list(made)


def zipf_picker(seed: int = 0) -> Callable[[int], Picker]:
    """topic number -> a word picker for a note about that topic (see the module docstring)."""
    rng = random.Random(f"vocabulary-{seed}")
    head, domain = EN[:FUNCTION_WORDS], EN[FUNCTION_WORDS:]
    ranked = head + _tail_words(rng)
    # domain words spread over ranks 40 to 4,000, evenly on a log scale: a few common, most not
    shuffled = rng.sample(domain, len(domain))
    for i, word in enumerate(shuffled):
        rank = int(40 * 100 ** (i / max(len(shuffled) - 1, 1)))
        ranked.insert(min(rank, len(ranked)), word)
    cum = list(accumulate(1 / (r + 2.7) ** ZIPF_EXPONENT for r in range(len(ranked))))
    topics = [rng.sample(domain, TOPIC_WORDS) for _ in range(TOPICS)]

    def for_topic(topic: int) -> Picker:
        words = topics[topic % TOPICS]

        def pick(r: random.Random, k: int) -> list[str]:
            out = r.choices(ranked, cum_weights=cum, k=k)
            return [r.choice(words) if r.random() < TOPIC_SHARE else w for w in out]

        return pick

    return for_topic


def _sentence(rng: random.Random, zh: bool, pick: Picker = _uniform) -> str:
    k = rng.randint(6, 16)
    if zh:
        return "".join(rng.choice(ZH) for _ in range(k)) + "。"
    return " ".join(pick(rng, k)).capitalize() + "."


def _body(
    rng: random.Random, size: int, zh: bool, titles: list[str], pick: Picker = _uniform
) -> str:
    parts: list[str] = []
    length = 0
    while length < size:
        kind = rng.random()
        if kind < 0.1:
            chunk = f"\n## {_sentence(rng, zh, pick)[:40]}\n"
        elif kind < 0.25:
            chunk = "".join(f"- {_sentence(rng, zh, pick)}\n" for _ in range(rng.randint(2, 4)))
        else:
            words = " ".join(_sentence(rng, zh, pick) for _ in range(rng.randint(2, 5)))
            if titles and rng.random() < 0.5:
                words += f" See [[{rng.choice(titles)}]]."
            if rng.random() < 0.2:
                words += f" #{pick(rng, 1)[0]}"
            chunk = words + "\n\n"
        parts.append(chunk)
        length += len(chunk.encode("utf-8"))
    return "".join(parts)


def _size(rng: random.Random) -> int:
    return max(300, int(rng.lognormvariate(0, 0.5) * MEAN_BYTES * 0.85))


def _ts(rng: random.Random, day: int) -> str:
    hour, minute = rng.randint(0, 23), rng.randint(0, 59)
    return f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T{hour:02d}:{minute:02d}:00Z"


def _session(rng: random.Random, n: int, zh: bool, pick: Picker = _uniform) -> tuple[str, str]:
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
            input="" if i == 0 else f"{arg} {_sentence(rng, zh, pick)}",
            output="" if i == 0 else _sentence(rng, zh, pick) + " " + _sentence(rng, zh, pick),
            prompt=_sentence(rng, zh, pick) if i == 0 else "", project=props["project"],
        )  # fmt: skip
        block = eventlog.render(event)
        events.append(block)
        budget -= len(block.encode("utf-8"))
        i += 1
    rel = f"sessions/2026/{1 + day // 28:02d}/{started[:10]} {agent} {sid}.md"
    return rel, render_frontmatter(props) + f"\n# Session {sid}\n" + "".join(events)


def generate(root: Path, size: int, seed: int = 0, words: str = "uniform") -> Path:
    """Write a vault of `size` notes under `root` (replacing it) and return it."""
    if words not in VOCABULARIES:
        raise ValueError(f"words: one of {', '.join(VOCABULARIES)}")
    rng = random.Random(seed)
    topic_picker = zipf_picker(seed) if words == "zipf" else None
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    titles: list[str] = []
    chinese = 0
    for n in range(size):
        zh = rng.random() < 0.10
        chinese += zh
        kind = rng.random()
        # the uniform vault draws nothing more, so it stays as it was before zipf existed
        w = topic_picker(rng.randrange(TOPICS)) if topic_picker else _uniform
        title = (_sentence(rng, zh, w)[:24].strip(" .。") or f"note {n}") + f" {n}"
        created = _ts(rng, n % 300)
        if kind < 0.55:
            rel = f"notes/{n % 97:02d}/{title}.md"
            head = ""
            if rng.random() < 0.6:
                head = render_frontmatter({"tags": [w(rng, 1)[0]], "created": created[:10]})
            text = head + f"# {title}\n\n" + _body(rng, _size(rng), zh, titles, w)
        elif kind < 0.75:
            rel, text = _session(rng, n, zh, w)
        elif kind < 0.85:
            props = summary_props(
                agent=rng.choice(AGENTS), session_id=f"sess-{n:06d}", project=f"/work/p{n % 40}",
                created=created, session_rel=f"sessions/x{n}.md", files_read=["src/a.py"],
                files_modified=["src/b.py"], model="bench",
            )  # fmt: skip
            rel = f"summaries/2026/{title}.md"
            body = _body(rng, _size(rng), zh, titles, w)
            text = render_frontmatter(props) + f"# {title}\n\n" + body
        elif kind < 0.95:
            level = rng.choice(list(Level))
            props = memory_props(
                level=level, scope=rng.choice(list(Scope)), agent=rng.choice(AGENTS),
                session_id=f"sess-{n:06d}", project=f"/work/p{n % 40}", created=created,
                source_rel=f"summaries/x{n}.md", priority=rng.randint(0, 3),
            )  # fmt: skip
            rel = f"{paths.LEVEL_DIRS[level]}/{title}.md"
            body = _body(rng, _size(rng) // 4, zh, titles, w)
            text = render_frontmatter(props) + f"# {title}\n\n" + body
        else:
            props = proposal_props(
                name=title, agent=rng.choice(AGENTS), session_id=f"sess-{n:06d}",
                project=f"/work/p{n % 40}", created=created, source_rel=f"summaries/x{n}.md",
            )  # fmt: skip
            rel = f"skills/proposals/{title}.md"
            body = _body(rng, _size(rng), zh, titles, w)
            text = render_frontmatter(props) + f"# {title}\n\n" + body
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        if len(titles) < 2000:
            titles.append(title)
    (root / STAMP).write_text(f"{size} {seed} {chinese} {words}\n", encoding="utf-8")
    return root


def default_root(size: int, words: str = "uniform") -> Path:
    return DATA / (f"vault-{size}" if words == "uniform" else f"vault-{size}-{words}")


def ensure(size: int, seed: int = 0, out: Path | None = None, words: str = "uniform") -> Path:
    """The vault for (size, seed, words), generated once and reused while its stamp matches."""
    root = out or default_root(size, words)
    stamp = root / STAMP
    if stamp.is_file():
        found = stamp.read_text(encoding="utf-8").split()
        # a stamp from before the zipf vocabulary names none: it is a uniform vault
        if found[:2] == [str(size), str(seed)] and (found[3:4] or ["uniform"]) == [words]:
            return root
    return generate(root, size, seed, words)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int, nargs="?", default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--words", choices=VOCABULARIES, default="uniform")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    root = generate(args.out or default_root(args.size, args.words), args.size, args.seed,
                    args.words)  # fmt: skip
    files = list(root.rglob("*.md"))
    total = sum(p.stat().st_size for p in files)
    chinese = (root / STAMP).read_text(encoding="utf-8").split()[2]
    print(f"{root}: {len(files)} notes, mean {total / max(len(files), 1):.0f} bytes, "
          f"{chinese} written in Chinese, {time.perf_counter() - started:.1f} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
