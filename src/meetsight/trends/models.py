"""One compact row per analysed conversation, what the team trends aggregate in SQL: the rep's
and the seller side's talk figures, the conversation's score and its score per objective.

Written whenever the analytics, the question counts or the score of an activity are stored
(trends.rows.refresh_conversation_metrics); the trends never read the engine's JSON.
"""

from __future__ import annotations

from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdType, TenantMixin, tenant_fk

# What the figures' aggregate reads besides the keys (the covering indexes' tail).
FIGURE_COLUMNS = (
    "start_at",
    "is_call",
    "duration",
    "interactivity",
    "score",
    "rep_talk_ratio",
    "rep_questions",
    "rep_longest_monologue",
    "seller_talk_ratio",
    "seller_questions",
    "seller_longest_monologue",
)


class ConversationMetrics(TenantMixin, Base):
    __tablename__ = "conversation_metrics"
    __table_args__ = (
        tenant_fk(["activity_id"], "activities.id"),
        tenant_fk(["rep_person_id"], "people.id", ondelete=None),
        # The trends read these alone, in period and rep order: covering, so the aggregate
        # streams without a sort or a table lookup (at 20,000 conversations on SQLite, 2 ms of
        # CPU where a (organization_id, start_at) index took 20).
        *(
            sa.Index(
                f"ix_conversation_metrics_{period}",
                "organization_id",
                f"{period}_start",
                "rep_person_id",
                *FIGURE_COLUMNS,
            )
            for period in ("week", "month")
        ),
    )

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    start_at: Mapped[datetime]
    # UTC calendar buckets, computed on write so that grouping is the same plain GROUP BY on
    # every engine: the Monday of the ISO week and the first of the month.
    week_start: Mapped[date] = mapped_column(sa.Date)
    month_start: Mapped[date] = mapped_column(sa.Date)
    is_call: Mapped[bool] = mapped_column(default=False)
    rep_person_id: Mapped[str | None] = mapped_column(IdType)
    duration: Mapped[float] = mapped_column(default=0.0)  # seconds of transcript
    speech: Mapped[float] = mapped_column(default=0.0)  # everyone's speaking time, seconds
    questions: Mapped[int] = mapped_column(default=0)  # by everyone
    speaker_switches: Mapped[int] = mapped_column(default=0)
    interactivity: Mapped[float | None]  # speaker switches per minute
    # The rep's own figures; NULL when the rep did not speak (or nobody is the rep).
    rep_speech: Mapped[float | None]
    rep_talk_ratio: Mapped[float | None]
    rep_questions: Mapped[int | None]
    rep_longest_monologue: Mapped[float | None]
    # The seller side's (every speaker on our side); NULL when no side could be told apart.
    seller_talk_ratio: Mapped[float | None]
    seller_questions: Mapped[int | None]
    seller_longest_monologue: Mapped[float | None]
    score: Mapped[float | None]


class ConversationObjectiveScore(TenantMixin, Base):
    """The conversation's score on one objective of the organization's scorecard, with the
    conversation's start, periods, kind and rep copied beside it: the objectives' aggregate
    reads this table alone, along its covering indexes (joined to conversation_metrics it cost
    ten times more at 20,000 conversations)."""

    __tablename__ = "conversation_objective_scores"
    __table_args__ = (
        tenant_fk(["activity_id"], "activities.id"),
        *(
            sa.Index(
                f"ix_conversation_objective_scores_{period}",
                "organization_id",
                f"{period}_start",
                "rep_person_id",
                "objective",
                "start_at",
                "is_call",
                "position",
                "score",
            )
            for period in ("week", "month")
        ),
    )

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    objective: Mapped[str] = mapped_column(sa.String(200), primary_key=True)
    position: Mapped[int] = mapped_column(default=0)
    score: Mapped[float | None]
    start_at: Mapped[datetime]
    week_start: Mapped[date] = mapped_column(sa.Date)
    month_start: Mapped[date] = mapped_column(sa.Date)
    is_call: Mapped[bool] = mapped_column(default=False)
    rep_person_id: Mapped[str | None] = mapped_column(IdType)
