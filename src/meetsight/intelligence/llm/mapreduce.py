"""Analysis of a whole transcript within the request budget.

A transcript that fits goes in one request. A longer one is cut into parts of whole lines that
each fit (map: notes, next steps, key points and topics of the part); one more request then
judges the conversation from the parts' results (reduce: summary, topics, insights, opinion,
scores). Notes and next steps come straight from the parts, merged without duplicates.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from pydantic import BaseModel

from meetsight.intelligence.builtin.text import fold
from meetsight.intelligence.conversation import CategorySpec, Conversation, ObjectiveSpec
from meetsight.intelligence.llm.client import LLMClient, LLMError, strict_schema
from meetsight.intelligence.llm.prompts import (
    Message,
    analysis_messages,
    estimate_tokens,
    map_messages,
    messages_tokens,
    reduce_messages,
    render_line,
)
from meetsight.intelligence.llm.schemas import (
    ChunkAnalysis,
    FinalAnalysis,
    FullAnalysis,
    NextStepOut,
    NoteOut,
    validation_context,
)

# Room for what the estimate misses: the fallback's schema sentence, tokenizer variance.
SAFETY_TOKENS = 64
_MIN_TRANSCRIPT_TOKENS = 100


@dataclass
class AnalysisRun:
    analysis: FullAnalysis
    parts: int  # 1 when the transcript fitted one request
    dropped: list[str] = field(default_factory=list)  # answer items dropped by validation


def transcript_budget(
    skeleton: Sequence[Message], schema_model: type[BaseModel], max_input_tokens: int
) -> int:
    """Tokens left for the transcript once the instructions (``skeleton``: the messages with an
    empty transcript) and the response schema are counted."""
    used = messages_tokens(skeleton, strict_schema(schema_model)) + SAFETY_TOKENS
    budget = max_input_tokens - used
    if budget < _MIN_TRANSCRIPT_TOKENS:
        raise LLMError(
            f"max_input_tokens={max_input_tokens} leaves no room for the transcript "
            f"(instructions and schema take about {used})",
            transient=False,
        )
    return budget


def line_tokens(rendered: str) -> int:
    return estimate_tokens(rendered + "\n")


def split_lines(rendered: Sequence[str], budget: int) -> list[list[int]]:
    """Positions of ``rendered`` grouped into consecutive parts of whole lines, each part's
    estimate within ``budget`` (a single line over budget must be cut before, see
    :func:`render_line`)."""
    parts: list[list[int]] = []
    current: list[int] = []
    used = 0
    for position, text in enumerate(rendered):
        cost = line_tokens(text)
        if current and used + cost > budget:
            parts.append(current)
            current, used = [], 0
        current.append(position)
        used += cost
    if current:
        parts.append(current)
    return parts


def analyze_transcript(
    client: LLMClient,
    conversation: Conversation,
    categories: Sequence[CategorySpec],
    objectives: Sequence[ObjectiveSpec],
    max_input_tokens: int,
    map_workers: int = 1,
) -> AnalysisRun:
    context = validation_context(
        (line.index for line in conversation.lines),
        (c.key for c in categories),
        (o.key for o in objectives),
    )
    whole_budget = transcript_budget(
        analysis_messages(conversation, "", categories, objectives), FullAnalysis, max_input_tokens
    )
    map_budget = transcript_budget(
        map_messages(conversation, "", 99, 99, categories), ChunkAnalysis, max_input_tokens
    )
    max_chars = map_budget * 4 - 8  # no single line may outgrow a part
    rendered = [render_line(conversation, line, max_chars) for line in conversation.lines]

    if sum(line_tokens(text) for text in rendered) <= whole_budget:
        messages = analysis_messages(conversation, "\n".join(rendered), categories, objectives)
        analysis = client.complete_json(messages, FullAnalysis, "analysis", context=context)
        return AnalysisRun(analysis, 1, context["dropped"])

    groups = split_lines(rendered, map_budget)

    def analyze_part(number: int) -> tuple[list[int], ChunkAnalysis]:
        positions = groups[number - 1]
        text = "\n".join(rendered[p] for p in positions)
        messages = map_messages(conversation, text, number, len(groups), categories)
        result = client.complete_json(messages, ChunkAnalysis, "chunk_analysis", context=context)
        return [conversation.lines[p].index for p in positions], result

    # The parts are independent: a few at a time cut a long meeting's wait without flooding
    # the endpoint (its 429s are retried anyway). map() keeps the parts in order.
    with ThreadPoolExecutor(max_workers=max(1, min(map_workers, len(groups)))) as pool:
        chunks = list(pool.map(analyze_part, range(1, len(groups) + 1)))

    reduce_budget = transcript_budget(
        reduce_messages(conversation, "", objectives), FinalAnalysis, max_input_tokens
    )
    digest = fit_digest(chunks, reduce_budget)
    final = client.complete_json(
        reduce_messages(conversation, digest, objectives),
        FinalAnalysis,
        "final_analysis",
        context=context,
    )
    merged = FullAnalysis.model_construct(
        **dict(final),
        notes=merge_notes(r.notes for _, r in chunks),
        next_steps=merge_next_steps(r.next_steps for _, r in chunks),
    )
    return AnalysisRun(merged, len(groups), context["dropped"])


def render_digest(chunks: Sequence[tuple[list[int], ChunkAnalysis]], with_notes: bool) -> str:
    blocks = []
    for number, (indices, result) in enumerate(chunks, start=1):
        rows = [f"Part {number} (lines {indices[0]}-{indices[-1]}):"]
        rows += [f"- key point: {point}" for point in result.key_points]
        rows += [f"- topic: {t.title} {_cite(t.lines)}: {t.description}" for t in result.topics]
        rows += [_next_step_row(s) for s in result.next_steps]
        if with_notes:
            rows += [
                f"- note [{n.line}] {n.category_key}/{n.priority}: {n.content}"
                for n in result.notes
            ]
        blocks.append("\n".join(rows))
    return "\n\n".join(blocks)


def fit_digest(chunks: Sequence[tuple[list[int], ChunkAnalysis]], budget: int) -> str:
    """The parts' results within the reduce budget: notes go first (they are merged without
    the model anyway), then the tail is cut."""
    digest = render_digest(chunks, with_notes=True)
    if estimate_tokens(digest) > budget:
        digest = render_digest(chunks, with_notes=False)
    if estimate_tokens(digest) > budget:
        digest = digest[: budget * 4 - 2] + "…"
    return digest


def _cite(lines: Sequence[int]) -> str:
    return "[lines " + ", ".join(str(i) for i in lines) + "]" if lines else ""


def _next_step_row(step: NextStepOut) -> str:
    who = ", ".join(step.actors) or "unknown"
    when = step.deadline or "no deadline"
    line = f" [line {step.line}]" if step.line is not None else ""
    return f"- next step: {step.action} ({who}; {when}){line}"


def merge_notes(groups: Iterable[Sequence[NoteOut]]) -> list[NoteOut]:
    seen: set[tuple[int, str]] = set()
    merged = []
    for notes in groups:
        for note in notes:
            if (note.line, note.category_key) not in seen:
                seen.add((note.line, note.category_key))
                merged.append(note)
    return merged


def merge_next_steps(groups: Iterable[Sequence[NextStepOut]]) -> list[NextStepOut]:
    seen: set[str] = set()
    merged = []
    for steps in groups:
        for step in steps:
            key = " ".join(fold(step.action).split())
            if key not in seen:
                seen.add(key)
                merged.append(step)
    return merged
