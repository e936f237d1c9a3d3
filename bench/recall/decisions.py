# ruff: noqa: E501  (data: CJK text counts double width)
"""Decisions that changed over time, spread over every kind of note, and "what did we decide"
questions whose answer is the newest one.

Written before any change to how decisions are ranked (see README.md). Each topic was decided
three times, each time in a note of another kind: a session log (replayed through the real
hook as its agent at its own time), a summary, an L2 memory, a plain note a person wrote in
Obsidian (no date properties: only the file's time says when). The older decisions say
"decide", "database", "choose" more often than the newest, so they are lexically closer to the
question. Unrelated notes that also speak of decisions sit beside them.

Every question is asked at `NOW` (Friday 2026-12-04, 18:00, Asia/Shanghai). Its gold is the
newest decision's note; its stale ones are the older decisions. Families are topic / language
pair / style; `HELD_OUT_TOPICS` are held out whole (every question about them), chosen when the
set was written: tuning looks at the dev topics only.
"""

from __future__ import annotations

from typing import Any

NOW = "2026-12-04T18:00:00+08:00"
TZ = "Asia/Shanghai"

SHOP = "/home/dev/src/shop"
NOTIFY = "/home/dev/src/notify"
INFRA = "/home/dev/src/infra"


def bash(command: str, stdout: str) -> tuple[str, dict[str, Any], Any]:
    return ("bash", {"command": command}, stdout)


def edit(path: str, old: str, new: str) -> tuple[str, dict[str, Any], Any]:
    return ("edit", {"path": path, "old": old, "new": new}, "ok")


# Session logs: replayed through the hook (readpaths.payloads), each as its agent.
SESSIONS: list[dict[str, Any]] = [
    # h-db: the orders database, first decision (oldest, closest in words)
    {
        "id": "d-db-1",
        "agent": "claude-code",
        "project": SHOP,
        "start": "2026-10-05T10:00:00",
        "turns": [
            (
                "We have to decide the database for the orders service. Decide between SQLite and Postgres for the orders database; I lean to SQLite.",
                [edit(f"{SHOP}/orders/db.py", "", "DATABASE_URL = 'sqlite:///orders.db'")],
                "Decision: the orders service database is SQLite, one file (orders.db). We decided against Postgres for the orders database for now.",
            )
        ],
    },
    # h-ci: the CI system, second decision
    {
        "id": "d-ci-2",
        "agent": "gemini",
        "project": INFRA,
        "start": "2026-10-30T15:00:00",
        "turns": [
            (
                "Jenkins keeps breaking. Move the CI pipeline to GitHub Actions.",
                [
                    edit(
                        f"{INFRA}/.github/workflows/ci.yml",
                        "",
                        "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest",
                    )
                ],
                "The CI pipeline now runs on GitHub Actions (.github/workflows/ci.yml); the Jenkins job is disabled.",
            )
        ],
    },
    # h-log: logging, first decision
    {
        "id": "d-log-1",
        "agent": "claude-code",
        "project": SHOP,
        "start": "2026-10-15T11:00:00",
        "turns": [
            (
                "Decide on a logging library for the shop. Which logging library should we choose for structured logging? Let's decide: loguru.",
                [bash("uv add loguru", "Installed 1 package")],
                "Decided: loguru is the logging library for the shop; structured logging goes through logger.bind().",
            )
        ],
    },
    # h-log: logging, newest decision (Japanese, Hermes)
    {
        "id": "d-log-3",
        "agent": "hermes",
        "project": SHOP,
        "start": "2026-12-02T14:00:00",
        "turns": [
            (
                "structlog をやめて、標準の logging モジュールに戻したい。",
                [edit(f"{SHOP}/shop/log.py", "import structlog", "import logging")],
                "ロギングは標準ライブラリの logging モジュールに戻しました。structlog は依存から外しました。",
            )
        ],
    },
    # h-push: push notifications, second decision
    {
        "id": "d-push-2",
        "agent": "codex",
        "project": NOTIFY,
        "start": "2026-11-06T09:30:00",
        "turns": [
            (
                "FCM's topic limits are hurting us. Switch push notifications to OneSignal.",
                [
                    edit(
                        f"{NOTIFY}/push/client.py",
                        "from firebase_admin import messaging",
                        "import onesignal",
                    )
                ],
                "Push notifications now go through OneSignal (push/client.py); Firebase messaging is removed.",
            )
        ],
    },
    # d-cache: product cache, second decision
    {
        "id": "d-cache-2",
        "agent": "claude-code",
        "project": SHOP,
        "start": "2026-11-01T10:00:00",
        "turns": [
            (
                "Memcached can't do the eviction we need. Switch the product cache to Redis.",
                [edit(f"{SHOP}/shop/cache.py", "pymemcache", "redis")],
                "The product cache is on Redis now (shop/cache.py); Memcached is gone.",
            )
        ],
    },
    # d-api: public API style, newest decision
    {
        "id": "d-api-3",
        "agent": "codex",
        "project": NOTIFY,
        "start": "2026-11-27T16:00:00",
        "turns": [
            (
                "GraphQL was a mistake for the public API. Go back to REST, with an OpenAPI spec.",
                [edit(f"{NOTIFY}/api/openapi.yaml", "", "openapi: 3.1.0")],
                "The public API is REST again, described in api/openapi.yaml; the GraphQL endpoint is removed.",
            )
        ],
    },
    # d-deploy: deploy target, first decision
    {
        "id": "d-deploy-1",
        "agent": "gemini",
        "project": INFRA,
        "start": "2026-10-20T10:00:00",
        "turns": [
            (
                "We need to decide where to deploy. Decide the deploy target: I think Kubernetes, and we decide on a managed cluster.",
                [bash("kubectl apply -f deploy/", "deployment.apps/shop created")],
                "Decided: we deploy on Kubernetes (a managed cluster); the deploy manifests are in deploy/.",
            )
        ],
    },
    # d-dates: date handling, first decision (Chinese)
    {
        "id": "d-dates-1",
        "agent": "claude-code",
        "project": SHOP,
        "start": "2026-10-09T10:00:00",
        "turns": [
            (
                "前端的日期处理库要定一下，决定用 moment.js 吧，日期格式化都用它。",
                [bash("npm install moment", "added 1 package")],
                "决定：前端日期处理统一用 moment.js，日期格式化放在 src/lib/date.ts。",
            )
        ],
    },
    # filler: other decisions in the same vault
    {
        "id": "f-1",
        "agent": "claude-code",
        "project": SHOP,
        "start": "2026-11-18T10:00:00",
        "turns": [
            (
                "Decide how we name the analytics database tables: snake_case, and we decided on a prefix per team.",
                [
                    edit(
                        f"{SHOP}/analytics/schema.sql",
                        "",
                        "CREATE TABLE growth_events (id INTEGER)",
                    )
                ],
                "Analytics database tables use snake_case with a team prefix (growth_events).",
            )
        ],
    },
    {
        "id": "f-2",
        "agent": "codex",
        "project": INFRA,
        "start": "2026-11-24T10:00:00",
        "turns": [
            (
                "Pin the Python version for every service; we decided on 3.12.",
                [edit(f"{INFRA}/.python-version", "3.11", "3.12")],
                "Every service is pinned to Python 3.12 (.python-version).",
            )
        ],
    },
]

