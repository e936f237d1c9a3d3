# ruff: noqa: E501  (data: CJK text counts double width)
"""A ninth set, written before any tuning that uses it: decisions recorded in places the earlier
sets never put them, asked in shapes and languages they never used, time questions asked just
after midnight, and never-discussed questions that name files, commands and empty days.

Three new projects (fjord, a FastAPI service written about in English and Korean; kumo, a React
Native app written about in Japanese; lantern, a Rust command-line tool written about in Chinese
and in Chinese mixed with English), notes of every kind (session logs replayed through the real
hook as Claude Code, Codex, Gemini CLI and Hermes at their own time; L2 memories; plain notes a
person wrote; a skill draft). New shapes:

- **a decision recorded only in a skill draft** (`skills/drafts/fjord-release/SKILL.md`, the
  weekly learning run's format): releases by a tag and PyPI trusted publishing, replacing a
  manual `twine upload` a session did (release);
- **a replacement said only in a commit message inside a shell command** (`git commit -m ...`):
  the session was asked to silence build warnings and its closing message only says it is done
  (errors);
- **a decision in one row of a Markdown table** inside a person's dependency note, replacing
  what a session set up (argparse crate: clap -> argh) (table);
- **a decision written in Korean** (an L2 memory) replacing an English session (queue: Celery
  -> Dramatiq);
- **a command's meaning replaced**: what `make fmt` runs (black + isort -> ruff format), two
  sessions editing the Makefile (fmt);
- **Japanese notes asked about in English, Chinese and Korean**: state management (Redux Toolkit
  -> Zustand, two Japanese sessions of two agents) and navigation (React Navigation -> Expo
  Router, a Japanese memory) (state, nav).

New phrasing: questions with typos (several in one question), terse noun phrases, questions
that name a file or a command (`Makefile`, `make fmt`, `black .`, `Cargo.toml`), long Chinese
task prompts of several sentences, questions in Korean, questions in Chinese and English mixed
word by word. Time questions asked at `NOW`, twenty minutes after midnight: "yesterday" is the
day that just ended, a session at 07:30 local time is on the day before in UTC, "last night"
spans midnight, "just now" / 刚才 / さっき / 방금, Korean windows (어제, 그저께, 지난주), "since
Monday", a date written as 11月15日 (topics `t-fjord`, `t-kumo`, `t-lantern`; several agents on
the same files around midnight; the gold is the session asked for, the "older" ones those of
the same files or agent outside the window).

Never-discussed questions (kinds `none-file`, `none-cmd`, `none-near`, `none-time`,
`none-agent`, `none-task`, `none-ko`): a file or a command never touched, near-miss words, a day
nothing happened (also "last night" where nothing happened), an agent that never worked there,
task prompts, Korean questions; controls (`control`) are answerable, each by the one note that
says it.

Every question is asked at `NOW` (Thursday 2027-11-18, 00:20, Asia/Shanghai). Families are
topic or kind / language pair / style. Held out: every question about `HELD_TOPICS`, and of
every other family, those whose salted sha256 has an even first byte (`split_of`), fixed when
the set was written. `python -m bench.recall.newest --set round16`.
"""

from __future__ import annotations

from typing import Any

from bench.recall import split
from bench.recall.decisions import bash, edit, single_turn
from bench.recall.decisions_round13 import memory

NAME = "decisions-round16"
NOW = "2027-11-18T00:20:00+08:00"
TZ = "Asia/Shanghai"

FJORD = "/home/dev/src/fjord"
KUMO = "/home/dev/src/kumo"
LANTERN = "/home/dev/src/lantern"


def text(raw: str) -> str:
    return raw.replace("{FJORD}", FJORD).replace("{KUMO}", KUMO).replace("{LANTERN}", LANTERN)


