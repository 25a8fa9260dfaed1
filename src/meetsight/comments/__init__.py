"""Comments that members of an organization leave on a moment of a meeting or call."""
