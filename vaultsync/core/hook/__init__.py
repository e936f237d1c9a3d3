"""The hook pipeline: one agent's hook call, from its payload to an event in the vault.

`run_process` is kept here because launchers written by earlier installs import it from this
package; it imports the process module only when called, so importing any other module of the
pipeline does not load the whole hook.
"""

from __future__ import annotations


def run_process(argv: list[str] | None = None) -> None:
    from vaultsync.core.hook.process import run_process as run

    run(argv)
