"""The hook process: `vaultsync-hook --agent AGENT [--event EVENT]`, run by an agent at each
hook event with the agent's JSON payload on stdin.

It sits in every tool call of every agent, so it fails open and stays small:
- whatever happens it exits 0, within a time limit that follows the agent: the timeout
  `vaultsync install` gave this agent and event (core.agents.hook_budget_s), less a margin,
  capped by `hook.time_limit_s` (core/hook/timeouts.py), enforced by a timer that ends the process,
  but never in the middle of writing an event block;
- nothing is dropped for time: an event it cannot write before the limit goes to the spool
  (core/hook/spool.py) and is written by the next call; a session start that cannot build its
  context in time answers with the context it gave last time;
- errors become one JSON line in the hook error log outside the vault (time, agent, event,
  error class, message; never payload content), which `vaultsync status` counts;
- stdin is read up to `hook.max_stdin_bytes`; beyond that it is drained and discarded so the
  agent's pipe never blocks, and the call is logged as an error;
- it imports only the standard library and vaultsync.core (tests check sys.modules).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from contextlib import suppress

from vaultsync.core.hook.deadline import DEFAULT_TIME_LIMIT, Deadline

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DEFAULT_CAP = 30.0

HELP = """\
usage: vaultsync-hook --agent AGENT [--event EVENT]
       vaultsync hook --agent AGENT [--event EVENT]

