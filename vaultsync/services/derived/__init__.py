"""State rebuilt from the vault: the index, queue markers, USER.md, AGENT.md, context."""
