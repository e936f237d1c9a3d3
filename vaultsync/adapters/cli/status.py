"""Placeholder: commands are being written."""

from vaultsync.adapters.cli.app import app  # noqa: F401
