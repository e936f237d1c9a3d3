"""The built-in secret rules as data: one table of provider formats, one of structures.

A table line reads `id | keywords | options | regex`; a line indented by four spaces continues
the line above (its leading spaces are dropped). `rules.parse_table` reads them; its
docstring lists the options and the `%L`/`%B`/`%R`/`%E` markers.
"""

# Provider tokens with a distinctive prefix. Defaults: p=10 c=mixed e=3. GitLab and Google keys
# skip the digit check (c=): their prefix alone is distinctive, and about 3% of GitLab tokens
# (20 random URL-safe characters) carry no digit.
PROVIDERS = r"""
anthropic-api-key | sk-ant- | | %Lsk-ant-[a-z]{2,10}\d{0,3}-[A-Za-z0-9_-]{32,300}%R
openai-api-key | sk- | e=3.5 | %Lsk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,300}%R
aws-access-key-id | akia,asia,abia,acca,a3t | c= e=2.5 s=EXAMPLE |
    %L(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}%R
aws-session-token | iqojb3jpz2lux2vj,zxivyxdze | |
    %B(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE|FQoGZXIvYXdzE)[A-Za-z0-9/+=]{40,4000}
github-token | ghp_,gho_,ghu_,ghs_,ghr_ | s=ghp_16C7e42F292c6912E7710c838347Ae178B4a |
    %Lgh[pousr]_[A-Za-z0-9]{36,251}%R
github-fine-grained-pat | github_pat_ | | %Lgithub_pat_[A-Za-z0-9_]{50,255}%R
gitlab-token | glpat-,gldt-,glptt-,glrt-,glsoat-,glft-,glimt-,glagent-,gloas-,glcbt-,gr1348941 |
    c= |
    %L(?:gl(?:pat|dt|ptt|rt|soat|ft|imt|agent|oas|cbt|ffct)-|GR1348941)[A-Za-z0-9_-]{20,64}
    (?:\.[A-Za-z0-9_-]{1,64}){0,3}%R
slack-token | xox | | %L(?:xox[abposre]|xoxe\.xox[bp])-[A-Za-z0-9-]{10,250}%R
slack-app-token | xapp- | | %Lxapp-\d-[A-Z0-9]{8,16}-\d{6,16}-[a-z0-9]{32,128}%R
slack-webhook | hooks.slack.com | g=1 |
    hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9_/+-]{20,200})
anaconda-token | /t/ | c= g=1 |
    /t/([a-z]{2}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=/)
discord-webhook | /api/webhooks/ | g=1 |
    discord(?:app)?\.com/api/webhooks/\d{5,30}/([A-Za-z0-9_-]{40,100})
teams-webhook | webhook.office.com | g=1 |
    \.webhook\.office\.com/webhookb2/([A-Za-z0-9@/_-]{40,300})
stripe-secret-key | sk_live_,sk_test_,rk_live_,rk_test_,sk_prod_,rk_prod_ |
    s=4eC39HqLyjWDarjtT1zdp7dc |
    %L(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,247}%R
stripe-webhook-secret | whsec_ | | %Lwhsec_[A-Za-z0-9+/=]{20,100}%R
google-api-key | aiza | c= | %LAIza[0-9A-Za-z_-]{35}%R
google-oauth-secret | gocspx- | | %LGOCSPX-[A-Za-z0-9_-]{20,40}%R
google-oauth-token | ya29.,1//0 | | %L(?:ya29\.[0-9A-Za-z_-]{30,2000}|1//0[0-9A-Za-z_-]{40,500})%R
huggingface-token | hf_,api_org_ | c= e=3.5 | %L(?:hf_|api_org_)[A-Za-z0-9]{30,64}%R
npm-token | npm_ | | %Lnpm_[A-Za-z0-9]{36}%R
pypi-token | pypi-ag | | %Lpypi-Ag[A-Za-z0-9_-]{50,1000}%R
jwt | eyj | c=jwt s=eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ |
    %LeyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{4,16384}\.[A-Za-z0-9_-]{0,4096}
    (?:\.[A-Za-z0-9_-]{0,4096}\.[A-Za-z0-9_-]{0,4096})?%R
sendgrid-api-key | sg. | | %LSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}%R
twilio-api-key | sk | | %LSK[0-9a-fA-F]{32}(?![A-Za-z0-9_-])
rubygem-api-key | rubygems_ | | %Lrubygems_[a-f0-9]{48}%R
dockerhub-token | dckr_pat_,dckr_oat_ | | %Ldckr_(?:pat|oat)_[A-Za-z0-9_-]{20,64}%R
circleci-token | ccipat_ | | %LCCIPAT_[A-Za-z0-9]{20,30}_[a-f0-9]{40}%R
buildkite-token | bkua_ | | %Lbkua_[a-f0-9]{40}%R
newrelic-api-key | nrak-,nrjs-,nrii- | | %L(?:NRAK|NRJS|NRII)-[A-Z0-9]{19,32}%R
neon-api-key | napi_ | | %Lnapi_[a-z0-9]{64}%R
airtable-token | pat | | %Lpat[A-Za-z0-9]{14}\.[a-f0-9]{64}%R
fly-token | fm1r_,fm1a_,fm2_,fo1_ | | %L(?:fm1[ar]|fm2|fo1)_[A-Za-z0-9+/=_-]{40,800}%R
netlify-token | nfp_,nfc_ | | %Lnf[pc]_[A-Za-z0-9]{36,40}%R
sonarqube-token | sqp_,squ_,sqa_ | | %Lsq[pua]_[a-f0-9]{40}%R
pulumi-token | pul- | | %Lpul-[a-f0-9]{40}%R
tailscale-key | tskey- | | %Ltskey-[a-z]{3,10}-[A-Za-z0-9]{6,20}-[A-Za-z0-9]{16,40}%R
figma-token | figd_ | | %Lfigd_[A-Za-z0-9_-]{40,60}%R
contentful-token | cfpat- | | %LCFPAT-[A-Za-z0-9_-]{40,50}%R
mapbox-secret-token | sk.eyj | | %Lsk\.eyJ[A-Za-z0-9_-]{20,300}\.[A-Za-z0-9_-]{20,40}%R
onepassword-token | ops_eyj | | %Lops_eyJ[A-Za-z0-9_-]{50,2000}%R
jfrog-token | akcp,cmvmdg | | %L(?:AKCp[A-Za-z0-9]{69}|cmVmdGtuOjAxOj[A-Za-z0-9]{50,60})%R
alibaba-access-key | ltai | c=mixed3 | %LLTAI[A-Za-z0-9]{12,20}%R
tencent-secret-id | akid | | %LAKID[A-Za-z0-9]{32}%R
together-api-key | tgp_v1_ | | %Ltgp_v1_[A-Za-z0-9_-]{40,50}%R
fireworks-api-key | fw_ | | %Lfw_[A-Za-z0-9]{20,40}%R
resend-api-key | re_ | | %Lre_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}%R
prefect-api-key | pnu_ | | %Lpnu_[A-Za-z0-9]{36}%R
readme-api-key | rdme_ | | %Lrdme_[a-z0-9]{70}%R
typeform-token | tfp_ | | %Ltfp_[A-Za-z0-9_.=-]{50,70}%R
braintree-token | access_token$ | |
    %Laccess_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}%R
elevenlabs-api-key | sk_ | | %Lsk_[a-f0-9]{48}(?![A-Za-z0-9_-])
dropbox-token | sl. | | %Lsl\.(?:u\.)?[A-Za-z0-9_-]{130,1200}%R
brevo-api-key | xkeysib- | | %Lxkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}%R
mailchimp-api-key | -us | | %L[a-f0-9]{32}-us\d{1,2}(?![A-Za-z0-9_-])
hubspot-token | pat-na,pat-eu | |
    %Lpat-(?:na|eu)\d-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}%R
mailgun-api-key | key- | | %Lkey-[0-9a-f]{32}%R
shopify-token | shpat_,shpca_,shppa_,shpss_ | | %Lshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}%R
digitalocean-token | _v1_ | | %Ldo[opr]_v1_[a-f0-9]{64}%R
telegram-bot-token | :aa | | %L\d{8,10}:AA[A-Za-z0-9_-]{33}%R
telegram-bot-token | /bot | | /bot(\d{8,10}:AA[A-Za-z0-9_-]{33})%R
discord-bot-token | | |
    %L[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}%R
linear-api-key | lin_api_,lin_oauth_ | | %Llin_(?:api|oauth)_[A-Za-z0-9]{40}%R
doppler-token | dp. | | %Ldp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}%R
databricks-token | dapi | | %Ldapi[a-f0-9]{32}(?:-\d)?%R
groq-api-key | gsk_ | | %Lgsk_[A-Za-z0-9]{48,56}%R
xai-api-key | xai- | | %Lxai-[A-Za-z0-9]{70,90}%R
replicate-token | r8_ | | %Lr8_[A-Za-z0-9]{37}%R
perplexity-api-key | pplx- | | %Lpplx-[A-Za-z0-9]{40,56}%R
notion-token | secret_,ntn_ | | %L(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,50})%R
atlassian-api-token | atatt3 | | %LATATT3[A-Za-z0-9_=-]{150,220}%R
postman-api-key | pmak- | | %LPMAK-[a-f0-9]{24}-[a-f0-9]{34}%R
vault-token | hvs.,hvb.,hvr. | | %Lhv[sbr]\.[A-Za-z0-9_-]{24,300}%R
terraform-token | atlasv1 | | %L[a-z0-9]{14}\.atlasv1\.[a-z0-9_=-]{60,70}%R
sentry-token | sntry,sntru,sntrs | | %Lsntr(?:y[su]|[ysu])_[A-Za-z0-9+/=_]{40,400}%R
supabase-token | sbp_,sb_secret_ | | %L(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{20,64})%R
planetscale-token | pscale_ | | %Lpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,64}%R
pinecone-api-key | pcsk_ | | %Lpcsk_[A-Za-z0-9_]{40,100}%R
langsmith-api-key | lsv2_ | | %Llsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}%R
grafana-token | glsa_,glc_ | |
    %L(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2})%R
square-token | sq0 | | %Lsq0(?:atp|csp)-[0-9A-Za-z_-]{22,60}%R
heroku-api-key | hrku- | | %LHRKU-[A-Za-z0-9_-]{40,70}%R
age-secret-key | age-secret-key- | c= | AGE-SECRET-KEY-1[0-9A-Z]{58}
azure-ad-client-secret | q~ | |
    (?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])
firebase-fcm-key | aaaa | | %LAAAA[A-Za-z0-9_-]{7}:[A-Za-z0-9_-]{140}%R
"""

