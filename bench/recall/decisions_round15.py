# ruff: noqa: E501  (data: CJK text counts double width)
"""An eighth set, written before any tuning that uses it: decisions replaced in shapes the
earlier sets do not have, asked in new ways, time questions on new windows, and
never-discussed questions that nearly match the vault.

Three new projects (quill, a Kotlin/Spring backend written about in English and Chinese; hoshi,
a Svelte front end written about in Japanese; tide, a data-science notebook project written
about in Chinese and English mixed in one sentence), notes of every kind (session logs replayed
through the real hook as Claude Code, Codex, Gemini CLI and Hermes at their own time; L2
memories; plain notes a person wrote). New shapes:

- **a replacement said only in a session's closing message**, written like a commit message
  ("refactor(http): replace RestTemplate with WebClient ..."), the session asked about a flaky
  test and never named the choice before (http);
- **a partial replacement**: one module (reporting) moved from JPA to jOOQ, the rest kept:
  a question about the moved module wants the new note, one about a module that stayed is
  answered by either (db);
- **replaced, then the replacement dropped for a third option**: Tailwind -> UnoCSS (two
  Japanese sessions) -> neither, scoped CSS with Open Props (a plain note) (style);
- **a date only in the title and file name**: two plain notes a person wrote, no date property,
  both checked out together (the older one's file time a few seconds newer) (datever);
- **two agents disagreeing on the same day**: Codex chose an in-process cache at 10:00, Claude
  Code replaced it with Redis at 16:30 (cache);
- **a partial move said by a memory in mixed Chinese and English**: notebook charts from
  matplotlib to Plotly, static figures kept on matplotlib (plot).

New phrasing: imperative task prompts that imply the need ("set up the cache like we agreed"),
typos, very short questions, two languages in one sentence, long polite Japanese (keigo),
colloquial Chinese (咱们, 那个 ... 来着). Time questions on windows the earlier sets lack: 上个月,
大前天, 先月, 一昨日, last Friday, two weeks ago, earlier today, over the weekend (topics
`t-quill`, `t-hoshi`, `t-tide`; several agents on the same files on different days; the gold
is the session asked for, the "older" ones those of the same files outside the window).

Never-discussed questions (kinds `none-near`, `none-lib`, `none-agent`, `none-time`,
`none-task`): near-miss words, a library another project uses, an agent that never worked on
that project, a day nothing happened there, task prompts; controls (`control`) are
answerable, each by the one note that says it.

Every question is asked at `NOW` (Thursday 2027-08-19, 18:00, Asia/Shanghai). Families are
topic or kind / language pair / style. Held out: every question about `HELD_TOPICS`, and of
every other family, those whose salted sha256 has an even first byte (`split_of`), fixed when
the set was written. `python -m bench.recall.newest --set round15`.
"""

from __future__ import annotations

from typing import Any

from bench.recall import split
from bench.recall.decisions import bash, edit, single_turn
from bench.recall.decisions_round13 import memory

NAME = "decisions-round15"
NOW = "2027-08-19T18:00:00+08:00"
TZ = "Asia/Shanghai"

QUILL = "/home/dev/src/quill"
HOSHI = "/home/dev/src/hoshi"
TIDE = "/home/dev/src/tide"


def text(raw: str) -> str:
    return raw.replace("{QUILL}", QUILL).replace("{HOSHI}", HOSHI).replace("{TIDE}", TIDE)


_Q = f"{QUILL}/src/main/kotlin/dev/quill"

