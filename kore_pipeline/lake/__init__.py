"""Lake: Parquet datasets and DuckDB views for analysts, and the HTML report."""
