"""Recall evaluation: sessions replayed through the real hook, questions, a scorer (README.md)."""
