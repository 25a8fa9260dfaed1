"""The seller side when nobody is marked internal: by the organization's people, by an internal
meeting, or by roles in the talk; and through the real stage, an upload without ``ownerId``
whose speaker is one of the organization's users. Conversations written for these tests."""

from __future__ import annotations

import dataclasses

import httpx
from summary_support import make, vectors_of
from test_stage import LINES, get, transcript_json

from fixtures.factories import Tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import multipart
from meetsight.intelligence.builtin.engine import BuiltinEngine
from meetsight.intelligence.builtin.insights import seller_side
from meetsight.intelligence.builtin.notes import DEFAULT_SPECS
from meetsight.intelligence.builtin.sides import (
    _answers_or_asks_for,
    _internal_meeting,
    _split,
    with_seller_side,
)
from meetsight.intelligence.conversation import Speaker
from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES
from meetsight.intelligence.smart_categories import DEFAULT_CATEGORIES
from meetsight.state import AppState

SELLER, BUYER = "Rosa Quint", "Hector Lamb"
SALES_CALL = [
    (SELLER, "Thanks for your time, Hector. How does your team handle dispatch today?"),
    (BUYER, "Mostly whiteboards and phone calls, and we lose jobs every week because of it."),
    (
        SELLER,
        "Our platform schedules the jobs and your technicians get them on their phones.",
    ),
    (BUYER, "Honestly, your pricing looks high for a company our size."),
    (SELLER, "We can offer a ten percent discount if you sign for two years."),
    (BUYER, "My CFO will want to see the numbers before we commit."),
    (SELLER, "I'll send you the proposal with a payback estimate by Friday."),
    (BUYER, "Okay, send it over and I'll share it with her."),
]


def unmarked(turns, **kwargs):  # type: ignore[no-untyped-def]
    return make(turns, sellers=[], **kwargs)


def test_roles_in_the_talk_find_the_seller() -> None:
    call = unmarked(SALES_CALL)
    marked = with_seller_side(call, vectors_of(call))
    assert marked.internal_names == {SELLER}
    assert marked.seller_side == "roles"
    assert seller_side(marked) == {
        "speakers": [SELLER],
        "inferredFrom": "roles",
        "internalMeeting": False,
    }


def test_spanish_roles() -> None:
    call = unmarked(
        [
            ("Irene Soto", "¿Cómo gestionáis hoy las reservas de las salas?"),
            ("Pablo Gil", "Con un Excel compartido, y cada semana hay dos reservas dobles."),
            ("Irene Soto", "Nuestra plataforma lo resuelve y os podemos ofrecer un mes de prueba."),
            ("Pablo Gil", "Me preocupa el precio, nuestro presupuesto es muy justo este año."),
            ("Irene Soto", "Os preparo una propuesta con el descuento de lanzamiento."),
            ("Pablo Gil", "Vale, mándamela y la reviso con mi socio."),
        ],
        language="es",
    )
    assert with_seller_side(call, vectors_of(call)).internal_names == {"Irene Soto"}


def test_the_organizations_people_decide_first() -> None:
    call = dataclasses.replace(unmarked(SALES_CALL), org_people=("hector  LAMB",))
    marked = with_seller_side(call, vectors_of(call))
    assert marked.internal_names == {BUYER}  # the organization says so, whatever the talk
    assert marked.seller_side == "organization"


def test_an_internal_meeting_has_no_customer() -> None:
    meeting = unmarked(
        [
            ("Ana Ruiz", "Let's go through the pipeline, starting with the renewals."),
            ("Ben Ode", "Two of the accounts are at risk, the customers want a discount."),
            ("Cleo Park", "I'll check the usage numbers before we call them."),
        ],
        kind="meeting",
        title="Weekly pipeline review",
    )
    marked = with_seller_side(meeting, vectors_of(meeting))
    assert marked.internal_names == {"Ana Ruiz", "Ben Ode", "Cleo Park"}
    assert seller_side(marked)["internalMeeting"] is True


