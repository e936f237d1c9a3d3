# ruff: noqa: E501  (data: CJK text counts double width)
"""28 coding-assistant sessions over three projects, replayed through the real hook.

Each session is a list of turns: the person's prompt, the agent's tool calls (tool, input,
output), and the agent's closing message of the turn. `replay.py` turns them into Claude Code
hook payloads (SessionStart, UserPromptSubmit, PostToolUse, Stop, SessionEnd) in this order, so
a later session has later timestamps (the decisions that changed come later).

Projects: billing (Python service, English), atlas-web (React front end, English and two
Japanese sessions), datapipe (Go ingestion, Chinese).
"""

from __future__ import annotations

from typing import Any

BILLING = "/home/dev/src/billing"
ATLAS = "/home/dev/src/atlas-web"
DATAPIPE = "/home/dev/src/datapipe"


def bash(command: str, stdout: str, stderr: str = "") -> tuple[str, dict[str, Any], Any]:
    return ("Bash", {"command": command}, {"stdout": stdout, "stderr": stderr})


def edit(path: str, old: str, new: str) -> tuple[str, dict[str, Any], Any]:
    return (
        "Edit",
        {"file_path": path, "old_string": old, "new_string": new},
        {"filePath": path, "oldString": old, "newString": new},
    )


def write(path: str, content: str) -> tuple[str, dict[str, Any], Any]:
    return ("Write", {"file_path": path, "content": content}, {"filePath": path, "type": "create"})


