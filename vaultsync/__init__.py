"""vaultsync: one shared, permanent, human-editable memory for AI coding agents."""

__version__ = "0.1.0"
