"""Corpus of the `objection` head: single sentences (English and Spanish, written and as ASR
text) labelled by what they do in a sales conversation:

objection  the customer's concern about buying from us: price, timing, security and compliance,
           integration, authority, need, risk and trust, contract terms, change and adoption,
           support, channel terms; direct or indirect ("our examiners will ask where the data lives")
pain       the customer's problem with how things are today (what discovery brings out)
praise     the customer's approval, relief, enthusiasm
seller     the seller pitching, answering or reassuring ("Totally reasonable, the data stays in
           the EU"), offering, proposing
question   a neutral question about the product or the plan
neutral    logistics, small talk, facts, commitments, backchannel

Run ``python tools/corpora/objection.py`` then
``python -m meetsight.intelligence.builtin.heads.train objection``.
"""

from __future__ import annotations

import random

from expand import asr, expand, write

SEED = 23
PER = 12

EN_SLOTS = {
    "price": ["the price", "your pricing", "that number", "the quote", "the licence cost", "the per-seat price", "the implementation fee", "the renewal price", "the annual fee"],
    "amt": ["forty percent more", "double what we pay now", "twice our budget", "thirty thousand over budget", "a dollar more per truck", "seven percent more", "way above what we pay today"],
    "boss": ["our CFO", "my boss", "the board", "my partner", "finance", "procurement", "our owner", "the managing director", "legal"],
    "rival": ["our current vendor", "the other vendor", "what we have today", "the incumbent", "the other quote"],
    "when": ["this quarter", "before the summer", "in December", "during year-end close", "until the new fiscal year", "before Q3", "in the next six months", "this year"],
    "data": ["member data", "patient data", "customer data", "our financial data", "employee records", "telemetry"],
    "team": ["my team", "the technicians", "our drivers", "the nurses", "the reps", "our accountants", "the warehouse staff", "our agents"],
    "sys": ["our ERP", "the EHR", "our ticketing system", "the CRM", "our accounting package", "the payroll system", "our identity provider", "both locations"],
    "term": ["three years", "a multi-year term", "auto-renewal", "net thirty", "annual payment up front", "a seventy-two hour notice window", "a liability cap of one year of fees", "a two-year minimum"],
    "cert": ["SOC 2", "a recent pen test", "HIPAA and a BAA", "ISO 27001", "a DPA", "GDPR compliance", "data residency in the EU"],
    "hedge": ["Honestly,", "To be honest,", "Look,", "I'll be frank,", "My worry is", "The thing is,", "I have to say,", ""],
}

