"""English account work after the sale: onboarding kickoffs and renewal check-ins."""

from __future__ import annotations

from meetsight.demo.phrasing import block, say

ONBOARDING = (
    block(
        say(
            "int",
            "Welcome aboard, everyone. I'm {int_first}, I'll be your success manager. Today is "
            "about the plan for the first ninety days.",
            "Great to officially start. The goal today is to agree on the rollout plan and owners.",
        ),
        say(
            "c1",
            "Thanks, we're excited. And a bit nervous.",
            "Great, we have our list of questions.",
        ),
        topic="Rollout plan",
    ),
    block(
        say(
            "int",
            "I suggest three phases: the office team first, then the first group of {pilot} "
            "{crews}, then everyone else.",
            "Phase one is configuration and the data import, phase two the pilot group, "
            "phase three "
            "the full rollout.",
        ),
        say("c1", "How long is each phase?", "Which group should go first, in your experience?"),
        say(
            "int",
            "About two weeks each, so go-live around {golive}.",
            "The most motivated one. Not the biggest, the most motivated.",
        ),
        say("c1", "That works with our calendar.", "That would be the {city} team, then."),
        topic="Rollout plan",
    ),
    block(
        say(
            "int",
            "For the data import we need your customer list, your stock per location and your "
            "current price list.",
            "To import we need three files: customers, items with stock, and open jobs.",
        ),
        say(
            "c2",
            "I can get you the customer list this week. Stock is harder.",
            "Which format do you need?",
        ),
        say("int", "Excel is fine, we have templates.", "Any format, we'll map it for you."),
        topic="Data import",
    ),
    block(
        say(
            "c2",
            "When can IT set up single sign-on?",
            "Who on our side needs to be involved for SSO?",
        ),
        say(
            "int",
            "Any time this week. It's about an hour with your identity admin.",
            "Just your identity admin, about an hour, and we test it with two users.",
        ),
        topic="Security and SSO",
    ),
    block(
        say(
            "c1",
            "How will we know if it's working after a month?",
            "What should we measure during the pilot?",
        ),
        say(
            "int",
            "We'll track three things: daily active users, jobs closed in the app and time to "
            "invoice.",
            "I'd use your own numbers: on-time arrival and how many jobs get redone.",
        ),
        say("c1", "Let's agree on targets for those today.", "Can we get a weekly report on that?"),
        topic="Success metrics",
    ),
    block(
        say(
            "c1",
            "Training worries me a bit. The {crews} work different shifts.",
            "How do we train people who are never in the office?",
        ),
        say(
            "int",
            "We do short video sessions at the start of each shift, and there are two-minute "
            "videos inside the app.",
            "We record the sessions and train a few champions on your side who help the others.",
        ),
        topic="Training",
    ),
)

RENEWAL = (
    block(
        say(
            "int",
            "Let's start with usage. You have {seats} seats and about {pct} percent are active "
            "every week.",
            "Quick look at the numbers: {count} thousand jobs closed in the app since the start of "
            "the year.",
        ),
        say("c1", "That's higher than I expected.", "The {city} team is still lagging, I know."),
        topic="Usage review",
    ),
    block(
        say(
            "rep",
            "What has changed for the team since you started with {product}?",
            "If you look back a year, what's different?",
        ),
        say(
            "c1",
            "The mornings are calm now. That's the simplest way to say it.",
            "We don't argue about stock counts anymore, which was half of our meetings.",
        ),
        say(
            "c1",
            "Before, the office was on the phone from six to nine. Now most changes go through "
            "the app and people just check it. We added {count} {crews} without hiring a new "
            "coordinator, which was the whole point.",
            "We used to close the month in three days. Last month it took one afternoon. My "
            "finance colleagues actually thanked me, which never happens.",
        ),
        topic="Value review",
    ),
    block(
        say(
            "c1",
            "There are still a few things that annoy people. The search is slow on old jobs.",
            "One complaint from the field: {pain}, still, at the smaller sites.",
        ),
        say(
            "int",
            "Thanks, I'll raise the search issue with product. There's an improvement "
            "coming next month.",
            "Let's look at those sites together. It's usually a settings issue.",
        ),
        topic="Feedback",
    ),
    block(
        say(
            "rep",
            "The contract renews on {golive}. Are you planning to keep the same number of seats?",
            "For the renewal, do you expect to add users?",
        ),
        say(
            "c1",
            "We're probably adding another {pilot}, maybe more.",
            "Same number, but we want the Analytics add-on.",
        ),
        say(
            "rep",
            "Then the renewal price stays at {net} per seat for the existing ones.",
            "I'll prepare both options with the current price of {net} per seat.",
        ),
        topic="Renewal",
        budget=True,
    ),
)
