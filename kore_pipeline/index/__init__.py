"""Index: the FAISS vector index (ids = memory row ids) and its sync with the store."""
