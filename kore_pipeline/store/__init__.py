"""Store: the SQLite serving store (schema, migrations, SQL files), run records, export/import."""
