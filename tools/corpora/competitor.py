# ruff: noqa: E501  (template data: one template a line reads best)
"""Corpus of the `competitor` head: a sentence (sometimes with the one before it) in which a
name is masked as "Zorvex", labelled by what the name is in that context:

competitor  a vendor the customer weighs against us: evaluated, pitched, quoting, the incumbent
            being replaced, a threatened switch, or a rival our own team talks about
tool        the customer's own systems, integrations, suppliers, distributors and partners
ours        the seller's own company or product
person      a person
place       a city, region, country, office or data-centre location
other       the customer's own company, banks, regulators, events, standards, technologies,
            customers of the customer, and capitalised words that are no name at all

Written for the phenomenon, in many domains (software, logistics, health, finance, retail,
construction, HR, education); never lines of an evaluation set.
Run ``python tools/corpora/competitor.py`` then
``python -m meetsight.intelligence.builtin.heads.train competitor``.
"""

from __future__ import annotations

import random

from expand import asr, expand, write

X = "Zorvex"
Q = "Quindle"  # another name in the same sentence
SEED = 11
PER = 30

EN_SLOTS = {
    "when": [
        "last week",
        "two weeks ago",
        "on Monday",
        "last month",
        "in March",
        "yesterday",
        "a few weeks back",
        "earlier this year",
        "before Christmas",
    ],
    "cat": [
        "CRM",
        "payroll",
        "ticketing",
        "endpoint security",
        "fleet tracking",
        "accounting",
        "scheduling",
        "backup",
        "analytics",
        "e-signature",
        "ERP",
        "help desk",
        "billing",
        "dispatch",
        "contract management",
        "field service",
        "LMS",
        "inventory",
        "HR",
    ],
    "years": [
        "three years",
        "five years",
        "a couple of years",
        "since 2019",
        "about six years",
        "forever",
        "a long time",
        "two renewals",
    ],
    "price": [
        "eighteen dollars a seat",
        "twenty-two per vehicle",
        "about half of your price",
        "thirty percent less",
        "a flat fee",
        "ninety thousand a year",
        "a lower rate",
        "less per user",
        "a free first year",
    ],
    "feat": [
        "reporting",
        "the mobile app",
        "offline mode",
        "the integrations",
        "onboarding",
        "support",
        "the dashboards",
        "automation",
        "pricing",
        "scheduling",
        "the API",
        "e-signatures",
    ],
    "time": ["Friday", "next week", "tomorrow", "Monday", "end of the month", "Thursday"],
    "thing": [
        "the report",
        "the contract",
        "the numbers",
        "the invoices",
        "the data",
        "the tickets",
        "the schedule",
        "the files",
        "the export",
    ],
    "role": [
        "VP of sales",
        "VP of customer success",
        "head of support",
        "chief of staff",
        "head of finance",
        "IT director",
        "operations lead",
        "solutions engineer",
        "account manager",
        "controller",
        "HR director",
        "project manager",
        "security officer",
    ],
    "dept": ["finance", "legal", "IT", "security", "procurement", "HR", "operations", "marketing"],
    "grp": [
        "our biggest account",
        "two customers",
        "a hospital group",
        "the Miller account",
        "three prospects",
        "a retail chain",
        "one of our top accounts",
    ],
    "obj": [
        "quotes",
        "orders",
        "customer records",
        "patient files",
        "work orders",
        "timesheets",
        "purchase orders",
        "leads",
    ],
    "ev": [
        "conference",
        "summit",
        "expo",
        "trade show",
        "partner day",
        "roadshow",
        "meetup",
        "awards dinner",
    ],
}

