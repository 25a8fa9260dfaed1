"""Accounts (the spec's companies) and deals (its opportunities), the conversations matched to
them, and the state of the next steps those conversations produced (docs/accounts.md)."""
