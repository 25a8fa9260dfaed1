"""A later conversation saying a step is done proposes closing it (docs/accounts.md#proposals).

Modest on purpose: a segment of a later conversation of the same account proposes `done` for an
open step when it holds completion words ("sent", "we signed", "ya lo hemos enviado") and at
least two of the step's key words, and at least half of them, where a key word matches on its
first five letters ("questionnaire" finds "questionnaires"). The proposal is only a proposal:
the state changes when a user says so (PATCH /next-steps/{id}).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import conversation_repository, steps_repository
from meetsight.intelligence.builtin.folding import fold, words
from meetsight.intelligence.builtin.stopwords import BOTH

COMPLETION = re.compile(
    r"\b(sent|done|finished|completed|received|got (it|the|your)|signed|went out|already "
    r"(sent|did|done|have|had)|took care|wrapped up|went live|is live|shared|booked|"
    r"enviad[oa]s?|envie|enviamos|hecho|terminad[oa]s?|listo|recibimos|recibid[oa]s?|"
    r"firmad[oa]s?|firmamos|ya (esta|tenemos|hemos|lo|la)|hemos (enviado|firmado|terminado))\b"
)
# "we have not sent it yet", "todavía no lo hemos enviado": a negation just before the words.
NEGATION = re.compile(r"(\b(not|never|no|yet to|todavia no|aun no)\b|n't)\W+(\w+\W+){0,2}$")
STEM = 5  # letters a key word and a spoken word must share
MAX_QUOTE = 500


def key_words(action: str) -> set[str]:
    """The words of a step that say what it is about: no stopwords, no short words."""
    return {w[:STEM] for w in words(action) if len(w) >= 4 and w not in BOTH and not w.isdigit()}


def says_done(text: str, keys: set[str]) -> bool:
    folded = fold(text)
    if len(keys) < 2 or not any(
        not NEGATION.search(folded[: m.start()]) for m in COMPLETION.finditer(folded)
    ):
        return False
    spoken = {w[:STEM] for w in words(text) if len(w) >= 4}
    hits = len(keys & spoken)
    return hits >= 2 and hits >= math.ceil(len(keys) / 2)


@dataclass(frozen=True, slots=True)
class _Said:
    activity_id: str
    start_at: datetime
    start_time: float
    content: str


async def propose_for_account(session: AsyncSession, org_id: str, account_id: str) -> int:
    """Look for proposals among the account's open steps; the number of proposals made."""
    starts = dict(await conversation_repository.account_starts(session, org_id, account_id))
    if len(starts) < 2:
        return 0
    steps = await steps_repository.open_unproposed(session, org_id, list(starts))
    if not steps:
        return 0
    said = await _completion_segments(session, org_id, starts)
    made = 0
    for step in steps:
        keys = key_words(step.action)
        after = starts[step.activity_id]
        found = next((s for s in said if s.start_at > after and says_done(s.content, keys)), None)
        if found is not None:
            step.proposed_state = "done"
            step.proposed_by_activity_id = found.activity_id
            step.proposed_at_seconds = found.start_time
            step.proposed_quote = found.content[:MAX_QUOTE]
            made += 1
    await session.flush()
    return made


async def _completion_segments(
    session: AsyncSession, org_id: str, starts: dict[str, datetime]
) -> list[_Said]:
    """The segments with completion words, earliest conversation first."""
    rows = await conversation_repository.spoken_lines(session, org_id, list(starts))
    said = [
        _Said(activity_id, starts[activity_id], start, content)
        for activity_id, start, content in rows
        if COMPLETION.search(fold(content))
    ]
    return sorted(said, key=lambda s: (s.start_at, s.start_time))
