"""people: folded name and company and the email's domain, for lookups that forgive case and
accents ("Lucia" finds "Lucía") and for a company's email domain

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26 18:26:36
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 1000
_people = sa.table(
    "people",
    sa.column("organization_id", sa.String),
    sa.column("id", sa.String),
    sa.column("name", sa.String),
    sa.column("company", sa.String),
    sa.column("email", sa.String),
    sa.column("name_folded", sa.String),
    sa.column("company_folded", sa.String),
    sa.column("email_domain", sa.String),
)


# The folded forms as `meetsight.organizations.names` computed them at this revision.
FOLDED_MAX = 400


def fold_name(text: str | None) -> str:
    """Lowercase (casefold) without accents or other combining marks, spaces collapsed."""
    if not text:
        return ""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.split())[:FOLDED_MAX]


def email_domain(email: str | None) -> str | None:
    """The part after the last "@", lowercased; None without one."""
    if not email or "@" not in email:
        return None
    domain = email.rsplit("@", 1)[1].strip().lower()
    return domain[:255] or None


def upgrade() -> None:
    # Plain ADD COLUMN (no table rebuild on SQLite, where other tables refer to people); the
    # server default only lets NOT NULL apply to the rows there already.
    op.add_column(
        "people",
        sa.Column("name_folded", sa.String(length=400), nullable=False, server_default=""),
    )
    op.add_column("people", sa.Column("company_folded", sa.String(length=400), nullable=True))
    op.add_column("people", sa.Column("email_domain", sa.String(length=255), nullable=True))
    _backfill(op.get_bind())
    op.create_index("ix_people_org_email_domain", "people", ["organization_id", "email_domain"])


def downgrade() -> None:
    op.drop_index("ix_people_org_email_domain", table_name="people")
    with op.batch_alter_table("people") as batch:
        batch.drop_column("email_domain")
        batch.drop_column("company_folded")
        batch.drop_column("name_folded")


def _backfill(bind: sa.Connection) -> None:
    rows = bind.execute(
        sa.select(
            _people.c.organization_id,
            _people.c.id,
            _people.c.name,
            _people.c.company,
            _people.c.email,
        )
    ).all()
    update = (
        sa.update(_people)
        .where(
            _people.c.organization_id == sa.bindparam("org"),
            _people.c.id == sa.bindparam("pid"),
        )
        .values(
            name_folded=sa.bindparam("nf"),
            company_folded=sa.bindparam("cf"),
            email_domain=sa.bindparam("ed"),
        )
    )
    for start in range(0, len(rows), BATCH):
        bind.execute(
            update,
            [
                {
                    "org": r.organization_id,
                    "pid": r.id,
                    "nf": fold_name(r.name),
                    "cf": fold_name(r.company) or None,
                    "ed": email_domain(r.email),
                }
                for r in rows[start : start + BATCH]
            ],
        )
