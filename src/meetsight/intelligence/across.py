"""Questions across many conversations ("what did customers say about pricing last month?"),
answered from their most relevant moments with a citation for each.

The moments come from the hybrid search (`search.reading`) over transcript sentences in the
date range (the conversations of one account when one is given): the question's topic words
(`focus_of`: its words less stopwords, the question's frame and the side it names), joined by
OR for the search of words and as they are for the search by meaning. Each sentence found is
scored by its cosine to those words (the search's own sentence encoder) and kept when it is
near (`meaning.EXTRA_COSINE`, the search's "near") or says a topic word and is not far
(`meaning.MIN_COSINE`); a side the question names ("customers": external; "reps": internal)
or the caller gives keeps only that side's moments.

The built-in engine answers with the best moments quoted, newest conversation first, each
numbered as its citation; nothing near enough gives a decline, as one conversation's chat
does. The LLM engine, where the organization runs it, writes the answer from the same numbered
moments (`llm.across`) and cites some of them; when it fails the built-in answer is given, with
the reason in `engineError`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.serializers import moment_url
from meetsight.db.reads import Reader
from meetsight.db.unit_of_work import read_only
from meetsight.intelligence import engine_choice
from meetsight.intelligence.builtin.stopwords import BOTH, wordset
from meetsight.intelligence.builtin.text import fold
from meetsight.intelligence.engine_interface import Engine
from meetsight.intelligence.llm.engine import LLMEngine
from meetsight.intelligence.moments import Side, moments_of
from meetsight.search.meaning import EXTRA_COSINE, MIN_COSINE
from meetsight.search.reading import search_on_reader
from meetsight.search.types import SearchQuery
from meetsight.search.vectors import embed_texts
from meetsight.state import AppState

log = logging.getLogger("meetsight.intelligence")

MAX_CITED = 8  # moments quoted in a built-in answer: enough to see a pattern, a page to read
PER_CONVERSATION = 2  # so that one long call does not fill the answer
LLM_MOMENTS = 16  # the moments an LLM reads and cites from
SEARCHED = 12  # conversations asked of the search
MATCHES = 5  # sentences per conversation
MAX_TOPIC_WORDS = 12
WORD_BONUS = 0.1  # a sentence that says a topic word ranks above one only near in meaning
QUOTE_CHARS = 240

# What frames a question rather than naming its topic; stopwords are dropped as well.
FRAME = wordset(
    """
    say said says saying tell told mention mentioned mentions mentioning discuss discussed
    discussing talk talked talking speak spoke ask asked asking raise raised bring brought
    conversation conversations call calls meeting meetings transcript transcripts anyone
    last past previous recent recently month months week weeks year years quarter quarters
    day days time times ever often usually
    dijo dijeron dicen hablaron mencionaron llamada llamadas reunion reuniones ultimo ultima
    mes meses semana semanas
    """
)
EXTERNAL_WORDS = wordset(
    """customer customers client clients prospect prospects buyer buyers lead leads
    cliente clientes prospecto prospectos comprador compradores"""
)
INTERNAL_WORDS = wordset(
    """rep reps seller sellers salesperson salespeople salesman ae aes account-executive
    vendedor vendedores comercial comerciales"""
)
_WORDS = re.compile(r"\w+(?:[-'\u2019]\w+)*")
_MARKS = re.compile(r"\*\*(.+?)\*\*")

DECLINE = "None of the conversations searched covers that."
NO_TOPIC = "The question names no topic to look for; ask about something said."


@dataclass(frozen=True, slots=True)
class Focus:
    words: tuple[str, ...]  # the topic words, in the question's order
    side: Side | None  # the side the question names, if any

    @property
    def text(self) -> str:
        return " ".join(self.words)


def focus_of(question: str) -> Focus:
    words: list[str] = []
    side: Side | None = None
    for raw in _WORDS.findall(question):
        folded = fold(raw).replace("\u2019", "'")
        if folded in EXTERNAL_WORDS:
            side = side or "external"
        elif folded in INTERNAL_WORDS:
            side = side or "internal"
        elif folded not in BOTH and folded not in FRAME and (len(folded) > 1 or folded.isdigit()):
            words.append(raw.lower())
    return Focus(tuple(dict.fromkeys(words))[:MAX_TOPIC_WORDS], side)


@dataclass(frozen=True, slots=True)
class Scope:
    """Where to look: the caller's kinds (meetings, calls), dates, account and side."""

    kinds: tuple[bool, ...]  # is_call values the caller may read
    date_from: date | None = None
    date_to: date | None = None
    activity_ids: frozenset[str] | None = None  # an account's conversations
    side: Side | None = None


