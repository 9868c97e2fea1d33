"""``kore api``: the HTTP API (FastAPI on uvicorn) and the memory browser at ``/ui``."""
