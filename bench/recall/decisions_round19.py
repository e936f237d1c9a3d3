# ruff: noqa: E501  (data: CJK text counts double width)
"""A twelfth set, written before any tuning that uses it: decisions recorded in places the
earlier sets never put them, asked in phrasings they never used (inside a longer task, in
pinyin with typos, in Japanese about Chinese notes whose kanji mean something else, "what's the
current X", the reason only), time asked late on a Sunday night in Berlin, the night the clocks
went back, and never-discussed questions that sit next to what the vault holds.

Two new projects (kestrel, a Laravel/PHP shop backend written about in English and Chinese;
marlin, a Unity/C# game written about in Chinese and Japanese), notes of every kind (session
logs replayed through the real hook as Claude Code, Codex, Gemini CLI, Hermes and Cursor at
their own time; L2 memories; plain notes a person wrote). New shapes:

- **a decision in a PR description pasted into a session** (Algolia -> Meilisearch through
  Laravel Scout): the person asks the agent to tidy the wording; the agent's closing message
  says only that it reads fine, replacing a person's plain note (search);
- **a decision in a `.env.example` comment** an edit wrote (`# Queue: Redis via Horizon since
  Sep 2029 ...`), the closing message saying only that the file is updated, replacing a Codex
  session that chose the database driver (queue);
- **a decision in a person's weekly review note** (`## Decided` of `notes/weekly/2029-W40
  review.md`: Stripe -> Mollie), replacing a Chinese Hermes session (payments);
- **a decision in a Cursor session**: a Japanese prompt and the edits it made; Cursor records
  no closing words, so nothing says it in prose (Input Manager -> Input System) (input);
- **Japanese questions about Chinese notes whose kanji mean something else in Chinese**: 設定画面
  (a settings screen) asked of a Chinese memory that says 设置界面, beside a Chinese note on the
  game's 角色设定 (character lore) and 画面 style and a session about 画面撕裂 (screen tearing)
  (ui).

New phrasing: a question inside a longer task prompt ("I'm adding a job ... Before you write
it, which queue backend ..."), Chinese in pinyin without tones, some with typos (zhfiu,
algolai), "what's the current X", the reason only ("只说原因", "理由だけ"). Time asked at `NOW`,
Sunday 2029-10-28 at 23:40 in Europe/Berlin, the day summer time ended (03:00 CEST became 02:00
CET) and three days before the month ends: last night (early Sunday, still CEST), yesterday,
this weekend, on Monday, tonight, earlier tonight, at the end of last month, on Friday, two
weeks ago in pinyin, 周日凌晨, a night nothing happened, early this month.

Never-discussed questions (kinds `none-near`, `none-pinyin`, `none-false-friend`,
`none-reason`, `none-time`, `none-agent`, `none-path`): near-miss words and a question inside a
task, pinyin, a Japanese question whose kanji only a Chinese note shares (in another meaning),
a reason for a move never made, a night and a part of the month nothing happened, an agent that
never worked there, a path nobody touched; controls (`control`) are answerable, each by the one
note that says it.

Every question is asked at `NOW` (Sunday 2029-10-28, 23:40, Europe/Berlin). Families are topic
or kind / language pair / style. Held out: every question about `HELD_TOPICS`, and of every
other family, those whose salted sha256 has an even first byte (`split_of`), fixed when the set
was written. `python -m bench.recall.newest --set round19`.
"""

from __future__ import annotations

from typing import Any

from bench.recall import split
from bench.recall.decisions import bash, edit, single_turn
from bench.recall.decisions_round13 import memory

NAME = "decisions-round19"
NOW = "2029-10-28T23:40:00+01:00"
TZ = "Europe/Berlin"

KESTREL = "/home/dev/src/kestrel"
MARLIN = "/home/dev/src/marlin"


def text(raw: str) -> str:
    return raw.replace("{KESTREL}", KESTREL).replace("{MARLIN}", MARLIN)


