"""Topics: contiguous blocks cut where the subject changes, titled by keyphrases."""

from __future__ import annotations

import numpy as np
import pytest
from summary_support import from_eval, make, open_eval_set, vectors_of

from meetsight.intelligence.builtin.folding import words
from meetsight.intelligence.builtin.topics import find_topics, segment, topic_count

PRICING = [
    ("Ana", "What does the enterprise plan cost per seat?"),
    ("Ben", "The enterprise plan is forty dollars per seat per month."),
    ("Ana", "Is there a discount for an annual contract?"),
    ("Ben", "An annual contract gets fifteen percent off the list price."),
    ("Ana", "Our budget for licenses this year is about thirty thousand dollars."),
    ("Ben", "With sixty seats the annual price fits inside that budget."),
    ("Ana", "Would the price per seat go down with more seats?"),
    ("Ben", "Above a hundred seats the price per seat drops again."),
    ("Ana", "And are invoices monthly or yearly?"),
    ("Ben", "Invoices are yearly, paid upfront, for the annual contract."),
]
SECURITY = [
    ("Ana", "Our security team needs single sign-on with Okta."),
    ("Ben", "Single sign-on with Okta and SAML is included in every plan."),
    ("Ana", "Where is the customer data stored, and is it encrypted?"),
    ("Ben", "All data is encrypted at rest and stored in Frankfurt data centres."),
    ("Ana", "Do you have a SOC 2 report for our security review?"),
    ("Ben", "Yes, our SOC 2 Type II report is available under NDA."),
    ("Ana", "Our security review also asks about penetration tests."),
    ("Ben", "An external firm runs penetration tests on the platform twice a year."),
    ("Ana", "Can we enforce two-factor authentication for all users?"),
    ("Ben", "Admins can enforce two-factor authentication for every user."),
]
TWO_SUBJECTS = make(PRICING + SECURITY, sellers=["Ben"])


def _check_cover(topics, n: int) -> None:  # type: ignore[no-untyped-def]
    covered = [i for t in topics for i in t.lines]
    assert covered == list(range(n))  # every line once, in order, blocks contiguous


def test_topic_count_rules() -> None:
    assert [topic_count(n) for n in (0, 1, 7, 8, 29, 30, 44, 45, 100, 400)] == [
        0, 1, 1, 2, 2, 3, 3, 4, 7, 7,
    ]  # fmt: skip


def test_segment_finds_exact_cuts_in_clustered_vectors() -> None:
    rng = np.random.default_rng(7)
    centres = np.eye(8)[:3]
    rows = np.vstack(
        [centres[i] + 0.05 * rng.standard_normal((n, 8)) for i, n in enumerate((6, 9, 5))]
    )
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    assert segment(rows, 3, 2) == [(0, 6), (6, 15), (15, 20)]


def test_segment_respects_min_length_and_small_inputs() -> None:
    rows = np.eye(6)
    blocks = segment(rows, 3, 2)
    assert all(end - start >= 2 for start, end in blocks)
    assert segment(rows, 1, 2) == [(0, 6)]
    assert segment(rows[:3], 2, 2) == [(0, 3)]  # too short to cut
    assert segment(np.zeros((0, 6)), 3, 2) == []


def test_two_subjects_are_cut_where_the_subject_changes() -> None:
    topics = find_topics(TWO_SUBJECTS, vectors_of(TWO_SUBJECTS))
    assert len(topics) == 2
    _check_cover(topics, 20)
    assert topics[1].lines[0] in (9, 10, 11)
    first, second = (set(words(t.title)) for t in topics)
    assert first & {"price", "seat", "contract", "annual", "enterprise", "plan", "budget"}
    assert second & {"security", "sign-on", "single", "okta", "review", "data", "tests"}


def test_titles_and_descriptions() -> None:
    for topic in find_topics(TWO_SUBJECTS, vectors_of(TWO_SUBJECTS)):
        assert 1 <= len(topic.title.split()) <= 5
        assert topic.title[0].isupper()
        speaker, text = topic.description.split(": ", 1)
        block = [TWO_SUBJECTS.lines[i] for i in topic.lines]
        assert any(ln.speaker == speaker and text.rstrip("…") in ln.text for ln in block)


def test_titles_never_name_participants() -> None:
    conversation = make(
        [("Carla Mendes", f"Carla Mendes here, Ivan asked about seats {i}.") for i in range(3)]
        + [("Ivan Petrov", "Ivan Petrov on review seats for the freelancers.")] * 6,
        sellers=["Carla Mendes"],
    )
    for topic in find_topics(conversation, vectors_of(conversation)):
        assert not {"carla", "mendes", "ivan", "petrov"} & set(words(topic.title))


def test_short_conversation_is_one_topic() -> None:
    short = make(PRICING[:5], sellers=["Ben"])
    topics = find_topics(short, vectors_of(short))
    assert len(topics) == 1
    assert topics[0].lines == (0, 1, 2, 3, 4)
    empty = make([], sellers=[])
    assert find_topics(empty, vectors_of(empty)) == []


@pytest.mark.parametrize("ev", open_eval_set(), ids=lambda e: e.id)
def test_eval_set_smoke(ev) -> None:  # type: ignore[no-untyped-def]
    conversation = from_eval(ev)
    topics = find_topics(conversation, vectors_of(conversation))
    assert 2 <= len(topics) <= 7
    _check_cover(topics, len(conversation.lines))
    text = " ".join(words(" ".join(ln.text for ln in conversation.lines)))
    for topic in topics:
        assert topic.title and topic.description
        # Title words come from the transcript (so they are in its language).
        assert all(w in text for w in words(topic.title) if w not in ("and", "y"))


def test_titles_read_as_subjects() -> None:
    """Titles name what a block is about: a phrase rather than two lone words joined by "and",
    no clause ending in a past form, no contraction, no month."""
    rollout = [
        ("Lena", "The drivers complained about the tablets in October."),
        ("Marc", "Tablet mounting kits fixed most of it, the drivers complained less."),
        ("Lena", "The tablet mounting kits arrive in October for the other depots."),
        ("Marc", "We'll order tablet mounting kits for the night shift as well."),
        ("Lena", "It'll take a week to fit the tablet mounting kits everywhere."),
        ("Marc", "Then the rollout covers every depot with tablet mounting kits."),
        ("Lena", "Send the depot list, and we'll plan the tablet mounting kits."),
        ("Marc", "Tablet mounting kits for the vans too, they complained."),
    ]
    meeting = make(rollout, sellers=["Lena"], kind="meeting")
    titles = [t.title.lower() for t in find_topics(meeting, vectors_of(meeting))]
    for title in titles:
        assert " and " not in title
        assert "'" not in title and "\u2019" not in title
        assert not title.endswith("ed") and "october" not in title
    assert any("tablet mounting kits" in title for title in titles), titles


def test_a_phrase_is_preferred_to_two_lone_words() -> None:
    turns = [
        ("Lena", "Invoices pile up every month, invoices everywhere."),
        ("Marc", "The payment portal could collect the invoices."),
        ("Lena", "Our invoices go out by post today."),
        ("Marc", "With the payment portal, invoices go out by email."),
        ("Lena", "The drivers complained about late invoices."),
        ("Marc", "It'll settle once invoices are online."),
        ("Lena", "Fine, show us the payment portal in October."),
    ]
    meeting = make(turns, sellers=["Lena"], kind="meeting")
    assert [t.title for t in find_topics(meeting, vectors_of(meeting))] == ["Payment portal"]