def test_marked_or_undecidable_conversations_stay_as_they_are() -> None:
    marked = make(SALES_CALL, sellers=[BUYER])
    assert with_seller_side(marked, vectors_of(marked)) is marked
    chat = unmarked([("A B", "Hi there."), ("C D", "Hello."), ("A B", "Nice weather.")])
    assert with_seller_side(chat, vectors_of(chat)).internal_names == frozenset()
    alone = unmarked([("A B", "Testing the microphone.")])
    assert with_seller_side(alone, vectors_of(alone)) is alone


def test_the_engine_reads_the_inferred_side() -> None:
    call = unmarked(SALES_CALL)
    result = BuiltinEngine().analyze(call, DEFAULT_SPECS, DEFAULT_OBJECTIVES)
    assert result.insights["talkListenRatio"] is not None
    assert result.insights["sellerSide"]["speakers"] == [SELLER]
    assert result.insights["questionsAsked"]["seller"] >= 1
    assert {o["speaker"] for o in result.insights["objections"]} <= {BUYER}
    assert len(DEFAULT_CATEGORIES) == len(DEFAULT_SPECS)


async def test_upload_without_owner_finds_the_organizations_user(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    # The tenant's user is "Olivia Owner", the first speaker; the upload names no owner.
    assert LINES[0][0] == "Olivia Owner"
    fields = [("name", "Discovery with Carl"), ("startDateTime", "2026-04-01T09:30:00Z")]
    files = [("transcript", "t.json", transcript_json(), "application/json")]
    body, headers = multipart(fields, files)
    r = await client.post(
        "/api/v1/calls/upload", headers={**tenant.headers, **headers}, content=body
    )
    assert r.status_code == 201, r.text
    call_id = r.json()["data"]["callId"]
    await drain_jobs(state)
    insights = (await get(client, tenant, f"calls/{call_id}/summary"))["insights"]
    assert insights["sellerSide"] == {
        "speakers": ["Olivia Owner"],
        "inferredFrom": "organization",
        "internalMeeting": False,
    }
    assert insights["talkListenRatio"] is not None
    assert insights["questionsAsked"]["seller"] >= 2


def test_unknown_side_is_said() -> None:
    chat = unmarked([("A B", "Hi there."), ("C D", "Hello.")])
    assert seller_side(chat) == {
        "speakers": [],
        "inferredFrom": "unknown",
        "internalMeeting": False,
    }
    marked = dataclasses.replace(chat, speakers=(Speaker("A B", True), Speaker("C D", False)))
    assert seller_side(marked)["inferredFrom"] == "marked"


def test_a_sellers_colleague_joins_the_seller_side() -> None:
    """A wider cut nearly as clear as the widest keeps a quieter colleague on our side."""
    scores = {"Lead": (0.45, 12, 0), "Colleague": (0.08, 9, 0), "Buyer": (-0.25, 10, 0),
              "Boss": (-0.8, 14, 3)}  # fmt: skip
    assert _split(scores) == {"Lead", "Colleague"}
    scores["Colleague"] = (-0.15, 9, 0)  # now clearly closer to the buyers
    assert _split(scores) == {"Lead"}


def test_a_discovery_title_is_never_an_internal_meeting() -> None:
    """Talk of "customers" in a call titled as a discovery is the buyer's own customers."""
    turns = [
        ("Abe", "Our customers order by phone, and the customers hate waiting."),
        ("Bea", "Customers also ask for delivery windows."),
        ("Cy", "How many customers a day call in?"),
    ]
    meeting = make(turns, sellers=[], title="Bakery chain / Ordero - discovery")
    scores = {"Abe": (0.0, 1, 0), "Bea": (0.0, 1, 0), "Cy": (0.0, 1, 0)}
    assert not _internal_meeting(meeting, scores)
    planning = dataclasses.replace(meeting, title="Bakery chain ordering")
    assert _internal_meeting(planning, scores)


def test_a_caller_about_their_own_bill_is_no_colleague() -> None:
    """Issue 16, steps4: "the account" said in a billing call is the caller's account; a caller
    who says "you charged me", "my bill" sounds like the customer, so three speakers of a
    support call are no internal meeting."""
    turns = [
        ("Agent Ana", "Okay, I have the account open. What's the problem?"),
        ("Caller Bo", "you charged me twice this month and my bill is wrong again"),
        ("Agent Ana", "I see both charges on the account. Let me bring in my supervisor."),
        ("Lead Cy", "I've checked the account and the second charge is our error."),
        ("Caller Bo", "so it's your mistake, fine"),
    ]
    call = unmarked(turns, title="Billing line - duplicate charge")
    assert with_seller_side(call, vectors_of(call)).seller_side != "internal meeting"


def test_an_account_review_or_a_post_mortem_is_an_internal_meeting() -> None:
    """Issue 16: the team going over its own accounts, or over what went wrong, has no
    customer in the room."""
    turns = [("Ana", "Revenue grew nine percent."), ("Ben", "Churn is flat."), ("Cy", "Good.")]
    scores = {"Ana": (0.1, 1, 1), "Ben": (0.0, 1, 0), "Cy": (0.0, 1, 0)}
    for title in (
        "Monthly account review",
        "Revisión mensual de cuentas",
        "Newsletter incident post-mortem",
        "Launch lessons learned",
    ):
        assert _internal_meeting(make(turns, sellers=[], title=title), scores)
    assert not _internal_meeting(make(turns, sellers=[], title="Dashboard demo"), scores)


def test_a_colleague_reading_seller_joins_below_a_wide_gap() -> None:
    """A second rep still reading more seller than buyer, never speaking as the buyer."""
    scores = {"Lead": (0.45, 15, 0), "Second": (0.04, 16, 0), "Buyer": (-0.3, 12, 0),
              "Boss": (-0.84, 19, 4)}  # fmt: skip
    assert _split(scores) == {"Lead", "Second"}
    scores["Second"] = (0.04, 16, 1)  # once spoke as the buyer ("our budget")
    assert _split(scores) == {"Lead"}


BOARD = [
    ("Maren Holt", "Welcome everyone. Agenda: the quarter's numbers, hiring, then the budget."),
    (
        "Maren Holt",
        "We closed eleven new customers this quarter and revenue is up thirty percent on last "
        "year. Two of them came from the partner channel we opened in the spring.",
    ),
    (
        "Luis Ferro",
        "Gross margin is at seventy-four percent, two points up on the spring. Burn was four "
        "hundred thousand a month, a little above plan because of the June hires, and "
        "collections improved: days sales outstanding went from fifty-one to forty-four.",
    ),
    ("Dana Whit", "That burn worries me. At this growth I'd expect it closer to three hundred."),
    (
        "Maren Holt",
        "Fair point. Most of it is the four engineers we hired in June, and they are ramped now. "
        "We expect the burn to come down over the next two quarters as sales catch up.",
    ),
    (
        "Luis Ferro",
        "Runway is twenty-two months at the current plan, and we have not touched the credit "
        "line. The plan for next year assumes no new round before the autumn.",
    ),
    ("Omar Sayed", "One customer being a fifth of revenue is a risk I'm not comfortable with."),
    (
        "Maren Holt",
        "Agreed, and that is why the partner channel matters. Next, hiring: we want two more "
        "account executives in the first quarter, both for the mid-market.",
    ),
    ("Dana Whit", "Send us the hiring plan before the next meeting, please."),
]


def test_a_board_meetings_presenters_are_the_host_side() -> None:
    # Management holds most of the talk (sides.py: the presenters are above the widest gap in
    # words spoken); the directors question it.
    meeting = unmarked(BOARD, kind="meeting", title="Northwind Q3 board meeting")
    marked = with_seller_side(meeting, vectors_of(meeting))
    assert marked.internal_names == {"Maren Holt", "Luis Ferro"}
    assert marked.seller_side == "board meeting"
    result = BuiltinEngine().analyze(meeting, DEFAULT_SPECS, DEFAULT_OBJECTIVES)
    # The presenters' own figures are never filed as objections; the directors' concerns are.
    speakers = {o["speaker"] for o in result.insights["objections"]}
    assert speakers and speakers <= {"Dana Whit", "Omar Sayed"}
    # The same talk under a title that names no board meeting is decided as before.
    plain = unmarked(BOARD, kind="meeting", title="Northwind Q3")
    assert with_seller_side(plain, vectors_of(plain)).seller_side != "board meeting"


def test_a_finance_chief_who_talks_far_less_than_the_chief_executive_presents_too() -> None:
    # The chief executive outtalks the finance chief by more than the finance chief outtalks the
    # directors: both are above a clear drop, so both present (the deepest clear cut, not the
    # widest). With a single presenter, a director who talks a little more than the others
    # stays on the board's side.
    ceo, cfo, chair, member = "Ilse Varga", "Tomas Reed", "Greta Olsen", "Paul Ndiaye"
    story = (
        "We signed fourteen new logos this quarter, nine of them through the reseller program "
        "we launched in April, and the average contract grew by a fifth. Churn stayed under two "
        "percent, the product team shipped the offline release, and the support backlog is down "
        "to three days. Next quarter we focus on the enterprise tier and on two hires in sales."
    )
    turns = [
        (ceo, "Thanks for joining. I'll cover the quarter, then Tomas takes the numbers."),
        (ceo, story),
        (ceo, story.replace("fourteen", "twelve").replace("April", "May")),
        (ceo, story.replace("fourteen", "fifteen").replace("April", "March")),
        (
            cfo,
            "Revenue is four point two million for the quarter, gross margin seventy-one "
            "percent, burn three hundred and ten thousand a month, runway twenty months.",
        ),
        (chair, "Twenty months is thinner than I would like going into next year."),
        (cfo, "Collections improved too: days sales outstanding went from fifty to forty-two."),
        (member, "How exposed are we to the reseller program if one partner leaves?"),
        (ceo, "Two partners bring most of it, so the exposure is real; we are adding a third."),
        (chair, "Please send the runway scenarios before the next meeting."),
    ]
    meeting = unmarked(turns, kind="meeting", title="Q2 board meeting")
    marked = with_seller_side(meeting, vectors_of(meeting))
    assert marked.internal_names == {ceo, cfo}
    alone = [t for t in turns if t[0] != cfo] + [(chair, "Thanks, that is all from me today.")]
    single = unmarked(alone, kind="meeting", title="Q2 board meeting")
    assert with_seller_side(single, vectors_of(single)).internal_names == {ceo}


def test_colleagues_presented_at_the_start_join_the_presenters_side() -> None:
    # The seller's finance lead negotiates payment terms and answers for "our CFO": read alone,
    # her turns sound like the buyer's. The lead presented her at the start, so she is ours; the
    # buyer's colleague presented by the buyer stays theirs; a name said with "with you" (the
    # other side's people) presents nobody.
    lead, finance, buyer, counsel = "Oskar Lind", "Wanda Pike", "Reza Amini", "Ida Frost"
    turns = [
        (buyer, "Thanks for coming. I've got Ida from our legal team with me today."),
        (lead, "Thanks, Reza. I see you have Ida with you. Wanda is here from our finance team."),
        (counsel, "Let's start with the liability cap, your paper caps it at twelve months."),
        (lead, "Our platform carries a two times cap for customers your size, we can offer that."),
        (counsel, "We need unlimited liability for data breaches, that's our policy."),
        (lead, "We can include a super cap at five times fees for data breaches."),
        (finance, "Annual in advance matters to us. For quarterly I'd have to go to our CFO."),
        (buyer, "Our standard is net sixty, paid quarterly. Your terms say net thirty."),
        (finance, "Net sixty is hard for us, quarterly billing would need our CFO's approval."),
        (lead, "We can set up quarterly invoicing if the term is three years."),
        (counsel, "Three years is too long for us, our policy is one year renewals."),
    ]
    meeting = unmarked(turns, kind="meeting", title="Contract review")
    marked = with_seller_side(meeting, vectors_of(meeting))
    assert marked.internal_names == {lead, finance}
    speakers = {
        meeting.lines[n.line].speaker
        for n in BuiltinEngine().analyze(meeting, DEFAULT_SPECS, DEFAULT_OBJECTIVES).notes
        if n.category_key == "objections"
    }
    assert speakers and finance not in speakers


def test_how_a_call_opens_tells_our_side_when_the_roles_do_not() -> None:
    # The agent answering, or a rep asking for the person: ours. A caller giving their own name
    # and company may be a customer calling support: it decides nothing.
    agent, rep, customer = "Lina Berg", "Tomas Ruiz", "Ada Klein"
    answered = unmarked(
        [(agent, "Thanks for calling Brightdesk, this is Lina."), (customer, "Hi.")]
    )
    assert _answers_or_asks_for(answered) == {agent}
    cold = unmarked(
        [(rep, "Buenos días, ¿hablo con Ada Klein?"), (customer, "Sí, soy yo. ¿Quién es?")]
    )
    assert _answers_or_asks_for(cold) == {rep}
    asked = unmarked([(rep, "Hi, is this Ada?"), (customer, "Speaking, who's this?")])
    assert _answers_or_asks_for(asked) == {rep}
    support = unmarked(
        [
            (customer, "Hola Lina, soy Ada Klein, de Panadería Klein. No puedo facturar."),
            (agent, "Vaya, lo miramos ahora mismo."),
        ]
    )
    assert _answers_or_asks_for(support) == set()


def test_a_caller_passed_to_a_supervisor_leaves_both_on_our_side() -> None:
    agent, supervisor, caller = "Ines Marr", "Karl Bode", "Petra Lenz"
    call = unmarked(
        [
            (agent, "Thanks for calling Brightline Energy, this is Ines. How can I help?"),
            (caller, "You charged me twice for October and my bill says I'm overdue."),
            (agent, "I'm sorry about that. I can see both payments on your account."),
            (caller, "So why is there a late fee on my statement? I paid on time."),
            (agent, "A refund that size needs my supervisor. I'll bring him in now."),
            (supervisor, "Hi Petra, Karl here. I've removed the late fee and approved the refund."),
            (caller, "How long until the money is back? This bill wrecked my budget."),
            (supervisor, "Three to five business days, and I'll email you the confirmation."),
            (agent, "Is there anything else I can help with today?"),
            (caller, "No, that's it. Just don't let it happen again."),
        ],
        kind="call",
    )
    marked = with_seller_side(call, vectors_of(call))
    assert marked.internal_names == {agent, supervisor}
    # The same talk in a meeting keeps the side at most half of the speakers.
    meeting = dataclasses.replace(call, kind="meeting", direction=None)
    assert with_seller_side(meeting, vectors_of(meeting)).internal_names != {agent, supervisor}


def test_the_sellers_plan_is_no_buyer_cue() -> None:
    from meetsight.intelligence.builtin.sides import _CUSTOMER

    assert _CUSTOMER.search("my plan is to send you the proposal on friday") is None
    assert _CUSTOMER.search("my plan was to bring our engineer") is None
    assert _CUSTOMER.search("my plan went up twice this year") is not None


def test_a_quiet_colleague_above_buyers_who_speak_as_buyers_is_ours() -> None:
    """A partner manager beside the lead reads less like selling than the lead, but never
    speaks as the buyer, while both partner speakers do: ours."""
    lead, colleague, a, b = "Noor Haddad", "Piet Claes", "Greta Lund", "Omar Saleh"
    turns = [
        (lead, "Thanks both. Our platform now covers backup for every tenant you manage."),
        (a, "Our margin is the issue. Your pricing leaves us twelve points, not twenty."),
        (lead, "We can offer a ramp on margin for the first year, and your team gets NFR seats."),
        (colleague, "On deal registration, the window is ninety days, and renewals stay yours."),
        (b, "Our budget for new vendors is frozen until April, and my CFO has to sign."),
        (colleague, "Understood. Registration is in the portal, and approvals take two days."),
        (lead, "I'll send you the order form with the ramp by Friday."),
        (a, "Fine. Our procurement will need the paper before the end of the month."),
    ]
    call = unmarked(turns, kind="meeting")
    marked = with_seller_side(call, vectors_of(call))
    assert marked.internal_names == {lead, colleague}
