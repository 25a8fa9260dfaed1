"""Metrics, request ids and logs: what an operator sees of a running meetsight."""