Record one agent hook event in the vault. The agent's JSON payload is read on stdin.

  --agent AGENT   claude-code, codex, hermes, gemini, cursor, copilot or opencode
                  (guessed from the payload when omitted)
  --event EVENT   the native event name, for agents whose payload does not carry one
                  (the payload's hook_event_name wins when present)

The vault comes from $VAULTSYNC_VAULT or the user config. The hook always exits 0 within
its time limit (the timeout install gave the agent for the event, less a margin, capped by
hook.time_limit_s); an event it cannot write in time waits in the spool and is written by the
next call. Problems go to the hook error log, counted by `vaultsync status`. On session start
it prints the context the agent expects (JSON for
Claude Code, Codex, Gemini and Cursor, {"context": ...} for Hermes' first pre_llm_call,
{"additionalContext": ...} for Copilot CLI and vaultsync's OpenCode plugin).
`vaultsync install AGENT` writes these hook commands into the agent's configuration.
"""


class _Call:
    """What is known about this call so far, for the error log and the fallback output."""

    def __init__(self) -> None:
        self.agent = ""
        self.event = ""
        self.incoming: Any = None
        self.emitted = False
        self.limit = DEFAULT_TIME_LIMIT
        self.cap = DEFAULT_CAP
        self.vault: Any = None  # the vault, once the config named one
        self.raw: bytes | None = None  # the whole payload, once read
        self.chunks: list[bytes] = []  # the payload as far as it was read
        self.event_flag: str | None = None
        self.max_stdin = 0
        self.extended = False  # the first limit was extended to the event's own
        self.stdin_done = False  # the deadline read stdin to its end
        self.parsed = False  # the payload became an event (or was refused): no raw spooling


class UsageError(ValueError):
    pass


def parse_args(argv: list[str]) -> tuple[str | None, str | None]:
    agent = event = None
    args = list(argv)
    while args:
        arg = args.pop(0)
        name, eq, value = arg.partition("=")
        if name not in ("--agent", "--event"):
            raise UsageError(f"unknown argument {arg[:40]!r}")
        if not eq:
            if not args:
                raise UsageError(f"{name} needs a value")
            value = args.pop(0)
        if name == "--agent":
            agent = value
        else:
            event = value
    return agent, event


def _fileno(stream: Any) -> int | None:
    try:
        return int(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return None


def read_stdin(
    limit: int,
    stream: Any = None,
    chunks: list[bytes] | None = None,
    guard: Callable[[], Any] | None = None,
) -> bytes:
    """At most `limit` bytes; a longer payload is drained (so the writer never blocks on a
    full pipe) and refused. The deadline bounds how long draining may take. What was read so
    far is in `chunks` (for the deadline, which may stop the read)."""
    if stream is None:
        stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return b""
    try:
        if stream.isatty():
            return b""
    except (OSError, ValueError):
        return b""
    if chunks is None:
        chunks = []
    size = 0
    over = False
    # read1: one read of the pipe per call, so what came is in `chunks` at once, never held
    # in the stream's own buffer when the deadline stops the read.
    read = getattr(stream, "read1", stream.read)
    fd = _fileno(stream) if guard is not None else None
    while True:
        try:
            if fd is not None and guard is not None:
                # Wait where the limit may interrupt, then read what is ready and keep it
                # inside `guard` (the deadline's critical section): a limit striking between
                # the read and the append would lose the chunk the read took from the pipe.
                import select

                select.select([fd], [], [])
                with guard():
                    chunk = os.read(fd, 1 << 20)
                    size += len(chunk)
                    if size > limit:
                        over = True
                        chunks.clear()
                    elif chunk and not over:
                        chunks.append(chunk)
            else:
                chunk = read(1 << 20)
                size += len(chunk)
                if size > limit:
                    over = True
                    chunks.clear()
                elif chunk and not over:
                    chunks.append(chunk)
        except (OSError, ValueError):
            break
        if not chunk:
            break
    if over:
        raise PayloadTooLarge(f"payload over hook.max_stdin_bytes ({limit:,} bytes) ignored")
    return b"".join(chunks)


class PayloadTooLarge(ValueError):
    pass


def _emit(call: _Call, context: str) -> None:
    """Print what the agent expects; once per call, even if the deadline fires meanwhile."""
    if call.emitted or not call.agent:
        return
    call.emitted = True
    from vaultsync.core.hook.agents import render_output

    out = render_output(call.incoming, call.agent, context)
    if out is None:
        return
    # Bytes, flushed at once: the deadline may end the process right after this returns, and
    # the agent's JSON must not depend on the terminal's encoding.
    data = (out + "\n").encode("utf-8", "surrogatepass")
    stream = getattr(sys.stdout, "buffer", None)
    with suppress(OSError, ValueError):
        if stream is not None:
            sys.stdout.flush()
            stream.write(data)
            stream.flush()
        else:
            sys.stdout.write(data.decode("utf-8", "replace"))
            sys.stdout.flush()


def _safe_message(exc: BaseException) -> str:
    """A message that never quotes the payload: our own errors say what is wrong, anything
    else is reported by where it was raised."""
    import json

    from vaultsync.core.config import ConfigError
    from vaultsync.core.hook.agents import PayloadError

    if isinstance(exc, PayloadError | UsageError | ConfigError | PayloadTooLarge | TimeoutError):
        return str(exc)[:300]
    if isinstance(exc, json.JSONDecodeError):
        return f"payload is not valid JSON ({exc.msg} at char {exc.pos})"
    if isinstance(exc, OSError):
        where = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror or 'I/O error'}{where}"[:300]
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return "unexpected error"
    code = tb.tb_frame.f_code
    return f"raised in {os.path.basename(code.co_filename)}:{tb.tb_lineno} ({code.co_name})"


# A JSON escape such as \\ud800 decodes to a lone surrogate, which no UTF-8 file (a note, its
# name) can hold: such characters become U+FFFD at the boundary, before anything else sees them.
# (`re` is loaded by `json` anyway; the patterns are compiled only for a payload with a \\u
# escape: the class of 2,048 surrogates alone costs ~0.3 ms to compile.)
_LONE_SURROGATE_ESCAPE = rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}"
_SURROGATE = "[\ud800-\udfff]"


def _without_lone_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return re.sub(_SURROGATE, "\ufffd", value)
    if isinstance(value, dict):
        return {_without_lone_surrogates(k): _without_lone_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_lone_surrogates(v) for v in value]
    return value


def log_error(call: _Call, error: str, message: str) -> None:
    from vaultsync.core import logs

    logs.hook_error(call.agent, call.event, error, message)


def _run(argv: list[str], call: _Call, deadline: Deadline) -> None:
    import json
    from pathlib import Path

    from vaultsync.core import config, timestamp
    from vaultsync.core.hook import agents

    agent_flag, event_flag = parse_args(argv)
    call.event = event_flag or ""
    call.event_flag = event_flag
    if agent_flag:
        call.agent = agents.parse_agent(agent_flag)
    try:
        cfg = config.load_config(strict=False)
    except config.ConfigError as exc:
        if _keep_for_later(call, deadline):
            message = f"event kept in the spool until the file is fixed: {exc}"
            raise config.ConfigError(message) from exc
        raise
    call.vault = cfg.vault
    # Armed once the limit is known, before anything that can wait on the agent (stdin) or on
    # another hook (locks). Until here only imports and two small config files were read; an
    # earlier default timer would fire during start-up on a crowded machine, before the
    # configured limit could apply. Until the payload names the event, the agent's shortest
    # budget applies.
    call.cap = float(cfg.get("hook", "time_limit_s") or DEFAULT_CAP)
    call.max_stdin = int(cfg.get("hook", "max_stdin_bytes"))
    _arm(call, deadline)
    raw = read_stdin(call.max_stdin, chunks=call.chunks, guard=deadline.critical)
    if not raw.strip():
        raise agents.PayloadError("empty payload on stdin")
    call.raw = raw
    try:
        payload = json.loads(raw)  # bytes: no decoded copy of a large payload
    except UnicodeDecodeError:  # invalid UTF-8 inside: keep the event, mark the bad bytes
        payload = json.loads(raw.decode("utf-8", "replace").lstrip("\ufeff"))
    if not isinstance(payload, dict):
        raise agents.PayloadError(f"payload is a JSON {type(payload).__name__}, not an object")
    if b"\\u" in raw and re.search(_LONE_SURROGATE_ESCAPE, raw):
        payload = _without_lone_surrogates(payload)
    if not call.agent:
        call.agent = agents.sniff_agent(payload)
    really = agents.actual_agent(call.agent)
    if really is None:  # Copilot running a repository's Claude hooks: its own hooks record it
        call.incoming = None
        call.parsed = True
        deadline.settle()
        return
    call.agent = really
    call.event = agents.event_name(call.agent, payload, event_flag)
    _arm(call, deadline)
    call.parsed = True  # the event's own limit applies now
    call.incoming = agents.normalize(call.agent, payload, event_flag)
    if os.environ.get("VAULTSYNC_LEARN"):
        # The learning loop's own model run (`claude -p` …) fires the agent's hooks too:
        # recording it would turn every learn run into a session to learn from.
        deadline.settle()
        with deadline.critical():
            _emit(call, "")
        return
    if cfg.vault is None:
        raise agents.PayloadError("no vault configured (set VAULTSYNC_VAULT or run vaultsync init)")
    vault = Path(cfg.vault)
    from vaultsync.core.hook import capture

    if not vault.is_dir():
        if call.incoming.kind is None:
            raise agents.PayloadError(f"vault not found: {vault}")
        from vaultsync.core.hook import overrun

        with deadline.critical():  # nothing is lost: it waits for the vault, redacted
            overrun.spool_until_vault_returns(call, payload, capture.redactor_for(cfg))
            deadline.settle()
        raise agents.PayloadError(f"vault not found: {vault}; the event waits in the spool")

    if call.incoming.wants_context:
        deadline.set_context(capture.cached_context(vault, call.incoming.cwd))
    # Until capture settles the call (its event written, spooled or filtered), the limit
    # spools the event capture built, or else the payload as it came.
    context = capture.handle(call.incoming, vault, cfg, timestamp.now(), deadline)
    context = _with_recall(call, vault, cfg, context)
    with deadline.critical():
        _emit(call, context)


def _keep_for_later(call: _Call, deadline: Deadline) -> bool:
    """A config file that cannot be read (a person's typo, or a pull that brought a broken
    one) must not lose the event: its payload is spooled as it came, as a timeout spools it,
    for the first call after the file is fixed to parse, filter by the privacy settings,
    redact and write (core/hook/capture.drain_raw). Without its settings nothing is written
    to the vault now: the vault's `[privacy] deny` may say this project leaves no trace.
    True if the payload was spooled."""
    import json

    from vaultsync.core import config
    from vaultsync.core.hook import agents, overrun

    vault = config.located_vault()
    if vault is None or not vault.is_dir():
        return False
    call.vault = str(vault)
    call.max_stdin = int(config.DEFAULTS["hook"]["max_stdin_bytes"])
    _arm(call, deadline)
    raw = read_stdin(call.max_stdin, chunks=call.chunks, guard=deadline.critical)
    if not raw.strip():
        return False
    call.raw = raw
    if not call.agent:  # the replay needs to know whose payload it is
        try:
            call.agent = agents.sniff_agent(json.loads(raw))
        except (ValueError, agents.PayloadError, AttributeError, TypeError):
            return False
    with deadline.critical():
        if overrun.spool_unwritten(call, deadline):
            deadline.settle()
            call.parsed = True
            return True
    return False


def _arm(call: _Call, deadline: Deadline) -> None:
    from vaultsync.core.hook.timeouts import time_limit

    limit = time_limit(call.agent, call.event, call.cap)
    if limit != call.limit or not call.raw:
        call.limit = limit
        deadline.arm(limit)


def _with_recall(call: _Call, vault: Any, cfg: Any, context: str) -> str:
    """Add prompt-time recall (core/prompt_recall) to what the agent is sent; the event is
    already recorded, so a failure here only costs the recall, and is logged."""
    from vaultsync.core.model import EventKind

    inc = call.incoming
    if inc is None or inc.kind is not EventKind.PROMPT:
        return context  # (prompt_recall and its patterns cost ~3 ms to load: prompts only)
    from vaultsync.core.hook import prompt_recall

    if not prompt_recall.wanted(inc, cfg):
        return context
    try:
        from vaultsync.core.project import project_of

        recalled = prompt_recall.context_for(inc, vault, cfg, project_of(inc.cwd).key)
    except Exception as exc:
        log_error(call, "PromptRecall" + type(exc).__name__, _safe_message(exc))
        return context
    if not recalled:
        return context
    from vaultsync.core import timestamp
    from vaultsync.core.hook import injection_log  # memories handed over: counted later

    injection_log.note(vault, inc.agent, inc.session_id, "prompt", recalled, timestamp.now())
    call.incoming = inc.replace(wants_context=True)
    return f"{context}\n\n{recalled}" if context else recalled


def main(argv: list[str] | None = None, *, own_process: bool = False) -> int:
    """Run one hook call. `own_process` is True only where the hook is the whole process (the
    console script, the launcher, `vaultsync hook`): only then may the time limit end the
    process with os._exit. Called in-process (the typer command, tests), it never kills its
    caller; the caller owns its own time limit."""
    args = sys.argv[1:] if argv is None else list(argv)
    if "-h" in args or "--help" in args:
        sys.stdout.write(HELP)
        return 0
    call = _Call()

    def expire() -> bool:
        from vaultsync.core.hook import overrun

        if overrun.extend(call, deadline):
            return True  # the event turned out to have a longer budget: carry on
        try:
            spooled = overrun.spool_unwritten(call, deadline)
        except OSError as exc:
            spooled = False
            log_error(call, type(exc).__name__, _safe_message(exc))
        if not deadline.settled:  # past its own event, a call stopped mid-drain lost nothing
            if not spooled:
                what = "nothing to keep"
            elif deadline.fallback is None and not call.raw and not call.stdin_done:
                what = "payload incomplete: what came was spooled, set aside by the next drain"
            elif deadline.fallback is None:
                what = "payload spooled raw, written by the next call"
            else:
                what = "event spooled, written by the next call"
            log_error(call, "TimeLimit", f"stopped after the {call.limit:g} s time limit ({what})")
        _emit(call, deadline.context or "")
        return False

    deadline = Deadline(expire, enabled=own_process)
    try:
        _run(args, call, deadline)
    except BaseException as exc:  # fail open: nothing may reach the agent as a failure
        with deadline.critical():
            log_error(call, type(exc).__name__, _safe_message(exc))
            _emit(call, deadline.context or "")
    finally:
        deadline.cancel()
    return 0


def run_process(argv: list[str] | None = None) -> None:
    """The hook as a whole process (the launcher, the console script, `vaultsync hook`): one
    call, then the process ends at once.

    Two costs a short-lived process has no use for, both public, documented switches, kept
    because they were measured (bench/bench_hook.py's cases, 12-15 interleaved runs on the
    shared 2-core machine): the interpreter's teardown, which frees every module one by one
    (`os._exit` skips it: 5-6 ms of CPU per call there, an eighth of the hook), and the cyclic
    garbage collector, which runs while the modules load although their objects live until
    exit anyway (reference counting still frees everything else; 1-2 ms at SessionStart and
    UserPromptSubmit, nothing measurable at PostToolUse). Every file the hook wrote is closed
    (and fsynced where it must be) before `main` returns; only the standard streams are
    flushed here. The deadline ends the process the same way."""
    import gc

    gc.disable()
    code = main(argv, own_process=True)
    for stream in (sys.stdout, sys.stderr):
        with suppress(Exception):
            stream.flush()
    os._exit(code)
