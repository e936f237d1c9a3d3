"""The newest-decision set is well formed: every gold and stale id is a note or session of the
set, the held-out topics are the ones recorded, and no question crosses the split."""

from __future__ import annotations

from types import ModuleType

import pytest

from bench.recall import (
    abstain_round10,
    decisions,
    decisions_fresh,
    decisions_round9,
    decisions_round11,
    decisions_round13,
    decisions_round18,
    decisions_round19,
    decisions_round20,
    decisions_round21,
    decisions_round22,
    readpaths,
)


def test_every_answer_is_a_note_or_a_session_of_the_set() -> None:
    ids = {s["id"] for s in decisions.SESSIONS} | {n[0] for n in decisions.NOTES}
    for _qid, _family, _text, gold, stale in decisions.DQUESTIONS:
        assert set(gold) <= ids and set(stale) <= ids
        assert not set(gold) & set(stale)


def test_held_out_topics_are_recorded_and_split_whole() -> None:
    assert frozenset({"db", "ci", "log", "push"}) == decisions.HELD_OUT_TOPICS
    for qid, family, _text, gold, _stale in decisions.DQUESTIONS:
        topic = family.split("/")[0]
        split = decisions.split_of(qid, family)
        if topic in decisions.HELD_OUT_TOPICS:
            assert split == "held-out"
        if gold:
            assert gold[0].split("-")[1] == topic


def test_the_newest_decision_is_the_latest_note_of_its_topic() -> None:
    when = {s["id"]: s["start"] for s in decisions.SESSIONS}
    when.update({n[0]: n[2] for n in decisions.NOTES})
    for _qid, _family, _text, gold, stale in decisions.DQUESTIONS:
        for old in stale:
            assert when[gold[0]] > when[old]


def test_the_fresh_set_is_well_formed() -> None:
    """decisions_fresh.py: answers are its notes or sessions, each question's gold is of its
    topic, most questions are held out, and every language asks a never-discussed question."""
    fresh = decisions_fresh
    ids = {s["id"] for s in fresh.SESSIONS} | {n[0] for n in fresh.NOTES}
    splits = []
    for qid, family, _text, gold, stale in fresh.DQUESTIONS:
        assert set(gold) <= ids and set(stale) <= ids and not set(gold) & set(stale)
        if gold:
            assert gold[0].split("-")[1] == family.split("/")[0]
        splits.append(fresh.split_of(qid, family))
        assert family.split("/")[0] in fresh.PROJECT_OF
    answerable = [s for s, q in zip(splits, fresh.DQUESTIONS, strict=True) if q[3]]
    assert answerable.count("held-out") > 2 * answerable.count("dev")
    assert splits.count("held-out") - answerable.count("held-out") == 9
    never = {f.split("/")[1][:2] for _q, f, _t, g, _s in fresh.DQUESTIONS if not g}
    assert never == {"en", "zh", "ja"}
    linked = [n for n in fresh.NOTES if "supersedes:" in n[3]]
    assert len(linked) == 3


@pytest.mark.parametrize(
    ("r9", "links"),
    [(decisions_round9, {"sched", "release", "nav"}), (decisions_round11, set())],
)
def test_the_round9_and_round11_sets_are_well_formed(r9: ModuleType, links: set[str]) -> None:
    """decisions_round9.py and decisions_round11.py: answers are their notes or sessions, the
    gold the latest of its topic, whole topics on one side of the split, the topics replaced by
    a `supersedes` link (round9: three, the other five by date alone; round11 has none: its
    memory is replaced by the old one's `superseded_by`), and every language asks a
    never-discussed question on both sides."""
    when = {s["id"]: s["start"] for s in r9.SESSIONS}
    when.update({n[0]: n[2] for n in r9.NOTES})
    sides: dict[str, set[str]] = {}
    for qid, family, _text, gold, stale in r9.DQUESTIONS:
        topic = family.split("/")[0]
        assert topic in r9.PROJECT_OF
        assert set(gold) <= set(when) and set(stale) <= set(when) and not set(gold) & set(stale)
        assert all(when[gold[0]] > when[old] for old in stale) if gold else not stale
        if gold:
            assert gold[0].split("-")[1] == topic
        sides.setdefault(topic if gold else qid, set()).add(r9.split_of(qid, family))
    assert all(len(s) == 1 for s in sides.values())
    assert {t for t, s in sides.items() if s == {"dev"} and t in r9.TOPICS} == r9.DEV_TOPICS
    linked = {n[0].split("-")[1] for n in r9.NOTES if "supersedes:" in n[3]}
    assert linked == links
    for side in ("dev", "held-out"):
        langs = {f.split("/")[1][:2] for q, f, _t, g, _s in r9.DQUESTIONS
                 if not g and r9.split_of(q, f) == side}  # fmt: skip
        assert {"en", "zh", "ja"} <= langs


