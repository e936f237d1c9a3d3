# ruff: noqa: E501  (data: CJK text counts double width)
"""A fourteenth set, written before any tuning that uses it: questions in shapes no earlier set
used (Japanese in romaji mixed with English words; Chinese in pinyin mixed with English words,
asked of notes in another language; a request inside a long task prompt, "before you start,
please check whether we already decided X"; "has someone already tried X" where the answer is
spread over several turns of one session, no single message saying it; "what did we land on
last" over a fact that changed three and four times), and never-discussed questions in the
same shapes.

One new project (osprey, a Flutter/Dart mobile app written about in English, Japanese and
Chinese, asked from `/home/dev/src/osprey`), notes of every kind (session logs replayed through
the real hook as Claude Code, Codex, Gemini CLI, Hermes and Cursor at their own time, some of
several turns; L2 memories; plain notes a person wrote). Topics:

- **minsdk**: the Android minSdkVersion said four times, each contradicting the last: 21 (an
  English Claude Code session) -> 23 (a Chinese Gemini session) -> 26 (an English memory) -> 24
  (a Japanese Codex session, lowered again for a customer's Android 7 devices): the newest of
  four;
- **state**: state management said three times: Provider (a person's architecture note) ->
  Riverpod (Codex, English) -> Bloc (a Chinese memory);
- **impeller**: Impeller turned on for Android, the map screen flickering, turned off again:
  three turns of one Hermes session, the renderer named only in the first prompt, the failure
  only in the second, the revert only in the third ("put it back");
- **freezed**: the models moved to freezed, build_runner slowing CI, moved back: three turns of
  one Claude Code session, the same spread;
- **routing**: a Navigator 2.0 RouterDelegate of its own (a Cursor session: no closing words)
  -> go_router (a Japanese memory);
- **crash**: Firebase Crashlytics (Gemini, English) -> Sentry (a Chinese Claude Code session).

Never-discussed questions (kinds `none-request`, `none-romaji`, `none-pinyin`, `none-tried`):
requests inside task prompts about what was never decided, romaji and pinyin questions about
what the vault never holds, "has anyone already tried" what nobody tried; controls
(`control`) are answerable, each by the one note that says it.

Every question is asked at `NOW` (Thursday 2031-01-09, 16:30, America/Los_Angeles). Families
are topic or kind / language pair / style (`ja-romaji`, `zh-pinyin`: the question's script).
Held out: every question about `HELD_TOPICS` (chosen so that every shape this set probes is
held out in one topic: a fact said three times, romaji, pinyin, a request inside a task, a
try spread over one session's turns), and of every other family, those whose salted sha256
has an even first byte (`split_of`, salt `round21`), fixed when the set was written.
`python -m bench.recall.newest --set round21`.
"""

from __future__ import annotations

from typing import Any

from bench.recall import split
from bench.recall.decisions import bash, edit, single_turn
from bench.recall.decisions_round13 import memory

NAME = "decisions-round21"
NOW = "2031-01-09T16:30:00-08:00"
TZ = "America/Los_Angeles"

OSPREY = "/home/dev/src/osprey"


def text(raw: str) -> str:
    return raw.replace("{OSPREY}", OSPREY)


GRADLE = f"{OSPREY}/android/app/build.gradle"
MANIFEST = f"{OSPREY}/android/app/src/main/AndroidManifest.xml"

