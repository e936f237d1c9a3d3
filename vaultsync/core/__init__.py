"""Core layer: standard library only (model, paths, config, privacy, the hook)."""
