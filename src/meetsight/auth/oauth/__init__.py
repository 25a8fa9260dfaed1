"""The OAuth 2.1 authorization server: registered clients, Authorization Code with PKCE, refresh
rotation, revocation, metadata and the bearer-token check (docs/oauth.md)."""