SESSIONS: list[dict[str, Any]] = [
    # ---------------------------------------------------------------- billing (English)
    {
        "id": "s01",
        "project": BILLING,
        "turns": [
            (
                "We're starting the billing service from scratch. I want Python 3.12, FastAPI, "
                "PostgreSQL 16 and SQLAlchemy 2.0 with the async engine. Set up the skeleton and "
                "use uv for dependency management, not poetry, I find poetry too slow.",
                [
                    bash(
                        "uv init billing && uv add fastapi uvicorn 'sqlalchemy[asyncio]' asyncpg",
                        "Initialized project `billing`\nResolved 24 packages in 310ms\n"
                        "Installed 24 packages",
                    ),
                    write(
                        f"{BILLING}/app/db.py",
                        "from sqlalchemy.ext.asyncio import create_async_engine, async_sessionmaker\n"
                        "engine = create_async_engine(settings.database_url, pool_size=10)\n"
                        "Session = async_sessionmaker(engine, expire_on_commit=False)\n",
                    ),
                ],
                "The skeleton is in place: FastAPI app in app/main.py, async SQLAlchemy engine on "
                "asyncpg in app/db.py, dependencies managed with uv (uv.lock committed). Postgres "
                "16 runs from docker-compose.yml for local development.",
            ),
            (
                "Also add ruff for linting and formatting with line length 100, and mypy strict. "
                "Wire both into pre-commit.",
                [
                    bash(
                        "uv add --dev ruff mypy pre-commit && pre-commit install",
                        "pre-commit installed at .git/hooks/pre-commit",
                    )
                ],
                "ruff (line-length 100, lint + format) and mypy --strict now run in pre-commit.",
            ),
        ],
    },
    {
        "id": "s02",
        "project": BILLING,
        "turns": [
            (
                "Invoices need to be sent to the notification and ledger services asynchronously. "
                "Which message broker should we use? The team already runs RabbitMQ for the "
                "legacy CRM.",
                [],
                "Recommendation: RabbitMQ. The team already operates it, topic exchanges give us "
                "simple routing (invoice.created, invoice.paid), and a dead-letter exchange with "
                "a TTL gives delayed retries without extra infrastructure. Kafka would add a "
                "cluster to run for a throughput we do not need yet.",
            ),
            (
                "Agreed, go with RabbitMQ. Implement the publisher with aio-pika and a "
                "dead-letter queue for failed deliveries, retry 5 times with backoff.",
                [
                    write(
                        f"{BILLING}/app/events/publisher.py",
                        "import aio_pika\nEXCHANGE = 'billing.invoices'\n"
                        "async def publish(event: InvoiceEvent) -> None:\n"
                        "    await exchange.publish(aio_pika.Message(body=event.json().encode()),"
                        " routing_key=event.routing_key)\n",
                    ),
                    bash("uv run pytest tests/events -q", "6 passed in 1.84s"),
                ],
                "Invoice events are published to the billing.invoices topic exchange over "
                "aio-pika; failed deliveries go to billing.invoices.dlx and are retried 5 times "
                "with exponential backoff (1s to 16s) before they are parked.",
            ),
        ],
    },
    {
        "id": "s03",
        "project": BILLING,
        "turns": [
            (
                "The Stripe webhook endpoint rejects every event in staging with "
                "'No signatures found matching the expected signature for payload'. The secret "
                "is right, I checked it twice.",
                [
                    bash(
                        "uv run pytest tests/test_webhooks.py -q",
                        "FAILED tests/test_webhooks.py::test_invoice_paid - "
                        "stripe.error.SignatureVerificationError: No signatures found matching "
                        "the expected signature for payload\n1 failed",
                    ),
                    edit(
                        f"{BILLING}/app/webhooks.py",
                        "payload = await request.json()\nevent = stripe.Webhook.construct_event("
                        "json.dumps(payload), sig, secret)",
                        "payload = await request.body()\nevent = stripe.Webhook.construct_event("
                        "payload, sig, secret)",
                    ),
                    bash("uv run pytest tests/test_webhooks.py -q", "4 passed in 0.91s"),
                ],
                "Found it: the handler parsed the body with request.json() and re-serialised it "
                "before verifying, which changes the bytes Stripe signed. Signature "
                "verification must use the raw request body (await request.body()). Fixed in "
                "app/webhooks.py; the webhook tests pass.",
            ),
        ],
    },
    {
        "id": "s04",
        "project": BILLING,
        "turns": [
            (
                "After rebasing on main, alembic upgrade head fails with \"Can't locate revision "
                "identified by 'a1b2c3d4e5f6'\". What happened?",
                [
                    bash("uv run alembic heads", "7f3e21c9ab10 (head)\n2c9d0e8f1a77 (head)"),
                    bash(
                        "uv run alembic merge -m 'merge heads' 7f3e21c9ab10 2c9d0e8f1a77",
                        "Generating migrations/versions/9b1f_merge_heads.py ...  done",
                    ),
                    bash("uv run alembic upgrade head", "Running upgrade -> 9b1f, merge heads"),
                ],
                "Two branches each added a migration with the same down_revision, and the "
                "rebase dropped the revision file a1b2c3d4e5f6 that the local database was "
                "stamped with. I restamped the dev database, created a merge revision for the "
                "two heads and upgrade head works again.",
            ),
            (
                "Let's make a rule so this doesn't happen again: one migration per pull request, "
                "and CI should fail when there are multiple alembic heads.",
                [
                    write(
                        f"{BILLING}/scripts/check_heads.sh",
                        '#!/bin/sh\n[ "$(uv run alembic heads | wc -l)" -eq 1 ] || '
                        "{ echo 'multiple alembic heads'; exit 1; }\n",
                    )
                ],
                "Added scripts/check_heads.sh to CI: the build fails when alembic reports more "
                "than one head. Documented the one-migration-per-PR rule in CONTRIBUTING.md.",
            ),
        ],
    },
    {
        "id": "s05",
        "project": BILLING,
        "turns": [
            (
                "Clients sometimes retry POST /payments after a timeout and we charge the card "
                "twice. Design idempotency for the payment endpoint.",
                [
                    write(
                        f"{BILLING}/migrations/versions/4c2a_idempotency_keys.py",
                        "op.create_table('idempotency_keys', sa.Column('key', sa.Text, "
                        "primary_key=True), sa.Column('request_hash', sa.Text), "
                        "sa.Column('response', sa.JSON), sa.Column('created_at', sa.DateTime))\n",
                    ),
                    bash("uv run pytest tests/test_payments.py -q", "9 passed in 2.10s"),
                ],
                "Clients send an Idempotency-Key header; the key is stored in the "
                "idempotency_keys table (primary key) together with a hash of the request and "
                "the response. A repeated key with the same request returns the stored "
                "response without charging again; a different request with the same key gets "
                "409 Conflict. Keys expire after 24 hours (a nightly cleanup job).",
            ),
        ],
    },
    {
        "id": "s06",
        "project": BILLING,
        "turns": [
            (
                "For the repository tests, please don't mock the database. I hate mocked "
                "sessions, they hid a real bug last quarter. Use a real Postgres in a container "
                "and factory_boy for test data.",
                [
                    bash(
                        "uv add --dev testcontainers factory-boy pytest-asyncio",
                        "Installed 3 packages",
                    ),
                    write(
                        f"{BILLING}/tests/conftest.py",
                        "from testcontainers.postgres import PostgresContainer\n"
                        "@pytest.fixture(scope='session')\ndef pg():\n"
                        "    with PostgresContainer('postgres:16') as c:\n        yield c\n",
                    ),
                    bash("uv run pytest -q", "41 passed in 12.7s"),
                ],
                "Tests now run against a real PostgreSQL 16 started once per session with "
                "testcontainers; each test runs in a transaction rolled back at the end. Test "
                "data comes from factory_boy factories in tests/factories.py. No database "
                "mocks remain.",
            ),
        ],
    },
    {
        "id": "s07",
        "project": BILLING,
        "turns": [
            (
                "The analytics team needs to replay all invoice events from the beginning and "
                "we need strict ordering per customer. RabbitMQ can't do replay. Let's move the "
                "invoice events from RabbitMQ to Kafka.",
                [],
                "Agreed, this changes the earlier choice: Kafka keeps the log, so consumers can "
                "replay from offset 0, and keying messages by customer_id keeps per-customer "
                "ordering inside a partition. Plan: topic billing.invoices.v1 with 12 "
                "partitions, retention infinite (compacted snapshot topic later), producer with "
                "acks=all and idempotence enabled.",
            ),
            (
                "Do it. Replace the aio-pika publisher with aiokafka and keep the retry behaviour.",
                [
                    bash(
                        "uv remove aio-pika && uv add aiokafka", "Removed aio-pika\nAdded aiokafka"
                    ),
                    write(
                        f"{BILLING}/app/events/publisher.py",
                        "from aiokafka import AIOKafkaProducer\nTOPIC = 'billing.invoices.v1'\n"
                        "producer = AIOKafkaProducer(acks='all', enable_idempotence=True)\n"
                        "async def publish(event):\n    await producer.send_and_wait(TOPIC, "
                        "event.json().encode(), key=event.customer_id.encode())\n",
                    ),
                    bash("uv run pytest tests/events -q", "8 passed in 3.02s"),
                ],
                "Invoice events now go to Kafka (topic billing.invoices.v1, key customer_id, "
                "acks=all, idempotent producer) through aiokafka; RabbitMQ is no longer used by "
                "billing. Retries are done by the producer; poison messages go to "
                "billing.invoices.dlq.",
            ),
        ],
    },
    {
        "id": "s08",
        "project": BILLING,
        "turns": [
            (
                "test_invoice_totals fails maybe one run in ten on CI, always off by one cent, "
                "and only around midnight UTC. Can you find out why?",
                [
                    bash(
                        "uv run pytest tests/test_invoices.py::test_invoice_totals -q --count 50",
                        "3 failed, 47 passed\nAssertionError: Decimal('100.01') != "
                        "Decimal('100.00')",
                    ),
                    edit(
                        f"{BILLING}/app/invoices.py",
                        "total = sum(line.amount * line.rate for line in lines)",
                        "total = sum((line.amount * line.rate).quantize(CENT, ROUND_HALF_EVEN) "
                        "for line in lines)",
                    ),
                    bash("uv add --dev time-machine", "Installed time-machine"),
                ],
                "Two causes. Line totals were summed before rounding, so the result depended "
                "on the order of lines; each line is now quantized to the cent with "
                "ROUND_HALF_EVEN (banker's rounding) first. And the test used the real clock: "
                "near midnight UTC the exchange rate of the next day was picked. The test now "
                "freezes time with time-machine. 200 runs in a row pass.",
            ),
        ],
    },
    {
        "id": "s09",
        "project": BILLING,
        "turns": [
            (
                "Deploying billing to the GKE cluster: pods never become ready, the readiness "
                "probe on /health times out and they restart in a loop.",
                [
                    bash(
                        "kubectl logs deploy/billing --previous | tail -3",
                        "INFO  [alembic.runtime.migration] Running upgrade 4c2a -> 9b1f\n"
                        "INFO  waiting for lock on alembic_version\n",
                    ),
                    edit(
                        f"{BILLING}/deploy/helm/templates/deployment.yaml",
                        "command: [sh, -c, 'alembic upgrade head && uvicorn app.main:app']",
                        "command: [uvicorn, app.main:app]",
                    ),
                    write(
                        f"{BILLING}/deploy/helm/templates/migrate-job.yaml",
                        "kind: Job\nmetadata:\n  annotations:\n    helm.sh/hook: pre-upgrade\n"
                        "spec:\n  template:\n    spec:\n      containers:\n      - command: "
                        "[alembic, upgrade, head]\n",
                    ),
                ],
                "Each pod ran alembic upgrade head at start-up, all replicas waited on the same "
                "migration lock and the readiness probe timed out. Migrations now run once in a "
                "Helm pre-upgrade Job; the container only starts uvicorn. The image is a "
                "multi-stage Docker build (builder with uv, runtime python:3.12-slim).",
            ),
        ],
    },
    {
        "id": "s10",
        "project": BILLING,
        "turns": [
            (
                "We need multi-currency invoices. Where do we get exchange rates and how do we "
                "store money amounts? Floats are out of the question.",
                [
                    write(
                        f"{BILLING}/app/rates.py",
                        "ECB_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'\n"
                        "RATE_TTL = 6 * 3600  # seconds in redis\n",
                    ),
                ],
                "Decision: amounts are stored as integers in minor units (cents) in BIGINT "
                "columns, with an ISO 4217 currency code beside each amount. Exchange rates "
                "come from the ECB daily reference feed, fetched by a scheduled job and cached "
                "in Redis for 6 hours; each invoice records the rate it used so it can be "
                "reproduced later.",
            ),
        ],
    },
    # ---------------------------------------------------------------- atlas-web (English/Japanese)
    {
        "id": "s11",
        "project": ATLAS,
        "turns": [
            (
                "New front end for the atlas dashboard: React 18 with TypeScript and Vite. Use "
                "pnpm, never npm or yarn in this repo. Styling with Tailwind. For state, Redux "
                "Toolkit.",
                [
                    bash(
                        "pnpm create vite atlas-web --template react-ts && pnpm add "
                        "@reduxjs/toolkit react-redux && pnpm add -D tailwindcss postcss",
                        "Scaffolding project in ./atlas-web...\nDone. Packages: +212",
                    ),
                ],
                "Scaffolded atlas-web with Vite (react-ts template), pnpm as the package "
                "manager (packageManager field set, npm blocked by an only-allow preinstall), "
                "Tailwind configured, and a Redux Toolkit store in src/store.ts.",
            ),
        ],
    },
    {
        "id": "s12",
        "project": ATLAS,
        "turns": [
            (
                "The Playwright login test is flaky on CI: 'Timeout 30000ms exceeded waiting "
                "for selector #submit'. Locally it always passes.",
                [
                    bash(
                        "pnpm exec playwright test e2e/login.spec.ts --repeat-each 20",
                        "4 failed\nTimeoutError: page.waitForSelector: Timeout 30000ms exceeded"
                        "\n  waiting for locator('#submit') to be visible",
                    ),
                    edit(
                        f"{ATLAS}/e2e/login.spec.ts",
                        "await page.waitForSelector('#submit'); await page.click('#submit');",
                        "await page.getByRole('button', { name: 'Sign in' }).click();",
                    ),
                    write(
                        f"{ATLAS}/e2e/auth.setup.ts",
                        "await page.context().storageState({ path: 'e2e/.auth/user.json' });\n",
                    ),
                    bash("pnpm exec playwright test --repeat-each 20", "120 passed (1.9m)"),
                ],
                "The CSS id selector raced the hydration of the form on slow CI machines. The "
                "test now uses role-based locators (getByRole) with Playwright's auto-waiting, "
                "and the other tests reuse a logged-in storageState from an auth setup project "
                "instead of logging in each time. 20 repeats pass on CI.",
            ),
        ],
    },
    {
        "id": "s13",
        "project": ATLAS,
        "turns": [
            (
                "Redux is way too much boilerplate for what we do; most of our state is server "
                "data anyway. Let's replace Redux Toolkit with Zustand for client state and "
                "TanStack Query for server state.",
                [
                    bash(
                        "pnpm remove @reduxjs/toolkit react-redux && pnpm add zustand "
                        "@tanstack/react-query",
                        "Packages: +2 -9",
                    ),
                    write(
                        f"{ATLAS}/src/stores/ui.ts",
                        "import { create } from 'zustand'\nexport const useUi = create((set) => "
                        "({ sidebarOpen: true, toggle: () => set((s) => ({ sidebarOpen: "
                        "!s.sidebarOpen })) }))\n",
                    ),
                ],
                "Redux Toolkit is gone. Client-only UI state (sidebar, filters, theme) lives in "
                "small Zustand stores under src/stores/, and everything fetched from the API "
                "goes through TanStack Query hooks with a 30 s staleTime. This replaces the "
                "earlier Redux decision.",
            ),
        ],
    },
    {
        "id": "s14",
        "project": ATLAS,
        "turns": [
            (
                "We need the dashboard in English, Chinese and Japanese. Set up translations so "
                "each page only loads its own strings.",
                [
                    bash("pnpm add i18next react-i18next i18next-http-backend", "Packages: +3"),
                    write(
                        f"{ATLAS}/src/i18n.ts",
                        "i18n.use(HttpBackend).use(initReactI18next).init({ fallbackLng: 'en', "
                        "ns: ['common'], backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' } })\n",
                    ),
                ],
                "Translations use react-i18next with one namespace per page, lazy-loaded over "
                "HTTP from public/locales/<lang>/<page>.json (en, zh-CN, ja). Keys are "
                "page.section.label in camelCase; English is the fallback language.",
            ),
        ],
    },
    {
        "id": "s15",
        "project": ATLAS,
        "turns": [
            (
                "pnpm build fails: src/pages/Home.tsx: Cannot find module '@/components/Button' "
                "or its corresponding type declarations. The dev server works fine.",
                [
                    bash(
                        "pnpm build",
                        "error TS2307: Cannot find module '@/components/Button' or "
                        "its corresponding type declarations.",
                    ),
                    edit(
                        f"{ATLAS}/tsconfig.app.json",
                        '"compilerOptions": {',
                        '"compilerOptions": {\n    "baseUrl": ".",\n    "paths": { "@/*": '
                        '["src/*"] },',
                    ),
                    bash("pnpm add -D vite-tsconfig-paths && pnpm build", "built in 4.12s"),
                ],
                "The @ alias was only configured in vite.config.ts, so Vite resolved it but tsc "
                "(run by pnpm build) did not. The alias now lives in tsconfig.app.json paths "
                "and vite-tsconfig-paths reads it from there, one source of truth.",
            ),
        ],
    },
    {
        "id": "s16",
        "project": ATLAS,
        "turns": [
            (
                "Where should we host the dashboard? I'd like a preview URL for every pull "
                "request so design can review changes before merge.",
                [
                    write(
                        f"{ATLAS}/.github/workflows/deploy.yml",
                        "- uses: cloudflare/wrangler-action@v3\n  with:\n    command: pages "
                        "deploy dist --project-name=atlas-web\n",
                    ),
                ],
                "Hosting on Cloudflare Pages: every pull request gets a preview deployment at "
                "<branch>.atlas-web.pages.dev, main deploys to production. The API base URL "
                "comes from VITE_API_URL, set per environment in the Pages project settings.",
            ),
        ],
    },
    {
        "id": "s17",
        "project": ATLAS,
        "turns": [
            (
                "Lighthouse says the first load is slow, the main JS bundle is 1.2 MB. What can "
                "we cut?",
                [
                    bash(
                        "pnpm exec vite-bundle-visualizer",
                        "moment 290 kB\necharts 410 kB\nreact-dom 130 kB",
                    ),
                    edit(
                        f"{ATLAS}/src/routes.tsx",
                        "import Reports from './pages/Reports'",
                        "const Reports = lazy(() => import('./pages/Reports'))",
                    ),
                    bash(
                        "pnpm remove moment && pnpm add date-fns && pnpm build",
                        "dist/assets/index.js 380.12 kB │ gzip: 121.40 kB",
                    ),
                ],
                "The main bundle went from 1.2 MB to 380 kB: routes are code-split with "
                "React.lazy and Suspense (the charts page with echarts loads on demand), and "
                "moment.js was replaced by date-fns, which tree-shakes.",
            ),
        ],
    },
    {
        "id": "s18",
        "project": ATLAS,
        "turns": [
            (
                "アクセシビリティの監査をしてください。特にモーダルダイアログとボタンの色のコントラストが心配です。",
                [
                    bash(
                        "pnpm exec playwright test e2e/a11y.spec.ts",
                        "axe: 3 violations\ncolor-contrast: .btn-secondary (2.9:1)\n"
                        "aria-dialog-name: #settings-modal",
                    ),
                    edit(
                        f"{ATLAS}/src/components/Modal.tsx",
                        '<div className="modal">',
                        '<FocusTrap><div role="dialog" aria-modal="true" '
                        'aria-labelledby={titleId} className="modal">',
                    ),
                ],
                "axe-core で監査しました。違反は3件: セカンダリボタンの色のコントラスト比が "
                "2.9:1 で基準 4.5:1 未満だったので色を濃くしました。モーダルには role=dialog と "
                "aria-modal を付け、フォーカストラップを入れて Esc で閉じられるようにしました。"
                "a11y テストを CI に追加しました。",
            ),
        ],
    },
    {
        "id": "s19",
        "project": ATLAS,
        "turns": [
            (
                "ダークモードを実装してください。OS の設定に従って、手動でも切り替えられるようにしたいです。"
                "それと、コミットメッセージは必ず英語で Conventional Commits 形式にしてください。",
                [
                    write(
                        f"{ATLAS}/src/styles/theme.css",
                        ":root { --bg: #ffffff; --fg: #111827 }\n"
                        "@media (prefers-color-scheme: dark) { :root { --bg: #0b1020; "
                        "--fg: #e5e7eb } }\n[data-theme=dark] { --bg: #0b1020 }\n",
                    ),
                    bash(
                        "git commit -am 'feat(theme): add dark mode with system preference'",
                        "[main 5e2a9c1] feat(theme): add dark mode with system preference",
                    ),
                ],
                "ダークモードは CSS 変数と prefers-color-scheme で実装し、設定画面のトグルで "
                "data-theme 属性を切り替えます。選択は localStorage に保存します。"
                "コミットメッセージは英語の Conventional Commits 形式 (feat:, fix: など) にします。",
            ),
        ],
    },
    # ---------------------------------------------------------------- datapipe (Chinese)
    {
        "id": "s20",
        "project": DATAPIPE,
        "turns": [
            (
                "我们要做一个事件采集服务 datapipe：从 Kafka 消费埋点事件，写入 ClickHouse。"
                "语言用 Go 1.22，Kafka 客户端用 franz-go，配置用环境变量加一个 YAML 文件。",
                [
                    bash(
                        "go mod init github.com/acme/datapipe && go get github.com/twmb/franz-go "
                        "github.com/ClickHouse/clickhouse-go/v2",
                        "go: added github.com/twmb/franz-go v1.16.1\n"
                        "go: added github.com/ClickHouse/clickhouse-go/v2 v2.23.0",
                    ),
                ],
                "项目骨架已建好：Go 1.22，Kafka 消费用 franz-go，写入用 clickhouse-go v2 的原生协议，"
                "配置从 config.yaml 读取并允许环境变量覆盖。目录结构：cmd/datapipe、internal/consumer、"
                "internal/sink。",
            ),
        ],
    },
    {
        "id": "s21",
        "project": DATAPIPE,
        "turns": [
            (
                "线上消费者 lag 一直在涨，已经积压了两百万条消息，ClickHouse 那边 CPU 很高。帮我看看原因。",
                [
                    bash(
                        "go tool pprof -top http://localhost:6060/debug/pprof/profile",
                        "flat  62%  clickhouse.(*conn).Exec\nflat  11%  json.Unmarshal",
                    ),
                    edit(
                        f"{DATAPIPE}/internal/sink/clickhouse.go",
                        "for _, ev := range events { conn.Exec(ctx, insertSQL, ev...) }",
                        "batch, _ := conn.PrepareBatch(ctx, insertSQL)\nfor _, ev := range events "
                        "{ batch.Append(ev...) }\nbatch.Send()",
                    ),
                ],
                "原因是每条消息单独执行一次 INSERT，ClickHouse 不适合这样写。改成批量写入：每攒够 "
                "5000 条或者每 1 秒 flush 一次，用 PrepareBatch 发送。上线后 lag 在 20 分钟内降到 0。",
            ),
        ],
    },
    {
        "id": "s22",
        "project": DATAPIPE,
        "turns": [
            (
                "ClickHouse 报错：DB::Exception: Too many parts (300). Merges are processing "
                "significantly slower than inserts. 这是什么意思，怎么解决？",
                [
                    bash(
                        'clickhouse-client -q "SELECT table, count() FROM system.parts WHERE '
                        'active GROUP BY table"',
                        "events\t312",
                    ),
                    edit(
                        f"{DATAPIPE}/internal/sink/clickhouse.go",
                        "flushEvery = time.Second",
                        "flushEvery = 5 * time.Second",
                    ),
                ],
                "每次 INSERT 都会生成一个新的 part，写得太频繁时后台合并跟不上，就会报 Too many "
                "parts。解决办法：把 flush 间隔从 1 秒改成 5 秒、批量上限提高到 50000 条，并且在服务端"
                "打开 async_insert=1 和 wait_for_async_insert=1。之后 part 数稳定在 40 左右。",
            ),
        ],
    },
    {
        "id": "s23",
        "project": DATAPIPE,
        "turns": [
            (
                "日志库选哪个？我想要结构化日志，JSON 输出，性能要好。",
                [bash("go get go.uber.org/zap", "go: added go.uber.org/zap v1.27.0")],
                "选择 zap：结构化、JSON 输出、几乎零内存分配。生产环境用 zap.NewProduction()，"
                "开发环境用 console 编码。所有日志都带上 topic、partition 和 offset 字段。",
            ),
        ],
    },
    {
        "id": "s24",
        "project": DATAPIPE,
        "turns": [
            (
                "datapipe 怎么部署和监控？现在只有一台机器，明年可能要上 Kubernetes。",
                [
                    write(
                        f"{DATAPIPE}/deploy/docker-compose.yml",
                        "services:\n  datapipe:\n    image: acme/datapipe:latest\n    restart: "
                        "always\n  prometheus:\n    image: prom/prometheus\n",
                    ),
                ],
                "先用 Docker Compose 在单机上部署，restart: always。监控用 Prometheus 抓取 "
                "/metrics，Grafana 看板上有 consumer_lag、批量大小和写入延迟三个指标，lag 超过 "
                "10 万条时告警。以后迁移到 Kubernetes 时镜像不用改。",
            ),
        ],
    },
    {
        "id": "s25",
        "project": DATAPIPE,
        "turns": [
            (
                "写测试的时候请用表驱动测试，断言用 testify 的 require，不要用 assert。错误一律用 "
                "fmt.Errorf 加 %w 包装，不要吞掉错误。这是我的习惯，以后都按这个来。",
                [
                    write(
                        f"{DATAPIPE}/internal/consumer/decode_test.go",
                        "func TestDecode(t *testing.T) {\n\ttests := []struct{ name, in string; "
                        "wantErr bool }{...}\n\tfor _, tt := range tests {\n\t\tt.Run(tt.name, "
                        "func(t *testing.T) { require.NoError(t, err) })\n\t}\n}\n",
                    ),
                    bash("go test ./...", "ok  github.com/acme/datapipe/internal/consumer 0.31s"),
                ],
                "已按你的习惯改好：测试都是表驱动，用 t.Run 跑子测试，断言用 require；错误用 "
                'fmt.Errorf("decode event: %w", err) 包装向上返回。',
            ),
        ],
    },
    {
        "id": "s26",
        "project": DATAPIPE,
        "turns": [
            (
                "下游要通过 gRPC 查询采集状态。接口怎么设计？proto 文件放哪里？",
                [
                    write(
                        f"{DATAPIPE}/proto/datapipe/v1/status.proto",
                        'syntax = "proto3";\npackage datapipe.v1;\nservice StatusService {\n'
                        "  rpc GetPipelineStatus(GetPipelineStatusRequest) returns "
                        "(GetPipelineStatusResponse);\n}\n",
                    ),
                    bash("buf lint && buf generate", ""),
                ],
                "proto 放在 proto/datapipe/v1/ 下，包名带版本号 datapipe.v1，不兼容的修改只能出 v2。"
                "用 buf 做 lint 和代码生成，字段名用 snake_case，每个 RPC 都有独立的 Request/Response "
                "消息。",
            ),
        ],
    },
    {
        "id": "s27",
        "project": DATAPIPE,
        "turns": [
            (
                "Go 1.21 以后标准库有 log/slog 了。我们把日志从 zap 换成 slog 吧，少一个依赖。",
                [
                    bash("go get -u ./... && go mod tidy", "go: removed go.uber.org/zap v1.27.0"),
                    edit(
                        f"{DATAPIPE}/internal/log/log.go",
                        "logger, _ := zap.NewProduction()",
                        "logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))",
                    ),
                ],
                "日志已经从 zap 换成标准库 log/slog，用 JSONHandler 输出 JSON，字段 topic、partition、"
                "offset 保留。zap 依赖已删除。这取代了之前选 zap 的决定。",
            ),
        ],
    },
    {
        "id": "s28",
        "project": DATAPIPE,
        "turns": [
            (
                "服务跑几天内存就涨到 4GB 被 OOM kill 了，帮我查一下内存泄漏。",
                [
                    bash(
                        "go tool pprof -top http://localhost:6060/debug/pprof/goroutine",
                        "182344 goroutines\ntime.NewTicker\ninternal/consumer.(*Worker).watch",
                    ),
                    edit(
                        f"{DATAPIPE}/internal/consumer/worker.go",
                        "ticker := time.NewTicker(time.Second)",
                        "ticker := time.NewTicker(time.Second)\n\tdefer ticker.Stop()",
                    ),
                ],
                "用 pprof 看到 goroutine 泄漏：每次分区重平衡都会启动一个 watch goroutine，里面的 "
                "ticker 没有 Stop，goroutine 也不会退出。加了 defer ticker.Stop() 并用 context 取消 "
                "goroutine，内存稳定在 300MB。",
            ),
        ],
    },
]
