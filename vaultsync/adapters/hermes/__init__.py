"""Hermes Agent integration: the memory-provider plugin."""
