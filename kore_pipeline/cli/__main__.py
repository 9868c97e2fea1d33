"""``python -m kore_pipeline.cli``."""

from kore_pipeline.cli.app import app

if __name__ == "__main__":
    app()
