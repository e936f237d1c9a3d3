"""The vault as a whole: setup, commits, status and health."""
