# ruff: noqa: E501  (data: CJK text counts double width)
"""Dated sessions of four agents, and questions about time, agents, changes and languages.

Written before any change to how questions are understood or ranked (see README.md). The
person lives in Asia/Shanghai; every question is asked at `NOW` (Friday 2026-11-20, 18:00
local), so "yesterday" is Thursday 2026-11-19 and "last week" Monday 9 to Sunday 15 November.
Each session is replayed through the real hook as its own agent (Claude Code and Codex
payloads, Gemini CLI's, Hermes's), every event stamped at its own time through
`VAULTSYNC_NOW`.

Questions carry a family: kind / language pair / phrasing style. The dev / held-out split is
by whole family (`family_split`), so a held-out family is a kind of question, a language pair
or a way of asking that tuning never saw.
"""

from __future__ import annotations

import hashlib
from typing import Any

NOW = "2026-11-20T18:00:00+08:00"
TZ = "Asia/Shanghai"

LEDGER = "/home/dev/src/ledger"
MOBILE = "/home/dev/src/mobile-app"
ETL = "/home/dev/src/etl"


def bash(command: str, stdout: str) -> tuple[str, dict[str, Any], Any]:
    return ("bash", {"command": command}, stdout)


def edit(path: str, old: str, new: str) -> tuple[str, dict[str, Any], Any]:
    return ("edit", {"path": path, "old": old, "new": new}, "ok")


