# ruff: noqa: E501  (data: CJK text counts double width)
"""An eleventh set, written before any tuning that uses it: decisions recorded in shapes the
earlier sets never used, asked in phrasings and language pairs they never used, time asked on
the day after a leap day, and never-discussed questions that sit next to what the vault holds.

Two new projects (tern, an Elixir/Phoenix service written about in English and in Chinese mixed
with English in one sentence; sable, a SwiftUI macOS app written about in Japanese, Chinese and
Korean), notes of every kind (session logs replayed through the real hook as Claude Code, Codex,
Gemini CLI and Hermes at their own time; L2 memories; plain notes a person wrote). New shapes:

- **a decision reverted twice**: RabbitMQ (en), then NATS (a mixed Chinese-English session),
  back to RabbitMQ (en: the JetStream acks timed out), then NATS again (a Chinese session that
  fixed the ack wait); the newest of four, every older one still in the vault (queue);
- **a decision struck through in a person's note**: ~~Redis~~ Valkey in a mixed Chinese-English
  list, replacing an English L2 memory (cache);
- **a decision said only by the commands a session ran** (`pod deintegrate`, `git rm Podfile`,
  `swift package init`), the closing message saying only that it is cleaned up (deps);
- **a decision in an Obsidian callout** (`> [!decision]`) in a Japanese meeting note written
  politely, replacing a Chinese session (store).

New phrasing: Chinese sentences carrying English verbs and nouns (code-switched: "现在 deploy
用的是哪个 queue？"), imperatives ("show me", 给我看, 見せて, 보여줘), a question that is only
a file path or only an error line, Japanese honorific questions (ご教示いただけますでしょうか),
"why" and "who" questions about a decision, "how many times did we switch", Korean questions
about Chinese notes, Chinese questions about Korean notes, Spanish questions about English
notes. Time asked at `NOW`, Wednesday 2028-03-01 at 14:20, the day after a leap day: "the day
before yesterday", 2月29日, "in the last 48 hours", "Feb 24", "last month" (February), 上个礼拜四,
지난 토요일 밤, 오늘 아침, 周六晚上, a day nothing happened.

Never-discussed questions (kinds `none-near`, `none-path`, `none-error`, `none-imperative`,
`none-time`, `none-agent`): near-miss words, a file path nobody touched, an error nobody saw, an
imperative asking for something never written, the leap day in a project nothing happened in,
an agent that never worked there; controls (`control`) are answerable, each by the one note
that says it.

Every question is asked at `NOW` (Wednesday 2028-03-01, 14:20, Asia/Shanghai). Families are
topic or kind / language pair / style. Held out: every question about `HELD_TOPICS`, and of
every other family, those whose salted sha256 has an even first byte (`split_of`), fixed when
the set was written. `python -m bench.recall.newest --set round18`.
"""

from __future__ import annotations

from typing import Any

from bench.recall import split
from bench.recall.decisions import bash, edit, single_turn
from bench.recall.decisions_round13 import memory

NAME = "decisions-round18"
NOW = "2028-03-01T14:20:00+08:00"
TZ = "Asia/Shanghai"

TERN = "/home/dev/src/tern"
SABLE = "/home/dev/src/sable"


def text(raw: str) -> str:
    return raw.replace("{TERN}", TERN).replace("{SABLE}", SABLE)


