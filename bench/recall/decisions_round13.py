# ruff: noqa: E501  (data: CJK text counts double width)
"""A sixth set, written before any tuning that uses it: decisions replaced in shapes the earlier
sets do not have, asked in new ways, never-discussed questions that share a name or a word
with the vault, and answerable controls.

Three new projects (harbor, a Rails marketplace written about in English; pulse, an iOS health
app written about in Japanese; quarry, a dbt data warehouse written about in Chinese and
English), six topics, notes of every kind (session logs replayed through the real hook as
Claude Code, Codex, Gemini CLI and Hermes at their own time; summaries; L1, L2 and L3 memories;
plain notes a person wrote, an ADR and a daily note among them). New shapes:

- **architecture decision records**: the old ADR's body says `Status: superseded by ADR 0012`
  and was touched last (its file time is the newest of the topic); the new ADR says
  `Status: accepted` and names nothing (jobs);
- **a scoped replacement**: a later session moves only one part (autocomplete) to another
  engine and says the rest stays: a question about the moved part wants the new note, a
  question about the part that stayed is answered by both (search);
- **a daily note**: one bullet among unrelated ones replaces an L3 core memory (charts);
- **a memory rewritten in place**: created before a session that chose otherwise, its body
  rewritten (and `updated`) after it (sync);
- **three sessions of one agent by date alone**, the newest in English and the shortest,
  the older two in Chinese (warehouse);
- **an unreviewed proposal**: a newer L1 candidate proposes a move that nobody approved; the
  L2 memory stays in force (orchestrator): the candidate counts as a stale answer.

New phrasing: task prompts rather than questions ("add a job that ..."), "which X are we
standardised on", "X or Y, which one won", "what did we end up replacing X with", "is X
still the plan", Chinese 目前定下来的 / 换了没有 / 最终方案, Japanese 結局 … に落ち着いた /
今の … って何 / … って変わった; pairs en>zh, en>ja, zh>en, zh>ja, ja>en, ja>zh and mixed.
Never-discussed questions (kind `none-project`, `none-lib`, `none-word`, `none-task`) name a
project, a library the vault holds, or share only a common word with it; controls
(`control`) are answerable, each with the one note that says it.

Every question is asked at `NOW` (Friday 2027-03-12, 18:00, Asia/Shanghai). Families are
topic / language pair / style. Dev: the questions about `DEV_TOPICS`, and never-discussed
questions and controls whose family's sha256 (salted, `split_of`) falls in dev; every other
question is held out. `python -m bench.recall.newest --set round13`.
"""

from __future__ import annotations

import hashlib
from typing import Any

from bench.recall.decisions import bash, edit
from bench.recall.decisions_round9 import summary

NAME = "decisions-round13"
NOW = "2027-03-12T18:00:00+08:00"
TZ = "Asia/Shanghai"

HARBOR = "/home/dev/src/harbor"
PULSE = "/home/dev/src/pulse"
QUARRY = "/home/dev/src/quarry"


def text(raw: str) -> str:
    return raw.replace("{HARBOR}", HARBOR).replace("{PULSE}", PULSE).replace("{QUARRY}", QUARRY)


_MEMORY = """---
type: memory
level: {level}
scope: project
status: {status}
priority: 1
project: {project}
created: "{created}"
updated: "{updated}"
tags:
  - vaultsync/memory
  - memory/{level}
---
"""


def memory(project: str, created: str, *, level: str = "L2", updated: str = "") -> str:
    status = {"L1": "candidate", "L2": "confirmed", "L3": "core"}[level]
    return _MEMORY.format(level=level, status=status, project=project, created=created,
                          updated=updated or created)  # fmt: skip


