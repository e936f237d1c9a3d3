# ruff: noqa: E501  (data: CJK text counts double width)
"""Never-discussed questions, a fourth set, written before any tuning that uses it: questions
that share a project's name, a library's name or a common word with the vault and ask about
something it never discussed, beside answerable controls, over `decisions_round9.py`'s vault
(the same sessions, summaries, memories and plain notes; the same `NOW`).

Kinds of question:

- `project`: names a project the vault holds (forecast, tally, fieldkit) and asks what it
  never said about it (a minimum SDK version, who reviews code, the training box's memory);
- `lib`: names a library or tool the vault holds (pyarrow, Koin, goreleaser, OkHttp, Ktor,
  Prefect, pandas, Parquet) and asks something never discussed about it;
- `word`: shares only a common word of software work with the vault (timeout, tag,
  conflicts, upload, version) in a context it never had;
- `control`: answerable questions, each with its answer (the newest decision where a topic
  was decided more than once, else the one note that says it): a prompt must still hand it over.

Languages en, zh, ja and mixed; styles question, terse (a few words), still ("still ...?").
Each question's family is kind / language / style; a family is held out whole, by the first
byte of sha256(family) being even (fixed when the set was written; `split_of`).
`python -m bench.recall.newest --set abstain10`.
"""

from __future__ import annotations

import hashlib

from bench.recall import decisions_round9 as V

NAME = V.NAME  # the same vault (built once, cached under the vault's own file)
VAULT_FILE = V.__file__
NOW, TZ, SESSIONS, NOTES, text = V.NOW, V.TZ, V.SESSIONS, V.NOTES, V.text