def account_scope(
    kinds: tuple[bool, ...],
    date_from: date | None,
    date_to: date | None,
    conversations: Sequence[Any],
    side: Side | None,
) -> Scope:
    """The scope of one account's conversations (rows with `id` and `start_at`): the search
    filters on their ids; the dates narrowed to the days they span narrow its index ranges."""
    days = [row.start_at.date() for row in conversations]
    if days:
        date_from = max(date_from, min(days)) if date_from else min(days)
        date_to = min(date_to, max(days)) if date_to else max(days)
    ids = frozenset(row.id for row in conversations)
    return Scope(kinds, date_from, date_to, ids, side)


@dataclass(frozen=True, slots=True)
class Found:
    activity_id: str
    is_call: bool
    title: str
    day: date
    position: int
    start: float
    speaker: str
    text: str
    worded: bool  # the search of words matched it
    score: float = 0.0
    side: Side = "external"


@dataclass(frozen=True, slots=True)
class Answer:
    answer: str
    citations: list[dict[str, Any]]
    engine: str
    declined: bool
    side: Side | None
    topic: str
    engine_error: str | None = None


async def gather(reader: Reader, org_id: str, focus: Focus, scope: Scope) -> list[Found]:
    """The sentences the hybrid search finds for the topic, one entry per sentence."""
    kind: Literal["meetings", "calls", "all"] = (
        "all" if len(scope.kinds) == 2 else ("calls" if scope.kinds[0] else "meetings")
    )
    query = SearchQuery(
        text=" OR ".join(focus.words),
        scope="sentences",
        kind=kind,
        date_from=scope.date_from,
        date_to=scope.date_to,
        limit=SEARCHED,
        matches_per_activity=MATCHES,
        mode="hybrid",
        activity_ids=scope.activity_ids,
    )
    page = await search_on_reader(reader, org_id, query)
    return [
        Found(
            activity_id=hit.activity_id,
            is_call=hit.is_call,
            title=hit.name,
            day=hit.start_at.date(),
            position=m.position,
            start=m.start_time,
            speaker=m.speaker,
            text=_MARKS.sub(r"\1", m.snippet),
            worded="**" in m.snippet,
        )
        for hit in page.hits
        for m in hit.matches
    ]


def scored(focus: Focus, found: Sequence[Found]) -> list[Found]:
    """The sentences near the topic, best first, each with its score."""
    if not found:
        return []
    vectors = embed_texts([focus.text, *(f.text for f in found)])
    cosines = vectors[1:] @ vectors[0]
    kept = [
        replace(f, score=float(c) + (WORD_BONUS if f.worded else 0.0))
        for f, c in zip(found, cosines, strict=True)
        if c >= EXTRA_COSINE or (f.worded and c >= MIN_COSINE)
    ]
    return sorted(kept, key=lambda f: -f.score)


def chosen(ranked: Sequence[Found], most: int) -> list[Found]:
    """The best moments, at most PER_CONVERSATION of a conversation; newest conversation first,
    in transcript order within one."""
    taken: list[Found] = []
    per: dict[str, int] = {}
    for f in ranked:
        if per.get(f.activity_id, 0) < PER_CONVERSATION and not _repeats(f, taken):
            per[f.activity_id] = per.get(f.activity_id, 0) + 1
            taken.append(f)
            if len(taken) == most:
                break
    order = {a: i for i, a in enumerate(dict.fromkeys(f.activity_id for f in taken))}
    return sorted(taken, key=lambda f: (-f.day.toordinal(), order[f.activity_id], f.start))


def _repeats(found: Found, taken: Sequence[Found]) -> bool:
    """The same words said again in one conversation (a repeated answer, a recap): quoted
    once. In another conversation they are another customer's, and count."""
    said = fold(found.text).strip()
    return any(t.activity_id == found.activity_id and fold(t.text).strip() == said for t in taken)