# A session: id, agent, project, local start time, turns of (prompt, tool calls, closing message).
TIMELINE: list[dict[str, Any]] = [
    {
        "id": "t19",
        "agent": "codex",
        "project": LEDGER,
        "start": "2026-11-02T10:00:00",
        "turns": [
            (
                "Invoices need a PDF version. Use reportlab to render them, it has no system dependencies.",
                [
                    edit(
                        f"{LEDGER}/app/pdf/render.py",
                        "",
                        "from reportlab.pdfgen import canvas\ndef render_invoice(inv): ...",
                    )
                ],
                "Invoice PDFs are rendered with reportlab in app/pdf/render.py (canvas drawing, no HTML).",
            )
        ],
    },
    {
        "id": "t01",
        "agent": "claude-code",
        "project": LEDGER,
        "start": "2026-11-03T10:00:00",
        "turns": [
            (
                "We need background jobs for sending invoice emails. Let's use Celery with Redis as the broker.",
                [
                    bash("uv add celery redis", "Installed 6 packages"),
                    edit(
                        f"{LEDGER}/app/tasks.py",
                        "",
                        "from celery import Celery\napp = Celery('ledger', broker=settings.redis_url)",
                    ),
                ],
                "Background jobs run on Celery with Redis as the broker; the email task is in app/tasks.py.",
            )
        ],
    },
    {
        "id": "t20",
        "agent": "gemini",
        "project": MOBILE,
        "start": "2026-11-03T15:00:00",
        "turns": [
            (
                "アプリの状態管理は Redux Toolkit にしましょう。slice ごとにファイルを分けてください。",
                [
                    edit(
                        f"{MOBILE}/src/store/index.ts",
                        "",
                        "import { configureStore } from '@reduxjs/toolkit'",
                    )
                ],
                "状態管理は Redux Toolkit に決めました。src/store/index.ts に store を作成し、slice ごとにファイルを分けました。",
            )
        ],
    },
    {
        "id": "t02",
        "agent": "codex",
        "project": LEDGER,
        "start": "2026-11-04T15:00:00",
        "turns": [
            (
                "tests/test_invoices.py fails randomly around midnight. Find out why.",
                [
                    bash(
                        "pytest tests/test_invoices.py -k due_date",
                        "FAILED test_due_date - AssertionError: 2026-11-05 != 2026-11-04",
                    ),
                    edit(
                        f"{LEDGER}/tests/test_invoices.py",
                        "def test_due_date():",
                        "@freeze_time('2026-11-04 12:00')\ndef test_due_date():",
                    ),
                ],
                "The flaky due-date test compared date.today() in two time zones; it now freezes time with freezegun.",
            )
        ],
    },
    {
        "id": "t03",
        "agent": "gemini",
        "project": MOBILE,
        "start": "2026-11-05T11:00:00",
        "turns": [
            (
                "Set up translations for the app with i18next; English and Japanese to start.",
                [
                    edit(
                        f"{MOBILE}/src/i18n/index.ts",
                        "",
                        "i18n.use(initReactI18next).init({ resources: { en, ja } })",
                    )
                ],
                "i18next is configured in src/i18n/index.ts with English and Japanese resources.",
            )
        ],
    },
    {
        "id": "t04",
        "agent": "hermes",
        "project": ETL,
        "start": "2026-11-06T20:00:00",
        "turns": [
            (
                "ETL 需要一个消息队列来接收上游事件，我们决定用 Kafka，分区按客户 ID。",
                [
                    edit(
                        f"{ETL}/internal/queue/kafka.go",
                        "",
                        "func NewConsumer(brokers []string) *kafka.Reader {",
                    )
                ],
                "消息队列定为 Kafka，按客户 ID 分区，消费者在 internal/queue/kafka.go。",
            )
        ],
    },
    {
        "id": "t18",
        "agent": "codex",
        "project": MOBILE,
        "start": "2026-11-09T10:00:00",
        "turns": [
            (
                "画像アップロードが遅いです。送信前に画像を圧縮してください。",
                [
                    edit(
                        f"{MOBILE}/src/utils/image.ts",
                        "",
                        "export async function compress(uri: string) { return manipulateAsync(uri, [{ resize: { width: 1600 } }], { compress: 0.7 }) }",
                    )
                ],
                "アップロード前に expo-image-manipulator で幅 1600px、品質 0.7 に圧縮するようにしました（src/utils/image.ts）。",
            )
        ],
    },
    {
        "id": "t05",
        "agent": "claude-code",
        "project": LEDGER,
        "start": "2026-11-10T09:30:00",
        "turns": [
            (
                "Celery keeps losing tasks when Redis restarts. Replace it with Dramatiq on RabbitMQ for the background jobs.",
                [
                    bash(
                        "uv remove celery && uv add 'dramatiq[rabbitmq]'",
                        "Removed celery; installed dramatiq",
                    ),
                    edit(
                        f"{LEDGER}/app/tasks.py",
                        "from celery import Celery",
                        "import dramatiq\nfrom dramatiq.brokers.rabbitmq import RabbitmqBroker",
                    ),
                ],
                "Background jobs moved from Celery/Redis to Dramatiq with RabbitMQ (durable queues, acks after the task); app/tasks.py rewritten.",
            )
        ],
    },
    {
        "id": "t06",
        "agent": "codex",
        "project": MOBILE,
        "start": "2026-11-11T14:00:00",
        "turns": [
            (
                "Add push notifications with expo-notifications and register the device token on login.",
                [
                    bash("npx expo install expo-notifications", "Installed expo-notifications"),
                    edit(
                        f"{MOBILE}/src/notifications/register.ts",
                        "",
                        "export async function registerPushToken() { const token = await Notifications.getExpoPushTokenAsync() }",
                    ),
                    edit(
                        f"{MOBILE}/app.json", '"plugins": []', '"plugins": ["expo-notifications"]'
                    ),
                ],
                "Push notifications: expo-notifications installed, token registered at login in src/notifications/register.ts, plugin added to app.json.",
            )
        ],
    },
    {
        "id": "t21",
        "agent": "claude-code",
        "project": MOBILE,
        "start": "2026-11-12T09:00:00",
        "turns": [
            (
                "Redux Toolkit is too much boilerplate for this app. Switch the state management to Zustand.",
                [
                    bash(
                        "npm uninstall @reduxjs/toolkit react-redux && npm install zustand",
                        "added 1 package, removed 6 packages",
                    ),
                    edit(
                        f"{MOBILE}/src/store/index.ts",
                        "import { configureStore } from '@reduxjs/toolkit'",
                        "import { create } from 'zustand'",
                    ),
                ],
                "State management is now Zustand: one store per feature in src/store/, Redux Toolkit removed.",
            )
        ],
    },
    {
        "id": "t07",
        "agent": "hermes",
        "project": ETL,
        "start": "2026-11-12T10:00:00",
        "turns": [
            (
                "Kafka 运维太重了，改用 NATS JetStream 作为消息队列，保留按客户分组。",
                [
                    edit(
                        f"{ETL}/internal/queue/nats.go",
                        "",
                        "func NewConsumer(url string) (jetstream.Consumer, error) {",
                    )
                ],
                "消息队列从 Kafka 换成 NATS JetStream，按客户分组的 subject，消费者在 internal/queue/nats.go，kafka.go 已删除。",
            )
        ],
    },
    {
        "id": "t08",
        "agent": "claude-code",
        "project": MOBILE,
        "start": "2026-11-13T16:00:00",
        "turns": [
            (
                "ログイン画面がトークンの期限切れ後にクラッシュします。原因を調べて修正してください。",
                [
                    bash(
                        "npx jest src/screens/LoginScreen.test.tsx",
                        "TypeError: Cannot read properties of null (reading 'accessToken')",
                    ),
                    edit(
                        f"{MOBILE}/src/screens/LoginScreen.tsx",
                        "const token = session.accessToken",
                        "const token = session?.accessToken ?? null",
                    ),
                ],
                "期限切れのセッションが null になり accessToken の読み取りでクラッシュしていました。LoginScreen.tsx で null を扱うように修正しました。",
            )
        ],
    },
    {
        "id": "t09",
        "agent": "gemini",
        "project": LEDGER,
        "start": "2026-11-16T10:00:00",
        "turns": [
            (
                "Add rate limiting to the public API: 100 requests per minute per API key, using slowapi.",
                [
                    edit(
                        f"{LEDGER}/app/middleware/ratelimit.py",
                        "",
                        "limiter = Limiter(key_func=api_key_of, default_limits=['100/minute'])",
                    )
                ],
                "Rate limiting added with slowapi: 100 requests a minute per API key (app/middleware/ratelimit.py).",
            )
        ],
    },
    {
        "id": "t10",
        "agent": "codex",
        "project": ETL,
        "start": "2026-11-17T15:00:00",
        "turns": [
            (
                "The ingest worker's memory grows until it is OOM-killed. Profile the parquet sink.",
                [
                    bash(
                        "go tool pprof -top http://localhost:6060/debug/pprof/heap",
                        "flat 1.9GB parquet.(*Writer).WriteRow",
                    ),
                    edit(
                        f"{ETL}/internal/sink/parquet.go",
                        "w.WriteRow(row)",
                        "w.WriteRow(row)\nif w.rows%10000 == 0 { w.Flush() }",
                    ),
                ],
                "The parquet writer buffered every row group in memory; it now flushes every 10,000 rows, and heap stays under 200 MB.",
            )
        ],
    },
    {
        "id": "t11",
        "agent": "claude-code",
        "project": LEDGER,
        "start": "2026-11-18T11:00:00",
        "turns": [
            (
                "alembic upgrade head fails on staging with 'Multiple head revisions are present'. Fix the migration.",
                [
                    bash("alembic heads", "3f2a1c (head)\n9b8e77 (head)"),
                    bash(
                        "alembic merge -m 'merge heads' 3f2a1c 9b8e77",
                        "Generating migrations/versions/c41d_merge_heads.py",
                    ),
                    edit(
                        f"{LEDGER}/migrations/versions/c41d_merge_heads.py",
                        "",
                        "down_revision = ('3f2a1c', '9b8e77')",
                    ),
                ],
                "Two branches had added migrations from the same parent; a merge revision (c41d_merge_heads.py) joins the heads and the staging upgrade passes.",
            )
        ],
    },
    {
        "id": "t12",
        "agent": "hermes",
        "project": MOBILE,
        "start": "2026-11-18T21:00:00",
        "turns": [
            (
                "Add a dark mode: define color tokens for light and dark and follow the system setting.",
                [
                    edit(
                        f"{MOBILE}/src/theme/colors.ts",
                        "",
                        "export const dark = { background: '#101418', text: '#e6e6e6' }",
                    )
                ],
                "Dark mode follows the system setting via useColorScheme; tokens for both themes are in src/theme/colors.ts.",
            )
        ],
    },
    {
        "id": "t13",
        "agent": "claude-code",
        "project": ETL,
        "start": "2026-11-19T10:00:00",
        "turns": [
            (
                "The S3 uploader hammers the bucket when it gets 503 SlowDown. Add exponential backoff with jitter to the retries.",
                [
                    edit(
                        f"{ETL}/internal/retry/backoff.go",
                        "",
                        "func Backoff(attempt int) time.Duration { base := 200 * time.Millisecond << attempt; return base/2 + rand.N(base/2) }",
                    ),
                    edit(
                        f"{ETL}/cmd/ingest/main.go",
                        "uploader := s3.NewUploader(client)",
                        "uploader := s3.NewUploader(client, retry.WithBackoff(retry.Backoff, 6))",
                    ),
                    bash("go test ./internal/retry/...", "ok  etl/internal/retry 0.012s"),
                ],
                "Changed internal/retry/backoff.go (new: exponential backoff with full jitter, 200 ms base, 6 attempts) and cmd/ingest/main.go (the uploader uses it). Why: on 503 SlowDown every worker retried at once and S3 throttled the whole bucket.",
            )
        ],
    },
    {
        "id": "t14",
        "agent": "codex",
        "project": LEDGER,
        "start": "2026-11-19T15:30:00",
        "turns": [
            (
                "reportlab layouts are painful. Switch invoice PDF rendering to weasyprint with an HTML template.",
                [
                    edit(
                        f"{LEDGER}/app/pdf/render.py",
                        "from reportlab.pdfgen import canvas",
                        "from weasyprint import HTML",
                    ),
                    edit(f"{LEDGER}/pyproject.toml", '"reportlab>=4"', '"weasyprint>=62"'),
                ],
                "Invoice PDFs now render from an HTML template with weasyprint (app/pdf/render.py); reportlab removed from pyproject.toml.",
            )
        ],
    },
    {
        "id": "t15",
        "agent": "gemini",
        "project": MOBILE,
        "start": "2026-11-20T09:15:00",
        "turns": [
            (
                "Make the app usable offline: persist the react-query cache to AsyncStorage.",
                [
                    edit(
                        f"{MOBILE}/src/api/queryClient.ts",
                        "",
                        "persistQueryClient({ queryClient, persister: createAsyncStoragePersister({ storage: AsyncStorage }) })",
                    )
                ],
                "The react-query cache now persists to AsyncStorage (src/api/queryClient.ts), so screens show the last data offline.",
            )
        ],
    },
    {
        "id": "t17",
        "agent": "hermes",
        "project": ETL,
        "start": "2026-11-20T11:00:00",
        "turns": [
            (
                "给 ETL 配置 Prometheus 告警规则：消费延迟超过 5 分钟和写入失败率超过 1% 时告警。",
                [
                    edit(
                        f"{ETL}/deploy/alerts.yml",
                        "",
                        "- alert: ConsumerLagHigh\n  expr: etl_consumer_lag_seconds > 300",
                    )
                ],
                "告警规则已写入 deploy/alerts.yml：消费延迟超过 300 秒、写入失败率超过 1% 时触发。",
            )
        ],
    },
    {
        "id": "t16",
        "agent": "claude-code",
        "project": LEDGER,
        "start": "2026-11-20T14:00:00",
        "turns": [
            (
                "Stripe webhooks are rejected with 'No signatures found matching the expected signature'. Fix it.",
                [
                    bash(
                        "pytest tests/test_webhooks.py",
                        "FAILED test_stripe_webhook - SignatureVerificationError",
                    ),
                    edit(
                        f"{LEDGER}/app/webhooks/stripe.py",
                        "payload = await request.json()",
                        "payload = await request.body()",
                    ),
                ],
                "The webhook verified a re-serialised JSON body; it now verifies the raw request body (app/webhooks/stripe.py) and the test passes.",
            )
        ],
    },
]