def test_the_round10_abstention_set_is_well_formed() -> None:
    """abstain_round10.py: over round9's vault; answers are its notes or sessions (the latest
    of their topic), a family on one side of the split only, each side holding never-discussed
    questions in en, zh and ja and answerable controls, and every question asked from a
    project of the vault."""
    a10, r9 = abstain_round10, decisions_round9
    assert a10.SESSIONS is r9.SESSIONS and a10.NOTES is r9.NOTES and a10.NOW == r9.NOW
    when = {s["id"]: s["start"] for s in r9.SESSIONS}
    when.update({n[0]: n[2] for n in r9.NOTES})
    sides: dict[str, set[str]] = {}
    kinds: dict[str, set[tuple[str, bool]]] = {"dev": set(), "held-out": set()}
    for qid, family, _text, gold, stale in a10.DQUESTIONS:
        assert a10.CWD[qid] in {r9.FORECAST, r9.TALLY, r9.FIELD}
        assert set(gold) <= set(when) and all(when[gold[0]] > when[s] for s in stale)
        assert bool(gold) == family.startswith("control/")
        side = a10.split_of(qid, family)
        sides.setdefault(family, set()).add(side)
        kinds[side].add((family.split("/")[1][:2], bool(gold)))
    assert all(len(s) == 1 for s in sides.values())
    assert len({q[0] for q in a10.DQUESTIONS}) == len(a10.DQUESTIONS)
    for side in kinds.values():
        assert {("en", False), ("zh", False), ("ja", False), ("en", True)} <= side


def test_the_round13_set_is_well_formed() -> None:
    """decisions_round13.py: answers are its notes or sessions; the gold is the latest note of
    its topic but in two shapes (the old ADR touched last, whose status line names the new
    one; a newer unreviewed L1 candidate); whole topics and whole families on one side of the
    split; never-discussed questions in en, zh and ja and controls on both sides."""
    r13 = decisions_round13
    when = {s["id"]: s["start"] for s in r13.SESSIONS}
    when.update({n[0]: n[2] for n in r13.NOTES})
    path = {n[0]: n[1] for n in r13.NOTES}
    body = {n[0]: n[3] for n in r13.NOTES}
    sides: dict[str, set[str]] = {}
    kinds: dict[str, set[tuple[str, bool]]] = {"dev": set(), "held-out": set()}
    for qid, family, _text, gold, stale in r13.DQUESTIONS:
        topic = family.split("/")[0]
        assert r13.CWD[qid] in {r13.HARBOR, r13.PULSE, r13.QUARRY}
        assert set(gold) <= set(when) and set(stale) <= set(when) and not set(gold) & set(stale)
        assert bool(gold) == (topic in r13.TOPICS or topic == "control")
        later = [s for s in stale if when[s] > when[gold[0]]]
        if topic == "jobs":
            assert "Status: accepted" in body[gold[0]]
            assert all("superseded by ADR 0012" in body[s] for s in later) and later
        elif topic == "orchestrator":
            assert later and all(path[s].startswith("memories/L1-candidates/") for s in later)
        else:
            assert not later
        side = r13.split_of(qid, family)
        sides.setdefault(topic if topic in r13.TOPICS else family, set()).add(side)
        if topic not in r13.TOPICS:
            kinds[side].add((family.split("/")[1][:2], bool(gold)))
    assert all(len(s) == 1 for s in sides.values())
    assert {t for t, s in sides.items() if s == {"dev"} and t in r13.TOPICS} == r13.DEV_TOPICS
    assert len({q[0] for q in r13.DQUESTIONS}) == len(r13.DQUESTIONS)
    for side in kinds.values():
        assert {("en", False), ("zh", False), ("ja", False)} <= side
        assert any(answered for _lang, answered in side)