SESSIONS: list[dict[str, Any]] = [
    # --- http (quill): RestTemplate (memory) -> WebClient, said only in the closing message
    {
        "id": "q-http-2",
        "agent": "codex",
        "project": QUILL,
        "start": "2027-06-10T14:00:00",
        "turns": [
            (
                "PaymentClientTest is flaky in CI for quill, it times out at random. Find out why.",
                [
                    bash(
                        "./gradlew test --tests PaymentClientTest",
                        "PaymentClientTest > charge() FAILED java.net.SocketTimeoutException",
                    ),
                    edit(
                        f"{_Q}/payment/PaymentClient.kt",
                        "restTemplate.postForObject(url, body, Charge::class.java)",
                        "webClient.post().uri(url).bodyValue(body).retrieve().awaitBody<Charge>()",
                    ),
                    edit(
                        f"{_Q}/shipping/ShippingClient.kt",
                        "restTemplate.getForObject",
                        "webClient.get().uri(url).retrieve().awaitBody",
                    ),
                    edit(
                        f"{_Q}/config/HttpConfig.kt",
                        "fun paymentRestTemplate(): RestTemplate",
                        "fun webClient(builder: WebClient.Builder): WebClient",
                    ),
                ],
                "Found it: the tests share one blocking connection pool that runs dry when they run in parallel. I reworked the two provider clients; the test passed 50 runs in a row.",
            ),
            (
                "ok, commit it",
                [
                    bash(
                        "git commit -am 'refactor(http): replace RestTemplate with WebClient'",
                        "[main 4e1a9b2] refactor(http): replace RestTemplate with WebClient",
                    )
                ],
                "Committed 4e1a9b2:\n\nrefactor(http): replace RestTemplate with WebClient\n\n- PaymentClient and ShippingClient call the providers through a non-blocking WebClient (config/HttpConfig.kt)\n- the RestTemplate beans are removed\n- fixes the flaky PaymentClientTest (pool exhaustion)",
            ),
        ],
    },
    # --- db (quill): JPA everywhere (zh session) -> only reporting on jOOQ (en session)
    single_turn(
        "q-db-1",
        "claude-code",
        QUILL,
        "2027-02-15T10:00:00",
        "quill 的数据访问层统一用 Spring Data JPA，订单、用户、报表三个模块都一样。",
        [
            edit(
                f"{QUILL}/build.gradle.kts",
                "",
                'implementation("org.springframework.boot:spring-boot-starter-data-jpa")',
            ),
            edit(
                f"{_Q}/orders/OrderRepository.kt",
                "",
                "interface OrderRepository : JpaRepository<Order, Long>",
            ),
        ],
        "已经接好 Spring Data JPA（build.gradle.kts 加了 spring-boot-starter-data-jpa），orders、users、reporting 三个模块的仓库接口都改成了 JpaRepository。",
    ),
    single_turn(
        "q-db-2",
        "gemini",
        QUILL,
        "2027-07-02T11:00:00",
        "quill's reporting queries are far too slow through JPA. Move just the reporting module to jOOQ; leave orders and users on JPA.",
        [
            bash("./gradlew generateJooq", "BUILD SUCCESSFUL"),
            edit(
                f"{_Q}/reporting/ReportRepository.kt",
                "JpaRepository<ReportRow, Long>",
                "class ReportRepository(private val dsl: DSLContext)",
            ),
        ],
        "The reporting module (reporting/ReportRepository.kt) now queries through jOOQ with generated classes; the monthly revenue report went from 9 s to 400 ms. Orders and users stay on Spring Data JPA.",
    ),
    # --- style (hoshi): Tailwind -> UnoCSS (ja sessions) -> scoped CSS + Open Props (plain note)
    single_turn(
        "h-css-1",
        "claude-code",
        HOSHI,
        "2027-03-05T10:00:00",
        "hoshi のスタイルは Tailwind CSS で書きたい。セットアップして。",
        [
            bash("npm install -D tailwindcss postcss autoprefixer", "added 3 packages"),
            edit(f"{HOSHI}/tailwind.config.js", "", "content: ['./src/**/*.{html,svelte,ts}']"),
        ],
        "Tailwind CSS を導入しました（tailwind.config.js、src/app.css）。コンポーネントはユーティリティクラスで書けます。",
    ),
    single_turn(
        "h-css-2",
        "codex",
        HOSHI,
        "2027-05-12T15:00:00",
        "Tailwind のビルドが遅いので、hoshi を UnoCSS に置き換えて。",
        [
            bash(
                "npm uninstall tailwindcss && npm install -D unocss",
                "removed 1 package, added 12 packages",
            ),
            edit(
                f"{HOSHI}/vite.config.ts",
                "plugins: [sveltekit()]",
                "plugins: [UnoCSS(), sveltekit()]",
            ),
        ],
        "UnoCSS に移行しました（uno.config.ts を追加、vite.config.ts にプラグイン）。tailwind.config.js は削除し、クラス名はそのまま使えます。",
    ),
    # --- cache (quill): two agents on the same day, the later one wins
    single_turn(
        "q-cache-1",
        "codex",
        QUILL,
        "2027-08-10T10:00:00",
        "Cache quill's exchange-rate lookups; use Caffeine in-process, keep it simple.",
        [
            edit(
                f"{_Q}/config/CacheConfig.kt",
                "",
                "Caffeine.newBuilder().expireAfterWrite(10, TimeUnit.MINUTES)",
            ),
            edit(
                f"{_Q}/fx/ExchangeRateService.kt", "fun rate(", '@Cacheable("fx-rates") fun rate('
            ),
        ],
        "ExchangeRateService.rate is cached with Caffeine now (config/CacheConfig.kt), 10-minute expiry, in-process.",
    ),
    single_turn(
        "q-cache-2",
        "claude-code",
        QUILL,
        "2027-08-10T16:30:00",
        "quill 线上跑三个实例，Caffeine 本地缓存会让各实例的汇率不一致。改成 Redis。",
        [
            edit(
                f"{_Q}/config/CacheConfig.kt",
                "Caffeine.newBuilder()",
                "RedisCacheManager.builder(connectionFactory)",
            ),
            bash("./gradlew dependencies --configuration runtimeClasspath | grep caffeine", ""),
        ],
        "汇率缓存改成了 Spring Cache + Redis（config/CacheConfig.kt，TTL 10 分钟），三个实例共用一份缓存；Caffeine 依赖已删除。以后 quill 的缓存都走 Redis。",
    ),
    # --- plot (tide): matplotlib (session, mixed) -> Plotly (memory, mixed)
    single_turn(
        "d-plot-1",
        "hermes",
        TIDE,
        "2027-05-20T10:00:00",
        "tide 的 notebook 图表统一一下 style，用 matplotlib + seaborn 吧。",
        [edit(f"{TIDE}/tide/plotting.py", "", "plt.style.use('seaborn-v0_8-whitegrid')")],
        "tide 的图表统一用 matplotlib + seaborn：tide/plotting.py 里设好了 seaborn-v0_8-whitegrid style 和字体，notebook 里 import tide.plotting 就行。",
    ),
    # --- time (quill): several agents on the same files on different days
    single_turn(
        "qt3",
        "gemini",
        QUILL,
        "2027-07-20T15:00:00",
        "Listing orders by date is slow in quill. Add an index on orders.created_at.",
        [
            edit(
                f"{QUILL}/src/main/resources/db/migration/V13__orders_created_at_idx.sql",
                "",
                "CREATE INDEX idx_orders_created_at ON orders (created_at);",
            )
        ],
        "Added Flyway migration V13 with an index on orders.created_at; the order list query uses it now (40x faster on staging).",
    ),
    single_turn(
        "qt2",
        "claude-code",
        QUILL,
        "2027-08-13T15:00:00",
        "quill's Flyway migration V14 fails on MySQL 8: 'You have an error in your SQL syntax near rank'.",
        [
            edit(
                f"{QUILL}/src/main/resources/db/migration/V14__add_rank.sql",
                "ADD COLUMN rank INT",
                "ADD COLUMN `rank` INT",
            )
        ],
        "Fixed V14: rank is a reserved word in MySQL 8, so the column name is quoted now (V14__add_rank.sql). The migration runs on MySQL 8 and H2.",
    ),
    single_turn(
        "qt4",
        "hermes",
        QUILL,
        "2027-08-16T11:00:00",
        "quill 的订单列表接口加一个按状态过滤的参数。",
        [
            edit(
                f"{_Q}/orders/OrderController.kt",
                "fun list(page: Int)",
                "fun list(page: Int, status: OrderStatus?)",
            )
        ],
        "订单列表接口支持 ?status= 过滤了（orders/OrderController.kt），不传就返回全部状态。",
    ),
    single_turn(
        "qt1",
        "codex",
        QUILL,
        "2027-08-19T09:30:00",
        "GET /orders in quill returns 500 when size=0. Validate the page size.",
        [edit(f"{_Q}/orders/OrderController.kt", "size: Int", "@Min(1) @Max(200) size: Int")],
        "The order list endpoint now rejects size=0 (and sizes above 200) with a 400 instead of a 500: @Min/@Max on the parameter in orders/OrderController.kt. The 500 came from a division by the page size.",
    ),
    # --- time (hoshi)
    single_turn(
        "ht2",
        "codex",
        HOSHI,
        "2027-07-08T14:00:00",
        "hoshi にダークモードの切り替えボタンを追加して。",
        [edit(f"{HOSHI}/src/lib/ThemeToggle.svelte", "", "<button on:click={toggle}>")],
        "ダークモード切り替えを追加しました（src/lib/ThemeToggle.svelte）。OS の設定を初期値にし、ヘッダーのボタンで切り替えます。",
    ),
    single_turn(
        "ht3",
        "gemini",
        HOSHI,
        "2027-08-14T13:00:00",
        "hoshi のトップページの画像を遅延読み込みにして、初回表示を速くしたい。",
        [
            edit(
                f"{HOSHI}/src/routes/+page.svelte",
                "<img src={item.cover}",
                '<img loading="lazy" src={item.cover}',
            )
        ],
        'トップページの画像に loading="lazy" を付けました（src/routes/+page.svelte）。初回の転送量が 2.1 MB から 600 KB になりました。',
    ),
    single_turn(
        "ht1",
        "claude-code",
        HOSHI,
        "2027-08-17T11:00:00",
        "hoshi の検索ボックスで、IME 変換中に Enter を押すと検索が送信されてしまう。",
        [
            edit(
                f"{HOSHI}/src/lib/SearchBox.svelte",
                "if (e.key === 'Enter')",
                "if (e.key === 'Enter' && !e.isComposing)",
            )
        ],
        "検索ボックス（src/lib/SearchBox.svelte）で変換確定の Enter では送信しないようにしました。keydown で isComposing を見ています。",
    ),
    single_turn(
        "ht4",
        "codex",
        HOSHI,
        "2027-08-18T16:00:00",
        "hoshi の SearchBox、入力のたびに API を叩いているのでデバウンスして。",
        [
            edit(
                f"{HOSHI}/src/lib/SearchBox.svelte",
                "on:input={search}",
                "on:input={debounce(search, 300)}",
            )
        ],
        "SearchBox の入力を 300ms デバウンスしました（src/lib/SearchBox.svelte）。API 呼び出しが打鍵ごとではなくなります。",
    ),
    # --- time (tide)
    single_turn(
        "tt3",
        "gemini",
        TIDE,
        "2027-07-14T10:00:00",
        "tide 的 churn.ipynb 跑一次要 20 分钟，把里面的 pandas 换成 polars。",
        [edit(f"{TIDE}/notebooks/churn.ipynb", "import pandas as pd", "import polars as pl")],
        "churn.ipynb 里的数据处理改成 polars 了（notebooks/churn.ipynb），跑一次从 20 分钟降到 3 分钟；其余 notebook 还是 pandas。",
    ),
    single_turn(
        "tt1",
        "hermes",
        TIDE,
        "2027-08-05T16:00:00",
        "tide 的 churn.ipynb 里 retention 算错了，cohort 应该按注册周分组，不是按首次付费。",
        [
            edit(
                f"{TIDE}/notebooks/churn.ipynb",
                "groupby('first_paid_week')",
                "groupby('signup_week')",
            )
        ],
        "retention 的 cohort 改成按 signup_week 分组（notebooks/churn.ipynb），第 4 周留存从 41% 修正为 33%。",
    ),
    single_turn(
        "tt2",
        "claude-code",
        TIDE,
        "2027-08-19T08:40:00",
        "In tide's feature pipeline, fill missing values with the median instead of 0.",
        [
            edit(
                f"{TIDE}/tide/features.py",
                "df.fillna(0)",
                "df.fillna(df.median(numeric_only=True))",
            )
        ],
        "tide/features.py now fills missing numeric features with each column's median instead of 0; the zeros were dragging the tenure feature down.",
    ),
    # --- fillers (answerable controls)
    single_turn(
        "d-fill-1",
        "hermes",
        TIDE,
        "2027-04-02T10:00:00",
        "tide 的 notebook 要在 CI 里自动跑，出错就 fail。",
        [
            edit(
                f"{TIDE}/.github/workflows/notebooks.yml",
                "",
                "run: papermill notebooks/churn.ipynb out.ipynb",
            )
        ],
        "CI 里用 papermill 执行每个 notebook（.github/workflows/notebooks.yml），任何 cell 报错 job 就失败。",
    ),
]

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- http: the first decision, a memory
    (
        "q-http-1",
        "memories/L2-confirmed/quill HTTP clients.md",
        "2027-03-02T10:00:00",
        memory("{QUILL}", "2027-03-02T10:00:00+08:00")
        + """
# quill HTTP clients

quill calls the payment and shipping providers through Spring's RestTemplate: one bean per provider in HttpConfig.kt, with a 5 s read timeout.
""",
    ),
    # --- style: UnoCSS dropped too, a person's plain note in Japanese
    (
        "h-css-3",
        "notes/hoshi スタイル方針.md",
        "2027-07-15T21:00:00",
        """# hoshi スタイル方針

UnoCSS もやめる。ユーティリティクラスだとマークアップが読みにくいので、hoshi は Svelte のスコープ付き CSS と Open Props（CSS 変数）だけで書く。uno.config.ts は削除済み。
""",
    ),
    # --- datever: a date only in the title and the file name; both checked out together
    (
        "d-ver-1",
        "notes/2027-04-12 tide 数据版本管理.md",
        "2027-08-02T09:00:30",
        """# 2027-04-12 tide 数据版本管理

tide 的原始数据和中间结果用 DVC 管理，remote 放在 S3 的 tide-data bucket；notebook 开头先 dvc pull 拿数据。
""",
    ),
    (
        "d-ver-2",
        "notes/2027-07-21 tide data versioning.md",
        "2027-08-02T09:00:10",
        """# 2027-07-21 tide data versioning

We are moving tide off DVC: datasets live in lakeFS branches now (repository tide-lake), and notebooks read them through the lakefs-spec filesystem. The .dvc files go once the last notebook is migrated.
""",
    ),
    # --- plot: Plotly for interactive charts, matplotlib kept for static figures (mixed memory)
    (
        "d-plot-2",
        "memories/L2-confirmed/tide 图表用 Plotly.md",
        "2027-07-28T10:00:00",
        memory("{TIDE}", "2027-07-28T10:00:00+08:00")
        + """
# tide 图表用 Plotly

tide 的 notebook 交互图表统一改用 Plotly（plotly.express），导出 HTML report 的时候图可以缩放和 hover；matplotlib 只留给 paper 里的静态图。
""",
    ),
    # --- fillers (answerable controls)
    (
        "q-fill-1",
        "memories/L2-confirmed/quill API errors.md",
        "2027-02-20T10:00:00",
        memory("{QUILL}", "2027-02-20T10:00:00+08:00")
        + """
# quill API errors

quill's REST API answers errors as RFC 7807 problem details (application/problem+json) with a stable `type` URI per error; a ControllerAdvice maps exceptions to them.
""",
    ),
    (
        "h-fill-1",
        "notes/hoshi デプロイ.md",
        "2027-03-20T20:00:00",
        """# hoshi デプロイ

hoshi は Cloudflare Pages にデプロイする。main への push で本番、プルリクエストごとにプレビュー環境ができる。adapter-cloudflare を使う。
""",
    ),
]