# Calendar windows, local dates [start, end) as the person means them at NOW.
TODAY = ("2026-11-20", "2026-11-21")
YESTERDAY = ("2026-11-19", "2026-11-20")
DAY_BEFORE = ("2026-11-18", "2026-11-19")
THIS_WEEK = ("2026-11-16", "2026-11-21")
LAST_WEEK = ("2026-11-09", "2026-11-16")
MONDAY = ("2026-11-16", "2026-11-17")
THREE_DAYS_AGO = ("2026-11-17", "2026-11-18")
THIS_MORNING = ("2026-11-20T00:00", "2026-11-20T12:00")

# (id, family, lang, kind, question, gold session ids, stale ids, window or None)
# family = kind/language pair/style; kinds: time (anything in a window), agent (what an agent
# did), files (which files changed and why), decided (a decision that changed later: the newer
# is gold, the older stale), cross (a question in one language about a session in another),
# abstain (never discussed).
TQ = tuple[str, str, str, str, str, tuple[str, ...], tuple[str, ...], tuple[str, str] | None]


def _q(qid: str, family: str, text: str, gold: tuple[str, ...] = (), stale: tuple[str, ...] = (),
       window: tuple[str, str] | None = None) -> TQ:  # fmt: skip
    kind, pair, _style = family.split("/")
    lang = pair.split(">")[0]
    return (qid, family, lang, kind, text, gold, stale, window)


