"""English discovery: questions about the customer's work, their answers and longer stories."""

from __future__ import annotations

from meetsight.demo.phrasing import block, say

DISCOVERY = (
    block(
        say(
            "rep",
            "Can you walk me through how a normal day starts for your {crews}?",
            "What does a typical morning look like for the {crews}, "
            "from the first job to the last?",
        ),
        say(
            "c1",
            "Sure. Everyone gets their list the night before, in theory. In practice the list "
            "changes three or four times before nine.",
            "It starts at six with a group chat. That's the honest answer. Someone posts the plan "
            "and then the questions start.",
        ),
        say("rep", "And who updates the plan when it changes?", "Who owns those changes?"),
        say(
            "c1",
            "Mostly me, or whoever picks up the phone first.",
            "Our coordinators, but they're also answering customers at the same time.",
        ),
        topic="Current process",
    ),
    block(
        say(
            "rep",
            "What is the biggest headache in your week right now?",
            "If you could fix one thing tomorrow, what would it be?",
            "Where does the team lose the most time?",
        ),
        say(
            "c1",
            "Honestly? {pain}. It eats hours every week.",
            "The fact that {pain}. Everything else we can live with.",
            "I'd say {pain}, and everybody here would give you the same answer.",
        ),
        say("rep", "How long has that been going on?", "What does that cost you, roughly?"),
        say(
            "c1",
            "Since we grew past {count} {crews}, so about two years.",
            "I'd guess {hours} hours a week across the team, and that's before the mistakes.",
        ),
        topic="Pain points",
    ),
    block(
        say(
            "rep",
            "Tell me about the last time that went really wrong.",
            "Do you have a recent example where that hurt?",
        ),
        say(
            "c1",
            "Oh, I have a good one. Two weeks ago we had a big customer in {city}, one of our "
            "oldest accounts.",
            "Sure. Last month is a perfect example.",
        ),
        say(
            "c1",
            "The plan said one thing, the {crews} had another version on their phones, and the "
            "office had a third. Nobody noticed until the customer called us.",
            "We had three people working off three different lists. By the time we realized, the "
            "day was half gone and the customer was furious.",
        ),
        say(
            "c1",
            "We ended up sending a second crew and eating the cost. And that's the thing, "
            "{pain}, and it happens more than I'd like to admit.",
            "My boss asked me how it happened and I couldn't really answer, because {pain} and "
            "nobody has the full picture.",
        ),
        say(
            "c1",
            "So when I saw your webinar I thought, okay, at least let's talk.",
            "That was the moment we decided to look at tools seriously.",
        ),
        say(
            "rep",
            "That's painful. Thanks for being so open about it.",
            "That's exactly the kind of situation we see a lot.",
        ),
        topic="Pain points",
    ),
    block(
        say(
            "rep",
            "What tools are you using today for scheduling and inventory?",
            "What's in your stack today?",
        ),
        say(
            "c1",
            "A mix. Spreadsheets, our accounting system, and a very old dispatch tool.",
            "We looked at {competitor} last year but didn't go ahead. Today it's mostly "
            "spreadsheets and email.",
        ),
        say(
            "c2",
            "And QuickBooks for invoicing. That's the one thing that has to keep working.",
            "Plus a homegrown database someone built in 2015 that only I understand.",
        ),
        say(
            "rep",
            "Good to know. Is anything about that set-up working well that we shouldn't break?",
            "Understood. What would you want to keep as it is?",
        ),
        say(
            "c1",
            "The invoicing flow works, I'd keep that.",
            "People like the group chat, as much as I hate it.",
        ),
        topic="Current tools",
    ),
    block(
        say(
            "rep",
            "How many {crews} do you have in total, and how many people in the office?",
            "Roughly how many users would we be talking about?",
        ),
        say(
            "c1",
            "About {seats} in the field and maybe {count} in the office.",
            "Around {seats}, give or take, and we expect to grow this year.",
        ),
        say("rep", "And are they all on smartphones?", "Are they spread across several locations?"),
        say(
            "c1",
            "Yes, company phones, mostly Android.",
            "Three locations, with {city} being the biggest.",
        ),
        topic="Team size",
    ),
    block(
        say(
            "rep",
            "Who else is involved in a decision like this?",
            "How do decisions like this usually get made at {short}?",
        ),
        say(
            "c1",
            "I'd make the recommendation, {c2_first} signs off on anything over the budget line, "
            "and IT does a security review.",
            "It goes through procurement if it's over a certain amount, and legal reviews the "
            "contract.",
        ),
        say(
            "rep",
            "How long does the security review usually take?",
            "Have you bought software this way recently?",
        ),
        say(
            "c2",
            "Two or three weeks if the paperwork is ready.",
            "Yes, last spring. It took longer than it should have, mostly waiting on legal.",
        ),
        topic="Decision process",
    ),
    block(
        say(
            "rep",
            "Is there a budget set aside for this, or would it come out of something else?",
            "Have you thought about budget for a project like this?",
        ),
        say(
            "c1",
            "There is a line for operations tools this year. I'd rather not say the number yet.",
            "Not formally. If the case is good, the CFO will find the money, "
            "that's how it works here.",
        ),
        say(
            "rep",
            "That's fair. Roughly which quarter would you want to have it in place?",
            "Understood. Is there a deadline driving this?",
        ),
        say(
            "c1",
            "Ideally before {quarter}. That's when our busy season starts.",
            "Before the new fiscal year, so realistically the end of the quarter.",
        ),
        topic="Budget and timeline",
        budget=True,
    ),
    block(
        say(
            "c2",
            "Can I add something? From the finance side, the problem is that {pain2}.",
            "If I can jump in, what bothers me is that {pain2}.",
        ),
        say(
            "c2",
            "We close the month, and then we discover things that happened three weeks ago. I "
            "spend a lot of my time chasing people for numbers that should already be in a system.",
            "I end up asking the same three people for the same information every week, and they "
            "are tired of me. I'd like to stop doing that.",
        ),
        say(
            "rep",
            "That's really helpful, {c2_first}. What would good look like for you?",
            "Thanks, {c2_first}. If that were fixed, what would you do with the time?",
        ),
        say(
            "c2",
            "Seeing this week's numbers on Monday morning without asking anybody.",
            "Actually analyze things instead of collecting them.",
        ),
        topic="Pain points",
    ),
    block(
        say(
            "rep",
            "What happens if you don't change anything this year?",
            "What if you just keep going as you are?",
        ),
        say(
            "c1",
            "We'd survive, but we can't add more {crews} without adding more coordinators.",
            "Then we'll hire two more people to do work a system should do.",
        ),
        say(
            "rep",
            "And how does leadership see that?",
            "Is that a conversation at leadership level?",
        ),
        say(
            "c1",
            "They are the ones asking for growth without more overhead, so yes.",
            "It came up at the last board meeting, actually.",
        ),
        topic="Business impact",
    ),
    block(
        say(
            "rep",
            "How do you measure success for the {crews} today?",
            "Which numbers do you look at every week?",
        ),
        say(
            "c1",
            "Jobs completed per day, first-time fix rate and customer complaints.",
            "On-time arrival and how many jobs we have to redo.",
        ),
        say("rep", "Do you trust those numbers?", "Where do those numbers come from?"),
        say(
            "c1",
            "Not really, because they're typed in by hand at the end of the day.",
            "From a spreadsheet {c2_first} updates on Fridays. So, partly.",
        ),
        topic="Metrics",
    ),
    block(
        say(
            "c1",
            "Can I tell you what happened when we tried to fix this ourselves?",
            "Let me give you some background first, because it explains a lot.",
        ),
        say(
            "c1",
            "About a year ago we bought a cheap app for the {crews}. It looked great in the "
            "demo. Then nobody used it after the first month.",
            "We built our own tracker in a spreadsheet with macros. It worked while the person "
            "who built it was here.",
        ),
        say(
            "c1",
            "The problem was that it didn't talk to anything else, so people had to enter "
            "everything twice. They just stopped.",
            "When she left, nobody knew how to change it, and now we're scared to touch it.",
        ),
        say(
            "c1",
            "So whatever we pick now has to be simple for the field and connect to what we "
            "already have. Otherwise it's the same story again.",
            "That's why I'm cautious. I don't want to buy another tool that dies in three months.",
        ),
        say(
            "rep",
            "That makes complete sense. Adoption is the first thing I'd want to plan with you.",
            "Thanks for sharing that. It changes what I want to show you today.",
        ),
        topic="Past attempts",
    ),
    block(
        say(
            "rep",
            "How do customers reach you when something goes wrong?",
            "What does your customer see today when a visit is late?",
        ),
        say(
            "c1",
            "They call the main number and someone puts them on hold while we find out.",
            "Nothing, unless they call us. And they do call.",
        ),
        say(
            "int",
            "Would it help if they got an automatic update with the arrival time?",
            "Do customers ever ask for a live arrival time?",
        ),
        say(
            "c1", "That would cut half of our calls.", "All the time. Our bigger clients expect it."
        ),
        topic="Customer experience",
    ),
)