TOPICS = ("http", "db", "style", "datever", "cache", "plot", "t-quill", "t-hoshi", "t-tide")
HELD_TOPICS = frozenset({"db", "datever"})
PROJECT_OF = {"http": QUILL, "db": QUILL, "style": HOSHI, "datever": TIDE, "cache": QUILL,
              "plot": TIDE, "t-quill": QUILL, "t-hoshi": HOSHI, "t-tide": TIDE}  # fmt: skip

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_HTTP = (("q-http-2",), ("q-http-1",))
_DB_MOVED = (("q-db-2",), ("q-db-1",))
_DB_KEPT: tuple[tuple[str, ...], tuple[str, ...]] = (("q-db-2", "q-db-1"), ())
_STYLE = (("h-css-3",), ("h-css-1", "h-css-2"))
_VER = (("d-ver-2",), ("d-ver-1",))
_CACHE = (("q-cache-2",), ("q-cache-1",))
_PLOT = (("d-plot-2",), ("d-plot-1",))

# (qid, family, asked from, question, answer, older or other answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- http: replaced only in a commit-message-like closing message
    ("x01", "http/en>en/question", QUILL, "Which HTTP client does quill use to call the payment provider?", *_HTTP),
    ("x02", "http/zh>en/still", QUILL, "quill 调外部接口现在还是用 RestTemplate 吗？", *_HTTP),
    ("x03", "http/en>en/task", QUILL, "Write a client for the new tax provider in quill, the same way the other provider clients are done now.", *_HTTP),
    ("x04", "http/en>en/terse", QUILL, "quill http client", *_HTTP),
    ("x05", "http/ja>en/keigo", QUILL, "恐れ入りますが、quill から外部の決済 API を呼び出す際に現在どのクライアントを使用しているか、お教えいただけますでしょうか。", *_HTTP),
    # --- db: one module moved, the rest kept (held out)
    ("x06", "db/en>en/question", QUILL, "What does quill's reporting module use for database access now?", *_DB_MOVED),
    ("x07", "db/zh>en/question", QUILL, "quill 的报表模块现在用什么查数据库？", *_DB_MOVED),
    ("x08", "db/mixed>en/terse", QUILL, "quill reporting 用 jooq 还是 jpa", *_DB_MOVED),
    ("x09", "db/en>zh/kept", QUILL, "Is quill's orders module on jOOQ too?", *_DB_KEPT),
    ("x10", "db/zh>zh/colloquial", QUILL, "咱们 quill 订单模块那个持久层用的是啥来着？", *_DB_KEPT),
    # --- style: replaced, then the replacement dropped for a third option
    ("x11", "style/ja>ja/question", HOSHI, "hoshi のスタイリングは今何を使っている？", *_STYLE),
    ("x12", "style/ja>ja/still", HOSHI, "hoshi はまだ UnoCSS？", *_STYLE),
    ("x13", "style/en>ja/question", HOSHI, "What does hoshi use for styling now?", *_STYLE),
    ("x14", "style/zh>ja/question", HOSHI, "hoshi 的样式现在用 Tailwind 还是 UnoCSS？", *_STYLE),
    ("x15", "style/ja>ja/keigo", HOSHI, "お手数をおかけしますが、hoshi のコンポーネントのスタイルはどのような方針で書くことになったのか、改めてご教示いただけますと幸いです。", *_STYLE),
    ("x16", "style/en>ja/task", HOSHI, "Style the new settings page in hoshi following our current CSS approach.", *_STYLE),
    # --- datever: a date only in the title and file name (held out)
    ("x17", "datever/zh>mixed/question", TIDE, "tide 的数据集现在用什么做版本管理？", *_VER),
    ("x18", "datever/en>mixed/question", TIDE, "How are tide's datasets versioned now?", *_VER),
    ("x19", "datever/en>mixed/still", TIDE, "tide still on dvc?", *_VER),
    ("x20", "datever/ja>mixed/question", TIDE, "tide のデータのバージョン管理は何を使っている？", *_VER),
    # --- cache: two agents on the same day, the later one wins
    ("x21", "cache/en>zh/task", QUILL, "set up the cache for the new tax-rate lookup like we agreed", *_CACHE),
    ("x22", "cache/en>zh/question", QUILL, "Which cache does quill use for exchange rates?", *_CACHE),
    ("x23", "cache/zh>zh/question", QUILL, "quill 的汇率缓存最后用的是 Caffeine 还是 Redis？", *_CACHE),
    ("x24", "cache/ja>zh/question", QUILL, "quill の為替レートのキャッシュは結局何になった？", *_CACHE),
    ("x25", "cache/en>zh/typo", QUILL, "quill cahce for exchnage rates?", *_CACHE),
    # --- plot: a partial move said by a mixed-language memory
    ("x26", "plot/mixed>mixed/question", TIDE, "tide notebook 里画图现在用什么 library？", *_PLOT),
    ("x27", "plot/en>mixed/question", TIDE, "Which plotting library should I use in tide's notebooks?", *_PLOT),
    ("x28", "plot/zh>mixed/task", TIDE, "给 tide 新的 notebook 画一条留存曲线，按咱们现在的画图方案来。", *_PLOT),
    ("x29", "plot/ja>mixed/question", TIDE, "tide のノートブックのグラフは何で描くことになった？", *_PLOT),
    # --- time and agents: quill
    ("y01", "t-quill/en>en/earlier-today", QUILL, "What did Codex change in quill earlier today?", ("qt1",), ("qt4",)),
    ("y02", "t-quill/en>en/last-friday", QUILL, "last friday what did claude code fix in quill", ("qt2",), ("qt3",)),
    ("y03", "t-quill/zh>en/last-month", QUILL, "上个月 quill 的数据库迁移改了什么？", ("qt3",), ("qt2",)),
    ("y04", "t-quill/zh>zh/three-days", QUILL, "大前天 Hermes 在 quill 里干了啥？", ("qt4",), ("qt1",)),
    ("y05", "t-quill/ja>en/today", QUILL, "今日 quill の OrderController を触ったのは誰？何のため？", ("qt1",), ("qt4",)),
    ("y06", "t-quill/en>en/last-week", QUILL, "what did we change in quill last week", ("qt2", "q-cache-2", "q-cache-1"), ("qt3", "qt4")),
    # --- time and agents: hoshi
    ("y07", "t-hoshi/ja>ja/day-before", HOSHI, "一昨日 hoshi で何を直した？", ("ht1",), ("ht4",)),
    ("y08", "t-hoshi/ja>ja/last-month", HOSHI, "先月 Codex が hoshi でやったことを教えて", ("ht2",), ("ht4",)),
    ("y09", "t-hoshi/en>ja/weekend", HOSHI, "What happened in hoshi over the weekend?", ("ht3",), ("ht1",)),
    ("y10", "t-hoshi/zh>ja/yesterday", HOSHI, "昨天 Codex 在 hoshi 里把 SearchBox 改了什么？", ("ht4",), ("ht1",)),
    ("y11", "t-hoshi/ja>ja/keigo", HOSHI, "お手数ですが、一昨日 Claude Code が hoshi の検索ボックスに加えた変更と、その理由をお教えいただけますか。", ("ht1",), ("ht4",)),
    # --- time and agents: tide
    ("y12", "t-tide/mixed>zh/two-weeks", TIDE, "two weeks ago 在 tide 里 churn notebook 改了什么？", ("tt1",), ("tt3",)),
    ("y13", "t-tide/en>en/earlier-today", TIDE, "What did Claude Code change in tide earlier today?", ("tt2",), ("tt1",)),
    ("y14", "t-tide/zh>zh/last-month", TIDE, "上个月 tide 的 churn notebook 做了什么改动？", ("tt3",), ("tt1",)),
    ("y15", "t-tide/ja>zh/last-month", TIDE, "先月 tide の churn ノートブックで何を変えた？", ("tt3",), ("tt1",)),
    # --- never discussed: near-miss words
    ("n01", "none-near/en/question", QUILL, "How is quill's Redis cache invalidated when an exchange rate is corrected by hand?", (), ()),
    ("n02", "none-near/zh/question", QUILL, "quill 的 jOOQ 代码生成是在哪个 Gradle task 里跑的？", (), ()),
    ("n03", "none-near/ja/question", HOSHI, "hoshi の Open Props のテーマカラーはどこで定義している？", (), ()),
    ("n04", "none-near/zh/question", TIDE, "tide 的 lakeFS 权限是怎么配置的？", (), ()),
    ("n05", "none-near/en/terse", TIDE, "tide retention confidence interval", (), ()),
    ("n06", "none-near/en/terse", QUILL, "quill flyway baseline", (), ()),
    ("n07", "none-near/mixed/question", QUILL, "quill 的 WebClient 有没有配 retry 和 circuit breaker？", (), ()),
    # --- never discussed: a library another project uses
    ("n11", "none-lib/en/question", HOSHI, "Does hoshi use Redis for anything?", (), ()),
    ("n12", "none-lib/ja/question", HOSHI, "hoshi で Plotly のグラフを使っている？", (), ()),
    ("n13", "none-lib/zh/question", QUILL, "quill 里有用 polars 吗？", (), ()),
    ("n14", "none-lib/en/question", TIDE, "Which Tailwind plugins does tide's report template use?", (), ()),
    # --- never discussed: an agent that never worked on the project
    ("n21", "none-agent/en/question", QUILL, "What did Cursor change in quill yesterday?", (), ()),
    ("n22", "none-agent/ja/question", HOSHI, "先週 Hermes は hoshi で何をした？", (), ()),
    ("n23", "none-agent/zh/question", TIDE, "上周 Codex 在 tide 里改了什么？", (), ()),
    # --- never discussed: a day nothing happened there
    ("n31", "none-time/en/question", QUILL, "What did we do in quill over the weekend?", (), ()),
    ("n32", "none-time/zh/question", TIDE, "昨天 tide 有什么改动？", (), ()),
    ("n33", "none-time/ja/question", HOSHI, "3日前に hoshi で何か変更した？", (), ()),
    ("n34", "none-time/en/question", TIDE, "what changed in tide last friday", (), ()),
    # --- never discussed: task prompts, colloquial
    ("n41", "none-task/en/task", QUILL, "Add a GraphQL endpoint for invoices to quill.", (), ()),
    ("n42", "none-task/zh/task", TIDE, "给 tide 加一个 Airflow DAG，每天早上自动跑 churn notebook。", (), ()),
    ("n43", "none-task/ja/task", HOSHI, "hoshi に PWA のオフライン対応を入れてください。", (), ()),
    ("n44", "none-task/en/agreed", QUILL, "set up the feature flags like we agreed", (), ()),
    ("n45", "none-task/zh/colloquial", QUILL, "咱们 quill 那个限流方案是啥来着？", (), ()),
    # --- controls: answerable, the one note that says it
    ("c01", "control/en/question", QUILL, "How does quill format its API error responses?", ("q-fill-1",), ()),
    ("c02", "control/zh/question", QUILL, "quill 的接口报错返回什么格式？", ("q-fill-1",), ()),
    ("c03", "control/ja/question", HOSHI, "hoshi はどこにデプロイしていますか？", ("h-fill-1",), ()),
    ("c04", "control/en/terse", HOSHI, "where is hoshi deployed", ("h-fill-1",), ()),
    ("c05", "control/zh/question", TIDE, "tide 的 notebook 在 CI 里是怎么跑的？", ("d-fill-1",), ()),
    ("c06", "control/en/terse", TIDE, "tide papermill ci", ("d-fill-1",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Held out: every question about `HELD_TOPICS`, and the families whose salted sha256 has an
    even first byte (`split.by_family`, salt `round15`: fixed when the set was written)."""
    return split.by_family("round15", family, HELD_TOPICS)
