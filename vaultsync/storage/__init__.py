"""Storage layer: notes, vault writes, the index, git history, rendering."""
