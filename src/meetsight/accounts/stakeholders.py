"""Who takes part in an account's conversations: attendance, talk time, and who decides."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import conversation_repository
from meetsight.accounts.folding import fold_name
from meetsight.timefmt import iso_z


async def talk_time(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> dict[tuple[str, str], float]:
    """Seconds spoken per (activity id, person id)."""
    if not activity_ids:
        return {}
    rows = await conversation_repository.talk_seconds(session, org_id, activity_ids)
    return {(a, p): float(seconds or 0) for a, p, seconds in rows}


async def decision_makers(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> set[str]:
    """Folded names the engine called deciders (`insights.decisionMakers`; the LLM engine
    names them, the built-in one does not)."""
    if not activity_ids:
        return set()
    rows = await conversation_repository.insights_of(session, org_id, activity_ids)
    names: set[str] = set()
    for _, insights in rows:
        for name in (insights or {}).get("decisionMakers") or []:
            if isinstance(name, str) and fold_name(name):
                names.add(fold_name(name))
    return names


def _decides(person_name: str, deciders: set[str]) -> bool:
    folded = fold_name(person_name)
    # "Ray Donovan" is named "Ray Donovan (CFO)" or just "Ray" by an engine.
    return any(
        d == folded or d.startswith(folded + " ") or folded.startswith(d + " ") for d in deciders
    )


async def account_stakeholders(
    session: AsyncSession, org_id: str, conversations: Sequence[Any]
) -> list[dict[str, Any]]:
    """Everyone who attended one of `conversations` (timeline rows) or spoke in one, most
    talk time first."""
    starts = {c.id: c.start_at for c in conversations}
    ids = list(starts)
    if not ids:
        return []
    attended = await conversation_repository.attendance(session, org_id, ids)
    spoken = await talk_time(session, org_id, ids)
    seen: dict[str, set[str]] = {}
    for activity_id, person_id in [*attended, *spoken]:
        seen.setdefault(person_id, set()).add(activity_id)
    people = {p.id: p for p in await conversation_repository.people(session, org_id, list(seen))}
    deciders = await decision_makers(session, org_id, ids)
    out: list[dict[str, Any]] = []
    for person_id, activities in seen.items():
        person = people.get(person_id)
        if person is None:
            continue
        out.append(
            {
                "personId": person.id,
                "name": person.name,
                "email": person.email,
                "title": person.title,
                "company": person.company,
                "isInternal": person.is_internal,
                "conversations": len(activities),
                "talkTime": round(sum(spoken.get((a, person_id), 0.0) for a in activities), 1),
                "lastSeenAt": iso_z(max(starts[a] for a in activities)),
                "isDecisionMaker": _decides(person.name, deciders),
            }
        )
    out.sort(key=lambda s: (-float(s["talkTime"]), -int(s["conversations"]), str(s["name"])))
    return out
