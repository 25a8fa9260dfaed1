#!/usr/bin/env python3
"""Write the labels of d43-d45 (objection precision, written blind: a startup's quarterly board
meeting where the board's concerns are the objections and the presenters' own figures and
admissions are not, a discovery call full of today's pains with only three real objections,
and an internal deal review that reports the customer's objections second-hand). Same helpers
and key order as tools/new_labels.py. Run from this folder's parent:
python3 tools/new_labels_s5.py"""

from __future__ import annotations

from new_labels import fact, q, step, write_labels

NEXT_WEEK_0727 = ["2026-07-27", "2026-07-28", "2026-07-29", "2026-07-30", "2026-07-31"]

CONVERSATIONS = [
    dict(
        id="d43_board_meeting_q2",
        kind="meeting",
        language="en",
        name="Tallowmere Q2 2026 board meeting",
        startDateTime="2026-07-23T16:00:00Z",
        internal=["Thaddeus Wolcott", "Cressida Ravensworth"],
        expect_no_next_steps=False,
        next_steps=[
            step(
                "Cressida Ravensworth",
                ["written plan", "burn multiple", "plan"],
                "2026-08-07",
                "I'll send the board a written plan by Friday the seventh of August",
            ),
            step(
                "Cressida Ravensworth",
                ["invite", "special board meeting"],
                "2026-07-23",
                "Sure, I'll send the invite today.",
            ),
            step(
                "Thaddeus Wolcott",
                ["vote", "special board meeting"],
                "2026-08-13",
                "Then we'll hold the vote on the hiring plan and the CRO offer at a special "
                "board meeting on Thursday the thirteenth of August.",
            ),
            step(
                "Thaddeus Wolcott",
                ["greer", "call"],
                None,
                "Yes, I'll set up a call between you and Greer next week.",
                due_alternatives=NEXT_WEEK_0727,
            ),
            step(
                "Ignatius Fairbairn",
                ["introduce", "cros", "intro"],
                "2026-07-27",
                "I'll introduce you to both of them by Monday.",
            ),
            step(
                "Beatrix Okorafor",
                ["brackenfield", "intro", "cfo"],
                "2026-07-24",
                "And I'll make the intro to the CFO at Brackenfield Dairy this week.",
                due_alternatives=["2026-07-26"],
            ),
            step(
                "Percival Nakagawa",
                ["benchmarks", "portfolio"],
                "2026-07-31",
                "I'll send Cressida our portfolio benchmarks on burn multiple by stage.",
            ),
            step(
                "Thaddeus Wolcott",
                ["harrowgate", "three-year renewal", "renewal"],
                "2026-09-30",
                "I'm going to try to get Harrowgate to sign a three-year renewal before the end "
                "of September. I might get it, but no promises.",
                optional=True,
            ),
        ],
        competitors=[["Paycadia"], ["Clerkwell"]],
        objections=[
            {
                "label": "Burn multiple of 2.2 too high (wants under 1.5), not for the next round",
                "keywords": ["burn multiple", "two point two", "2.2", "one and a half"],
            },
            {
                "label": "Customer concentration: Harrowgate is 14% of ARR, renewal in February",
                "keywords": ["concentration", "fourteen percent", "14%", "harrowgate"],
            },
            {
                "label": "31% win rate against Paycadia: bundling, a race to the bottom on price",
                "keywords": ["race to the bottom", "thirty-one percent", "31%", "paycadia"],
            },
            {
                "label": "Enterprise motion stalled for two quarters (three deals in procurement)",
                "keywords": ["stalled", "enterprise motion", "wish list", "two quarters"],
            },
            {
                "label": "CRO hire: package above the band, hired to fix an unproven motion",
                "keywords": ["cro", "chief revenue officer", "above our band", "package"],
            },
            {
                "label": "Hiring plan to 72 people does not add up with the burn",
                "keywords": ["seventy-two", "72", "fourteen new hires", "headcount"],
            },
        ],
        key_facts=[
            fact("ARR 9.4M at the end of Q2, from 8.1M", ["nine point four", "9.4"]),
            fact(
                "1.3M net new ARR against a 1.5M plan",
                ["one point three", "1.3"],
                ["one point five", "1.5"],
            ),
            fact(
                "net burn 2.9M, burn multiple about 2.2",
                ["burn multiple"],
                ["two point two", "2.2"],
            ),
            fact(
                "21.6M in the bank, about 22 months of runway",
                ["twenty-two months", "22 months", "twenty two months"],
            ),
            fact(
                "Harrowgate Foods is 14% of ARR",
                ["harrowgate"],
                ["fourteen percent", "14%", "14 percent"],
            ),
            fact(
                "win rate 31% against Paycadia (58% against Clerkwell)",
                ["paycadia"],
                ["thirty-one", "31"],
            ),
        ],
        chat=[
            q("What was ARR at the end of the quarter?", "nine point four", "9.4"),
            q("When will the board vote on the hiring plan?", "thirteenth", "13"),
            q("How much is Greer Holloway asking for?"),
        ],
        notes="Quarterly board meeting over video on Thursday 2026-07-23 (Q2 closed June 30) of "
        "Tallowmere, an accounts-payable automation startup of 58 people. Internal: the CEO "
        "(Thaddeus) and the CFO (Cressida); the three board members are not. 'today' = 07-23; "
        "'by Monday' = 07-27; 'this week' = Fri 07-24 (Sunday 07-26 accepted); 'End of next "
        "week at the latest' = Fri 07-31; 'by Friday the seventh of August' = 08-07; 'Thursday "
        "the thirteenth of August' = 08-13; 'next week' = 07-27..07-31 (vague). Request "
        "accepted: 'Cressida, can you send the invite? / Sure, I'll send the invite today' "
        "(Cressida); 'Can you set that up? / Yes, I'll set up a call between you and Greer next "
        "week' (Thaddeus). The invite and the vote are two steps. Folded into the written plan: "
        "'Can you also show what runway looks like if we freeze hiring ...? / Yes, I'll include "
        "that scenario' and 'Put the burn multiple on the first page ... / Will do'. Optional: "
        "the Harrowgate three-year renewal ('I'm going to try ... I might get it, but no "
        "promises'; end of September = 09-30). Traps: 'We sent the board deck on Monday' "
        "(past), 'If we froze hiring today, runway would go to about twenty-eight months' and "
        "'if none of them closes by the end of the year, I'd want us to stop' (hypothetical), "
        "'We should probably look at refreshing the option pool at some point too, but not "
        "today' (vague, declined), 'I've just dropped the link ... in the chat' (done in the "
        "meeting); the recap adds no steps. Objections are the board members' concerns only "
        "(Percival: burn multiple, stalled enterprise motion; Beatrix: Harrowgate "
        "concentration, the CRO package and timing; Ignatius: the Paycadia win rate and price "
        "race, the hiring plan against the burn). NOT objections: the presenters' own figures "
        "and admissions ('we missed by about two hundred thousand', 'above the plan of two "
        "point four ... I'll own that one', 'Enterprise is the part I'm least happy with', 'I "
        "agree it's high'), the CEO's answers (accuracy, SOC 2 report in September) and the "
        "board's praise ('Good quarter on retention'). Competitors: Paycadia (won a churned "
        "logo, 31% win rate), Clerkwell (58% win rate; Brackenfield is unhappy with it). Not "
        "competitors: Harrowgate Foods (customer), Brackenfield Dairy (an intro), SOC 2.",
    ),
    dict(
        id="d44_homecare_pains_discovery",
        kind="meeting",
        language="en",
        name="Bramblewick Home Care / Carewright discovery",
        startDateTime="2026-09-02T15:00:00Z",
        internal=["Ezekiel Brannigan"],
        expect_no_next_steps=False,
        next_steps=[
            step(
                "Ezekiel Brannigan",
                ["wagemark connector", "roadmap", "connector"],
                "2026-09-08",
                "I'll ask our product team whether a Wagemark connector is on the roadmap and "
                "get back to you by Tuesday.",
            ),
            step(
                "Ezekiel Brannigan",
                ["pricing options", "pricing", "budget"],
                "2026-09-04",
                "I'll send you two pricing options that fit closer to your budget by Friday, "
                "with the implementation fee spread out.",
            ),
            step(
                "Ezekiel Brannigan",
                ["invite"],
                "2026-09-02",
                "and I'll send the invite today",
            ),
            step(
                "Ezekiel Brannigan",
                ["demo", "overtime warnings", "offline"],
                "2026-09-10",
                "I'll run a demo for you on Thursday the tenth at ten",
            ),
            step(
                "Henrietta Mwangi",
                ["notice clause", "visitloop contract", "contract"],
                "2026-09-03",
                "I'll dig out the VisitLoop contract and send you the notice clause tomorrow.",
            ),
            step(
                "Cosimo Albanese",
                ["sample", "export", "payroll"],
                "2026-09-02",
                "Sure, I'll send it this afternoon.",
            ),
            step(
                "Odalys",
                ["saturday shift", "shift cover", "write up"],
                "2026-09-10",
                "I'll have Odalys, our lead coordinator, write up how the Saturday shift cover "
                "works before the demo",
                due_alternatives=["2026-09-09"],
            ),
            step(
                "Ezekiel Brannigan",
                ["first months free", "free"],
                None,
                "I might be able to get you the first months free until the VisitLoop contract "
                "ends, but I'd need to check with my director, so no promises.",
                optional=True,
            ),
        ],
        competitors=[["VisitLoop", "Visit Loop"], ["Homebeat"]],
        objections=[
            {
                "label": "Price above budget: about 2,400 a month plus a 9,000 implementation "
                "fee against 20,000 a year",
                "keywords": ["budget", "twenty thousand", "set aside", "implementation fee"],
            },
            {
                "label": "No Wagemark connector: a file upload is another manual step",
                "keywords": ["wagemark", "connector", "file upload", "import"],
            },
            {
                "label": "VisitLoop contract runs to March 31 and renews automatically; cannot "
                "pay for two systems",
                "keywords": ["two systems", "contract", "march", "renews automatically"],
            },
        ],
        key_facts=[
            fact("about 340 caregivers, 2,900 visits a week", ["three hundred and forty", "340"]),
            fact(
                "payroll keyed into Wagemark by hand, about 30 hours per payroll",
                ["wagemark"],
                ["thirty hours", "30 hours", "by hand", "manual"],
            ),
            fact(
                "18,000 dollars of back overtime paid after a complaint",
                ["eighteen thousand", "18,000", "18000", "$18k", "18k"],
            ),
            fact(
                "about 6% of Medicaid claims denied",
                ["six percent", "6%", "6 percent"],
                ["denied", "denial", "claims"],
            ),
            fact("VisitLoop contract until March 31", ["visitloop"], ["march"]),
            fact(
                "7 dollars per caregiver per month against a 20,000 budget",
                ["seven dollars", "$7", "7 dollars"],
                ["twenty thousand", "20,000", "$20k", "20k", "20000"],
            ),
        ],
        chat=[
            q("How many caregivers does Bramblewick have?", "three hundred and forty", "340"),
            q(
                "Why do so many visits need correcting?",
                "logs them out",
                "gps",
                "unverified",
                "app",
            ),
            q("How much does Bramblewick pay VisitLoop today?"),
        ],
        notes="Discovery meeting on Wednesday 2026-09-02 with a home-care agency; the seller "
        "(Ezekiel, Carewright) mostly listens. 'today' / 'this afternoon' = 09-02; 'tomorrow' = "
        "09-03; 'by Friday' = 09-04; 'by Tuesday' = 09-08; 'Thursday the tenth' = 09-10; "
        "'before the demo' = 09-10 (the day before accepted). One sentence carries the demo "
        "and its invite: two steps, each quoting its half. Request accepted: 'Cosimo, could you "
        "send me a sample of last payroll's export ...? / Sure, I'll send it this afternoon' "
        "(Cosimo). Delegated third party: 'I'll have Odalys, our lead coordinator, write up "
        "...' (Odalys). Optional: the free months until the VisitLoop contract ends ('I might "
        "... I'd need to check with my director, so no promises'). Only three objections, the "
        "reasons not to buy: price above the 20,000 budget, no Wagemark connector, the VisitLoop "
        "contract (to March 31, auto-renewal, two systems). NOT objections, although said at "
        "length and in complaint words: today's pains (the VisitLoop app logging caregivers out "
        "and failing the GPS check, 15% of visits fixed by hand every morning, paper "
        "timesheets texted as photos, 30 hours of manual payroll every other Sunday, overtime "
        "not added across clients and 18,000 dollars of back pay, nine caregivers lost in "
        "August, 6% of claims denied, coordinators on Saturdays and one burnt out, the "
        "authorizations spreadsheet crashing), a question answered to their satisfaction ('Does "
        "the app work on older phones? / Yes ... / Good, that would help'), the past ('the "
        "owner wasn't ready to change then'), 'I'd like my Sundays back'. Competitors: "
        "VisitLoop (incumbent), Homebeat (demoed last year). Not competitors: Wagemark (their "
        "payroll), Medicaid and the state's verification system, Android.",
    ),
    dict(
        id="d45_internal_deal_review",
        kind="meeting",
        language="en",
        name="St Aldwyn Health deal review (internal)",
        startDateTime="2026-11-12T10:00:00Z",
        internal=["Hedda Verhaegen", "Rafferty Quinlan", "Zuleika Obradović"],
        expect_no_next_steps=False,
        next_steps=[
            step(
                "Rafferty Quinlan",
                ["nda", "pen test", "penetration test"],
                "2026-11-12",
                "I'll send their CISO our NDA today, and the pen test summary as soon as it's "
                "signed.",
            ),
            step(
                "Rafferty Quinlan",
                ["tco", "comparison", "restore fees"],
                "2026-11-13",
                "I'll build a three-year TCO comparison against Coldharbor by tomorrow, with "
                "their restore fees in it.",
            ),
            step(
                "Evander",
                ["migration plan", "parallel run", "migration"],
                "2026-11-20",
                "I'll have Evander in professional services draft a migration plan with the "
                "parallel run by the twentieth.",
            ),
            step(
                "Zuleika Obradović",
                ["introduction", "head of clinical systems", "intro"],
                "2026-11-16",
                "I'll ask him for an introduction when I speak to them on Monday.",
            ),
            step(
                "Zuleika Obradović",
                ["channel director", "corvane", "margin", "twenty-three"],
                "2026-11-16",
                "Then I'll call Corvane's channel director on Monday with the twenty-three "
                "percent and the new registration date.",
            ),
            step(
                "Hedda Verhaegen",
                ["partner desk", "extension"],
                None,
                "I'll take the extension to the partner desk myself.",
            ),
            step(
                "Hedda Verhaegen",
                ["review", "calendar", "two weeks"],
                "2026-11-26",
                "We'll review it again in two weeks; I'll put it in the calendar now.",
                due_alternatives=["2026-11-12"],
            ),
            step(
                "Hedda Verhaegen",
                ["eight percent", "discount"],
                None,
                "And if Corvane agree to lead with us, I can probably approve an eight percent "
                "discount for the customer on top.",
                optional=True,
            ),
            step(
                "Hedda Verhaegen",
                ["verbal", "first of december"],
                "2026-12-01",
                "Then let's aim to have the verbal from St Aldwyn by the first of December.",
                optional=True,
            ),
        ],
        competitors=[["Coldharbor"], ["Vaultrell"]],
        objections=[],
        key_facts=[
            fact("410,000 pounds over three years", ["four hundred and ten", "410"]),
            fact(
                "Coldharbor quoted 18% below (the CFO: too expensive)",
                ["coldharbor"],
                ["eighteen percent", "18%", "18 percent"],
            ),
            fact(
                "600 TB to move off Vaultrell, whose contract ends February 28",
                ["vaultrell"],
                ["february", "six hundred", "600"],
            ),
            fact(
                "Corvane carries both lines; margin 23% agreed against 25% asked",
                ["corvane"],
                ["twenty-three", "23", "margin"],
            ),
            fact(
                "parallel run of six weeks for the migration",
                ["parallel"],
            ),
            fact("target: verbal by December 1", ["december"]),
        ],
        chat=[
            q("How much is the St Aldwyn deal worth?", "four hundred and ten", "410"),
            q("Who is St Aldwyn's CFO?", "lucius", "tremaine"),
            q("What margin does Coldharbor give Corvane?"),
        ],
        notes="Internal account-planning meeting on Thursday 2026-11-12 (a regional director, "
        "an account executive and a partner manager; everybody is internal) about a "
        "four-hospital backup deal sold through a reseller. No objections are labelled, as in "
        "the other internal meetings: the customer's concerns are reported second-hand (the "
        "CFO's 'it's too expensive' against an 18% cheaper Coldharbor quote, the IT director's "
        "fear of a gap in restore points during the migration, the CISO's pen test under NDA, "
        "legal's UK data residency clause, 'One more objection from their side'), and so are "
        "the partner's terms and the sellers' own worries ('we're single-threaded'). 'today' = "
        "11-12; 'by tomorrow' = 11-13; 'on Monday' = 11-16; 'by the twentieth' = Fri 11-20; 'in "
        "two weeks' = Thu 11-26 (putting it in the calendar now accepted); 'by the first of "
        "December' = 12-01. Request accepted and delegated: 'Can you get her one? / Yes. I'll "
        "have Evander in professional services draft a migration plan ...' (Evander, not in "
        "the meeting). Folded: 'Send it to me before it goes to anyone else. / Will do. Should "
        "I copy Zuleika? / Yes' (the TCO), the pen test summary 'as soon as it's signed' (the "
        "NDA step). Hedda's 'I'll take the extension to the partner desk myself' is firm and "
        "undated. Optional: 'if Corvane agree to lead with us, I can probably approve an eight "
        "percent discount' (conditional, hedged) and 'let's aim to have the verbal ... by the "
        "first of December' (joint target). Traps: 'You can go to twenty-three' (decided in "
        "the meeting), 'I'm not "
        "going to move on price ... before I know where the margin lands' (negated), 'I sent "
        "the security questionnaire back last Friday' and 'Vaultrell's renewal team told her "
        "... six months' (past), 'Then don't mention it until we know' (negated), 'Coldharbor "
        "is running a webinar for their IT team next week' (a rival's plan), 'I'd like to meet "
        "their head of clinical systems, but I don't have a way in yet' (a wish, answered by "
        "Zuleika's step), 'Should we invite Corvane's account manager to the next one? / Not "
        "yet' (declined). Competitors: Coldharbor (rival quote, also sold by Corvane), "
        "Vaultrell (the incumbent being replaced, offered a price freeze). Not competitors: "
        "Corvane Systems (the reseller partner), Azure (their cloud: 'Nobody's offering Azure's "
        "own backup to them'), St Aldwyn Health (the customer).",
    ),
]


if __name__ == "__main__":
    write_labels(CONVERSATIONS)
