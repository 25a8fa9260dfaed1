"""English openings and endings: greetings, small talk, agendas, recaps and goodbyes."""

from __future__ import annotations

from meetsight.demo.phrasing import block, say

GREETING_MEETING = (
    block(
        say(
            "rep",
            "Hi {c1_first}, thanks for making the time today.",
            "Good to see you again, {c1_first}. Can you hear me all right?",
            "Morning {c1_first}! Looks like everyone is here, or almost.",
        ),
        say(
            "c1",
            "Hi {rep_first}, yes, loud and clear.",
            "Hey {rep_first}. Sorry, I was just finishing another call.",
            "Hi! Yes, all good on our side.",
        ),
    ),
    block(
        say(
            "c1",
            "Hello, can you see my screen or is it just the logo?",
            "Hi everyone, give me one second, my camera is being stubborn.",
        ),
        say(
            "rep",
            "We can see you fine, {c1_first}. No rush.",
            "Just the logo for now, but we can hear you, that's what matters.",
        ),
        say("c1", "Okay, there we go. Hi {rep_first}.", "Perfect. Good to meet you all."),
    ),
    block(
        say(
            "rep",
            "Welcome, welcome. {c1_first}, thanks for having us over at {short}.",
            "Thanks for hosting us, {c1_first}. Nice office, by the way.",
        ),
        say(
            "c1",
            "Of course. Did you find parking okay?",
            "Glad you made it. Was the traffic bad coming in?",
        ),
        say(
            "rep",
            "No trouble at all, we found a spot right out front.",
            "A bit slow on the highway, but we left early, so we're fine.",
        ),
    ),
)

GREETING_CALL_OUT = (
    block(
        say("c1", "This is {c1_first}.", "{short}, {c1_first} speaking.", "Hello?"),
        say(
            "rep",
            "Hi {c1_first}, it's {rep_first} from {our}. Is now still a good time?",
            "Hey {c1_first}, {rep_first} at {our} here. Did I catch you at a bad moment?",
        ),
        say(
            "c1",
            "Hi {rep_first}, yes, I have about twenty minutes.",
            "No, it's fine, I was expecting your call.",
            "Good timing actually, I just got back to my desk.",
        ),
    ),
)

GREETING_CALL_IN = (
    block(
        say(
            "rep",
            "{our}, this is {rep_first}.",
            "Good morning, {our}, {rep_first} speaking.",
            "Hi, you've reached {rep_first} at {our}.",
        ),
        say(
            "c1",
            "Hi {rep_first}, this is {c1_first} from {company}. Do you have a minute?",
            "Hello, my name is {c1_first}, I work at {company}. I filled in the form on your site.",
            "Hi, it's {c1_first} at {short}, returning your call from yesterday.",
        ),
        say(
            "rep",
            "Of course, {c1_first}. Thanks for calling. What can I do for you?",
            "Sure, great to hear from you. How can I help?",
        ),
    ),
)

SMALL_TALK = (
    block(
        say(
            "rep",
            "How was your weekend, {c1_first}? Anything fun?",
            "Did you get away at all last week?",
        ),
        say(
            "c1",
            "Pretty quiet. My kid had a soccer tournament, so we spent two days on the sidelines.",
            "I tried to, but the weather in {city} did not cooperate at all.",
            "We went up to the lake for a couple of days, which was lovely.",
        ),
        say(
            "rep",
            "That sounds great. I need a trip like that myself.",
            "Ha, I know the feeling. Hopefully it clears up soon.",
        ),
    ),
    block(
        say(
            "c1",
            "How is the weather where you are? It's been grey here in {city} all week.",
            "Are you all back in the office these days or still mostly remote?",
        ),
        say(
            "rep",
            "Sunny for once, I can't complain.",
            "A mix. Most of the team comes in Tuesdays and Thursdays.",
        ),
        say("c1", "Lucky you.", "That's roughly what we do too."),
    ),
    block(
        say(
            "int",
            "Before we start, congratulations on the new contract, {c1_first}. I saw the news.",
            "I read that {short} opened a new location. Congratulations.",
        ),
        say(
            "c1",
            "Thank you! It's been a busy month, which is partly why we're talking.",
            "Thanks. It's exciting, but it also means everything is stretched right now.",
        ),
    ),
    block(
        say(
            "rep",
            "Is this busy season for you in {industry}?",
            "How are things at {short} these days, busy?",
        ),
        say(
            "c1",
            "It's always busy season, to be honest. But the next {weeks} weeks are the worst.",
            "Very. We hired {count} new {crews} this quarter and we're still onboarding them.",
        ),
    ),
)

