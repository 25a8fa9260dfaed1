"""Every tenant table can be distributed by organization_id on Citus: its primary key, its
unique constraints and every foreign key to another tenant table include organization_id
(checked on the models and on the schema the migrations build on PostgreSQL), and the plan in
scripts/citus_distribute.sql places every table and is current."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest
import sqlalchemy as sa

from meetsight.config import normalise_database_url
from meetsight.db.base import Base
from meetsight.db.engine import create_engine
from meetsight.db.migrate import upgrade_async
from meetsight.schema.citus import (
    COORDINATOR_TABLES,
    DISTRIBUTION_COLUMN,
    REFERENCE_TABLES,
    plan,
    render_sql,
)

ORG = DISTRIBUTION_COLUMN
SCRIPT = Path(__file__).parents[2] / "scripts" / "citus_distribute.sql"
PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")


def _distributed() -> set[str]:
    return {p.table for p in plan() if p.kind == "distributed"}


def test_models_keys_include_organization_id() -> None:
    tenant = {t.name for t in Base.metadata.tables.values() if ORG in t.columns}
    assert len(tenant) >= 15
    problems = []
    for table in Base.metadata.tables.values():
        if table.name not in tenant:
            continue
        if ORG not in table.primary_key.columns:
            problems.append(f"{table.name}: primary key lacks {ORG}")
        for fk in table.foreign_key_constraints:
            if fk.referred_table.name not in tenant:
                continue
            pairs = {(e.parent.name, e.column.name) for e in fk.elements}
            if (ORG, ORG) not in pairs:
                problems.append(f"{table.name}: {fk.name or pairs} does not pair {ORG}")
        if table.name in _distributed():
            for con in table.constraints:
                if isinstance(con, sa.UniqueConstraint) and ORG not in con.columns:
                    problems.append(f"{table.name}: unique {con.name} lacks {ORG}")
            for index in table.indexes:
                if index.unique and ORG not in index.columns:
                    problems.append(f"{table.name}: unique index {index.name} lacks {ORG}")
    assert not problems, problems


def test_plan_places_every_table_once_and_the_script_is_current() -> None:
    placements = plan()
    names = [p.table for p in placements]
    assert len(names) == len(set(names))
    assert set(Base.metadata.tables) <= set(names)
    assert {p.table for p in placements if p.kind == "reference"} == set(REFERENCE_TABLES)
    assert {p.table for p in placements if p.kind == "coordinator"} == set(COORDINATOR_TABLES)
    # A referenced table is placed before the tables that refer to it.
    position = {name: i for i, name in enumerate(names)}
    for table in Base.metadata.tables.values():
        for fk in table.foreign_key_constraints:
            assert position[fk.referred_table.name] < position[table.name], table.name
    assert SCRIPT.read_text() == render_sql(placements), (
        "scripts/citus_distribute.sql is out of date: "
        "run `meetsight citus-plan > scripts/citus_distribute.sql`"
    )


KEYS = """
SELECT tc.table_name, tc.constraint_name, tc.constraint_type, kcu.column_name,
       kcu.ordinal_position, kcu.position_in_unique_constraint, ccu.table_name AS referred
FROM information_schema.table_constraints tc
JOIN information_schema.key_column_usage kcu
  ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name
 AND kcu.table_name = tc.table_name
LEFT JOIN information_schema.referential_constraints rc
  ON rc.constraint_schema = tc.constraint_schema AND rc.constraint_name = tc.constraint_name
LEFT JOIN information_schema.key_column_usage ccu
  ON ccu.constraint_schema = rc.unique_constraint_schema
 AND ccu.constraint_name = rc.unique_constraint_name
 AND ccu.ordinal_position = kcu.position_in_unique_constraint
WHERE tc.table_schema = current_schema()
  AND tc.constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY', 'UNIQUE')