def test_the_round18_set_is_well_formed() -> None:
    """decisions_round18.py: answers are its notes or sessions; a decision's gold is the latest
    note of its topic (the queue's after three older ones, reverted twice); time questions name
    sessions; the held-out topics are held out whole, every family on one side."""
    r18 = decisions_round18
    when = {s["id"]: s["start"] for s in r18.SESSIONS}
    when.update({n[0]: n[2] for n in r18.NOTES})
    sides: dict[str, set[str]] = {}
    for qid, family, _text, gold, stale in r18.DQUESTIONS:
        topic = family.split("/")[0]
        assert r18.CWD[qid] in {r18.TERN, r18.SABLE}
        assert set(gold) <= set(when) and set(stale) <= set(when) and not set(gold) & set(stale)
        if topic in r18.TOPICS and not topic.startswith("t-"):
            assert all(when[g] > when[s] for g in gold for s in stale)
        if topic == "queue":
            assert len(stale) == 3
        side = r18.split_of(qid, family)
        if topic in r18.HELD_TOPICS:
            assert side == "held-out"
        sides.setdefault(family, set()).add(side)
    assert all(len(s) == 1 for s in sides.values())
    assert len({q[0] for q in r18.DQUESTIONS}) == len(r18.DQUESTIONS)


def test_the_round19_set_is_well_formed() -> None:
    """decisions_round19.py: answers are its notes or sessions; a decision's gold is the latest
    note of its topic; the Cursor session's decision is in no closing words; the Chinese memory
    the Japanese 設定画面 questions want says 设置界面, while the other Chinese note shares their
    kanji in another meaning; `NOW` is after summer time ended, last night's session before; the
    held-out topics are held out whole, every family on one side."""
    import datetime as dt
    from zoneinfo import ZoneInfo

    r19 = decisions_round19
    zone = ZoneInfo(r19.TZ)
    when = {s["id"]: s["start"] for s in r19.SESSIONS}
    when.update({n[0]: n[2] for n in r19.NOTES})
    body = {n[0]: n[3] for n in r19.NOTES}
    sides: dict[str, set[str]] = {}
    for qid, family, _text, gold, stale in r19.DQUESTIONS:
        topic = family.split("/")[0]
        assert r19.CWD[qid] == r19.PROJECT_OF.get(topic, r19.CWD[qid])
        assert r19.CWD[qid] in {r19.KESTREL, r19.MARLIN}
        assert set(gold) <= set(when) and set(stale) <= set(when) and not set(gold) & set(stale)
        assert bool(gold) == (topic in r19.TOPICS or topic == "control")
        if topic in r19.TOPICS and not topic.startswith("t-"):
            assert all(when[g] > when[s] for g in gold for s in stale)
        side = r19.split_of(qid, family)
        if topic in r19.HELD_TOPICS:
            assert side == "held-out"
        sides.setdefault(family, set()).add(side)
    assert all(len(s) == 1 for s in sides.values())
    assert len({q[0] for q in r19.DQUESTIONS}) == len(r19.DQUESTIONS)
    cursor = next(s for s in r19.SESSIONS if s["id"] == "m-input-2")
    assert cursor["agent"] == "cursor" and not cursor["turns"][0][2]
    assert "设定" not in body["m-ui-2"] and "画面" not in body["m-ui-2"]
    assert "设定" in body["m-lore"] and "画面" in body["m-lore"]
    now = dt.datetime.fromisoformat(r19.NOW)
    assert now.utcoffset() == dt.timedelta(hours=1) == now.astimezone(zone).utcoffset()
    last_night = dt.datetime.fromisoformat(when["tk1"]).replace(tzinfo=zone)
    assert last_night.utcoffset() == dt.timedelta(hours=2) and last_night.date() == now.date()


