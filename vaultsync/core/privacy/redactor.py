"""The redaction engine: nothing reaches the vault before it has been through `Redactor.redact`.

Order of work on one text (docs/privacy.md describes the contract):
1. Texts longer than `MAX_INPUT_CHARS` are cut at a line or word boundary before the cap; the rest
   is replaced by `[TRUNCATED:n chars]`, so nothing unscanned is ever returned.
2. `<private>...</private>` spans are removed (an unclosed `<private>` runs to the end), and
   invisible characters (zero-width, bidi controls, U+E0000 tag characters) are set aside. The
   scanners see the text without them; offsets are mapped back to the original.
3. Secret rules (`core/privacy/rules.py`) run, each only if one of its keywords occurs; one level of
   base64 is decoded and scanned; overlapping spans merge into one `[REDACTED:<rule>]`.
4. Prompt-injection detectors run; what they find stays but is made inert: quoted as
   `⟦prompt-injection-…: …⟧` with chat tokens, HTML and image syntax escaped, and invisible
   characters shown as `\\u{e0041}`. A quoted span is recognised on a second pass, so
   `redact(redact(x).text).text == redact(x).text`.
Standard library only; patterns are compiled on first use and kept (core/lazy_regex.py).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Iterator, Set

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy import assembly as A
from vaultsync.core.privacy import checks as C
from vaultsync.core.privacy import columns as TC
from vaultsync.core.privacy import encodings as E
from vaultsync.core.privacy import inject as J
from vaultsync.core.privacy import rules as R
from vaultsync.core.privacy import scan as S
from vaultsync.core.privacy import shape as SH
from vaultsync.core.privacy import shown as SW
from vaultsync.core.privacy import spoken as SP
from vaultsync.core.privacy import starts as ST
from vaultsync.core.privacy import values as V
from vaultsync.core.privacy.kinds import log_kinds
from vaultsync.core.privacy.rules import Rule, Span

# typing costs the hook ~2 ms to import; annotations are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["MAX_INPUT_CHARS", "Finding", "Redaction", "Redactor", "Rule", "default_redactor"]
__all__ += ["log_kinds"]

MAX_INPUT_CHARS = 1_000_000
PRIVATE_RULE = "private-span"
INJECTION = "prompt-injection"
MARKER_RE = Lazy(r"\[REDACTED:[A-Za-z0-9_.:-]{1,80}\]")
_WRAPPER = Lazy(r"⟦prompt-injection[a-z-]{0,40}: [^⟦⟧]{0,200000}⟧")
_PRIVATE_OPEN = Lazy(r"(?i)<private>")
_PRIVATE_CLOSE = Lazy(r"(?i)</private>")
_MARKS = "⟦⟧⟬⟭"
_QUOTE_MARK = Lazy(f"[{_MARKS}]")
_OUR_BACKSLASH = Lazy(r"\\(?=[<!(|｜#I/se])")  # inert's escapes inside a quoted injection
_ESCAPED_TOKEN = Lazy(
    r"<(\\)[|｜][^\n]{0,42}?[|｜]>|\[(\\)/?INST\]|<(\\)</?SYS>>|<(\\)(?:start|end)_of_turn>"
    r"|(\\)#{2,3}"
)
_ESCAPED_KEYS = ("<\\|", "<\\｜", "<\\<", "<\\start_of", "<\\end_of", "[\\INST]", "[\\/INST]",
                 "\\##")  # fmt: skip
_ESCAPE = Lazy(r"\\u\{[0-9a-f]{1,6}\}")


class Finding:
    """One span the redactor found. A plain class (core/privacy/rules.Rule says why)."""

    __slots__ = ("end", "rule", "start")

    def __init__(self, rule: str, start: int, end: int) -> None:
        self.rule = rule
        self.start = start  # offsets into the ORIGINAL text (str indices, end exclusive)
        self.end = end

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Finding):
            return NotImplemented
        return (self.rule, self.start, self.end) == (other.rule, other.start, other.end)

    def __hash__(self) -> int:
        return hash((self.rule, self.start, self.end))

    def __repr__(self) -> str:
        return f"Finding(rule={self.rule!r}, start={self.start!r}, end={self.end!r})"

    @property
    def is_injection(self) -> bool:
        return INJECTION in self.rule

    @property
    def is_secret(self) -> bool:
        return not self.is_injection and self.rule != PRIVATE_RULE


class Redaction:
    """A redacted text and what was found in it. A plain class (core/privacy/rules.Rule says
    why)."""

    __slots__ = ("findings", "text", "truncated")

    def __init__(self, text: str, findings: tuple[Finding, ...], truncated: int = 0) -> None:
        self.text = text
        self.findings = findings
        self.truncated = truncated  # characters past the cap, replaced by `[TRUNCATED:n chars]`

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Redaction):
            return NotImplemented
        mine, theirs = (self.text, self.findings, self.truncated), (
            other.text, other.findings, other.truncated)  # fmt: skip
        return mine == theirs

    def __hash__(self) -> int:
        return hash((self.text, self.findings, self.truncated))

    def __repr__(self) -> str:
        return (
            f"Redaction(text={self.text!r}, findings={self.findings!r}, "
            f"truncated={self.truncated!r})"
        )

    @property
    def secret_count(self) -> int:
        return sum(1 for f in self.findings if f.is_secret)

    @property
    def injection_count(self) -> int:
        return sum(1 for f in self.findings if f.is_injection)


Hit = tuple[int, int, str, int]  # start, end, rule id, priority


def _merge(hits: Iterable[Hit]) -> list[Hit]:
    """Union of overlapping spans; the rule with the highest priority (then longest span) names
    the merged span."""
    out: list[Hit] = []
    best: list[tuple[int, int]] = []
    for s, e, rule, prio in sorted(hits):
        if out and s < out[-1][1]:
            ps, pe, prule, pprio = out[-1]
            if (prio, e - s) > best[-1]:
                prule, pprio, best[-1] = rule, prio, (prio, e - s)
            out[-1] = (ps, max(pe, e), prule, pprio)
        else:
            out.append((s, e, rule, prio))
            best.append((prio, e - s))
    return out


_SPACE = Lazy(r"\s")


class _Compiled:
    """One rule with its patterns compiled on first use: a rule whose keyword occurs but whose
    candidate starts all fail their cheap pre-check never compiles its regex."""

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.rx = Lazy(rule.regex)
        self._allow: tuple[re.Pattern[str], ...] | None = None
        self.stop = tuple(w.lower() for w in rule.stopwords)
        self.check = C.CHECKS.get(rule.check)

    def allow(self) -> tuple[re.Pattern[str], ...]:
        if self._allow is None:
            self._allow = tuple(re.compile(a) for a in self.rule.allowlist)
        return self._allow

    def span(self, m: re.Match[str]) -> Span | None:
        g = self.rule.secret_group
        groups = (1 if m.re.groups else 0,) if g is None else (g,) if isinstance(g, int) else g
        for k in groups:
            if (s := m.start(k)) >= 0:
                return s, m.end(k)
        return None

    def matches(
        self, w: str, lowered: str, markers: list[Span], soft: Set[int]
    ) -> Iterator[re.Match[str]]:
        r, rx = self.rule, self.rx
        if r.anchored:  # candidates start at a keyword
            pre = ST.ANCHOR_CHECKS.get(r.check)
            yield from S.anchored(rx, w, lowered, r.keywords, overlap=True, pre=pre)
            return
        for lo, hi in self.windows(w, lowered, markers):
            pos = lo
            while m := rx.search(w, pos, hi):
                s = m.start()
                if r.left and s and w[s - 1] in r.left and s not in soft:
                    pos = s + 1  # inside a longer token: look again just after this start
                    continue
                yield m
                pos = max(m.end(), s + 1)

    def windows(self, w: str, lowered: str, markers: list[Span]) -> list[Span]:
        r = self.rule
        if not r.context or len(lowered) != len(w):
            return [(0, len(w))]
        out: list[Span] = []
        for p in S.positions(lowered, r.context):
            if markers and R.overlaps(markers, p, p + 1):
                continue  # a [REDACTED:aws-...] marker is not a context
            hi = min(len(w), p + r.window)
            sp = _SPACE.search(w, hi, hi + 4096)  # never cut a token at the window's edge
            hi = sp.start() if sp else min(len(w), hi + 4096)
            if out and p <= out[-1][1]:
                out[-1] = (out[-1][0], max(out[-1][1], hi))
            else:
                out.append((p, hi))
        return out


class Redactor:
    """Secret rules plus injection detectors. `redact()` keeps no state between calls."""

    def __init__(self, rules: Iterable[Rule], disabled: Iterable[str] = ()) -> None:
        self.disabled = frozenset(disabled)
        self.rules = tuple(_Compiled(r) for r in rules if r.id not in self.disabled)
        # The keyword prefilter: one test per distinct keyword (185 built-in), not per rule.
        self._by_keyword: dict[str, list[int]] = {}
        for i, cr in enumerate(self.rules):
            for k in cr.rule.keywords:
                self._by_keyword.setdefault(k, []).append(i)
        self._always = [i for i, cr in enumerate(self.rules) if not cr.rule.keywords]

    @classmethod
    def default(cls) -> Redactor:
        return cls(R.BUILTIN_RULES)

    @classmethod
    def from_config(cls, extras: dict[str, Any] | None, disabled: Iterable[str] = ()) -> Redactor:
        """Built-ins plus the `[privacy]` table: `rules` (added; a rule with a built-in's id
        replaces it) and `disabled_rules`. Raises ValueError on a malformed rule."""
        extras = extras or {}
        off = frozenset(disabled) | frozenset(extras.get("disabled_rules") or ())
        user = [R.rule_from_table(t) for t in extras.get("rules") or ()]
        # The vault config's rules (`shared_rules`, core.config) only add: one named like a
        # built-in or this machine's own rule is left out (shadowed_shared_rules).
        taken = {r.id for r in R.BUILTIN_RULES} | {r.id for r in user}
        user += [
            r
            for r in (R.rule_from_table(t) for t in extras.get("shared_rules") or ())
            if r.id not in taken
        ]
        if not user and not off:
            return default_redactor()
        ids = {r.id for r in user}
        return cls([r for r in R.BUILTIN_RULES if r.id not in ids] + user, off)

    # -- secrets ----------------------------------------------------------------------------------
    def scan_secrets(
        self,
        w: str,
        markers: list[Span] | None = None,
        depth: int = 0,
        soft: Set[int] = frozenset(),
        values: list[str] | None = None,
    ) -> list[Hit]:
        """Raw secret hits in `w` (overlapping; not merged). `soft`: offsets where something
        invisible was taken out; a token may start or end there. `values` collects the secrets
        found inside encoded blobs (their other occurrences are redacted too)."""
        lowered = w.lower()
        if markers is None:
            markers = _markers(w)
        looks = ("base64,", "aaaa", "-----begin")
        ignore = (
            [m.span() for m in R.IGNORE.finditer(w)] if any(k in lowered for k in looks) else []
        )
        hits: list[Hit] = []
        quoted = any(c in w for c in _MARKS)
        chosen = {i for k, ids in self._by_keyword.items() if k in lowered for i in ids}
        for cr in (self.rules[i] for i in sorted(chosen.union(self._always))):
            r = cr.rule
            for m in cr.matches(w, lowered, markers, soft):
                if markers and R.overlaps(markers, m.start(), m.start() + 1):
                    continue  # a rule name inside our own marker is not a key name
                sp = cr.span(m)
                if sp is not None and cr.check is not None:
                    sp = cr.check(m, w, *sp)
                if sp is not None and quoted and (q := _QUOTE_MARK.search(w, *sp)):
                    sp = (sp[0], q.start()) if q.start() > sp[0] else None  # never into ⟦…⟧
                if sp is None or sp[1] <= sp[0]:
                    continue
                s, e = sp
                while r.right and e < len(w) and w[e] in r.right and e - s < 8192 and e not in soft:
                    e += 1
                secret = w[s:e]
                low = secret.lower()
                if (
                    (markers and R.overlaps(markers, s, e))
                    or (ignore and R.inside(ignore, s, e))
                    or (r.entropy and V.entropy(secret) < r.entropy)
                    or any(x in low for x in cr.stop)
                    or any(x in low for x in R.GLOBAL_STOPWORDS)
                    or any(a.search(secret) for a in cr.allow())
                ):
                    continue
                hits.append((s, e, r.id, r.priority))
        if depth:
            values = values if values is not None else []
            values += [w[h[0] : h[1]] for h in hits]
        if len(w) >= 16:
            hits += E.decoded_hits(self._inner, w, hits, markers, depth, values or [])
        return hits

    def _reassembled(self, w: str, values: list[str]) -> list[Hit]:
        """Hits in the values that wrapping, concatenation, continuation or escapes split
        (core/privacy/assembly.py), mapped back onto `w` with the glue inside them."""
        view = A.joined(w)
        if view is None:
            return []
        text, vs, ws = view
        found = self.scan_secrets(text, values=values)
        if SH.RULES - self.disabled:  # a random value is random once whole, too
            found += [(s, e, r, -1) for s, e, r in SH.find(text) if r not in self.disabled]
        return [
            (A.to_text(vs, ws, s), A.to_text(vs, ws, e - 1) + 1, rule, prio)
            for s, e, rule, prio in found
        ]

    def _decoded(self, w: str, values: list[str]) -> list[Hit]:
        """Hits in values written in an encoding (core/privacy/encodings.py), each read in its
        place; a secret found there is redacted over the whole encoded run."""
        out: list[Hit] = []
        shape = bool(SH.RULES - self.disabled)
        for run in E.encoded_runs(w, w.lower()):
            text, a, b = E.decoded_window(w, run)
            inner = [
                h for h in self.scan_secrets(text, depth=1, values=[]) if h[1] > a and h[0] < b
            ]
            if shape:
                inner += [
                    (s, e, r, -1)
                    for s, e, r in SH.find(text)
                    if r not in self.disabled and e > a and s < b
                ]
            if inner:
                best = max(inner, key=lambda h: (h[3], h[1] - h[0]))
                out.append((run[0], run[1], best[2], best[3]))
                values.append(run[2])
        return out

    def _inner(self, text: str, depth: int, values: list[str]) -> list[Hit]:
        return self.scan_secrets(text, [], depth=depth, values=values)

    # -- the whole pipeline -----------------------------------------------------------------------
    def redact(self, text: str, *, injections: bool = True) -> Redaction:
        """`text` with its secrets redacted, private spans removed and prompt injections
        quoted. `injections=False`: the text is the person's own words (the prompt they typed),
        which address the agent by nature ("Claude, delete the old migrations", "from now on
        always answer in Chinese"): secrets only, nothing read as an injection."""
        truncated = 0
        if len(text) > MAX_INPUT_CHARS:
            cut = _cut_point(text, MAX_INPUT_CHARS)
            truncated, text = len(text) - cut, text[:cut]
        findings, leafs, private = _set_aside(text, J.INVISIBLE not in self.disabled)
        invisible = [(f.start, f.end) for f in findings if f.rule == J.INVISIBLE]
        ours, escapes = _our_syntax(text)
        gone = _merge_spans(sorted(private + invisible + escapes))  # tokens may start/end there
        ours = [x for x in ours if not (gone and R.overlaps(gone, *x))]
        w, segs, soft = _working(text, gone, ours)
        orig = _mapper(segs)
        markers = _markers(w)
        values: list[str] = []
        hits = self.scan_secrets(w, markers, soft=soft, values=values)
        hits += self._reassembled(w, values)
        hits += self._decoded(w, values)
        if SH.RULES - self.disabled:  # secrets by their own shape, wherever they stand
            hits += [
                (s, e, rule, -1)  # a rule that reads the place names the span
                for s, e, rule in SH.find(w)
                if rule not in self.disabled
                and not (markers and R.overlaps(markers, max(0, s - 1), e + 1))  # nor glued to one
            ]
        if SP.RULES - self.disabled:  # a value read out or retyped: groups, spelled, codes
            hits += [(s, e, r, -1) for s, e, r in SP.find(w) if not R.overlaps(markers, s, e)]
        if TC.RULES - self.disabled:  # a cell under a header that names a secret
            hits += [(s, e, r, -1) for s, e, r in TC.find(w) if not R.overlaps(markers, s, e)]
        if SW.RULES - self.disabled:  # a value shown apart from its name: debugger, registry
            hits += [
                (s, e, r, -1)
                for s, e, r in SW.find(w)
                if r not in self.disabled and not R.overlaps(markers, s, e)
            ]
        if hits:  # a secret found once is redacted wherever and however else it is written
            hits += [
                h
                for h in E.every_occurrence(w, hits, values)
                if not R.overlaps(markers, h[0], h[1])
            ]
        secrets = []
        gone_starts, gone_ends = [x[0] for x in gone], [x[1] for x in gone]
        for s, e, rule, _ in _merge(hits):
            s, e = orig(s, e)
            while s < e and text[s] in _MARKS:
                s += 1
            q = _QUOTE_MARK.search(text, s, e)
            while q and gone and R.inside(gone, q.start(), q.end()):
                q = _QUOTE_MARK.search(text, q.end(), e)
            e = q.start() if q else e  # never into a quoted injection's ⟦…⟧
            s, e = _grow(gone_starts, gone_ends, s, e)  # swallow, never cut, a private span
            if e > s:
                secrets.append((s, e, rule))
        secrets = [(s, e, r) for s, e, r, _ in _merge((s, e, r, 0) for s, e, r in secrets)]
        findings += [Finding(rule, s, e) for s, e, rule in secrets]
        inside = [(s, e) for s, e, _ in secrets]
        leafs = [x for x in leafs if not R.overlaps(inside, x[0], x[1])]
        leafs += [(s, e, f"[REDACTED:{rule}]") for s, e, rule in secrets]
        leafs.sort()
        if invisible or ours or escapes:
            # injections: an invisible character separates words, as on output; so does the
            # `\u{200b}` an earlier pass showed it as (a second pass then finds what the first
            # found, no more: an override split by a zero-width space is flagged as invisible)
            seps = sorted(invisible + escapes)
            spaced = "".join(" " if a > b else text[a:b] for a, b in _pieces(text, seps))
            w, segs, _ = _working(spaced, private, [])
            orig = _mapper(segs)
        wrappers = [m.span() for m in _WRAPPER.finditer(w)] if "⟦" in w else []
        regions: list[tuple[int, int, str, bool]] = []
        found = J.find_injections(w, w.lower(), self.disabled) if injections else ()
        for cs, ce, ss, se, rule, wrap in found:
            s, e = orig(ss, se)
            findings.append(Finding(rule, s, e))
            if not (wrap and any(a <= cs and ce <= b for a, b in wrappers)):
                regions.append((s, e, rule, wrap))
        regions = _absorb(regions, leafs)
        out = _render(text, leafs, regions)
        if truncated:
            out += ("" if out.endswith("\n") else "\n") + f"[TRUNCATED:{truncated} chars]"
        findings.sort(key=lambda f: (f.start, f.end, f.rule))
        return Redaction(out, tuple(findings), truncated)


def _markers(w: str) -> list[Span]:
    """[REDACTED:...] markers are never (part of) a secret."""
    return [m.span() for m in MARKER_RE.finditer(w)] if "[REDACTED:" in w else []


def _merge_spans(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s, e in spans:
        if out and s < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def _cut_point(text: str, cap: int) -> int:
    k = max(text.rfind("\n", cap - 4096, cap), text.rfind(" ", cap - 4096, cap))
    return k + 1 if k > 0 else cap


Leaf = tuple[int, int, str]  # original start, end, replacement


def _set_aside(text: str, invisible: bool) -> tuple[list[Finding], list[Leaf], list[Span]]:
    """Private spans (removed) and invisible characters (escaped); both leave the scanned text."""
    findings: list[Finding] = []
    leafs: list[Leaf] = []
    removed: list[Span] = []
    pos = 0
    while "<" in text and (m := _PRIVATE_OPEN.search(text, pos)):
        if text[m.start() - 1 : m.start()] in "`'\"" and text[m.end() : m.end() + 1] == (
            text[m.start() - 1 : m.start()] or None
        ):
            pos = m.end()  # `<private>` or "<private>" names the tag, it does not open one
            continue
        close = _PRIVATE_CLOSE.search(text, m.end())
        end = close.end() if close else len(text)
        findings.append(Finding(PRIVATE_RULE, m.start(), end))
        leafs.append((m.start(), end, ""))
        removed.append((m.start(), end))
        pos = end
    for s, e in J.invisible_runs(text, removed) if invisible else ():
        findings.append(Finding(J.INVISIBLE, s, e))
        leafs.append((s, e, "".join(f"\\u{{{ord(c):x}}}" for c in text[s:e])))
    return findings, leafs, removed


def _pieces(text: str, runs: list[Span]) -> Iterator[Span]:
    """The text cut at `runs`: kept pieces as (start, end), each run as (end, start)."""
    pos = 0
    for s, e in runs:
        yield pos, s
        yield from ((e, s),) * (e - s)  # one blank per character keeps the length
        pos = e
    yield pos, len(text)


def _mapper(segs: tuple[list[int], list[int]] | None) -> Callable[[int, int], Span]:
    def orig(s: int, e: int) -> Span:
        if segs is None:
            return s, e
        return _to_orig(segs, s), _to_orig(segs, e - 1) + 1 if e > s else _to_orig(segs, s)

    return orig


def _working(
    text: str, soft: list[Span], hard: list[Span]
) -> tuple[str, tuple[list[int], list[int]] | None, frozenset[int]]:
    """`text` without the spans in `soft` and `hard` (sorted lists), the segment map back to
    `text`, and the offsets in the result where a `soft` span was taken out."""
    if not soft and not hard:
        return text, None, frozenset()
    spans = sorted([(s, e, True) for s, e in soft] + [(s, e, False) for s, e in hard])
    parts, ws, os_, at = [], [], [], set()
    pos = n = 0
    for s, e, is_soft in [*spans, (len(text), len(text), False)]:
        if s > pos:
            ws.append(n)
            os_.append(pos)
            parts.append(text[pos:s])
            n += s - pos
        if is_soft:
            at.add(n)
        pos = max(pos, e)
    return "".join(parts), (ws, os_), frozenset(at)


def _our_syntax(text: str) -> tuple[list[Span], list[Span]]:
    """What an earlier pass added: the ⟦…: and ⟧ of quoted injections, the backslashes inside
    them and in broken chat tokens; and, apart, the \\u{…} escapes of invisible characters. The
    secret scan reads the text without them, as the earlier pass did, so it finds nothing new."""
    if "\\" not in text and "⟦" not in text:
        return [], []
    spans: list[Span] = []
    for q in _WRAPPER.finditer(text) if "⟦" in text else ():
        spans += [(q.start(), text.index(": ", q.start()) + 2), (q.end() - 1, q.end())]
        spans += [(m.start(), m.start() + 1) for m in _OUR_BACKSLASH.finditer(text, *q.span())]
    escapes: list[Span] = []
    if any(k in text for k in _ESCAPED_KEYS):
        for m in _ESCAPED_TOKEN.finditer(text):
            k = next(i for i in range(1, 6) if m.start(i) >= 0)
            spans.append(m.span(k))
    if "\\u{" in text:
        escapes = [m.span() for m in _ESCAPE.finditer(text)]
    return _merge_spans(sorted(spans)), escapes


def _to_orig(segs: tuple[list[int], list[int]], p: int) -> int:
    ws, os_ = segs
    k = max(0, bisect.bisect_right(ws, p) - 1)
    return os_[k] + p - ws[k] if ws else p


def _grow(starts: list[int], ends: list[int], s: int, e: int) -> Span:
    """[s, e) grown over every span (sorted, non-overlapping; given by its starts and ends)
    that it overlaps."""
    j, k = bisect.bisect_right(ends, s), bisect.bisect_left(starts, e)
    return (min(s, starts[j]), max(e, ends[k - 1])) if j < k else (s, e)


def _absorb(regions: list[tuple[int, int, str, bool]], leafs: list[Leaf]) -> list[Any]:
    """Merge overlapping injection regions and grow them over any edit they cut through."""
    out: list[list[Any]] = []
    starts, ends = [x[0] for x in leafs], [x[1] for x in leafs]
    for s, e, rule, wrap in sorted(regions):
        s, e = _grow(starts, ends, s, e)
        if out and s < out[-1][1]:
            last = out[-1]
            last[1] = max(last[1], e)
            if wrap and not last[3]:
                last[2], last[3] = rule, True
        else:
            out.append([s, e, rule, wrap])
    return out


def _render(src: str, leafs: list[Leaf], regions: list[Any]) -> str:
    out: list[str] = []
    li = 0

    def emit(a: int, b: int, buf: list[str]) -> None:
        nonlocal li
        while li < len(leafs) and leafs[li][0] < b:
            s, e, rep = leafs[li]
            buf.append(src[a:s] if s > a else "")
            buf.append(rep)
            a = max(a, e)
            li += 1
        buf.append(src[a:b] if b > a else "")

    pos = 0
    for s, e, rule, wrap in regions:
        emit(pos, s, out)
        inner: list[str] = []
        emit(s, e, inner)
        body = "".join(inner)
        out.append(f"⟦{rule}: {J.inert(body)}⟧" if wrap else J.escape_tokens(body))
        pos = e
    emit(pos, len(src), out)
    return "".join(out)


_DEFAULT: Redactor | None = None


def default_redactor() -> Redactor:
    """The built-in rules, compiled once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Redactor.default()
    return _DEFAULT


def shadowed_shared_rules(extras: dict[str, Any] | None) -> list[str]:
    """Ids of the vault config's rules that would replace a built-in rule, which a shared
    config may not do (they are left out of every redactor)."""
    builtin = {r.id for r in R.BUILTIN_RULES}
    found = []
    for table in (extras or {}).get("shared_rules") or ():
        rule_id = table.get("id") if isinstance(table, dict) else None
        if isinstance(rule_id, str) and rule_id in builtin:
            found.append(rule_id)
    return sorted(set(found))
