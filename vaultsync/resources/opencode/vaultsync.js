// vaultsync for OpenCode, written by `vaultsync install opencode`; `vaultsync uninstall
// opencode` removes it (while it is unchanged). It hands each session's events to the
// vaultsync hook (the same one Claude Code, Codex and the others run) and gives the model the
// context the hook answers with, at session start and for each prompt.
//
// Only node: built-ins (a plugin that imports a package makes OpenCode install packages into
// its config folder first). No network: the hook is a local program. Every call runs in the
// background, one at a time in the order OpenCode fired the events, and is stopped after the
// same time limit the other agents give the hook; the only waits are where OpenCode needs the
// answer (the model's system text) or must not exit before the events are written.
import { spawn } from "node:child_process";

const COMMAND = __COMMAND__;
const TIMEOUT_MS = __TIMEOUTS__;
const MAX_ANSWER = 200000;

function call(event, payload) {
  return new Promise((resolve) => {
    let answer = "";
    let done = false;
    let child;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      try {
        child?.kill("SIGKILL");
      } catch {}
      finish();
    }, TIMEOUT_MS[event] ?? 5000);
    try {
      child = spawn(COMMAND[0], [...COMMAND.slice(1), "--event", event], {
        stdio: ["pipe", "pipe", "ignore"],
      });
    } catch {
      finish();
      return;
    }
    child.on("error", finish);
    child.on("close", finish);
    child.stdout.on("data", (chunk) => {
      if (answer.length < MAX_ANSWER) answer += chunk;
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ hook_event_name: event, ...payload }));
  });
}

function contextOf(answer) {
  try {
    const data = JSON.parse(answer);
    return typeof data?.additionalContext === "string" ? data.additionalContext : "";
  } catch {
    return "";
  }
}

export const VaultsyncPlugin = async ({ directory, worktree }) => {
  const cwd = directory || worktree || process.cwd();
  const sessions = new Map();
  const roles = new Map();
  let queue = Promise.resolve("");
  const send = (event, payload) => {
    const next = queue.then(() => call(event, { cwd, ...payload }));
    queue = next.catch(() => "");
    return next;
  };
  const session = (id) => {
    let s = sessions.get(id);
    if (!s) {
      s = { start: null, recall: null, last: "" };
      sessions.set(id, s);
    }
    return s;
  };
  const opened = (id) => {
    const s = session(id);
    if (!s.start) s.start = send("session.created", { session_id: id }).then(contextOf);
    return s;
  };
  return {
    event: async ({ event }) => {
      const props = event?.properties ?? {};
      if (event?.type === "message.updated" && props.info?.id) {
        roles.set(props.info.id, props.info.role);
        return;
      }
      if (event?.type === "message.part.updated") {
        const part = props.part;
        if (part?.type === "text" && !part.synthetic && roles.get(part.messageID) === "assistant") {
          session(part.sessionID).last = part.text ?? "";
        }
        return;
      }
      const id = props.sessionID ?? props.info?.id;
      if (!id) return;
      if (event.type === "session.created") {
        opened(id);
      } else if (event.type === "session.idle" && sessions.has(id)) {
        await send("session.idle", { session_id: id, message: session(id).last });
      } else if (event.type === "session.compacted" && sessions.has(id)) {
        send("session.compacted", { session_id: id });
      }
    },
    "chat.message": async (input, output) => {
      const id = input?.sessionID ?? output?.message?.sessionID;
      if (!id) return;
      const s = opened(id);
      const prompt = (output?.parts ?? [])
        .filter((p) => p?.type === "text" && !p.synthetic)
        .map((p) => p.text)
        .join("\n");
      s.recall = send("chat.message", { session_id: id, prompt }).then(contextOf);
    },
    "tool.execute.after": async (input, output) => {
      if (!input?.sessionID) return;
      send("tool.execute.after", {
        session_id: input.sessionID,
        call_id: input.callID,
        tool: input.tool,
        args: input.args,
        title: output?.title,
        output: output?.output,
        exit: output?.metadata?.exit,
      });
    },
    "experimental.chat.system.transform": async (input, output) => {
      const s = sessions.get(input?.sessionID);
      if (!s || !Array.isArray(output?.system)) return;
      for (const pending of [s.start, s.recall]) {
        const text = pending ? await pending.catch(() => "") : "";
        if (text) output.system.push(text);
      }
    },
    dispose: async () => {
      for (const id of sessions.keys()) await send("dispose", { session_id: id });
      await queue;
    },
  };
};