def test_a_cursor_session_is_replayed_in_cursor_s_own_events() -> None:
    """readpaths.payloads gives a Cursor session the events the hook reads from Cursor: its
    edits as afterFileEdit, its answer as afterAgentResponse (empty for a session written
    without closing words), then `stop`, which carries none and is ignored."""
    from vaultsync.core.hook import agents
    from vaultsync.core.model import EventKind

    cursor = next(s for s in decisions_round19.SESSIONS if s["agent"] == "cursor")
    events = readpaths.payloads(cursor)
    names = [e["hook_event_name"] for e in events]
    assert names[0] == "sessionStart" and names[-1] == "sessionEnd"
    assert names.count("afterFileEdit") == len(cursor["turns"][0][1])
    assert names[-3:] == ["afterAgentResponse", "stop", "sessionEnd"]
    for event in events:
        incoming = agents.normalize("cursor", event, None)
        if event["hook_event_name"] == "afterFileEdit":
            assert incoming.files == (event["file_path"],)
        if event["hook_event_name"] == "afterAgentResponse":
            assert incoming.kind is EventKind.TURN_END and incoming.message == ""
        if event["hook_event_name"] == "stop":
            assert incoming.kind is None


def test_the_round20_set_is_well_formed() -> None:
    """decisions_round20.py: answers are its notes or sessions; a decision's gold is the latest
    note of its topic; the held-out topic is held out whole, every family on one side; the
    never-discussed long task prompts are long (ten words or more, or forty CJK characters),
    and the function the questions name is in both retry sessions, the one nobody wrote in
    none; the cache decision is in no closing words; both sides hold answerable and
    never-discussed questions."""
    r20 = decisions_round20
    when = {s["id"]: s["start"] for s in r20.SESSIONS}
    when.update({n[0]: n[2] for n in r20.NOTES})
    sides: dict[str, set[str]] = {}
    kinds: dict[str, set[bool]] = {"dev": set(), "held-out": set()}
    for qid, family, text, gold, stale in r20.DQUESTIONS:
        topic = family.split("/")[0]
        assert r20.CWD[qid] == r20.HERON
        assert set(gold) <= set(when) and set(stale) <= set(when) and not set(gold) & set(stale)
        assert bool(gold) == (topic in r20.TOPICS or topic == "control")
        if topic in r20.TOPICS:
            assert all(when[g] > when[s] for g in gold for s in stale)
        if topic == "none-task":
            assert len(text.split()) >= 10 or len(text) >= 40
        side = r20.split_of(qid, family)
        if topic in r20.HELD_TOPICS:
            assert side == "held-out"
        sides.setdefault(family, set()).add(side)
        kinds[side].add(bool(gold))
    assert all(len(s) == 1 for s in sides.values())
    assert kinds == {"dev": {True, False}, "held-out": {True, False}}
    assert len({q[0] for q in r20.DQUESTIONS}) == len(r20.DQUESTIONS)
    everything = repr(r20.SESSIONS) + repr(r20.NOTES)
    for sid in ("h-retry-1", "h-retry-2"):
        assert "withRetry" in repr(next(s for s in r20.SESSIONS if s["id"] == sid))
    assert "parseLocale" not in everything and "Dockerfile" not in everything
    cache = next(s for s in r20.SESSIONS if s["id"] == "h-cache-2")
    assert "Redis" not in cache["turns"][0][2]


