"""The whole schema at once, above every package that defines tables: the registry of every
model (`tables`, for Alembic and tests) and the Citus distribution plan derived from it."""
