"""Serve: search (FTS5 + FAISS fused by RRF), prompt context, MCP server, memory writes and
stats."""