_PR = """Can you tidy the wording of this PR description before I open it? Don't change what it says.

## Scout: Algolia -> Meilisearch

### Why
Algolia bills per record and our catalogue tripled this year; the search bill is now more than the servers. Meilisearch runs self-hosted next to kestrel on the same Forge box, typo tolerance is as good for product names, and we keep Laravel Scout so the models do not change.

### Changes
- SCOUT_DRIVER=meilisearch, MEILISEARCH_HOST in config
- config/scout.php: index settings for products (filterable: brand, price, in_stock; sortable: price)
- composer: add meilisearch/meilisearch-php, remove algolia/algoliasearch-client-php
- a one-off `php artisan scout:import "App\\Models\\Product"` after deploy

### Rollback
Set SCOUT_DRIVER back and re-import; the Algolia index is kept until November."""

SESSIONS: list[dict[str, Any]] = [
    # --- search (kestrel): Algolia (a person's note) -> Meilisearch (a PR description pasted)
    single_turn(
        "k-search-2",
        "claude-code",
        KESTREL,
        "2029-08-19T11:00:00",
        _PR,
        [],
        "Tidied it: shorter Why section, two typos fixed, the rollback step made a list item. It reads fine now.",
    ),
    # --- queue (kestrel): the database driver (Codex) -> Redis, said in a .env.example comment
    single_turn(
        "k-queue-1",
        "codex",
        KESTREL,
        "2029-03-04T10:00:00",
        "kestrel needs a queue for order confirmation emails. Use Laravel's database driver, I don't want more infrastructure yet.",
        [
            bash(
                "php artisan queue:table && php artisan migrate",
                "Migrated: 2029_03_04_create_jobs_table",
            ),
            edit(f"{KESTREL}/.env", "QUEUE_CONNECTION=sync", "QUEUE_CONNECTION=database"),
        ],
        "kestrel's queue uses the database driver now (jobs table migrated, QUEUE_CONNECTION=database); OrderConfirmed mails are queued.",
    ),
    single_turn(
        "k-queue-2",
        "gemini",
        KESTREL,
        "2029-09-12T16:00:00",
        "Bring kestrel's .env.example up to date with what production actually uses.",
        [
            edit(
                f"{KESTREL}/.env.example",
                "QUEUE_CONNECTION=database",
                "# Queue: Redis via Horizon since Sep 2029. The database driver locked the jobs table under checkout load.\nQUEUE_CONNECTION=redis\nREDIS_QUEUE=default",
            )
        ],
        "Updated .env.example.",
    ),
    # --- payments (kestrel): Stripe (a Chinese Hermes session) -> Mollie (a weekly review note)
    single_turn(
        "k-pay-1",
        "hermes",
        KESTREL,
        "2029-01-15T14:00:00",
        "kestrel 接入 Stripe Checkout 做付款，先支持信用卡。",
        [
            edit(
                f"{KESTREL}/app/Http/Controllers/CheckoutController.php",
                "",
                "$session = $stripe->checkout->sessions->create([...]);",
            )
        ],
        "Stripe Checkout 已接好：CheckoutController.php 创建 checkout session，webhook 处理 checkout.session.completed 后把订单标成已付款。",
    ),
    # --- input (marlin): the old Input Manager (a Chinese session) -> Input System (Cursor)
    single_turn(
        "m-input-1",
        "claude-code",
        MARLIN,
        "2029-02-20T20:00:00",
        "marlin 的角色移动先用 Unity 自带的 Input Manager（Input.GetAxis）做，手柄以后再说。",
        [
            edit(
                f"{MARLIN}/Assets/Scripts/Player/PlayerMove.cs",
                "",
                'float h = Input.GetAxis("Horizontal");\nfloat v = Input.GetAxis("Vertical");',
            )
        ],
        "角色移动用 Unity 旧的 Input Manager（Input.GetAxis）实现了，在 PlayerMove.cs 里。",
    ),
    single_turn(
        "m-input-2",
        "cursor",
        MARLIN,
        "2029-07-08T22:00:00",
        "marlin の入力を新しい Input System パッケージに移行して。ゲームパッドとキーのリバインドに対応したいので、旧 Input Manager は無効にして。",
        [
            edit(
                f"{MARLIN}/Packages/manifest.json",
                '"dependencies": {',
                '"dependencies": {\n    "com.unity.inputsystem": "1.8.2",',
            ),
            edit(
                f"{MARLIN}/ProjectSettings/ProjectSettings.asset",
                "activeInputHandler: 0",
                "activeInputHandler: 1",
            ),
            edit(
                f"{MARLIN}/Assets/Scripts/Player/PlayerMove.cs",
                'float h = Input.GetAxis("Horizontal");',
                "Vector2 move = controls.Player.Move.ReadValue<Vector2>();",
            ),
        ],
        "",
    ),
    # --- ui (marlin): UGUI (a Japanese Codex session) -> UI Toolkit (a Chinese memory)
    single_turn(
        "m-ui-1",
        "codex",
        MARLIN,
        "2029-03-18T15:00:00",
        "marlin の設定画面を作って。UGUI（Canvas）でいいです。",
        [
            edit(
                f"{MARLIN}/Assets/Scripts/UI/SettingsPanel.cs",
                "",
                "public class SettingsPanel : MonoBehaviour { [SerializeField] Canvas canvas; }",
            )
        ],
        "設定画面を UGUI で作りました（SettingsCanvas.prefab と SettingsPanel.cs）。音量と解像度の項目があります。",
    ),
    # --- time (kestrel, marlin): asked on Sunday 2029-10-28 at 23:40, Europe/Berlin
    single_turn(
        "tk1",
        "claude-code",
        KESTREL,
        "2029-10-28T01:30:00",
        "kestrel's Horizon dashboard returns 403 for admins in production.",
        [
            edit(
                f"{KESTREL}/app/Providers/HorizonServiceProvider.php",
                "return in_array($user->email, []);",
                "return $user->hasRole('admin');",
            )
        ],
        "Fixed: the viewHorizon gate in HorizonServiceProvider.php allowed nobody outside local; it now lets users with the admin role in.",
    ),
    single_turn(
        "tk2",
        "codex",
        KESTREL,
        "2029-10-27T15:00:00",
        "kestrel 订单列表页很慢，我看了一下像是 N+1 查询。",
        [
            edit(
                f"{KESTREL}/app/Http/Controllers/OrderController.php",
                "Order::latest()->paginate(50)",
                "Order::with(['items', 'customer'])->latest()->paginate(50)",
            )
        ],
        "订单列表用 with(['items', 'customer']) 预加载，OrderController.php 的查询从 101 条降到 3 条。",
    ),
    single_turn(
        "tk3",
        "gemini",
        KESTREL,
        "2029-10-22T10:00:00",
        "Add rate limiting to kestrel's login route, we're seeing credential stuffing.",
        [
            edit(
                f"{KESTREL}/routes/web.php",
                "Route::post('/login', [LoginController::class, 'store']);",
                "Route::post('/login', [LoginController::class, 'store'])->middleware('throttle:login');",
            )
        ],
        "The login route is throttled now (routes/web.php, throttle:login: 5 attempts a minute per email and IP, defined in AppServiceProvider).",
    ),
    single_turn(
        "tm1",
        "hermes",
        MARLIN,
        "2029-10-28T21:15:00",
        "marlin 镜头转动的时候画面撕裂很明显。",
        [edit(f"{MARLIN}/Assets/Scripts/Boot/Bootstrap.cs", "", "QualitySettings.vSyncCount = 1;")],
        "开了垂直同步（Bootstrap.cs 里 QualitySettings.vSyncCount = 1），转镜头时画面不再撕裂。",
    ),
    single_turn(
        "tm2",
        "claude-code",
        MARLIN,
        "2029-09-30T22:00:00",
        "marlin 退出游戏的时候存档偶尔会损坏。",
        [
            edit(
                f"{MARLIN}/Assets/Scripts/Save/SaveSystem.cs",
                "File.WriteAllText(path, json);",
                'File.WriteAllText(path + ".tmp", json);\nFile.Replace(path + ".tmp", path, path + ".bak");',
            )
        ],
        "存档先写到 .tmp 再用 File.Replace 换掉旧文件（SaveSystem.cs），退出时被打断也不会留下写了一半的存档。",
    ),
    single_turn(
        "tm3",
        "codex",
        MARLIN,
        "2029-10-26T18:00:00",
        "marlin で効果音がプチプチ鳴ります。",
        [
            edit(
                f"{MARLIN}/Assets/Scripts/Audio/AudioPool.cs",
                "var source = gameObject.AddComponent<AudioSource>();",
                "var source = pool.Get();",
            )
        ],
        "効果音ごとに AudioSource を作っていたのをプールにしました（AudioPool.cs）。プチプチ音は出なくなりました。",
    ),
    single_turn(
        "tm4",
        "gemini",
        MARLIN,
        "2029-10-14T11:00:00",
        "marlin 加日语本地化，用 Unity 的 Localization 包。",
        [edit(f"{MARLIN}/Assets/Localization/StringTables/UI_ja.asset", "", "m_Locale: ja")],
        "加了日语的 String Table（UI_ja.asset），菜单和对话都能切换成日语。",
    ),
]

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- search: the older decision, a person's plain note
    (
        "k-search-1",
        "notes/kestrel search.md",
        "2029-02-10T19:00:00",
        """# kestrel search

Product search uses Algolia through Laravel Scout (SCOUT_DRIVER=algolia). Products are indexed on save; the storefront uses InstantSearch for the search box.
""",
    ),
    # --- payments: a person's weekly review note, the decision under ## Decided
    (
        "k-pay-2",
        "notes/weekly/2029-W40 review.md",
        "2029-10-07T21:00:00",
        """---
created: 2029-10-07
---
# Weekly review 2029-W40

## Went well
- Horizon dashboard is useful, queue waits visible at last
- two days without a support ticket about delivery dates

## Didn't
- spent Thursday on a flaky browser test

## Decided
- kestrel payments move from Stripe to Mollie: most orders are from NL and DE, iDEAL and SEPA cost less there, and Stripe's payout delays hurt cash flow. Stripe stays only for the old subscriptions until they renew.

## Next week
- Mollie webhooks and the refund flow
""",
    ),
    # --- ui: the newer decision, a Chinese memory (设置界面, never 设定 or 画面)
    (
        "m-ui-2",
        "memories/L2-confirmed/marlin 设置界面.md",
        "2029-06-02T21:00:00",
        memory("{MARLIN}", "2029-06-02T21:00:00+02:00")
        + """
# marlin 设置界面

marlin 的设置界面和所有菜单改用 UI Toolkit（UXML + USS），不再用 UGUI 的 Canvas：UGUI 在 4K 下缩放发糊，布局也难维护。SettingsPanel.cs 现在加载 Settings.uxml。
""",
    ),
    # --- ui: a Chinese note whose kanji a Japanese question shares in another meaning
    (
        "m-lore",
        "notes/marlin 角色设定.md",
        "2029-04-11T20:00:00",
        """# marlin 角色设定

主角阿澜：渔村长大的少女，能听懂鱼说话。画面风格：水彩、低饱和，夜晚的海要比白天亮。
反派不是人，是一场一直不停的雨。
""",
    ),
    # --- fillers (answerable controls)
    (
        "k-fill-1",
        "memories/L2-confirmed/kestrel stack.md",
        "2029-01-08T10:00:00",
        memory("{KESTREL}", "2029-01-08T10:00:00+01:00")
        + """
# kestrel stack

kestrel runs PHP 8.3 with Laravel 11 on two servers provisioned by Forge (Hetzner, Falkenstein); deploys are zero-downtime through Envoyer.
""",
    ),
    (
        "m-fill-1",
        "notes/marlin 构建.md",
        "2029-05-20T20:00:00",
        """# marlin 构建

marlin 的构建用 GameCI（unity-builder）在 GitHub Actions 上跑，Windows 和 macOS 两个 target，产物自动传到 Steam 的 beta 分支。
""",
    ),
]

