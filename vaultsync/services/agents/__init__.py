"""The agents' own configuration: hooks, MCP servers, skills installed into them."""