SESSIONS: list[dict[str, Any]] = [
    # --- minsdk: 21 (Claude Code, English) -> 23 (Gemini, Chinese) -> [26, a memory] -> 24 (Codex, Japanese)
    single_turn(
        "o-minsdk-1",
        "claude-code",
        OSPREY,
        "2030-08-04T10:00:00",
        "Create the osprey Flutter app for Android and iOS. Set the minimum Android version as low as Flutter allows so older phones are covered.",
        [
            bash("flutter create --org dev.osprey osprey", "All done!"),
            edit(GRADLE, "minSdkVersion flutter.minSdkVersion", "minSdkVersion 21"),
        ],
        "osprey is created. The minimum Android version is minSdkVersion 21 (Android 5.0) in android/app/build.gradle, so older phones are covered.",
    ),
    single_turn(
        "o-minsdk-2",
        "gemini",
        OSPREY,
        "2030-09-15T14:00:00",
        "osprey 接入 firebase_messaging 以后 Android 构建失败，说 minSdk 至少要 23。改一下。",
        [
            edit(GRADLE, "minSdkVersion 21", "minSdkVersion 23"),
            bash("flutter build apk --debug", "Built build/app/outputs/flutter-apk/app-debug.apk"),
        ],
        "osprey 的 minSdkVersion 已从 21 改成 23（firebase_messaging 的要求），debug 包能构建了。",
    ),
    single_turn(
        "o-minsdk-4",
        "codex",
        OSPREY,
        "2030-12-03T11:00:00",
        "物流のお客さんがまだ Android 7 の端末を使っているので、osprey の minSdkVersion を 24 に下げてください。生体認証は API 26 未満ではパスワード入力にフォールバックさせて。",
        [
            edit(GRADLE, "minSdkVersion 26", "minSdkVersion 24"),
            edit(
                f"{OSPREY}/lib/auth/biometric_gate.dart",
                "return _biometric.authenticate();",
                "if (sdkInt < 26) return _passwordFallback();\n    return _biometric.authenticate();",
            ),
        ],
        "minSdkVersion を 24 に変更しました。API 26 未満の端末では生体認証の代わりにパスワード入力になります。",
    ),
    # --- state: [Provider, a person's note] -> Riverpod (Codex, English) -> [Bloc, a Chinese memory]
    single_turn(
        "o-state-2",
        "codex",
        OSPREY,
        "2030-10-02T15:00:00",
        "Migrate osprey's state management from Provider to Riverpod, starting with the cart and the profile screens.",
        [
            bash(
                "flutter pub add flutter_riverpod",
                "Resolving dependencies... + flutter_riverpod 2.4.9",
            ),
            edit(
                f"{OSPREY}/lib/cart/cart_state.dart",
                "class CartModel extends ChangeNotifier {",
                "final cartProvider = NotifierProvider<CartNotifier, Cart>(CartNotifier.new);\nclass CartNotifier extends Notifier<Cart> {",
            ),
        ],
        "osprey now uses Riverpod (flutter_riverpod 2.4) for state management: the cart and profile are Notifier providers; the settings screen still uses Provider until it is rewritten.",
    ),
    # --- impeller: tried, spread over three turns of one Hermes session
    {
        "id": "o-impeller-1",
        "agent": "hermes",
        "project": OSPREY,
        "start": "2030-11-12T10:00:00",
        "turns": [
            (
                "Scrolling in osprey janks on Android. Turn on Impeller for the Android build.",
                [
                    edit(
                        MANIFEST,
                        "</application>",
                        '<meta-data android:name="io.flutter.embedding.android.EnableImpeller" android:value="true" />\n    </application>',
                    ),
                ],
                "Enabled it in AndroidManifest.xml; the product list scrolls at 60 fps on the emulator.",
            ),
            (
                "The map screen flickers on my Pixel 4a now, and the google_maps_flutter view goes black while I scroll.",
                [],
                "That is the platform view path: with the new renderer the map is composited in a separate pass, and this GPU driver drops those frames. There is no fix on our side yet.",
            ),
            (
                "Not shippable. Put it back the way it was.",
                [
                    edit(
                        MANIFEST,
                        'android:name="io.flutter.embedding.android.EnableImpeller" android:value="true"',
                        'android:name="io.flutter.embedding.android.EnableImpeller" android:value="false"',
                    ),
                ],
                "Done, the flag is false again and the map renders as before.",
            ),
        ],
    },
    # --- freezed: tried, spread over three turns of one Claude Code session
    {
        "id": "o-freezed-1",
        "agent": "claude-code",
        "project": OSPREY,
        "start": "2030-12-08T09:30:00",
        "turns": [
            (
                "Convert osprey's models from json_serializable to freezed, starting with Order and Customer.",
                [
                    bash(
                        "flutter pub add freezed_annotation dev:freezed",
                        "+ freezed 2.5.2 + freezed_annotation 2.4.1",
                    ),
                    edit(
                        f"{OSPREY}/lib/models/order.dart",
                        "@JsonSerializable()\nclass Order {",
                        "@freezed\nclass Order with _$Order {",
                    ),
                ],
                "Order and Customer are @freezed classes now, with fromJson kept.",
            ),
            (
                "The build_runner step on CI went from 20 seconds to 95. Why?",
                [
                    bash(
                        "dart run build_runner build --delete-conflicting-outputs",
                        "Succeeded after 94.8s with 212 outputs",
                    )
                ],
                "It generates copyWith, equality and union code for every class, so each run writes four times the files.",
            ),
            (
                "Too slow for us. Go back to what we had.",
                [
                    bash(
                        "git checkout -- lib/models pubspec.yaml && flutter pub get",
                        "Got dependencies!",
                    )
                ],
                "Reverted: lib/models and pubspec.yaml are as they were, on json_serializable.",
            ),
        ],
    },
    # --- routing: a RouterDelegate of its own (Cursor: no closing words) -> [go_router, a Japanese memory]
    single_turn(
        "o-routing-1",
        "cursor",
        OSPREY,
        "2030-08-20T16:00:00",
        "Set up navigation for osprey with Navigator 2.0: our own RouterDelegate and RouteInformationParser, routes for home, cart and orders.",
        [
            edit(
                f"{OSPREY}/lib/router.dart",
                "",
                "class OspreyRouterDelegate extends RouterDelegate<OspreyRoute> with ChangeNotifier, PopNavigatorRouterDelegateMixin<OspreyRoute> {}",
            ),
        ],
        "",
    ),
    # --- crash: Crashlytics (Gemini, English) -> Sentry (Claude Code, Chinese)
    single_turn(
        "o-crash-1",
        "gemini",
        OSPREY,
        "2030-09-03T11:00:00",
        "Add crash reporting to osprey with Firebase Crashlytics.",
        [
            bash("flutter pub add firebase_crashlytics", "+ firebase_crashlytics 3.4.8"),
            edit(
                f"{OSPREY}/lib/main.dart",
                "runApp(const OspreyApp());",
                "FlutterError.onError = FirebaseCrashlytics.instance.recordFlutterFatalError;\n  runApp(const OspreyApp());",
            ),
        ],
        "Crash reports from osprey go to Firebase Crashlytics: FlutterError.onError forwards fatal errors to it.",
    ),
    single_turn(
        "o-crash-2",
        "claude-code",
        OSPREY,
        "2030-12-20T13:00:00",
        "把 osprey 的崩溃上报从 Crashlytics 换成 Sentry：我们要自托管，还要看到 Dart 符号化之后的堆栈。",
        [
            bash(
                "flutter pub remove firebase_crashlytics && flutter pub add sentry_flutter",
                "+ sentry_flutter 7.14.0",
            ),
            edit(
                f"{OSPREY}/lib/main.dart",
                "FlutterError.onError = FirebaseCrashlytics.instance.recordFlutterFatalError;\n  runApp(const OspreyApp());",
                "await SentryFlutter.init((o) => o.dsn = const String.fromEnvironment('SENTRY_DSN'), appRunner: () => runApp(const OspreyApp()));",
            ),
        ],
        "已换成 sentry_flutter，DSN 通过 --dart-define 传入，Crashlytics 的代码和依赖都删掉了。",
    ),
]

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- minsdk: the third of four, an English memory
    (
        "o-minsdk-3",
        "memories/L2-confirmed/osprey minSdkVersion.md",
        "2030-10-20T18:00:00",
        memory("{OSPREY}", "2030-10-20T18:00:00-07:00")
        + """
# osprey minimum Android version

osprey's minSdkVersion is 26 (Android 8.0): raised for the biometric login (local_auth with BiometricPrompt) and adaptive icons. Android 6 and 7 are no longer supported.
""",
    ),
    # --- state: the first, a person's architecture note (no date property: its file time)
    (
        "o-state-1",
        "notes/osprey architecture.md",
        "2030-08-01T20:00:00",
        """# osprey architecture

- State management: Provider with a ChangeNotifier per screen; no global store.
- Networking: dio with one ApiClient; JSON models generated by json_serializable.
- Folders: lib/<feature>/ for screens, lib/models/ for data classes.
""",
    ),
    # --- state: the newest, a Chinese memory
    (
        "o-state-3",
        "memories/L2-confirmed/osprey 状态管理.md",
        "2030-12-15T19:00:00",
        memory("{OSPREY}", "2030-12-15T19:00:00-08:00")
        + """
# osprey 状态管理

osprey 的状态管理统一改用 Bloc（flutter_bloc）：Riverpod 的 provider 散落各处，测试难写。结账流程已经迁移，其他页面逐步迁移，新页面一律用 Bloc。
""",
    ),
    # --- routing: the newer decision, a Japanese memory
    (
        "o-routing-2",
        "memories/L2-confirmed/osprey ルーティング.md",
        "2030-11-02T18:00:00",
        memory("{OSPREY}", "2030-11-02T18:00:00-07:00")
        + """
# osprey のルーティング

osprey の画面遷移は go_router に統一した。自前の RouterDelegate はディープリンクの処理が複雑になりすぎたので廃止。ルート定義は lib/app_router.dart にまとめる。
""",
    ),
    # --- a control: a person's plain note
    (
        "o-fill-1",
        "notes/osprey release.md",
        "2030-08-10T20:00:00",
        """# osprey release

osprey ships to the App Store and Google Play through Codemagic: a tag v* builds both, signs them and uploads to TestFlight and the internal testing track.
""",
    ),
]

