# ruff: noqa: E501  (data: CJK text counts double width)
"""A seventh set, written before any tuning that uses it: decisions replaced in shapes the
earlier sets do not have, time-anchored and agent questions, every language pair both ways, and
never-discussed questions whose words nearly match the vault.

Three new projects (ledger, a Django accounting app written about in English; kite, a Flutter
app written about in Chinese; tansu, a Go command-line tool written about in Japanese, with one
English note), notes of every kind (session logs replayed through the real hook as Claude
Code, Codex, Gemini CLI and Hermes at their own time; a summary with no session log; L2
memories; plain notes a person wrote). New shapes:

- **a revert**: Celery (memory) -> Dramatiq (session) -> a later session reverts to Celery
  (queue); a plain note, in English, reverting tansu's command-line library from urfave/cli
  back to cobra after two Japanese sessions (cli);
- **a decision replaced in another project**: ledger reports errors to Sentry (memory); a
  newer kite session moves kite from Sentry to Bugsnag: asked from ledger, the kite session must
  not win (errors);
- **a replacement stated only in a summary**: tansu's configuration moved from TOML to YAML,
  said by a summary note only, with no session log of it (config);
- **a memory edited by a person**: kite's state-management memory, its body rewritten by hand
  in Obsidian (its `updated` property left as it was, only the file time is new) after a
  session moved to Riverpod (state);
- **routing decided in one language, replaced in another** (a Chinese session, then an English
  plain note) (route).

Time-anchored and agent questions (topics `t-ledger`, `t-kite`, `t-tansu`): several agents
edit the same files on different days; "what did Codex change yesterday and why", 昨天 /
前天 / 上周 / 今天, 昨日 / 先週 / 今日 / 今朝, this morning, on Tuesday, 3 days ago: the gold is
the session asked for, the "older" ones the sessions of the same files or agent outside the
asked window or of another agent inside it.

Never-discussed questions (kinds `none-near`, `none-agent`, `none-time`, `none-task`) share a
library, a file's subject, an agent or a day with the vault but are not answered by it;
controls (`control`) are answerable, each by the one note that says it.

Every question is asked at `NOW` (Friday 2027-05-14, 18:00, Asia/Shanghai). Families are
topic or kind / language pair / style. Held out: every question about `HELD_TOPICS`, and of
every other family, those whose salted sha256 has an even first byte (`split_of`), fixed when
the set was written. `python -m bench.recall.newest --set round14`.
"""

from __future__ import annotations

from typing import Any

from bench.recall import split
from bench.recall.decisions import bash, edit, single_turn
from bench.recall.decisions_round9 import summary
from bench.recall.decisions_round13 import memory

NAME = "decisions-round14"
NOW = "2027-05-14T18:00:00+08:00"
TZ = "Asia/Shanghai"

LEDGER = "/home/dev/src/ledger"
KITE = "/home/dev/src/kite"
TANSU = "/home/dev/src/tansu"


def text(raw: str) -> str:
    return raw.replace("{LEDGER}", LEDGER).replace("{KITE}", KITE).replace("{TANSU}", TANSU)