TOPICS = ("search", "queue", "payments", "input", "ui", "t-kestrel", "t-marlin")
HELD_TOPICS = frozenset({"payments", "input"})
PROJECT_OF = {"search": KESTREL, "queue": KESTREL, "payments": KESTREL, "input": MARLIN,
              "ui": MARLIN, "t-kestrel": KESTREL, "t-marlin": MARLIN}  # fmt: skip

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_SEARCH = (("k-search-2",), ("k-search-1",))
_QUEUE = (("k-queue-2",), ("k-queue-1",))
_PAY = (("k-pay-2",), ("k-pay-1",))
_INPUT = (("m-input-2",), ("m-input-1",))
_UI = (("m-ui-2",), ("m-ui-1",))

# (qid, family, asked from, question, answer, older or other answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- search: a PR description pasted into a session
    ("y01", "search/en>en/current", KESTREL, "What's the current search backend for kestrel?", *_SEARCH),
    ("y02", "search/zh>en/task-embedded", KESTREL, "我要给 kestrel 的商品列表加一个按品牌过滤的功能。先确认一下现在商品搜索走的是哪个服务，然后帮我把 filterable attributes 配好。", *_SEARCH),
    ("y03", "search/pinyin>en/typo", KESTREL, "kestrel xianzai de sousuo yong de shi shenme? haishi algolai ma", *_SEARCH),
    ("y04", "search/ja>en/reason", KESTREL, "kestrel の商品検索を乗り換えた理由だけ教えて", *_SEARCH),
    # --- queue: a .env.example comment an edit wrote
    ("y05", "queue/en>en/current", KESTREL, "what's the current queue connection in kestrel", *_QUEUE),
    ("y06", "queue/en>en/task-embedded", KESTREL, "I'm adding a job that emails invoice PDFs after checkout in kestrel. Before you write it, tell me which queue backend it will run on, and whether I should set tries and backoff on it.", *_QUEUE),
    ("y07", "queue/zh>en/reason", KESTREL, "kestrel 的队列为什么不用 database driver 了？只说原因。", *_QUEUE),
    ("y08", "queue/pinyin>en/question", KESTREL, "kestrel de duilie xianzai yong nage", *_QUEUE),
    # --- payments: a person's weekly review note (held out)
    ("y09", "payments/en>en/current", KESTREL, "What's the current payment provider for kestrel?", *_PAY),
    ("y10", "payments/zh>en/reason", KESTREL, "kestrel 支付换掉 Stripe 的原因是什么？", *_PAY),
    ("y11", "payments/ja>en/task-embedded", KESTREL, "kestrel の返金処理を実装してください。その前に、今どの決済サービスを使っているか確認して、その API に合わせてください。", *_PAY),
    ("y12", "payments/pinyin>en/typo", KESTREL, "kestrel zhfiu xianzai hai shi stripe ma", *_PAY),
    # --- input: a Cursor session, no closing words (held out)
    ("y13", "input/en>ja/current", MARLIN, "What's the current input handling in marlin, still the old Input Manager?", *_INPUT),
    ("y14", "input/zh>ja/question", MARLIN, "marlin 现在用的是哪个输入系统？", *_INPUT),
    ("y15", "input/ja>ja/reason", MARLIN, "marlin で Input System に移った理由は？", *_INPUT),
    ("y16", "input/pinyin>ja/typo", MARLIN, "marlin shuru xitong xianzai shi nage", *_INPUT),
    # --- ui: Japanese kanji that mean something else in the Chinese notes
    ("y17", "ui/ja>zh/false-friend", MARLIN, "marlin の設定画面は今どの UI の仕組みで作っていますか？", *_UI),
    ("y18", "ui/en>zh/current", MARLIN, "What's the current UI framework for marlin's settings screen?", *_UI),
    ("y19", "ui/zh>zh/reason", MARLIN, "marlin 设置界面为什么不用 UGUI 了？", *_UI),
    ("y20", "ui/ja>zh/task-embedded", MARLIN, "marlin の設定画面に音量スライダーを追加してください。今の UI の作り方（UGUI か UI Toolkit か）に合わせて書いてね。", *_UI),
    # --- time and agents: asked on Sunday 2029-10-28 at 23:40, Europe/Berlin (CET since 03:00)
    ("v01", "t-kestrel/en>en/last-night-agent", KESTREL, "What did Claude Code fix in kestrel last night?", ("tk1",), ("tk2",)),
    ("v02", "t-kestrel/zh>zh/yesterday", KESTREL, "昨天 kestrel 改了什么？", ("tk2",), ("tk3",)),
    ("v03", "t-kestrel/ja>en/weekday", KESTREL, "月曜日に kestrel で何をしましたか？", ("tk3",), ("tk2",)),
    ("v04", "t-kestrel/en>mixed/this-weekend-task", KESTREL, "I'm writing kestrel's changelog. First list what changed this weekend, then draft the entries.", ("tk1", "tk2"), ("tk3",)),
    ("v05", "t-kestrel/zh>en/dst-night", KESTREL, "周日凌晨 kestrel 改了什么？", ("tk1",), ("tk2",)),
    ("v06", "t-marlin/zh>zh/tonight", MARLIN, "今晚 marlin 修了什么？", ("tm1",), ("tm3",)),
    ("v07", "t-marlin/ja>zh/end-of-last-month", MARLIN, "先月末に marlin で直したのは何？", ("tm2",), ("tm4",)),
    ("v08", "t-marlin/en>ja/friday-agent", MARLIN, "What did Codex change in marlin on Friday?", ("tm3",), ("tm1",)),
    ("v09", "t-marlin/pinyin>zh/two-weeks-ago", MARLIN, "liang zhou qian marlin gai le shenme", ("tm4",), ("tm1",)),
    ("v10", "t-marlin/en>zh/earlier-tonight-agent", MARLIN, "What did Hermes do in marlin earlier tonight?", ("tm1",), ("tm2",)),
    # --- never discussed: near-miss words, a question inside a task, pinyin
    ("n01", "none-near/en/current", KESTREL, "What's the current CDN for kestrel's product images?", (), ()),
    ("n02", "none-near/zh/task-embedded", KESTREL, "帮我给 kestrel 的 webhook 加重试。先告诉我现在验证 webhook 签名用的是哪个库？", (), ()),
    ("n03", "none-pinyin/pinyin/typo", MARLIN, "marlin de duowanjia wangluo ku yong de shi shenme", (), ()),
    # --- never discussed: kanji only a Chinese note shares, a reason for a move never made
    ("n04", "none-false-friend/ja/question", MARLIN, "marlin の画面遷移のアニメーションはどう作った？", (), ()),
    ("n05", "none-reason/en/reason", KESTREL, "Why did we drop GraphQL in kestrel? Just the reason.", (), ()),
    # --- never discussed: a night and a part of the month nothing happened, an agent, a path
    ("n06", "none-time/en/last-night", MARLIN, "What changed in marlin last night?", (), ()),
    ("n07", "none-time/ja/early-this-month", MARLIN, "今月の初めに marlin で何か作業した？", (), ()),
    ("n08", "none-agent/zh/question", KESTREL, "Cursor 在 kestrel 里做过什么？", (), ()),
    ("n09", "none-path/en/path-only", MARLIN, "Assets/Scripts/Net/LobbyClient.cs", (), ()),
    # --- controls: answerable, the one note that says it
    ("c01", "control/en/current", KESTREL, "What's the current PHP version kestrel runs on?", ("k-fill-1",), ()),
    ("c02", "control/ja>zh/question", MARLIN, "marlin のビルドはどこで回してる？", ("m-fill-1",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Held out: every question about `HELD_TOPICS`, and the families whose salted sha256 has an
    even first byte (`split.by_family`, salt `round19`: fixed when the set was written)."""
    return split.by_family("round19", family, HELD_TOPICS)