EN = {
    "objection": [
        "{And|Also|One more thing,} {payment terms|the notice period|the SLA|liability}. {Our|Company} {standard|policy} is {sixty days|ninety days|a higher cap|a shorter window}. {Your|The} {paper|contract|order form} says {thirty|something else|less|a week}.",
        "{Our|The company's} {standard|policy|rule} is {sixty|ninety}-day payment, {and|but} {your|the} {terms say|order form says} {thirty|fifteen}.",
        "{So|Okay,} {this is|here's} my {one|big|main} {worry|concern}. {The launch|Go-live|The date} {lands|falls} {right on|during} our {busiest weeks|year-end|audit}.",
        "{The|Your} {draft|contract|exhibit} says {a week|five days|seventy-two hours}. We need {a day|forty-eight hours|less}. That's what {our regulator|the auditors|our policy} {expects|requires}.",
        "{Otherwise|If not}, {your|the} {in-house|direct} {team|reps} {step in|take over} {halfway|at month three} and we lose {the deal|the customer}.",
        "{I'm|We're} {a bit|quite} {nervous|uneasy} about {the timing|the price|the data migration|security}. {It's|That's} {a lot|a big change} for us.",
        "{The|That} {number|quote} {is|came in} {higher|above} {what we expected|our budget}. I'd {struggle|have a hard time} {explaining|defending} it {internally|to finance}.",
        "{Honestly|To be honest|Frankly}, <price> is {higher|more} than we can justify {right now|this year|}.",
        "<price> is {too high|a problem|steep|hard to swallow} for {us|a team our size}.",
        "That's <amt>, and I can't take that to <boss>.",
        "At <amt>, {I don't see|I can't picture} <boss> {saying yes|approving it}.",
        "We don't have {budget|the budget|money} for this {until next year|this quarter|right now}.",
        "We were hoping for {a bigger discount|twenty percent off|something closer to our budget}.",
        "<term> {ties us down|is too long to commit to|is more than we're comfortable with}.",
        "We can't {sign|agree to|accept} <term>.",
        "{Our policy|Company policy} {doesn't allow|rules out} <term>.",
        "We {always|normally} pay {at sixty days|on ninety-day terms}, {so|and} {your|the} {thirty-day|fifteen-day} terms {won't work|are a problem}.",
        "{The|Your} {liability cap|indemnity clause} is {too low|far too limited} for {a breach|an incident} {involving|of} <data>.",
        "{Automatic|Silent} {renewals|rollovers} {for multiple years|beyond twelve months} {are off the table|won't get through legal}.",
        "{We need to hear|We must be told} about {an incident|a breach} {within a day|much sooner than a week}, {not|rather than} {whenever|a week later}.",
        "{Regulators|The auditors|Our inspectors} {will|are going to} {want to know|ask} {which country|where} <data> {is kept|sits} and who {has access|can read it}.",
        "<data> {can't|must not} {leave|be stored outside} {the country|the EU|our region}, {full stop|that's a hard line}.",
        "{We need|I need} <cert> before {this goes anywhere|we can sign|legal will approve it}.",
        "{No|Without} <cert>, {no deal|procurement won't even open the file|we can't onboard you as a supplier}.",
        "{Legal|Our DPO|Compliance} {will|is going to} {ask|insist on knowing} {which country|where} the {servers|backups} are.",
        "{Support staff|Engineers|Subcontractors} {abroad|in another country} {being able to|who can} {see|access} <data> {is a problem|worries our lawyers}.",
        "{Unless|If} it {doesn't|can't} {sync with|plug into} <sys>, {we can't use it|it's a non-starter|it won't get approved}.",
        "{Yet another|One more} {dashboard|app|screen} {for|to give} <team>? They {already juggle|already switch between} {too many|five} systems.",
        "I'm worried <team> won't {use it|adopt it|have time to learn it}.",
        "<team> {hate|resist|push back on} every new tool we roll out.",
        "{We can't|There's no way we can} {pull|take} <team> {away from|off} {their work|customers|the shop floor} for {training|the install|a whole day}.",
        "{Moving|Converting} {all our historical data|the legacy records|years of archives} {worries me|sounds risky|is my biggest fear}.",
        "{The timing is|Timing is} {bad|tough|not great}: we're {in the middle of|heading into} <when>.",
        "{Going live|A launch} {that soon|in six weeks|before the holidays} {seems|looks} {too aggressive|unrealistic} {given|with} our {busy season|audit|inventory count}.",
        "We can't {start|take on a project} <when>.",
        "I can't decide this {alone|on my own}, <boss> {has the final say|signs|decides}.",
        "I'd need to {run it by|convince} <boss>, and {they're|he's|she's} skeptical.",
        "I'm not sure we {really need|need} {this|another tool|all of that} {right now|today}.",
        "What we have today {works well enough|is good enough}, {so|and} I don't see the case for switching.",
        "I {doubt|don't believe} {those numbers|the thirty percent|the results you quoted} {will hold for us|apply to a clinic our size}.",
        "{We got|We've been} burned {by the last vendor|before} {on a migration like this|with promises like that}.",
        "{What happens|What do we do} if {the system|the platform|it} {goes down|fails} {during our busy season|at month-end|on a Monday morning}?",
        "{After|Given} {the|your} {outage|crash|downtime} {last quarter|in the spring}, {people here|my managers} {don't trust|have lost faith in} the {platform|product}.",
        "{Your|The} {app|system|nightly job} {has become|got} {so slow|painfully slow} {since the update|this year} that {people avoid it|we're missing deadlines}.",
        "{When|Every time} we {open a ticket|call support}, {nobody answers|it takes days|we get a bot}, {and|so} {that has to change|I'm losing patience}.",
        "{Your|The} support {has been|was} {slow|poor|disappointing} {this year|lately|since the renewal}.",
        "{Raising|Increasing} the price {by|with} {eight|twelve} percent {after the year we had|with service like this} {is hard to swallow|won't fly}.",
        "{We're|I'm} {being asked|under pressure} to {compare|benchmark} {other options|other providers} before we {renew|extend}.",
        "{Other vendors|Your rivals} {give|offer} {resellers|partners} {a better cut|more commission}, {so|and} {your terms|this margin} {don't|doesn't} {work|motivate us}.",
        "{The|That} {commission|margin} {won't|doesn't} {pay for|cover} {our sales effort|the support we'd give}.",
        "{Our|The} {deals|sales cycles} {take|run} {half a year|many months}, {so|and} {your|the} {protection period|registration window} {runs out|expires} too early.",
        "{I'm afraid|We worry} {your|the} {in-house|direct} {sales team|reps} {will|would} {compete with us|go after our customers}.",
        "We {get|got} {burned|undercut} by {channel conflict|your direct reps} {last year|before}.",
        "{Can you|Could you} {really|} {guarantee|promise} {the uptime|the timeline|that result}? {Because|} we've heard that before.",
        "{My concern|My worry|The concern} is <team> {won't adopt it|will go back to spreadsheets}.",
        "That's {a lot of|too much} {change|work|effort} for <team> {right now|at once}.",
        "{Coming in|Being on site} {four|three} days {every week|a week} {is hard|doesn't work} {for me|with my family situation}.",
        "{Is there|Any} {room|flexibility} on {remote work|the office days|the schedule}? {It's|That's} a {sticking point|concern} for me.",
        "{The|That} salary is below what I'm {making|looking for} {now|today}.",
        "{Is there|Do you have} a way to {lower|bring down} <price>? It's {over|above} what we planned.",
        "How do I know you'll {still be around|support this} in {three|five} years?",
        "I'm {not convinced|not sure} {it'll|this will} {work for|fit} {us|a company our size}.",
        "We tried something like this {two years ago|before} and {nobody used it|it failed}.",
        "I don't {want|like} {being locked in|lock-in} for <term>.",
        "{The|Your} contract says <term>, {and|but} {we can't accept that|our policy won't allow it}.",
        "<hedge> {I'm|we're} {worried|concerned} about {the price|security|the migration|the timeline|adoption}.",
        "{Paying|Being billed} {yearly|the full year} {up front|in advance} {doesn't|won't} {fit|work with} {our cash flow|how we budget}.",
        "{That|This} {seems|feels} expensive for what {we'd use|we need}.",
        "{Our|The} {IT team|security team} {won't|will never} approve {a cloud tool|another agent|that}.",
        "Your {implementation|onboarding} {estimate|plan} {seems|looks} {optimistic|unrealistic} to me.",
        "We {can't|won't} {pay|commit} {up front|for the whole year} before we see results.",
    ],
    "pain": [
        "{Last year|Two years ago} we {missed|forgot} a {cancellation|renewal|deadline} and it cost us {about|something like} {eighty|forty} thousand.",
        "{Our|The} {broker|insurer|bank} {said|told us} {costs|premiums|fees} {will|could} {rise|go up} {a lot|by a third}, on top of {an already high bill|what we pay}.",
        "{We|I} {can't|have no way to} {see|know} {which|what} {clients|products} {make money|are late} without {asking|waiting for} {someone|a spreadsheet}.",
        "{At night|On weekends} {no one|nobody} {checks|looks at} the {alarms|queue|orders} until {the next day|Monday}.",
        "We do {everything|the reconciliation|scheduling} by hand {and it takes days|in spreadsheets}.",
        "We lose {hours|a day|two days} every {week|month} {chasing|re-entering} {invoices|data|approvals}.",
        "{Our|The} {no-show|error|churn} rate is {eighteen|twelve|twenty} percent {and climbing|right now}.",
        "{The|Our} {reports|numbers} are always {late|wrong|out of date}.",
        "{The|Our} {inbox|queue} {fills up|gets flooded} with {hundreds of|endless} {notifications|requests} {we can't keep up with|that nobody triages}.",
        "{Customers|Patients|Drivers} complain {because|that} {we're slow|nobody calls back|the app crashes}.",
        "{Half|Most} of the {team's|staff's} time goes into {manual work|copying data|chasing people}.",
        "We {lost|nearly lost} a {big|key} {customer|account} {last month|in the spring} because of {a mistake|a delay}.",
        "{It|Everything} lives in {spreadsheets|email|paper} and nobody knows which version is right.",
        "Our {current|old} {system|process} {can't handle|breaks down with} {two companies|the volume|multiple sites}.",
        "{Month-end|Closing} takes {two weeks|ten days} {because of|with} all the manual {reconciliation|checks}.",
        "{Getting|Pulling} {a simple report|one number} {takes|means} {days|a week} of {someone's|the analyst's} time.",
        "{Out in the field|On site}, {the crews|our engineers} {lose connection|have no coverage} and {their work|the data} {gets lost|doesn't save}.",
        "{A firm|A company} {like ours|down the road} {was hacked|had a breach} {last year|recently} and {couldn't operate|was offline} for {days|weeks}.",
        "We pay {penalties|late fees} {every quarter|all the time} because {filings|invoices} slip.",
        "<team> {spend|waste} {the first hour|mornings} {fixing|re-entering} {the schedule|yesterday's data}.",
        "{Our|The} {insurer|underwriter} {is threatening|wants} to {raise|hike} {the premium|our rates} {unless we improve|without better controls}.",
        "We {have|had} {two|three} {outages|stockouts|missed shipments} {last quarter|this year} {because of|due to} {bad data|the old system}.",
        "{I have|There's} {no|zero} {visibility|real-time view} {into|of} {our margins|late jobs|stock levels}.",
    ],
    "praise": [
        "{No|Zero} {concerns|objections} from my side, {honestly|to be fair}.",
        "{Price|Budget|Security} {isn't|is not} {an issue|a problem|a concern} for us.",
        "{That|The timeline} {works|fits} {fine|perfectly} {for us|with our plans}.",
        "{I'm|We're} not worried about {that|the migration|adoption} {at all|anymore}.",
        "{That|It} {takes care of|answers} {my|our} {concern|worry} {about security|on price|}.",
        "{That's|This is} {really helpful|great to hear|promising}.",
        "{We|I} {love|really like} {the dashboards|the mobile app|how simple it is|the reporting}.",
        "{That|This} {looks|sounds} {great|amazing|exactly like what we need}.",
        "{The|Your} {support|onboarding|team} has been {fantastic|excellent|really responsive} {so far|this year|}.",
        "{Honestly|To be honest}, {this|the demo} {was|is} {impressive|better than I expected}.",
        "{The|That} {integration|playbook|feature} {would|will} save us {hours|a ton of time}.",
        "We're {happy|really happy|very pleased} with {the product|the rollout|how it's going}.",
        "{Okay|Great|Perfect}, that {makes sense|works for us|answers my question}.",
        "{That's|It's} {a relief|good news|reassuring} {actually|to hear}.",
        "{Usage|Adoption} {is up|went up} {a lot|forty percent} {since the rollout|this quarter} and the team likes it.",
        "I can see {my team|the technicians|our accountants} using this {every day|right away}.",
        "{Nice|Cool|Wow}, {that|the automatic matching} is {slick|really neat}.",
    ],
    "seller": [
        "I {understand|hear} the concern about {price|security|timing|the migration}; {here's what we can do|let me address it}.",
        "{That's|It's} {not|never} a {risk|problem} {with us|in practice}: {we|our team} {handle|cover} it.",
        "{We'd|We would} {cap|freeze} the {price|uplift} {for three years|at three percent} {if that helps|to make it easier}.",
        "{If|Should} {security|legal} {has|have} questions, {our|my} {CISO|team} {can join|will answer them}.",
        "{Don't worry|No need to worry} about {the migration|training|the data}, {we do it|it's included}.",
        "{Fair point|Good question}. {Your|All} data {stays|is hosted} in {your region|the EU|two local data centres}, {encrypted|with audited access}.",
        "{I hear you|Makes sense}, {let's|we can} {build|work out} the {business case|ROI} {together|with your numbers}.",
        "We can {offer|do} {a ten percent discount|a free pilot|a price lock|two months free} if you sign {a longer term|this quarter|by the fifteenth}.",
        "{Our|The} {platform|service|product} {can|will} {block the threat|sync both ways|handle both locations} {out of the box|for you}.",
        "{Most|Many} of our {customers|clinics|firms} {start with|begin in} {one team|one location|a pilot} and {expand|roll out} {later|after a quarter}.",
        "{I'd|We'd} {suggest|propose} a {technical deep dive|pilot|workshop} with {our sales engineer|the team} {next week|on Thursday}.",
        "{I can|We'll} share {our SOC 2 report|the pen test summary|a reference customer} {once the NDA is signed|this week}.",
        "That's {a fair concern|a common question|really common}, {and|so} {here's how we handle it|let me explain}.",
        "Let me {show you|walk you through} {how the integration works|the rollout plan|the pricing}.",
        "{We|I} {have|built} a {native|bidirectional} integration {with your CRM|for that|so nothing is retyped}.",
        "{A rollout|Deployment} {that size|for your team} {usually|typically} takes {two to three weeks|a month}.",
        "{Our|The} {pricing|list price} is {thirty dollars|forty euros} {per seat|per user} {a month|per month}.",
        "{We don't|We never} {charge|bill} for {onboarding|migration|support}.",
        "{If|When} you {start|sign} {next month|in spring}, {you'll be|you're} live {well before|ahead of} {the deadline|your busy season}.",
        "{Customers like you|Clinics your size} {usually|typically} see {a thirty percent drop in no-shows|payback in six months}.",
        "{What|How} would it mean for {you|the business} if {we fixed that|that went away}?",
        "I'll {take that|bring that} to {our deal desk|my manager|legal} and come back {Monday|this week}.",
        "{No|There's no} lock-in: you can {leave|export everything} {any time|at the end of the year}.",
        "{We|Our team} {handle|do} the {migration|data load|configuration} {for you|ourselves}.",
        "{Security|Data protection} is {built in|our priority}: {encryption at rest|SSO|audit logs} {come|comes} standard.",
        "{Can I ask|Could you tell me} {how many|what} {users|sites|tools} you {have|use} today?",
        "{What's|What is} {driving|triggering} {this|the project} {now|right now}?",
    ],
    "question": [
        "{Does|Can} it {export to|connect to|sync with} {Excel|our CRM|the ERP}?",
        "How does {the mobile app|single sign-on|the approval flow|reporting} work?",
        "{Is there|Do you have} {an API|a sandbox|a mobile app|a trial}?",
        "How long {does|would} {the rollout|onboarding|deployment} take, {realistically|roughly}?",
        "What does pricing look like, {roughly|ballpark}?",
        "Can users have {different|custom} {permissions|roles|dashboards}?",
        "{Who|What team} would {we|I} {work with|talk to} {most|day to day}?",
        "{Should|Do} I {prepare|bring} anything {specific|for the next call}?",
        "What does the {bonus|trial|onboarding} look like?",
        "{Is|Are} {the reports|backups|the logs} {included|kept for a year}?",
        "How do you handle {the teller machines|scanned PDFs|offline jobs}?",
        "Can we {import|bring over} {last year's data|the contacts} {ourselves|in bulk}?",
    ],
    "neutral": [
        "{We have|There are|I count} {three|four|five} {open items|points|topics} {today|left}: the {warranty|SLA|pricing table}, the {DPA|onboarding plan|invoice schedule} and the {exit clause|training dates|reporting}.",
        "{To recap|So, to sum up|Let me recap}: {you|Ana} {send|sends} the {draft|updated form} {Monday|tomorrow}, {we|Tom} {check|checks} the {terms|numbers} with {finance|legal} and {confirm|revert} {Friday|next week}.",
        "{Anything|Spend} {above|over} {twenty|fifty} thousand {needs|goes to} {the owners|our finance director|the committee}, {and then|then} {the board|the bank} {signs|approves} the {budget|line item}.",
        "{What|The thing} {really|} {matters|counts} {to me|for us} is {visibility|speed|the reporting by region}.",
        "{Our|My} {main|first} {goal|priority} {this year|for the project} is {cutting manual work|faster invoicing|better forecasts}.",
        "{Could you|Can you} {send|share} the {sender address|list of IPs|domain names} {so|because} {our filter|IT} {doesn't block|won't block} {the emails|you}? {We had that|That happened} {before|once}.",
        "{Our|The} {CRM|file storage|phone system} {is staying|stays}, {and|while} {signatures|payroll} {remain|stays} {in the current tool|as they are}.",
        "{Both|Each of them}, yes: {sales|the team} {lives|works} in {one|the CRM} and {contracts|documents} {go through|are signed in} {another|the signing tool}.",
        "{I'm not saying|This doesn't mean|Don't get me wrong,} we're {leaving|unhappy|going anywhere}.",
        "{We're|We are} not asking you to {change|drop|rebuild} {anything|the whole thing|that}.",
        "{Our|The} {email|file server|phone system} {stays|remains} as it is, {we're not touching that|that's out of scope}.",
        "{Old|Closed|Finished} {jobs|files|cases} {can stay|remain} where they are, no need to {move|migrate} them.",
        "{It's|That's} {already|fully} {budgeted|approved|funded}, so {that's not an issue|no fight there}.",
        "{I'll|We'll} make sure {it gets|the form is} {signed|sent|approved} {today|tomorrow|this week}.",
        "{I|We} {want|need} {something|it} {live|working} by {May|the autumn|the audit} so we {have|get} {a month|a few weeks} of {data|history|use}.",
        "{I have|There are} {a couple of|some} {things|points} to {raise|discuss}, {so|and} let's keep time {at the end|for that}.",
        "{We|I} {didn't know|never knew} {there was|you had} {a hotline|that feature|a portal} for that.",
        "{It|The product} {has got|got} {much|a lot} better than {the old version|last year}, {the team says|honestly}.",
        "{If|Should} {it works|the pilot goes well}, we'd {roll it out|extend it} to {everyone|the other sites} {next year|after summer}.",
        "{We|My team} {can't|won't} {go|be} {there|on site} {that day|on Monday}, but {Thursday|next week} is fine.",
        "{The|My} {reason|motivation} for {moving|looking around|the change} is {growth|a new challenge|the commute}.",
        "{We're|I'm} {not|not really} {in a rush|worried about that part}, {take|you can take} your time.",
        "We're about {two hundred|ninety|fifteen hundred} people {across|in} {three sites|two countries|eleven stores}.",
        "{Right now|Today|Currently} we {use|run} {spreadsheets|a homegrown tool|an old system} for {scheduling|billing|inventory|that}.",
        "{Our|The} {team|department} is {four|six|twelve} people, {two of them|half of them} {part-time|new}.",
        "{We|I} {want|need|would like} {something|it} {running|live|in place} by {the end of May|September|the new year}.",
        "{My manager|Our director|I} {signs off on|approves} {tools|purchases} like this.",
        "{Bigger|Larger} {purchases|contracts} {go|need to go} to {the CFO|the board|our owner} {for approval|to sign}.",
        "{We set aside|There is} {money|budget} for this {in the plan|this year|next quarter}.",
        "{Years ago|Before we grew|In the beginning} {we|they} {did it|handled that} {by phone|on paper|manually}.",
        "{I have to|I need to} {drop off|leave} at {eleven|three|half past} for {another meeting|a site visit|a call}.",
        "{If|Once} {we agree on|you confirm} the {price|details}, {I think|I'm fairly sure} we can {sign|start} {this month|soon}.",
        "{Fine|Okay}, {as long as|provided} {the training|the setup|it} {happens|is done} before {our busy season|the audit|launch}.",
        "{Please|Could you} {put|add} that {to|in} the {contract|proposal|order form}?",
        "{Spring|After the summer|The new year} is {when|the time} we {planned|wanted} to {start|do it} anyway.",
        "{If|When} we {open|add} {another clinic|a second warehouse|the new branch} next year, {how would that work|would it be the same price}?",
        "{I'll|We'll} {get|have} {it|the form} {signed|approved} {by the end of the day|this week}.",
        "{Our|The} IT {team|guy} {would|will} {handle|do} the {install|setup} {on our side|himself}.",
        "{A|Just a} {rough|ballpark} {figure|number} {is fine|would help} {for now|at this stage}.",
        "{I'll|We'll} {upload|drop} the {files|exports|photos} {to|in} {the shared folder|your portal} {later|after the call}.",
        "{We'd|We would} {start|begin} with about {twenty|thirty|ten} {users|licences|people}.",
        "{The|Our} {menus|forms|labels} {need to|must} be in {Spanish|French|two languages}.",
        "{Who|Which person} {would|will} be our {contact|main contact} {during|for} {setup|the rollout}?",
        "{Maybe|Perhaps} {our|the} {operations manager|head of IT|owner} should {join|be on} {the next call|that session}.",
        "{There are|I have} {a couple of|a few} {topics|points} {for later|to cover}, {so|and} let's {keep|save} time for them.",
        "{Our|The} {last|previous} {project|rollout} {went|went quite} {fine|well} {in the end|overall}.",
        "{Our|The} {nurses|drivers|cashiers} {tried|tested} {the app|it} {yesterday|last week} and {found it easy|had no trouble}.",
        "{If|Provided} the {numbers|terms} {work|add up}, we'd {go ahead|sign} {next month|this quarter}.",
        "{Good|Great|Fine}, {that|the plan} {sounds|looks} {reasonable|like a plan}.",
        "{Sorry|Apologies}, {I was|I'm} {just back|coming back} from {a delivery|the school run|a meeting}, give me a {second|minute}.",
        "{I|We} {studied|trained} {as an engineer|in accounting|abroad} {before|and then} {moving|switching} to this role.",
        "{We've|The company has} {grown|doubled} {a lot|quickly} {in the last two years|since the merger}.",
        "{The|Our} {agenda|plan} {today|for this call} is {simple|short}: {introductions|a quick demo} and {questions|next steps}.",
        "{We'd|I'd} {love|like} to {have it|be live} before {the school year|our anniversary|the trade fair}.",
        "{We|Our team} {will|can} {send|share} the {purchase order|PO} once {it's approved|we have the final quote}.",
        "{Our|The} {accountant|lawyer} {will|wants to} {read|check} the {contract|terms} {first|before we sign}.",
        "{It's|That's} {a|an} {easy|quick} one, {we can|let's} {close|settle} it {now|today}.",
        "{Our|The} {patients|customers|members} {mostly|usually} {book|call} {in the morning|by phone}.",
        "{We|Our stores} {keep|have} about {five hundred|two thousand} {products|items|SKUs} in stock.",
        "{I'll|Let me} {double-check|confirm} {with|that with} {our manager|the owner|finance} {first|and revert}.",
        "{Okay|Sure|Right}, {go ahead|carry on|that's clear}.",
        "{The|Our} {first|test} {group|batch} {would be|is} {ten|twenty} people from {one site|the front desk|sales}.",
        "{It's|It was} {raining|snowing|really hot} {here|in town} {today|this morning}, {sorry|excuse me} if I {sound tired|was late}.",
        "{Thursday|Monday|The fourth} at {one|ten} works for me.",
        "I'll send {the list|it|the details|the file} over by {Friday|tomorrow|end of day}.",
        "{Morning|Hi|Hey} {everyone|all}, can you hear me {okay|alright}?",
        "{Sure|Yes|Yep}, {that works|sounds good|no problem}.",
        "{Let me|I'll} {share my screen|pull that up|check with the team}.",
        "{The|Our} {contract|subscription} {ends|renews} in {June|August|the spring}.",
        "We {have|run} {about sixty|over a hundred|two hundred} {laptops|vehicles|machines} {today|in total}.",
        "{Our|My} {colleague|partner|assistant} is joining in a minute.",
        "{Heavy snow|A storm|A heat wave} {last weekend|on Sunday}, {crazy|unbelievable} weather.",
        "We {opened|launched} the {new|second} {store|site|clinic} {last year|in March}.",
        "{Okay|Right|Got it}, {so|and} {that's|it's} {two people|a small team} on {our|the} {IT|admin} side.",
        "I {sent|shared} {the agenda|the deck|the brief} {on Monday|yesterday|earlier today}.",
        "{Let's|We'll} {meet|regroup|catch up} again in two weeks.",
        "{My|Our} {controller|office manager|ops lead} {runs|owns} the {budget|process|rollout}.",
        "{Good|Great} {luck|to see you} with the {launch|move|inspection}.",
    ],
}