# Notes written as files: (id, vault path, local date-time it was written, text). A plain note
# ("note") has no date property: its file's time is set to the date given.
NOTES: list[tuple[str, str, str, str]] = [
    # --- h-db: the orders database
    (
        "d-db-2",
        "summaries/2026/10/2026-10-21 shop orders database moved to Postgres.md",
        "2026-10-21T18:00:00",
        """---
type: summary
agent: claude-code
session_id: 7d1c2a10-0000-4000-8000-00000000db02
project: {SHOP}
created: "2026-10-21T17:10:00+08:00"
updated: "2026-10-21T18:00:00+08:00"
status: done
tags:
  - vaultsync/summary
---
# Orders database moved from SQLite to Postgres

## What was asked
Decide whether the orders database should stay on SQLite now that two workers write to it.

## What was done
Decided to move the orders database to Postgres 16; migrated the orders tables and switched DATABASE_URL.

## What was learned
SQLite locked under two concurrent writers of the orders database.
""",
    ),
    (
        "d-db-3",
        "memories/L2-confirmed/Orders database is SQLite again with WAL.md",
        "2026-11-28T10:00:00",
        """---
type: memory
level: L2
scope: project
status: confirmed
priority: 1
project: {SHOP}
created: "2026-11-28T10:00:00+08:00"
updated: "2026-11-28T10:00:00+08:00"
tags:
  - vaultsync/memory
  - memory/L2
  - scope/project
---
# Orders database is SQLite again, in WAL mode

The orders service went back to SQLite with WAL mode on; Postgres was dropped (one writer now, less to run).
""",
    ),
    # --- h-ci: the CI system
    (
        "d-ci-1",
        "memories/L2-confirmed/CI runs on Jenkins.md",
        "2026-10-08T10:00:00",
        """---
type: memory
level: L2
scope: project
status: confirmed
priority: 1
project: {INFRA}
created: "2026-10-08T10:00:00+08:00"
updated: "2026-10-08T10:00:00+08:00"
tags:
  - vaultsync/memory
  - memory/L2
---
# CI system decision: Jenkins

We decided the CI system is Jenkins: the CI pipeline runs on the self-hosted Jenkins; CI decision taken after comparing CI options.
""",
    ),
    (
        "d-ci-3",
        "summaries/2026/11/2026-11-26 infra CI 改用 Buildkite.md",
        "2026-11-26T20:00:00",
        """---
type: summary
agent: claude-code
session_id: 7d1c2a10-0000-4000-8000-00000000c103
project: {INFRA}
created: "2026-11-26T19:00:00+08:00"
updated: "2026-11-26T20:00:00+08:00"
status: done
tags:
  - vaultsync/summary
---
# CI 流水线迁到 Buildkite

## What was asked
GitHub Actions 太慢，把 CI 流水线换掉。

## What was done
CI 流水线从 GitHub Actions 迁到 Buildkite，用自建 runner；.buildkite/pipeline.yml 已提交。

## What was learned
自建 runner 让 CI 快了三倍。
""",
    ),
    # --- h-log: logging, middle decision
    (
        "d-log-2",
        "memories/L2-confirmed/Logging uses structlog.md",
        "2026-11-12T10:00:00",
        """---
type: memory
level: L2
scope: project
status: confirmed
priority: 1
project: {SHOP}
created: "2026-11-12T10:00:00+08:00"
updated: "2026-11-12T10:00:00+08:00"
tags:
  - vaultsync/memory
  - memory/L2
---
# Logging library: structlog instead of loguru

We decided to replace loguru with structlog as the logging library: structured logging with processors.
""",
    ),
    # --- h-push: push notifications
    (
        "d-push-1",
        "summaries/2026/10/2026-10-12 notify push provider chosen.md",
        "2026-10-12T18:00:00",
        """---
type: summary
agent: codex
session_id: 7d1c2a10-0000-4000-8000-0000000f0101
project: {NOTIFY}
created: "2026-10-12T17:00:00+08:00"
updated: "2026-10-12T18:00:00+08:00"
status: done
tags:
  - vaultsync/summary
---
# Push notification provider chosen: Firebase Cloud Messaging

## What was asked
Choose a provider for push notifications; decide between the push notification services.

## What was done
Chose Firebase Cloud Messaging (FCM) as the push notification provider; the push provider client is push/client.py.
""",
    ),
    (
        "d-push-3",
        "notes/Push notifications.md",
        "2026-11-25T21:00:00",
        """# Push notifications

Since late November we send push notifications ourselves, straight to APNs and to Google's endpoint; the OneSignal account is cancelled.
""",
    ),
    # --- d-cache: the product cache
    (
        "d-cache-1",
        "memories/L2-confirmed/Product cache uses Memcached.md",
        "2026-10-03T10:00:00",
        """---
type: memory
level: L2
scope: project
status: confirmed
priority: 1
project: {SHOP}
created: "2026-10-03T10:00:00+08:00"
updated: "2026-10-03T10:00:00+08:00"
tags:
  - vaultsync/memory
  - memory/L2
---
# Product cache decision: Memcached

We decided the product cache is Memcached; cache decision: Memcached for the product cache, no persistence needed.
""",
    ),
    (
        "d-cache-3",
        "memories/L2-confirmed/Product cache is in-process.md",
        "2026-11-22T10:00:00",
        """---
type: memory
level: L2
scope: project
status: confirmed
priority: 1
project: {SHOP}
created: "2026-11-22T10:00:00+08:00"
updated: "2026-11-22T10:00:00+08:00"
tags:
  - vaultsync/memory
  - memory/L2
---
# Product cache is in-process now

The product cache lives in process (cachetools, 10 minute TTL); Redis was removed from the shop.
""",
    ),
    # --- d-api: the public API style
    (
        "d-api-1",
        "summaries/2026/10/2026-10-10 notify public API design.md",
        "2026-10-10T18:00:00",
        """---
type: summary
agent: claude-code
session_id: 7d1c2a10-0000-4000-8000-0000000a0101
project: {NOTIFY}
created: "2026-10-10T17:00:00+08:00"
updated: "2026-10-10T18:00:00+08:00"
status: done
tags:
  - vaultsync/summary
---
# Public API style decided: REST

## What was asked
Decide the style of the public API.

## What was done
Decided the public API is REST (JSON over HTTP); the public API style decision is recorded in api/README.md.
""",
    ),
    (
        "d-api-2",
        "notes/Public API.md",
        "2026-11-03T21:00:00",
        """# Public API

We switched the public API to GraphQL: one endpoint, /graphql, schema in api/schema.graphql.
""",
    ),
    # --- d-deploy: the deploy target
    (
        "d-deploy-2",
        "summaries/2026/11/2026-11-15 infra deploy moved to Fly.md",
        "2026-11-15T18:00:00",
        """---
type: summary
agent: gemini
session_id: 7d1c2a10-0000-4000-8000-0000000de202
project: {INFRA}
created: "2026-11-15T17:00:00+08:00"
updated: "2026-11-15T18:00:00+08:00"
status: done
tags:
  - vaultsync/summary
---
# Deploy target decided: Fly.io

## What was asked
Decide whether to keep the Kubernetes deploy; the cluster costs too much.

## What was done
Decided to deploy on Fly.io instead of Kubernetes; the deploy config is fly.toml.
""",
    ),
    (
        "d-deploy-3",
        "memories/L2-confirmed/部署改回自建服务器.md",
        "2026-12-01T10:00:00",
        """---
type: memory
level: L2
scope: project
status: confirmed
priority: 1
project: {INFRA}
created: "2026-12-01T10:00:00+08:00"
updated: "2026-12-01T10:00:00+08:00"
tags:
  - vaultsync/memory
  - memory/L2
---
# 部署改回自建服务器，用 Kamal

现在 deploy 到自己的两台服务器，用 Kamal 发布；Fly.io 停用了。
""",
    ),
    # --- d-dates: date handling
    (
        "d-dates-2",
        "memories/L2-confirmed/Dates use dayjs.md",
        "2026-11-05T10:00:00",
        """---
type: memory
level: L2
scope: project
status: confirmed
priority: 1
project: {SHOP}
created: "2026-11-05T10:00:00+08:00"
updated: "2026-11-05T10:00:00+08:00"
tags:
  - vaultsync/memory
  - memory/L2
---
# Date library decision: dayjs replaces moment.js

We decided the date library is dayjs; moment.js is removed from the frontend date handling.
""",
    ),
    (
        "d-dates-3",
        "summaries/2026/11/2026-11-29 shop dates on Temporal.md",
        "2026-11-29T18:00:00",
        """---
type: summary
agent: codex
session_id: 7d1c2a10-0000-4000-8000-0000000da303
project: {SHOP}
created: "2026-11-29T17:00:00+08:00"
updated: "2026-11-29T18:00:00+08:00"
status: done
tags:
  - vaultsync/summary
---
# Frontend dates on the Temporal polyfill

## What was asked
Drop dayjs from the frontend.

## What was done
Frontend date handling uses the Temporal API now (@js-temporal/polyfill); dayjs is removed.
""",
    ),
    # --- filler
    (
        "f-3",
        "memories/L2-confirmed/Database migrations need review.md",
        "2026-11-10T10:00:00",
        """---
type: memory
level: L2
scope: user
status: confirmed
priority: 1
created: "2026-11-10T10:00:00+08:00"
updated: "2026-11-10T10:00:00+08:00"
tags:
  - vaultsync/memory
  - memory/L2
---
# Database migrations need a second reviewer

Every database migration is reviewed by a second person before it runs; decided after the October incident.
""",
    ),
    (
        "f-4",
        "notes/Release checklist.md",
        "2026-11-20T21:00:00",
        """# Release checklist

1. CI green. 2. Changelog written. 3. Tag pushed. We decided that the release notes are written by whoever tags.
""",
    ),
]


