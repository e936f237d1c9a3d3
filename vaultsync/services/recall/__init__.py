"""Reading memory back: search and recall over the index."""