FORECAST, TALLY, FIELD = V.FORECAST, V.TALLY, V.FIELD

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # (qid, family, asked from, question, answer, older answers)
    # --- project: names a project, asks what was never said about it
    ("a01", "project/en/question", FIELD, "What is fieldkit's minimum Android SDK version?", (), ()),
    ("a02", "project/en/question", TALLY, "Who reviews pull requests for tally?", (), ()),
    ("a03", "project/en/question", FORECAST, "How much memory does the forecast training box have?", (), ()),
    ("a04", "project/zh/question", FIELD, "fieldkit 的最低安卓版本是多少？", (), ()),
    ("a05", "project/zh/question", TALLY, "tally 的代码由谁来审？", (), ()),
    ("a06", "project/ja/question", FIELD, "fieldkit の最小 SDK バージョンは？", (), ()),
    ("a07", "project/ja/question", FORECAST, "forecast の学習サーバーのメモリはいくつ？", (), ()),
    ("a08", "project/mixed/question", FIELD, "fieldkit dark mode 决定了吗？", (), ()),
    ("a09", "project/mixed/question", TALLY, "tally 的 Windows installer 怎么做？", (), ()),
    ("a10", "project/en/terse", FIELD, "fieldkit localization", (), ()),
    ("a11", "project/en/terse", FORECAST, "forecast backup policy", (), ()),
    ("a12", "project/en/still", FIELD, "Are we still on Java 11 for fieldkit?", (), ()),
    ("a13", "project/zh/still", TALLY, "tally 还在用 Go 1.20 吗？", (), ()),
    ("a14", "project/ja/still", FORECAST, "forecast はまだ Python 3.9 ですか？", (), ()),
    # --- lib: names a library or tool the vault holds, asks what was never discussed
    ("a21", "lib/en/question", FORECAST, "Did we ever benchmark pyarrow against fastparquet?", (), ()),
    ("a22", "lib/en/question", FIELD, "How do we mock Koin modules in the UI tests?", (), ()),
    ("a23", "lib/en/question", TALLY, "Does goreleaser sign the tally binaries with cosign?", (), ()),
    ("a24", "lib/en/question", FIELD, "How is certificate pinning set up in OkHttp?", (), ()),
    ("a25", "lib/zh/question", FORECAST, "pandas 升级到 3.0 的计划定了吗？", (), ()),
    ("a26", "lib/zh/question", FIELD, "Koin 的模块在测试里怎么替换？", (), ()),
    ("a27", "lib/zh/question", TALLY, "goreleaser 要不要给 Homebrew 出 tap？", (), ()),
    ("a28", "lib/ja/question", FORECAST, "Parquet ファイルの圧縮方式は何にした？", (), ()),
    ("a29", "lib/ja/question", FIELD, "Ktor のリトライ設定はどうなっている？", (), ()),
    ("a30", "lib/mixed/question", FORECAST, "Prefect 的 alert 通知发到哪里？", (), ()),
    ("a31", "lib/en/terse", FORECAST, "pyarrow memory limit", (), ()),
    ("a32", "lib/en/terse", FIELD, "Ktor websocket reconnect", (), ()),
    ("a33", "lib/en/still", TALLY, "Is kong still pinned to an old release for tally?", (), ()),
    # --- word: shares only a common word with the vault
    ("a41", "word/en/question", FORECAST, "What timeout do we use for database queries?", (), ()),
    ("a42", "word/en/question", TALLY, "Which naming scheme do we use for docker image tags?", (), ()),
    ("a43", "word/en/question", FIELD, "How do we resolve merge conflicts in the translations?", (), ()),
    ("a44", "word/zh/question", FORECAST, "数据库查询的超时设多少？", (), ()),
    ("a45", "word/zh/question", FIELD, "上传进度条是怎么实现的？", (), ()),
    ("a46", "word/ja/question", FIELD, "アップロードの進捗表示はどう実装した？", (), ()),
    ("a47", "word/ja/question", TALLY, "ドキュメントのバージョン管理はどうする？", (), ()),
    ("a48", "word/mixed/question", FORECAST, "CI 的 cache 保留多久？", (), ()),
    ("a49", "word/en/terse", TALLY, "release notes translation", (), ()),
    ("a50", "word/en/still", FIELD, "Do we still retry failed payments twice?", (), ()),
    # --- control: answerable; the prompt must still give the answer
    ("c01", "control/en/question", FIELD, "How long is the upload timeout for field photos in fieldkit?", ("r-fill-2",), ()),
    ("c02", "control/en/question", TALLY, "How does tally's binary get its version string?", ("r-fill-1",), ()),
    ("c03", "control/en/question", FORECAST, "What fixed the pandas FutureWarning in train.py?", ("r-fill-3",), ()),
    ("c04", "control/en/question", FORECAST, "Which scheduler runs the forecast flows now?", ("r-sched-3",), ("r-sched-1", "r-sched-2")),
    ("c05", "control/zh/question", FIELD, "fieldkit 离线时数据冲突怎么解决？", ("r-fill-5",), ()),
    ("c06", "control/zh/question", TALLY, "tally 现在用什么库解析命令？", ("r-clilib-3",), ("r-clilib-1", "r-clilib-2")),
    ("c07", "control/zh/question", TALLY, "tally 的二进制现在用什么打包发布？", ("r-release-2",), ("r-release-1",)),
    ("c08", "control/ja/question", FORECAST, "forecast のモデルファイルはどう名前を付けて保存する？", ("r-fill-4",), ()),
    ("c09", "control/ja/question", FIELD, "fieldkit のネットワーク層は何に変えた？", ("r-http-2",), ("r-http-1",)),
    ("c10", "control/ja/question", FORECAST, "forecast の依存パッケージは何で入れている？", ("r-pkg-3",), ("r-pkg-1", "r-pkg-2")),
    ("c11", "control/mixed/question", FORECAST, "forecast 中间数据 Parquet 还是 CSV？", ("r-format-2",), ("r-format-1",)),
    ("c12", "control/mixed/question", FIELD, "fieldkit 的 navigation 库现在是哪个？", ("r-nav-3",), ("r-nav-1", "r-nav-2")),
    ("c13", "control/en/terse", FIELD, "fieldkit DI Koin", ("r-di-3",), ("r-di-1", "r-di-2")),
    ("c14", "control/en/terse", FIELD, "fieldkit offline sync conflicts", ("r-fill-5",), ()),
    ("c15", "control/en/still", FORECAST, "Is forecast still using Poetry?", ("r-pkg-3",), ("r-pkg-1", "r-pkg-2")),
    ("c16", "control/zh/still", FIELD, "fieldkit 还在用 Retrofit 吗？", ("r-http-2",), ("r-http-1",)),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}
PROJECT_OF = V.PROJECT_OF


def split_of(qid: str, family: str) -> str:
    """Held out when the first byte of sha256(family) is even: whole families, fixed."""
    return "held-out" if hashlib.sha256(family.encode()).digest()[0] % 2 == 0 else "dev"