SESSIONS: list[dict[str, Any]] = [
    # --- queue (ledger): Celery (memory) -> Dramatiq (session) -> reverted to Celery (session)
    single_turn(
        "l-queue-2",
        "codex",
        LEDGER,
        "2027-03-10T11:00:00",
        "Celery beat keeps firing the invoice reminders twice in ledger. Replace Celery with Dramatiq and RabbitMQ.",
        [
            bash("pip install 'dramatiq[rabbitmq]'", "Successfully installed dramatiq-1.17.0"),
            edit(f"{LEDGER}/ledger/tasks.py", "@shared_task", "@dramatiq.actor"),
            edit(f"{LEDGER}/ledger/settings.py", "CELERY_BROKER_URL", "DRAMATIQ_BROKER"),
        ],
        "ledger's background tasks now run on Dramatiq with RabbitMQ (ledger/tasks.py, ledger/settings.py); the reminders are scheduled by a periodiq cron and fire once.",
    ),
    single_turn(
        "l-queue-3",
        "claude-code",
        LEDGER,
        "2027-04-22T16:00:00",
        "Dramatiq dropped messages on two deploys in a row. Revert the Dramatiq change in ledger.",
        [
            bash("git revert 3f9c2e1", '[main 8a41d07] Revert "Move tasks to Dramatiq"'),
            edit(f"{LEDGER}/ledger/tasks.py", "@dramatiq.actor", "@shared_task(acks_late=True)"),
        ],
        "Reverted: ledger/tasks.py and ledger/settings.py are back on Celery with Redis, with acks_late so a deploy no longer loses a task; RabbitMQ and Dramatiq are gone.",
    ),
    # --- errors (kite): a newer replacement in another project
    single_turn(
        "k-err-2",
        "claude-code",
        KITE,
        "2027-04-28T10:00:00",
        "kite 的崩溃上报从 Sentry 换成 Bugsnag，Flutter 那边用 bugsnag_flutter。",
        [
            edit(f"{KITE}/lib/main.dart", "SentryFlutter.init", "bugsnag.start"),
            bash("flutter pub remove sentry_flutter", "Removed sentry_flutter"),
        ],
        "kite 的错误上报已经从 Sentry 换成 Bugsnag：lib/main.dart 里改成 bugsnag.start，sentry_flutter 依赖删掉了。",
    ),
    # --- state (kite): a session moved to Riverpod; the memory was later edited by hand (Bloc)
    single_turn(
        "k-state-2",
        "codex",
        KITE,
        "2027-03-18T14:00:00",
        "把 kite 的状态管理从 Provider 迁到 Riverpod，先从购物车页面开始。",
        [
            edit(f"{KITE}/lib/cart/cart_page.dart", "ChangeNotifierProvider", "ConsumerWidget"),
            bash(
                "flutter pub add flutter_riverpod",
                "Resolving dependencies... flutter_riverpod 2.5.1",
            ),
        ],
        "kite 的状态管理改用 Riverpod 了：购物车页面（lib/cart/cart_page.dart）已经迁完，其余页面之后按同样方式迁。",
    ),
    # --- route (kite): a Chinese session; replaced by an English plain note
    single_turn(
        "k-route-1",
        "gemini",
        KITE,
        "2027-01-08T15:00:00",
        "kite 的页面跳转用 Navigator 2.0 自己写一个 RouterDelegate。",
        [
            edit(
                f"{KITE}/lib/router/app_router.dart",
                "",
                "class AppRouterDelegate extends RouterDelegate",
            )
        ],
        "kite 的路由用 Navigator 2.0：自己写了 AppRouterDelegate（lib/router/app_router.dart），深层页面靠它管理返回栈。",
    ),
    # --- cli (tansu): cobra (ja) -> urfave/cli (ja) -> back to cobra (English plain note)
    single_turn(
        "t-cli-1",
        "claude-code",
        TANSU,
        "2027-02-03T10:00:00",
        "tansu のコマンドライン部分を cobra で組んで。サブコマンドは push と pull。",
        [
            bash("go get github.com/spf13/cobra", "go: added github.com/spf13/cobra v1.8.1"),
            edit(f"{TANSU}/cmd/root.go", "", 'var rootCmd = &cobra.Command{Use: "tansu"}'),
        ],
        "tansu の CLI は cobra で作りました（cmd/root.go）。push と pull のサブコマンドがあります。",
    ),
    single_turn(
        "t-cli-2",
        "codex",
        TANSU,
        "2027-03-25T11:00:00",
        "cobra は依存が重いので、tansu を urfave/cli v3 に移行して。",
        [
            bash("go get github.com/urfave/cli/v3", "go: added github.com/urfave/cli/v3 v3.0.0"),
            edit(f"{TANSU}/cmd/root.go", "cobra.Command", "cli.Command"),
        ],
        "tansu のコマンドは urfave/cli v3 に移行しました。cmd/root.go を書き換え、cobra は go.mod から外しました。",
    ),
    # --- time (ledger): several agents on the same files, different days
    single_turn(
        "l-t1",
        "codex",
        LEDGER,
        "2027-05-06T10:30:00",
        "Show the seller's VAT number in the footer of ledger's PDF invoices.",
        [
            edit(
                f"{LEDGER}/ledger/invoices/pdf.py",
                "footer = company.name",
                'footer = f"{company.name} · VAT {company.vat_id}"',
            )
        ],
        "The invoice PDF footer now prints the VAT number after the company name (ledger/invoices/pdf.py).",
    ),
    single_turn(
        "l-t5",
        "gemini",
        LEDGER,
        "2027-05-11T14:00:00",
        "Accountants want the ledger aging report as a CSV download.",
        [
            edit(f"{LEDGER}/ledger/reports/aging.py", "", "def export_csv(buckets):"),
            edit(f"{LEDGER}/ledger/reports/urls.py", "", "path('aging.csv', views.aging_csv)"),
        ],
        "Added a CSV export of the aging report: ledger/reports/aging.py has export_csv, served at /reports/aging.csv.",
    ),
    single_turn(
        "l-t2",
        "codex",
        LEDGER,
        "2027-05-13T10:00:00",
        "Long line items get cut off at the right edge of ledger's PDF invoices. Wrap them.",
        [
            edit(
                f"{LEDGER}/ledger/invoices/pdf.py",
                "Paragraph(item.description)",
                "Paragraph(item.description, wrap=True)",
            ),
            edit(
                f"{LEDGER}/ledger/invoices/templates/invoice.html",
                "white-space: nowrap",
                "overflow-wrap: anywhere",
            ),
        ],
        "Line items now wrap instead of running off the page: the description cell wraps (ledger/invoices/pdf.py) and the template no longer sets nowrap (invoice.html). The cause was a fixed-width table with nowrap cells.",
    ),
    single_turn(
        "l-t3",
        "claude-code",
        LEDGER,
        "2027-05-13T15:00:00",
        "The 31-60 bucket in ledger's aging report includes invoices that are exactly 30 days overdue.",
        [edit(f"{LEDGER}/ledger/reports/aging.py", "days >= 30", "days > 30")],
        "Fixed the off-by-one in the aging buckets (ledger/reports/aging.py): an invoice exactly 30 days overdue now stays in the 0-30 bucket.",
    ),
    single_turn(
        "l-t4",
        "gemini",
        LEDGER,
        "2027-05-14T09:30:00",
        "Add the currency code to ledger's invoice API responses.",
        [
            edit(
                f"{LEDGER}/ledger/api/serializers.py",
                "fields = ['id', 'total']",
                "fields = ['id', 'total', 'currency']",
            )
        ],
        "Invoice API responses now include `currency` (ledger/api/serializers.py).",
    ),
    # --- time (kite)
    single_turn(
        "k-t2",
        "claude-code",
        KITE,
        "2027-05-05T11:00:00",
        "kite 的登录页加上 Apple 登录按钮。",
        [
            edit(
                f"{KITE}/lib/pages/login_page.dart", "", "SignInWithAppleButton(onPressed: _apple)"
            ),
            bash(
                "flutter pub add sign_in_with_apple",
                "Resolving dependencies... sign_in_with_apple 6.1.0",
            ),
        ],
        "登录页（lib/pages/login_page.dart）加了 Apple 登录按钮，用 sign_in_with_apple 插件。",
    ),
    single_turn(
        "k-t1",
        "hermes",
        KITE,
        "2027-05-12T16:00:00",
        "kite 的登录页在 iPhone SE 这种小屏上会溢出，底部按钮被键盘挡住。",
        [
            edit(
                f"{KITE}/lib/pages/login_page.dart",
                "Column(children:",
                "SingleChildScrollView(child: Column(children:",
            )
        ],
        "登录页溢出修好了：把表单包进 SingleChildScrollView（lib/pages/login_page.dart），小屏上键盘弹出时可以滚动，按钮不再被挡住。",
    ),
    # --- time (tansu)
    single_turn(
        "t-t1",
        "gemini",
        TANSU,
        "2027-05-07T15:00:00",
        "tansu push でネットワークが切れると失敗したまま終わる。リトライを入れて。",
        [
            edit(
                f"{TANSU}/internal/sync/upload.go",
                "return err",
                "return retry.Do(ctx, uploadOnce, retry.Attempts(5))",
            )
        ],
        "アップロードに指数バックオフのリトライ（最大5回）を入れました（internal/sync/upload.go）。一時的な切断では push が失敗しなくなります。",
    ),
    single_turn(
        "t-t2",
        "codex",
        TANSU,
        "2027-05-14T10:00:00",
        "Large files time out in tansu push. Split uploads into chunks.",
        [
            edit(
                f"{TANSU}/internal/sync/upload.go",
                "uploadOnce(ctx, f)",
                "uploadChunks(ctx, f, 8<<20)",
            )
        ],
        "tansu push now uploads large files in 8 MiB chunks (internal/sync/upload.go), each retried on its own, so a 2 GB file no longer hits the timeout.",
    ),
    # --- fillers (answerable controls)
    single_turn(
        "k-fill-1",
        "gemini",
        KITE,
        "2027-02-20T10:00:00",
        "kite 的商品图片每次滑回来都重新下载，加个缓存。",
        [
            edit(
                f"{KITE}/lib/widgets/product_image.dart",
                "Image.network(url)",
                "CachedNetworkImage(imageUrl: url)",
            )
        ],
        "商品图片改用 cached_network_image 缓存到磁盘（lib/widgets/product_image.dart），列表滑回来不会再重新下载。",
    ),
]

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- queue: the first decision, a memory
    (
        "l-queue-1",
        "memories/L2-confirmed/ledger background tasks run on Celery.md",
        "2027-01-21T10:00:00",
        memory("{LEDGER}", "2027-01-21T10:00:00+08:00")
        + """
# ledger background tasks run on Celery

ledger's background tasks (invoice reminders, the nightly FX rate import) are Celery tasks with Redis as the broker; Celery beat schedules them.
""",
    ),
    # --- errors: ledger's own decision, older than kite's move
    (
        "l-err-1",
        "memories/L2-confirmed/ledger error reporting.md",
        "2027-02-02T10:00:00",
        memory("{LEDGER}", "2027-02-02T10:00:00+08:00")
        + """
# ledger error reporting

ledger reports exceptions to Sentry through sentry-sdk's Django integration; the DSN comes from the SENTRY_DSN environment variable and releases are tagged with the git sha.
""",
    ),
    # --- state: a memory created in January, its body edited by hand in May (`updated` not touched)
    (
        "k-state-1",
        "memories/L2-confirmed/kite 状态管理.md",
        "2027-05-06T21:40:00",
        memory("{KITE}", "2027-01-15T10:00:00+08:00")
        + """
# kite 状态管理

kite 的状态管理统一用 Bloc（flutter_bloc）。5 月 6 日手动改：Riverpod 迁移做到一半，代码生成太慢、团队也不熟，讨论后决定全部页面改用 Bloc，购物车页面也要从 Riverpod 改回来。
""",
    ),
    # --- route: a person's plain note in English replaces the Chinese session
    (
        "k-route-2",
        "notes/kite routing.md",
        "2027-04-02T20:00:00",
        """# kite routing

We dropped the hand-written RouterDelegate in kite. Routing is go_router now: routes are declared in lib/router/routes.dart, and deep links map straight to them.
""",
    ),
    # --- config: TOML (memory) -> YAML, said only by a summary (no session log)
    (
        "t-cfg-1",
        "memories/L2-confirmed/tansu の設定ファイルは TOML.md",
        "2027-01-25T10:00:00",
        memory("{TANSU}", "2027-01-25T10:00:00+08:00")
        + """
# tansu の設定ファイルは TOML

tansu の設定は ~/.config/tansu/config.toml に置き、BurntSushi/toml で読み込む。リモートの一覧とデフォルトのブランチを持つ。
""",
    ),
    (
        "t-cfg-2",
        "summaries/2027/04/2027-04-15 tansu 設定ローダーの整理.md",
        "2027-04-15T19:00:00",
        summary(
            "codex", "5c1d0000-0000-4000-8000-0000000e0001", "{TANSU}", "2027-04-15T18:00:00+08:00"
        )
        + """
# tansu 設定ローダーの整理

## 依頼
設定ローダーのテストが壊れているので直してほしい。

## やったこと
テストを直すついでに、設定ファイルを TOML から YAML（~/.config/tansu/config.yaml、gopkg.in/yaml.v3）に移行した。TOML のローダーと BurntSushi/toml への依存は削除。古い config.toml は初回起動時に自動で変換する。
""",
    ),
    # --- cli: back to cobra, a person's plain note in English
    (
        "t-cli-3",
        "notes/tansu cli library.md",
        "2027-04-30T21:00:00",
        """# tansu cli library

Back on cobra: urfave/cli v3 broke shell completion for the push and pull subcommands, so cmd/root.go was moved back to spf13/cobra. Not worth the smaller dependency tree.
""",
    ),
    # --- fillers (answerable controls)
    (
        "l-fill-2",
        "memories/L2-confirmed/ledger money amounts.md",
        "2027-01-12T10:00:00",
        memory("{LEDGER}", "2027-01-12T10:00:00+08:00")
        + """
# ledger money amounts

ledger stores every money amount as an integer number of minor units (cents) next to an ISO 4217 currency code; never floats, and Decimal only at the edges.
""",
    ),
    (
        "t-fill-3",
        "notes/tansu リリース手順.md",
        "2027-03-02T20:00:00",
        """# tansu リリース手順

リリースは goreleaser で行う。v から始まるタグを push すると GitHub Actions が goreleaser を走らせ、GitHub Releases に linux / darwin / windows のバイナリと Homebrew の formula が出る。
""",
    ),
]

