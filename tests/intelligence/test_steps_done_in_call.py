"""Promises kept before the call ends are not next steps (commitment_now.py); the same
promises for after the call still are. Examples written for these tests, not taken from any
labelled conversation."""

from __future__ import annotations

from datetime import date

import pytest

from meetsight.intelligence.builtin.commitments import extract_next_steps
from meetsight.intelligence.conversation import Conversation, Line, Speaker
from meetsight.intelligence.results import NextStep

MON = date(2026, 2, 9)
AGENT, CALLER = "Oren Vasquez", "Lidia Brandt"


def steps(language: str, turns: list[tuple[str, str]]) -> list[NextStep]:
    names = list(dict.fromkeys(speaker for speaker, _ in turns))
    speakers = tuple(Speaker(name, name == AGENT) for name in names)
    lines = tuple(Line(i, 6.0 * i, 6.0 * i + 5, s, t) for i, (s, t) in enumerate(turns))
    return extract_next_steps(Conversation("call", "support", language, MON, speakers, lines))


@pytest.mark.parametrize(
    "turns",
    [
        [(AGENT, "I'll reissue the invoice right now so you have it before we finish.")],
        [(AGENT, "I'm going to reset the API key while we're on the phone.")],
        [(AGENT, "Let me push the firmware update as we speak."), (CALLER, "Great.")],
        [
            (AGENT, "I'll email you the activation code."),
            (AGENT, "Okay, it's sent."),
            (CALLER, "Got it, thanks."),
        ],
        [
            (AGENT, "I'll move your renewal date to March."),
            (CALLER, "Thank you."),
            (AGENT, "Done."),
        ],
        [
            (AGENT, "While I have you on the line, can you confirm the billing address?"),
            (CALLER, "Sure, it's 14 Quay Street, Cork."),
        ],
        [(AGENT, "Te activo la licencia ahora mismo."), (CALLER, "Perfecto.")],
        [(AGENT, "Ahora mismo te reenvío el correo."), (CALLER, "Vale.")],
        [(AGENT, "Right now I'll resend the invoice."), (CALLER, "Thanks.")],
        [(AGENT, "Te reenvío la factura."), (AGENT, "Listo, ya está.")],
        [(AGENT, "I'll read the questions out as they come in.")],
    ],
)
def test_kept_during_the_call(turns: list[tuple[str, str]]) -> None:
    language = "es" if any(t.startswith(("Te ", "Ahora")) for _, t in turns) else "en"
    assert steps(language, turns) == []


@pytest.mark.parametrize(
    ("turns", "action"),
    [
        ([(AGENT, "I'll reissue the invoice after the call.")], "reissue the invoice"),
        (
            [(AGENT, "Right, now I'll put together the corrected contract.")],
            "put together the corrected contract",
        ),
        (
            [(AGENT, "Now, I'll send the corrected contract by Wednesday.")],
            "send the corrected contract",
        ),
        (
            [
                (
                    AGENT,
                    "I'm going to escalate the outage to engineering now, and I'll call you "
                    "back on Thursday with their answer.",
                )
            ],
            "call",
        ),
        ([(AGENT, "I'll email you the activation code."), (CALLER, "Thanks.")], "activation code"),
        ([(AGENT, "Te mando la factura corregida mañana.")], "mandar la factura corregida"),
    ],
)
def test_promised_for_after_the_call(turns: list[tuple[str, str]], action: str) -> None:
    language = "es" if turns[0][1].startswith("Te ") else "en"
    found = steps(language, turns)
    assert found and found[-1].actors == (AGENT,)
    assert action in found[-1].action


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "Honestly, we'll stick with the vendor we have."),
        ("en", "We're going to stay with our in-house tool this year."),
        ("en", "I'll pass on this one for now."),
        ("en", "That outage? I'll own it, the deploy was mine."),
        ("es", "Nos vamos a quedar con el programa que ya tenemos."),
        ("es", "Bueno, le paso la palabra a Ignacio."),
        ("en", "Can I just add one more thought here?"),
        ("en", "Right, I'll add a quick point on that."),
        ("en", "Okay, I'll go ahead and end the call."),
        ("en", "I'll get out of your way then, thanks."),
    ],
)
def test_choices_and_idioms_are_no_task(language: str, text: str) -> None:
    assert steps(language, [(AGENT, text), (CALLER, "Okay.")]) == []


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("I'll pass your feedback on to the product team tomorrow.", "pass"),
        ("I'll own the data migration and have a plan to you by Friday.", "own the data migration"),
        ("I'll add a note to the support ticket by Friday.", "add a note to the support ticket"),
        ("I'll close the duplicate ticket tomorrow.", "close the duplicate ticket"),
    ],
)
def test_tasks_with_the_same_verbs_stay(text: str, action: str) -> None:
    found = steps("en", [(AGENT, text)])
    assert found and found[0].action.startswith(action)


@pytest.mark.parametrize(
    "text",
    [
        "Okay, I'll put the velocity graph up so everyone can see it.",
        "Give me a second, I'll throw up the onboarding slides.",
        "I'll pull the support dashboard up.",
        "Let me get the hiring timeline on the screen.",
    ],
)
def test_put_on_screen_during_the_meeting(text: str) -> None:
    assert steps("en", [(AGENT, text), (CALLER, "Sure.")]) == []


@pytest.mark.parametrize(
    "text",
    [
        "Lidia, could you throw the funnel numbers up for us?",
        "Can someone get the sprint board on the screen?",
    ],
)
def test_asked_to_put_on_screen_during_the_meeting(text: str) -> None:
    assert steps("en", [(AGENT, text), (CALLER, "Sure, one second.")]) == []


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("I'll bring it up with our legal team.", "bring it up with"),
        ("I'll put the release notes up on the wiki.", "put the release notes up on the wiki"),
        ("I'll put up a pull request for the fix.", "put up a pull request"),
        ("I'll put up the roadmap on the wiki.", "put up the roadmap on the wiki"),
        ("I'll put up the results for the board.", "put up the results for the board"),
    ],
)
def test_raised_or_published_after_the_call_stay(text: str, action: str) -> None:
    found = steps("en", [(AGENT, text), (CALLER, "Thanks.")])
    assert found and action in found[-1].action
