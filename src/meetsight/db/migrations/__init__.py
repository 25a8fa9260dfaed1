"""Alembic migrations (`versions/`), and `frozen/`: the code they run, copied at their revision."""
