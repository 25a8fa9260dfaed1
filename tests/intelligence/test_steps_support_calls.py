"""Support and billing calls (issue 16, steps4): a refund promised as money that comes back, a
supervisor who joins and owns the callback, a colleague named by role, the end of the call as a
date, and the acts of the call itself (bringing someone on the line, a hold, "let me check").
Retros that end without a step stay without one. Sentences written for these tests, not taken
from any labelled conversation."""

from __future__ import annotations

from datetime import date

import pytest

from meetsight.intelligence.builtin.commitments import extract_next_steps
from meetsight.intelligence.builtin.deadlines import find_deadlines
from meetsight.intelligence.conversation import Conversation, Line, Speaker
from meetsight.intelligence.results import NextStep

THU = date(2026, 10, 8)
AGENT, CALLER, LEAD = "Ines Varga", "Tomas Lindqvist", "Keiko Brandt"


def steps(turns: list[tuple[str, str]], language: str = "en") -> list[NextStep]:
    names = list(dict.fromkeys(speaker for speaker, _ in turns))
    speakers = tuple(Speaker(name, name in (AGENT, LEAD)) for name in names)
    lines = tuple(Line(i, 6.0 * i, 6.0 * i + 5, s, t) for i, (s, t) in enumerate(turns))
    return extract_next_steps(Conversation("call", "billing", language, THU, speakers, lines))


@pytest.mark.parametrize(
    ("text", "due", "word"),
    [
        (
            "I've approved it. The sixty dollars will be back on your card within four "
            "business days.",
            date(2026, 10, 14),
            "sixty dollars",
        ),
        (
            "the credit is approved and it'll go back to your bank account within three "
            "business days",
            date(2026, 10, 13),
            "bank account",
        ),
        ("You'll see the refund on your statement by next Friday.", date(2026, 10, 16), "refund"),
    ],
)
def test_money_coming_back_is_the_agents_step(text: str, due: date, word: str) -> None:
    found = steps([(AGENT, text), (CALLER, "Okay, thanks.")])
    assert [(s.actors, s.due) for s in found] == [((AGENT,), due)]
    assert word in found[0].action


def test_money_coming_back_needs_a_date_and_no_hedge() -> None:
    for text in (
        "The money will be back on your card at some point.",
        "Maybe it'll show up on your statement by Monday.",
    ):
        assert steps([(AGENT, text), (CALLER, "Ok.")]) == []


def test_supervisor_owns_the_callback_said_as_a_reason() -> None:
    found = steps(
        [
            (CALLER, "And why should I believe it happens this time?"),
            (LEAD, "Because I'll phone you on Tuesday to confirm the credit went through."),
        ]
    )
    assert [(s.actors, s.due) for s in found] == [((LEAD,), date(2026, 10, 13))]


@pytest.mark.parametrize(
    ("text", "owner", "word"),
    [
        (
            "Our field technician, Bogdan, will come out on Monday the twelfth.",
            "Bogdan",
            "technician visit",
        ),
        ("My colleague Farah will email you the corrected invoice tomorrow.", "Farah", "invoice"),
    ],
)
def test_colleague_named_by_role_owns_the_step(text: str, owner: str, word: str) -> None:
    found = steps([(AGENT, text), (CALLER, "Great.")])
    assert [s.actors for s in found] == [(owner,)]
    assert word in found[0].action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Our team will drop the price by Friday.", "drop the price"),
        ("Our planner will swing the schedule around by Friday.", "swing the schedule"),
        ("Our engineer will drop by on Friday.", "engineer visit"),
        ("Our new installer will come out on Friday.", "installer visit"),
    ],
)
def test_only_a_colleague_coming_over_is_a_visit(text: str, action: str) -> None:
    """ "drop by" is a visit; "drop the price" is dropping the price."""
    found = steps([(AGENT, text), (CALLER, "Great.")])
    assert len(found) == 1 and found[0].action.startswith(action)


@pytest.mark.parametrize(
    "phrase", ["as soon as we hang up", "once we hang up", "after we get off the phone"]
)
def test_the_end_of_the_call_is_the_calls_day(phrase: str) -> None:
    found = steps([(AGENT, f"I'll email you the ticket number {phrase}."), (CALLER, "Thanks.")])
    assert [(s.due, "ticket number" in s.action) for s in found] == [(THU, True)]


def test_asr_yep_opens_a_promise() -> None:
    found = steps(
        [
            (CALLER, "okay"),
            (AGENT, "yep i'll text you the confirmation code right after this call"),
            (CALLER, "okay"),
        ]
    )
    assert [(s.actors, s.due) for s in found] == [((AGENT,), THU)]


@pytest.mark.parametrize(
    "turns",
    [
        [(AGENT, "Let me get my team lead on the line for you."), (CALLER, "Okay.")],
        [(AGENT, "Would it be alright if I bring in my supervisor?"), (CALLER, "Sure, go on.")],
        [(AGENT, "I'll transfer you to the fraud desk."), (CALLER, "Fine.")],
        [(AGENT, "I'm going to put you on a short hold."), (CALLER, "Okay.")],
        [
            (CALLER, "there's a charge from april fourth i don't know"),
            (AGENT, "let me check yeah that's the yearly membership from april fourth"),
        ],
    ],
)
def test_acts_of_the_call_itself_are_no_steps(turns: list[tuple[str, str]]) -> None:
    assert steps(turns) == []


def test_a_date_something_happened_is_no_deadline() -> None:
    assert find_deadlines("the charge from March second", "en", THU) == []
    assert find_deadlines("it's been broken since Monday", "en", THU) == []
    assert find_deadlines("the parking day from June third", "en", THU) == []
    assert [d.due for d in find_deadlines("by Monday", "en", THU)] == [date(2026, 10, 12)]
    # a count before "from" makes it a date to come: kept (what date: the next test)
    assert find_deadlines("two weeks from Monday", "en", THU)


def test_a_count_from_a_date_is_added_to_it() -> None:
    assert [d.due for d in find_deadlines("two weeks from Monday", "en", THU)] == [
        date(2026, 10, 26)
    ]
    said = find_deadlines("I'll have it to you two weeks from today", "en", THU)
    assert [(d.phrase, d.due) for d in said] == [("two weeks from today", date(2026, 10, 22))]
    assert [d.due for d in find_deadlines("a couple of days from Friday", "en", THU)] == [
        date(2026, 10, 11)
    ]
    assert [d.due for d in find_deadlines("three business days from Monday", "en", THU)] == [
        date(2026, 10, 15)
    ]
    # a count of months is too loose to pin to a day, as "in two months" is
    assert [d.due for d in find_deadlines("two months from Monday", "en", THU)] == [None]


def test_retro_look_alikes_give_no_step() -> None:
    team = ["Rosa Delacroix", "Anton Pike", "Mei Sørensen"]
    turns = [
        (team[0], "We should have tested the import on real data before the launch."),
        (team[1], "Next time we'll book the load test a week earlier. That's the lesson."),
        (team[2], "Going forward I'd like us to write the rollback plan first."),
        (team[0], "I already sent the incident summary to the whole department on Monday."),
        (team[1], "If we had a second on-call engineer, I'd sleep better."),
        (team[2], "I wish the vendor had warned us about the rate limit."),
        (team[0], "I've just added all of this to the retro board. That's it for today."),
    ]
    lines = tuple(Line(i, 6.0 * i, 6.0 * i + 5, s, t) for i, (s, t) in enumerate(turns))
    speakers = tuple(Speaker(name, True) for name in team)
    conversation = Conversation("meeting", "retro", "en", THU, speakers, lines)
    assert extract_next_steps(conversation) == []