SESSIONS: list[dict[str, Any]] = [
    # --- queue (fjord): Celery (en session) -> Dramatiq (a Korean memory)
    single_turn(
        "f-queue-1",
        "claude-code",
        FJORD,
        "2027-06-08T10:00:00",
        "fjord needs background jobs for sending receipts and resizing uploads. Set up Celery with Redis as the broker.",
        [
            bash("uv add 'celery[redis]'", "Resolved 14 packages"),
            edit(
                f"{FJORD}/fjord/worker.py", "", "app = Celery('fjord', broker=settings.redis_url)"
            ),
        ],
        "Celery is set up (fjord/worker.py) with Redis as the broker; send_receipt and resize_upload are tasks now. Run the worker with `celery -A fjord.worker worker`.",
    ),
    # --- fmt (fjord): make fmt = black + isort -> ruff format
    single_turn(
        "f-fmt-1",
        "codex",
        FJORD,
        "2027-04-02T11:00:00",
        "Add a make target that formats fjord's code.",
        [edit(f"{FJORD}/Makefile", "", "fmt:\n\tblack fjord tests\n\tisort fjord tests")],
        "Added `make fmt` to the Makefile: it runs black, then isort with the black profile, on fjord/ and tests/.",
    ),
    single_turn(
        "f-fmt-2",
        "gemini",
        FJORD,
        "2027-10-14T16:00:00",
        "make fmt takes 40 seconds on fjord now. Can it be faster?",
        [
            edit(
                f"{FJORD}/Makefile",
                "fmt:\n\tblack fjord tests\n\tisort fjord tests",
                "fmt:\n\truff format fjord tests\n\truff check --select I --fix fjord tests",
            ),
            bash("uv remove --dev black isort", "Removed 2 packages"),
        ],
        "`make fmt` runs ruff now (ruff format, and ruff's import sorting in place of isort): under a second. black and isort are gone from the dev dependencies.",
    ),
    # --- release (fjord): manual twine upload (session) -> skill draft (tag + trusted publishing)
    single_turn(
        "f-rel-1",
        "hermes",
        FJORD,
        "2027-05-20T15:00:00",
        "Publish fjord-client 0.4.0 to PyPI.",
        [
            bash("python -m build", "Successfully built fjord_client-0.4.0.tar.gz"),
            bash("twine upload dist/*", "View at: https://pypi.org/project/fjord-client/0.4.0/"),
        ],
        "fjord-client 0.4.0 is on PyPI: built with python -m build and uploaded with twine using the API token in ~/.pypirc.",
    ),
    # --- state (kumo): Redux Toolkit -> Zustand, two Japanese sessions of two agents
    single_turn(
        "k-state-1",
        "claude-code",
        KUMO,
        "2027-03-10T10:00:00",
        "kumo のグローバルな状態管理を入れたい。Redux Toolkit でセットアップして。",
        [
            bash("npm install @reduxjs/toolkit react-redux", "added 8 packages"),
            edit(
                f"{KUMO}/src/store/index.ts", "", "export const store = configureStore({ reducer })"
            ),
        ],
        "Redux Toolkit を導入しました（src/store/index.ts、cartSlice と authSlice）。画面からは useSelector / useDispatch で使います。",
    ),
    single_turn(
        "k-state-2",
        "codex",
        KUMO,
        "2027-08-25T14:00:00",
        "kumo の Redux はボイラープレートが多すぎる。cart と auth を Zustand のストアに書き換えて、Redux は外して。",
        [
            edit(f"{KUMO}/src/store/cart.ts", "createSlice({", "create<CartState>()((set) => ({"),
            edit(f"{KUMO}/src/store/auth.ts", "createSlice({", "create<AuthState>()((set) => ({"),
            bash("npm uninstall @reduxjs/toolkit react-redux", "removed 8 packages"),
        ],
        "状態管理を Zustand に移行しました（src/store/cart.ts、src/store/auth.ts）。Provider は不要になり、Redux Toolkit と react-redux は削除しました。",
    ),
    # --- nav (kumo): React Navigation (ja session) -> Expo Router (ja memory)
    single_turn(
        "k-nav-1",
        "gemini",
        KUMO,
        "2027-02-18T10:00:00",
        "kumo の画面遷移を React Navigation のスタックとタブで組んで。",
        [edit(f"{KUMO}/src/navigation/RootNavigator.tsx", "", "createNativeStackNavigator()")],
        "React Navigation でスタックとボトムタブを組みました（src/navigation/RootNavigator.tsx）。ディープリンクは linking 設定で対応しています。",
    ),
    # --- errors (lantern): anyhow everywhere (zh) -> thiserror in the library, only in a commit message
    single_turn(
        "l-err-1",
        "claude-code",
        LANTERN,
        "2027-05-06T10:00:00",
        "lantern 的错误处理统一一下，全部用 anyhow，main 里打印完整的错误链。",
        [
            bash("cargo add anyhow", "Adding anyhow v1.0.86"),
            edit(f"{LANTERN}/src/lib.rs", "Result<T, Box<dyn Error>>", "anyhow::Result<T>"),
        ],
        "lantern 全部改成 anyhow::Result 了（src/lib.rs、src/main.rs），main 里用 {:#} 打印完整错误链。",
    ),
    {
        "id": "l-err-2",
        "agent": "codex",
        "project": LANTERN,
        "start": "2027-09-21T15:00:00",
        "turns": [
            (
                "cargo build 在 lantern 里有一堆 warning，清理一下。",
                [
                    edit(
                        f"{LANTERN}/src/error.rs",
                        "",
                        "#[derive(Debug, thiserror::Error)]\npub enum LanternError {",
                    ),
                    edit(f"{LANTERN}/src/lib.rs", "anyhow::Result<T>", "Result<T, LanternError>"),
                    bash("cargo build", "Finished dev [unoptimized + debuginfo] target(s)"),
                    bash(
                        "git commit -am 'errors: library returns typed errors (thiserror LanternError) instead of anyhow; anyhow stays in main.rs only'",
                        "[main 9c2d1e0] errors: library returns typed errors",
                    ),
                ],
                "好了，warning 都清掉了，已提交。",
            )
        ],
    },
    # --- table (lantern): clap (session) -> argh (a row of a person's dependency table)
    single_turn(
        "l-cli-1",
        "hermes",
        LANTERN,
        "2027-04-15T10:00:00",
        "lantern 的命令行参数用 clap 的 derive 来写。",
        [
            bash("cargo add clap --features derive", "Adding clap v4.5.4"),
            edit(f"{LANTERN}/src/main.rs", "", "#[derive(Parser)]\nstruct Args {"),
        ],
        "参数解析改成 clap derive 了（src/main.rs 的 Args），--help 自动生成。",
    ),
    # --- time (fjord): several agents on the same files around midnight
    single_turn(
        "ft5",
        "codex",
        FJORD,
        "2027-11-15T10:00:00",
        "fjord's /healthz returns 200 even when the database is down. Make it check the DB.",
        [
            edit(
                f"{FJORD}/fjord/api/health.py",
                "return {'ok': True}",
                "await db.execute('SELECT 1')",
            )
        ],
        "/healthz now runs SELECT 1 against the database and returns 503 when it fails (fjord/api/health.py).",
    ),
    single_turn(
        "ft4",
        "gemini",
        FJORD,
        "2027-11-16T23:50:00",
        "fjord 웹훅 서명 검증이 가끔 실패해요. 원인 찾아서 고쳐 주세요.",
        [
            edit(
                f"{FJORD}/fjord/api/webhooks.py",
                "hmac.new(secret, await request.body()",
                "hmac.new(secret, raw_body",
            )
        ],
        "웹훅 서명 검증을 고쳤습니다（fjord/api/webhooks.py）: 본문을 JSON으로 다시 직렬화한 뒤 서명을 계산해서 가끔 어긋났습니다. 이제 받은 원본 바이트로 계산합니다.",
    ),
    single_turn(
        "ft3",
        "hermes",
        FJORD,
        "2027-11-17T07:30:00",
        "fjord's receipt emails show the amount in cents. Format it as money.",
        [
            edit(
                f"{FJORD}/fjord/templates/receipt.html",
                "{{ amount }}",
                "{{ amount | money(currency) }}",
            )
        ],
        "Receipts format the amount with a money filter now (fjord/templates/receipt.html, fjord/filters.py): 1999 -> $19.99, with the currency's own decimals.",
    ),
    single_turn(
        "ft1",
        "codex",
        FJORD,
        "2027-11-17T23:40:00",
        "POST /webhooks in fjord answers 422 for Stripe's test events. Fix it.",
        [
            edit(
                f"{FJORD}/fjord/api/webhooks.py",
                "event: StripeEvent",
                "event: StripeEvent | StripeTestEvent",
            )
        ],
        "POST /webhooks accepts Stripe's test events now (fjord/api/webhooks.py): livemode=false events have no account field, which the model required, hence the 422.",
    ),
    single_turn(
        "ft2",
        "claude-code",
        FJORD,
        "2027-11-18T00:05:00",
        "Add a retry with backoff to fjord's outgoing webhook deliveries.",
        [
            edit(
                f"{FJORD}/fjord/delivery.py",
                "await client.post(url",
                "await post_with_retry(client, url",
            )
        ],
        "Outgoing webhook deliveries retry now: three attempts with exponential backoff (1 s, 4 s, 16 s) on 5xx and timeouts, in fjord/delivery.py.",
    ),
    # --- time (kumo)
    single_turn(
        "kt3",
        "codex",
        KUMO,
        "2027-11-10T15:00:00",
        "kumo の商品一覧の無限スクロールで同じ商品が二回出る。",
        [
            edit(
                f"{KUMO}/src/screens/ProductList.tsx",
                "keyExtractor={(_, i) => i}",
                "keyExtractor={(p) => p.id}",
            )
        ],
        "商品一覧（src/screens/ProductList.tsx）の重複を直しました。ページ境界で同じページを二回取得していたのと、key が index だったのが原因です。",
    ),
    single_turn(
        "kt1",
        "claude-code",
        KUMO,
        "2027-11-16T14:00:00",
        "kumo の Android でプッシュ通知をタップしてもアプリが開かない。",
        [edit(f"{KUMO}/app.json", '"intentFilters": []', '"intentFilters": [{"action": "VIEW"}]')],
        "Android で通知タップからアプリが開くようにしました（app.json の intentFilters、src/notifications.ts の応答ハンドラ）。",
    ),
    single_turn(
        "kt2",
        "gemini",
        KUMO,
        "2027-11-17T22:30:00",
        "kumo の商品一覧、スクロールがカクつく。",
        [
            edit(
                f"{KUMO}/src/screens/ProductList.tsx",
                "<FlatList",
                "<FlashList estimatedItemSize={96}",
            )
        ],
        "商品一覧（src/screens/ProductList.tsx）を FlatList から FlashList に替えました。低価格帯の Android 端末でも 60fps 近く出ます。",
    ),
    # --- time (lantern)
    single_turn(
        "lt3",
        "codex",
        LANTERN,
        "2027-11-08T10:00:00",
        "lantern 读大文件太慢了，改成流式读取。",
        [
            edit(
                f"{LANTERN}/src/reader.rs",
                "fs::read_to_string(path)?",
                "BufReader::new(File::open(path)?)",
            )
        ],
        "src/reader.rs 改成用 BufReader 按行流式读取，2 GB 的日志内存占用从 2.1 GB 降到 12 MB。",
    ),
    single_turn(
        "lt2",
        "claude-code",
        LANTERN,
        "2027-11-15T11:00:00",
        "lantern --since 2027-11-01 报 invalid date，明明格式是对的。",
        [
            edit(
                f"{LANTERN}/src/filter.rs",
                'parse_from_str(s, "%Y/%m/%d")',
                'parse_from_str(s, "%Y-%m-%d")',
            )
        ],
        "修好了：src/filter.rs 里 --since 的日期格式写成了 %Y/%m/%d，改成 %Y-%m-%d，并加了测试。",
    ),
    single_turn(
        "lt1",
        "gemini",
        LANTERN,
        "2027-11-17T16:00:00",
        "Add colored output to lantern's match highlighting, but respect NO_COLOR.",
        [
            edit(
                f"{LANTERN}/src/output.rs",
                'write!(out, "{}", m)',
                'write!(out, "{}", paint(m, &style))',
            )
        ],
        "Matches are highlighted in colour now (src/output.rs), and NO_COLOR or a non-terminal output turns it off.",
    ),
    # --- fillers (answerable controls)
    single_turn(
        "f-fill-1",
        "claude-code",
        FJORD,
        "2027-03-03T10:00:00",
        "fjord 설정은 어떻게 읽어요? 환경 변수로 통일해 주세요.",
        [edit(f"{FJORD}/fjord/settings.py", "", "class Settings(BaseSettings):")],
        "fjord 설정은 pydantic-settings로 환경 변수에서 읽습니다（fjord/settings.py, 접두사 FJORD_）. 로컬에서는 .env 파일을 씁니다.",
    ),
]

