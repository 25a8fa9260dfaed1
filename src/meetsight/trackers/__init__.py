"""Trackers: concepts an organization follows across its meetings and calls (a competitor,
pricing, security), found by words and by meaning, counted per week and per rep
(docs/trackers.md)."""