ES_SLOTS = {
    "price": ["el precio", "la cuota", "la propuesta", "la licencia", "la implantación", "la renovación"],
    "amt": ["casi cuatro veces lo que pagamos", "el doble de lo que pagamos", "bastante más de lo que pagamos", "un cuarenta por ciento más", "más de nuestro presupuesto"],
    "boss": ["mi socio", "el director financiero", "la dirección", "el consejo", "el gerente", "mi jefe", "compras"],
    "when": ["en diciembre", "antes del cierre", "este trimestre", "en plena campaña", "hasta enero", "antes del verano"],
    "team": ["el equipo", "los técnicos", "administración", "los comerciales", "las enfermeras", "los contables"],
    "sys": ["nuestro ERP", "el programa de contabilidad", "el CRM", "las dos sociedades", "el banco"],
    "term": ["tres años", "la renovación automática", "el pago anual por adelantado", "una permanencia de dos años", "pagar a treinta días"],
}

ES = {
    "objection": [
        "{Sinceramente|La verdad|Honestamente}, <price> es más {alto|caro} de lo que podemos justificar.",
        "{Con|Siendo} <amt>, {no sé si|difícil que} <boss> lo {apruebe|acepte}.",
        "Me parece {caro|muy caro|demasiado} para {lo que usamos|una empresa como la nuestra}.",
        "No tenemos presupuesto para esto {hasta enero|este año|ahora mismo}.",
        "{Esperábamos|Contábamos con} un descuento {mayor|más grande|de verdad}.",
        "<term> {es mucho compromiso|no lo podemos aceptar|nos parece demasiado}.",
        "{Traspasar|Pasar} {todo el archivo|los datos antiguos|años de registros} me da {miedo|mucho respeto}.",
        "<when> {nos viene fatal|es imposible}, {hay inventario|vamos a tope|es temporada alta}.",
        "{El momento|La fecha} {es malo|no es buena|nos pilla fatal}: estamos <when>.",
        "{Yo solo no puedo|No me corresponde} {decidirlo|firmarlo}, {tiene que verlo|lo aprueba} <boss>.",
        "{Sin|Hasta tener} el visto bueno de <boss> no puedo {comprometerme|firmar nada}.",
        "{Me preocupa|Tengo miedo de} que <team> no {lo use|tenga tiempo de aprenderlo|se adapte}.",
        "Si no se integra con <sys>, no nos sirve.",
        "{Otro programa|Otra aplicación} más {para|a} <team>... {ya usan|ya tienen} {demasiados|un montón}.",
        "¿Dónde {están|se guardan} los datos? {Nuestro abogado|La dirección|El DPO} lo va a preguntar.",
        "No podemos tener los datos {fuera de la UE|en servidores de fuera|en la nube americana}.",
        "{Necesitamos|Sin} {la ISO 27001|un contrato de encargado|el certificado} {antes de firmar|no pasamos la auditoría}.",
        "No estoy seguro de que lo {necesitemos|vayamos a aprovechar} {ahora mismo|de verdad}.",
        "Lo que tenemos {funciona|nos vale} {más o menos|de momento}, no veo {claro|la necesidad de} cambiar.",
        "{Dudo|No me creo} que {esos números|ese ahorro|esos resultados} {se cumplan|valgan} en {nuestro caso|una empresa como la nuestra}.",
        "{La última vez|Con el anterior proveedor} {nos la jugaron|salió fatal} con {la migración|las promesas}.",
        "¿Y si {el sistema|la plataforma} {se cae|falla} en {pleno cierre|plena campaña|un momento crítico}?",
        "{El soporte|Vuestro soporte} {ha sido|fue} {lento|un desastre|muy flojo} {este año|últimamente}.",
        "{Subir|Una subida de} {la cuota|el precio} {con el servicio que hemos tenido|después de tantas incidencias} {no tiene sentido|cuesta aceptarlo}.",
        "{Tenemos que|Nos toca} {comparar|pedir otras ofertas} antes de {renovar|prorrogar} el contrato.",
        "No queremos {permanencia|atarnos} de <term>.",
        "Pagar {por adelantado|todo el año} {antes de ver resultados|así} no nos encaja.",
        "{La comisión|El margen} que {ofrecéis|dejáis} {no nos compensa|se queda corto} {para empujarlo|para venderlo}.",
        "{Ir a la oficina|Estar presencial} {casi toda la semana|tantos días} {me complica|es un problema} {la conciliación|con la familia}.",
        "{Es mucho cambio|Es demasiado} para <team> {ahora mismo|de golpe}.",
        "{Me preocupa|Mi duda es} {el precio|la migración|el plazo|la seguridad}, {la verdad|sinceramente}.",
    ],
    "pain": [
        "Lo hacemos todo a mano y {perdemos|se nos van} {horas|días} cada {semana|mes}.",
        "{Cualquier informe|Un simple listado} {tarda|nos lleva} {días|una semana} en {salir|prepararse}.",
        "{Los clientes|Los pacientes} se quejan porque {tardamos|no llamamos}.",
        "Cada {mes|cierre} {perdemos|se nos escapan} {facturas|errores} por {los retrasos|el papel}.",
        "No {sé|tenemos forma de saber} {qué clientes son rentables|cómo va el stock} {en tiempo real|sin pedirlo}.",
        "{La información|Los datos} {está|están} repartid{a|os} en hojas de cálculo y nadie sabe cuál vale.",
        "{Tardamos|Se tarda} {diez días|dos semanas} en cerrar el mes.",
        "{Nerea|La administrativa|El equipo} {se pasa|pasa} {las mañanas|el día} metiendo facturas a mano.",
        "{El sistema actual|El programa} {no aguanta|no puede con} {dos sociedades|el volumen}.",
        "{Tuvimos|Hemos tenido} {una multa|un recargo|errores} {por|con} {las declaraciones|los plazos}.",
    ],
    "praise": [
        "{Me gusta mucho|Me encanta} {la conciliación automática|cómo se ve|el informe}.",
        "{Eso|Esto} {está muy bien|es justo lo que necesitamos|nos ahorraría mucho}.",
        "{Perfecto|Genial|Estupendo}, {eso me tranquiliza|me cuadra|tiene sentido}.",
        "La demo {ha estado|estuvo} {muy bien|genial}, {la verdad|de verdad}.",
        "{Vuestro equipo|El soporte} {ha sido|es} {fantástico|muy rápido} {hasta ahora|este año}.",
        "{Se ve|Parece} {muy fácil|sencillo} de usar.",
    ],
    "seller": [
        "Lo entiendo, {pero|aunque} {quedarse como estáis|no cambiar} también {tiene un coste|cuesta dinero}.",
        "{Nuestra plataforma|El programa} ya cumple con {la normativa|el RGPD|la nueva ley}.",
        "Para eso hay un conector {con vuestro CRM|con el banco|nativo}.",
        "{Os puedo|Podemos} {hacer|ofrecer} un descuento si {firmáis|pagáis} {dos años|el año por adelantado}.",
        "La migración {la hacemos|os la hacemos} nosotros, {sin coste|incluida}.",
        "{Los datos|Todo} se {alojan|guardan} en servidores en {Frankfurt|la UE|España}.",
        "{Os lo enseño|Te lo enseño} {ahora|en la demo|un momento}.",
        "Los clientes de vuestro tamaño {suelen|ahorran} {ahorrar|recuperar} la inversión en {seis meses|un año}.",
        "¿Cuántas facturas {gestionáis|emitís} al mes?",
        "¿Qué os haría cambiar {ahora|este año}?",
        "Lo hablo con {mi responsable|dirección} y os {digo|confirmo} algo {mañana|el lunes}.",
        "El precio es de {ciento cincuenta|doscientos} euros al mes {con todo incluido|por sociedad}.",
    ],
    "question": [
        "¿Se integra con {el banco|nuestro CRM|el ERP}?",
        "¿Cómo funciona {la conciliación|la exportación|la app móvil}?",
        "¿Cuánto {se tarda|tardaríamos} en {arrancar|tenerlo funcionando}?",
        "¿Tiene {aplicación móvil|API|periodo de prueba}?",
        "¿Se puede {configurar por usuario|exportar a Excel|tener varias sociedades}?",
        "¿Quién nos {acompaña|ayuda} en la {implantación|formación}?",
    ],
    "neutral": [
        "Somos {dos|tres} {tiendas|clínicas|oficinas} y unas {cuarenta|noventa} personas.",
        "{Ahora|Hoy} {usamos|llevamos} {hojas de cálculo|un programa antiguo} para {los pedidos|las citas|el almacén}.",
        "{Queremos|Nos gustaría} tenerlo {funcionando|en marcha} {antes de enero|en primavera|para septiembre}.",
        "{Las compras grandes|Los contratos} {los aprueba|los firma} {el gerente|la dirección|mi socia}.",
        "{Tenemos|Hay} {partida|presupuesto} para esto {este año|en el plan}.",
        "{Si|Cuando} {abrimos|sumamos} {otra tienda|una clínica nueva}, ¿{cómo funcionaría|entra en el mismo precio}?",
        "{Vale|Perfecto}, siempre que {la formación|el arranque} {sea|esté} antes {de la campaña|del verano}.",
        "{Ponedlo|Añadidlo} en {la propuesta|el contrato}, por favor.",
        "{Antes|Hace años} lo {hacíamos|llevábamos} {en papel|por teléfono}.",
        "{Lo comento|Lo hablo} con {el equipo|mi socio} {esta semana|mañana}.",
        "{El equipo|La oficina} son {tres|cinco} personas.",
        "{Nos gustaría|Queremos} {empezar|arrancar} antes de {fin de año|las vacaciones}.",
        "{Atendemos|Gestionamos} unos {doscientos|mil} {clientes|pacientes} al mes.",
        "¿{Quién|Cuál} sería {nuestra persona de contacto|el responsable} {en la puesta en marcha|durante el arranque}?",
        "{Tenemos|Hay} {dos|tres} {almacenes|tiendas} y {una oficina|la central}.",
        "{El jueves|El martes|Mañana} a las {diez|cuatro} me va bien.",
        "Te mando {el fichero|el listado|los datos} {el viernes|mañana|hoy}.",
        "{Hola|Buenos días}, ¿me oís bien?",
        "{Vale|Sí|Perfecto}, {sin problema|me cuadra|de acuerdo}.",
        "{Ahora comparto|Comparto} pantalla.",
        "Nos vemos {el martes|la semana que viene}.",
        "{Perdona|Disculpa}, {vengo|acabo de volver} de {una visita|una reunión}, dame un segundo.",
        "{Nuestro|El} {gestor|abogado} {quiere|va a} {revisar|leer} el contrato {antes|primero}.",
        "{Hemos|La empresa ha} crecido {mucho|bastante} {estos dos años|desde la fusión}.",
    ],
}


