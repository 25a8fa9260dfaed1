"""English product demo: walkthrough steps and the questions customers ask during them."""

from __future__ import annotations

from meetsight.demo.phrasing import block, say

DEMO = (
    block(
        say(
            "int",
            "Let me share my screen. This is the dispatch board, the first thing a coordinator "
            "sees in the morning.",
            "I'll start where your coordinators would start at seven in the morning: the board.",
            "Here's the board for a made-up {industry} company with {count} people in the field.",
            "Okay, you should see the {module} view now. This is a demo account set up for "
            "{industry}.",
        ),
        say("c1", "Yes, we see it.", "Can you zoom in a little? The text is small on my side."),
        say(
            "int",
            "Every column is a {crew_one}, every card a job. If I drag this one to Thursday, the "
            "{crew_one} gets a notification on the phone right away.",
            "Sure. On the left are open jobs, on the right the people. Drag and drop, "
            "and the change "
            "is pushed to the field app.",
        ),
        say("c1", "And what if the {crew_one} is offline?", "Does it warn you about conflicts?"),
        say(
            "int",
            "The app keeps working offline and syncs when it has signal again.",
            "Yes, it flags double bookings and travel time that doesn't fit.",
        ),
        topic="Scheduling demo",
    ),
    block(
        say(
            "int",
            "Now the {module} module. Every van and every warehouse has its own stock, and "
            "parts used on a job are deducted automatically.",
            "Here's {module}. You can see stock per location, and what's reserved for tomorrow's "
            "jobs.",
        ),
        say(
            "c2",
            "So if a {crew_one} uses a part, it comes off the count immediately?",
            "Can we set minimum levels per location?",
        ),
        say(
            "int",
            "Immediately, and you can require a photo of the part for expensive items.",
            "Yes, and it suggests a transfer or a purchase order when you go below the minimum.",
        ),
        say("c2", "That alone would save us a lot of arguments.", "Okay, that's useful."),
        topic="Inventory demo",
    ),
    block(
        say(
            "int",
            "Let me show you what the {crews} see. This is the field app on a phone.",
            "Switching to the mobile view now. This is what someone in the field sees.",
        ),
        say(
            "int",
            "Today's jobs, directions, the checklist for each job, and a button to call the "
            "customer. Photos and signatures are attached to the job.",
            "Big buttons, very few screens. We designed it for people wearing gloves, honestly.",
        ),
        say("c1", "How long does it take to learn?", "Is it available in Spanish too?"),
        say(
            "int",
            "Most teams are comfortable after a thirty-minute session.",
            "Yes, Spanish, French and Portuguese, per user.",
        ),
        topic="Field app",
    ),
    block(
        say(
            "int",
            "And this is Analytics. Jobs per day, on-time rate, first-time fix, by team or by "
            "region.",
            "Here are the reports. Everything you saw is live, nobody types these numbers in.",
        ),
        say("c2", "Can I export this to Excel?", "Can we build our own reports?"),
        say(
            "int",
            "Yes, export to Excel or CSV, or schedule it by email every Monday.",
            "You can, with the report builder, and there's an API if you want it in your BI tool.",
        ),
        say(
            "c2", "Every Monday at seven would be perfect.", "We use Power BI, so the API matters."
        ),
        topic="Reporting",
    ),
    block(
        say(
            "c1",
            "How does it integrate with our accounting system?",
            "Does it connect to QuickBooks or do we need to export by hand?",
        ),
        say(
            "int",
            "There's a native integration with QuickBooks and Xero, and a REST API for anything "
            "else. Completed jobs become draft invoices.",
            "Through the Integrations hub. Completed jobs create draft invoices there, so nobody "
            "retypes anything.",
        ),
        say("c1", "And customers and prices sync both ways?", "How long does that take to set up?"),
        say(
            "int",
            "Customers both ways, prices from your accounting side.",
            "Usually a day, with someone from your finance team for an hour.",
        ),
        topic="Integrations",
    ),
    block(
        say(
            "c2",
            "What about single sign-on? IT will ask.",
            "Do you support SSO with Microsoft Entra?",
        ),
        say(
            "int",
            "Yes, SSO with SAML or OpenID Connect, including Entra and Okta, on Business and "
            "Enterprise.",
            "We do, and we can enforce it for everyone in the company, plus user provisioning.",
        ),
        say("c2", "And where is the data hosted?", "Do you have a SOC 2 report?"),
        say(
            "int",
            "In the US by default, with an EU region available.",
            "SOC 2 Type II, renewed every year. I'll send it under NDA.",
        ),
        topic="Security and SSO",
    ),
    block(
        say(
            "rep",
            "Does this look like it would fit the way your {crews} work?",
            "How does this compare with what you imagined?",
            "What's your first reaction, {c1_first}?",
        ),
        say(
            "c1",
            "Honestly, it's simpler than I expected. Which is good.",
            "It's close. The scheduling part is exactly what we need. "
            "I'm less sure about inventory.",
            "I like it. I'm trying to imagine {c2_first}'s team using it, and I think they would.",
        ),
        topic="Demo feedback",
    ),
    block(
        say(
            "c1",
            "Can you show me what happens when a customer cancels last minute?",
            "What does it look like when a job runs over?",
        ),
        say(
            "int",
            "Sure. I cancel this job, and the board suggests who can take the free slot based "
            "on location and skills.",
            "The {crew_one} marks it as running late, the next customer gets a message, and the "
            "board shows the knock-on effect.",
        ),
        say("c1", "Oh, that's nice.", "Can the customer message be customized?"),
        say(
            "int",
            "And the coordinator can accept the suggestion with one click.",
            "Yes, with your logo and your wording.",
        ),
        topic="Scheduling demo",
    ),
    block(
        say(
            "c2",
            "How do permissions work? I don't want every {crew_one} seeing prices.",
            "Can we restrict what each role sees?",
        ),
        say(
            "int",
            "Roles are configurable. Field users don't see prices or margins unless you allow it.",
            "There are four default roles, and you can create your own.",
        ),
        say(
            "c2",
            "Good, that's what I wanted to hear.",
            "Okay, that covers my concern.",
            "Perfect, our auditors will like that.",
            "Good. Can we see the role list later?",
        ),
        topic="Permissions",
    ),
    block(
        say(
            "c1",
            "What kind of support do we get after we go live?",
            "If something breaks on a Saturday, who do we call?",
        ),
        say(
            "rep",
            "Every customer has a success manager, and support is by chat and phone. "
            "Enterprise includes weekend support.",
            "Support is in the app and by phone, and for the first ninety days you have a "
            "dedicated onboarding lead.",
        ),
        say(
            "c1",
            "Weekend support matters for us.",
            "Good, that was a weak point with our last vendor.",
        ),
        topic="Support",
    ),
)