SESSIONS: list[dict[str, Any]] = [
    # --- queue (tern): RabbitMQ -> NATS -> RabbitMQ -> NATS (reverted twice)
    single_turn(
        "t-queue-1",
        "claude-code",
        TERN,
        "2027-06-14T10:00:00",
        "tern needs a job queue for webhook deliveries. Use RabbitMQ through the amqp library.",
        [
            bash("mix deps.get", "* Getting amqp (Hex package)"),
            edit(f"{TERN}/lib/tern/queue/consumer.ex", "", 'use AMQP\n  @queue "webhooks"'),
        ],
        "Webhook deliveries go through RabbitMQ now: lib/tern/queue/consumer.ex consumes the webhooks queue with the amqp library, with a dead-letter exchange for failures.",
    ),
    single_turn(
        "t-queue-2",
        "gemini",
        TERN,
        "2027-09-03T15:00:00",
        "RabbitMQ 在 tern 里太重了，ops 不想再 maintain 一个 broker。帮我 migrate 到 NATS JetStream，用 gnat。",
        [
            bash("mix deps.get", "* Getting gnat (Hex package)"),
            edit(
                f"{TERN}/lib/tern/queue/consumer.ex",
                "use AMQP",
                "use Gnat.Jetstream.PullConsumer",
            ),
        ],
        "已经 migrate 到 NATS JetStream：lib/tern/queue/consumer.ex 用 gnat 的 PullConsumer 消费 webhooks stream，RabbitMQ 的依赖删掉了。",
    ),
    single_turn(
        "t-queue-3",
        "codex",
        TERN,
        "2027-11-20T11:00:00",
        "Webhook deliveries in tern keep failing with 'nats: timeout waiting for ack' under load. Go back to RabbitMQ, we can't ship this.",
        [
            bash("git revert 4e1c2aa", '[main 9d0f113] Revert "queue: NATS JetStream"'),
            edit(
                f"{TERN}/lib/tern/queue/consumer.ex",
                "use Gnat.Jetstream.PullConsumer",
                "use AMQP",
            ),
        ],
        "Reverted tern to RabbitMQ (amqp): the JetStream consumer timed out waiting for acks under load. consumer.ex is the AMQP consumer again.",
    ),
    single_turn(
        "t-queue-4",
        "hermes",
        TERN,
        "2028-01-18T16:00:00",
        "tern 的 webhook 队列再换回 NATS 吧，上次的 ack 超时问题找到原因了。",
        [
            edit(
                f"{TERN}/lib/tern/queue/consumer.ex",
                "use AMQP",
                "use Gnat.Jetstream.PullConsumer\n  # ack_wait: 60s, max_ack_pending: 256",
            ),
            bash("mix deps.unlock amqp && mix deps.clean amqp", ""),
        ],
        "tern 的 webhook 队列重新用 NATS JetStream（gnat），上次 ack 超时是因为 ack_wait 默认只有 30 秒而处理要更久：现在 ack_wait 设成 60 秒、max_ack_pending 256，压测没有再超时。amqp 依赖已删除。",
    ),
    # --- store (sable): Core Data (a Chinese session) -> SwiftData (a Japanese callout)
    single_turn(
        "s-store-1",
        "claude-code",
        SABLE,
        "2027-05-02T10:00:00",
        "sable 的本地数据用 Core Data 存，建一个 Note 实体和 Tag 实体。",
        [edit(f"{SABLE}/Sable/Model/Sable.xcdatamodeld/contents", "", '<entity name="Note">')],
        "用 Core Data 建好了 Note 和 Tag 两个实体（Sable.xcdatamodeld），PersistenceController 负责加载 NSPersistentContainer。",
    ),
    # --- deps (sable): CocoaPods (ja session) -> SwiftPM, said only by the commands run
    single_turn(
        "s-deps-1",
        "codex",
        SABLE,
        "2027-04-11T14:00:00",
        "sable に Sparkle の自動アップデートを入れたい。CocoaPods でお願いします。",
        [
            bash("pod init && pod install", "Installing Sparkle (2.5.1)"),
            edit(f"{SABLE}/Podfile", "", "pod 'Sparkle', '~> 2.5'"),
        ],
        "CocoaPods で Sparkle を入れました（Podfile）。今後は Sable.xcworkspace を開いてください。",
    ),
    single_turn(
        "s-deps-2",
        "gemini",
        SABLE,
        "2027-12-05T10:00:00",
        "sable のビルド周り、いろいろ古いので整理してほしい。",
        [
            bash("pod deintegrate && git rm Podfile Podfile.lock", "Removing Pods"),
            bash(
                "swift package add-dependency https://github.com/sparkle-project/Sparkle --from 2.6.0",
                "Updating Package.swift",
            ),
            edit(
                f"{SABLE}/Package.swift",
                "",
                '.package(url: "https://github.com/sparkle-project/Sparkle", from: "2.6.0")',
            ),
        ],
        "整理しました。ビルドが少し速くなっています。",
    ),
    # --- time (tern, sable): asked on Wednesday 2028-03-01 at 14:20
    single_turn(
        "tt1",
        "claude-code",
        TERN,
        "2028-02-29T10:00:00",
        "tern's Phoenix endpoint logs every request body, including passwords. Stop that.",
        [
            edit(
                f"{TERN}/config/config.exs",
                "config :phoenix, :logger, true",
                'config :phoenix, :filter_parameters, ["password", "token", "secret"]',
            )
        ],
        "Request parameters named password, token or secret are filtered from tern's logs now (config/config.exs, :filter_parameters).",
    ),
    single_turn(
        "tt2",
        "codex",
        TERN,
        "2028-02-28T16:00:00",
        "tern 的 LiveView dashboard 每次 reconnect 都会 duplicate subscribe，帮我 fix 一下。",
        [
            edit(
                f"{TERN}/lib/tern_web/live/dashboard_live.ex",
                'PubSub.subscribe(Tern.PubSub, "stats")',
                'if connected?(socket), do: PubSub.subscribe(Tern.PubSub, "stats")',
            )
        ],
        "修好了：dashboard_live.ex 的 mount 只在 connected?(socket) 时 subscribe，reconnect 不会再重复订阅，stats 也不会一次推两遍。",
    ),
    single_turn(
        "tt6",
        "gemini",
        TERN,
        "2028-02-26T21:00:00",
        "tern's Ecto migrations fail on the CI database with 'permission denied for schema public'.",
        [
            edit(
                f"{TERN}/priv/repo/migrations/20280226_grant.exs",
                "",
                'execute "GRANT ALL ON SCHEMA public TO tern"',
            )
        ],
        "Added a migration granting tern's role rights on schema public (priv/repo/migrations/20280226_grant.exs); CI migrates cleanly again.",
    ),
    single_turn(
        "tt3",
        "hermes",
        SABLE,
        "2028-02-24T11:00:00",
        "sable のウィンドウを閉じて開き直すとサイドバーの幅がリセットされます。",
        [
            edit(
                f"{SABLE}/Sable/Views/ContentView.swift",
                "NavigationSplitView {",
                '@SceneStorage("sidebarWidth") var sidebarWidth: Double = 220\nNavigationSplitView {',
            )
        ],
        "サイドバーの幅を @SceneStorage に保存するようにしました（ContentView.swift）。閉じて開き直しても幅が保たれます。",
    ),
    single_turn(
        "tt5",
        "claude-code",
        SABLE,
        "2028-02-10T15:00:00",
        "sable 的快捷键 ⌘K 在全屏模式下没反应。",
        [
            edit(
                f"{SABLE}/Sable/Commands/SableCommands.swift",
                '.keyboardShortcut("k")',
                '.keyboardShortcut("k", modifiers: .command)\n.commands { CommandGroup(after: .sidebar) {',
            )
        ],
        "⌘K 现在注册在 SableCommands 的 CommandGroup 里（SableCommands.swift），全屏模式下也能打开快速搜索。",
    ),
    single_turn(
        "tt4",
        "hermes",
        SABLE,
        "2028-03-01T09:30:00",
        "sable 앱이 다크 모드에서 메모 본문 글자가 안 보여요.",
        [
            edit(
                f"{SABLE}/Sable/Views/NoteEditor.swift",
                ".foregroundColor(.black)",
                ".foregroundStyle(.primary)",
            )
        ],
        "메모 본문 글자색을 .primary로 바꿨습니다（NoteEditor.swift）. 다크 모드에서도 글자가 잘 보입니다.",
    ),
]

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- cache: the older decision, an English L2 memory
    (
        "t-cache-1",
        "memories/L2-confirmed/tern cache.md",
        "2027-07-01T10:00:00",
        memory("{TERN}", "2027-07-01T10:00:00+08:00")
        + """
# tern cache

tern caches rendered webhook payloads and rate-limit counters in Redis 7 (Redix, one connection pool per node). Keys expire after ten minutes.
""",
    ),
    # --- cache: a person's mixed Chinese-English list, the old choice struck through
    (
        "t-cache-2",
        "notes/tern infra 清单.md",
        "2027-12-12T22:00:00",
        """---
created: 2027-12-10
---
# tern infra 清单

- cache：~~Redis~~ → Valkey 8（license 的问题，Redix client 不用改，只换 image）
- DB：Postgres 16，不动
- object storage：还是 S3
- TLS cert 用 cert-manager 自动续
""",
    ),
    # --- store: a Japanese meeting note with a decision callout, written politely
    (
        "s-store-2",
        "notes/sable 設計会議 2027-10.md",
        "2027-10-20T18:00:00",
        """---
created: 2027-10-20
---
# sable 設計会議 2027-10

参加：山田、李

iCloud 同期の話から、保存の仕組みを見直しました。

> [!decision] 永続化
> Core Data をやめ、SwiftData（@Model）に移行いたします。iCloud 同期は ModelConfiguration の cloudKitDatabase で行います。既存データは初回起動時に移行いたします。

次回：同期の競合をどう見せるか。
""",
    ),
    # --- fillers (answerable controls)
    (
        "t-fill-1",
        "memories/L2-confirmed/tern release.md",
        "2027-08-20T10:00:00",
        memory("{TERN}", "2027-08-20T10:00:00+08:00")
        + """
# tern release

tern ships as a mix release inside a Docker image to Fly.io; each release runs its Ecto migrations from a release command before the new machines start.
""",
    ),
    (
        "s-fill-1",
        "notes/sable 配布.md",
        "2027-09-15T20:00:00",
        """# sable 配布

sable は Mac App Store には出さず、公証（notarytool）した DMG を GitHub Releases で配る。Sparkle の appcast もそこに置く。
""",
    ),
]