TURNS = 500  # per language: turns of two or three sentences, as people speak
# A turn with an objection in it is an objection; other turns take their main sentence's label.
_MIX = {"objection": ("neutral", "praise", "question", "pain"), "pain": ("neutral",), "praise": ("neutral",), "seller": ("seller", "question"), "neutral": ("neutral", "question"), "question": ("neutral",)}


def _turns(singles: dict[str, list[str]], language: str, rng: random.Random) -> list[tuple[str, str, str]]:
    out = []
    labels = sorted(singles)
    for _ in range(TURNS):
        label = rng.choice(labels)
        main = rng.choice(singles[label])
        extra = [rng.choice(singles[rng.choice(_MIX[label])]) for _ in range(rng.randint(1, 2))]
        parts = [main, *extra]
        rng.shuffle(parts)
        out.append((label, language, " ".join(parts)))
    return out


def rows() -> list[tuple[str, str, str]]:
    rng = random.Random(SEED)
    out: list[tuple[str, str, str]] = []
    for language, table, slots in (("en", EN, EN_SLOTS), ("es", ES, ES_SLOTS)):
        singles: dict[str, list[str]] = {}
        for label, templates in table.items():
            per = PER if language == "en" else PER + 8
            singles[label] = expand(templates, slots, per, rng)
            for text in singles[label]:
                out.append((label, language, text))
                if rng.random() < 0.2:
                    out.append((label, language, asr(text, language, rng)))
        for label, _, text in _turns(singles, language, rng):
            out.append((label, language, text))
            if rng.random() < 0.2:
                out.append((label, language, asr(text, language, rng)))
    return out


if __name__ == "__main__":
    print(write("objection", __doc__.split("\n\n")[0], rows()))