TQUESTIONS: list[TQ] = [
    # --- time: what happened in a window (every session in it is gold)
    _q(
        "tq01",
        "time/en>*/question",
        "What did we get done today?",
        ("t15", "t17", "t16"),
        window=TODAY,
    ),
    _q(
        "tq02",
        "time/en>*/question",
        "What did we work on yesterday?",
        ("t13", "t14"),
        window=YESTERDAY,
    ),
    _q("tq03", "time/en>*/question", "What happened on Monday?", ("t09",), window=MONDAY),
    _q(
        "tq04",
        "time/en>*/question",
        "What did we do the day before yesterday?",
        ("t11", "t12"),
        window=DAY_BEFORE,
    ),
    _q("tq05", "time/en>*/terse", "this morning", ("t15", "t17"), window=THIS_MORNING),
    _q("tq06", "time/en>*/terse", "work done 3 days ago", ("t10",), window=THREE_DAYS_AGO),
    _q("tq07", "time/zh>*/question", "今天我们都做了什么？", ("t15", "t17", "t16"), window=TODAY),
    _q("tq08", "time/zh>*/question", "昨天做了哪些工作？", ("t13", "t14"), window=YESTERDAY),
    _q("tq09", "time/zh>*/question", "前天干了些什么？", ("t11", "t12"), window=DAY_BEFORE),
    _q("tq10", "time/zh>*/terse", "周一的工作", ("t09",), window=MONDAY),
    _q("tq11", "time/zh>*/terse", "今天上午", ("t15", "t17"), window=THIS_MORNING),
    _q("tq12", "time/ja>*/question", "今日は何をしましたか？", ("t15", "t17", "t16"), window=TODAY),
    _q("tq13", "time/ja>*/question", "昨日の作業は何でしたか？", ("t13", "t14"), window=YESTERDAY),
    _q("tq14", "time/ja>*/terse", "月曜日の作業", ("t09",), window=MONDAY),
    _q("tq15", "time/ja>*/terse", "一昨日の作業", ("t11", "t12"), window=DAY_BEFORE),
    # --- topic within a time: the topic session, and results inside the window
    _q(
        "tq16",
        "topic-time/en>en/question",
        "How did we fix the failing migration on Wednesday?",
        ("t11",),
        window=DAY_BEFORE,
    ),
    _q(
        "tq17",
        "topic-time/en>en/question",
        "What did we change in the PDF rendering yesterday?",
        ("t14",),
        window=YESTERDAY,
    ),
    _q(
        "tq18",
        "topic-time/en>en/chatty",
        "hey, last week we did something about the background job queue, what was it again?",
        ("t05",),
        window=LAST_WEEK,
    ),
    _q(
        "tq19",
        "topic-time/en>en/chatty",
        "earlier this week someone added rate limits to the API, how many requests were allowed?",
        ("t09",),
        window=THIS_WEEK,
    ),
    _q("tq20", "topic-time/zh>zh/question", "上周消息队列换成了什么？", ("t07",), window=LAST_WEEK),
    _q("tq21", "topic-time/zh>zh/question", "今天配置的告警规则是什么？", ("t17",), window=TODAY),
    _q(
        "tq22",
        "topic-time/ja>ja/question",
        "先週ログイン画面のクラッシュはどう直しましたか？",
        ("t08",),
        window=LAST_WEEK,
    ),
    _q(
        "tq23",
        "topic-time/ja>ja/question",
        "先週の画像アップロードの変更は何ですか？",
        ("t18",),
        window=LAST_WEEK,
    ),
    # --- agent: what a named agent did (in a window or not)
    _q("tq24", "agent/en>*/question", "What did Codex do yesterday?", ("t14",), window=YESTERDAY),
    _q("tq25", "agent/en>*/question", "What did Claude Code do today?", ("t16",), window=TODAY),
    _q(
        "tq26",
        "agent/en>*/question",
        "What did Gemini work on this week?",
        ("t09", "t15"),
        window=THIS_WEEK,
    ),
    _q(
        "tq27",
        "agent/en>*/question",
        "What did Hermes do on Wednesday?",
        ("t12",),
        window=DAY_BEFORE,
    ),
    _q("tq28", "agent/en>*/terse", "codex last week", ("t18", "t06"), window=LAST_WEEK),
    _q("tq29", "agent/en>*/terse", "gemini cli today", ("t15",), window=TODAY),
    _q("tq30", "agent/zh>*/question", "Codex 昨天做了什么？", ("t14",), window=YESTERDAY),
    _q("tq31", "agent/zh>*/question", "Hermes 今天干了什么？", ("t17",), window=TODAY),
    _q(
        "tq32",
        "agent/zh>*/question",
        "上周 Claude Code 做了哪些事？",
        ("t05", "t21", "t08"),
        window=LAST_WEEK,
    ),
    _q("tq33", "agent/ja>*/question", "昨日 Codex は何をしましたか？", ("t14",), window=YESTERDAY),
    _q(
        "tq34",
        "agent/ja>*/question",
        "今週 Gemini は何をしましたか？",
        ("t09", "t15"),
        window=THIS_WEEK,
    ),
    # --- files: which files changed and why (the core scenario among them)
    _q(
        "tq35",
        "files/zh>en/question",
        "昨天 Claude Code 改了哪些文件？为什么？",
        ("t13",),
        window=YESTERDAY,
    ),
    _q("tq36", "files/zh>en/question", "Codex 昨天修改了哪些文件？", ("t14",), window=YESTERDAY),
    _q(
        "tq37",
        "files/en>en/question",
        "Which files did Claude Code change yesterday, and why?",
        ("t13",),
        window=YESTERDAY,
    ),
    _q(
        "tq38",
        "files/en>en/question",
        "Which files did Claude Code change today?",
        ("t16",),
        window=TODAY,
    ),
    _q("tq39", "files/en>*/terse", "files changed on Monday", ("t09",), window=MONDAY),
    _q(
        "tq40",
        "files/ja>en/question",
        "昨日 Claude Code が変更したファイルはどれですか？",
        ("t13",),
        window=YESTERDAY,
    ),
    _q(
        "tq41", "files/ja>en/question", "今日 Gemini が変更したファイルは？", ("t15",), window=TODAY
    ),
    _q(
        "tq42",
        "files/en>zh/question",
        "Which files did Hermes change today?",
        ("t17",),
        window=TODAY,
    ),
    _q("tq43", "files/zh>zh/question", "Hermes 前天改了哪些文件？", ("t12",), window=DAY_BEFORE),
    # --- decided: the newer decision first (asked what is true now)
    _q(
        "tq44",
        "decided/en>en/question",
        "What do we use for background jobs in the ledger service?",
        ("t05",),
        stale=("t01",),
    ),
    _q(
        "tq45",
        "decided/en>en/question",
        "Which library renders the invoice PDFs?",
        ("t14",),
        stale=("t19",),
    ),
    _q(
        "tq46",
        "decided/en>ja/question",
        "What is the mobile app's state management library?",
        ("t21",),
        stale=("t20",),
    ),
    _q(
        "tq47",
        "decided/en>zh/question",
        "Which message queue does the ETL consume from now?",
        ("t07",),
        stale=("t04",),
    ),
    _q("tq48", "decided/zh>zh/question", "ETL 现在用的消息队列是哪个？", ("t07",), stale=("t04",)),
    _q("tq49", "decided/zh>en/question", "后台任务现在用什么框架？", ("t05",), stale=("t01",)),
    _q(
        "tq50",
        "decided/ja>ja/question",
        "モバイルアプリの状態管理は今何を使っていますか？",
        ("t21",),
        stale=("t20",),
    ),
    _q(
        "tq51",
        "decided/ja>en/question",
        "請求書の PDF は今どのライブラリで生成していますか？",
        ("t14",),
        stale=("t19",),
    ),
    _q("tq52", "decided/en>en/terse", "current invoice pdf library", ("t14",), stale=("t19",)),
    _q("tq53", "decided/en>en/terse", "background job framework now", ("t05",), stale=("t01",)),
    # --- cross: a question in one language about a session in another
    _q("tq54", "cross/zh>en/question", "parquet 写入的内存泄漏是怎么修好的？", ("t10",)),
    _q("tq55", "cross/zh>en/question", "Stripe webhook 签名校验失败是怎么解决的？", ("t16",)),
    _q("tq56", "cross/zh>en/question", "我们怎么实现的离线缓存？", ("t15",)),
    _q("tq57", "cross/zh>en/question", "深色模式的颜色定义在哪里？", ("t12",)),
    _q("tq58", "cross/zh>en/question", "推送通知是怎么注册设备的？", ("t06",)),
    _q("tq59", "cross/ja>en/question", "S3 の 503 エラーのリトライはどう直しましたか？", ("t13",)),
    _q("tq60", "cross/ja>en/question", "マイグレーションの失敗はどう解決しましたか？", ("t11",)),
    _q("tq61", "cross/ja>en/question", "API のレート制限はどう設定しましたか？", ("t09",)),
    _q(
        "tq62",
        "cross/ja>en/question",
        "請求書メールのバックグラウンド処理は何を使っていますか？",
        ("t05", "t01"),
    ),
    _q(
        "tq63",
        "cross/en>zh/question",
        "How did we set up the Prometheus alerts for the ETL?",
        ("t17",),
    ),
    _q("tq64", "cross/en>zh/question", "Why did we move off Kafka?", ("t07",)),
    _q("tq65", "cross/en>ja/question", "How was the login screen crash fixed?", ("t08",)),
    _q("tq66", "cross/en>ja/question", "How do we compress images before upload?", ("t18",)),
    _q(
        "tq67",
        "cross/en>ja/chatty",
        "remind me, what did we decide about state management back when we started the mobile app?",
        ("t20", "t21"),
    ),
    _q("tq68", "cross/zh>ja/question", "登录页面崩溃的原因是什么？", ("t08",)),
    _q("tq69", "cross/ja>zh/question", "アラートのルールはどこに書きましたか？", ("t17",)),
    # --- abstain: never discussed (nothing should be injected)
    _q("tq70", "abstain/en>*/question", "How did we set up the GraphQL federation gateway?"),
    _q("tq71", "abstain/en>*/question", "What did we decide about Kubernetes autoscaling?"),
    _q("tq72", "abstain/en>*/question", "Which files did Cursor change yesterday?"),
    _q(
        "tq73",
        "abstain/en>*/chatty",
        "last month we talked about migrating to Terraform Cloud, what was the plan?",
    ),
    _q("tq74", "abstain/zh>*/question", "我们是怎么配置 Elasticsearch 集群的？"),
    _q("tq75", "abstain/zh>*/question", "上个月关于 iOS 小组件的讨论结果是什么？"),
    _q("tq76", "abstain/ja>*/question", "Android のウィジェットはどう実装しましたか？"),
    _q("tq77", "abstain/ja>*/question", "GraphQL のスキーマ設計はどうなりましたか？"),
    _q("tq78", "abstain/en>*/terse", "blockchain ledger sharding"),
    _q("tq79", "abstain/zh>*/terse", "机器学习模型训练"),
]


def _held_out_families() -> frozenset[str]:
    """Within each kind, its families ordered by sha256(family): the first, fourth, ... are held
    out, so every kind has held-out families and a held-out family is wholly unseen."""
    by_kind: dict[str, list[str]] = {}
    for family in dict.fromkeys(q[1] for q in TQUESTIONS):
        by_kind.setdefault(family.split("/")[0], []).append(family)
    held = set()
    for families in by_kind.values():
        ordered = sorted(families, key=lambda f: hashlib.sha256(f.encode("utf-8")).hexdigest())
        held.update(ordered[::3])
    return frozenset(held)


HELD_OUT_FAMILIES = _held_out_families()


def family_split(family: str) -> str:
    return "held-out" if family in HELD_OUT_FAMILIES else "dev"
