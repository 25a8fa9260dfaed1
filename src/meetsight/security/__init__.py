"""Security basics for every answer: headers, CORS, request body size (docs/limits.md)."""