_SKILL = """---
name: fjord-release
description: Release fjord-client to PyPI by pushing a version tag; GitHub Actions publishes it with trusted publishing.
metadata:
  generated_by: vaultsync
  status: draft
  created: "2027-10-28"
  proposals: "3"
---

# fjord-release

> Draft written by `vaultsync learn --weekly` from 3 skill proposals. Review it, edit it, then install it as a skill or delete the folder.

## When to use

When a new version of fjord-client has to go out.

## Steps

1. Bump the version in pyproject.toml and add the changelog entry.
2. Push a tag vX.Y.Z; the release workflow (.github/workflows/release.yml) builds and publishes to PyPI through trusted publishing (OIDC).
3. Do not run twine upload by hand any more: the API token in ~/.pypirc was revoked.

## Proposals

- [[skills/proposals/fjord release tag]]
- [[skills/proposals/fjord trusted publishing]]
- [[skills/proposals/fjord pypi token revoked]]
"""

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- queue: Dramatiq, an L2 memory written in Korean
    (
        "f-queue-2",
        "memories/L2-confirmed/fjord 작업 큐.md",
        "2027-09-14T10:00:00",
        memory("{FJORD}", "2027-09-14T10:00:00+08:00")
        + """
# fjord 작업 큐

fjord의 백그라운드 작업은 Celery 대신 Dramatiq를 쓴다. Celery 워커가 메모리를 계속 먹고 재시작이 잦았다. 브로커는 그대로 Redis, 작업은 fjord/tasks.py에 @dramatiq.actor로 정의한다.
""",
    ),
    # --- release: the newest decision only in a skill draft
    ("f-rel-2", "skills/drafts/fjord-release/SKILL.md", "2027-10-28T09:00:00", _SKILL),
    # --- nav: Expo Router, a Japanese memory
    (
        "k-nav-2",
        "memories/L2-confirmed/kumo 画面遷移.md",
        "2027-07-01T10:00:00",
        memory("{KUMO}", "2027-07-01T10:00:00+08:00")
        + """
# kumo 画面遷移

kumo の画面遷移は Expo Router（app/ ディレクトリのファイルベースルーティング）に移行した。React Navigation の RootNavigator.tsx は削除済み。ディープリンクはファイルのパスがそのまま URL になる。
""",
    ),
    # --- table: a person's dependency note, one row replacing clap
    (
        "l-cli-2",
        "notes/lantern 依赖选型.md",
        "2027-10-09T21:00:00",
        """---
created: 2027-10-09
---
# lantern 依赖选型

| 用途 | crate | 备注 |
|---|---|---|
| 错误 | thiserror + anyhow | 库里用 thiserror，main.rs 用 anyhow |
| 命令行参数 | argh | 2027-10 从 clap 换过来，二进制小了 1.1 MB，编译快一倍 |
| 正则 | regex | |
| 颜色 | anstream | 尊重 NO_COLOR |
""",
    ),
    # --- fillers (answerable controls)
    (
        "k-fill-1",
        "notes/kumo リリース手順.md",
        "2027-05-02T20:00:00",
        """# kumo リリース手順

kumo のストア提出は EAS Build と EAS Submit で行う。production プロファイルでビルドし、iOS は TestFlight を経由してから審査に出す。
""",
    ),
    (
        "l-fill-1",
        "memories/L2-confirmed/lantern 配置文件.md",
        "2027-06-11T10:00:00",
        memory("{LANTERN}", "2027-06-11T10:00:00+08:00")
        + """
# lantern 配置文件

lantern 的配置文件放在 ~/.config/lantern/config.toml（遵循 XDG），命令行参数优先于配置文件。
""",
    ),
]

