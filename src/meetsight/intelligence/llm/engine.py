"""The LLM engine: the Engine protocol on top of any OpenAI-compatible chat-completions API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx

from meetsight.intelligence.conversation import (
    CategorySpec,
    Conversation,
    ObjectiveSpec,
    Question,
)
from meetsight.intelligence.llm.client import LLMClient
from meetsight.intelligence.llm.config import LLMConfig
from meetsight.intelligence.llm.mapreduce import (
    AnalysisRun,
    analyze_transcript,
    line_tokens,
    transcript_budget,
)
from meetsight.intelligence.llm.prompts import chat_messages, render_line
from meetsight.intelligence.llm.retrieval import select_lines
from meetsight.intelligence.llm.schemas import ChatOut, FullAnalysis, validation_context
from meetsight.intelligence.results import (
    ChatAnswer,
    Citation,
    Intelligence,
    NextStep,
    NoteDraft,
    ObjectiveScore,
    Scorecard,
    Topic,
)

HISTORY_TURNS = 3


class LLMEngine:
    def __init__(self, config: LLMConfig, *, transport: httpx.BaseTransport | None = None):
        self.config = config
        self.name = f"llm:{config.model}"
        self.client = LLMClient(config, transport=transport)

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> LLMEngine:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def analyze(
        self,
        conversation: Conversation,
        categories: Sequence[CategorySpec],
        objectives: Sequence[ObjectiveSpec],
    ) -> Intelligence:
        run = analyze_transcript(
            self.client,
            conversation,
            categories,
            objectives,
            self.config.max_input_tokens,
            self.config.map_workers,
        )
        return to_intelligence(conversation, objectives, run, self.name)

    def answer(self, conversation: Conversation, question: Question) -> ChatAnswer:
        lines = conversation.lines
        # the last few turns carry a follow-up's context; older ones would only eat the budget
        question = Question(question.text, question.history[-HISTORY_TURNS:])
        skeleton = chat_messages(conversation, "", question, partial=True)
        budget = transcript_budget(skeleton, ChatOut, self.config.max_input_tokens)
        rendered = [render_line(conversation, line, budget * 4 - 8) for line in lines]
        costs = [line_tokens(text) for text in rendered]
        partial = sum(costs) > budget
        if partial:
            # the current question and the last earlier one: follow-ups lean on it
            query = " ".join([question.text, *(q for q, _ in question.history[-1:])])
            positions = select_lines(rendered, costs, query, budget)
        else:
            positions = list(range(len(lines)))
        sent = {lines[p].index: lines[p] for p in positions}
        transcript = "\n".join(rendered[p] for p in positions)
        result = self.client.complete_json(
            chat_messages(conversation, transcript, question, partial),
            ChatOut,
            "chat_answer",
            context=validation_context(sent),  # citations only of lines the model saw
        )
        citations = tuple(
            Citation(line=i, speaker=sent[i].speaker, start=sent[i].start) for i in result.lines
        )
        return ChatAnswer(answer=result.answer.strip(), citations=citations)


def overall_score(scores: Sequence[ObjectiveScore]) -> float:
    """The mean of the objective scores: every scorecard line weighs the same, as the
    organization wrote them; 0 when none could be scored."""
    return round(sum(s.score for s in scores) / len(scores), 1) if scores else 0.0


def to_intelligence(
    conversation: Conversation,
    objectives: Sequence[ObjectiveSpec],
    run: AnalysisRun,
    engine: str,
) -> Intelligence:
    analysis: FullAnalysis = run.analysis
    by_index = {line.index: line for line in conversation.lines}
    names = {o.key: o.name for o in objectives}
    scores = tuple(
        ObjectiveScore(
            key=o.key, objective=names[o.key], score=float(o.score), explanation=o.explanation
        )
        for o in analysis.objectives
        if o.key in names
    )
    notes = tuple(
        NoteDraft(
            category_key=n.category_key,
            content=n.content.strip() or by_index[n.line].text,
            tag=(n.tag or "").strip() or None,
            priority=n.priority,
            start=by_index[n.line].start,
            end=by_index[n.line].end,
            line=n.line,
        )
        for n in sorted(analysis.notes, key=lambda n: n.line)
    )
    insights = analysis.insights
    extra: dict[str, Any] = {"llm": {"parts": run.parts, "dropped": len(run.dropped)}}
    return Intelligence(
        summary=analysis.summary.strip(),
        next_steps=tuple(
            NextStep(
                action=s.action.strip(),
                actors=tuple(a.strip() for a in s.actors if a.strip()),
                deadline=s.deadline.strip(),
                due=s.due,
                line=s.line,
            )
            for s in analysis.next_steps
        ),
        topics=tuple(
            Topic(title=t.title.strip(), description=t.description.strip(), lines=tuple(t.lines))
            for t in analysis.topics
        ),
        notes=notes,
        ai_opinion=analysis.ai_opinion.strip(),
        insights={
            # the built-in engine's shape: {"label": ...} (it adds score and counts)
            "sentiment": {"label": insights.sentiment},
            "objections": insights.objections,
            "competitors": insights.competitors,
            "pricingDiscussed": insights.pricing_discussed,
            "decisionMakers": insights.decision_makers,
        },
        scorecard=Scorecard(
            score=overall_score(scores),
            justification=analysis.justification.strip(),
            objectives=scores,
        ),
        engine=engine,
        extra=extra,
    )
