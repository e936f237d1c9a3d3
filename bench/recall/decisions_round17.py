# ruff: noqa: E501  (data: CJK text counts double width)
"""A tenth set, written before any tuning that uses it: decisions recorded in shapes the earlier
sets never used, asked in phrasings and languages they never used, time asked on a Monday
morning, and never-discussed questions that sit next to what the vault holds.

Two new projects (quill, a Nuxt front end written about in Korean and English; rivet, a Go
service written about in Japanese and in traditional Chinese), notes of every kind (session logs
replayed through the real hook as Claude Code, Codex, Gemini CLI and Hermes at their own time;
L2 memories; plain notes a person wrote). New shapes:

- **a decision said by the person in a later turn of a session**, answering the agent's
  question (the agent asked which way; the person chose nuxt-i18n over keeping vue-i18n by
  hand), replacing an English session (i18n);
- **a decision in a person's checklist** (a Korean note whose ticked item says Jest -> Vitest
  is done), replacing an English session (test);
- **a decision only in what an edit wrote** (nuxt.config.ts's image provider set to imgproxy;
  the closing message only says images load faster), replacing a Korean memory (img);
- **a decision in traditional Chinese** (an L2 memory: sqlc in place of GORM), replacing a
  Japanese session (db);
- **a decision in a code comment an edit wrote** plus a Japanese closing message (OpenTelemetry
  metrics in place of the Prometheus client), replacing a Japanese session (metrics).

New phrasing: traditional Chinese questions (現在, 資料庫, 套件, 上週), questions that assert and
ask for confirmation ("we don't use X anymore, right?"), a pasted error line followed by a
question, questions that are a numbered list of two asks, questions starting with a polite
prefix (请问, 혹시), English questions about Korean and Japanese notes, Japanese questions about
Korean notes, Korean questions about Japanese notes. Time asked at `NOW`, a Monday morning at
09:15: "on Friday" is three days ago, "last week" holds Friday and the weekend, "this week" is
only this morning, 上週五晚上, 週末に, 금요일에, "Sunday night", "this morning", 先週, a day
nothing happened (Thursday), a weekday name in traditional Chinese (星期四).

Never-discussed questions (kinds `none-near`, `none-task`, `none-time`, `none-agent`,
`none-hant`): near-miss words (a coverage provider of the test runner the vault names, the
migrations of the query library it names, a gRPC timeout in a service that has none), long task
prompts, a day nothing happened, an agent that never worked there, traditional Chinese;
controls (`control`) are answerable, each by the one note that says it.

Every question is asked at `NOW` (Monday 2028-01-10, 09:15, Asia/Shanghai). Families are topic or
kind / language pair / style. Held out: every question about `HELD_TOPICS`, and of every other
family, those whose salted sha256 has an even first byte (`split_of`), fixed when the set was
written. `python -m bench.recall.newest --set round17`.
"""

from __future__ import annotations

from typing import Any

from bench.recall import split
from bench.recall.decisions import bash, edit, single_turn
from bench.recall.decisions_round13 import memory

NAME = "decisions-round17"
NOW = "2028-01-10T09:15:00+08:00"
TZ = "Asia/Shanghai"

QUILL = "/home/dev/src/quill"
RIVET = "/home/dev/src/rivet"


def text(raw: str) -> str:
    return raw.replace("{QUILL}", QUILL).replace("{RIVET}", RIVET)


