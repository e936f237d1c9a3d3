"""Rule tables read into Rule objects."""

from __future__ import annotations

from vaultsync.core.privacy.rules import BUILTIN_RULES, TOKEN_CHARS, Rule, parse_table
from vaultsync.core.privacy.tables import PROVIDERS, STRUCTURE

TABLE = """
demo-key | demo_,"demo key" | p=7 e=2.5 c=mixed g=2/3 s=example;sample x=1 w=40 a=1 |
    %Ldemo_[a-z]{4}%R
plain | | | (?i)plain=(\\w{8,})%E
"""


def test_every_option_lands_in_its_field() -> None:
    demo, plain = parse_table(TABLE, p="10")
    assert demo == Rule(
        id="demo-key",
        regex="demo_[a-z]{4}",
        secret_group=(2, 3),
        keywords=("demo_", "demo key"),
        entropy=2.5,
        stopwords=("example", "sample"),
        check="mixed",
        context=("demo_", "demo key"),
        window=40,
        priority=7,
        left=TOKEN_CHARS[:62],
        right=TOKEN_CHARS,
        anchored=True,
    )
    assert plain == Rule(id="plain", regex="(?i)plain=(\\w{8,})(?![A-Za-z0-9+/=_-])", priority=10)


def test_the_builtin_tables_are_the_builtin_rules() -> None:
    assert (
        parse_table(PROVIDERS, p="10", c="mixed", e="3") + parse_table(STRUCTURE) == BUILTIN_RULES
    )
    # Defaults apply where a row names no option of its own.
    assert [r.priority for r in parse_table(TABLE, p="10")] == [7, 10]
    assert [r.priority for r in parse_table(TABLE, p="3")] == [7, 3]


# ---- the cheap pre-checks: a key word inside a longer word starts no match -------------------


def _compiled_rules(text: str) -> set[str]:
    """The rules whose regex a fresh redactor compiled to redact `text`."""
    from vaultsync.core.privacy.redactor import Redactor

    redactor = Redactor(BUILTIN_RULES)
    redactor.redact(text)
    return {cr.rule.id for cr in redactor.rules if cr.rx._rx is not None}


def test_ordinary_tool_output_compiles_no_assignment_or_prose_rule() -> None:
    text = (
        "collected 14 items\ntests/test_parser.py ....  [100%]\n14 passed in 0.12s\n"
        "tokenize accessed the keyboard; passing apis authored privately\n"
    )
    compiled = _compiled_rules(text)
    assert "secret-assignment" not in compiled
    assert "password-prose" not in compiled


def test_the_pre_checks_still_let_real_candidates_through() -> None:
    from vaultsync.core.privacy.redactor import default_redactor

    cases = {
        "db_pass = 'Hunter2Hunter2x9'": "secret-assignment",
        "const apiKey = 'k7Qz2mW9pL4xR8vN3bT6'": "secret-assignment",
        "SECRET_KEY=k7Qz2mW9pL4xR8vN3bT6": "secret-assignment",
        "the password is Tr0ub4dor&3xyz": "password-prose",
        "my api key: k7Qz2mW9pL4xR8vN3bT6": "password-prose",
        "我的密码是Tr0ub4dor3xyz": "password-prose",
    }
    for text, rule in cases.items():
        found = {f.rule for f in default_redactor().redact(text).findings}
        assert rule in found, (text, found)


def test_pre_checks_judge_the_run_after_the_key_word() -> None:
    from vaultsync.core.privacy.starts import assign_start, prose_start

    assert not assign_start("12 passed", 3)
    assert assign_start("x pass = 1", 2)
    assert assign_start("my_password=", 3)
    assert assign_start("pass\u212a=", 0)  # non-ASCII after the word: the regex decides
    assert not prose_start("bypassword is", 2)  # no word start
    assert prose_start("password is", 0)
    assert not prose_start("accessed it", 0)
    assert prose_start("access key: x", 0)