TOPICS = ("queue", "errors", "state", "route", "config", "cli", "t-ledger", "t-kite", "t-tansu")
HELD_TOPICS = frozenset({"errors", "config", "cli"})
PROJECT_OF = {"queue": LEDGER, "errors": LEDGER, "state": KITE, "route": KITE, "config": TANSU,
              "cli": TANSU, "t-ledger": LEDGER, "t-kite": KITE, "t-tansu": TANSU}  # fmt: skip

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_QUEUE = (("l-queue-3",), ("l-queue-2",))
_ERR_L = (("l-err-1",), ("k-err-2",))
_ERR_K = (("k-err-2",), ("l-err-1",))
_STATE = (("k-state-1",), ("k-state-2",))
_ROUTE = (("k-route-2",), ("k-route-1",))
_CFG = (("t-cfg-2",), ("t-cfg-1",))
_CLI = (("t-cli-3",), ("t-cli-1", "t-cli-2"))

# (qid, family, asked from, question, answer, older or other answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- queue: a revert (dev topic)
    ("v01", "queue/en>en/question", LEDGER, "What runs ledger's background tasks now?", *_QUEUE),
    ("v02", "queue/en>en/did-we-keep", LEDGER, "Did we keep Dramatiq in ledger?", *_QUEUE),
    ("v03", "queue/zh>en/question", LEDGER, "ledger 的后台任务现在用的是 Celery 还是 Dramatiq？", *_QUEUE),
    ("v04", "queue/ja>en/question", LEDGER, "ledger の非同期タスクは今どのキューで動いている？", *_QUEUE),
    ("v05", "queue/en>en/task", LEDGER, "Add a task that emails the monthly statement to each customer in ledger.", *_QUEUE),
    # --- errors: a newer move in another project must not win (held out)
    ("v06", "errors/en>en/question", LEDGER, "Which error tracker does ledger report to?", *_ERR_L),
    ("v07", "errors/en>en/terse", LEDGER, "ledger crash reporting tool", *_ERR_L),
    ("v08", "errors/zh>en/question", LEDGER, "ledger 的异常现在上报到哪里？", *_ERR_L),
    ("v09", "errors/ja>en/question", LEDGER, "ledger のエラー監視は何を使っている？", *_ERR_L),
    ("v10", "errors/en>zh/question", KITE, "Where does kite send its crash reports now?", *_ERR_K),
    ("v11", "errors/ja>zh/question", KITE, "kite のクラッシュレポートは今どこに送っている？", *_ERR_K),
    # --- state: a memory edited by a person (dev topic)
    ("v12", "state/zh>zh/question", KITE, "kite 的状态管理现在用什么？", *_STATE),
    ("v13", "state/en>zh/question", KITE, "What does kite use for state management now?", *_STATE),
    ("v14", "state/ja>zh/still", KITE, "kite の状態管理はまだ Riverpod？", *_STATE),
    ("v15", "state/zh>zh/task", KITE, "给 kite 的订单页加上状态管理，照现在的方案写。", *_STATE),
    # --- route: replaced across languages (dev topic)
    ("v16", "route/zh>en/question", KITE, "kite 的路由现在用什么？", *_ROUTE),
    ("v17", "route/ja>en/question", KITE, "kite のルーティングは今何を使っている？", *_ROUTE),
    ("v18", "route/en>en/terse", KITE, "kite router", *_ROUTE),
    ("v19", "route/en>zh/still", KITE, "Is kite still on the custom RouterDelegate?", *_ROUTE),
    # --- config: a replacement said only by a summary (held out)
    ("v20", "config/en>ja/question", TANSU, "What config file format does tansu use now?", *_CFG),
    ("v21", "config/zh>ja/question", TANSU, "tansu 的配置文件现在是什么格式？", *_CFG),
    ("v22", "config/ja>ja/still", TANSU, "tansu の設定ファイルって TOML のまま？", *_CFG),
    ("v23", "config/en>ja/task", TANSU, "Add a `timeout` option to tansu's config file.", *_CFG),
    # --- cli: reverted by an English plain note after two Japanese sessions (held out)
    ("v24", "cli/en>en/question", TANSU, "Which CLI library is tansu on?", *_CLI),
    ("v25", "cli/ja>en/question", TANSU, "tansu のコマンドライン引数の処理は結局どのライブラリ？", *_CLI),
    ("v26", "cli/zh>en/question", TANSU, "tansu 的命令行库最后用的是哪个？", *_CLI),
    ("v27", "cli/en>en/did-we-keep", TANSU, "did we stay on urfave/cli for tansu", *_CLI),
    # --- time and agents: ledger
    ("w01", "t-ledger/en>en/yesterday-agent", LEDGER, "What did Codex change in ledger yesterday, and why?", ("l-t2",), ("l-t1", "l-t3")),
    ("w02", "t-ledger/zh>en/yesterday-agent", LEDGER, "昨天 Codex 在 ledger 里改了哪些文件？为什么改？", ("l-t2",), ("l-t1", "l-t3")),
    ("w03", "t-ledger/ja>en/yesterday-agent", LEDGER, "昨日 Claude Code が ledger で直したのは何？", ("l-t3",), ("l-t2", "l-t5")),
    ("w04", "t-ledger/en>en/this-morning", LEDGER, "what did gemini do this morning", ("l-t4",), ("l-t5",)),
    ("w05", "t-ledger/en>en/days-ago", LEDGER, "What did we change in the aging report 3 days ago?", ("l-t5",), ("l-t3",)),
    ("w06", "t-ledger/zh>en/last-week", LEDGER, "上周 ledger 的发票 PDF 改了什么？", ("l-t1",), ("l-t2",)),
    ("w07", "t-ledger/en>en/weekday", LEDGER, "On Tuesday, which files did Gemini touch in ledger?", ("l-t5",), ("l-t4",)),
    ("w08", "t-ledger/ja>en/today", LEDGER, "今日 ledger で何をした？", ("l-t4",), ("l-t3", "l-t2")),
    # --- time and agents: kite
    ("w09", "t-kite/zh>zh/day-before", KITE, "前天 Hermes 在 kite 里修了什么？", ("k-t1",), ("k-t2",)),
    ("w10", "t-kite/en>zh/day-before", KITE, "What did Hermes fix in kite the day before yesterday?", ("k-t1",), ("k-t2",)),
    ("w11", "t-kite/ja>zh/last-week", KITE, "先週 kite のログイン画面で何を変えた？", ("k-t2",), ("k-t1",)),
    ("w12", "t-kite/zh>zh/last-week", KITE, "上周 Claude Code 给 kite 做了什么？", ("k-t2",), ("k-t1",)),
    # --- time and agents: tansu
    ("w13", "t-tansu/ja>en/today", TANSU, "今日 Codex は tansu で何を変えた？", ("t-t2",), ("t-t1",)),
    ("w14", "t-tansu/zh>ja/last-week", TANSU, "上周 Gemini 在 tansu 做了什么？", ("t-t1",), ("t-t2",)),
    ("w15", "t-tansu/en>ja/last-week", TANSU, "What did Gemini change in tansu last week?", ("t-t1",), ("t-t2",)),
    ("w16", "t-tansu/ja>ja/this-morning", TANSU, "今朝 tansu の upload.go を変えたのは誰で、なぜ？", ("t-t2",), ("t-t1",)),
    # --- never discussed: words that nearly match the vault
    ("m01", "none-near/en/question", LEDGER, "How often does the overdue reminder task fire?", (), ()),
    ("m02", "none-near/en/question", LEDGER, "Which WeasyPrint version renders ledger's invoices?", (), ()),
    ("m03", "none-near/en/terse", LEDGER, "ledger VAT rounding rule", (), ()),
    ("m04", "none-near/zh/question", KITE, "Bugsnag 的采样率设的是多少？", (), ()),
    ("m05", "none-near/zh/question", KITE, "kite 的 go_router 深链接在 Android 上怎么配置 App Links？", (), ()),
    ("m06", "none-near/zh/question", KITE, "kite 的登录页支持 Google 登录吗？", (), ()),
    ("m07", "none-near/ja/question", TANSU, "tansu の YAML スキーマ検証には何を使っている？", (), ()),
    ("m08", "none-near/ja/question", TANSU, "tansu のリリースバイナリの署名はどうしている？", (), ()),
    ("m09", "none-near/ja/terse", LEDGER, "RabbitMQ のクラスタ構成", (), ()),
    ("m10", "none-near/mixed/question", TANSU, "tansu 的 shell completion 支持 fish 吗？", (), ()),
    ("m11", "none-near/en/terse", KITE, "kite cart page analytics events", (), ()),
    # --- never discussed: an agent that never worked there, or a day nothing happened
    ("m21", "none-agent/en/question", LEDGER, "What did Cursor change in ledger yesterday?", (), ()),
    ("m22", "none-agent/zh/question", TANSU, "上周 Hermes 在 tansu 做了什么？", (), ()),
    ("m23", "none-agent/ja/question", KITE, "先週 Codex は kite で何をした？", (), ()),
    ("m24", "none-time/en/question", LEDGER, "What did we change in ledger on Sunday?", (), ()),
    ("m25", "none-time/zh/question", KITE, "今天 kite 有什么改动？", (), ()),
    ("m26", "none-time/ja/question", TANSU, "一昨日 tansu で何か直した？", (), ()),
    # --- never discussed: task prompts
    ("m31", "none-task/en/task", LEDGER, "Add Stripe Tax to ledger's checkout.", (), ()),
    ("m32", "none-task/zh/task", KITE, "给 kite 加一个深色模式开关。", (), ()),
    ("m33", "none-task/ja/task", TANSU, "tansu に --dry-run フラグを追加して。", (), ()),
    # --- controls: answerable, the one note that says it
    ("c11", "control/en/question", LEDGER, "How does ledger store money amounts?", ("l-fill-2",), ()),
    ("c12", "control/ja/question", KITE, "kite の商品画像のキャッシュはどう実装した？", ("k-fill-1",), ()),
    ("c13", "control/en/question", TANSU, "How are tansu releases published?", ("t-fill-3",), ()),
    ("c14", "control/zh/question", TANSU, "tansu 怎么发布新版本？", ("t-fill-3",), ()),
    ("c15", "control/zh/terse", LEDGER, "ledger 金额 存储 方式", ("l-fill-2",), ()),
    ("c16", "control/en/terse", KITE, "kite product image cache", ("k-fill-1",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Held out: every question about `HELD_TOPICS`, and the families whose salted sha256 has an
    even first byte (`split.by_family`, salt `round14`: fixed when the set was written)."""
    return split.by_family("round14", family, HELD_TOPICS)
