#!/usr/bin/env python3
"""Write the labels of d39-d42 (issue 16, steps4: two internal retrospectives that end without
a next step, full of look-alikes, and two inbound billing-support calls with a supervisor who
joins mid-call, one ASR-style). Same helpers and key order as tools/new_labels.py. Run from
this folder's parent: python3 tools/new_labels_s4.py"""

from __future__ import annotations

from new_labels import fact, q, step, write_labels

CONVERSATIONS = [
    dict(
        id="d39_sprint_retro",
        kind="meeting",
        language="en",
        name="Mobile checkout sprint 23 retro",
        startDateTime="2026-04-16T14:00:00Z",
        internal=["Henrike Vasquez", "Obinna Lindqvist", "Perpetua Hallam", "Dashiell Moreau"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("Apple Pay shipped two days early", ["apple pay"], ["early", "fourteenth"]),
            fact("crash-free sessions 99.6%", ["ninety-nine point six", "99.6"]),
            fact("flaky payment test failed eleven times", ["flaky", "payment test"]),
            fact("four fixes merged after the freeze", ["freeze"], ["four", "4"]),
        ],
        chat=[
            q("What did the team ship this sprint?", "apple pay"),
            q("How many tickets did Dashiell close?", "thirty-one", "31"),
            q("Why did the banner copy come in late?", "owned", "marketing", "three times"),
            q("Who fixed the flaky test?", "ravi"),
            q("How much would a device lab cost?"),
        ],
        notes="Internal sprint retro on Thursday 2026-04-16, 'No action items today'. Traps: "
        "'We should have held the freeze', 'In hindsight I should have waited' (counterfactual), "
        "'Next time we'll ask for final copy before the freeze' (a lesson, written on the board "
        "as one), 'Going forward I'd like us to treat a red test like a stopped line' "
        "(principle), 'Would it help to have a rota? / Maybe, but not today' (declined idea), "
        "'I wish we had a device lab', 'If we had the budget, I'd buy six devices tomorrow' "
        "(hypothetical), past actions ('I already sent the specs', 'I already filed it', 'I "
        "muted it on Wednesday'), done in the meeting ('Done', 'I've just posted the board "
        "photo'). No next steps.",
    ),
    dict(
        id="d40_campaign_postmortem",
        kind="meeting",
        language="en",
        name="Spring trade-show campaign post-mortem",
        startDateTime="2026-06-03T15:30:00Z",
        internal=[
            "Solveig Abernathy",
            "Marcus Ferreira-Ng",
            "Yolanda Brightwater",
            "Kenji Abernethy-Sato",
        ],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("412 booth scans against 600", ["four hundred and twelve", "412"]),
            fact("cost per lead 180 vs 110 planned", ["one hundred and eighty", "180"]),
            fact("booth in hall C after booking late", ["hall c"], ["late", "february"]),
            fact("scanner app down on day one", ["scanner", "crashed"]),
        ],
        chat=[
            q("How many booth scans did they get?", "four hundred and twelve", "412"),
            q("Why was the booth far from the entrance?", "booked late", "february"),
            q("What went well?", "follow-up", "demo kitchen", "dealer", "open rate"),
            q("How many leads were written on paper?", "sixty-three", "63"),
            q("How much did the tote bags cost?"),
        ],
        notes="Blameless campaign post-mortem on Wednesday 2026-06-03, 'findings only, no task "
        "list'. Traps: 'We should have booked in November', 'coffee would have been the better "
        "choice. I'd go with coffee if we did it again' (counterfactual), 'Next year I'd like us "
        "to send the booth staff schedule a month ahead. Just as a general principle' (and 'We're "
        "not assigning it today'), 'we could also bring a hotspot. That's an idea, not a "
        "promise', 'I'd test the app on the show floor Wi-Fi' (what one would do differently), "
        "past actions ('I already sent the thank-you sequence', 'I typed all sixty-three of "
        "them in', 'Sales sent those out last week', 'I sent it to them on Friday'), done in the "
        "meeting ('I'm writing that one as a root cause', 'I've saved the notes'). No next "
        "steps.",
    ),
    dict(
        id="d41_billing_duplicate_call",
        kind="call",
        direction="inbound",
        language="en",
        name="Larkspur Broadband billing - duplicate charge",
        startDateTime="2026-05-13T17:20:00Z",
        internal=["Tobias Renner", "Marisol Quintero-Baines"],
        expect_no_next_steps=False,
        next_steps=[
            step(
                "Tobias Renner",
                ["case number", "confirmation", "appointment"],
                "2026-05-13",
                "I'll send you the case number and the appointment confirmation by email as "
                "soon as we hang up.",
            ),
            step(
                "Tobias Renner",
                ["refund", "eighty-nine", "back on your card"],
                "2026-05-20",
                "The eighty-nine dollars will be back on your card within five business days.",
                due_alternatives=["2026-05-18"],
            ),
            step(
                "Gwendolyn Saltonstall",
                ["statement", "bank statement"],
                "2026-05-13",
                "Yes, I'll email you the bank statement tonight.",
            ),
            step(
                "Gwendolyn Saltonstall",
                ["pending", "bank", "posted"],
                "2026-05-14",
                "I'll also check with my bank tomorrow whether the second charge is still "
                "pending or already posted.",
            ),
            step(
                "Marisol Quintero-Baines",
                ["call you back", "friday", "call"],
                "2026-05-15",
                "Because I'll call you back on Friday to confirm both the refund and the "
                "reimbursement.",
            ),
            step(
                "Emeka",
                ["technician", "repair", "tuesday"],
                "2026-05-19",
                "Our technician, Emeka, will come Tuesday the nineteenth, between eight and noon.",
            ),
            step(
                "Marisol Quintero-Baines",
                ["thirty-five", "reimburse", "approve"],
                "2026-05-15",
                "Once I have it, I'll approve the thirty-five dollars myself.",
                optional=True,
            ),
            step(
                "Marisol Quintero-Baines",
                ["loyalty", "seventy-two"],
                None,
                "If the technician finds a problem with the line, I can move you to the loyalty "
                "rate of seventy-two dollars.",
                optional=True,
            ),
        ],
        competitors=[["Veloxa Fiber", "Veloxa"]],
        objections=[
            {
                "label": "charged twice; rent bounced",
                "keywords": ["charged me twice", "twice", "duplicate", "bounced"],
            },
            {"label": "long hold time", "keywords": ["hold", "thirty-five minutes"]},
            {
                "label": "repeated billing mistakes, late fee despite autopay",
                "keywords": ["billing mistake", "late fee", "nobody checks"],
            },
            {
                "label": "price too high for the service",
                "keywords": ["eighty-nine dollars for internet", "price", "sixty-five"],
            },
            {
                "label": "connection drops every evening",
                "keywords": ["drops", "freeze", "evening"],
            },
            {"label": "threat to switch to Veloxa", "keywords": ["switching", "veloxa"]},
        ],
        key_facts=[
            fact("duplicate charge of 89 dollars", ["eighty-nine", "89"], ["twice", "duplicate"]),
            fact("landlord returned-payment fee 35", ["thirty-five", "35"], ["landlord"]),
            fact("February 10 dollar late fee removed", ["late fee"], ["ten", "10"]),
            fact("Veloxa offers 65 dollars", ["veloxa"], ["sixty-five", "65"]),
            fact("technician Tuesday the 19th", ["technician"], ["tuesday", "nineteenth", "19"]),
        ],
        chat=[
            q("How much was the duplicate charge?", "eighty-nine", "89"),
            q("When will the technician come?", "tuesday", "nineteenth", "19"),
            q("What is the case number?"),
        ],
        notes="Inbound billing call on Wednesday 2026-05-13. 'within five business days' = "
        "Wed 05-20 (five calendar days, 05-18, accepted); 'tonight' / 'as soon as we hang up' = "
        "05-13; 'tomorrow' = 05-14; 'Friday' = 05-15; 'Tuesday the nineteenth' = 05-19. The "
        "supervisor joins mid-call and owns the callback. The technician visit is delegated to a "
        "named third party (Emeka). Optional: the $35 approval (conditional on the statement; "
        "Friday's call confirms it) and the loyalty rate (conditional on the repair visit, 'I "
        "can't promise it'). Done in the call: the refund filed ('Okay, it's filed'), the $10 "
        "late fee removed ('I've just removed'), expiry reminders ('Done'), the repair ticket "
        "opened. Traps: 'Can you send us the statement?' (accepted: the customer's step), 'I "
        "won't put you back in the queue', 'We should have told you', 'We should have caught "
        "the duplicate' (counterfactual), 'If it's still pending, maybe it just drops off'. The "
        "recap repeats the steps. Competitor: Veloxa Fiber (threat to switch).",
    ),
    dict(
        id="d42_asr_wrong_plan_call",
        kind="call",
        direction="inbound",
        language="en",
        name="Kestrel Mobile billing - wrong plan and late fee",
        startDateTime="2026-08-18T23:10:00Z",
        internal=["Shauna Kowalczyk", "Howard Pennington"],
        expect_no_next_steps=False,
        next_steps=[
            step(
                "Shauna Kowalczyk",
                ["case summary", "summary", "email"],
                "2026-08-18",
                "i'll email you the case summary with the new plan and the refund amount right "
                "after this call",
            ),
            step(
                "Howard Pennington",
                ["card on file", "three hundred", "300", "money back"],
                "2026-08-25",
                "it'll go back to the card on file within five business days",
                due_alternatives=["2026-08-23", "2026-08-24"],
            ),
            step(
                "Howard Pennington",
                ["call you back", "friday", "call"],
                "2026-08-21",
                "i'll call you back on friday myself to make sure the refund went out",
            ),
            step(
                "Dwayne Okafor",
                ["statement"],
                "2026-08-18",
                "i'll send you the statement tonight",
            ),
            step(
                "Howard Pennington",
                ["autopay discount", "discount"],
                None,
                "i can probably put it back for the next bill",
                optional=True,
            ),
            step(
                "Dwayne Okafor",
                ["wife", "four lines", "tablet"],
                "2026-08-18",
                "i'll talk to my wife tonight about whether we keep all four lines",
                optional=True,
            ),
        ],
        competitors=[["crescent wireless", "crescent"]],
        objections=[
            {
                "label": "bill wrong three months in a row (plan change never made)",
                "keywords": ["third month", "wrong", "premium", "never got submitted"],
            },
            {
                "label": "late fee for the provider's own mistake",
                "keywords": ["late fee", "penalty"],
            },
            {
                "label": "threat to switch to Crescent Wireless",
                "keywords": ["crescent", "hundred and twenty"],
            },
            {"label": "refund takes five business days", "keywords": ["why not today"]},
            {
                "label": "distrust: last time 'done' was not done",
                "keywords": ["last time", "how do i know"],
            },
            {"label": "took three months to fix", "keywords": ["annoyed", "three months"]},
        ],
        key_facts=[
            fact("four lines on the family account", ["four lines", "four"]),
            fact("billed premium 65 instead of basic 40", ["sixty five", "65"], ["forty", "40"]),
            fact("300 dollar refund", ["three hundred", "300"]),
            fact("15 dollar late fee removed", ["fifteen", "15"], ["late fee"]),
            fact("crescent wireless: four lines for 120", ["crescent"]),
        ],
        chat=[
            q("How many lines are on the account?", "four", "4"),
            q("How much is the refund?", "three hundred", "300"),
            q("What is the phone number on the account?"),
        ],
        notes="ASR-style inbound billing call on Tuesday 2026-08-18 (evening). 'within five "
        "business days' = Tue 08-25 (calendar +5, 08-23, and 08-24 accepted); 'tonight' / "
        "'right after this call' = 08-18; 'friday' = 08-21. The supervisor joins mid-call and "
        "owns the refund and the callback. Optional: 'i can probably put it back' (hedged, "
        "conditional on the statement), 'i'll talk to my wife tonight about whether we keep "
        "all four lines' (a private decision). Done in the call: the late fee removed ('okay "
        "it's gone'), the plan changed ('that's submitted and it's effective today'), the "
        "roaming charge checked. Traps: 'if you want to change that just call us' "
        "(conditional), 'crescent was gonna be my next call today', 'we should have fixed it in "
        "may' (counterfactual), 'the guy said done' (past). Questions counted by intent in "
        "tools/asr (marked with ?). Competitor: crescent wireless (threat to switch).",
    ),
]


if __name__ == "__main__":
    write_labels(CONVERSATIONS)
