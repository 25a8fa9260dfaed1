"""Server-rendered pages: sign-in, first-run setup, settings; sessions and CSRF for them."""