# Secrets found by their surroundings. The generic `name = value` rule (secret-assignment) starts
# at the key word (a fast scan); its check reads the name backwards and judges name and value.
STRUCTURE = r"""
private-key | private key | p=9 c=pem g=1 | -----BEGIN[ A-Z0-9]{0,24}PRIVATE KEY(?: BLOCK)?-----
    ((?:[^-]|-(?!----)){16,65536})-----END[ A-Z0-9]{0,24}PRIVATE KEY(?: BLOCK)?-----
private-key | private key | p=9 c=pem g=1 | -----BEGIN[ A-Z0-9]{0,24}PRIVATE KEY(?: BLOCK)?-----
    ((?:(?:(?:\\[nr]){1,2}|[ \t]{0,8}\r?\n[ \t]{0,8})[A-Za-z0-9+/=]{1,4096}){1,1000})
private-key | private-lines | p=9 c=pem g=1 |
    Private-Lines: \d{1,4}\r?\n((?:[A-Za-z0-9+/=]{4,128}(?:\r?\n|$)){1,128})
url-credentials | :// | p=7 c=password g=1 |
    ://[^\s:/?#@'"`<>()\[\]{}]{0,256}:((?!\d{1,5}/)(?:[^\s?'"`<>@]|@(?=[^\s?'"`<>@/]{1,256}@))
    {1,256})@(?=[A-Za-z0-9\[])
url-token | :// | p=6 c=urltoken e=3.3 g=1 | ://([A-Za-z0-9_-]{20,256})@(?=[A-Za-z0-9\[])
url-user-password | :// | p=6 c=urluser g=1 | ://([^\s:/?#@'"`<>()\[\]{}]{8,256})@(?=[A-Za-z0-9\[])
slash-login | @ | p=6 c=slashlogin g=1 |
    /([^\s/@'"`<>()]{4,128})@(?=[A-Za-z0-9][A-Za-z0-9.-]{0,253}(?::\d{1,5})?(?![\w.:@-]))
url-query-secret | = | p=6 c=secret g=1 | [?&#;](?i:password|passwd|pwd|pass|token|access_token
    |refresh_token|id_token|api_key|apikey|api-key|secret|client_secret|sig|signature
    |x-amz-signature|x-amz-security-token|auth|key)=([^&;\s#'"<>`]{6,4096})
authorization-header | authorization | p=8 c=secret g=1 a=1 |
    (?i)authorization["'\]]{0,2}[ \t]{0,3}(?:[:=]|,(?=[ \t]{0,3}["'])
    |(?=["'](?:bearer|basic|token|digest)[ \t]))
    [ \t]{0,3}["'`]?(?:(?:bearer|basic|token|bot|digest
    |apikey|api-key|sso-key|key|negotiate|ntlm|aws4-hmac-sha256)
    (?:[ \t]{1,3}|["'`][ \t]{0,3},[ \t]{0,3}["'`]))?+
    ([A-Za-z0-9._~+/=:|@#%!*^$&-]{8,8192})
curl-user | -u,--user,--auth,--proxy-user | p=6 c=password g=1 |
    [ \t]-(?:u|-user|-auth|-proxy-user)(?:[ \t]{1,3}|=)["']?[^\s:'"]{0,128}:([^\s'"]{1,256})
curl-user | -u,--user | p=6 c=secret g=1 a=1 |
    (?<=[ \t])-(?:u|-user)(?:[ \t]{1,3}|=)["']?([A-Za-z0-9_.-]{16,256}):(?=["']?(?:[ \t]|\r?\n|$))
bearer-call | bearer | p=6 c=secret g=1/2 a=1 |
    (?i)bearer(?:_?auth|_?token)?[ \t]*\([ \t]*(?:"([^"\s]{8,512})"|'([^'\s]{8,512})')[ \t]*[),]
cli-secret-flag | --pass,--token,--api,--secret,--client-secret,--access-token,--auth-token |
    p=6 c=secret g=1/2/3 a=1 | (?i)--(?:password|passwd|pass|token|api-key|apikey|secret
    |client-secret|access-token|auth-token)(?:=|[ \t]{1,3})
    (?:"([^"\r\n]{4,512})"|'([^'\r\n]{4,512})'|([^\s"'-][^\s"']{3,511}))
mysql-password-flag | mysql,mariadb | p=6 c=password g=1/2/3 a=1 |
    (?i)\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\r\n]{0,200}?[ \t]-p
    (?:'([^'\r\n]{4,256})'|"([^"\r\n]{4,256})"|([^\s'"-]\S{3,255}))
cli-secret-flag | -key,-token,-secret,-pass,-pat,-psk,-credential | p=6 c=flag g=1/2/3 a=1 |
    (?i)-(?:key|token|secret|password|passwd|pass|pat|psk|credentials?)(?:=|[ \t]{1,3})
    (?:"([^"\r\n]{4,512})"|'([^'\r\n]{4,512})'|([^\s"'-][^\s"']{3,511}))
cli-secret-flag | requirepass,masterauth | p=6 c=secret g=1/2/3 |
    (?i)(?<![\w-])--?(?:requirepass|masterauth)(?:=|[ \t]{1,3})
    (?:"([^"\r\n]{4,512})"|'([^'\r\n]{4,512})'|([^\s"'-][^\s"']{3,511}))
htpasswd-password | htpasswd | p=6 c=password g=1 a=1 |
    htpasswd[ \t]+(?:-[A-Za-z]{0,5}b[A-Za-z]{0,5}[ \t]+)(?:-[A-Za-z]{1,6}[ \t]+){0,2}
    (?:[^\s-]\S{0,255}[ \t]+){1,2}([^\s|;&]{4,256})
pgpass-password | pgpass,:5432:,:*:,:6432:,:5433: | p=6 c=password g=1 |
    (?m)^[ \t]*[^\s:#]{1,253}:(?:\d{1,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:(\S{1,512})$
var-default | :-,:= | p=5 c=envdefault g=2 |
    \$\{([A-Za-z_][A-Za-z0-9_]{0,60}):?[-=]([^}\s]{6,512})\}
dockerfile-env | env | p=4 c=envdefault g=2 a=1 |
    ENV[ \t]+([A-Za-z_][A-Za-z0-9_]{0,60})[ \t]+([^\s"'=][^\s"']{5,511})(?=[ \t]*(?:\r?\n|$))
cli-password-flag | redis-cli,sshpass,docker,podman,nerdctl,buildah | p=6 c=password g=1/2/3 a=1 |
    (?i)(?:redis-cli\b[^\r\n]{0,200}?[ \t]-a|sshpass[ \t]+-p
    |(?:docker|podman|nerdctl|buildah)[ \t]+login\b[^\r\n|;&]{0,200}?[ \t](?:-p|--password))
    (?:[ \t]*|=)
    (?:'([^'\r\n]{4,256})'|"([^"\r\n]{4,256})"|([^\s'"-]\S{3,255}))
basic-auth-pair | auth | p=6 c=password g=1 a=1 |
    (?i)auth(?:[ \t]*=[ \t]*\(|\()[ \t]*["'][^"'\r\n]{1,100}["'][ \t]*,[ \t]*
    ["']([^"'\r\n]{4,256})["']
credential-pair | cred,login,log in,user,account | p=3 c=prose g=1 a=1 |
    (?i)(?:creds?|credentials|log[ \t]?in|user(?:name)?|account)\b[^\r\n/]{0,60}?[ \t]/[ \t]{1,3}
    (\S{6,200})
chpasswd | chpasswd | p=5 c=password g=1 | echo[ \t]+["']?[\w.-]{1,32}:([^'"\s|]{4,256})["']?[ \t]*
    \|[ \t]*(?:sudo[ \t]+)?chpasswd
config-key-value | key= | p=4 c=secret g=1 a=1 |
    (?i)key=["'][\w.:-]{0,40}(?:password|pwd|secret|token|apikey|api_key|connectionstring)["']
    [ \t]+value=["']([^"'\r\n]{1,512})["']
cookie-session | cookie | p=5 c=secret g=1 a=1 | (?i)cookie:[^\r\n]{0,300}?\b[\w.-]{0,30}(?:sess|sid
    |token|auth|jwt)[\w.-]{0,30}=([^;\s"']{16,4096})
netrc-password | machine | p=6 c=password g=1 a=1 | (?i)\bmachine[ \t\r\n]{1,10}\S{1,253}
    (?:[ \t\r\n]{1,10}(?:login|account)[ \t\r\n]{1,10}\S{1,256}){0,2}[ \t\r\n]{1,10}password
    [ \t\r\n]{1,10}(\S{1,512})
azure-connection-string | accountkey,sharedaccesskey,sharedaccesssignature | p=7 c=secret g=1 a=1 |
    (?i)(?:AccountKey|SharedAccessKey|SharedAccessSignature)[ \t]{0,2}=[ \t]{0,2}
    ([^;"'\s]{20,1024})
aws-secret-access-key | secret,aws | p=9 c=mixed e=3.5 g=1 s=EXAMPLE a=1 |
    (?i)(?:secret[_ .-]?access[_ .-]?key|aws[_ .-]?secret(?:[_ .-]?key)?)["'\]]{0,2}[ \t]{0,4}
    (?:=|:=|:|=>|,)?[ \t]{0,4}["'`]?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])
secret-pair | | p=3 c=envdefault g=2 |
    ["'](-{0,2}[A-Za-z_][\w.-]{0,60})["'][ \t]*,[ \t]*(?=["']([^"'\r\n]{8,512})["'])
env-default | env,getenv | p=4 c=envdefault g=2 |
    (?:process\.env\.|os\.environ\.get\(|os\.getenv\(|getenv\(|ENV\.fetch\(|System\.getenv\()
    ["']?([A-Za-z][A-Za-z0-9_]{2,60})["']?\)?[ \t]*(?:\?\?|\|\||,|or)[ \t]*
    ["'`]([^"'`\r\n]{8,512})["'`]
twilio-auth-token | twilio | p=8 c=mixed g=1 w=400 x=1 |
    [^A-Za-z0-9_]([a-f0-9]{32})(?![A-Za-z0-9_])
aws-secret-access-key | aws,akia,asia,amazon | p=9 c=mixed3 e=4 s=EXAMPLE g=1 w=300 x=1 |
    [^A-Za-z0-9+/=_-]([A-Za-z0-9/+]{40})%E
k8s-env-secret | name: | p=4 c=secret g=1/2/3 a=1 | (?i)name:[ \t]{0,3}["']?[\w.-]{0,60}(?:password
    |passwd|secret|token|api_?key|apikey|credentials?|_key)["']?[ \t]*\r?\n[ \t]{0,40}value:
    [ \t]{0,4}(?:"([^"\r\n]{1,512})"|'([^'\r\n]{1,512})'|([^\s"'][^\r\n]{0,511}))
xml-secret | password>,passwd>,passphrase>,passcode>,secret>,token>,key> | p=4 c=secret g=2 |
    (?i)<([\w:.-]{0,40}(?:password|passwd|passphrase|passcode|secret|token|apikey|api_key
    |accesskey|secretkey))>([^<\r\n]{1,512})</\1>
sql-password | identified,password | p=4 c=password g=1 a=1 |
    (?i)\b(?:identified[ \t]+by|password)[ \t]{1,3}
    '((?:[^'\\\r\n]|''|\\.){4,256})'
password-prose | pass,pwd,secret,token,api,access,密码,口令,密钥,令牌,
    パスワード,キー,トークン,シークレット | p=3 c=prose g=1/2 a=1 |
    (?i)(?:\b(?:password|passphrase|passcode|pwd|secret|token|api[ _-]?key
    |access[ _-]?key|secret[ _-]?key)s?(?:[ \t]+(?:for|of|on|to)(?:[ \t]+\S{1,80}?){1,4})?
    (?:[ \t]*:|[ \t]+(?:is|was|is[ \t]now|are))?[ \t]{1,3}["'`“‘]?(\S{6,200})
    |(?:密码|口令|密钥|令牌|パスワード|キー|トークン|シークレット)[ \t]{0,2}
    (?:是|为|為|：|:|は|が|を)?
    [ \t]{0,2}(\S{6,200}))
password-prose | 密码,口令,密钥,秘钥,令牌,金鑰,密鑰,パスワード,パス,トークン,シークレット,認証情報,
    鍵 | p=3 c=prose g=1 a=1 |
    (?:密码|口令|密钥|秘钥|令牌|金鑰|密鑰|パスワード|パス|トークン|シークレット|認証情報|(?<!公開)鍵(?!盤))
    (?:[^\x21-\x7e\r\n。！？]|[:=>-]){0,24}([A-Za-z0-9][^\s」』”"'，。、）)]{5,199})
password-prose | token,pass,pwd,secret,api |
    p=3 c=prose-cjk g=1 a=1 |
    (?i)(?:token|password|passwd|pwd|secret|api[ _-]?key)s?[ \t]{0,2}
    (?=[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e])
    (?:[^\x21-\x7e\r\n。！？]|[:=>-]){1,24}([A-Za-z0-9][^\s」』”"'，。、）)]{5,199})
password-prose | " as " | p=3 c=prose-before a=1 | (?i) as[ \t]+(?:the[ \t]+|my[ \t]+|a[ \t]+)?
    (?:new[ \t]+)?(?:password|passphrase|passcode|pwd|token|api[ _-]?key|secret)\b
cli-secret-flag | pass,pw,pwd,auth | p=6 c=flag g=1/2/3 a=1 |
    (?i)(?:pass(?:word|wd|phrase)?|pwd?|auth)(?:=|[ \t]{1,3})
    (?:"([^"\r\n]{4,512})"|'([^'\r\n]{4,512})'|([^\s"'<\[{(-][^\s"']{3,511}))
config-directive | pass,pw,secret,token,auth,key,cred | p=3 c=directive g=2 a=1 |
    (?im)(?P<name>pass(?:word|wd|phrase)?|pwd?|secret|token|auth|key|credentials?)[ \t]+
    ([^\s"'=:#{}\[\]()<>$%][^\s"']{3,511})[ \t]*\r?$
named-value | key,name,variable | p=4 c=named g=2/3/4 a=1 |
    (?i)(?:key|name|keyname|parameterkey|variable)["']?[ \t]*[:=][ \t]*["'][\w.:/-]{0,60}?
    (?P<name>pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|key|credentials?)
    (?:[_.-]?\d{1,2})?["'](?:(?:[^\r\n<>{}]|\r?\n(?![ \t]*\r?\n)){0,160}?
    (?:value|parametervalue)["']?[ \t]*[:=][ \t]*
    (?:"([^"\r\n]{1,512})"|'([^'\r\n]{1,512})')|[^\r\n<>]{0,100}>([^<\r\n]{1,512})<)
named-value | <key>,<name> | p=4 c=named g=3 a=1 |
    (?i)<(key|name)>[\w.:/-]{0,60}?
    (?P<name>pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|key|credentials?)
    </\1>[ \t\r\n]{0,40}<(?:string|value)>([^<\r\n]{1,512})</(?:string|value)>
nested-secret | pass,pwd,secret,token,key,cred | p=4 c=named g=2/3/4 a=1 |
    (?i)(?P<name>pass(?:word|wd|phrase)?|pwd|secret|token|key|credentials?)["']?:[ \t]*\r?\n
    [ \t]{1,40}(?:value|data|default|plain|secret|string)["']?:[ \t]{0,4}
    (?:"([^"\r\n]{1,512})"|'([^'\r\n]{1,512})'|([^\s"'#|>&*!{\[][^\r\n]{0,511}))
set-secret | "set " | p=5 c=named g=2/3/4 a=1 |
    (?i)set[ \t]+(?:-{1,2}[\w-]{1,20}[ \t]+){0,2}[\w./:@-]{0,80}?(?<![ \t]-)(?<![ \t]--)
    (?P<name>pass(?:word|wd|phrase)?|pwd|secret(?:[_-]?access)?(?:[_-]?key)?|token|authtoken
    |_auth|api[_-]?key|apikey|credentials?|requirepass|masterauth)
    [ \t]+(?:"([^"\r\n]{4,512})"|'([^'\r\n]{4,512})'|([^\s"'=-][^\s"']{3,511}))
secret-value-flag | secret | p=5 c=secret g=1/2/3 a=1 |
    (?i)secrets?(?:manager)?[ \t]+(?:[\w-]{1,30}[ \t]+)?[\w-]{0,20}(?:set|put|create|add|update)
    [\w-]{0,20}\b[^\r\n|;&]{0,160}?[ \t](?:--body|--value|--data|-b|--secret-string
    |--secret-value|--payload)(?:=|[ \t]{1,3})
    (?:"([^"\r\n]{4,512})"|'([^'\r\n]{4,512})'|([^\s"'-][^\s"']{3,511}))
stdin-secret | echo,printf | p=5 c=password g=1/2/3 a=1 |
    (?i)(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?(?:"([^"\r\n$`]{6,512})"|'([^'\r\n]{6,512})'
    |([^\s"'$`|;&-][^\s"'|;&]{5,511}))[ \t]*\|[ \t]*(?:sudo[ \t]+)?[^\r\n|;&]{0,160}?
    (?:-stdin\b|--with-token\b|\bpasswd\b|\bchpasswd\b|\blogin\b
    |\bsecrets?[ \t]+(?:put|set|create|add)\b|\bkeyring\b)
url-path-secret | /hook,/webhook,/catch/,/trigger/,/key/,/token/,/secret/,/apikey/,/api_key/ |
    p=5 c=mixed3 e=3.5 g=1 |
    (?i)(?:/(?:hooks?|webhooks?|catch|trigger)/(?:[A-Za-z0-9_.-]{1,80}/){0,4}
    |/(?:key|token|secret|apikey|api_key|api-key|access_token)/)([A-Za-z0-9_-]{20,256})
    (?![A-Za-z0-9_-])
env-random-value | = | p=2 c=random g=2 |
    (?m)^[ \t]*(?:export[ \t]+|set[ \t]+|ENV[ \t]+|-[ \t]+)?([A-Z][A-Z0-9_]{1,60})[ \t]*[=:][ \t]*
    ((?:"|')?[A-Za-z0-9+/_.~-]{24,1024}={0,2}(?:"|')?)[ \t]*\r?$
short-password-flag | " -p," -w," -a,/p:,/pass: | p=5 c=shortflag g=1/2/3 a=1 |
    (?:[ \t]-[pPwa]|/p(?:ass)?:)[ \t]{0,3}
    (?:"([^"\r\n]{6,256})"|'([^'\r\n]{6,256})'|([^\s"'<\[{(|&;$%-][^\s"']{5,255}))
credential-argument | cred,auth,login,connect | p=0 c=pwshape-call g=1/2 a=1 |
    (?i)(?:credentials?|creds|auth\w{0,16}|login|connect)[ \t]*\(
    (?:[^()\r\n]{0,300}?,)?[ \t]*(?:"([^"\r\n]{6,256})"|'([^'\r\n]{6,256})')
    (?:\.[A-Za-z]\w{0,30}\(\))?[ \t]*\)
echoed-twice | echo,printf | p=6 c=password g=1 a=1 |
    (?:echo|printf)[ \t]+["']?([^\s;"'()|]{4,256})["']?[ \t]*;[ \t]*(?:echo|printf)[ \t]+
    ["']?\1["']?[ \t]*\)[ \t]*\|
prompt-answer | expect | p=6 c=password g=1 a=1 |
    (?i)expect[ \t]+(?:-\w+[ \t]+)?["'{][^"'}\r\n]{0,40}(?:assword|passphrase|pin\b)[^"'}\r\n]{0,40}
    ["'}][ \t]*\r?\n[ \t]*send[ \t]+(?:--[ \t]+)?"([^"\r\n$\\]{4,256})(?:\\r|\\n)?"
k8s-secret-data | kind: secret | p=5 c=password g=1 a=1 |
    (?i)kind:[ \t]*Secret\b[^\x00]{0,600}?\ndata:[ \t]*\r?\n(?:[ \t]+[\w.-]+:[^\n]*\n){0,20}?
    [ \t]+[\w.-]+:[ \t]*([A-Za-z0-9+/]{8,64}={0,2})[ \t]*(?:\r?\n|$)
batch-password-argument | mosquitto_passwd,ldappasswd | p=5 c=password g=1 a=1 |
    (?:mosquitto_passwd[ \t]+(?:-c[ \t]+)?-b[ \t]+\S+[ \t]+\S+[ \t]+
    |ldappasswd\b[^\r\n|;&]{0,200}?[ \t]-s[ \t]+)([^\s"'$-][^\s"']{3,255})
user-command-password | add_user,adduser,useradd,create_user,change_password |
    p=0 c=pwshape g=1/2/3 a=1 |
    (?i)(?:add_?user|useradd|create_user|change_password)
    [ \t]+(?:-{1,2}[\w-]{1,20}[ \t]+){0,3}[\w.@-]{1,64}[ \t]+
    (?:"([^"\r\n]{6,256})"|'([^'\r\n]{6,256})'|([^\s"'|;&<>-][^\s"'|;&]{5,255}))
dsn-password | @tcp(,@unix( | p=6 c=password g=1 |
    [A-Za-z_][\w.-]{0,63}:([^\s:@/"'`]{4,256})@(?:tcp|unix)\(
device-password | "password ","secret ","key " | p=5 c=secret g=1 a=1 |
    (?im)(?:password|secret|key)[ \t]+[0-9][ \t]+([^\s"']{4,512})[ \t]*\r?$
secret-wrapper | convertto-securestring,secretstr(,secretstring(,secretstring::,securestring(,
    secret::new(,secretbox::new( | p=6 c=secret g=1/2 a=1 |
    (?i)(?:ConvertTo-SecureString(?:[ \t]+-String)?(?=[ \t])|SecretStr(?:ing)?\(|SecretString::
    (?:new|from)\(|SecureString\(|Secret(?:Box)?::new\()[ \t]*
    (?:"([^"\r\n]{4,512})"|'([^'\r\n]{4,512})')
client-token | client(,config(,access_token(,token(,apikey(,api_key( | p=5 c=clienttoken g=1/2 a=1 |
    (?i)(?:client|config|access_token|token|api_?key)\([ \t]*
    (?:"([^"\s]{20,256})"|'([^'\s]{20,256})')[ \t]*[,)]
client-token | client( | p=5 c=clienttoken g=1/2 a=1 |
    (?i)client\([ \t]*(?:"[^"\r\n]{1,80}"|'[^'\r\n]{1,80}')[ \t]*,[ \t]*
    (?:"([^"\s]{20,256})"|'([^'\s]{20,256})')[ \t]*\)
decoded-value | atob(,decode(,fromhex(,unhexlify(,from(,chr( | p=5 c=decoded g=1/2/3/4/5 a=1 |
    (?i)(?:(?:atob|decode|fromhex|unhexlify)\([ \t]*b?(?:"([^"\r\n]{4,8192})"|'([^'\r\n]{4,8192})')
    |from\([ \t]*(?:"([^"\r\n]{4,8192})"|'([^'\r\n]{4,8192})')[ \t]*,[ \t]*["'](?:base64|hex)
    |(chr\([ \t]*\d{1,3}[ \t]*\)(?:[ \t]*\+[ \t]*chr\([ \t]*\d{1,3}[ \t]*\)){3,4096}))
uuencoded-file | begin | p=5 c=uufile g=2 a=1 |
    (?m)begin[ \t]+[0-7]{3,4}[ \t]+(\S{1,200})\r?\n((?:[!-`][ -`]{0,60}\r?\n){1,4096})
login-token | "login " | p=5 c=logintoken g=1 a=1 |
    (?i)login[ \t]+(?:--?[\w-]{1,30}[ \t]+){0,3}
    ([A-Za-z0-9_+/=:.-]{20,512})(?=[ \t]*(?:\r?\n|$|[;&|]))
header-value | x- | p=3 c=header g=1 a=1 |
    (?i)(?<![\w-])x-[a-z][\w-]{0,40}["']?[ \t]*(?::|=>|,|=)[ \t]*["']?([^\s"',;}{)]{10,512})
password-world | пароль,비밀번호,senha,contraseña,passwort,kennwort,mot de passe,mật khẩu,şifre,
    parola,hasło,heslo,kata sandi,รหัสผ่าน,पासवर्ड,كلمة المرور,סיסמ,رمز عبور,κωδικ,
    wachtwoord,lösenord,adgangskode,salasana,jelszó,nenosiri,পাসওয়ার্ড,கடவுச்சொல் |
    p=3 c=prose g=1 |
    (?i)(?:пароль|비밀번호|senha|contraseña|passwort|kennwort|mot[ \t]de[ \t]passe|mật[ \t]khẩu
    |şifre|parola|hasło|heslo|kata[ \t]sandi|รหัสผ่าน|पासवर्ड|كلمة[ \t]المرور|סיסמ|رمز[ \t]عبور
    |κωδικ|wachtwoord|lösenord|adgangskode|salasana|jelszó|nenosiri|পাসওয়ার্ড|கடவுச்சொல்)
    [^\s:：=]{0,6}(?:[ \t]+[^\s\d:：=]{1,20}){0,4}?[ \t]*[:：=]?[ \t]{1,3}["'`“«]?
    (?=[^\s]{0,60}\d)([A-Za-z0-9][\x21-\x7e]{5,199}?)(?=[\s"'`”»,，;.!?)]|$)
handover-arrow | " →",⇒,👉,➡ | p=2 c=handover g=1 |
    (?<!\d)[→⇒👉➡]\ufe0f?[ \t]{0,3}["'`]?([^\s"'`]{8,200})
handover-back | <-,← | p=3 c=handover g=1 |
    (?im)^[ \t]*["'`]?([^\s"'`]{8,200})["'`]?[ \t]+(?:<-+|←)[ \t]*(?:that'?s|this[ \t]+is
    |is|=)?[ \t]*(?:the|my|our|your)?[ \t]*(?:new[ \t]+)?(?:pw|pwd|pass(?:word)?|token|key
    |secret|creds?)\b
credential-pair | " / " | p=3 c=pair g=1 a=1 |
    [ \t]/[ \t]{1,3}(\S{8,200})[ \t]*\r?$
random-value | | p=1 c=shape | [A-Za-z0-9+/_~-]{24,}={0,2}
secret-assignment | pass,pw,secret,token,api,access,private,auth,key,psk,pat,cred |
    p=2 c=assign g=2/3/4/5 a=1 |
    (?i)(?P<core>pass(?:word|wd|[_.-]?phrase|code)?|pwd?|secret(?:[_.-]?key)?|token|api[_.-]?key|apikey
    |access[_.-]?key|private[_.-]?key|auth(?:[_.-]?key)?|key|psk|pat|cred(?:ential)?s?)
    (?:[_.-](?:prod|production|dev|staging|stage|test|live|old|new|backup|main|primary
    |secondary|[0-9]{1,2}|base|value|material|string|raw|plain(?:text)?|b64(?:url)?
    |base64(?:url)?|hex|bytes|data|rot13|enc(?:oded)?))?(?![A-Za-z0-9_])["'\]}]{0,2}\??
    [ \t]{0,4}(?::[ \t]{0,4}[A-Za-z_][\w.]{0,30}(?:\[[\w., |]{0,40}\])?
    (?:[ \t]{0,2}\|[ \t]{0,2}None)?
    [ \t]{1,4}=(?![=~])|(?<=[ \t])as[ \t]{1,4}[A-Za-z_][\w.]{0,30}[ \t]{1,4}=(?![=~])
    |=(?![=~])|:=|:(?!:)|=>|\?=|,(?=[ \t]{0,4}["'])|(?<=[ \t])(?=["']))
    [ \t]{0,4}
    (?:"(?P<v1>(?:[^"\\\r\n]|\\.){1,65536})"
    |'(?P<v2>(?:[^'\\\r\n]|\\.){1,65536})'|`(?P<v3>[^`\r\n]{1,65536})`|(?P<v4>[^\s"'`]))
"""
