"""Planted instructions in Chinese and Japanese, read by their parts: the vocabulary of each part
(a sensitive source, sending, a harm, hiding, who is addressed, a persona, persistence, no
limits, the imperative, exposing, a claim) and how the parts combine, as
`core/privacy/directive.py` reads English. Imported only for a text with CJK characters; the
patterns compile on first use. Standard library only.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy

_CJK_SOURCE = (
    r"(?:密钥|密鑰|秘钥|私钥|私鑰|密码|密碼|口令|令牌|凭证|憑證|凭据|环境变量|環境變量|聊天记录|对话记录"
    r"|對話記錄|对话内容|系统提示|系統提示|環境変数|秘密鍵|APIキー|アクセスキー|トークン|パスワード|認証情報"
    r"|資格情報|会話履歴|チャット履歴|システムプロンプト|クッキー|API ?(?:[Kk]ey|密钥|キー)"
    r"|(?:デプロイ|署名|SSH ?)キー|部署(?:密钥|密鑰|令牌)"
    r"|(?<![\w.])\.env\b|\.ssh\b|id_rsa|\.aws\b|\.netrc|credentials)"
)
_CJK_SEND = (
    r"(?:发送|發送|发到|發到|发给|發給|上传|上傳|传到|傳到|提交到|粘贴到|貼到|附上|附加|转发|轉發|回传"
    r"|外发|送信|送って|送る|アップロード|転送|投稿|貼り付け|添付|含め|加えて|付けて|POST)"
)
_CJK_HARM = (
    r"(?:rm -rf|(?:curl|wget)\b[^\n|`]{0,200}\|[ \t]*(?:sudo[ \t]+)?(?:ba|z|da)?sh\b"
    r"|(?:删除|刪除|删掉|刪掉|清空)(?:所有|全部|整个|整個|生产|生產)"
    r"|强制推送|強制推送|强推|強推|转账|轉帳"
    r"|(?:整个|整個|全部|所有)都?(?:删掉|删除|刪除|刪掉|清空)"
    r"|(?:監査ログ|审计日志|審計日誌|バックアップ|备份|備份)を?(?:削除|消去|删除|刪除|删掉|清空)"
    r"|(?:フック|钩子|鉤子|hooks?)を?(?:無効|禁用|停用|关闭|關閉)"
    r"|(?:確認|承認|レビュー)(?:なし|無し)で"
    r"|关闭所有|關閉所有|(?:批准|合并|合併)[^。\n]{0,8}(?:不要|无需|無需|跳过|跳過|不用)"
    r"|(?:不需要|无需|無需|不用|跳过|跳過)[^。\n]{0,6}(?:测试|測試|审查|審查|检查|檢查|CI)[^。\n]{0,12}(?:批准|合并|合併)"
    r"|(?:通过|通過)了?安全(?:审查|審查|检查|檢查)|(?:すべて|全て|全部)[^。\n]{0,10}削除|強制プッシュ"
    r"|(?:テスト|レビュー|確認)(?:を)?(?:せず|なしで|スキップ)|安全だと"
    r"|(?:安全|セキュリティ|検証|テスト|审查|審查|检查|檢查)[^\n。]{0,6}(?:無効|スキップ|オフ|关闭|關閉|跳过|跳過))"
)
_CJK_HIDE = (
    r"(?:不要告诉|不要告訴|别告诉|別告訴|不要让用户知道|不要讓用戶知道|瞒着|瞞著|悄悄|偷偷|不要提及"
    r"|不要向用户|(?:ユーザー|利用者|誰)(?:に|には|にも)(?:知らせず|言わず|伝えず|内緒|知られ|気づかれ"
    r"|見せず)|こっそり|黙って|秘密裏)"
)
_CJK_ADDRESSEE = (
    r"(?:如果你是|如果您是|若你是|(?:致|给|給)[^\n。]{0,14}(?:AI|助手|模型|智能体|智能體|机器人|機器人|工具)"
    r"[：:，,]?"
    r"|(?:AI|人工智能|助手|模型|智能体|智能體|机器人|機器人)(?:们|們)?[：:，,]|语言模型|語言模型"
    r"|(?:AI|エージェント|アシスタント|モデル|ボット)(?:さん|様|さま)?(?:へ|に|は|の皆|各位|への|へ向け)"
    r"|を読(?:んだ|む|み込んだ)[^\n。]{0,6}(?:AI|エージェント|アシスタント|モデル|ボット)"
    r"|もし(?:あなたが)?(?:AI|言語モデル|エージェント)|言語モデル"
    r"|(?:总结|總結|摘要|概括|翻译|翻譯|处理|處理|分析|回答|编辑|編輯|修改|读取|讀取|阅读|閱讀|打开|打開)"
    r"(?:此|这个|這個|这篇|這篇|本)[^\n。]{0,8}(?:时|時)"
    r"|(?:要約|翻訳|処理|分析|説明)(?:する)?(?:際|とき|時)は?)"
)
_CJK_PERSONA = (
    r"(?:扮演|假装你是|假裝你是|假装自己是|你现在是|你現在是|角色扮演|进入[^\n。]{0,6}模式"
    r"|として振る舞|として振舞|になりきっ|を演じ|のふりをし|あなたは今から|ロールプレイ)"
)
_CJK_PERSIST = (
    r"(?:从现在开始|從現在開始|从现在起|從現在起|从今以后|從今以後|以后每次|以後每次|每次(?:回答|回复|回覆)"
    r"|永远|永遠|始终|始終|今后|今後|此后|今後ずっと|これからずっと|これからは|常に|毎回|いつも|永久に)"
)
_CJK_LIMITLESS = (
    r"(?:没有任何限制|沒有任何限制|没有限制|沒有限制|不受(?:任何)?限制|无限制|無限制|只服从|只服從"
    r"|只听从|只聽從|制限のない|制限なし|制限なく|制約のない|ルールを無視)"
)
_CJK_IMPERATIVE = (
    r"(?:请|請|必须|必須|务必|務必|第[一二三四]步|立即|马上|馬上|直接|你要|您要|你必须|你必須|你应|你應|给我|給我"
    r"|[てで]ください|[てで]下さい|先[^。\n]{0,30}(?:然后|然後|再)|(?:都|也|就|一定|总是|總是)要|把[^。\n]{1,40}(?:发|發|传|傳|贴|貼|附)|してください|して下さい|せよ|しろ|すること|しなさい|こと[。\n]"
    r"|まず[^。\n]{0,40}次に|なさい"
    r"|[てで](?:もらえ|いただけ|頂け)(?:る|ます|れば)?と?(?:助かり|幸い|嬉し|うれし|ありがた)"
    r"|[てで](?:ほしい|欲しい)|お願い(?:します|いたします|致します))"
)
_CJK_EXPOSE = (
    r"(?:列出|输出|輸出|打印|显示|顯示|读取|讀取|告诉我|告訴我|一覧表示|出力|表示|読み上げ)"
)
_CJK_CLAIM = (
    r"(?:(?:说|說|声称|聲稱|表示|推荐|推薦|评价|評價|称|稱|述べ|と言|推薦|評価|記載)[^\n。]{0,30}"
    r"(?:最好|最佳|安全|可信|值得信赖|值得信賴|没有问题|沒有問題|五星|最高|信頼でき|問題(?:が|は)?(?:ない|ありません)))"
    r"|(?:最好|最佳|安全|可信|五星|最高|信頼でき|問題ない)[^\n。]{0,20}(?:说|說|述べ|と言|記載|表示)"
)
# An order that points back at an act the text has just told of ("…删掉并强推了…，这次也请照旧办理",
# "今回も同じようにお願いします"): the act told is the act asked for.
_CJK_ANAPHOR = (
    r"(?:照旧|照舊|照样|照樣|如法炮制|同样(?:地)?(?:做|办|辦|处理|處理)|再(?:做|来|來)一(?:次|遍)"
    r"|也(?:这么|這麼|这样|這樣)做|同じように|同様に|もう一度)"
)
_CJK_NEG = Lazy(r"(?:不要|別|别|切勿|请勿|請勿|禁止|不得|不能|しないで|ないでください|てはいけ)$")
_CJK_PARTS = {
    name: Lazy(rx)
    for name, rx in (
        ("source", _CJK_SOURCE), ("send", _CJK_SEND), ("harm", _CJK_HARM), ("hide", _CJK_HIDE),
        ("addressee", _CJK_ADDRESSEE), ("persona", _CJK_PERSONA), ("persist", _CJK_PERSIST),
        ("limitless", _CJK_LIMITLESS), ("imperative", _CJK_IMPERATIVE), ("expose", _CJK_EXPOSE),
        ("claim", _CJK_CLAIM), ("anaphor", _CJK_ANAPHOR),
    )
}  # fmt: skip
_CJK_KEYS = (
    "工具",
    "如果你是", "如果您是", "若你是", "致", "助手", "模型", "智能体", "智能體", "机器人", "機器人",
    "エージェント", "アシスタント", "モデル", "ボット", "AI", "扮演", "假装", "假裝", "你现在是",
    "你現在是", "模式", "振る舞", "振舞", "なりきっ", "演じ", "ふりをし", "今から", "ロールプレイ",
    "从现在", "從現在", "从今以后", "從今以後", "每次", "永远", "永遠", "始终", "始終", "今后",
    "今後", "此后", "これから", "常に", "毎回", "いつも", "永久", "告诉", "告訴", "瞒着", "瞞著",
    "悄悄", "偷偷",
    "知らせず", "言わず", "伝えず", "内緒", "こっそり", "黙って", "秘密裏", "第一步", "まず",
    "发送", "發送", "上传", "上傳", "送信", "アップロード", "転送", "总结", "總結", "摘要", "概括",
    "翻译", "翻譯", "要約", "翻訳",
    "照旧", "照舊", "照样", "照樣", "同样", "同じように", "同様に", "もう一度", "再做", "再来",
    "再來",
)  # fmt: skip


def planted(w: str, a: int, b: int) -> bool:
    """Do the parts in w[a:b] combine as a planted instruction does (the English rules of
    core/privacy/directive.py, read with this vocabulary)?"""
    p = {name: rx.search(w, a, b) is not None for name, rx in _CJK_PARTS.items()}
    if p["send"]:
        p["send"] = any(
            not _CJK_NEG.search(w, max(a, m.start() - 6), m.start())
            for m in _CJK_PARTS["send"].finditer(w, a, b)
        )
    url = "://" in w[a:b]
    moves = p["source"] and (p["send"] or url)
    consequential = (
        moves
        or p["harm"]
        or p["hide"]
        or (p["source"] and p["expose"])
        or (p["addressee"] and p["claim"])
    )
    if moves and p["send"] and p["imperative"] and (url or p["addressee"] or p["hide"]):
        return True
    if p["hide"] and p["imperative"]:
        return True
    if p["anaphor"] and p["imperative"] and (p["harm"] or moves):
        return True  # a harm told as a story, then asked for again
    if p["addressee"] and p["imperative"] and (consequential or p["limitless"]):
        return True
    if p["persona"] and (consequential or p["limitless"]):
        return True
    # persistence counts only when it is asked of the reader: "你…要", "…ください", "あなた"
    second = any(x in w[a:b] for x in ("你", "您", "あなた"))
    return p["persist"] and consequential and (p["imperative"] or second)


# The trigger words, looked for in the text as written (directive.find): a lowered copy would
# never hold a key in capitals ("AI").
KEYS = _CJK_KEYS
