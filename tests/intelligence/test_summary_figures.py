"""The summary's figures and salience: numbers read whole, quantities told apart from times
and dates, and sentences about the conversation's subjects preferred over asides."""

from __future__ import annotations

from collections import Counter

from summary_support import make, vectors_of

from meetsight.intelligence.builtin.summary import summarize
from meetsight.intelligence.builtin.summary_figures import gives_quantity, numbers_in
from meetsight.intelligence.builtin.summary_salience import salience, word_counts


def test_numbers_are_read_whole() -> None:
    assert numbers_in("We run three hundred and twenty kiosks and one van.") == {
        "three hundred and twenty"
    }
    assert numbers_in("It was 48 stores, then forty-two.") == {"48", "forty-two"}
    assert numbers_in("Tenemos doce clínicas y unas ochocientas citas.") == {"doce", "ochocientas"}
    assert numbers_in("No numbers in this one.") == set()


def test_quantities_are_told_apart_from_times_and_dates() -> None:
    assert gives_quantity("We have roughly seventy vending machines in Leeds.", "en")
    assert gives_quantity("Churn went down eleven percent last year.", "en")
    assert gives_quantity("The quote was $14.20 per seat.", "en")
    assert gives_quantity("Gestionamos treinta almacenes en Valencia.", "es")
    assert not gives_quantity("Let's talk at ten thirty tomorrow.", "en")
    assert not gives_quantity("The kickoff is on the twenty-second.", "en")
    assert not gives_quantity("We looked at it in 2019 and then.", "en")


def test_salience_prefers_the_subject_over_an_aside() -> None:
    call = make(
        [
            ("Iris Vega", "Our kiosks keep dropping card payments at lunchtime."),
            ("Tom Reyes", "How many kiosks drop card payments each day?"),
            ("Iris Vega", "About forty kiosks, and the card payments fail for minutes."),
            ("Tom Reyes", "Our terminals retry card payments offline at the kiosks."),
            ("Iris Vega", "My cat sat on the keyboard this morning."),
        ],
        sellers=["Tom Reyes"],
    )
    counts = word_counts(call)
    assert counts["kiosks"] == 4
    weights = salience([ln.text for ln in call.lines], counts)
    assert weights.max() == 1.0
    assert weights[4] < weights[0] and weights[4] < weights[2]
    assert salience([], Counter()).size == 0


def test_the_quantities_of_a_call_reach_its_summary() -> None:
    turns = [
        ("Noor Aziz", "Thanks for making time, Paul."),
        ("Paul Brandt", "Happy to. We run the cold chain for a grocery group."),
        ("Noor Aziz", "What does the operation look like today?"),
        ("Paul Brandt", "We have about two hundred and sixty refrigerated trailers on the road."),
        ("Paul Brandt", "Temperature logs are still downloaded by hand at each depot."),
        ("Noor Aziz", "How often does a load get rejected for temperature?"),
        ("Paul Brandt", "Last year we lost roughly ninety loads, each worth around eight grand."),
        ("Noor Aziz", "Our sensors stream the temperature every minute to the dashboard."),
        ("Paul Brandt", "The dashboard would need alerts for the night shift supervisors."),
        ("Noor Aziz", "Alerts go by text and by email, and escalate after ten minutes."),
        ("Paul Brandt", "Our contract with the current logger vendor ends in March."),
        ("Noor Aziz", "Then a pilot on twenty trailers in January would fit nicely."),
        ("Paul Brandt", "The weather here has been awful, by the way."),
        ("Noor Aziz", "Same here, rain all week."),
    ]
    call = make(turns, sellers=["Noor Aziz"])
    summary = summarize(call, vectors_of(call), [])
    assert "two hundred and sixty" in summary
    assert "ninety loads" in summary
    assert "rain all week" not in summary


def test_small_talk_with_a_number_is_left_out() -> None:
    subject = [
        ("Ines Roca", "Our warehouse scanners lose the wifi in aisle nine every shift."),
        ("Dev Patel", "How many warehouse scanners drop off the wifi per shift?"),
        ("Ines Roca", "Around thirty warehouse scanners, and each scanner reconnects slowly."),
        ("Dev Patel", "Our access points roam the scanners between aisles without drops."),
        ("Ines Roca", "The warehouse has forty aisles and the scanners roam all of them."),
        ("Dev Patel", "A site survey maps the wifi across the warehouse aisles first."),
        ("Ines Roca", "The night shift scanners matter most, the wifi is worst then."),
        ("Dev Patel", "The survey takes two days for a warehouse of forty aisles."),
        ("Ines Roca", "Then the access points go in and the scanners stay on the wifi."),
        ("Dev Patel", "Pricing is per access point, about eighteen for the warehouse."),
    ]
    turns = [("Dev Patel", "My nephew ran a marathon in three hours on Sunday.")] + subject * 2
    call = make(turns, sellers=["Dev Patel"])
    summary = summarize(call, vectors_of(call), [])
    assert "marathon" not in summary
    assert "thirty warehouse scanners" in summary
