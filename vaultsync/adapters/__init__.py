"""Adapters layer: CLI, watcher, scheduler, MCP."""
