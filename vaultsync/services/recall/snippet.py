"""Snippets for plain-word results: a window of a note's text around its query terms.

FTS5's own snippet() re-runs the whole MATCH expression for each row; for an OR of prefix terms
that is a millisecond or more per result. The recall engine makes plain-word snippets here,
from the row's indexed text, and uses FTS5's for exact syntax (phrases, NOT).
"""

from __future__ import annotations

from vaultsync.core.text import unsegment

SNIPPET_CHARS = 160  # about FTS5's 20 tokens
SNIPPET_SPANS = 200  # matches looked at when choosing the window


def _find_terms(low: str, terms: list[str]) -> list[tuple[int, int, int]]:
    """(start, end, term number) of each term in lower-case text, by str.find: a regex
    alternation of prefix terms with word boundaries costs milliseconds on a long note."""
    spans: list[tuple[int, int, int]] = []
    n = len(low)
    for number, term in enumerate(terms):
        prefix = term.endswith("*")
        body = term.rstrip("*").lower()
        if not body:
            continue
        cjk = not body.isascii()
        pos = low.find(body)
        found = 0
        while pos != -1 and found < SNIPPET_SPANS:
            end = pos + len(body)
            left_ok = cjk or pos == 0 or not low[pos - 1].isalnum()
            if prefix:
                while end < n and low[end].isalnum():
                    end += 1
            right_ok = cjk or prefix or end == n or not low[end].isalnum()
            if left_ok and right_ok:
                spans.append((pos, end, number))
                found += 1
            pos = low.find(body, pos + 1)
    spans.sort()
    return spans


def _without_echo(text: str, title: str) -> str:
    """The text without its heading where the paragraph after it starts by saying the heading
    again (a memory titled by its own first sentence, cut with "…"): the snippet would read the
    same words twice."""
    head = " ".join(unsegment(title).split())
    if not head or not text.startswith(head):
        return text
    rest = text[len(head) :].lstrip()
    said = head.rstrip("….").rstrip()
    return rest if said and rest.startswith(said) else text


def make_snippet(indexed: str, terms: list[str], mark: tuple[str, str]) -> str:
    """A window of the text around its densest cluster of query terms, the terms marked."""
    title, _, rest = indexed.partition("\n")
    _keywords, _, body = rest.partition("\n")
    text = _without_echo(" ".join(unsegment(body or indexed).split()), title)
    low = text.lower()
    spans = _find_terms(low, terms) if len(low) == len(text) else []
    if not spans:
        return text[:SNIPPET_CHARS] + ("…" if len(text) > SNIPPET_CHARS else "")
    best_start, best_terms = spans[0][0], 0
    width = SNIPPET_CHARS - 40
    right = 0
    for left, (start, _end, _n) in enumerate(spans):  # a sliding window over the matches
        right = max(right, left)
        while right + 1 < len(spans) and spans[right + 1][0] < start + width:
            right += 1
        distinct = len({n for _s, _e, n in spans[left : right + 1]})
        if distinct > best_terms:
            best_start, best_terms = start, distinct
    begin = max(0, best_start - 40)
    if begin:
        space = text.find(" ", begin)
        begin = space + 1 if 0 <= space < best_start else begin
    end = min(len(text), begin + SNIPPET_CHARS)
    out, pos = [], begin
    for start, stop, _n in spans:
        if start < pos or stop > end:
            continue
        out += [text[pos:start], mark[0], text[start:stop], mark[1]]
        pos = stop
    out.append(text[pos:end])
    return ("…" if begin else "") + "".join(out) + ("…" if end < len(text) else "")