TOPICS = ("minsdk", "state", "impeller", "freezed", "routing", "crash")
HELD_TOPICS = frozenset({"state", "freezed"})
PROJECT_OF = {t: OSPREY for t in TOPICS}

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_MINSDK = (("o-minsdk-4",), ("o-minsdk-1", "o-minsdk-2", "o-minsdk-3"))
_STATE = (("o-state-3",), ("o-state-1", "o-state-2"))
_IMPELLER: tuple[tuple[str, ...], tuple[str, ...]] = (("o-impeller-1",), ())
_FREEZED: tuple[tuple[str, ...], tuple[str, ...]] = (("o-freezed-1",), ())
_ROUTING = (("o-routing-2",), ("o-routing-1",))
_CRASH = (("o-crash-2",), ("o-crash-1",))

# (qid, family, asked from, question, answer, older or other answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- minsdk: the newest of four contradicting facts
    ("q01", "minsdk/en>ja/question", OSPREY, "What is osprey's minSdkVersion now?", *_MINSDK),
    ("q02", "minsdk/ja-romaji>ja/romaji", OSPREY, "osprey no minSdkVersion tte ima ikutsu dakke?", *_MINSDK),
    ("q03", "minsdk/zh-pinyin>ja/pinyin", OSPREY, "osprey de minSdk xianzai shi duoshao? haishi 26 ma?", *_MINSDK),
    ("q04", "minsdk/en>ja/request", OSPREY, "I'm adding a camera screen to osprey with the camera plugin. Before you start, please check whether we already settled on a minimum Android version, so the plugin's requirements fit. Then add the screen behind the profile menu and write a widget test for it.", *_MINSDK),
    ("q05", "minsdk/zh>ja/request", OSPREY, "给 osprey 的扫码功能接入 mobile_scanner 插件。开始之前请先查一下我们之前定下来的 Android 最低版本（minSdk）是多少，插件的要求不能超过它。然后在首页加一个扫码入口。", *_MINSDK),
    # --- state: the newest of three (held out)
    ("q06", "state/en>zh/question", OSPREY, "Which state management library does osprey use now?", *_STATE),
    ("q07", "state/ja-romaji>zh/romaji", OSPREY, "osprey no state management wa ima mo Riverpod no mama? sore tomo kawatta?", *_STATE),
    ("q08", "state/zh-pinyin>zh/pinyin", OSPREY, "osprey xianzai yong de shi na ge state management? Provider haishi Riverpod?", *_STATE),
    ("q09", "state/en>zh/request", OSPREY, "Build the order history screen in osprey with pull-to-refresh and pagination. Please check whether we already decided how state is managed in osprey before you start, and follow that. Add golden tests for the empty and loaded states.", *_STATE),
    ("q10", "state/ja>zh/request", OSPREY, "osprey にお気に入り機能を追加してください。始める前に、状態管理について既に決めたことがあるか確認して、それに従ってください。ローカル保存は shared_preferences でお願いします。", *_STATE),
    ("q11", "state/en>zh/latest", OSPREY, "We went back and forth on osprey's state management a few times; what did we land on last?", *_STATE),
    # --- impeller: tried, the answer spread over one session's turns
    ("q12", "impeller/en>en/tried", OSPREY, "Has someone already tried Impeller on osprey's Android build, and how did it go?", *_IMPELLER),
    ("q13", "impeller/ja-romaji>en/romaji", OSPREY, "osprey de Impeller tte dareka mou tameshita?", *_IMPELLER),
    ("q14", "impeller/zh>en/tried", OSPREY, "有人在 osprey 上试过开 Impeller 吗？结果如何？", *_IMPELLER),
    ("q15", "impeller/en>en/request", OSPREY, "Scrolling on osprey's product list still janks on mid-range Android phones. Before you start profiling, please check whether someone already tried switching the renderer and what came of it. Then look at the image decoding on that list.", *_IMPELLER),
    # --- freezed: tried, the answer spread over one session's turns (held out)
    ("q16", "freezed/en>en/tried", OSPREY, "Did anybody already try freezed for osprey's models?", *_FREEZED),
    ("q17", "freezed/zh-pinyin>en/pinyin", OSPREY, "you ren shi guo gei osprey de models yong freezed ma?", *_FREEZED),
    ("q18", "freezed/ja>en/tried", OSPREY, "osprey のモデルを freezed にするの、前に誰か試しましたか？どうなりました？", *_FREEZED),
    ("q19", "freezed/en>en/request", OSPREY, "Add a Coupon model to osprey with JSON serialization and equality. Please check first whether we already tried a code generator like freezed and what happened, so we don't repeat it. Then wire the coupon into the cart total.", *_FREEZED),
    # --- routing: replaced, a request inside a task; romaji and pinyin
    ("q20", "routing/en>ja/request", OSPREY, "Add a deep link for osprey's order detail page (osprey://orders/<id>). Before you start, please check whether we already decided on a routing approach in osprey, and use it. Also add a test that opens the link.", *_ROUTING),
    ("q21", "routing/zh-pinyin>ja/pinyin", OSPREY, "osprey de routing xianzai yong go_router haishi ziji xie de RouterDelegate?", *_ROUTING),
    ("q22", "routing/ja-romaji>ja/romaji", OSPREY, "osprey no routing wa nani de yatteru? Navigator 2.0 no mama?", *_ROUTING),
    ("q23", "routing/en>ja/question", OSPREY, "How does osprey handle navigation and routes today?", *_ROUTING),
    # --- crash: replaced
    ("q24", "crash/en>zh/question", OSPREY, "Where do osprey's crash reports go now?", *_CRASH),
    ("q25", "crash/ja-romaji>zh/romaji", OSPREY, "osprey no crash report wa ima Crashlytics? Sentry?", *_CRASH),
    ("q26", "crash/en>zh/request", OSPREY, "Add an error boundary to osprey's checkout so a failed payment sheet doesn't crash the app. Before you start, please check whether we already decided which crash reporting service we use, and send the caught errors there. Keep the user-facing message short.", *_CRASH),
    ("q27", "crash/zh>zh/latest", OSPREY, "osprey 的崩溃上报最后定的是哪个？", *_CRASH),
    # --- never discussed: requests inside tasks, romaji, pinyin, "has anyone already tried"
    ("n01", "none-request/en/request", OSPREY, "Add an analytics event when a user finishes checkout in osprey. Before you start, please check whether we already decided on an analytics SDK, and use that one. Name the event checkout_completed.", (), ()),
    ("n02", "none-request/zh/request", OSPREY, "给 osprey 加上深色模式切换。开始之前请查一下我们是否已经决定过主题配色方案，然后在设置页加一个开关。", (), ()),
    ("n03", "none-romaji/ja-romaji/romaji", OSPREY, "osprey no local database wa Isar ni shita? Hive no mama?", (), ()),
    ("n04", "none-pinyin/zh-pinyin/pinyin", OSPREY, "osprey de guojihua yong de shi na ge i18n package?", (), ()),
    ("n05", "none-tried/en/tried", OSPREY, "Has anyone already tried Flutter web for osprey?", (), ()),
    ("n06", "none-tried/ja/tried", OSPREY, "osprey で Dart の WebAssembly ビルドを誰か試しましたか？", (), ()),
    # --- controls: answerable, the one note that says it
    ("c01", "control/en/question", OSPREY, "How does osprey get released to the stores?", ("o-fill-1",), ()),
    ("c02", "control/ja-romaji>en/romaji", OSPREY, "osprey no release wa Codemagic de yatteru?", ("o-fill-1",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Held out: every question about `HELD_TOPICS`, and the families whose salted sha256 has an
    even first byte (`split.by_family`, salt `round21`: fixed when the set was written)."""
    return split.by_family("round21", family, HELD_TOPICS)