SESSIONS: list[dict[str, Any]] = [
    # --- i18n (quill): vue-i18n by hand (en) -> nuxt-i18n, chosen by the person in turn 2 (ko)
    single_turn(
        "q-i18n-1",
        "claude-code",
        QUILL,
        "2027-07-12T10:00:00",
        "quill needs English and Korean. Set up vue-i18n with the messages in locales/*.json.",
        [
            bash("npm install vue-i18n", "added 3 packages"),
            edit(
                f"{QUILL}/plugins/i18n.ts",
                "",
                "const i18n = createI18n({ legacy: false, locale: 'ko' })",
            ),
        ],
        "vue-i18n is wired in as a Nuxt plugin (plugins/i18n.ts); messages live in locales/en.json and locales/ko.json, and the language is switched with useI18n().locale.",
    ),
    {
        "id": "q-i18n-2",
        "agent": "gemini",
        "project": QUILL,
        "start": "2027-11-02T15:00:00",
        "turns": [
            (
                "quill 페이지 URL에 언어 코드가 안 붙어서 검색 엔진에 한국어 페이지만 잡혀요. 어떻게 하면 좋을까요?",
                [],
                "두 가지 방법이 있습니다. (1) 지금처럼 plugins/i18n.ts에서 vue-i18n을 직접 쓰면서 라우트를 손으로 /en, /ko로 나누기, (2) @nuxtjs/i18n 모듈로 옮겨서 prefix 전략과 hreflang을 모듈에 맡기기. 어느 쪽으로 할까요?",
            ),
            (
                "2번으로 해 주세요. 직접 만든 플러그인은 지워 주세요.",
                [
                    bash("npx nuxi module add i18n", "added @nuxtjs/i18n"),
                    edit(
                        f"{QUILL}/nuxt.config.ts",
                        "plugins: ['~/plugins/i18n.ts']",
                        "i18n: { strategy: 'prefix_except_default', defaultLocale: 'ko' }",
                    ),
                    bash("rm plugins/i18n.ts", ""),
                ],
                "@nuxtjs/i18n 모듈로 옮겼습니다（nuxt.config.ts）. 영어 페이지는 /en/... 로 나가고 hreflang 태그도 자동으로 붙습니다. plugins/i18n.ts는 삭제했습니다.",
            ),
        ],
    },
    # --- test (quill): Jest (en session) -> Vitest (a person's Korean checklist)
    single_turn(
        "q-test-1",
        "codex",
        QUILL,
        "2027-06-20T11:00:00",
        "Add unit tests to quill for the cart composable. Use Jest with ts-jest.",
        [
            bash("npm install -D jest ts-jest @vue/test-utils", "added 212 packages"),
            edit(
                f"{QUILL}/jest.config.js",
                "",
                "module.exports = { preset: 'ts-jest', testEnvironment: 'jsdom' }",
            ),
        ],
        "Jest is set up (jest.config.js, ts-jest, jsdom) with tests for useCart in tests/useCart.spec.ts; run them with npm test.",
    ),
    # --- img (quill): Cloudinary (a Korean memory) -> imgproxy, only in what an edit wrote
    single_turn(
        "q-img-2",
        "hermes",
        QUILL,
        "2027-12-01T16:00:00",
        "quill's product images are slow to load and the image bill went up again. Do something about it.",
        [
            edit(
                f"{QUILL}/nuxt.config.ts",
                "image: { provider: 'cloudinary' }",
                "image: { provider: 'imgproxy', imgproxy: { baseURL: 'https://img.quill.dev' } }",
            ),
            edit(f"{QUILL}/deploy/imgproxy.yaml", "", "image: darthsim/imgproxy:v3"),
        ],
        "Done: images load about twice as fast in my test and the bill should drop.",
    ),
    # --- db (rivet): GORM (ja session) -> sqlc (a traditional Chinese memory)
    single_turn(
        "r-db-1",
        "claude-code",
        RIVET,
        "2027-05-10T10:00:00",
        "rivet の Postgres アクセスを GORM で書いて。users と orders のモデルを作って。",
        [
            bash("go get gorm.io/gorm gorm.io/driver/postgres", "go: added gorm.io/gorm v1.25.9"),
            edit(f"{RIVET}/internal/store/models.go", "", "type User struct {\n\tgorm.Model"),
        ],
        "GORM で users と orders のモデルを作りました（internal/store/models.go）。起動時に AutoMigrate しています。",
    ),
    # --- metrics (rivet): Prometheus client (ja) -> OpenTelemetry, said in a code comment (ja)
    single_turn(
        "r-met-1",
        "codex",
        RIVET,
        "2027-04-22T14:00:00",
        "rivet に Prometheus のメトリクスを出したい。リクエスト数とレイテンシ。",
        [
            bash("go get github.com/prometheus/client_golang", "go: added client_golang v1.19.0"),
            edit(
                f"{RIVET}/internal/obs/metrics.go",
                "",
                'var reqs = promauto.NewCounterVec(prometheus.CounterOpts{Name: "rivet_requests_total"}',
            ),
        ],
        "client_golang で rivet_requests_total と rivet_request_seconds を出しました（internal/obs/metrics.go）。/metrics で Prometheus がスクレイプできます。",
    ),
    single_turn(
        "r-met-2",
        "gemini",
        RIVET,
        "2027-10-18T11:00:00",
        "rivet のトレースとメトリクスを一つの仕組みにまとめたい。",
        [
            edit(
                f"{RIVET}/internal/obs/metrics.go",
                "var reqs = promauto.NewCounterVec(",
                '// メトリクスは OpenTelemetry の SDK で OTLP に送る。client_golang は使わない（トレースと同じ collector に集約）。\nvar reqs, _ = meter.Int64Counter("rivet.requests"',
            ),
            bash("go mod tidy", "removed github.com/prometheus/client_golang"),
        ],
        "まとめました。詳しくは internal/obs/metrics.go のコメントを見てください。",
    ),
    # --- time (rivet): Monday morning; Friday night, Saturday, this morning, a Wednesday
    single_turn(
        "rt4",
        "hermes",
        RIVET,
        "2028-01-05T10:00:00",
        "rivet の /orders が大きいページで遅い。",
        [
            edit(
                f"{RIVET}/internal/api/orders.go",
                "LIMIT $1 OFFSET $2",
                "WHERE id > $1 ORDER BY id LIMIT $2",
            )
        ],
        "/orders をキーセットページングに変えました（internal/api/orders.go）。OFFSET が大きいと全件読んでいたのが原因です。",
    ),
    single_turn(
        "rt1",
        "codex",
        RIVET,
        "2028-01-07T21:00:00",
        "rivet 關機的時候正在處理的請求會被砍掉，幫我修。",
        [edit(f"{RIVET}/cmd/rivet/main.go", "srv.Close()", "srv.Shutdown(ctx)")],
        "改好了：cmd/rivet/main.go 收到 SIGTERM 後用 srv.Shutdown 等進行中的請求做完（最多 20 秒），不再直接 Close。",
    ),
    single_turn(
        "rt2",
        "gemini",
        RIVET,
        "2028-01-08T14:00:00",
        "rivet の Dockerfile、イメージが 900MB もある。",
        [edit(f"{RIVET}/Dockerfile", "FROM golang:1.22", "FROM gcr.io/distroless/static-debian12")],
        "Dockerfile をマルチステージにして最終段を distroless にしました。イメージは 900MB から 18MB になりました。",
    ),
    single_turn(
        "rt3",
        "claude-code",
        RIVET,
        "2028-01-10T08:30:00",
        "rivet's health check says ok while Redis is unreachable. Fix it.",
        [
            edit(
                f"{RIVET}/internal/api/health.go",
                "return ok",
                "if err := rdb.Ping(ctx).Err(); err != nil {",
            )
        ],
        "The health check pings Redis now and answers 503 when it is unreachable (internal/api/health.go).",
    ),
    # --- time (quill): a Friday, a Sunday night, two weeks ago
    single_turn(
        "qt3",
        "codex",
        QUILL,
        "2027-12-30T15:00:00",
        "quill 장바구니 수량이 새로고침하면 초기화돼요.",
        [
            edit(
                f"{QUILL}/composables/useCart.ts",
                "ref([])",
                "useCookie('cart', { default: () => [] })",
            )
        ],
        "장바구니를 쿠키에 저장하도록 바꿨습니다（composables/useCart.ts）. 새로고침해도 수량이 유지됩니다.",
    ),
    single_turn(
        "qt1",
        "hermes",
        QUILL,
        "2028-01-07T11:00:00",
        "quill's checkout button can be clicked twice and creates two orders.",
        [
            edit(
                f"{QUILL}/components/CheckoutButton.vue",
                '@click="submit"',
                '@click="submit" :disabled="pending"',
            )
        ],
        "The checkout button is disabled while the order request is pending (components/CheckoutButton.vue), and the server rejects a repeated idempotency key.",
    ),
    single_turn(
        "qt2",
        "claude-code",
        QUILL,
        "2028-01-09T20:30:00",
        "quill 검색 결과 페이지에서 한글 검색어가 깨져요.",
        [
            edit(
                f"{QUILL}/pages/search.vue",
                "route.query.q",
                "decodeURIComponent(String(route.query.q ?? ''))",
            )
        ],
        "검색 결과 페이지（pages/search.vue）에서 검색어를 디코딩하도록 고쳤습니다. 한글 검색어가 이제 제대로 보입니다.",
    ),
]

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- test: a person's Korean checklist, one ticked item replacing Jest
    (
        "q-test-2",
        "notes/quill 할 일.md",
        "2027-10-05T21:00:00",
        """---
created: 2027-09-28
---
# quill 할 일

- [x] Jest → Vitest 이전 완료 (vitest.config.ts, jest.config.js 삭제, 테스트 시간 48초 → 9초)
- [x] 결제 페이지 로딩 스피너
- [ ] 상품 상세 이미지 확대
- [ ] 주문 내역 페이지네이션
""",
    ),
    # --- img: the older decision, a Korean memory
    (
        "q-img-1",
        "memories/L2-confirmed/quill 이미지.md",
        "2027-03-15T10:00:00",
        memory("{QUILL}", "2027-03-15T10:00:00+08:00")
        + """
# quill 이미지

quill의 상품 이미지는 Cloudinary에 올리고 @nuxt/image의 cloudinary provider로 크기를 바꿔서 보여 준다. 원본은 S3에 두지 않는다.
""",
    ),
    # --- db: sqlc, an L2 memory in traditional Chinese
    (
        "r-db-2",
        "memories/L2-confirmed/rivet 資料庫存取.md",
        "2027-09-20T10:00:00",
        memory("{RIVET}", "2027-09-20T10:00:00+08:00")
        + """
# rivet 資料庫存取

rivet 不再用 GORM，改用 sqlc：SQL 寫在 internal/store/queries/*.sql，由 sqlc 產生型別安全的 Go 程式碼，驅動用 pgx。原因是 GORM 的 N+1 查詢和隱式行為難以除錯。
""",
    ),
    # --- fillers (answerable controls)
    (
        "r-fill-1",
        "notes/rivet 設定.md",
        "2027-06-01T20:00:00",
        """# rivet 設定

rivet の設定は環境変数だけで渡す（RIVET_ で始まる名前）。設定ファイルは読まない。ローカルでは direnv の .envrc を使う。
""",
    ),
    (
        "q-fill-1",
        "memories/L2-confirmed/quill 배포.md",
        "2027-08-08T10:00:00",
        memory("{QUILL}", "2027-08-08T10:00:00+08:00")
        + """
# quill 배포

quill은 Vercel에 배포한다. main 브랜치에 머지하면 프로덕션, PR마다 프리뷰 배포가 만들어진다.
""",
    ),
]