"""
REFERRED_COLUMNS = """
SELECT kcu.constraint_name, kcu.column_name AS local, ccu.column_name AS remote
FROM information_schema.referential_constraints rc
JOIN information_schema.key_column_usage kcu
  ON kcu.constraint_schema = rc.constraint_schema AND kcu.constraint_name = rc.constraint_name
JOIN information_schema.key_column_usage ccu
  ON ccu.constraint_schema = rc.unique_constraint_schema
 AND ccu.constraint_name = rc.unique_constraint_name
 AND ccu.ordinal_position = kcu.position_in_unique_constraint
WHERE rc.constraint_schema = current_schema()
"""
UNIQUE_INDEXES = """
SELECT t.relname AS table_name, i.relname AS index_name, a.attname AS column_name
FROM pg_index x
JOIN pg_class i ON i.oid = x.indexrelid
JOIN pg_class t ON t.oid = x.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(x.indkey)
WHERE x.indisunique AND NOT x.indisprimary AND n.nspname = current_schema()
"""
TABLES = """
SELECT c.table_name, c.column_name FROM information_schema.columns c
JOIN information_schema.tables t
  ON t.table_schema = c.table_schema AND t.table_name = c.table_name
WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
"""


@pytest.mark.skipif(not PG_URL, reason="MEETSIGHT_TEST_DATABASE_URL is not set")
async def test_migrated_postgres_schema_keys_include_organization_id() -> None:
    assert PG_URL is not None
    url = normalise_database_url(PG_URL)
    await upgrade_async(url)
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            columns = (await conn.execute(sa.text(TABLES))).all()
            keys = (await conn.execute(sa.text(KEYS))).all()
            referred = (await conn.execute(sa.text(REFERRED_COLUMNS))).all()
            unique_indexes = (await conn.execute(sa.text(UNIQUE_INDEXES))).all()
    finally:
        await engine.dispose()

    tables: dict[str, set[str]] = defaultdict(set)
    for table, column in columns:
        tables[table].add(column)
    tenant = {t for t, cols in tables.items() if ORG in cols}
    distributed = _distributed()
    # The migrations and the plan agree on which tables exist.
    assert set(tables) - {"alembic_version"} == {p.table for p in plan()}
    assert tenant >= distributed

    constraint_columns: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    fk_target: dict[str, str] = {}
    for table, name, kind, column, _, _, target in keys:
        constraint_columns[(table, name, kind)].add(column)
        if kind == "FOREIGN KEY":
            fk_target[name] = target
    pairs: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for name, local, remote in referred:
        pairs[name].add((local, remote))

    problems = []
    primary = {t for (t, _, kind) in constraint_columns if kind == "PRIMARY KEY"}
    problems += [f"{t}: no primary key" for t in tenant - primary]
    for (table, name, kind), cols in constraint_columns.items():
        if table not in tenant:
            continue
        if kind == "PRIMARY KEY" and ORG not in cols:
            problems.append(f"{table}: primary key {name} lacks {ORG}")
        tenant_fk = kind == "FOREIGN KEY" and fk_target[name] in tenant
        if tenant_fk and (ORG, ORG) not in pairs[name]:
            problems.append(f"{table}: foreign key {name} does not pair {ORG}")
        if kind == "UNIQUE" and table in distributed and ORG not in cols:
            problems.append(f"{table}: unique {name} lacks {ORG}")
    index_columns: dict[tuple[str, str], set[str]] = defaultdict(set)
    for table, index, column in unique_indexes:
        index_columns[(table, index)].add(column)
    for (table, index), cols in index_columns.items():
        if table in distributed and ORG not in cols:
            problems.append(f"{table}: unique index {index} lacks {ORG}")
    assert not problems, problems
    # The check saw the foreign keys it is about (not an empty walk).
    tenant_fks = [n for (t, n, k) in constraint_columns if k == "FOREIGN KEY" and t in tenant]
    assert len(tenant_fks) >= 25