EN = {
    "competitor": [
        "{One reason is cost|Cost is part of it}; {the other|also,} "
        + X
        + " {came back|bid} {at|with} {sixty|a lower number|two thirds of yours} for {roughly the same|comparable} {work|coverage}.",
        "{Some of our managers|A couple of VPs|The owners} {keep nudging|are lobbying} {us|the team} to {standardise on|migrate to} "
        + X
        + ".",
        "{Corporate|Head office|The group} {wants|is pushing} us {onto|to standardise on} "
        + X
        + " {next year|by the summer}.",
        "{Someone|Procurement} {mentioned|floated} "
        + X
        + "'s {billing add-on|planning product|HR suite} {as an option|during the review}.",
        "{Our accounting supplier|The platform we bank with}, "
        + X
        + ", {is offering|wants to sell us} {a built-in version|its own add-on} {for free|bundled}.",
        "{Granted|Admittedly}, "
        + X
        + " {lacks|is missing} {multi-currency|a mobile app|batch import}, {which|and that} {we'd need to add|would cost us extra}.",
        "{Their|The} "
        + X
        + " {offer|bid|number} {was|came in} {about|roughly} {fifty|sixty-five} thousand {over two years|all in}.",
        "{We trialled|We tested} "
        + X
        + " {a while back|in 2022}; {it felt|it was} {designed|made} for {hospitals|huge companies|agencies} rather than {a shop our size|people like us}.",
        "We use "
        + X
        + " {today|now|at the moment}, and it {keeps failing|crashes|is slow|breaks} {on|with} <feat>.",
        "{Today|Right now|Currently} it's "
        + X
        + ", {but|and} {it's clunky|we're not happy|it breaks all the time|support is slow}.",
        "What {do you use|are you using} {today|now}? {We use|We're on} "
        + X
        + ", {and it's painful|but it keeps failing|and the contract is up soon}.",
        "{We run|We're running} "
        + X
        + " {at the moment|for now}, {but|and} {it can't keep up|we've outgrown it|nobody likes it}.",
        "We {looked at|talked to|got demos from} "
        + X
        + " and "
        + Q
        + " {last year|this spring|already}.",
        "{It's|It is} between you, " + X + " and " + Q + ".",
        "{Two of our directors|The partners} {prefer|are fans of} "
        + Q
        + " {and|while} {the ops team|our IT lead} {wants|would rather try} "
        + X
        + ".",
        "{Compared with|Next to} "
        + Q
        + " and "
        + X
        + ", {you're|your price is} {in the middle|the most expensive}.",
        "{Both|Either} "
        + Q
        + " {or|and} "
        + X
        + " {could|would} {replace|take over from} {what we have|our old system}.",
        "We're also looking at " + X + ".",
        "We had a {call|demo|meeting|workshop} with " + X + " <when>.",
        X + " is on our shortlist {too|as well|along with you}.",
        "We've narrowed it down to you and " + X + ".",
        "Procurement wants three bids, so " + X + " is in the mix.",
        "{We're|We are} running a pilot with " + X + " in parallel.",
        "{Honestly,|To be honest,|} " + X + " quoted us <price>.",
        X + " came in {cheaper|lower|at <price>}.",
        X + " offered us <price> and a free migration.",
        X + "'s proposal is {cheaper|about twenty percent lower|more flexible on terms}.",
        "{Right now|Today|Currently} we're on "
        + X
        + " and the contract ends {in June|this year|next spring}.",
        "We've been {on|using} "
        + X
        + " for <years> and {we want out|it's not working|we're not happy|the renewal is coming up}.",
        "We want to {replace|move off|get rid of|switch away from} " + X + " before the renewal.",
        "Our "
        + X
        + " {contract|licence} {expires|runs out} in {June|the fall|March}, so we need to decide {soon|before then}.",
        "If you end up {much|a lot} more expensive than "
        + X
        + ", {I can't defend it|finance will say no}.",
        "{We pay|We're paying} "
        + X
        + " {about|roughly|} {a hundred euros|two thousand dollars|much less} a month {today|right now|}.",
        "If this isn't fixed we'll {move|switch|go} to " + X + ".",
        "{Leadership|Our CFO|The owners} told {me|us} to {get a quote from|talk to} "
        + X
        + " before we renew.",
        X + " {called|reached out to} us <when> offering {a better rate|a discount|a free year}.",
        "How are you different from " + X + "?",
        "What makes you better than " + X + "?",
        "Why would we pick you over " + X + "?",
        "Compared to " + X + ", your <feat> {looks weaker|is better|feels simpler}.",
        X + " does <feat> out of the box, {can you|do you}?",
        X + " showed us <feat> {last week|in their demo} and it looked {good|solid|slick}.",
        "We win against " + X + " {most of the time|when the buyer cares about <feat>}.",
        "Customers who switched from "
        + X
        + " {tell us|say} {onboarding was faster|support is better}.",
        "Unlike " + X + ", we don't charge for <feat>.",
        "We lost {the Henderson deal|the logistics deal|two renewals|the hospital tender} to "
        + X
        + " {last quarter|on price|}.",
        X + " just cut their prices by {twenty|ten|fifteen} percent.",
        X + " launched <feat>, so we need to catch up.",
        "{Sales|The reps|Everyone in the field} keep hearing about "
        + X
        + " in {every deal|renewals|demos}.",
        "{We're comparing|We compared} you with "
        + X
        + " and {one other vendor|a couple of others}.",
        X + " gave us a trial {and we liked it|but it was clunky|last month}.",
        "The other option is " + X + ", {which|they} {is|are} cheaper.",
        "We {also resell|sell} "
        + X
        + " {today|already} and they {pay us|give us} {better margins|a bigger cut}.",
        "{Their|The} "
        + X
        + " rep {promised|offered} us {a bigger discount|a free pilot|unlimited users}.",
        "We used to be on "
        + X
        + " and {went back to spreadsheets|dropped it|left because of support}.",
        "We're {thinking about|considering} {going back to|moving to} "
        + X
        + " {if this doesn't improve|at renewal}.",
        "Is your pricing in line with " + X + "?",
        X + " {is|was} our incumbent {vendor|provider} for <cat>.",
        "The incumbent is " + X + ".",
        "We'd be replacing " + X + ".",
        "{We got|We have} a quote from " + X + " {as well|too|already}.",
        "Can you match what " + X + " offered?",
        "{Another vendor|One of your competitors}, "
        + X
        + ", {pitched|demoed|showed} us {the same thing|something similar}.",
        "Why not just stay with " + X + "?",
        "We {might|could} {just|} {stay|renew} with "
        + X
        + " {if the numbers don't work|honestly}.",
        "{Before you|Before this call} we {spoke|talked} with " + X + ".",
        "Which {tool|system|vendor} do you use for <cat> today? "
        + X
        + ", {and the renewal is close|but we're shopping around}.",
        "Is anyone else in the running? " + X + ", {they presented|we saw them} <when>.",
        "Who else are you talking to? " + X + " and {one more|maybe another}.",
        "What do you use for <cat> now? "
        + X
        + ", {but the renewal is coming|and it's expensive|and we want something better}.",
        X
        + " {is more expensive|costs more|charges per user} {but|and} {includes support|has better reporting}.",
        "{The gap with|Our price versus} " + X + " is {a dollar|about ten percent|small}.",
        X + " {is|are} {way|much|a lot} cheaper {than you|for the same thing}.",
        X + " {is|was} {pushing hard|aggressive|discounting heavily} on this deal.",
        "{Our|The} main {competitor|rival} in that segment is " + X + ".",
        X + " is eating our lunch in {the mid-market|small clinics|Europe}.",
        "{A couple of|Some} {clients|prospects} {threatened to|said they might} {leave for|try} "
        + X
        + " {unless|if we don't ship} <feat>.",
        "{Did|Has} " + X + " come up {by name|in the call|with them}?",
        X
        + " {supposedly|reportedly} {already has|just shipped} <feat>, {the reps say|a prospect told me}.",
        "{If|When} we lose {them|the account}, it'll be to " + X + ".",
        "{Prospects|Customers} keep {comparing us to|asking why we're not like} " + X + ".",
        "{Let's|We should} {do a teardown of|look at how} " + X + " {does it|handles <feat>}.",
        "{Our|The} win rate against " + X + " {dropped|went up} {last quarter|this year}.",
        "{Our new COO|My manager|The new CFO} {ran|worked with} "
        + X
        + " at {a previous job|her old company} and {wants|asks} us to {consider|benchmark} it.",
        "{An investor|A board member} {keeps forwarding|sent} me {news|a case study} about "
        + X
        + ".",
        X
        + " {works|is okay} for {very small teams|startups|one location}, {but|though} {you'll outgrow it|it breaks at your volume}.",
        "{We'll|We would} {keep|still} {selling|use} "
        + X
        + " {for some clients|alongside you}, it's not either-or.",
        "{When|Each time} {we|my reps} {push|recommend} you {over|rather than} "
        + X
        + ", {our margin drops|we earn less}.",
        "{What did you think of|How did you find} the " + X + " {demo|trial|proposal|pitch}?",
        "{Have you|Did you} {looked|look} at " + X + " {yet|at all|already}?",
        "{With|At} "
        + X
        + " {that's|this is} {an extra charge|a paid add-on}, {with us|here} it's included.",
        "{We're|We are} {evaluating|trialing} "
        + X
        + " {against you|side by side with you|this month}.",
        X + " {would|will} {do|give us} the same for {less|free|half}.",
        "{We're|I'm} {leaning towards|tempted by} "
        + X
        + " {on price|because of <feat>|to be honest}.",
        "{Why|How come} " + X + " {can|is able to} {offer|charge} {so much less|a flat rate}?",
        "{Their|The} "
        + X
        + " {bid|tender response|offer} {was|came in} {lower|under ours|more aggressive}.",
        "{My|Our} {peer|friend} at {another firm|the Riverside office} {uses|swears by} "
        + X
        + ", {so|and} we {want to|should} see it.",
    ],
    "tool": [
        "{Each|Every} {quote|order} {starts|begins} as {an|a} "
        + X
        + " {file|spreadsheet} {that|which} {someone|finance} {emails|forwards} around.",
        "{We're|We are} already {licensed|paying} for "
        + X
        + " {company-wide|for everyone}, {so|and} {it stays|that won't change}.",
        "{Logins go through|Identity is} "
        + Q
        + ", {and|while} {devices|laptops} {are managed in|sit in} "
        + X
        + ".",
        "{We'd|You'd} {connect|sync} " + Q + " {and|with} " + X + " {on day one|in the pilot}.",
        "{The deals|Everything commercial} {live|lives} in "
        + Q
        + ", and "
        + X
        + " {handles|does} {signatures|billing}.",
        "All our <obj> {end up|are stored|get logged} in " + X + ".",
        "Does it integrate with " + X + "?",
        "{Do you|Can you} connect to " + X + "?",
        "We export the data from " + X + " every {night|week|morning}.",
        "{Single sign-on|Login} goes through " + X + " {for every app|company-wide}.",
        "{Our laptops are|Phones are} {enrolled|managed} {in|with} " + X + ".",
        "{We'd|You'd} {deploy|roll out} the {app|client} {through|via} " + X + ".",
        "Our reps {work|live} in " + X + " all day.",
        "It needs to sync with " + X + ".",
        "We keep {the contracts|the documents|our files} in " + X + ".",
        "The invoices come out of " + X + ".",
        "Our BI team builds {dashboards|reports} in " + X + ".",
        "{We use|We've used} "
        + X
        + " for {accounting|payroll|email|the website|storage|signatures} and it works fine.",
        "{Anything|A tool} that can't {sync with|read from} "
        + X
        + " {is a non-starter|won't fly} {here|with IT}.",
        "{Our|The} "
        + X
        + " connector {opens|creates} {a ticket|a record} {automatically|for every case}.",
        "Can we {pull|push} <thing> {from|into} " + X + "?",
        "We'd need single sign-on through " + X + ".",
        "{I'll|Let me} {pull|download} <thing> from " + X + " {by <time>|today|later}.",
        "Our data warehouse is " + X + ".",
        "The {orders|leads|tickets} come in through " + X + ".",
        "We track everything in " + X + " {boards|sheets|}.",
        "We just need the {connector|integration} to " + X + " to keep working.",
        "Your tool would sit on top of " + X + ".",
        "We {sign|send} contracts {through|with} " + X + ".",
        "Our ERP is " + X + " and it's not going anywhere.",
        "{Finance|Accounting} runs on " + X + ".",
        "We'll send you the export from " + X + " so you can load it.",
        "Is there an API for " + X + "?",
        "The {trucks|devices|laptops} report into " + X + " {already|today}.",
        "Our partner " + X + " distributes {our|your} licences.",
        "We buy {software|licences} through " + X + " as our distributor.",
        "We bank with " + X + " and {pay|reconcile} through it.",
        "Our {customers|clients} book through " + X + ".",
        "Does your app run on " + X + "?",
        "We host {everything|the servers} on " + X + ".",
        "We use " + X + " to {chat|message the team|share files}.",
        "The schedule lives in " + X + " and the team updates it daily.",
        "{We'll|We will} keep " + X + " for {email|documents|HR}, that's not changing.",
        X + " is where {our designs|the roadmap|the specs} live.",
        "Put <thing> in " + X + " so everyone sees it.",
        "I'll {share|drop} <thing> in the " + X + " {doc|folder|channel}.",
        "{Our|The} {dashboards|numbers} in " + X + " show {the drop|the trend|usage going up}.",
        "Do you work with " + X + " for {payments|signatures|storage}?",
        "We pay {the vendors|suppliers} through " + X + ".",
        "Your connector with " + X + " broke {last week|again}.",
        "We {ingest|read|pull in} " + X + " {events|logs|data} {natively|out of the box|as well}.",
        "{Your|The} "
        + X
        + " {logs|events|records} {flow|come} into {our|the} platform {automatically|every hour}.",
        X + " {stays|remains} our system of record for <obj>.",
        "{Old|Closed|Archived} {projects|tickets|contracts} {can stay|will remain} in "
        + X
        + ", {no need to move them|we won't migrate those}.",
        "{I'll|We'll} {configure|wire up} the "
        + X
        + " {sync|connector} in the test {environment|tenant} {this week|by <time>}.",
        "{Who|Which of you} {administers|manages} {your|the} " + X + " {account|instance|tenant}?",
        "{Can|Could} we {buy|order} {it|the licences} {through|on} "
        + X
        + " {like our other software|with our usual account}?",
        "{Is|Are} {it|you} {available|listed} {on|in} the " + X + " {marketplace|catalogue}?",
        "{You|Your team} {still|} {run|use} "
        + X
        + " for {billing|the service desk|identity|email}, right?",
        "{On your side|Your admin} {would|will} {register|create} an "
        + X
        + " {application|app} and send us the {details|certificate}.",
        "{When we spoke before|On the first call}, you said {you rely on|you run} "
        + X
        + " for <cat>.",
        "{We'd|It would} {plug into|hook into|read from|write back to} " + X + ".",
        "{Every|Each} {case|alert} {we raise|we open} {appears|lands} in "
        + X
        + " {for your team|as a ticket}.",
        "{The|Our} {client|customer} data {sits|lives} in "
        + X
        + ", {so|and} {it has to stay there|we'd just connect it}.",
        "{We'd|You'd} {match|join} the data from " + X + " with the {orders|payments|shipments}.",
    ],
    "ours": [
        "At " + X + " we {focus on|specialise in} {mid-size teams|clinics|fleets|banks}.",
        "I'm {Dan|Sofia|Maya|Tom} from " + X + ".",
        "{Hi|Hello}, this is {Dan|Ana|Megan} {with|from} " + X + ".",
        "Thanks for {choosing|picking|trying} " + X + ".",
        "{Our team|The analysts} at "
        + X
        + " {don't just alert you|respond around the clock|fix it for you}.",
        X + " customers see {a thirty percent drop in no-shows|faster close times|fewer errors}.",
        "Welcome to the " + X + " {kickoff|onboarding session|training}.",
        X + " includes <feat> in every plan.",
        "With " + X + " you get <feat> {out of the box|at no extra cost}.",
        "{The|Our} " + X + " team will {configure|set up} <feat> for you.",
        "Here at " + X + " we {take security seriously|host everything in the EU}.",
        "I'll send over the " + X + " proposal {by <time>|today}.",
        "Most of our " + X + " customers {are|run} {credit unions|clinics|fleets|law firms}.",
        "You'll get {access to|a login for} the " + X + " sandbox {today|tomorrow}.",
        "Our " + X + " {platform|app} {syncs|integrates} with your tools.",
        X + " was {founded|started} {ten years ago|in 2015} to {solve|fix} this.",
        "We built " + X + " for teams like yours.",
        "The " + X + " {renewal|contract} {includes|covers} <feat>.",
        "On " + X + ", you can {set rules|build reports|schedule jobs} {yourself|in minutes}.",
        "{We|Our support team} at " + X + " {answer|respond} within an hour.",
        "{We'll|I'll} {set up|activate} {ten|five} "
        + X
        + " {licences|seats} for your {engineers|team} {this week|today}.",
    ],
    "person": [
        "{It's|That's} {me|Ana} and "
        + X
        + ", and "
        + X
        + " {also|} {runs|covers} {compliance|payroll}.",
        "{Loop in|Invite} " + Q + " and " + X + " {from|in} <dept> {please|too}.",
        "{Should|If} {your price|the number} {top|beat} "
        + Q
        + "'s, "
        + X
        + " {in finance|, our controller,} {won't approve it|will object}.",
        "{How about|What about|I'd propose} a {working session|technical review|workshop} with "
        + X
        + ", {our|the} <role>?",
        "{I'll|We'll} {send|forward} it to "
        + X
        + ", {our|my|their} <role>, {today|after the call}.",
        X
        + ", {our|my|your} <role>, {will|can|is going to} {join|cover that|present} {on Monday|next time|too}.",
        "{Is there|Any} topic you'd like "
        + X
        + " to {go over|demo|prepare} {in the session|next time}?",
        "{Do you|Would you} want "
        + X
        + " to {present|walk through|cover} the {integration|security part|roadmap}?",
        "{It'll be|That's} {a tough conversation|a hard discussion} with "
        + X
        + " {in finance|upstairs|on our side}.",
        "{I need to|I'll have to} {convince|persuade} "
        + X
        + ", {who|and she|and he} {controls|holds} the budget.",
        "{Over|Above} {fifty|a hundred} thousand {it|the decision} {goes|moves} to "
        + X
        + ", our <role>.",
        "{Like|As} "
        + X
        + " {said|mentioned} {earlier|before|on the last call}, {the numbers work|timing matters}.",
        X + " will join us {later|in a minute|after lunch}.",
        "I'll loop in " + X + " from <dept>.",
        X + ", can you {take that|share your screen|send <thing>}?",
        "Thanks, " + X + ".",
        "{Thanks so much|Thank you}, " + X + ", {talk soon|that helps}.",
        X + " owns the budget.",
        "I spoke with " + X + " {yesterday|this morning} and {she|he} agreed.",
        X + " is our <role>.",
        "Ask " + X + ", {she|he} knows the details.",
        X + " has it {on her desk|in his inbox|already}.",
        "{Big|Larger} purchases {go to|need} our <role>, " + X + ".",
        "{Selling|Explaining} that to "
        + X
        + " {will be|is going to be} {tough|hard|an uphill battle}.",
        X + " {signs|approves|decides} {the contract|the budget|everything over fifty thousand}.",
        "{Morning|Hi|Hey}, " + X + ", {good to see you|how are things}?",
        X + " is {out|on holiday|travelling} {this week|until Monday}.",
        "{Let's|We could} {set up|book} a {session|workshop} with " + X + ", our <role>.",
        X + " will {send|share|prepare} <thing> by <time>.",
        "{Just|Only} " + X + " and me, {probably|I think}.",
        X + " and I {went through|reviewed} <thing> {yesterday|last week}.",
        "{Let me|I'll} check with " + X + " and get back to you.",
        X + " runs the {warehouse|night shift|front desk|compliance team}.",
        "{Is|Was} " + X + " on the call?",
        "Great to meet you, " + X + ".",
        "{Our|The} <role>, " + X + ", will {reach out|follow up}.",
        X + " said the {numbers|rollout|pilot} looked {fine|good|risky}.",
        X + " {covers|also does} {payroll|compliance|purchasing} {part-time|on the side}.",
        "{I'll|We'll} {get|have} " + X + " {to sign|sign off on} it {today|this afternoon}.",
        "{Carry on|Start} without me, " + X + " {can cover|knows the topic}.",
        "Let me bring in " + X + ", who {heads|runs} our {implementation|data|support} team.",
        "{I'll|We'll} {invite|ask} " + X + " to {the next call|join us|the review}.",
        "{Our|My} <role> " + X + " {should|will} be on that call too.",
        X + " {from|in} <dept> will {walk you through it|reach out}.",
        "{I'll|Let me} {update|brief} " + X + ", our <role>, {after this call|on Tuesday}.",
        "As long as " + X + " {is fine with it|agrees|signs off}, we can go ahead.",
        "{She'll|He'll} {ask|want} {the same question|the numbers} first, " + X + " always does.",
        "{I'll|We'll} {check|agree} the {names|dates|user list} with "
        + X
        + " and {send it over|get back to you}.",
        "{Did you|Have you} {speak|spoken} to " + X + " in <dept> {about it|yet}?",
        "{I'll|Let me} {take it up|raise it} with " + X + " in <dept> {this week|on Thursday}.",
        X
        + " {told us|said} {they'd|she'd|he'd} {consider|sign|renew} {if it works|once it's fixed}.",
        "{That was|It took} {weeks of|a lot of} {me|us} {chasing|nudging} "
        + X
        + ", {so|honestly} {it's done|you're welcome}.",
    ],
    "place": [
        "{Most|Half} of {our|the} {orders|volume} {come|comes} from {buyers|retailers} {in|around} "
        + X
        + ".",
        "{Our|The} {biggest|new} {customer|site} {is|sits} {in|near} " + X + ".",
        "{We have|There are} {offices|depots} in " + Q + " and " + X + ".",
        "{I|We} {drove|flew} from " + Q + " to " + X + " {yesterday|this morning}.",
        "{With weather like that|After hearing that}, I {can't|shouldn't} complain about "
        + X
        + ".",
        "{Cold|Hot|Windy} {day|morning} in " + X + " {today|again}?",
        "{I grew up|I lived} {near|in} " + X + " {for years|as a kid}.",
        "{Our|The} {branch|depot|clinic} {in|at} "
        + X
        + " {had a power cut|was closed} {yesterday|this morning}.",
        "{The|Our} {team|crew} {drove|flew} {in|over} from " + X + " {for this|this morning}.",
        "{How's|How is} {everything|it going} {over|out} in " + X + "?",
        "{We|I} just got back from " + X + ".",
        "{Half|Most} of our {customers|members|patients} are {around|in} " + X + ".",
        "{The|A} {storm|heat wave|flood} {in|around} "
        + X
        + " {closed|shut} {two stores|the depot} {last week|yesterday}.",
        "How's {the weather in|life in|} " + X + "?",
        "We have {fourteen|six|twenty} {stores|offices|depots} across " + X + ".",
        "Our office in " + X + " {opens|closes} at {six|nine}.",
        "{The|Our} {printer|network} at the " + X + " {office|site|depot} {died|went down} again.",
        "The data {is kept|stays} in the " + X + " region.",
        "The warehouse in " + X + " {ships|handles} most of the orders.",
        "Our analysts are based in " + X + ".",
        "We're opening a {plant|clinic|site} in " + X + " {next year|in the spring}.",
        "Is the data {stored|hosted} in " + X + "?",
        "I'm flying to " + X + " {on Monday|next week} for {a visit|the offsite}.",
        "The weather in " + X + " has been {awful|great} {this week|lately}.",
        "Half the team is in " + X + " and half is remote.",
        "{A few|Some} of {our|the} {servers|machines} {run|are} in " + X + ".",
        "We moved the headquarters to " + X + " {last year|in 2022}.",
        "Support is handled from " + X + " {overnight|on weekends}.",
        "Our {trucks|drivers|technicians} cover {all of|most of} " + X + ".",
        "{It's|It was} {freezing|boiling|pouring} in "
        + X
        + " {today|this morning}, sorry if I'm slow.",
        "{At least|Well,} it's {warmer|better} here than in " + X + ".",
        "{The|Our} {site|plant|team} in " + X + " {needs|wants} {it|the module} {too|as well}.",
        "{We could|Let's} {run|hold} {the training|a workshop} {on site|in person} in " + X + ".",
        "{Your|The} {account|workspace} is hosted in {our|the} " + X + " {data centre|region}.",
        "{The|Our} " + X + " {plant|depot|store} {starts|opens|goes live} {in March|next year}.",
    ],
    "other": [
        "{Good news|Big news}: {we signed|we landed} "
        + X
        + " as a {client|customer} {last week|this month}, {so|and} {volume doubles|we need more seats}.",
        "{Our|One} {dealer|wholesaler} {based|located} {in|near} "
        + X
        + " {returned|disputed} {an order|a shipment} {in spring|recently}.",
        "{People|Folks} {on|in} the "
        + X
        + " {account|project|squad} {already|} {work|live} in it {daily|all day}.",
        "{Does|Will} {it|your product} {handle|cover} the {upcoming|new} "
        + X
        + " {reporting|filing|disclosure} {requirements|format}?",
        "{Only|Just} the "
        + X
        + " {range|line|catalogue} {for now|at first}, {the rest|others} {later|next year}.",
        "{We|Our agency} {do|does} {the|all the} {design|marketing|animation} work for "
        + X
        + " {now|this year}.",
        "{We met|I saw you} at the "
        + Q
        + " {expo|summit} {in|near} "
        + X
        + " {last year|in spring}.",
        "{Both|The} " + Q + " and " + X + " {standards|rules} {apply|matter} {to us|here}.",
        "{Was|Wasn't} it {at|during} the " + X + " <ev> {that we met|last spring|in the autumn}?",
        "{I|We} {think|guess} {it was|we met at} the " + X + " <ev>, {right|if I remember well}.",
        "{See you|I'll see you} at " + X + " {next month|in the spring|this year}.",
        "{Our|The} {booth|talk|panel} at " + X + " {went well|was packed} {this year|last time}.",
        "{What if|Imagine if} that {happened|hit} " + X + "?",
        X + " {requires|asks} us to report {quarterly|every month|on incidents}.",
        "We met at the " + X + " <ev>.",
        "We need " + X + " {compliance|certification} {before go-live|by the audit}.",
        X + " is our biggest customer.",
        "Everyone at " + X + " {saw the news|wants answers|is nervous about it}.",
        "We are "
        + X
        + ", a {regional bank|manufacturer|family business} with {four hundred|ninety} {employees|people}.",
        "{Auditors|Inspectors} from "
        + X
        + " {will|might} {check|ask about} {the logs|where data is kept}.",
        X + " {week|season|holiday} is {our busiest|always slow|coming up}.",
        "The " + X + " standard {requires|says} {encryption|a yearly audit|two-factor}.",
        X + ". {Moving on|Anyway}, the team {handles it|works in the field}.",
        X + ". That's {fair|helpful|great}.",
        "Everyone at " + X + " {is excited|wants this live}.",
        "Our parent company, " + X + ", {owns|runs} {three plants|the brand}.",
        "The " + X + " {project|initiative|programme} {starts|kicks off} {in April|next quarter}.",
        X + " {rules|guidelines} say we need {a data processing agreement|a pen test}.",
        "We report to " + X + " {every quarter|once a year}.",
        "The " + X + " tax {deadline|filing} is {in January|next month}.",
        "We sponsor the " + X + " {awards|league|meetup} {every year|}.",
        "{Our|The} " + X + " {plan|tier|package} {covers|includes} <feat>.",
        X + " {acquired|bought} {us|the company} {last year|in 2021}.",
        "The {new|} " + X + " {policy|regulation|law} {starts|applies} {in July|next year}.",
        "We're hiring for the " + X + " {team|office|project}.",
        X + " {Friday|Monday} {sales|promotions} {drive|bring} most of our {orders|revenue}.",
        "{Sorry|Oops}, " + X + " {again|for the delay}.",
        "{Last time|The last time} we {met|saw each other} {was|it was} at the "
        + X
        + " <ev>, {right|wasn't it}?",
        "{Our|Your} {strength|edge} is the {recovery|reporting} and the " + X + " {part|side}.",
        "{Is|Are} the " + X + " {seats|add-on|module} {included|part of it}?",
        "{We may|We might} {add|try} {your|the} " + X + " {add-on|module} {later|next year}.",
        "{The|Those} {vans|sites} from the "
        + X
        + " {acquisition|merger} {come on board|join} {next year|in spring}.",
        X + " {certification|compliance|audit} {is due|comes up} {in spring|next quarter}.",
        "{The|Our} {offline mode|calendar view} and the "
        + X
        + " {layout|version} are {on the list|candidates}.",
        "{Most|Half} of the {technicians|nurses} {carry|use} " + X + " {tablets|phones|devices}.",
        "{The alerts are mostly|It's mostly} {harmless|noise}, {like|e.g.} "
        + X
        + " {scripts|macros|updates} {from IT|we run}.",
        "The "
        + X
        + " {version|build|release} {crashes|is slower|ships} {on older phones|next sprint}.",
        "We {write|run} {the|our} {scripts|automations} in " + X + ".",
        "{It|The agent} {runs|works} on " + X + " {and Windows|laptops|servers} {too|as well}.",
        "{Is|Does} the app {available|work} on " + X + "?",
        "{Each|Every} {invoice|filing} {goes|is sent} to the "
        + X
        + " {authority|agency} {automatically|the same day}.",
        "{We're|We are} {already|fully} {compliant|certified} with " + X + ".",
        "{Starting|From} {January|next year}, "
        + X
        + " {applies|becomes mandatory} {for you|for every company}.",
    ],
}

