"""Reading a question: its words for the index (nlquery), the window a time phrase names
(timespan) and the Chinese and Japanese words of software work (term_map)."""