def test_the_round21_set_is_well_formed() -> None:
    """decisions_round21.py: answers are its notes or sessions; a decision's gold is the latest
    note of its topic, the fact said four times has three older answers; the held-out topics
    are held out whole, every family on one side; a try spread over one session's turns names
    the thing tried in its first turn alone and is undone ("back") only in its last; romaji
    and pinyin questions are written in Latin letters; the requests inside a task are long;
    both sides hold answerable and never-discussed questions."""
    r21 = decisions_round21
    when = {s["id"]: s["start"] for s in r21.SESSIONS}
    when.update({n[0]: n[2] for n in r21.NOTES})
    sides: dict[str, set[str]] = {}
    kinds: dict[str, set[bool]] = {"dev": set(), "held-out": set()}
    for qid, family, text, gold, stale in r21.DQUESTIONS:
        topic, pair, style = family.split("/")
        assert r21.CWD[qid] == r21.OSPREY
        assert set(gold) <= set(when) and set(stale) <= set(when) and not set(gold) & set(stale)
        assert bool(gold) == (topic in r21.TOPICS or topic == "control")
        if topic in r21.TOPICS:
            assert all(when[g] > when[s] for g in gold for s in stale)
        if style in ("romaji", "pinyin"):
            assert pair.startswith(("ja-romaji", "zh-pinyin")) and text.isascii()
        if style == "request":
            assert "please" in text.lower() or "请" in text or "確認" in text
            assert len(text.split()) >= 20 or len(text) >= 40
        side = r21.split_of(qid, family)
        if topic in r21.HELD_TOPICS:
            assert side == "held-out"
        sides.setdefault(family, set()).add(side)
        kinds[side].add(bool(gold))
    assert all(len(s) == 1 for s in sides.values())
    assert kinds == {"dev": {True, False}, "held-out": {True, False}}
    assert len({q[0] for q in r21.DQUESTIONS}) == len(r21.DQUESTIONS)
    minsdk = [q for q in r21.DQUESTIONS if q[1].startswith("minsdk/")]
    assert all(len(q[4]) == 3 for q in minsdk)
    for sid, thing in (("o-impeller-1", "Impeller"), ("o-freezed-1", "freezed")):
        turns = next(s for s in r21.SESSIONS if s["id"] == sid)["turns"]
        assert len(turns) == 3 and thing in turns[0][0]
        assert all(thing not in prompt + reply for prompt, _tools, reply in turns[1:])
        assert "back" in turns[2][0] and "back" not in repr(turns[:2])
    everything = repr(r21.SESSIONS) + repr(r21.NOTES)
    for never in ("analytics", "Isar", "i18n", "Flutter web", "WebAssembly"):
        assert never not in everything


def test_the_round22_set_is_well_formed() -> None:
    """decisions_round22.py: answers are its notes or sessions; a decision's gold is the latest
    note of its topic; every question is held out; the try spread over one session's turns
    names torch.compile in its first turn alone; romaji and pinyin questions are in Latin
    letters, German ones hold a German word; the requests inside a task are long; answerable
    and never-discussed questions both."""
    r22 = decisions_round22
    when = {s["id"]: s["start"] for s in r22.SESSIONS}
    when.update({n[0]: n[2] for n in r22.NOTES})
    kinds = set()
    for qid, family, text, gold, stale in r22.DQUESTIONS:
        topic, pair, style = family.split("/")
        assert r22.CWD[qid] == r22.PETREL
        assert set(gold) <= set(when) and set(stale) <= set(when) and not set(gold) & set(stale)
        assert bool(gold) == (topic in r22.TOPICS or topic == "control")
        if topic in r22.TOPICS:
            assert all(when[g] > when[s] for g in gold for s in stale)
        if style in ("romaji", "pinyin"):
            assert pair.startswith(("ja-romaji", "zh-pinyin")) and text.isascii()
        if pair.startswith("de"):
            assert any(w in text.split() for w in ("Welches", "Mit", "Bevor", "Exportiert"))
        if style in ("request", "tellme", "firstcheck", "lookup"):
            assert len(text.split()) >= 20 or len(text) >= 40
        assert r22.split_of(qid, family) == "held-out"
        kinds.add(bool(gold))
    assert kinds == {True, False}
    assert len({q[0] for q in r22.DQUESTIONS}) == len(r22.DQUESTIONS)
    turns = next(s for s in r22.SESSIONS if s["id"] == "p-compile-1")["turns"]
    assert len(turns) == 3 and "torch.compile" in turns[0][0]
    assert all("torch.compile" not in t[0] for t in turns[1:])