AGENDA = (
    block(
        say(
            "rep",
            "So here's what I had in mind for today: a few questions about how you work, then "
            "I'll show you the parts of {product} that matter for you, and we keep ten minutes at "
            "the end for next steps. Does that work?",
            "Quick agenda: I'd like to understand where things stand, show you a couple of things, "
            "and agree on what happens next. Anything you want to add?",
        ),
        say(
            "c1",
            "That works. I'd also like to cover integrations if we have time.",
            "Sounds good. {c2_first} has a hard stop at the top of the hour, just so you know.",
            "Perfect, let's do it.",
        ),
    ),
    block(
        say(
            "rep",
            "We have about {minutes} minutes. Is there anything you absolutely need to get out "
            "of today?",
            "Before I dive in, what would make this hour worth your while?",
        ),
        say(
            "c1",
            "Mainly whether this can replace what we do with spreadsheets today.",
            "I need to be able to explain to my boss why this is different from {competitor}.",
            "Honestly, a sense of how long a rollout takes.",
        ),
        say(
            "rep", "Good, I'll make sure we get to that.", "Noted, we'll come back to it for sure."
        ),
    ),
)

RECAP = (
    block(
        say(
            "rep",
            "Last time you told us that {pain}. Is that still the main thing?",
            "Let me recap where we left off: the big issue was that {pain}, right?",
        ),
        say(
            "c1",
            "Yes, and if anything it got worse this month.",
            "That's still number one, yes.",
            "Yes. We talked about it internally and everyone agrees that's the priority.",
        ),
    ),
    block(
        say(
            "rep",
            "Did you get a chance to look at the summary I sent after our last call?",
            "Did the material I sent over make it around the team?",
        ),
        say(
            "c1",
            "I did, and I forwarded it to {c2_first}. We had a few questions.",
            "I skimmed it. Most of it made sense, a couple of points we should go over.",
        ),
        say(
            "c2",
            "Yes, mostly about how the data gets in from our current system.",
            "I read it too. My questions are mostly on the security side.",
        ),
    ),
)

CLOSING = (
    block(
        say(
            "rep",
            "Thanks everyone, this was really useful.",
            "Great, thanks all for your time today.",
            "Thank you, {c1_first}. I'll send the recap this afternoon.",
        ),
        say(
            "c1",
            "Thank you, {rep_first}. Talk soon.",
            "Thanks, good session. Bye for now.",
            "Likewise. Have a good rest of your {day}.",
        ),
    ),
    block(
        say("c1", "Anything else from your side?", "Are we missing anything?"),
        say(
            "rep",
            "No, I think we covered it. Enjoy your {day}.",
            "Nothing else, thank you. I'll be in touch.",
        ),
        say("c1", "You too. Bye.", "Great. Bye, everyone."),
    ),
)

BACKCHANNELS = (
    "Right.",
    "Got it.",
    "Makes sense.",
    "Okay.",
    "Mm-hm.",
    "Interesting.",
    "Sure.",
    "Yeah, exactly.",
    "Understood.",
    "Fair.",
    "Oh, really?",
    "Okay, go on.",
    "I see.",
    "That's helpful.",
    "Yep.",
    "Uh-huh.",
    "Totally.",
    "Good to know.",
    "Ah, okay.",
    "Right, right.",
)
