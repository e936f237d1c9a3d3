"""`vaultsync import`: memory and past sessions from the tools people already use, one module
per source (claude_code, hermes, claude_mem, codex), sharing `notes` for provenance, redaction
and idempotency."""
