"""The learning loop: sessions into summaries, memories and skills; review and levels."""
