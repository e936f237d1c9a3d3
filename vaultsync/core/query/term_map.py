# ruff: noqa: E501  (data: CJK text counts double width)
"""Chinese, Japanese and Korean words of software work, with their English words: a question
asked in Chinese, Japanese or Korean about a session held in English shares almost no word with
it, except these (a key holds no space). `core/query/nlquery.terms` adds the English words of every entry found in a CJK run of a
question (after its own terms, so they never push one out).

Written by hand for this project (not taken from a dictionary): the everyday vocabulary of
coding sessions (errors, fixes, builds, tests, data, deployment, front end, decisions). Only
Chinese/Japanese/Korean → English: an English question about a Chinese session is already helped by
the identifiers, file names and commands both share, and expanding English questions into CJK
terms would pull in every note of a translated vault.
"""

from __future__ import annotations

_PAIRS = """
修复 fix|修好 fix|修正 fix|直し fix|解决 fix resolve|解決 fix resolve|问题 issue problem|
错误 error|报错 error|エラー error|异常 exception|例外 exception|崩溃 crash|クラッシュ crash|
失败 fail|失敗 fail|超时 timeout|タイムアウト timeout|重试 retry|リトライ retry|退避 backoff|
回滚 rollback|ロールバック rollback|部署 deploy|デプロイ deploy|发布 release|リリース release|
上线 deploy release|构建 build|ビルド build|编译 compile|コンパイル compile|测试 test|テスト test|
单元测试 unit test|集成测试 integration test|数据库 database|データベース database|迁移 migration|
マイグレーション migration|表 table|索引 index|インデックス index|查询 query|クエリ query|
缓存 cache|キャッシュ cache|离线 offline|オフライン offline|内存 memory|メモリ memory|泄漏 leak|
泄露 leak|リーク leak|性能 performance|パフォーマンス performance|延迟 latency lag|遅延 latency lag|
日志 log|ログ log|监控 monitor|監視 monitor|告警 alert|报警 alert|アラート alert|规则 rule|ルール rule|
配置 config configure|設定 config setting|环境变量 environment variable|依赖 dependency|依存 dependency|
升级 upgrade|アップグレード upgrade|版本 version|バージョン version|接口 api interface|
限流 rate limit|速率限制 rate limit|レート制限 rate limit|请求 request|リクエスト request|响应 response|
レスポンス response|认证 auth authentication|認証 auth authentication|登录 login sign|ログイン login sign|
令牌 token|トークン token|过期 expire|期限切れ expire|签名 signature|署名 signature|校验 verify|
验证 verify validate|検証 verify|密钥 key secret|权限 permission|権限 permission|加密 encrypt|
消息队列 message queue|メッセージキュー message queue|队列 queue|キュー queue|消费者 consumer|
コンシューマ consumer|生产者 producer|分区 partition|パーティション partition|后台任务 background job task|
后台 background|バックグラウンド background|任务 task job|タスク task|ジョブ job|定时任务 cron schedule|
邮件 email mail|メール email mail|通知 notification|推送 push|プッシュ push|设备 device|デバイス device|
注册 register|登録 register|上传 upload|アップロード upload|下载 download|ダウンロード download|
图片 image|画像 image|压缩 compress|圧縮 compress|文件 file|ファイル file|目录 directory folder|
路径 path|パス path|脚本 script|スクリプト script|命令 command|コマンド command|终端 terminal shell|
前端 frontend|フロントエンド frontend|后端 backend|バックエンド backend|页面 page|画面 screen|
界面 ui interface|组件 component|コンポーネント component|状态管理 state management|状態管理 state management|
状态 state|状態 state|样式 style|スタイル style|深色模式 dark mode|暗色 dark|ダークモード dark mode|
主题 theme|テーマ theme|颜色 color|色 color|翻译 translation i18n|翻訳 translation i18n|国际化 i18n|
多语言 i18n translation|路由 route router|ルーティング routing route|中间件 middleware|ミドルウェア middleware|
服务 service|サービス service|服务器 server|サーバー server|客户端 client|クライアント client|
请求头 header|模板 template|テンプレート template|渲染 render|レンダリング render|生成 generate|
发票 invoice|請求書 invoice|账单 billing invoice|支付 payment|決済 payment|订单 order|注文 order|
用户 user|ユーザー user|客户 customer|顧客 customer|库 library|ライブラリ library|框架 framework|
フレームワーク framework|插件 plugin|プラグイン plugin|包 package|パッケージ package|
重构 refactor|リファクタ refactor|代码 code|コード code|函数 function|関数 function|类 class|
变量 variable|変数 variable|类型 type|型 type|空指针 null pointer|空值 null|null null|
内存溢出 out of memory oom|写入 write|書き込み write|读取 read|読み込み read|上游 upstream|下游 downstream|
事件 event|イベント event|流 stream|ストリーム stream|批处理 batch|バッチ batch|并发 concurrency|
並行 concurrency|线程 thread|スレッド thread|锁 lock|ロック lock|连接池 connection pool|
连接 connection|接続 connection|网络 network|ネットワーク network|代理 proxy|プロキシ proxy|
负载均衡 load balancer|容器 container|コンテナ container|镜像 image|集群 cluster|クラスタ cluster|
存储桶 bucket|バケット bucket|存储 storage|ストレージ storage|备份 backup|バックアップ backup|
合并 merge|マージ merge|分支 branch|ブランチ branch|提交 commit submit|コミット commit|冲突 conflict|
競合 conflict|决定 decide decision|決定 decide decision|选择 choose|選択 choose|方案 approach plan|
原因 cause reason|为什么 why|なぜ why|原因は cause|速度 speed|慢 slow|遅い slow|快 fast|
內存 memory|記憶體 memory|資料庫 database|測試 test|錯誤 error|修復 fix|部署 deploy|
搜尋 search|搜索引擎 search engine|多語系 i18n translation|多語言 i18n translation|翻譯 translation i18n|
國際化 i18n|單元測試 unit test|整合測試 integration test|遷移 migration|頁面 page|套件 package library|
監控 monitor|指標 metric metrics|圖片 image|快取 cache|日誌 log|設定檔 config|環境變數 environment variable|
依賴 dependency|認證 auth authentication|登入 login sign|推播 push notification|檔案 file|
資料夾 folder directory|建置 build|編譯 compile|發布 release|發佈 release|效能 performance|
延遲 latency lag|請求 request|回應 response|佇列 queue|排程 schedule cron|
导航 navigation|ナビゲーション navigation|画面遷移 navigation|功能开关 feature flag|
命令行 command line|コマンドライン command line|解析 parse|
金额 amount|金額 amount|汇率 exchange rate|為替レート exchange rate|為替 exchange rate|货币 currency|
币种 currency|通貨 currency|价格 price|価格 price|退款 refund|返金 refund|
图表 chart|グラフ chart graph|调度 schedule scheduler|スケジューラー scheduler schedule|
スケジューラ scheduler schedule|
搜索 search|検索 search|全文搜索 full-text search|全文検索 full-text search|引擎 engine|エンジン engine|
联想 autocomplete suggest|自动补全 autocomplete|自動補完 autocomplete|入力補完 autocomplete|
オートコンプリート autocomplete|サジェスト suggest|検索候補 autocomplete suggest|同步 sync|同期 sync|
画图 plot chart|绘图 plot chart|作图 plot chart|プロット plot|描画 plot render|数据集 dataset|
データセット dataset|ノートブック notebook|笔记本 notebook|报表 report|レポート report|持久层 persistence|
格式化 format formatter|フォーマッター formatter format|フォーマッタ formatter format|フォーマット format|
整形 format formatter|提出 submit|
上架 publish release|
クラス class|方法 method|メソッド method|解析器 parser|パーサー parser|パーサ parser|
装饰器 decorator|デコレーター decorator|デコレータ decorator|데코레이터 decorator|参数 parameter argument|
引数 argument parameter|返回值 return value|戻り値 return value|字符串 string|文字列 string|
列表 list|リスト list|数组 array|配列 array|字典 dict dictionary|辞書 dict dictionary|
时区 timezone zone|時區 timezone zone|タイムゾーン timezone zone|日期 date|日付 date|
注释 comment|コメント comment|文档 docs documentation|ドキュメント docs documentation|
模块 module|モジュール module|钩子 hook|フック hook|调试 debug|調試 debug|デバッグ debug|
断言 assert assertion|アサーション assert assertion|正则 regex|正規表現 regex|
序列化 serialize serialization|シリアライズ serialize|编码 encoding encode|エンコード encode encoding|
空格 space whitespace|换行 newline|改行 newline|制表符 tab|重复 duplicate|重複 duplicate|
排序 sort sorting|ソート sort sorting|过滤 filter|フィルター filter|フィルタ filter|分页 pagination|
ページネーション pagination|コンフリクト conflict|
백그라운드 background|작업 job task|큐 queue|워커 worker|포매터 formatter format|
포맷 format|상태관리 state management|상태 state|라이브러리 library|설정 config setting|
환경변수 environment variable|웹훅 webhook|배포 deploy release|빌드 build|테스트 test|오류 error|
에러 error|명령줄 command line|인자 argument|파싱 parse|파서 parser|데이터베이스 database|캐시 cache|
로그 log|라우팅 routing route|화면 screen|알림 notification|푸시 push|서명 signature|검증 verify validate|
재시도 retry|출시 release|릴리스 release|인증 auth authentication|로그인 login|
"""


def _parse(text: str) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for entry in text.replace("\n", "").split("|"):
        word, _, english = entry.strip().partition(" ")
        if word and english:
            out[word] = tuple(english.split())
    return out


TERM_MAP: dict[str, tuple[str, ...]] = _parse(_PAIRS)
# Longest first, so 消息队列 is found before 队列.
KEYS: tuple[str, ...] = tuple(sorted(TERM_MAP, key=len, reverse=True))
