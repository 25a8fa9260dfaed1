"""English objections: price, competitors, timing, adoption and risk, with the answers to them."""

from __future__ import annotations

from meetsight.demo.phrasing import block, say

OBJECTIONS = (
    block(
        say(
            "c1",
            "I'll be honest, {competitor} came in quite a bit cheaper.",
            "We also have a proposal from {competitor}, and it's lower per seat.",
        ),
        say(
            "rep",
            "That's fair to raise. Does their quote include the field app and integrations?",
            "Thanks for telling me. Is {competitor} quoting the same {seats} seats?",
            "Understood. Can I ask what's included in their number?",
        ),
        say(
            "c1",
            "I think the integrations are extra, actually.",
            "Not sure. I'd have to check with {c2_first}.",
        ),
        say(
            "rep",
            "In our experience the total ends up similar once you add those. I can put the two "
            "side by side for you.",
            "Most customers who compared us with {competitor} chose us for the field app. Happy to "
            "connect you with one.",
        ),
        topic="Competition",
    ),
    block(
        say(
            "c2",
            "My concern is adoption. Our {crews} are not very technical.",
            "I'm worried the field won't use it, like last time.",
        ),
        say(
            "rep",
            "That's the most common concern we hear. We train in small groups and we track "
            "usage weekly during the first two months.",
            "Completely fair. Could we pick your most skeptical {crew_one} for the pilot?",
        ),
        say(
            "c2",
            "Ha, I know exactly who that would be.",
            "If it works for them, it works for everyone.",
        ),
        topic="Adoption risk",
    ),
    block(
        say(
            "c1",
            "Timing is the issue. We're not sure we can take on a project before {quarter}.",
            "I'm not sure this is the right quarter for us. We're in the middle of an audit.",
        ),
        say(
            "rep",
            "What would need to be true to start earlier?",
            "Would a smaller first phase make the timing easier?",
        ),
        say(
            "c1",
            "If it takes less than a day a week from my team, maybe.",
            "If you can promise it won't take more than {hours} hours a week of our time, yes.",
            "If we only start with one location, that could work.",
        ),
        topic="Timing",
    ),
    block(
        say(
            "c2",
            "We're also talking to {competitor} and {competitor2}. What makes you different?",
            "Why would we choose you over {competitor}?",
        ),
        say(
            "int",
            "Three things: the offline field app, inventory in the same tool as scheduling, and "
            "the accounting integration out of the box.",
            "Honestly, they're good products. Where we win is inventory and the field app; with "
            "{competitor} inventory is a separate product.",
        ),
        say(
            "c2",
            "The inventory point is important for us.",
            "Okay, I'll ask them the same question.",
        ),
        topic="Competition",
    ),
    block(
        say(
            "c1",
            "It's too expensive for us at the moment, frankly.",
            "At {price} a seat it's too expensive for us, frankly.",
            "The price is the main concern for our CFO.",
        ),
        say(
            "rep",
            "I hear you. If we put the cost next to the {hours} hours a week you mentioned, "
            "how does it look?",
            "Let's look at it against what the current process costs you. You said {pain}.",
        ),
        say(
            "c1",
            "Put that way, it probably pays for itself. I need to show it on paper though.",
            "It's a good argument. I'll need the numbers to convince finance.",
        ),
        topic="Price objection",
        budget=True,
    ),
    block(
        say("c2", "What happens to our data if we leave?", "I'm worried about being locked in."),
        say(
            "int",
            "You can export everything at any time, in CSV or through the API, and we delete "
            "it thirty days after the contract ends.",
            "Your data is yours. Full export is self-service, no ticket needed.",
            "Nothing is locked in. {company} can pull a full export any day, without asking us.",
        ),
        say("c2", "Good, that was going to be a question from legal.", "That's reassuring."),
        topic="Data and lock-in",
    ),
    block(
        say(
            "c1",
            "We're not sure the migration risk is worth it right now.",
            "What worries me is moving years of history over.",
        ),
        say(
            "int",
            "We usually bring over twelve months of history, not everything, and we run both "
            "systems in parallel for two weeks.",
            "Our onboarding team does the import. You review a test import before we go live.",
        ),
        say("c1", "Parallel running would help a lot.", "Okay, a test import is a good idea."),
        topic="Migration risk",
    ),
    block(
        say(
            "c2",
            "Is there a risk you get acquired and the product changes?",
            "How long have you been around? We can't switch again in two years.",
        ),
        say(
            "rep",
            "We've been around for nine years and we're profitable. I can share references "
            "who've been with us since the beginning.",
            "Fair question. We have customers who've been with us for eight years, I'm happy to "
            "introduce you.",
        ),
        topic="Vendor risk",
    ),
)