TOPICS = ("i18n", "test", "img", "db", "metrics", "t-rivet", "t-quill")
HELD_TOPICS = frozenset({"img", "metrics"})
PROJECT_OF = {"i18n": QUILL, "test": QUILL, "img": QUILL, "db": RIVET, "metrics": RIVET,
              "t-rivet": RIVET, "t-quill": QUILL}  # fmt: skip

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_I18N = (("q-i18n-2",), ("q-i18n-1",))
_TEST = (("q-test-2",), ("q-test-1",))
_IMG = (("q-img-2",), ("q-img-1",))
_DB = (("r-db-2",), ("r-db-1",))
_MET = (("r-met-2",), ("r-met-1",))

# (qid, family, asked from, question, answer, older or other answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- i18n: the person's answer in a later turn, Korean
    ("y01", "i18n/en>ko/question", QUILL, "How does quill handle translations now?", *_I18N),
    ("y02", "i18n/en>ko/confirm", QUILL, "We don't call vue-i18n directly in quill anymore, right?", *_I18N),
    ("y03", "i18n/ja>ko/question", QUILL, "quill の多言語対応は今どの仕組み？", *_I18N),
    ("y04", "i18n/hant>ko/question", QUILL, "quill 的多語系現在怎麼做？", *_I18N),
    # --- test: a ticked item of a Korean checklist
    ("y05", "test/en>ko/question", QUILL, "What test runner does quill use?", *_TEST),
    ("y06", "test/en>ko/pasted-error", QUILL, "sh: jest: command not found — running the unit tests in quill, what's the right command now?", *_TEST),
    ("y07", "test/hant>ko/question", QUILL, "quill 現在用什麼跑單元測試？", *_TEST),
    ("y08", "test/ja>ko/list", QUILL, "quill について2つ：1. テストは何で動かしてる？ 2. 設定ファイルはどれ？", *_TEST),
    # --- img: only in what an edit wrote (held out)
    ("y09", "img/en>en/confirm", QUILL, "quill's product images still go through Cloudinary, right?", *_IMG),
    ("y10", "img/ko>en/polite", QUILL, "혹시 quill 상품 이미지는 지금 어디서 리사이즈해요?", *_IMG),
    ("y11", "img/zh>en/question", QUILL, "quill 的图片现在用什么服务处理？", *_IMG),
    # --- db: a traditional Chinese memory replacing a Japanese session
    ("y12", "db/en>hant/question", RIVET, "How does rivet talk to Postgres these days?", *_DB),
    ("y13", "db/ja>hant/confirm", RIVET, "rivet の DB アクセスは GORM のままだよね？", *_DB),
    ("y14", "db/hant>hant/question", RIVET, "rivet 資料庫存取現在用哪個套件？", *_DB),
    ("y15", "db/ko>hant/question", RIVET, "rivet DB 접근은 뭐로 해요? ORM 써요?", *_DB),
    ("y16", "db/zh>hant/polite", RIVET, "请问 rivet 现在访问数据库用的是什么库？", *_DB),
    # --- metrics: in a code comment an edit wrote (held out)
    ("y17", "metrics/en>ja/question", RIVET, "Which library does rivet use to export metrics now?", *_MET),
    ("y18", "metrics/zh>ja/question", RIVET, "rivet 的监控指标现在怎么上报？", *_MET),
    ("y19", "metrics/ko>ja/question", RIVET, "rivet 메트릭은 지금 뭐로 보내요?", *_MET),
    # --- time and agents: asked on a Monday morning
    ("v01", "t-rivet/en>hant/friday", RIVET, "What did Codex do in rivet on Friday?", ("rt1",), ("rt4",)),
    ("v02", "t-rivet/hant>hant/friday-night", RIVET, "上週五晚上 rivet 改了什麼？", ("rt1",), ("rt2",)),
    ("v03", "t-rivet/ja>ja/weekend", RIVET, "週末に rivet で何か変えた？", ("rt2",), ("rt1",)),
    ("v04", "t-rivet/en>en/this-morning", RIVET, "what did claude code change in rivet this morning", ("rt3",), ("rt2",)),
    ("v05", "t-rivet/ko>ja/wednesday", RIVET, "지난주 수요일에 rivet에서 뭐 고쳤어?", ("rt4",), ("rt2",)),
    ("v06", "t-quill/ko>en/friday", QUILL, "금요일에 quill에서 뭐 했어?", ("qt1",), ("qt2",)),
    ("v07", "t-quill/en>ko/sunday-night", QUILL, "What got fixed in quill on Sunday night?", ("qt2",), ("qt1",)),
    ("v08", "t-quill/ja>en/last-week-agent", QUILL, "先週 quill で Hermes は何をした？", ("qt1",), ("qt3",)),
    ("v09", "t-quill/hant>ko/last-week", QUILL, "上週 quill 的搜尋頁改了什麼？", ("qt2",), ("qt3",)),
    # --- never discussed: near-miss words
    ("m01", "none-near/en/question", QUILL, "Which Vitest coverage provider does quill use, v8 or istanbul?", (), ()),
    ("m02", "none-near/hant/question", RIVET, "rivet 的 sqlc 遷移檔是用什麼工具跑的？", (), ()),
    ("m03", "none-near/ja/question", RIVET, "rivet の gRPC クライアントのタイムアウトは何秒？", (), ()),
    ("m04", "none-near/ko/question", QUILL, "quill 다크 모드는 어떻게 켜요?", (), ()),
    ("m05", "none-near/en/confirm", RIVET, "rivet still uses Kafka for order events, right?", (), ()),
    # --- never discussed: long task prompts
    ("m11", "none-task/zh/task-long", QUILL, "给 quill 加一个会员积分页面：显示当前积分、最近的积分流水和兑换入口，数据从我们之前定好的积分接口取。样式按设计稿来，移动端要适配。顺便把相关的埋点也加上。", (), ()),
    ("m12", "none-task/en/task-long", RIVET, "Add a rate limiter to rivet's public endpoints: 100 requests per minute per API key, the limits kept in Redis the way we agreed, and a 429 with Retry-After when it trips. Update the OpenAPI spec too.", (), ()),
    # --- never discussed: a day nothing happened, an agent that never worked there
    ("m21", "none-time/en/question", RIVET, "What happened in rivet on Thursday?", (), ()),
    ("m22", "none-time/hant/question", QUILL, "上週四 quill 有什麼改動？", (), ()),
    ("m23", "none-agent/en/question", QUILL, "What did Cursor change in quill last week?", (), ()),
    ("m24", "none-agent/ja/question", RIVET, "先週 Cursor は rivet で何をした？", (), ()),
    # --- controls: answerable, the one note that says it
    ("d01", "control/en/question", RIVET, "How is rivet configured, env vars or a config file?", ("r-fill-1",), ()),
    ("d02", "control/zh/question", QUILL, "quill 部署在哪里？", ("q-fill-1",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Held out: every question about `HELD_TOPICS`, and the families whose salted sha256 has an
    even first byte (`split.by_family`, salt `round17`: fixed when the set was written)."""
    return split.by_family("round17", family, HELD_TOPICS)
