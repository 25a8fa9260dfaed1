"""The MCP endpoint: 11 read-only tools over Streamable HTTP at /api/v1/mcp."""
