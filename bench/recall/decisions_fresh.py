# ruff: noqa: E501  (data: CJK text counts double width)
"""A second set of decisions that changed, written after decisions.py was tuned on and before
any change made after it: new topics, new projects, new phrasings, and replacements recorded
the way people and the learning loop record them.

Three projects (a React Native app, a Rust ledger service, a docs site), seven topics, each
decided two or three times in notes of every kind: session logs replayed through the real hook
as their agent at their own time, summaries, L2 memories, plain notes a person wrote (no date
property: the file's time). What is new here:

- **replaced by a `supersedes` link**: the newer note names the older one in a `supersedes`
  property (as the learning loop writes it, `[[path]]`, or as a person types it, `[[Title]]`),
  and the older one is not marked `superseded_by` (a person wrote the new note in Obsidian, or
  the older note is a summary). In two topics the older note was touched after it was
  replaced (its `updated` is the newest date of the topic): only the link says which is in force;
- questions that name the old choice ("are we still on Kafka?", "Redux 还在用吗？");
- Japanese questions about Chinese notes and the reverse;
- never-discussed questions in English, Chinese and Japanese, several about a project or a
  word the vault does hold (the docs site's search, the ledger API's certificates).

Every question is asked at `NOW` (Friday 2026-12-18, 18:00, Asia/Shanghai). Families are
topic / language pair / style. Held out: every question except those of `DEV_TOPICS` and
`DEV_NONE`, chosen when the set was written; tuning may look at the dev ones only.
"""

from __future__ import annotations

from typing import Any

from bench.recall.decisions import bash, edit

NOW = "2026-12-18T18:00:00+08:00"
TZ = "Asia/Shanghai"

APP = "/home/dev/src/pocket-app"
LEDGER = "/home/dev/src/ledger"
DOCS = "/home/dev/src/handbook"


def text(raw: str) -> str:
    return raw.replace("{APP}", APP).replace("{LEDGER}", LEDGER).replace("{DOCS}", DOCS)


