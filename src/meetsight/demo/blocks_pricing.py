"""English pricing and negotiation: plans, quotes, discounts, terms and procurement."""

from __future__ import annotations

from meetsight.demo.phrasing import block, say

PRICING = (
    block(
        say(
            "rep",
            "Let's talk about pricing. For {seats} users on the {plan} plan the list price is "
            "{price} per seat per month.",
            "On price: {plan} is {price} per user per month, billed annually. For {seats} users "
            "that's {annual} a year at list.",
        ),
        say(
            "c1",
            "That's more than we were hoping, to be honest.",
            "Okay. Is that before any discount?",
            "Hm. And what's included in that?",
        ),
        say(
            "rep",
            "That's list. With an annual commitment we can bring it to {net} per seat.",
            "It includes all modules, the field app, integrations and standard support.",
        ),
        topic="Pricing",
        budget=True,
    ),
    block(
        say(
            "c2",
            "What would the total cost be in the first year, including setup?",
            "Are there any one-time costs on top of the subscription?",
        ),
        say(
            "rep",
            "Onboarding is a fixed fee, and for your size we'd include it if you sign this "
            "quarter. So the first year is {annual}.",
            "There's an onboarding fee, but we often waive it for annual contracts.",
        ),
        say(
            "c2",
            "I need that in writing for the budget request.",
            "Okay. I'll need to compare it with what we spend today.",
        ),
        topic="Pricing",
        budget=True,
    ),
    block(
        say(
            "c1",
            "Do you have a cheaper option if we start with only the {crews}?",
            "Could we start smaller and grow into it?",
        ),
        say(
            "rep",
            "Yes, we could start with a pilot of {pilot} users on {plan} for three months, "
            "and convert at the same per-seat price.",
            "The Team plan starts lower, but you'd lose SSO and the advanced reports.",
        ),
        say("c1", "A pilot is easier to approve.", "SSO is a must, so that doesn't work for us."),
        topic="Pricing",
        budget=True,
    ),
    block(
        say(
            "c2",
            "What discount can you offer for a three-year term?",
            "If we commit for three years, what happens to the price?",
        ),
        say(
            "rep",
            "For three years I can do {discount} percent off list and lock the price.",
            "We can lock the per-seat price for three years and take {discount} percent off.",
        ),
        say(
            "c2",
            "And payment terms? We usually pay net sixty.",
            "Is that billed yearly or all upfront?",
        ),
        say(
            "rep",
            "Yearly, in advance. Net sixty is fine for us.",
            "Yearly. Upfront would get you another two percent if that helps.",
        ),
        topic="Negotiation",
        budget=True,
    ),
    block(
        say(
            "rep",
            "Where does this sit compared with the budget you have?",
            "Does that fit within what you set aside?",
        ),
        say(
            "c1",
            "It's above the budget by about {pct} percent.",
            "It fits if we phase the rollout over two quarters.",
            "It's within budget, but only just.",
        ),
        say(
            "rep",
            "Let's see what we can do on phasing before we touch the price.",
            "Okay. Let me take that back to my director.",
        ),
        topic="Budget",
        budget=True,
    ),
    block(
        say(
            "mgr",
            "{c1_first}, I'm {int_first}, I lead the team here. I wanted to join because I "
            "know price is the open question.",
            "Thanks for having me. I heard the number is the sticking point, so let's solve it.",
        ),
        say(
            "c1",
            "Appreciate it. We want to do this, but finance is pushing back on the total.",
            "Yes. We like the product. The number is the problem.",
        ),
        say(
            "mgr",
            "If you can sign by the end of the month, I can approve {discount} percent and "
            "include onboarding.",
            "Here's what I can do: {net} per seat, onboarding included, and a ninety-day exit "
            "clause if the pilot fails.",
        ),
        say(
            "c1",
            "That's a real improvement. Let me take that to {c2_first}.",
            "The exit clause helps a lot, actually.",
        ),
        topic="Negotiation",
        budget=True,
    ),
    block(
        say(
            "c2",
            "Our procurement will want a security questionnaire and your standard contract.",
            "Legal will need to review the data processing agreement.",
        ),
        say(
            "rep",
            "No problem, we have both ready. Usually legal review takes one or two rounds.",
            "I'll send the contract and the DPA today. Who's the right contact in legal?",
        ),
        say("c2", "Send it to me and I'll forward it.", "Our general counsel, I'll introduce you."),
        topic="Procurement",
    ),
    block(
        say(
            "c1",
            "Can the price per seat go down as we add more people?",
            "What happens to pricing if we grow to twice the size?",
        ),
        say(
            "rep",
            "Yes, the tiers start at 250 and 500 seats, and the discount applies to the "
            "whole account.",
            "Going from {seats} to twice that would move you to the next tier, for every seat.",
            "Additional seats are added at your contracted price, pro-rated.",
        ),
        topic="Pricing",
        budget=True,
    ),
)
