"""The interface both engines implement. Calls are synchronous and CPU- or network-bound: the
stage and the chat endpoint run them on a worker thread."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from meetsight.intelligence.conversation import (
    CategorySpec,
    Conversation,
    ObjectiveSpec,
    Question,
)
from meetsight.intelligence.results import ChatAnswer, Intelligence


class Engine(Protocol):
    name: str

    def analyze(
        self,
        conversation: Conversation,
        categories: Sequence[CategorySpec],
        objectives: Sequence[ObjectiveSpec],
    ) -> Intelligence: ...

    def answer(self, conversation: Conversation, question: Question) -> ChatAnswer: ...
