"""Next steps said across a speaker's segments and turns (the pipeline joins meetsight's own
segments into turns of up to 30 s, so a turn holds several sentences): the word "recap" as a
thing delivered, an offer whose date comes in the next segment, a possessive day name, "at the
latest", "hablar con" with a date, a step said again with more words, and a segment said inside
another sentence. Conversations written for these tests."""

from __future__ import annotations

from datetime import date

from meetsight.intelligence.builtin.commitments import extract_next_steps
from meetsight.intelligence.builtin.deadlines import find_deadlines
from meetsight.intelligence.conversation import Conversation, Line, Speaker
from meetsight.intelligence.results import NextStep

TUE = date(2026, 3, 10)  # a Tuesday
THU, FRI, MON = date(2026, 3, 12), date(2026, 3, 13), date(2026, 3, 16)
SELLER, BUYER = "Nora Quint", "Bernard Oyelaran"


def steps(turns: list[tuple[str, str]], language: str = "en") -> list[NextStep]:
    names = list(dict.fromkeys(speaker for speaker, _ in turns))
    speakers = tuple(Speaker(name, name == SELLER) for name in names)
    lines = tuple(Line(i, 6.0 * i, 6.0 * i + 5, s, t) for i, (s, t) in enumerate(turns))
    return extract_next_steps(Conversation("meeting", "test", language, TUE, speakers, lines))


def actions(found: list[NextStep]) -> list[str]:
    return [s.action for s in found]


def test_a_recap_promised_is_no_recap_said() -> None:
    """ "I'll email the recap" delivers one: the steps said before it in the turn stand."""
    found = steps(
        [
            (BUYER, "What happens now?"),
            (
                SELLER,
                "I can draft a rollout plan for the pilot sites. You'll have it by Thursday. "
                "Action for me: price the extra sensors, by Friday. "
                "And I'll email the recap this afternoon.",
            ),
        ]
    )
    assert actions(found) == [
        "draft a rollout plan for the pilot sites",
        "price the extra sensors",
        "email the recap",
    ]
    assert [s.due for s in found] == [THU, FRI, TUE]


def test_a_recap_starts_where_it_is_announced() -> None:
    found = steps(
        [
            (BUYER, "Anything else?"),
            (
                SELLER,
                "Action for me: price the extra sensors, by Friday. "
                "So, to recap: I'll price the extra sensors by Friday.",
            ),
        ]
    )
    assert actions(found) == ["price the extra sensors"]
    assert found[0].due == FRI


def test_an_offer_dated_in_the_speakers_next_segment_keeps_its_verb() -> None:
    found = steps(
        [
            (BUYER, "Our ticket fields are a mess."),
            (SELLER, "I can map the old ticket fields to the new form."),
            (SELLER, "You'll have it by Thursday."),
            (BUYER, "Great."),
        ]
    )
    assert actions(found) == ["map the old ticket fields to the new form"]
    assert found[0].actors == (SELLER,) and found[0].due == THU


def test_an_offer_of_another_speaker_is_not_taken() -> None:
    found = steps(
        [
            (BUYER, "I can map the old ticket fields to the new form."),
            (SELLER, "You'll have it by Thursday."),
        ]
    )
    assert not any("map" in a for a in actions(found))


def test_a_possessive_day_is_no_date_and_at_the_latest_belongs_to_it() -> None:
    found = steps(
        [
            (BUYER, "Sounds good."),
            (
                SELLER,
                "On my side, I'll circulate the notes from today's workshop, "
                "before Monday at the latest.",
            ),
        ]
    )
    assert actions(found) == ["circulate the notes from today's workshop"]
    assert found[0].due == MON


def test_deadlines_skip_possessives_and_cover_at_the_latest() -> None:
    assert find_deadlines("a summary of today's workshop", "en", TUE) == []
    assert find_deadlines("tomorrow's agenda is full", "en", TUE) == []
    text = "before Monday at the latest, please"
    (deadline,) = find_deadlines(text, "en", TUE)
    assert deadline.due == MON and text[deadline.span[1] :] == ", please"
    (spanish,) = find_deadlines("el jueves como muy tarde.", "es", TUE)
    assert spanish.due == THU and spanish.span[1] == len("el jueves como muy tarde")


def test_hablar_con_alguien_with_a_date_is_a_step() -> None:
    found = steps(
        [
            (BUYER, "¿Y el presupuesto?"),
            (
                SELLER,
                "Por mi parte, voy a hablar con compras para liberar el presupuesto, "
                "como muy tarde el jueves.",
            ),
        ],
        language="es",
    )
    assert actions(found) == ["hablar con compras para liberar el presupuesto"]
    assert found[0].due == THU


def test_hablar_without_a_date_stays_the_call() -> None:
    assert steps([(SELLER, "Vamos a hablar de los precios."), (BUYER, "Vale.")], "es") == []
    assert steps([(SELLER, "Voy a hablar con calma."), (BUYER, "Vale.")], "es") == []


def test_a_step_said_again_with_more_keeps_the_fuller_words() -> None:
    found = steps(
        [
            (BUYER, "We will need your floor plan for the install."),
            (SELLER, "I can get you the floor plan this week."),
            (BUYER, "Good. What else?"),
            (SELLER, "I'll send the floor plan and the sensor list by Friday."),
        ]
    )
    assert actions(found) == ["send the floor plan and the sensor list"]
    assert found[0].due == FRI


def test_a_segment_said_inside_another_sentence_ends_at_its_full_stop() -> None:
    """Joined into one turn: "... I'll book the crew by Monday. and the depot ..."."""
    found = steps(
        [
            (BUYER, "Okay."),
            (
                SELLER,
                "I moved the site visit, I'll book the calibration crew by Monday. "
                "and the depot confirms the van.",
            ),
        ]
    )
    assert actions(found) == ["book the calibration crew"]
    assert found[0].due == MON