SESSIONS: list[dict[str, Any]] = [
    # jobs: Sidekiq (session) -> Solid Queue (ADR 0012); ADR 0007 touched last
    {
        "id": "h-jobs-1",
        "agent": "claude-code",
        "project": HARBOR,
        "start": "2026-11-09T10:00:00",
        "turns": [
            (
                "harbor needs background jobs for payout emails and image resizing. Set up Sidekiq with Redis.",
                [
                    bash("bundle add sidekiq", "Fetching sidekiq 7.2"),
                    edit(
                        f"{HARBOR}/config/application.rb",
                        "",
                        "config.active_job.queue_adapter = :sidekiq",
                    ),
                ],
                "harbor's background jobs run on Sidekiq now: Active Job's adapter is :sidekiq, Redis holds the queues, and the payout mailer and image resizer are jobs.",
            )
        ],
    },
    # search: Elasticsearch for everything (summary) -> autocomplete only to Meilisearch
    {
        "id": "h-search-2",
        "agent": "codex",
        "project": HARBOR,
        "start": "2027-02-17T15:00:00",
        "turns": [
            (
                "The search-as-you-type box in harbor is slow on Elasticsearch. Put the autocomplete suggestions on Meilisearch; leave the listing search alone.",
                [
                    edit(
                        f"{HARBOR}/app/services/suggest.rb",
                        "Elasticsearch::Client",
                        "MeiliSearch::Client",
                    ),
                    bash("bin/rails suggest:reindex", "Indexed 48211 listings"),
                ],
                "Autocomplete suggestions in harbor now come from Meilisearch (app/services/suggest.rb), about 15 ms per keystroke; full listing search stays on Elasticsearch.",
            )
        ],
    },
    # sync: a session chose CloudKit after the memory was written; the memory was rewritten later
    {
        "id": "p-sync-2",
        "agent": "gemini",
        "project": PULSE,
        "start": "2026-12-04T11:00:00",
        "turns": [
            (
                "pulse の歩数と心拍データを端末間で同期したい。まず CloudKit のプライベートデータベースで実装して。",
                [
                    edit(
                        f"{PULSE}/Pulse/Sync/SyncEngine.swift",
                        "",
                        "let container = CKContainer.default()",
                    )
                ],
                "pulse の同期は CloudKit のプライベートデータベースで実装しました（Sync/SyncEngine.swift）。レコード型は HealthSample です。",
            )
        ],
    },
    # warehouse: Redshift (zh) -> ClickHouse (zh) -> Snowflake (en), all Codex
    {
        "id": "q-wh-1",
        "agent": "codex",
        "project": QUARRY,
        "start": "2026-10-14T10:00:00",
        "turns": [
            (
                "quarry 的数据仓库先用 Redshift，dbt 的 profiles.yml 配好 Redshift 连接，模型都跑在 Redshift 上。",
                [edit(f"{QUARRY}/profiles.yml", "", "type: redshift")],
                "quarry 的数据仓库定为 Redshift：profiles.yml 里配了 Redshift 的连接，dbt 的所有模型都在 Redshift 上跑，数据仓库的表按天分区。",
            )
        ],
    },
    {
        "id": "q-wh-2",
        "agent": "codex",
        "project": QUARRY,
        "start": "2026-12-09T14:00:00",
        "turns": [
            (
                "Redshift 太贵了，quarry 的数据仓库换成自建的 ClickHouse，dbt 用 dbt-clickhouse 适配器。",
                [
                    bash("pip install dbt-clickhouse", "Successfully installed dbt-clickhouse"),
                    edit(f"{QUARRY}/profiles.yml", "type: redshift", "type: clickhouse"),
                ],
                "quarry 的数据仓库已经从 Redshift 换成自建 ClickHouse：profiles.yml 改成 clickhouse，dbt 模型都迁过去了，数据仓库成本降了一半。",
            )
        ],
    },
    {
        "id": "q-wh-3",
        "agent": "codex",
        "project": QUARRY,
        "start": "2027-02-24T09:00:00",
        "turns": [
            (
                "Point quarry's dbt profile at Snowflake.",
                [edit(f"{QUARRY}/profiles.yml", "type: clickhouse", "type: snowflake")],
                "quarry runs on Snowflake from today; the self-hosted ClickHouse box is being shut down.",
            )
        ],
    },
    # fillers (answerable controls)
    {
        "id": "h-fill-1",
        "agent": "hermes",
        "project": HARBOR,
        "start": "2027-03-03T16:00:00",
        "turns": [
            (
                "Seller payouts in harbor are rounded to the wrong cent for JPY. Fix it.",
                [
                    edit(
                        f"{HARBOR}/app/models/payout.rb",
                        "amount.round(2)",
                        "amount.round(currency.exponent)",
                    )
                ],
                "Payouts now round to the currency's own exponent (app/models/payout.rb): JPY has no cents, so yen payouts are whole numbers.",
            )
        ],
    },
    {
        "id": "p-fill-2",
        "agent": "claude-code",
        "project": PULSE,
        "start": "2027-03-05T10:00:00",
        "turns": [
            (
                "pulse のウィジェットが深夜0時を過ぎても前日の歩数を表示する。直して。",
                [
                    edit(
                        f"{PULSE}/PulseWidget/Provider.swift",
                        ".after(date)",
                        ".after(Calendar.current.startOfDay(for: tomorrow))",
                    )
                ],
                "ウィジェットのタイムラインを翌日の0時で更新するようにしました（PulseWidget/Provider.swift）。日付が変わると歩数が0から表示されます。",
            )
        ],
    },
    {
        "id": "q-fill-3",
        "agent": "gemini",
        "project": QUARRY,
        "start": "2027-03-08T11:00:00",
        "turns": [
            (
                "quarry 的 orders 模型有重复行，查一下原因。",
                [
                    edit(
                        f"{QUARRY}/models/orders.sql",
                        "left join refunds",
                        "left join (select distinct order_id from refunds)",
                    )
                ],
                "orders 模型重复是因为 refunds 一个订单有多条退款记录，join 之前先按 order_id 去重就好了（models/orders.sql）。",
            )
        ],
    },
]

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- jobs: ADRs; the old one touched last, its status line names the new one
    (
        "h-jobs-2",
        "notes/adr/0007 background jobs.md",
        "2027-03-02T19:00:00",
        """# ADR 0007: background jobs

Status: superseded by ADR 0012 (2027-02-20)

Context: harbor sends payout emails and resizes listing images outside the request.
Decision: run background jobs on Sidekiq with Redis; Active Job's adapter is :sidekiq.
Consequences: one more Redis to run; the Sidekiq web UI is mounted at /admin/jobs.
""",
    ),
    (
        "h-jobs-3",
        "notes/adr/0012 solid queue.md",
        "2027-02-20T17:30:00",
        """# ADR 0012: Solid Queue

Status: accepted

Context: Redis is our only reason to run a second datastore, and the job volume is small.
Decision: Active Job uses Solid Queue, backed by the primary Postgres database. Recurring jobs are declared in config/recurring.yml.
Consequences: the Redis instance can go once the last queue drains.
""",
    ),
    # --- search: Elasticsearch for all search (summary); autocomplete moved later (session)
    (
        "h-search-1",
        "summaries/2026/12/2026-12-01 harbor listing search.md",
        "2026-12-01T18:00:00",
        summary(
            "claude-code",
            "7b3e0000-0000-4000-8000-0000000d0001",
            "{HARBOR}",
            "2026-12-01T17:00:00+08:00",
        )
        + """
# harbor listing search

## What was asked
Listings need full-text search with filters, and the search box needs suggestions as you type.

## What was done
Both run on Elasticsearch 8: one index for listings (searchkick), and the autocomplete suggestions come from a completion suggester on the same cluster.
""",
    ),
    # --- charts: L3 core memory (DGCharts) -> a daily note bullet (Swift Charts)
    (
        "p-charts-1",
        "memories/L3-core/pulse のグラフは DGCharts.md",
        "2026-10-20T10:00:00",
        memory("{PULSE}", "2026-10-20T10:00:00+08:00", level="L3")
        + """
# pulse のグラフは DGCharts

pulse の心拍数と歩数のグラフはすべて DGCharts（旧 Charts ライブラリ）で描く。LineChartView を SwiftUI から UIViewRepresentable で包んで使う。
""",
    ),
    (
        "p-charts-2",
        "daily/2027-02-26.md",
        "2027-02-26T22:00:00",
        """# 2027-02-26

- 歯医者 15:00
- pulse: グラフを Swift Charts に書き直した。DGCharts は Package.swift から削除、UIViewRepresentable のラッパーも消した
- 確定申告の書類をまとめる
- TestFlight のビルド 142 を配布
""",
    ),
    # --- sync: memory created before the CloudKit session, rewritten after it
    (
        "p-sync-1",
        "memories/L2-confirmed/pulse sync.md",
        "2027-02-12T10:00:00",
        memory("{PULSE}", "2026-11-15T10:00:00+08:00", updated="2027-02-12T10:00:00+08:00")
        + """
# pulse sync

pulse syncs health samples between devices through our own backend: a small Vapor service with a Postgres table per sample type, pushed over HTTPS in batches of 500. Rewritten 2027-02-12: CloudKit's private database could not share data with the family plan, so it was dropped.
""",
    ),
    # --- orchestrator: Dagster (L2) in force; a newer L1 candidate proposes Airflow 3
    (
        "q-orch-1",
        "memories/L2-confirmed/quarry 的调度用 Dagster.md",
        "2026-11-25T10:00:00",
        memory("{QUARRY}", "2026-11-25T10:00:00+08:00")
        + """
# quarry 的调度用 Dagster

quarry 的 dbt 模型由 Dagster 调度：每个模型是一个 asset，每天凌晨 3 点物化，失败时在 Slack 的 #data-alerts 报警。
""",
    ),
    (
        "q-orch-2",
        "memories/L1-candidates/quarry scheduling moves to Airflow 3.md",
        "2027-03-01T10:00:00",
        memory("{QUARRY}", "2027-03-01T10:00:00+08:00", level="L1")
        + """
# quarry scheduling moves to Airflow 3

Proposed: schedule quarry's dbt models with Airflow 3 and retire the Dagster deployment.
""",
    ),
    # --- fillers (answerable controls)
    (
        "q-fill-4",
        "notes/quarry naming.md",
        "2027-01-18T21:00:00",
        """# quarry naming

Staging models are named stg_<source>__<table>, marts are fct_ and dim_. Every model has a unique test on its primary key.
""",
    ),
    (
        "h-fill-5",
        "memories/L2-confirmed/harbor images on Cloudflare R2.md",
        "2027-01-09T10:00:00",
        memory("{HARBOR}", "2027-01-09T10:00:00+08:00")
        + """
# harbor images on Cloudflare R2

Listing photos are stored in Cloudflare R2 through Active Storage; variants are 320, 800 and 1600 pixels wide.
""",
    ),
]

