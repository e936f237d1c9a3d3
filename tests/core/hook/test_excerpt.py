"""Excerpts of tool input and output: bounded, informative, cheap on huge outputs."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from vaultsync.core.hook.excerpt import Limits, cap, clip, summarise_input, summarise_output

L = Limits(500, 3, 3)


def test_short_text_is_kept_as_is() -> None:
    assert clip("  12 passed in 0.3s \n", L) == "12 passed in 0.3s"


def test_long_output_keeps_first_and_last_lines_and_says_what_was_cut() -> None:
    text = "\n".join(f"line {i}" for i in range(1, 1001))
    out = clip(text, L)
    lines = out.splitlines()
    assert lines[:3] == ["line 1", "line 2", "line 3"]
    assert lines[-3:] == ["line 998", "line 999", "line 1000"]
    assert "1,000 lines" in out


def test_a_ten_megabyte_output_becomes_a_small_excerpt() -> None:
    huge = ("x" * 99 + "\n") * 100_000 + "FAILED: the last line"
    out = summarise_output({"stdout": huge, "stderr": ""}, L)
    assert len(out) < 700
    assert out.endswith("FAILED: the last line") and "100,001 lines" in out
    one_line = "y" * 10_000_000
    assert len(clip(one_line, L)) < 700


@given(st.text(max_size=3000), st.integers(40, 800), st.integers(0, 5), st.integers(0, 5))
def test_clip_is_always_bounded(text: str, chars: int, head: int, tail: int) -> None:
    limits = Limits(chars, head, tail)
    out = clip(text, limits)
    assert len(out) <= chars + 100 + 12 * (head + tail)
    if len(text.strip()) <= chars and text.strip().count("\n") < head + tail:
        assert out == text.strip()


def test_cap_says_how_long_the_text_was() -> None:
    assert cap("abc", 10) == "abc"
    # A word cut in two is dropped: half a token could be half a secret the redactor misses.
    assert cap("a" * 50, 10) == "… [50 chars]"
    assert cap("abc def ghi jkl", 9) == "abc def… [15 chars]"


def test_input_excerpts_per_tool() -> None:
    assert summarise_input("shell", {"command": "npm test", "description": "Run"}, L) == "npm test"
    edit = summarise_input(
        "edit", {"file_path": "/r/a.py", "old_string": "a\nb", "new_string": "c\nd\ne"}, L
    )
    assert edit.splitlines() == ["/r/a.py", "-2 +3 lines", "- a", "+ c", "+ d", "+ e"]
    # From the first changed line: the value it had, the value it has.
    body = "def connect():\n    timeout = 30\n    return open_pool(timeout)\n"
    changed = summarise_input(
        "edit", {"file_path": "/r/db.py", "old_string": body,
                 "new_string": body.replace("30", "60")}, L
    )  # fmt: skip
    assert changed.splitlines() == [
        "/r/db.py", "-3 +3 lines", "- timeout = 30", "+ timeout = 60",
        "+     return open_pool(timeout)",
    ]  # fmt: skip
    removed = summarise_input("edit", {"file_path": "/r/c.py", "old_string": "x = 1\n",
                                       "new_string": ""}, L)  # fmt: skip
    assert removed.splitlines() == ["/r/c.py", "-1 +0 lines", "- x = 1"]
    write = summarise_input("write", {"file_path": "/r/b.py", "content": "x = 1\n" * 100}, L)
    assert write.startswith("/r/b.py\n600 chars, 100 lines\nx = 1")
    grep = summarise_input("search", {"pattern": "def parse", "path": "src", "glob": "*.py"}, L)
    assert grep == "src\npattern: def parse\nglob: *.py"
    patch = "*** Begin Patch\n*** Update File: a.py\n-old\n+new\n+more\n*** End Patch\n"
    assert summarise_input("edit", {"command": patch}, L) == (
        "patch: 1 files, +2 -1 lines\na.py\n- old\n+ new\n+ more"
    )
    assert summarise_input("mcp", json.dumps({"query": "SELECT 1"}), L) == "query: SELECT 1"
    assert summarise_input("other", None, L) == ""
    odd = summarise_input("other", {"todos": [{"content": "x" * 300}] * 30}, L)
    assert len(odd) < 700 and odd.startswith('{"todos"')


def test_output_excerpts_per_shape() -> None:
    read = {
        "type": "text",
        "file": {"filePath": "/a", "content": "l1\nl2", "numLines": 2, "totalLines": 9},
    }
    assert summarise_output(read, L) == "2 of 9 lines\nl1\nl2"
    glob = {"filenames": [f"f{i}.py" for i in range(10)], "numFiles": 10, "truncated": False}
    assert summarise_output(glob, L).splitlines()[:2] == ["10 files", "f0.py"]
    write = {"type": "create", "filePath": "/r/t.py", "content": "x", "originalFile": None}
    assert summarise_output(write, L) == "create /r/t.py"
    hermes = json.dumps({"output": "Ran 14 tests\nOK", "exit_code": 1, "error": None})
    assert summarise_output(hermes, L) == "Ran 14 tests\nOK\nexit code 1"
    gemini = {"llmContent": "Successfully modified file", "returnDisplay": {"fileDiff": "@@"}}
    assert summarise_output(gemini, L) == "Successfully modified file"
    mcp = [{"type": "text", "text": "issue #12 created"}]
    assert summarise_output(mcp, L) == "issue #12 created"
    bash = {"stdout": "ok", "stderr": "warning: x", "interrupted": True}
    assert summarise_output(bash, L) == "ok\nstderr: warning: x\n(interrupted)"
    assert summarise_output({}, L) == "" and summarise_output(None, L) == ""


def test_a_cut_never_keeps_half_a_word() -> None:
    from vaultsync.core.hook.excerpt import head_cut, tail_cut

    token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl"
    assert head_cut(f"Authorization: Bearer {token} done", 30) == "Authorization: Bearer "
    assert tail_cut(f"start {token} end", 20) == " end"
    assert head_cut(token, 10) == "" and tail_cut(token, 10) == ""
    assert head_cut("short", 10) == "short" and head_cut("ab cd", 3) == "ab "
