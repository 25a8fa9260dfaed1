"""Reported speech without the defects of issue 16: a filler's "you" shifted to "them", a
capital kept inside the reported clause, a word written twice."""

from meetsight.intelligence.builtin.cleanup import clean, without_doubled_words, without_fillers
from meetsight.intelligence.builtin.reported import reported, third_person


def test_inline_filler_goes_before_pronouns_shift() -> None:
    said = reported("We should move you know the launch to March.", "Operations Lead")
    assert said == "The Operations Lead said they should move the launch to March."
    assert "them know" not in third_person("The vendor is I mean you know the cheaper one.")


def test_you_know_that_is_a_clause_stays() -> None:
    assert without_fillers("I'll let you know the venue tomorrow.") == (
        "I'll let you know the venue tomorrow."
    )
    assert without_fillers("Ask the drivers you know well.") == "Ask the drivers you know well."
    assert clean("If you know the deadline, share it.", "en") == (
        "If you know the deadline, share it."
    )


def test_clause_after_said_starts_lower_case() -> None:
    assert reported("Unless the board objects we sign in May.", "Tomas") == (
        "Tomas said unless the board objects they sign in May."
    )
    # A pronoun is no name, even where the conversation's names hold it by mistake.
    assert reported("They approved the pilot.", "Tomas", names={"they"}) == (
        "Tomas said they approved the pilot."
    )
    assert reported("I think Those numbers look low.", "Tomas") == (
        "Tomas thought those numbers look low."
    )
    assert reported("Mientras tanto seguimos con el piloto.", "Inés", "es") == (
        "Inés dijo que mientras tanto siguen con el piloto."
    )


def test_names_and_i_keep_their_capital() -> None:
    assert reported("Priya will draft the contract.", "Tomas") == (
        "Tomas said Priya would draft the contract."
    )
    assert reported("Globex asked for a discount.", "Tomas", names={"globex"}) == (
        "Tomas said Globex asked for a discount."
    )


def test_doubled_words_written_once() -> None:
    assert reported("We can send the the slides tonight.", "Tomas") == (
        "Tomas said they could send the slides tonight."
    )
    assert without_doubled_words("Then then then we vote.") == "Then we vote."
    assert without_doubled_words("She had had doubts and said that that was fine.") == (
        "She had had doubts and said that that was fine."
    )
    assert third_person("Mandamos la la factura.", "es") == "Mandan la factura."
