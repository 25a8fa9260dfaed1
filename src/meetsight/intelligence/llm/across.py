"""The LLM's answer to a question across conversations, from numbered moments found for it
(`intelligence.across`): the answer and the numbers of the moments it rests on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meetsight.intelligence.llm.client import Message
from meetsight.intelligence.llm.engine import LLMEngine
from meetsight.intelligence.llm.schemas import ChatOut, validation_context

SYSTEM = (
    "You answer a question about an organization's recorded sales conversations (meetings and "
    "phone calls) using only the numbered moments below: sentences quoted from the "
    "transcripts, each with its conversation, date, speaker and side (internal: our side, the "
    "rep; external: the customer's side). Write a short answer in the question's language, "
    "marking each claim with the moment numbers it rests on, like [2]. Cite in 'lines' the "
    "numbers of the moments your answer rests on. If the moments do not answer the question, "
    "say so and cite nothing."
)


def across_messages(question: str, moments: Sequence[dict[str, Any]]) -> list[Message]:
    listed = "\n".join(
        f"[{m['n']}] {m['date']} · {m['title']} · {m['speaker']} ({m['side']}): {m['text']}"
        for m in moments
    )
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"Moments:\n{listed}\n\nQuestion: {question}"},
    ]


def llm_answer(
    engine: LLMEngine, question: str, moments: Sequence[dict[str, Any]]
) -> tuple[str, list[int]]:
    """(answer, numbers of the moments cited); the client's LLMError when none comes."""
    result = engine.client.complete_json(
        across_messages(question, moments),
        ChatOut,
        "across_answer",
        context=validation_context(m["n"] for m in moments),  # only numbers it was shown
    )
    return result.answer.strip(), list(result.lines)