def text(raw: str) -> str:
    return raw.replace("{SHOP}", SHOP).replace("{NOTIFY}", NOTIFY).replace("{INFRA}", INFRA)


PROJECT_OF = {"db": SHOP, "log": SHOP, "cache": SHOP, "dates": SHOP, "ci": INFRA,
              "deploy": INFRA, "push": NOTIFY, "api": NOTIFY, "none": SHOP}  # fmt: skip

# Which topic each note or session belongs to (its id prefix), for reading results.
TOPICS = ("db", "ci", "log", "push", "cache", "api", "deploy", "dates")
HELD_OUT_TOPICS = frozenset({"db", "ci", "log", "push"})

# (id, family, question, gold, stale); family = topic / language pair / style; gold empty:
# never discussed (nothing should be given).
DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_DB = (("d-db-3",), ("d-db-1", "d-db-2"))
_CI = (("d-ci-3",), ("d-ci-1", "d-ci-2"))
_LOG = (("d-log-3",), ("d-log-1", "d-log-2"))
_PUSH = (("d-push-3",), ("d-push-1", "d-push-2"))
_CACHE = (("d-cache-3",), ("d-cache-1", "d-cache-2"))
_API = (("d-api-3",), ("d-api-1", "d-api-2"))
_DEPLOY = (("d-deploy-3",), ("d-deploy-1", "d-deploy-2"))
_DATES = (("d-dates-3",), ("d-dates-1", "d-dates-2"))

