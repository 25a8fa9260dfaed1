"""Webhooks: per-organization endpoints told when a meeting or call changes status."""