# ---- secrets by their place in a format: a positive and a benign look-alike each ----------------
_V = "Zq8rT2mWx4Lp9sKd7Hv3Nb6Yc"  # fake, generated for the test
PLACES = [
    ("config-directive", f"requirepass {_V}\n", "requirepass ${REDIS_PASSWORD}\n"),
    ("config-directive", f"bind_pw {_V}\n", "proxy_pass http://backend:8080;\n"),
    ("config-directive", f"stats auth admin:{_V}\n", "auth required pam_unix.so\n"),
    ("config-directive", f"secret_access_key {_V}\n", "cache_key user_profile_v2_2024\n"),
    ("config-directive", f"rootpw {_V}\n", "PASS src/date.test.ts (4 ms)\nPASS src/a.test.ts\n"),
    ("cli-secret-flag", f"keytool -list -keystore ks.jks -storepass {_V}\n",
     "keytool -list -keystore ks.jks -storepass:env KS_PASS\n"),
    ("named-value", f'<add key="StorageKey" value="{_V}" />',
     '<add key="CacheKeyPrefix" value="app:v2:" />'),
    ("named-value", f'<entry key="db.password">{_V}</entry>',
     "<entry key=\"db.password\">${DB_PASSWORD}</entry>"),
    ("nested-secret", f"token:\n  value: {_V}\n", "token:\n  value: ${TOKEN}\n"),
    ("set-secret", f"aws configure set aws_secret_access_key {_V}\n",
     "redis-cli config set maxmemory 2gb\n"),
    ("secret-value-flag", f"gh secret set DEPLOY_TOKEN --body {_V}\n",
     'gh secret set DEPLOY_TOKEN --body "$DEPLOY_TOKEN"\n'),
    ("stdin-secret", f"echo {_V} | docker login -u bob --password-stdin\n",
     "echo $TOKEN | docker login -u bob --password-stdin\n"),
    ("secret-pair", f'command: ["app", "--password", "{_V}"]',
     'command: ["app", "--password", "${DB_PASSWORD}"]'),
    ("curl-user", f"curl -u :{_V} https://api.test/v1\n", "curl -u bob https://api.test/v1\n"),
    ("env-random-value", f"SENTRY_INGEST={_V}x9Qm\n",
     "TOKEN_CHARS=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-\n"),
    ("env-random-value", f"export MAPBOX='{_V}x9Qm'\n", "REQUEST_ID=Zq8rT2mWx4Lp9sKd7Hv3Nb6Yc1\n"),
    ("url-path-secret", f"POST https://hooks.chat.test/hooks/{_V}\n",
     "POST https://api.github.test/repos/o/r/hooks/12345678\n"),
    ("random-value", f"UPLOAD_BLOB ?= {_V}x9Qm\n", "GIT_SHA := $(shell git rev-parse HEAD)\n"),
    ("random-value", f'set(UPLOAD_BLOB "{_V}x9Qm")\n', f'hash = "sha256-{_V}x9Qm=";\n'),
    ("random-value", f'{{db_blob, "{_V}x9Qm"}},\n', f"< x-amz-id-2: {_V}x9Qm\n"),
    ("random-value", f'Credentials("Nexus", "nexus.test", "ci", "{_V}x9Qm")\n',
     f'{{"id": "chatcmpl-{_V}x9Qm", "object": "chat.completion"}}\n'),
    ("random-value", f"$ rabbitmqctl add_user app {_V}x9Qm\n",
     f'self.__next_f.push([1,"{_V}x9Qm"])\n'),
    ("random-value", f"<string>{_V}x9Qm</string>\n",
     "m = Model(base64_str='VGhlc2UgYXJlbid0IHRoZSBkcm9pZHMgeW91J3JlIGxvb2tpbmcgZm9y')\n"),
    ("short-password-flag", f"az login --service-principal -u app -p {_V}\n",
     "docker run -p 127.0.0.1:8080:80 nginx\n"),
    ("short-password-flag", "ldapsearch -x -D cn=admin -w lEn+MRtp5DL -b dc=corp\n",
     "curl -w '%{http_code}' -a https://x.test\n"),
    ("short-password-flag", "xfreerdp /v:host.test /u:admin /p:Wq7#rT2mLp9s\n",
     "mkdir -p build/out2/Release\n"),
    ("password-prose", f"测试环境的令牌我放这了：{_V}，用完记得删。\n",
     "令牌请放在环境变量 GITHUB_TOKEN 里，不要写进代码。\n"),
    ("password-prose", f"服务器口令改成了「{_V}」，今晚生效。\n",
     "秘钥轮换完成，新值在 Vault 里。\n"),
    ("password-prose", f"新しいトークン発行しました→ {_V}（有効期限30日）\n",
     "トークンは gh auth token で取得できます。\n"),
    ("config-directive", f"requirepass {_V}\n", "Password の設定は管理画面で変更できます。\n"),
    ("named-value", f"\t<key>ClientSecret</key>\n\t<string>{_V}</string>\n",
     "\t<key>APIKey</key>\n\t<string>$(API_KEY)</string>\n"),
    ("named-value", f"<property><name>fs.s3a.secret.key</name><value>{_V}</value></property>",
     "<property><name>fs.s3a.endpoint</name><value>s3.corp.test</value></property>"),
    ("xml-secret", f"<passphrase>{_V}</passphrase>\n",
     "<passphrase>${env.GPG_PASS}</passphrase>\n"),
    ("secret-assignment", f'set(SIGNING_PASSWORD "{_V}")\n',
     'force the caller to pass "callback=" explicitly\n'),
    ("secret-assignment", f'{{db_password, "{_V}"}},\n', "Did you mean to pass '--name2'?\n"),
    ("secret-assignment", f'{{:db {{:signing-key "{_V}"}}}}\n',
     'arn:aws:secretsmanager:eu-west-1:123456789012:secret:db-AbCdEf "x"\n'),
    ("secret-assignment", f"pass_phrase={_V}\n", "pass_phrase=${OCI_PASS_PHRASE}\n"),
    ("secret-assignment", f"//npm.corp.test/:_password={_V}\n",
     "//npm.corp.test/:always-auth=true\n"),
    # by position, not by name: a short password where a password stands
    ("credential-argument",
     'credentials += Credentials("Nexus", "nexus.corp.test", "ci", "oN1.6vgZfdfS8k742qz")\n',
     'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")\n'),
    ("credential-argument", 'client.login("admin", "Wq7#rT2mLp9s")\n',
     'client.login("admin", "Release2024Build")\n'),
    ("user-command-password", "$ rabbitmqctl add_user ember 1IVdyyQ97E6U*Fnwm\n",
     "$ useradd -m -s /bin/bash alice\n"),
    ("dsn-password", 'sql.Open("mysql", "iris:4VOPC#YIyaJ@tcp(db.corp.test:3306)/app")\n',
     'sql.Open("mysql", "iris:password@tcp(db.corp.test:3306)/app")\n'),
    ("anaconda-token",
     "  - https://conda.anaconda.org/t/ph-ee491bd2-4e6d-ca0d-d132-9c2c1cad2a04/corp\n",
     "  - https://conda.anaconda.org/conda-forge/linux-64/repodata.json\n"),
    ("secret-assignment", "secret_key_base: " + "e145145bb75c4cdef5bc60175dd66518" * 4 + "\n",
     'secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>\n'),
    ("password-prose", "@李工 部署用的 token 换了，新的是 keYto6i+FEG5F ，旧的已经作废\n",
     "パスワードは 1Password の「本番DB」に保存しました。\n"),
]  # fmt: skip


def test_a_secret_is_found_by_its_place_and_its_look_alike_is_not() -> None:
    from vaultsync.core.privacy.redactor import default_redactor

    red = default_redactor()
    for rule, secret, benign in PLACES:
        r = red.redact(secret)
        assert _V not in r.text and rule in {f.rule for f in r.findings}, (rule, secret)
        assert not red.redact(benign).findings, (rule, benign)


def test_an_english_secret_word_in_ascii_text_compiles_no_cjk_pattern() -> None:
    from vaultsync.core.privacy.starts import prose_cjk_start

    text = "the token is rotated daily; see the password policy"
    assert not any(prose_cjk_start(text, p) for p in range(len(text)))
    assert prose_cjk_start("token 换了，新的是 x", 0)


def test_a_credential_call_is_read_only_where_a_call_opens() -> None:
    from vaultsync.core.privacy.starts import call_start

    assert call_start('Credentials("r", "h", "u", "p")', 0)
    assert call_start('client.login ("admin", "x")', 7)
    assert not call_start("the auth service connects to the login page", 4)