DQUESTIONS: list[DQ] = [
    # --- held out
    ("dq01", "db/en>en/question", "What did we decide about the orders database?", *_DB),
    ("dq02", "db/zh>en/question", "订单服务最后决定用什么数据库？", *_DB),
    ("dq03", "db/ja>en/question", "注文サービスのデータベースはどうすることにした？", *_DB),
    ("dq04", "db/mixed/question", "orders 的 database 现在定的是哪个？", *_DB),
    ("dq05", "ci/en>zh/question", "Which CI system are we on now?", *_CI),
    ("dq06", "ci/zh>zh/question", "CI 流水线最后决定用哪个？", *_CI),
    ("dq07", "ci/ja>zh/question", "CI は今どれを使うことになりましたか？", *_CI),
    ("dq08", "ci/en>en/terse", "current CI system decision", *_CI),
    ("dq09", "log/en>ja/question", "Which logging library did we end up with?", *_LOG),
    ("dq10", "log/zh>ja/question", "日志库最后定的是哪个？", *_LOG),
    ("dq11", "log/ja>ja/question", "ロギングのライブラリは結局どれにしましたか？", *_LOG),
    ("dq12", "log/mixed/terse", "logging library 最终决定", *_LOG),
    ("dq13", "push/en>en/question", "Which push notification provider did we settle on?", *_PUSH),
    ("dq14", "push/zh>en/question", "推送通知最后选了哪个服务？", *_PUSH),
    ("dq15", "push/ja>en/question", "プッシュ通知はどのサービスに決めた？", *_PUSH),
    ("dq16", "push/mixed/question", "push notifications 现在走哪个 provider？", *_PUSH),
    ("dq17", "none/en>en/question", "What did we decide about the payment gateway?", (), ()),
    ("dq18", "none/ja>en/question", "メール配信サービスはどれに決めた？", (), ()),
    # --- dev
    ("dq21", "cache/en>en/question", "What did we decide for the product cache?", *_CACHE),
    ("dq22", "cache/zh>en/question", "商品缓存最后决定用什么？", *_CACHE),
    ("dq23", "cache/ja>en/question", "商品キャッシュは今どうなっていますか？", *_CACHE),
    ("dq24", "cache/en>en/terse", "product cache decision", *_CACHE),
    ("dq25", "api/en>en/question", "What style did we pick for the public API in the end?", *_API),
    ("dq26", "api/zh>en/question", "公开 API 现在是什么风格？", *_API),
    ("dq27", "api/mixed/question", "public API 最后决定用 REST 还是 GraphQL？", *_API),
    ("dq28", "deploy/en>zh/question", "Where do we deploy now?", *_DEPLOY),
    ("dq29", "deploy/zh>zh/question", "我们最后决定部署到哪里？", *_DEPLOY),
    ("dq30", "deploy/ja>zh/question", "デプロイ先は結局どこにしましたか？", *_DEPLOY),
    (
        "dq31",
        "dates/en>en/question",
        "Which date library did we decide on for the frontend?",
        *_DATES,
    ),
    ("dq32", "dates/zh>zh/question", "前端日期处理现在用哪个库？", *_DATES),
    ("dq33", "dates/mixed/terse", "frontend date library 最终决定", *_DATES),
    ("dq34", "none/en>en/terse", "feature flag service decision", (), ()),
    ("dq35", "none/zh>en/question", "我们最后决定用哪个搜索引擎？", (), ()),
]

HELD_OUT_NONE = frozenset({"dq17", "dq18"})


def split_of(qid: str, family: str) -> str:
    """Held out: every question about a held-out topic, and the never-discussed ones written
    with them."""
    topic = family.split("/")[0]
    return "held-out" if topic in HELD_OUT_TOPICS or qid in HELD_OUT_NONE else "dev"


def single_turn(sid: str, agent: str, project: str, start: str, prompt: str,
                tools: list[Any], reply: str) -> dict[str, Any]:  # fmt: skip
    """A session of one turn: the prompt, the tools it ran, the closing message."""
    return {"id": sid, "agent": agent, "project": project, "start": start,
            "turns": [(prompt, tools, reply)]}  # fmt: skip