TOPICS = ("queue", "cache", "deps", "store", "t-tern", "t-sable")
HELD_TOPICS = frozenset({"cache", "deps"})
PROJECT_OF = {"queue": TERN, "cache": TERN, "deps": SABLE, "store": SABLE, "t-tern": TERN,
              "t-sable": SABLE}  # fmt: skip

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_QUEUE = (("t-queue-4",), ("t-queue-1", "t-queue-2", "t-queue-3"))
_CACHE = (("t-cache-2",), ("t-cache-1",))
_DEPS = (("s-deps-2",), ("s-deps-1",))
_STORE = (("s-store-2",), ("s-store-1",))

# (qid, family, asked from, question, answer, older or other answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- queue: reverted twice; the newest of four
    ("z01", "queue/en>zh/question", TERN, "Which message broker does tern use for webhooks right now?", *_QUEUE),
    ("z02", "queue/mixed>zh/code-switch", TERN, "tern 现在 webhook 的 queue 是 run 在哪个 broker 上？", *_QUEUE),
    ("z03", "queue/en>zh/count", TERN, "How many times have we switched tern's queue, and where did it end up?", *_QUEUE),
    ("z04", "queue/en>zh/error-only", TERN, "nats: timeout waiting for ack", *_QUEUE),
    ("z05", "queue/ja>zh/keigo", TERN, "tern の Webhook キューは現在どちらをお使いでしょうか。ご教示いただけますでしょうか。", *_QUEUE),
    ("z06", "queue/ko>zh/why", TERN, "tern 웹훅 큐를 왜 다시 NATS로 바꿨어?", *_QUEUE),
    ("z07", "queue/es>zh/question", TERN, "¿Qué cola de mensajes usa tern ahora para los webhooks?", *_QUEUE),
    ("z08", "queue/en>zh/path-only", TERN, "lib/tern/queue/consumer.ex", *_QUEUE),
    # --- cache: struck through in a mixed Chinese-English list (held out)
    ("z09", "cache/en>mixed/question", TERN, "What does tern cache in now, still Redis?", *_CACHE),
    ("z10", "cache/zh>mixed/imperative", TERN, "给我看 tern 的 cache 现在用的是什么", *_CACHE),
    ("z11", "cache/ja>mixed/question", TERN, "tern のキャッシュサーバーは何に変わった？", *_CACHE),
    ("z12", "cache/ko>mixed/question", TERN, "tern 캐시는 지금 Redis 말고 뭐 써?", *_CACHE),
    # --- deps: only the commands a session ran (held out)
    ("z13", "deps/en>ja/question", SABLE, "How does sable pull in Sparkle these days, still CocoaPods?", *_DEPS),
    ("z14", "deps/zh>ja/question", SABLE, "sable 现在用什么管理依赖？", *_DEPS),
    ("z15", "deps/ja>ja/keigo", SABLE, "sable の依存関係の管理方法について、現在の方式をお教えいただけますか。", *_DEPS),
    ("z16", "deps/en>ja/path-only", SABLE, "Podfile.lock?", *_DEPS),
    # --- store: a callout in a Japanese meeting note
    ("z17", "store/en>ja/imperative", SABLE, "Show me how sable stores its notes on disk now.", *_STORE),
    ("z18", "store/mixed>ja/code-switch", SABLE, "sable 的 persistence layer 现在是 Core Data 还是别的 framework？", *_STORE),
    ("z19", "store/ko>ja/who", SABLE, "sable 저장 방식은 누가 언제 바꾸기로 했어?", *_STORE),
    ("z20", "store/zh>ja/why", SABLE, "sable 为什么不用 Core Data 了？", *_STORE),
    ("z21", "store/ja>ja/imperative", SABLE, "sable のデータ保存の方針を見せて", *_STORE),
    # --- time and agents: asked on Wednesday 2028-03-01 at 14:20
    ("w01", "t-tern/en>mixed/day-before-yesterday", TERN, "What did Codex fix in tern the day before yesterday?", ("tt2",), ("tt1",)),
    ("w02", "t-tern/ja>en/leap-day-keigo", TERN, "2月29日に tern でどのような変更をなさいましたか？", ("tt1",), ("tt2",)),
    ("w03", "t-tern/en>en/last-48-hours", TERN, "show me everything that changed in tern in the last 48 hours", ("tt1", "tt2"), ("tt6",)),
    ("w04", "t-tern/zh>en/saturday-night", TERN, "给我看看 tern 周六晚上改了什么", ("tt6",), ("tt2",)),
    ("w05", "t-tern/ko>en/saturday-night", TERN, "지난 토요일 밤에 tern에서 뭐 고쳤어?", ("tt6",), ("tt1",)),
    ("w06", "t-sable/en>ja/month-day", SABLE, "What was fixed in sable on Feb 24?", ("tt3",), ("tt5",)),
    ("w07", "t-sable/mixed>ja/last-week-weekday", SABLE, "上个礼拜四 sable 修了什么 bug？", ("tt3",), ("tt4",)),
    ("w08", "t-sable/en>zh/last-month-imperative", SABLE, "Show me what changed in sable last month", ("tt3", "tt5"), ("tt4",)),
    ("w09", "t-sable/ko>ko/this-morning-agent", SABLE, "오늘 아침에 sable에서 Hermes가 뭐 했는지 보여줘", ("tt4",), ("tt3",)),
    ("w10", "t-sable/ja>zh/early-month", SABLE, "2月の上旬に sable で何を直した？", ("tt5",), ("tt3",)),
    # --- never discussed: near-miss words
    ("n01", "none-near/en/question", TERN, "Which Oban queue handles tern's scheduled reports?", (), ()),
    ("n02", "none-near/mixed/code-switch", SABLE, "sable 的 SwiftData migration plan 有没有写 VersionedSchema？", (), ()),
    ("n03", "none-near/ko/question", TERN, "tern에서 Kafka 토픽은 몇 개 써?", (), ()),
    # --- never discussed: a path or an error nobody touched or saw, an imperative
    ("n11", "none-path/en/path-only", TERN, "lib/tern_web/controllers/billing_controller.ex", (), ()),
    ("n12", "none-error/en/error-only", SABLE, "Thread 1: EXC_BAD_ACCESS (code=1, address=0x0) in PDFKit", (), ()),
    ("n13", "none-imperative/zh/imperative", SABLE, "给我看 sable 的 App Store 上架审核记录", (), ()),
    ("n14", "none-imperative/ja/keigo", TERN, "tern の GraphQL スキーマの設計方針をお見せいただけますか。", (), ()),
    # --- never discussed: a day nothing happened, an agent that never worked there
    ("n21", "none-time/en/leap-day", SABLE, "What happened in sable on Feb 29?", (), ()),
    ("n22", "none-time/zh/yesterday", SABLE, "昨天 sable 有什么改动？", (), ()),
    ("n23", "none-agent/en/question", TERN, "What did Cursor do in tern this week?", (), ()),
    ("n24", "none-agent/ko/question", SABLE, "지난주에 Cursor가 sable에서 뭐 했어?", (), ()),
    # --- controls: answerable, the one note that says it
    ("c01", "control/en/question", TERN, "Where is tern deployed and when do its migrations run?", ("t-fill-1",), ()),
    ("c02", "control/zh/imperative", SABLE, "给我看 sable 怎么发布给用户", ("s-fill-1",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Held out: every question about `HELD_TOPICS`, and the families whose salted sha256 has an
    even first byte (`split.by_family`, salt `round18`: fixed when the set was written)."""
    return split.by_family("round18", family, HELD_TOPICS)
