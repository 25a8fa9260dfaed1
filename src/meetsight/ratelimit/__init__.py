"""Rate limits per credential and per client address (docs/limits.md)."""