SESSIONS: list[dict[str, Any]] = [
    # queue: the ledger's message queue, first decision
    {
        "id": "q-queue-1",
        "agent": "claude-code",
        "project": LEDGER,
        "start": "2026-10-06T10:00:00",
        "turns": [
            (
                "The ledger needs a message queue for settlement events. Set up RabbitMQ with a settlement exchange.",
                [
                    edit(
                        f"{LEDGER}/src/queue.rs",
                        "",
                        'let exchange = "settlement"; // lapin, RabbitMQ',
                    )
                ],
                "Settlement events go through RabbitMQ now: the `settlement` exchange, a lapin client in src/queue.rs.",
            )
        ],
    },
    # auth: the app's sign-in, second decision
    {
        "id": "q-auth-2",
        "agent": "codex",
        "project": APP,
        "start": "2026-11-09T15:00:00",
        "turns": [
            (
                "Auth0's pricing jumped. Move sign-in to Clerk, keep the same screens.",
                [edit(f"{APP}/src/auth/provider.tsx", "Auth0Provider", "ClerkProvider")],
                "Sign-in runs on Clerk now (src/auth/provider.tsx wraps the app in ClerkProvider); the Auth0 tenant can be closed.",
            )
        ],
    },
    # orm: the ledger's database access, first decision (Chinese)
    {
        "id": "q-orm-1",
        "agent": "gemini",
        "project": LEDGER,
        "start": "2026-10-14T11:00:00",
        "turns": [
            (
                "账本服务访问数据库用 Diesel 吧，先把 schema.rs 生成出来。",
                [bash("diesel print-schema > src/schema.rs", "")],
                "账本服务的数据库访问层定为 Diesel，src/schema.rs 已由 diesel print-schema 生成。",
            )
        ],
    },
    # flags: feature flags, newest decision
    {
        "id": "q-flags-2",
        "agent": "codex",
        "project": APP,
        "start": "2026-12-08T14:00:00",
        "turns": [
            (
                "LaunchDarkly is too expensive for us. Replace it with a self-hosted Unleash.",
                [
                    edit(
                        f"{APP}/src/flags.ts",
                        "launchdarkly-react-client-sdk",
                        "@unleash/proxy-client-react",
                    )
                ],
                "Feature flags come from our own Unleash server now (src/flags.ts, @unleash/proxy-client-react); LaunchDarkly is removed.",
            )
        ],
    },
    # monitor: error reporting, first decision
    {
        "id": "q-monitor-1",
        "agent": "claude-code",
        "project": LEDGER,
        "start": "2026-10-22T09:00:00",
        "turns": [
            (
                "Add error reporting to the ledger service. Use Sentry.",
                [edit(f"{LEDGER}/src/main.rs", "", "let _guard = sentry::init(dsn);")],
                "Errors from the ledger service are reported to Sentry (sentry::init in src/main.rs).",
            )
        ],
    },
    # ssg: the handbook's site generator, newest decision (Japanese, Hermes)
    {
        "id": "q-ssg-2",
        "agent": "hermes",
        "project": DOCS,
        "start": "2026-12-03T16:00:00",
        "turns": [
            (
                "ハンドブックのサイトを Docusaurus から Astro の Starlight に移したい。",
                [
                    edit(
                        f"{DOCS}/astro.config.mjs",
                        "",
                        "integrations: [starlight({ title: 'Handbook' })]",
                    )
                ],
                "ハンドブックは Astro Starlight で生成するようにしました。Docusaurus の設定は削除しました。",
            )
        ],
    },
    # filler: other work in the same projects, speaking of decisions and of the same words
    {
        "id": "q-fill-1",
        "agent": "claude-code",
        "project": APP,
        "start": "2026-12-15T10:00:00",
        "turns": [
            (
                "The app's sign-in screen flickers on Android when the keyboard opens. Fix it.",
                [
                    edit(
                        f"{APP}/src/screens/SignIn.tsx",
                        "KeyboardAvoidingView",
                        "KeyboardAwareScrollView",
                    )
                ],
                "The sign-in screen no longer flickers: KeyboardAwareScrollView instead of KeyboardAvoidingView.",
            )
        ],
    },
    {
        "id": "q-fill-2",
        "agent": "gemini",
        "project": LEDGER,
        "start": "2026-12-11T10:00:00",
        "turns": [
            (
                "账本服务的 settlement 事件要加一个幂等键，避免重复入账。",
                [edit(f"{LEDGER}/src/settle.rs", "", "idempotency_key: Uuid,")],
                "settlement 事件加了 idempotency_key，重复消息不会再重复入账。",
            )
        ],
    },
]

_MEMORY = """---
type: memory
level: L2
scope: project
status: confirmed
priority: 1
project: {project}
created: "{created}"
updated: "{updated}"
{extra}tags:
  - vaultsync/memory
  - memory/L2
---
"""


def memory(project: str, created: str, updated: str = "", extra: str = "") -> str:
    return _MEMORY.format(project=project, created=created, updated=updated or created, extra=extra)


_SUMMARY = """---
type: summary
agent: {agent}
session_id: {sid}
project: {project}
created: "{created}"
updated: "{updated}"
status: done
{extra}tags:
  - vaultsync/summary
---
"""


def summary(
    agent: str, sid: str, project: str, created: str, extra: str = "", updated: str = ""
) -> str:
    return _SUMMARY.format(
        agent=agent,
        sid=sid,
        project=project,
        created=created,
        updated=updated or created,
        extra=extra,
    )


# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- queue: RabbitMQ (session) -> Kafka (memory) -> NATS (memory, supersedes Kafka by link;
    # the Kafka memory was touched later, a typo fixed, and is not marked superseded_by)
    (
        "q-queue-2",
        "memories/L2-confirmed/Settlement events use Kafka.md",
        "2026-12-12T09:00:00",
        memory("{LEDGER}", "2026-11-04T10:00:00+08:00", "2026-12-12T09:00:00+08:00")
        + """
# Settlement events use Kafka

The ledger's message queue for settlement events is Kafka (topic `settlement`, rdkafka); RabbitMQ was dropped because it lost messages on failover.
""",
    ),
    (
        "q-queue-3",
        "memories/L2-confirmed/Settlement events go over NATS JetStream.md",
        "2026-12-05T10:00:00",
        memory(
            "{LEDGER}",
            "2026-12-05T10:00:00+08:00",
            extra='supersedes:\n  - "[[memories/L2-confirmed/Settlement events use Kafka]]"\n',
        )
        + """
# Settlement events go over NATS JetStream

The ledger publishes settlement events to NATS JetStream (stream SETTLE); one binary to run instead of a Kafka cluster.
""",
    ),
    # --- auth: Auth0 (summary) -> Clerk (session) -> own passkeys (plain note)
    (
        "q-auth-1",
        "summaries/2026/10/2026-10-08 pocket-app sign-in provider.md",
        "2026-10-08T18:00:00",
        summary(
            "claude-code",
            "5e1f0000-0000-4000-8000-0000000a0001",
            "{APP}",
            "2026-10-08T17:00:00+08:00",
        )
        + """
# Sign-in provider for the app: Auth0

## What was asked
Pick an authentication provider for the app's sign-in.

## What was done
Chose Auth0 as the authentication provider; universal login wired into the sign-in screen.
""",
    ),
    (
        "q-auth-3",
        "notes/Sign-in.md",
        "2026-12-10T21:00:00",
        """# Sign-in

From December the app signs people in with passkeys against our own auth service (WebAuthn, ledger's user table); Clerk is being switched off.
""",
    ),
    # --- state: Redux (memory) -> Zustand (summary that supersedes it by a [[Title]] link)
    (
        "q-state-1",
        "memories/L2-confirmed/App state lives in Redux Toolkit.md",
        "2026-10-12T10:00:00",
        memory("{APP}", "2026-10-12T10:00:00+08:00")
        + """
# App state lives in Redux Toolkit

Global state of the app is kept in a Redux Toolkit store (slices per screen); no other state library.
""",
    ),
    (
        "q-state-2",
        "summaries/2026/11/2026-11-20 pocket-app state moved to Zustand.md",
        "2026-11-20T18:00:00",
        summary(
            "codex",
            "5e1f0000-0000-4000-8000-0000000b0002",
            "{APP}",
            "2026-11-20T17:00:00+08:00",
            extra='supersedes: "[[App state lives in Redux Toolkit]]"\n',
        )
        + """
# Global state on Zustand

## What was asked
The store boilerplate slows every screen down; simplify it.

## What was done
Moved the app's global state to small Zustand stores (src/stores/); the slices are gone.
""",
    ),
    # --- orm: Diesel (session, zh) -> SQLx (memory, zh; Japanese and English questions)
    (
        "q-orm-2",
        "memories/L2-confirmed/账本服务改用 SQLx.md",
        "2026-11-26T10:00:00",
        memory("{LEDGER}", "2026-11-26T10:00:00+08:00")
        + """
# 账本服务的数据库访问改用 SQLx

不再用 Diesel：改成 SQLx 写原生 SQL，编译期检查查询；异步更顺。
""",
    ),
    # --- flags: LaunchDarkly (plain note) -> Unleash (session)
    (
        "q-flags-1",
        "notes/Feature flags.md",
        "2026-10-18T21:00:00",
        """# Feature flags

We use LaunchDarkly for feature flags in the app: every flag is created in the LaunchDarkly dashboard, and flags are read through its React SDK.
""",
    ),
    # --- monitor: Sentry (session) -> GlitchTip (plain note with a supersedes property only;
    # the summary of the Sentry session was edited after, so it is the newest file)
    (
        "q-monitor-0",
        "summaries/2026/10/2026-10-22 ledger error reporting.md",
        "2026-12-14T20:00:00",
        summary(
            "claude-code",
            "5e1f0000-0000-4000-8000-0000000c0001",
            "{LEDGER}",
            "2026-10-22T10:00:00+08:00",
            updated="2026-12-14T20:00:00+08:00",
        )
        + """
# Ledger error reporting with Sentry

## What was asked
Report the ledger service's errors somewhere we can see them.

## What was done
Error reporting goes to Sentry's hosted service (sentry::init in src/main.rs). Edited in December: the DSN lives in the vault of secrets now.
""",
    ),
    (
        "q-monitor-2",
        "notes/Error reporting.md",
        "2026-11-30T21:00:00",
        """---
supersedes: "[[2026-10-22 ledger error reporting]]"
---
# Error reporting

The ledger reports errors to our self-hosted GlitchTip (Sentry-compatible SDK, our own server); the hosted Sentry plan is cancelled.
""",
    ),
    # --- ssg: Docusaurus (summary, en) -> Starlight (session, ja)
    (
        "q-ssg-1",
        "summaries/2026/10/2026-10-28 handbook site generator.md",
        "2026-10-28T18:00:00",
        summary(
            "claude-code",
            "5e1f0000-0000-4000-8000-0000000d0001",
            "{DOCS}",
            "2026-10-28T17:00:00+08:00",
        )
        + """
# Handbook site generator: Docusaurus

## What was asked
Choose a static site generator for the handbook.

## What was done
Decided on Docusaurus for the handbook site; docs/ holds the pages and docusaurus.config.js the site settings.
""",
    ),
    # --- filler
    (
        "q-fill-3",
        "memories/L2-confirmed/Money is stored as integer cents.md",
        "2026-11-02T10:00:00",
        memory("{LEDGER}", "2026-11-02T10:00:00+08:00")
        + """
# Money is stored as integer cents

The ledger stores every amount as integer cents (i64), never as a float; decided after a rounding bug.
""",
    ),
    (
        "q-fill-4",
        "notes/Handbook style.md",
        "2026-11-15T21:00:00",
        """# Handbook style

Pages in the handbook are written in plain English, one topic a page; we decided code samples are always tested.
""",
    ),
]