TOPICS = ("jobs", "search", "charts", "sync", "warehouse", "orchestrator")
DEV_TOPICS = frozenset({"charts", "orchestrator"})
PROJECT_OF = {"jobs": HARBOR, "search": HARBOR, "charts": PULSE, "sync": PULSE,
              "warehouse": QUARRY, "orchestrator": QUARRY}  # fmt: skip

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_JOBS = (("h-jobs-3",), ("h-jobs-1", "h-jobs-2"))
_SUGGEST = (("h-search-2",), ("h-search-1",))
_FULLTEXT = (("h-search-1", "h-search-2"), ())
_CHARTS = (("p-charts-2",), ("p-charts-1",))
_SYNC = (("p-sync-1",), ("p-sync-2",))
_WH = (("q-wh-3",), ("q-wh-1", "q-wh-2"))
_ORCH = (("q-orch-1",), ("q-orch-2",))

# (qid, family, asked from, question, answer, older answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- jobs (ADRs)
    ("u01", "jobs/en>en/standardised", HARBOR, "Which job backend is harbor standardised on?", *_JOBS),
    ("u02", "jobs/en>en/task", HARBOR, "Add a nightly job that expires stale listings in harbor.", *_JOBS),
    ("u03", "jobs/zh>en/which-won", HARBOR, "harbor 的后台任务，Sidekiq 和 Solid Queue 最后用了哪个？", *_JOBS),
    ("u04", "jobs/ja>en/settled", HARBOR, "harbor のバックグラウンドジョブは結局何に落ち着いた？", *_JOBS),
    ("u05", "jobs/en>en/still-plan", HARBOR, "is sidekiq still the plan for harbor jobs", *_JOBS),
    # --- search (scoped replacement)
    ("u06", "search/en>en/replaced-with", HARBOR, "What did we end up replacing Elasticsearch with for harbor's autocomplete?", *_SUGGEST),
    ("u07", "search/zh>en/question", HARBOR, "harbor 的搜索联想现在用什么引擎？", *_SUGGEST),
    ("u08", "search/ja>en/changed", HARBOR, "harbor の検索候補の仕組みって変わった？", *_SUGGEST),
    ("u09", "search/en>en/scoped", HARBOR, "What does harbor's full listing search run on today?", *_FULLTEXT),
    ("u10", "search/zh>en/scoped", HARBOR, "harbor 的商品全文搜索还是 Elasticsearch 吗？", *_FULLTEXT),
    # --- sync (a memory rewritten in place)
    ("u11", "sync/en>ja/question", PULSE, "How does pulse sync health data between devices now?", *_SYNC),
    ("u12", "sync/ja>ja/now-what", PULSE, "今の pulse のデータ同期って何？", *_SYNC),
    ("u13", "sync/zh>ja/question", PULSE, "pulse 的设备间同期现在还用 CloudKit 吗？", *_SYNC),
    ("u14", "sync/en>en/task", PULSE, "Add sleep samples to pulse's sync.", *_SYNC),
    # --- warehouse (three sessions of one agent)
    ("u15", "warehouse/en>zh/question", QUARRY, "Which data warehouse does quarry run on now?", *_WH),
    ("u16", "warehouse/zh>zh/settled", QUARRY, "quarry 目前定下来的数据仓库是哪个？", *_WH),
    ("u17", "warehouse/zh>zh/changed", QUARRY, "quarry 的数据仓库换了没有？还是 ClickHouse？", *_WH),
    ("u18", "warehouse/ja>zh/settled", QUARRY, "quarry のデータウェアハウスは結局どれに落ち着いた？", *_WH),
    ("u19", "warehouse/mixed/terse", QUARRY, "quarry warehouse 最终方案", *_WH),
    # --- charts (dev: a daily note replaces an L3 memory)
    ("u21", "charts/en>ja/question", PULSE, "Which charting library does pulse use now?", *_CHARTS),
    ("u22", "charts/ja>ja/still", PULSE, "pulse のグラフはまだ DGCharts？", *_CHARTS),
    ("u23", "charts/zh>ja/question", PULSE, "pulse 的图表现在用哪个库画？", *_CHARTS),
    # --- orchestrator (dev: an unreviewed proposal)
    ("u24", "orchestrator/en>zh/question", QUARRY, "What schedules quarry's dbt models?", *_ORCH),
    ("u25", "orchestrator/zh>zh/still", QUARRY, "quarry 的调度换成 Airflow 了吗？", *_ORCH),
    ("u26", "orchestrator/ja>zh/now-what", QUARRY, "quarry のスケジューラーって今何？", *_ORCH),
    # --- never discussed: a project's name
    ("n01", "none-project/en/question", HARBOR, "What is harbor's refund window for buyers?", (), ()),
    ("n02", "none-project/en/terse", PULSE, "pulse onboarding flow", (), ()),
    ("n03", "none-project/zh/question", QUARRY, "quarry 的数据保留多少年？", (), ()),
    ("n04", "none-project/ja/question", PULSE, "pulse の App Store の審査で何が指摘された？", (), ()),
    ("n05", "none-project/mixed/question", HARBOR, "harbor 的 seller 等级怎么算？", (), ()),
    ("n06", "none-project/ja/still", HARBOR, "harbor はまだ Heroku で動いている？", (), ()),
    ("n07", "none-project/zh/still", PULSE, "pulse 还支持 iOS 16 吗？", (), ()),
    # --- never discussed: a library or tool the vault holds
    ("n11", "none-lib/en/question", HARBOR, "How many Sidekiq threads did we give the mailer queue?", (), ()),
    ("n12", "none-lib/en/question", QUARRY, "Which dbt packages do we pin, like dbt_utils?", (), ()),
    ("n13", "none-lib/zh/question", QUARRY, "Snowflake 的仓库规格用多大的？", (), ()),
    ("n14", "none-lib/ja/question", PULSE, "HealthKit の権限ダイアログの文言は誰が決めた？", (), ()),
    ("n15", "none-lib/en/terse", HARBOR, "Meilisearch typo tolerance settings", (), ()),
    ("n16", "none-lib/mixed/question", HARBOR, "Active Storage 的 direct upload 开了吗？", (), ()),
    ("n17", "none-lib/ja/terse", QUARRY, "Dagster のセンサー設定", (), ()),
    # --- never discussed: a common word only
    ("n21", "none-word/en/question", HARBOR, "How do we version the public API?", (), ()),
    ("n22", "none-word/en/question", QUARRY, "Who gets paged when a test fails at night?", (), ()),
    ("n23", "none-word/zh/question", PULSE, "通知的文案要多语言吗？", (), ()),
    ("n24", "none-word/ja/question", QUARRY, "テーブルの権限は誰が管理している？", (), ()),
    ("n25", "none-word/en/terse", PULSE, "database encryption at rest", (), ()),
    ("n26", "none-word/mixed/question", HARBOR, "images 的 CDN 缓存多久过期？", (), ()),
    # --- never discussed: a task prompt about something the vault never held
    ("n31", "none-task/en/task", HARBOR, "Add a dark mode toggle to harbor's settings page.", (), ()),
    ("n32", "none-task/zh/task", QUARRY, "给 quarry 写一个检查数据新鲜度的告警。", (), ()),
    ("n33", "none-task/ja/task", PULSE, "pulse に Apple Watch のコンプリケーションを追加して。", (), ()),
    ("n34", "none-task/en/task", QUARRY, "Write a README section on how to onboard a new analyst to quarry.", (), ()),
    # --- controls: answerable, the one note that says it
    ("c01", "control/en/question", HARBOR, "How are yen payouts rounded in harbor?", ("h-fill-1",), ()),
    ("c02", "control/en/task", HARBOR, "Add a 2400 px variant for listing photos in harbor.", ("h-fill-5",), ()),
    ("c03", "control/zh/question", QUARRY, "orders 模型为什么会有重复行？", ("q-fill-3",), ()),
    ("c04", "control/zh/question", QUARRY, "quarry 的 staging 模型怎么命名？", ("q-fill-4",), ()),
    ("c05", "control/ja/question", PULSE, "ウィジェットの歩数が日付をまたいでも更新されない件はどう直した？", ("p-fill-2",), ()),
    ("c06", "control/ja/question", HARBOR, "harbor の出品写真はどこに保存している？", ("h-fill-5",), ()),
    ("c07", "control/mixed/terse", QUARRY, "quarry model naming 规则", ("q-fill-4",), ()),
    ("c08", "control/en/terse", PULSE, "pulse widget midnight step count", ("p-fill-2",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Dev: the questions about `DEV_TOPICS`, and the never-discussed and control families whose
    salted sha256 has an odd first byte; every other question is held out (fixed when the set
    was written)."""
    topic = family.split("/")[0]
    if topic in TOPICS:
        return "dev" if topic in DEV_TOPICS else "held-out"
    first = hashlib.sha256(f"round13:{family}".encode()).digest()[0]
    return "dev" if first % 2 == 1 else "held-out"