def citation(number: int, f: Found, public_url: str) -> dict[str, Any]:
    return {
        "n": number,
        "conversationId": f.activity_id,
        "kind": "call" if f.is_call else "meeting",
        "title": f.title,
        "date": f.day.isoformat(),
        "speaker": f.speaker,
        "side": f.side,
        "startTime": f.start,
        "text": _quote(f.text),
        "url": moment_url(public_url, f.activity_id, f.start),
    }


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1].rstrip() + "…"


def builtin_text(focus: Focus, side: Side | None, cited: Sequence[dict[str, Any]]) -> str:
    conversations = len({c["conversationId"] for c in cited})
    who = {"external": "customers' side, ", "internal": "our side, "}.get(side or "", "")
    lead = (
        f"On {focus.text!r} ({who}{conversations} conversation"
        f"{'s' if conversations != 1 else ''}, newest first):"
    )
    lines = [
        f"[{c['n']}] {c['title']} ({c['date']}), {c['speaker']} ({c['side']}): “{c['text']}”"
        for c in cited
    ]
    return "\n".join([lead, *lines])


async def ask_across(
    reader: Reader,
    org_id: str,
    question: str,
    scope: Scope,
    *,
    engine: Engine,
    public_url: str,
) -> Answer:
    focus = focus_of(question)
    side = scope.side or focus.side
    if not focus.words:
        return Answer(NO_TOPIC, [], "builtin", True, side, "")
    if scope.activity_ids is not None and (
        not scope.activity_ids
        or (scope.date_from and scope.date_to and scope.date_from > scope.date_to)
    ):
        return Answer(DECLINE, [], "builtin", True, side, focus.text)  # nothing to search
    found = await gather(reader, org_id, focus, scope)
    async with reader.connect() as reads:
        moments = await moments_of(reads, org_id, [(f.activity_id, f.position) for f in found])
    sided = [
        replace(f, side=moments[(f.activity_id, f.position)].side)
        for f in found
        if (f.activity_id, f.position) in moments
    ]
    if side is not None:
        sided = [f for f in sided if f.side == side]
    ranked = await asyncio.to_thread(scored, focus, sided)
    if not ranked:
        return Answer(DECLINE, [], "builtin", True, side, focus.text)
    if isinstance(engine, LLMEngine):
        from meetsight.intelligence.llm.across import llm_answer  # only where an LLM runs

        pool = [citation(i + 1, f, public_url) for i, f in enumerate(chosen(ranked, LLM_MOMENTS))]
        try:
            text, numbers = await asyncio.to_thread(llm_answer, engine, question, pool)
        except Exception as exc:  # any failure of the LLM path: the built-in answer
            log.warning("%s failed to answer across conversations: %s", engine.name, exc)
            error = f"{engine.name}: {getattr(exc, 'reason', None) or exc}"
        else:
            cited = [dict(c, n=i + 1) for i, c in enumerate(p for p in pool if p["n"] in numbers)]
            text = _renumbered(text, pool, numbers)
            return Answer(text, cited, engine.name, not cited, side, focus.text)
    else:
        error = None
    cited = [citation(i + 1, f, public_url) for i, f in enumerate(chosen(ranked, MAX_CITED))]
    text = builtin_text(focus, side, cited)
    return Answer(text, cited, "builtin", False, side, focus.text, engine_error=error)


def _renumbered(text: str, pool: Sequence[dict[str, Any]], numbers: Sequence[int]) -> str:
    """The LLM's [n] marks in the numbering of the citations kept (1, 2, ...)."""
    kept = [p["n"] for p in pool if p["n"] in numbers]
    new = {old: i + 1 for i, old in enumerate(kept)}
    return re.sub(
        r"\[(\d+)\]",
        lambda m: f"[{new[int(m.group(1))]}]" if int(m.group(1)) in new else "",
        text,
    )


async def answer_across(
    state: AppState,
    org_id: str,
    question: str,
    scope: Scope,
    session: AsyncSession | None = None,
) -> Answer:
    """`ask_across` with the organization's engine (built-in, or the LLM where configured).
    A caller that holds a session passes it: on SQLite a second one would wait for the
    connection the first holds (a request that had read an account hung there)."""
    if session is None:
        async with read_only(state.sessionmaker) as own:
            engine = await engine_choice.organization_engine(own, state.settings, org_id)
    else:
        engine = await engine_choice.organization_engine(session, state.settings, org_id)
    return await ask_across(
        state.reader, org_id, question, scope, engine=engine, public_url=state.public_url
    )
