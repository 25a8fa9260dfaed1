"""The scorecard every organization starts with: what a good sales conversation does."""

from __future__ import annotations

from meetsight.intelligence.conversation import ObjectiveSpec

DEFAULT_OBJECTIVES: tuple[ObjectiveSpec, ...] = (
    ObjectiveSpec(
        "discovery_questions",
        "Discovery questions",
        "The seller asked open questions about the customer's situation, needs and goals.",
    ),
    ObjectiveSpec(
        "talk_listen_balance",
        "Talk-listen balance",
        "The seller let the customer talk: the seller's share of speaking time stayed near 45%.",
    ),
    ObjectiveSpec(
        "pain_identified",
        "Pain identified",
        "The customer's problems and their cost were brought out and confirmed.",
    ),
    ObjectiveSpec(
        "budget_discussed",
        "Budget discussed",
        "Price, budget or the value the customer expects came up and was qualified.",
    ),
    ObjectiveSpec(
        "decision_process_known",
        "Decision process known",
        "Who decides, who signs and what approvals are needed is known after the call.",
    ),
    ObjectiveSpec(
        "next_steps_dated",
        "Next steps with a date",
        "The conversation ended with agreed next steps that have an owner and a date.",
    ),
)