ES_SLOTS = {
    "when": [
        "la semana pasada",
        "hace dos semanas",
        "el lunes",
        "el mes pasado",
        "en marzo",
        "ayer",
        "hace unos días",
    ],
    "cat": [
        "contabilidad",
        "nóminas",
        "facturación",
        "flotas",
        "CRM",
        "copias de seguridad",
        "atención al cliente",
        "firma electrónica",
        "almacén",
    ],
    "years": ["tres años", "cinco años", "un par de años", "desde 2019", "mucho tiempo"],
    "price": [
        "cien euros al mes",
        "la mitad",
        "un treinta por ciento menos",
        "una tarifa plana",
        "menos por usuario",
        "veinte euros por licencia",
    ],
    "feat": [
        "los informes",
        "la app móvil",
        "la integración",
        "el soporte",
        "la migración",
        "la facturación electrónica",
        "los cuadros de mando",
    ],
    "time": ["el viernes", "mañana", "el lunes", "la semana que viene", "final de mes"],
    "thing": [
        "el informe",
        "el contrato",
        "los datos",
        "las facturas",
        "el fichero",
        "la exportación",
    ],
}

ES = {
    "competitor": [
        "{Algunos socios|La central} {insisten|quieren} en que {unifiquemos|migremos} todo {a|en} "
        + X
        + ".",
        "{La gestoría|El banco} {con la que trabajamos|de siempre}, "
        + X
        + ", {nos regala|nos ofrece} {su herramienta|un módulo propio}.",
        "{Eso sí|Ojo}, a "
        + X
        + " le falta {la multidivisa|la app|la importación masiva}, {y|lo que} {nos costaría extra|tendríamos que añadir}.",
        "{Usamos|Tenemos} "
        + X
        + ", pero {nos preocupa el soporte|se cae cada dos por tres|se nos queda corto}.",
        "¿Qué usáis ahora? "
        + X
        + ", {y no estamos contentos|pero falla mucho|y el contrato vence pronto}.",
        "{Miramos|Comparamos} " + X + " y " + Q + " {el año pasado|también}.",
        "{Está|Estamos} entre vosotros, " + Q + " y " + X + ".",
        "También estamos mirando " + X + ".",
        "{Tuvimos|Hicimos} una {demo|reunión|llamada} con " + X + " <when>.",
        X + " está en la lista {también|junto a vosotros}.",
        "Lo hemos reducido a vosotros y " + X + ".",
        X + " nos {ofreció|ha ofrecido|dio} <price>.",
        X + " {nos sale|es} {más barato|bastante más barato|más económico}.",
        "{Ahora|Hoy} {usamos|trabajamos con} "
        + X
        + " y el contrato {vence|termina} {en junio|este año}.",
        "Llevamos <years> con "
        + X
        + " y {no estamos contentos|queremos cambiar|se nos queda corto}.",
        "Queremos {dejar|sustituir|cambiar} " + X + " antes de la renovación.",
        "Con " + X + " pagamos {unos cien euros|mucho menos|la mitad} al mes.",
        "Si no lo arregláis nos {vamos|pasamos|cambiamos} a " + X + ".",
        "La dirección quiere una oferta de " + X + " antes de renovar.",
        "¿En qué os diferenciáis de " + X + "?",
        "¿Por qué os elegiríamos a vosotros y no a " + X + "?",
        "Comparado con "
        + X
        + ", {vuestros informes|vuestro precio|vuestra app} {es mejor|se queda corto|es más caro}.",
        X + " {hace|trae} <feat> {de serie|sin coste}.",
        "Perdimos el {cliente|proyecto|contrato} de {Ferrer|la cadena de hoteles|Logística Norte} con "
        + X
        + ".",
        X + " ha bajado {los precios|sus tarifas} un {veinte|diez} por ciento.",
        "Los comerciales {se encuentran|oyen hablar de} " + X + " en todas las operaciones.",
        "Nos {llamaron|escribieron} de "
        + X
        + " ofreciendo {un descuento|un año gratis|mejor precio}.",
        "La otra opción es " + X + ", que es más barata.",
        "{Revendemos|Vendemos} " + X + " y nos {dan|pagan} {más margen|una comisión mayor}.",
        X
        + " nos {obliga a|pide} {pagar la nueva versión|renovar el servidor} {cada año|otra vez}.",
        "{Quedarnos|Seguir} con "
        + X
        + " {también|igualmente} {cuesta|supone} {dinero|una actualización}.",
        "¿Qué programa usáis para <cat>? " + X + ", {desde hace años|y no nos convence}.",
        "¿Estáis valorando otras opciones? Sí, " + X + " {y otra más|también}.",
        "Tenemos un presupuesto de " + X + " {también|encima de la mesa}.",
        "¿Podéis igualar lo que ofrece " + X + "?",
        "Antes {usábamos|teníamos} " + X + " y lo dejamos por el soporte.",
        "Nuestro {principal competidor|rival} en ese segmento es " + X + ".",
        X + " está {presionando mucho|rebajando precios} en esta operación.",
        "Estamos comparando vuestra propuesta con la de " + X + ".",
        "El proveedor actual es " + X + ".",
        X
        + " {sirve|vale} para {autónomos|negocios pequeños|una sola tienda}, {pero|aunque} con vuestro volumen {se queda corto|no llega}.",
        "¿Qué os pareció la {demo|propuesta|prueba} de " + X + "?",
        "{Mi jefe|El gerente} {trabajó|conoce} "
        + X
        + " de su {anterior empresa|otro trabajo} y quiere {verlo|compararlo}.",
        "Si {igualáis|mejoráis} lo de " + X + ", {firmamos|lo vemos}.",
        "Perdimos {dos|tres} {clientes|operaciones} contra " + X + " este trimestre.",
        "Estamos {evaluando|probando} " + X + " {en paralelo|a la vez}.",
    ],
    "tool": [
        "{Los pedidos|Las ventas} {están|van} en " + Q + " y la firma {en|con} " + X + ".",
        "Todo entra por " + X + ".",
        "¿Se integra con " + X + "?",
        "¿Os conectáis con " + X + "?",
        "Exportamos los datos de " + X + " cada {noche|semana}.",
        "Las facturas salen de " + X + ".",
        "Tenemos los {contratos|documentos|clientes} en " + X + ".",
        "El equipo comercial trabaja en " + X + " todo el día.",
        "Tiene que sincronizar con " + X + ".",
        "{Usamos|Utilizamos} "
        + X
        + " para {el correo|las nóminas|la web|los pagos} y funciona bien.",
        "Te paso la exportación de " + X + " {el viernes|mañana|hoy}.",
        "Trabajamos con el banco " + X + " para {los cobros|la conciliación|los pagos}.",
        "¿Hay conector con " + X + "?",
        "Lo de " + X + " no lo tocamos, eso se queda.",
        "El CRM es " + X + " y no lo vamos a cambiar.",
        "Metemos {todo|los pedidos|las incidencias} en " + X + ".",
        "Lo comparto en la carpeta de " + X + ".",
        "Los {pedidos|clientes} llegan por " + X + ".",
        "Los informes los sacamos de " + X + ".",
        "{Tenemos|Hay} una integración {nativa|directa} con " + X + " para {eso|los pedidos}.",
        "{Las ventas|Los contactos} {se vuelcan|pasan} {solos|automáticamente} desde " + X + ".",
        "{Juntamos|Cruzamos} {las facturas|los cobros} con {la información|los datos} de "
        + X
        + " a mano.",
        "{Lo dejo|Os lo dejo} {conectado|enlazado} con " + X + " en el entorno de prueba.",
        "{Los cobros|Las domiciliaciones} van por "
        + X
        + " {y|pero} la conciliación la hacemos a mano.",
        "¿Seguís con " + X + " para {el correo|las nóminas|la web}?",
    ],
    "ours": [
        "En "
        + X
        + " {trabajamos con|nos centramos en} {despachos|clínicas|flotas} como el vuestro.",
        "Soy {Lucía|Carlos|Marta} de " + X + ".",
        "Gracias por confiar en " + X + ".",
        "Con " + X + " tenéis <feat> {incluido|de serie}.",
        "El equipo de " + X + " os {configura|prepara} <feat>.",
        "Los clientes de " + X + " {ahorran|reducen} {horas|errores} cada mes.",
        "Os mando la propuesta de " + X + " {hoy|mañana}.",
        "Bienvenidos al arranque con " + X + ".",
    ],
    "person": [
        "{Lo vemos|Lo decidimos} {entre|con} " + Q + " y " + X + " {esta semana|mañana}.",
        X + " se une {en un momento|más tarde}.",
        "Lo hablo con " + X + " y te digo algo.",
        "Gracias, " + X + ".",
        X + ", ¿puedes {compartir pantalla|mandar <thing>}?",
        "Quien firma es {mi socio|la gerente}, " + X + ".",
        X + " {decide|aprueba|firma} {todo|el presupuesto}.",
        X + " es {nuestra controller|el director financiero|la responsable de sistemas}.",
        "Hablé con " + X + " {ayer|esta mañana} y está de acuerdo.",
        X + " está de vacaciones {esta semana|hasta el lunes}.",
        X + " te manda <thing> <time>.",
        "Pregúntale a " + X + ", {ella|él} lo sabe.",
        "Encantada, " + X + ".",
        "{Cada vez que|Si} necesito {un listado|los datos}, {se lo pido a|depende de} "
        + X
        + " y {tarda|lleva} {días|una semana}.",
        "{El trabajo|Las horas} que "
        + X
        + " {dedica|echa} a {meter facturas|cuadrar cuentas} {es|son} {enorme|muchísimo}.",
        X + " {lo revisa|lo mira} {esta semana|mañana} y {te digo|os digo} algo.",
        "{Esto|La decisión} {la tomamos|lo vemos} {entre|con} "
        + X
        + ", {mi socio|la directora}, {y yo|que firma}.",
    ],
    "place": [
        "¿Qué tal por " + X + "?",
        "Tenemos {seis|diez} oficinas en " + X + ".",
        "Los datos se quedan en " + X + ".",
        "El almacén de " + X + " {cierra|abre} a las {seis|ocho}.",
        "Abrimos una {tienda|clínica|delegación} en " + X + " el año que viene.",
        "¿Los servidores están en " + X + "?",
        "La mitad del equipo está en " + X + ".",
        "¿Qué tal el tiempo por " + X + "?",
        "El almacén nuevo de " + X + " {abre|arranca} en {primavera|enero}.",
    ],
    "other": [
        "{Hemos firmado|Cerramos} con "
        + X
        + " como cliente {este mes|hace poco}, {así que|y} {el volumen se dobla|necesitamos más licencias}.",
        "¿Y si eso le pasa a " + X + "?",
        X + " nos obliga a {presentar|declarar} {cada trimestre|cada mes}.",
        "Nos conocimos en la feria de " + X + ".",
        "Necesitamos cumplir con " + X + " {antes de enero|este año}.",
        X + " es nuestro mayor cliente.",
        "Somos "
        + X
        + ", una {empresa familiar|gestoría|distribuidora} con {cuarenta|noventa} personas.",
        "La normativa " + X + " {entra en vigor|se aplica} {en julio|el año que viene}.",
        "La {Agencia|inspección} de " + X + " {revisa|pide} {las facturas|los libros}.",
        X + ". {Perfecto|Vale|De acuerdo}, seguimos.",
        "{El plan|La tarifa} " + X + " incluye <feat>.",
        "El proyecto " + X + " {arranca|empieza} en {abril|otoño}.",
        "{Todas las facturas|Cada declaración} {se remite|se presenta} a {la|el} "
        + X
        + " {sin tocar nada|de forma automática}.",
        "{Cumplimos|Ya cumplimos} {con|la} " + X + " {desde el primer día|sin coste extra}.",
        "¿{Tenéis preparado|Cómo lleváis} lo de "
        + X
        + "? {Es obligatorio|Entra} {el año que viene|en enero}.",
        "{Os confirmo|Os mando} {lo de|el certificado de} "
        + X
        + " por escrito {mañana|esta semana}.",
        "La feria " + X + " fue {un éxito|muy útil} este año.",
    ],
}


def rows() -> list[tuple[str, str, str]]:
    rng = random.Random(SEED)
    out: list[tuple[str, str, str]] = []
    for language, table, slots in (("en", EN, EN_SLOTS), ("es", ES, ES_SLOTS)):
        for label, templates in table.items():
            per = PER if language == "en" else PER + 6
            for text in expand(templates, slots, per, rng):
                out.append((label, language, text))
                if rng.random() < 0.2:
                    out.append((label, language, asr(text, language, rng).replace("zorvex", X)))
    return out


if __name__ == "__main__":
    print(write("competitor", __doc__.split("\n\n")[0], rows()))
