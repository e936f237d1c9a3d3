"""`python -m vaultsync.core.hook`: the hook as a whole process."""

from vaultsync.core.hook.process import run_process

run_process()
