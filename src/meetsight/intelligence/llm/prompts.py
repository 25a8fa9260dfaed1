"""The messages sent to the model, and the token arithmetic that keeps them within budget.

The transcript goes in as numbered lines, ``[12] 03:02 Chris Okafor (customer): text``: the
number is the line's index in the transcript, so whatever the model cites maps straight back.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from meetsight.intelligence.conversation import (
    CategorySpec,
    Conversation,
    Line,
    ObjectiveSpec,
    Question,
)

Message = dict[str, str]

LANGUAGES = {
    "en": "English",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "pt": "Portuguese",
    "it": "Italian",
    "nl": "Dutch",
    "ca": "Catalan",
    "pl": "Polish",
    "sv": "Swedish",
}
# Per-message framing the chat format adds on top of the text (role markers and separators).
_MESSAGE_OVERHEAD_TOKENS = 4


def estimate_tokens(text: str) -> int:
    """About four characters a token: the usual rule of thumb for English with BPE tokenizers.
    Spanish and names run a little denser, so budgets should keep some headroom; no tokenizer
    is bundled because the model behind the endpoint is unknown."""
    return math.ceil(len(text) / 4)


def messages_tokens(messages: Sequence[Message], schema: dict[str, Any] | None = None) -> int:
    """Estimated input tokens of a request; the response schema counts too."""
    total = sum(estimate_tokens(m["content"]) + _MESSAGE_OVERHEAD_TOKENS for m in messages)
    return total + (estimate_tokens(json.dumps(schema)) if schema else 0)


def language_instruction(code: str) -> str:
    name = LANGUAGES.get(code.split("-")[0].lower())
    if name is None:
        return "Write in the language the conversation is held in; keys stay as given."
    return f"Write in {name}: every text you produce is in {name} (keys stay as given)."


def clock(seconds: float) -> str:
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def render_line(conversation: Conversation, line: Line, max_chars: int | None = None) -> str:
    role = "our team" if conversation.is_internal(line.speaker) else "customer"
    text = " ".join(line.text.split())
    head = f"[{line.index}] {clock(line.start)} {line.speaker} ({role}): "
    if max_chars is not None and len(head) + len(text) > max_chars:
        # one monologue longer than the whole budget: keep its start rather than lose it
        text = text[: max(0, max_chars - len(head) - 1)] + "…"
    return head + text


def header(conversation: Conversation) -> str:
    kind: str = conversation.kind
    if kind == "call" and conversation.direction:
        kind = f"{conversation.direction} call"
    people = "; ".join(
        f"{s.name} ({'our team' if s.internal else 'customer'})" for s in conversation.speakers
    )
    day = conversation.day
    text = (
        f"Title: {conversation.title}\n"
        f"Kind: {kind}\n"
        f"Date: {day.strftime('%A')} {day.isoformat()} (resolve relative deadlines such as "
        f"'next Friday' against this date)\n"
        f"Participants: {people or 'unknown'}"
    )
    share = team_talk_share(conversation)
    if share is not None:
        text += f"\nOur team's share of speaking time: {share:.0%}"
    return text


def team_talk_share(conversation: Conversation) -> float | None:
    """Measured here because a model reading text cannot time speech, and the talk-listen
    objective depends on it; None when no line has a duration."""
    total = sum(max(0.0, line.end - line.start) for line in conversation.lines)
    if total <= 0:
        return None
    ours = sum(
        max(0.0, line.end - line.start)
        for line in conversation.lines
        if conversation.is_internal(line.speaker)
    )
    return ours / total


def _categories(categories: Sequence[CategorySpec]) -> str:
    rows = []
    for c in categories:
        examples = " | ".join(c.examples[:2])
        example_text = f" E.g. {examples}" if examples else ""
        rows.append(f"- {c.key}: {c.name}. {c.description}{example_text}")
    return "\n".join(rows) or "- (none: leave notes empty)"


def _objectives(objectives: Sequence[ObjectiveSpec]) -> str:
    rows = [f"- {o.key}: {o.name}. {o.description}" for o in objectives]
    return "\n".join(rows) or "- (none: leave objectives empty)"


_ROLE = (
    "You analyse sales conversations for the selling team ('our team'). Use only what the "
    "transcript says. Lines are numbered [index]; cite those indices exactly."
)
_EXTRACTION_RULES = (
    "Notes: mark the lines that clearly belong to one of the categories below, using its key; "
    "priority high for what can win or lose the deal. Next steps: only real commitments someone "
    "made (not hypotheticals, past actions or vague offers), with who committed, the deadline as "
    "said ('' when none) and as an ISO date (null when none), and the line that holds it."
)
_JUDGEMENT_RULES = (
    "Summary: three to five sentences on what was discussed and agreed. Topics: two to six. "
    "Insights: the customer's sentiment, their objections, the competitors named, whether "
    "pricing came up and who decides. Score every objective below from 0 to 100 on the "
    "evidence, with a one-sentence explanation. The opinion is frank coaching for the seller: "
    "what went well, what to fix."
)


def analysis_messages(
    conversation: Conversation,
    transcript: str,
    categories: Sequence[CategorySpec],
    objectives: Sequence[ObjectiveSpec],
) -> list[Message]:
    """One-call analysis of a transcript that fits the budget."""
    system = "\n\n".join(
        [
            _ROLE,
            _EXTRACTION_RULES,
            _JUDGEMENT_RULES,
            f"Categories:\n{_categories(categories)}",
            f"Objectives:\n{_objectives(objectives)}",
            language_instruction(conversation.language),
        ]
    )
    user = f"{header(conversation)}\n\nTranscript:\n{transcript}"
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def map_messages(
    conversation: Conversation,
    transcript: str,
    part: int,
    parts: int,
    categories: Sequence[CategorySpec],
) -> list[Message]:
    """Map step: one part of a long transcript."""
    system = "\n\n".join(
        [
            _ROLE,
            f"This is part {part} of {parts} of a long transcript. Extract what this part holds; "
            "the parts are combined afterwards.",
            _EXTRACTION_RULES,
            "Key points: the facts of this part that matter for the deal. Topics: what this part "
            "discusses, with the lines.",
            f"Categories:\n{_categories(categories)}",
            language_instruction(conversation.language),
        ]
    )
    user = f"{header(conversation)}\n\nTranscript, part {part} of {parts}:\n{transcript}"
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def reduce_messages(
    conversation: Conversation, digest: str, objectives: Sequence[ObjectiveSpec]
) -> list[Message]:
    """Reduce step: judge the whole conversation from what the parts held."""
    system = "\n\n".join(
        [
            "You analyse sales conversations for the selling team ('our team'). The transcript "
            "was too long to read at once: below is what each of its parts holds, with the line "
            "indices. Build the summary, the topics of the whole conversation (merge the parts' "
            "topics, keep their line indices), insights, an opinion and the scores.",
            _JUDGEMENT_RULES,
            f"Objectives:\n{_objectives(objectives)}",
            language_instruction(conversation.language),
        ]
    )
    user = f"{header(conversation)}\n\nWhat the parts hold:\n{digest}"
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def chat_messages(
    conversation: Conversation, transcript: str, question: Question, partial: bool
) -> list[Message]:
    scope = (
        "Only the lines most relevant to the question are shown (with their original indices)."
        if partial
        else "The whole transcript is shown."
    )
    system = "\n\n".join(
        [
            "You answer questions about one sales conversation, using only its transcript. "
            f"{scope} Cite in 'lines' the indices of the lines your answer rests on. If the "
            "transcript does not say, answer so and cite nothing.",
            language_instruction(conversation.language),
        ]
    )
    messages: list[Message] = [
        {"role": "system", "content": system},
        {"role": "user", "content": f"{header(conversation)}\n\nTranscript:\n{transcript}"},
    ]
    for earlier_question, earlier_answer in question.history:
        messages.append({"role": "user", "content": earlier_question})
        # earlier answers in the shape asked for, so the model keeps answering in JSON
        reply = json.dumps({"answer": earlier_answer, "lines": []}, ensure_ascii=False)
        messages.append({"role": "assistant", "content": reply})
    messages.append({"role": "user", "content": question.text})
    return messages