# Which topic each note or session belongs to (its id prefix after "q-").
TOPICS = ("queue", "auth", "state", "orm", "flags", "monitor", "ssg")
DEV_TOPICS = frozenset({"auth", "flags"})
PROJECT_OF = {"queue": LEDGER, "auth": APP, "state": APP, "orm": LEDGER, "flags": APP,
              "monitor": LEDGER, "ssg": DOCS, "none": APP, "none-ledger": LEDGER,
              "none-docs": DOCS}  # fmt: skip

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_QUEUE = (("q-queue-3",), ("q-queue-1", "q-queue-2"))
_AUTH = (("q-auth-3",), ("q-auth-1", "q-auth-2"))
_STATE = (("q-state-2",), ("q-state-1",))
_ORM = (("q-orm-2",), ("q-orm-1",))
_FLAGS = (("q-flags-2",), ("q-flags-1",))
_MONITOR = (("q-monitor-2",), ("q-monitor-0", "q-monitor-1"))
_SSG = (("q-ssg-2",), ("q-ssg-1",))

DQUESTIONS: list[DQ] = [
    # --- queue (replaced by a link; the replaced one touched last)
    ("fq01", "queue/en>en/still", "Are we still on Kafka for the settlement events?", *_QUEUE),
    ("fq02", "queue/en>en/question", "Which message queue does the ledger use now?", *_QUEUE),
    ("fq03", "queue/zh>en/question", "账本服务的消息队列现在用的是哪个？", *_QUEUE),
    ("fq04", "queue/ja>en/question", "台帳サービスのメッセージキューは今どれ？", *_QUEUE),
    # --- state (replaced by a [[Title]] link from a summary)
    (
        "fq05",
        "state/en>en/question",
        "How do we manage global state in the app these days?",
        *_STATE,
    ),
    ("fq06", "state/zh>en/still", "app 里 Redux 还在用吗？", *_STATE),
    ("fq07", "state/en>en/terse", "app state library current", *_STATE),
    # --- orm (Chinese notes; Japanese and English questions)
    (
        "fq08",
        "orm/ja>zh/question",
        "台帳サービスのデータベースアクセスは何を使うことになった？",
        *_ORM,
    ),
    ("fq09", "orm/zh>zh/question", "账本服务现在用什么访问数据库？", *_ORM),
    ("fq10", "orm/en>zh/still", "Does the ledger still use Diesel?", *_ORM),
    # --- monitor (a plain note's supersedes property; the replaced summary edited last)
    ("fq11", "monitor/en>en/question", "Where do the ledger's errors get reported now?", *_MONITOR),
    ("fq12", "monitor/zh>en/question", "账本服务的错误上报现在用哪个？", *_MONITOR),
    ("fq13", "monitor/ja>en/still", "台帳のエラー報告はまだ Sentry ですか？", *_MONITOR),
    # --- ssg (the newest in Japanese)
    ("fq14", "ssg/en>ja/question", "What generates the handbook site now?", *_SSG),
    ("fq15", "ssg/zh>ja/question", "手册网站现在用什么生成？", *_SSG),
    ("fq16", "ssg/ja>ja/question", "ハンドブックのサイトは結局何で作ることにした？", *_SSG),
    # --- dev: auth, flags
    ("fq21", "auth/en>en/question", "How do people sign in to the app now?", *_AUTH),
    ("fq22", "auth/zh>en/still", "app 登录还是用 Clerk 吗？", *_AUTH),
    ("fq23", "auth/ja>en/question", "アプリのログインは結局どの仕組みにした？", *_AUTH),
    ("fq24", "flags/en>en/still", "Do we still use LaunchDarkly for feature flags?", *_FLAGS),
    ("fq25", "flags/zh>en/question", "功能开关现在用哪个服务？", *_FLAGS),
    # --- never discussed (held out)
    (
        "fq31",
        "none/en>en/question",
        "Which payment processor did we pick for in-app purchases?",
        (),
        (),
    ),
    (
        "fq32",
        "none-ledger/en>en/question",
        "How do we rotate the TLS certificates for the ledger API?",
        (),
        (),
    ),
    (
        "fq33",
        "none-docs/en>en/question",
        "What did we decide for the handbook's full-text search?",
        (),
        (),
    ),
    ("fq34", "none/zh>zh/question", "app 的国际化翻译平台最后选了哪个？", (), ()),
    ("fq35", "none-ledger/zh>zh/question", "账本服务的数据库备份策略定了吗？", (), ()),
    ("fq36", "none/zh>zh/question", "应用商店的截图是谁做的？", (), ()),
    ("fq37", "none/ja>ja/question", "画像の CDN はどれにしましたか？", (), ()),
    (
        "fq38",
        "none-ledger/ja>ja/question",
        "台帳サービスの負荷テストのツールは何に決めた？",
        (),
        (),
    ),
    ("fq39", "none-docs/ja>ja/question", "ハンドブックの翻訳は誰が担当することになった？", (), ()),
    # --- never discussed (dev)
    ("fq41", "none/en>en/question", "What analytics SDK did we settle on for the app?", (), ()),
    ("fq42", "none-ledger/zh>zh/question", "账本服务的日志保留多久？", (), ()),
    ("fq43", "none/ja>ja/question", "アプリのダークモードはどうすることにした？", (), ()),
    # --- never discussed (dev, written after the BEFORE figures, to tune the prompt's silence)
    (
        "fq44",
        "none-ledger/en>en/question",
        "Which currency exchange rate API does the ledger call?",
        (),
        (),
    ),
    ("fq45", "none/en>en/question", "Did we decide how the app caches images offline?", (), ()),
    ("fq46", "none-docs/en>en/still", "Are we still hosting the handbook on Netlify?", (), ()),
    ("fq47", "none/zh>zh/question", "app 的崩溃率监控用的是哪个服务？", (), ()),
    ("fq48", "none-ledger/zh>zh/question", "账本服务的对账任务多久跑一次？", (), ()),
    ("fq49", "none-docs/zh>zh/question", "手册网站的评论功能最后怎么定的？", (), ()),
    ("fq50", "none/ja>ja/question", "アプリの課金はどのサービスを使うことにした？", (), ()),
    (
        "fq51",
        "none-ledger/ja>ja/question",
        "台帳サービスのキャッシュは何を使っていますか？",
        (),
        (),
    ),
    ("fq52", "none-docs/ja>ja/still", "ハンドブックはまだ GitHub Pages で公開している？", (), ()),
]

DEV_NONE = frozenset({"fq41", "fq42", "fq43", "fq44", "fq45", "fq46", "fq47", "fq48", "fq49",
                      "fq50", "fq51", "fq52"})  # fmt: skip


def split_of(qid: str, family: str) -> str:
    """Dev: the questions about `DEV_TOPICS` and `DEV_NONE`; every other one is held out."""
    topic = family.split("/")[0]
    return "dev" if topic in DEV_TOPICS or qid in DEV_NONE else "held-out"