TOPICS = ("queue", "fmt", "release", "state", "nav", "errors", "table", "t-fjord", "t-kumo",
          "t-lantern")  # fmt: skip
HELD_TOPICS = frozenset({"release", "state"})
PROJECT_OF = {"queue": FJORD, "fmt": FJORD, "release": FJORD, "state": KUMO, "nav": KUMO,
              "errors": LANTERN, "table": LANTERN, "t-fjord": FJORD, "t-kumo": KUMO,
              "t-lantern": LANTERN}  # fmt: skip

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_QUEUE = (("f-queue-2",), ("f-queue-1",))
_FMT = (("f-fmt-2",), ("f-fmt-1",))
_REL = (("f-rel-2",), ("f-rel-1",))
_STATE = (("k-state-2",), ("k-state-1",))
_NAV = (("k-nav-2",), ("k-nav-1",))
_ERR = (("l-err-2",), ("l-err-1",))
_CLI = (("l-cli-2",), ("l-cli-1",))

# (qid, family, asked from, question, answer, older or other answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- queue: a Korean memory replacing an English session
    ("z01", "queue/ko>ko/question", FJORD, "fjord 백그라운드 작업은 지금 뭐로 돌려요?", *_QUEUE),
    ("z02", "queue/en>ko/question", FJORD, "Which task queue does fjord use now?", *_QUEUE),
    ("z03", "queue/en>ko/typo", FJORD, "wich task queu does fjrod use for recipts", *_QUEUE),
    ("z04", "queue/zh>ko/still", FJORD, "fjord 的后台任务还在用 Celery 吗？", *_QUEUE),
    ("z05", "queue/en>ko/noun", FJORD, "fjord background worker library", *_QUEUE),
    ("z06", "queue/ja>ko/question", FJORD, "fjord の非同期タスクは何で動かしている？", *_QUEUE),
    # --- fmt: what a command runs, replaced
    ("z07", "fmt/en>en/command", FJORD, "What does `make fmt` run in fjord?", *_FMT),
    ("z08", "fmt/en>en/file", FJORD, "Which formatter is wired into fjord's Makefile?", *_FMT),
    ("z09", "fmt/en>en/command-still", FJORD, "Should I still run `black .` before committing to fjord?", *_FMT),
    ("z10", "fmt/zh>en/question", FJORD, "fjord 的代码格式化现在用什么工具？", *_FMT),
    ("z11", "fmt/ko>en/question", FJORD, "fjord 코드 포매터 뭐 써요?", *_FMT),
    # --- release: only in a skill draft (held out)
    ("z12", "release/en>en/question", FJORD, "How do we publish fjord-client to PyPI now?", *_REL),
    ("z13", "release/en>en/command-still", FJORD, "Do I run twine upload for the next fjord-client release?", *_REL),
    ("z14", "release/zh>en/question", FJORD, "fjord-client 现在怎么发版到 PyPI？", *_REL),
    ("z15", "release/en>en/noun", FJORD, "fjord release process", *_REL),
    # --- state: Japanese sessions, asked in other languages (held out)
    ("z16", "state/en>ja/question", KUMO, "What does kumo use for state management now?", *_STATE),
    ("z17", "state/en>ja/typo", KUMO, "is kumo stil on reduxx toolkit?", *_STATE),
    ("z18", "state/zh>ja/task-long", KUMO, "帮我在 kumo 里加一个购物车页面：商品列表从接口拉，每一行可以加减数量，底部显示合计金额。状态管理按我们现在的方案来，别再引新的库，样式跟首页保持一致。做完之后把相关的测试也补上。", *_STATE),
    ("z19", "state/ko>ja/question", KUMO, "kumo 상태 관리 라이브러리 뭐 써요?", *_STATE),
    ("z20", "state/ja>ja/noun", KUMO, "kumo 状態管理", *_STATE),
    # --- nav: a Japanese memory, asked in other languages
    ("z21", "nav/en>ja/question", KUMO, "How is navigation done in kumo these days?", *_NAV),
    ("z22", "nav/en>ja/file", KUMO, "Is RootNavigator.tsx still where kumo's screens are registered?", *_NAV),
    ("z23", "nav/mixed>ja/question", KUMO, "kumo 的 navigation 现在是 React Navigation 还是 Expo Router?", *_NAV),
    ("z24", "nav/zh>ja/task-long", KUMO, "给 kumo 加一个订单详情页，从订单列表点进去，要支持从推送通知直接打开（deep link）。路由按我们现在的写法加，不要再手动注册屏幕。顺便检查一下返回手势在 Android 上正常。", *_NAV),
    ("z25", "nav/en>ja/noun", KUMO, "kumo routing", *_NAV),
    # --- errors: only in a commit message inside a shell command
    ("z26", "errors/mixed>zh/question", LANTERN, "lantern 的 error handling 现在用 anyhow 还是 thiserror？", *_ERR),
    ("z27", "errors/en>zh/question", LANTERN, "How should library code in lantern return errors now?", *_ERR),
    ("z28", "errors/zh>zh/question", LANTERN, "lantern 库里的错误类型现在怎么定义？", *_ERR),
    ("z29", "errors/en>zh/typo", LANTERN, "lantern eror handlng anyhow stil?", *_ERR),
    ("z30", "errors/ja>zh/question", LANTERN, "lantern のエラー処理は今どうなってる？", *_ERR),
    # --- table: one row of a person's dependency table
    ("z31", "table/zh>zh/question", LANTERN, "lantern 的命令行参数解析现在用哪个 crate？", *_CLI),
    ("z32", "table/en>zh/question", LANTERN, "Which argument parser does lantern use now?", *_CLI),
    ("z33", "table/en>zh/file", LANTERN, "Is clap still in lantern's Cargo.toml?", *_CLI),
    ("z34", "table/mixed>zh/noun", LANTERN, "lantern CLI 参数 crate", *_CLI),
    ("z35", "table/ko>zh/question", LANTERN, "lantern 명령줄 인자 파싱은 뭐로 해요?", *_CLI),
    # --- time and agents: fjord, asked twenty minutes after midnight
    ("w01", "t-fjord/en>en/yesterday", FJORD, "What did Codex fix in fjord yesterday?", ("ft1",), ("ft5",)),
    ("w02", "t-fjord/en>en/just-now", FJORD, "what did claude code just change in fjord", ("ft2",), ("ft1",)),
    ("w03", "t-fjord/ko>en/yesterday", FJORD, "어제 fjord에서 뭐 바꿨어?", ("ft1", "ft3"), ("ft2", "ft4")),
    ("w04", "t-fjord/en>en/yesterday-morning", FJORD, "What did Hermes do in fjord yesterday morning?", ("ft3",), ("ft4",)),
    ("w05", "t-fjord/zh>ko/day-before", FJORD, "前天 Gemini 在 fjord 里改了什么？", ("ft4",), ("ft1",)),
    ("w06", "t-fjord/en>en/monday", FJORD, "on monday what did codex do in fjord?", ("ft5",), ("ft1",)),
    ("w07", "t-fjord/en>en/file-yesterday", FJORD, "Who changed fjord/api/webhooks.py yesterday, and why?", ("ft1",), ("ft4",)),
    ("w08", "t-fjord/ko>ko/day-before", FJORD, "그저께 fjord 웹훅 관련해서 뭘 고쳤어?", ("ft4",), ("ft1",)),
    # --- time and agents: kumo
    ("w09", "t-kumo/ja>ja/last-night", KUMO, "ゆうべ kumo で何を直した？", ("kt2",), ("kt1",)),
    ("w10", "t-kumo/en>ja/day-before", KUMO, "What did Claude Code change in kumo the day before yesterday?", ("kt1",), ("kt2",)),
    ("w11", "t-kumo/ko>ja/last-week", KUMO, "지난주 kumo에서 Codex가 뭘 했어?", ("kt3",), ("kt2",)),
    ("w12", "t-kumo/en>ja/file-last-week", KUMO, "what happened to ProductList.tsx in kumo last week", ("kt3",), ("kt2",)),
    ("w13", "t-kumo/ja>ja/just-now", KUMO, "さっき kumo の ProductList で何を変えた？", ("kt2",), ("kt3",)),
    # --- time and agents: lantern
    ("w14", "t-lantern/zh>en/yesterday-afternoon", LANTERN, "昨天下午 lantern 改了啥？", ("lt1",), ("lt2",)),
    ("w15", "t-lantern/mixed>zh/date", LANTERN, "lantern 11月15日那天 fix 了什么 bug？", ("lt2",), ("lt1",)),
    ("w16", "t-lantern/zh>zh/last-monday", LANTERN, "上周一 Codex 在 lantern 做了什么？", ("lt3",), ("lt2",)),
    ("w17", "t-lantern/en>mixed/since-monday", LANTERN, "Which files changed in lantern since Monday?", ("lt1", "lt2"), ("lt3",)),
    ("w18", "t-lantern/zh>en/this-week", LANTERN, "这周 lantern 的输出颜色是谁改的？", ("lt1",), ("lt3",)),
    # --- never discussed: a file or a command nobody touched
    ("n01", "none-file/en/question", FJORD, "What changed in fjord's alembic/env.py?", (), ()),
    ("n02", "none-file/ja/question", KUMO, "kumo の metro.config.js を誰か触った？", (), ()),
    ("n03", "none-file/zh/question", LANTERN, "lantern 的 build.rs 里做了什么？", (), ()),
    ("n04", "none-cmd/en/command", LANTERN, "Did we ever run `cargo audit` on lantern?", (), ()),
    ("n05", "none-cmd/en/command", FJORD, "what does `make migrate` do in fjord", (), ()),
    ("n06", "none-cmd/mixed/command", KUMO, "kumo 的 eas update 是怎么配的 channel？", (), ()),
    # --- never discussed: near-miss words
    ("n11", "none-near/en/question", FJORD, "How many Dramatiq worker processes does fjord run in production?", (), ()),
    ("n12", "none-near/en/typo", FJORD, "fjord celrey beat schedul for nightly cleanup?", (), ()),
    ("n13", "none-near/ja/question", KUMO, "kumo の Zustand ストアは永続化している？", (), ()),
    ("n14", "none-near/zh/question", LANTERN, "lantern 的 argh 子命令怎么写测试？", (), ()),
    ("n15", "none-near/en/noun", KUMO, "kumo expo router typed routes", (), ()),
    # --- never discussed: Korean
    ("n21", "none-ko/ko/question", FJORD, "fjord에서 GraphQL 쓰나요?", (), ()),
    ("n22", "none-ko/ko/question", KUMO, "kumo 다국어 지원은 어떻게 해요?", (), ()),
    ("n23", "none-ko/ko/question", LANTERN, "lantern 윈도우 빌드는 어떻게 해요?", (), ()),
    # --- never discussed: a day (or a night) nothing happened there
    ("n31", "none-time/en/question", KUMO, "What happened in kumo on Sunday?", (), ()),
    ("n32", "none-time/zh/question", LANTERN, "昨晚 lantern 有什么改动？", (), ()),
    ("n33", "none-time/ja/question", FJORD, "11月12日に fjord で何か変えた？", (), ()),
    ("n34", "none-time/ko/question", LANTERN, "어제 lantern에서 Hermes가 뭐 했어?", (), ()),
    ("n35", "none-time/en/question", FJORD, "what did gemini do in fjord last night", (), ()),
    # --- never discussed: an agent that never worked there
    ("n41", "none-agent/en/question", KUMO, "What did Hermes change in kumo this week?", (), ()),
    ("n42", "none-agent/zh/question", LANTERN, "Cursor 最近在 lantern 里改了什么？", (), ()),
    # --- never discussed: task prompts
    ("n51", "none-task/zh/task-long", LANTERN, "给 lantern 加一个 --json 输出选项：每个匹配输出一行 JSON，字段包括文件名、行号和匹配内容，按我们之前定好的输出格式来。记得更新 README 和补测试。", (), ()),
    ("n52", "none-task/en/task", FJORD, "Add rate limiting to fjord's public API the way we decided.", (), ()),
    ("n53", "none-task/ja/task", KUMO, "kumo に生体認証ログインを追加してください。", (), ()),
    # --- controls: answerable, the one note that says it
    ("c01", "control/en/question", FJORD, "How does fjord read its settings?", ("f-fill-1",), ()),
    ("c02", "control/ko/question", FJORD, "fjord 설정 파일은 어디서 읽어요?", ("f-fill-1",), ()),
    ("c03", "control/en/question", KUMO, "How do we ship kumo to the app stores?", ("k-fill-1",), ()),
    ("c04", "control/zh/question", KUMO, "kumo 怎么提交到应用商店？", ("k-fill-1",), ()),
    ("c05", "control/en/noun", LANTERN, "lantern config file location", ("l-fill-1",), ()),
    ("c06", "control/ja/question", LANTERN, "lantern の設定ファイルはどこ？", ("l-fill-1",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Held out: every question about `HELD_TOPICS`, and the families whose salted sha256 has an
    even first byte (`split.by_family`, salt `round16`: fixed when the set was written)."""
    return split.by_family("round16", family, HELD_TOPICS)
