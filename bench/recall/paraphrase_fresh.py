"""A second paraphrase set over the Obsidian help vault, written on 2026-12-02 after the ranking
was tuned (the last weight changed before it existed): 45 queries, 15 each in en, zh and ja, on
notes the first set (paraphrase.py) never asks for. Every query is out of sample: it is scored
as a split of its own ("fresh") and never used to choose anything. Same form as paraphrase.py.
"""

from __future__ import annotations

from bench.recall.paraphrase import P, _p

FRESH: list[P] = [
    # English
    _p(
        "fe01",
        "en",
        "open some note picked by chance so I rediscover old ideas",
        "Plugins/Random note",
    ),
    _p("fe02", "en", "present my notes on screen as a slideshow in a meeting", "Plugins/Slides"),
    _p(
        "fe03",
        "en",
        "make a new note named with the current date and time, for a zettelkasten",
        "Plugins/Unique note creator",
    ),
    _p(
        "fe04",
        "en",
        "peek at what a linked note says without opening it, by hovering over the link",
        "Plugins/Page preview",
    ),
    _p(
        "fe05",
        "en",
        "move a note out into a separate window on my second monitor",
        "User interface/Pop-out windows",
    ),
    _p(
        "fe06",
        "en",
        "hide the column of quick-action icons along the left edge of the app",
        "User interface/Ribbon",
    ),
    _p(
        "fe07",
        "en",
        "make a folder stored somewhere else on my disk appear inside my vault",
        "Files and folders/Symbolic links and junctions",
    ),
    _p(
        "fe08",
        "en",
        "see every reference at the bottom of my note listed in a side panel",
        "Plugins/Footnotes view",
    ),
    _p(
        "fe09",
        "en",
        "find out how many people visit my published site",
        "Obsidian Publish/Analytics",
    ),
    _p(
        "fe10",
        "en",
        "choose the folder where images I paste into notes are saved",
        "Editing and formatting/Attachments",
    ),
    _p("fe11", "en", "switch the app's menus to Spanish", "User interface/Language settings"),
    _p(
        "fe12",
        "en",
        "try out the app's features in a practice space without risking my own notes",
        "Getting started/Sandbox vault",
    ),
    _p(
        "fe13",
        "en",
        "jump between the headings of a long note from a side panel",
        "Plugins/Outline",
    ),
    _p(
        "fe14",
        "en",
        "how much space do I get for synced files and how big can one file be",
        "Obsidian Sync/Plans and storage limits",
    ),
    _p(
        "fe15",
        "en",
        "roll the app out to every computer in my company",
        "Teams/Deploy Obsidian across your team",
    ),
    # Chinese
    _p("fz01", "zh", "随便打开一篇笔记，看看以前写过什么", "插件/漫游笔记"),
    _p("fz02", "zh", "开会时把笔记当成演示文稿放映", "插件/幻灯片"),
    _p("fz03", "zh", "新建笔记时自动用当前日期时间做文件名", "插件/时间戳笔记生成器"),
    _p("fz04", "zh", "鼠标移到链接上就能看到那篇笔记的内容", "插件/页面预览"),
    _p("fz05", "zh", "把一篇笔记放到单独的窗口里，摆在第二个显示器上", "用户界面/弹出窗口"),
    _p("fz06", "zh", "隐藏界面最左边那一列快捷图标", "用户界面/功能区"),
    _p("fz07", "zh", "让硬盘上别处的文件夹也出现在仓库里", "文件与文件夹/符号链接"),
    _p("fz08", "zh", "在侧栏里列出笔记底部所有的注释", "插件/脚注视图"),
    _p("fz09", "zh", "统计有多少人访问了我发布的网站", "Obsidian Publish/启用谷歌分析"),
    _p("fz10", "zh", "粘贴进笔记的图片保存到哪个文件夹", "编辑与格式化/附件"),
    _p("fz11", "zh", "把软件的菜单换成英文", "用户界面/语言设置"),
    _p("fz12", "zh", "找个练习的地方试用各种功能，不影响自己的笔记", "快速入门/沙盒仓库"),
    _p("fz13", "zh", "在侧边栏里按标题跳到长笔记的各个部分", "插件/大纲"),
    _p(
        "fz14",
        "zh",
        "同步的文件总共能存多少，单个文件最大能有多大",
        "Obsidian Sync/订阅计划与容量限制",
    ),
    _p("fz15", "zh", "给公司里所有电脑统一安装这个软件", "团队/在团队中部署 Obsidian"),
    # Japanese
    _p(
        "fj01",
        "ja",
        "昔書いたノートに再会するために適当に一つ開きたい",
        "プラグイン/ランダムノート",
    ),
    _p("fj02", "ja", "会議でノートをスライドショーのように見せたい", "プラグイン/スライド"),
    _p(
        "fj03",
        "ja",
        "現在の日時をファイル名にした新しいノートを作りたい",
        "プラグイン/ユニークノートクリエイター",
    ),
    _p(
        "fj04",
        "ja",
        "リンクにマウスを乗せるだけでその先のノートの中身を見たい",
        "プラグイン/ページプレビュー",
    ),
    _p(
        "fj05",
        "ja",
        "ノートを別のウィンドウに出して二台目のモニターに置きたい",
        "ユーザーインターフェイス/ポップアウトウィンドウ",
    ),
    _p("fj06", "ja", "画面の左端に縦に並んだアイコンを隠したい", "ユーザーインターフェイス/リボン"),
    _p(
        "fj07",
        "ja",
        "ディスクの別の場所にあるフォルダを保管庫の中に見せたい",
        "ファイルとフォルダ/シンボリックリンクとジャンクション",
    ),
    _p("fj08", "ja", "ノートの下にある注釈をサイドパネルで一覧したい", "プラグイン/脚注ビュー"),
    _p("fj09", "ja", "公開したサイトに何人訪れたか知りたい", "Obsidian Publish/アナリティクス"),
    _p(
        "fj10",
        "ja",
        "ノートに貼り付けた画像が保存されるフォルダを決めたい",
        "編集と書式設定/添付ファイル",
    ),
    _p("fj11", "ja", "アプリのメニューを英語に切り替えたい", "ユーザーインターフェイス/言語設定"),
    _p(
        "fj12",
        "ja",
        "自分のノートに影響を与えずに機能を試せる練習用の場所がほしい",
        "はじめに/サンドボックス保管庫",
    ),
    _p("fj13", "ja", "長いノートの見出しにサイドパネルから移動したい", "プラグイン/アウトライン"),
    _p(
        "fj14",
        "ja",
        "同期できる容量と一つのファイルの最大サイズを知りたい",
        "Obsidian Sync/プランとストレージ制限",
    ),
    _p(
        "fj15",
        "ja",
        "会社のすべてのパソコンにこのアプリを一斉に導入したい",
        "チーム/チームへのObsidianの展開",
    ),
]
