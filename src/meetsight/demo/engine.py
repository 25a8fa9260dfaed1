"""Assembling one conversation: who is in it, which blocks it is made of, and when each turn is
spoken. Facts are read back from the finished text, so they are true by construction."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from datetime import date, timedelta

from meetsight.demo import blocks_account as account
from meetsight.demo import (
    blocks_demo,
    blocks_discovery,
    blocks_es,
    blocks_objections,
    blocks_pricing,
)
from meetsight.demo import blocks_opening as opening
from meetsight.demo.cast import (
    COMPANIES,
    MODULES,
    OUR_COMPANY,
    PLANS,
    PRODUCT,
    TEAM,
    Company,
    company_id,
    contact_crm_id,
    contact_person,
    opportunity_id,
)
from meetsight.demo.next_steps import ACK, ACTIONS, ASK, COMMIT, STAGES
from meetsight.demo.phrasing import Block, Slots, fill, money, spoken_date, weekday_name
from meetsight.demo.records import DemoActivity, DemoFacts, DemoPerson, DemoSegment
from meetsight.demo.schedule import LONGEST, LONGEST_SEGMENTS, Slot
from meetsight.demo.timing import caption_count, timed_segments
from meetsight.demo.variety import BACKCHANNEL_RATE, vary

POOLS: dict[str, dict[str, Sequence[Block]]] = {
    "en": {
        "discovery": blocks_discovery.DISCOVERY,
        "demo": blocks_demo.DEMO,
        "pricing": blocks_pricing.PRICING,
        "objections": blocks_objections.OBJECTIONS,
        "onboarding": account.ONBOARDING,
        "renewal": account.RENEWAL,
    },
    "es": {
        "discovery": blocks_es.DISCOVERY,
        "demo": blocks_es.DEMO,
        "pricing": blocks_es.PRICING,
        "objections": blocks_es.OBJECTIONS,
        "onboarding": blocks_es.DEMO,  # no Spanish deal reaches these stages yet
        "renewal": blocks_es.PRICING,
    },
}
OPENINGS = {"en": opening, "es": blocks_es}

# Share of the body each phase gets, by activity type.
PHASES: dict[str, tuple[tuple[str, float], ...]] = {
    "Inbound inquiry": (("discovery", 0.6), ("demo", 0.25), ("pricing", 0.15)),
    "Discovery call": (("discovery", 0.75), ("demo", 0.1), ("objections", 0.15)),
    "Product demo": (("discovery", 0.15), ("demo", 0.6), ("objections", 0.15), ("pricing", 0.1)),
    "Follow-up call": (("demo", 0.4), ("objections", 0.35), ("pricing", 0.25)),
    "Pricing review": (("pricing", 0.6), ("objections", 0.4)),
    "Negotiation": (("pricing", 0.55), ("objections", 0.45)),
    "Onboarding kickoff": (("onboarding", 0.8), ("demo", 0.2)),
    "Renewal check-in": (("renewal", 0.6), ("discovery", 0.15), ("pricing", 0.25)),
}
# Segment counts (sentences and captions) by media type: calls are short, on-site meetings long.
SEGMENT_RANGE = {"phonecall": (60, 100), "videocall": (80, 170), "presential": (100, 200)}
# Who joins besides the owner, by activity type.
EXTRA_INTERNAL = {
    "Product demo": ("se-tom", "se-ana"),
    "Negotiation": ("mgr-rachel",),
    "Onboarding kickoff": ("csm-omar",),
    "Renewal check-in": ("csm-omar",),
}
CUSTOMER_COUNT = {
    "Inbound inquiry": (1, 1),
    "Discovery call": (1, 2),
    "Product demo": (2, 3),
    "Follow-up call": (1, 2),
    "Pricing review": (1, 2),
    "Negotiation": (1, 2),
    "Onboarding kickoff": (2, 3),
    "Renewal check-in": (1, 2),
}
ALL_COMPETITORS = sorted({name for c in COMPANIES for name in c.competitors})
NAMES_ES = {
    "Inbound inquiry": "Consulta entrante",
    "Discovery call": "Reunión de descubrimiento",
    "Product demo": "Demo de producto",
    "Follow-up call": "Llamada de seguimiento",
    "Pricing review": "Revisión de precios",
    "Negotiation": "Negociación",
}


class Conversation:
    """The turns of one conversation as they are produced, with a limit on the number of
    segments they make (a turn of three sentences is three segments)."""

    def __init__(self, rng: random.Random, lang: str, cast: dict[str, DemoPerson]) -> None:
        self.rng, self.lang, self.cast = rng, lang, cast
        self.turns: list[tuple[str, str]] = []
        self.segments = 0
        self.limit = 10**6
        self.topics: list[str] = []
        self.budget = False

    @property
    def room(self) -> int:
        return self.limit - self.segments

    def add(self, speaker: str, text: str) -> bool:
        if self.room <= 0:
            return False
        self.turns.append((speaker, text))
        self.segments += caption_count(text)
        return True

    def render(self, block: Block, roles: dict[str, str], slots: Slots) -> None:
        spoken = 0
        previous = roles["c1"] if roles["c1"] != roles["rep"] else roles["rep"]
        for role, phrasings in block.turns:
            speaker = roles[role]
            # Address the one who spoke before, or the main customer when a rep opens.
            listener = previous if previous != speaker else roles["c1"]
            if (
                listener == speaker
                or self.cast[listener].is_internal == self.cast[speaker].is_internal
            ):
                listener = roles["c1"] if self.cast[speaker].is_internal else roles["rep"]
            name = self.cast[listener].name.split()[0]
            text = vary(fill(self.rng.choice(phrasings), slots), self.lang, self.rng, name)
            previous = speaker
            if not self.add(speaker, text):
                break
            spoken += 1
            self._maybe_backchannel(speaker, text, roles)
        if block.topic and spoken >= 2 and block.topic not in self.topics:
            self.topics.append(block.topic)
        self.budget = self.budget or (block.budget and spoken >= 2)

    def _maybe_backchannel(self, speaker: str, text: str, roles: dict[str, str]) -> None:
        # Listeners acknowledge longer statements now and then.
        if len(text.split()) < 15 or self.rng.random() > BACKCHANNEL_RATE or self.room <= 1:
            return
        listener = roles["rep"] if not self.cast[speaker].is_internal else roles["c1"]
        if listener != speaker:
            text = self.rng.choice(OPENINGS[self.lang].BACKCHANNELS)
            if self.rng.random() < 0.4 and text.endswith("."):  # "Got it, Grace."
                text = f"{text[:-1]}, {self.cast[speaker].name.split()[0]}."
            self.add(listener, text)


def build_activity(rng: random.Random, slot: Slot) -> DemoActivity:
    company, lang = slot.company, slot.company.language
    owner = TEAM[company.owner]
    internal, customers = _attendees(rng, slot)
    people = [owner, *internal, *customers]
    cast = {p.key: p for p in people}
    base = _base_slots(rng, slot, owner)
    convo = Conversation(rng, lang, cast)
    pick = RolePicker(rng, owner, internal, customers)

    target = _target_segments(rng, slot)
    _opening(convo, slot, pick, base)
    closing = Conversation(rng, lang, cast)
    next_steps = _next_steps(closing, slot, owner, internal, customers, pick, base)
    closing.render(rng.choice(OPENINGS[lang].CLOSING), pick(), _slots(rng, base, pick()))
    convo.limit = target - closing.segments
    _body(convo, slot, pick, base)
    convo.turns.extend(closing.turns)

    segments = timed_segments(rng, convo.turns)
    text = " ".join(s.content for s in segments).lower()  # a sentence may span captions
    facts = DemoFacts(
        next_steps=next_steps,
        competitors=[c for c in ALL_COMPETITORS if c.lower() in text],
        budget_mentioned=convo.budget,
        pains=[p for p in company.pains if p.lower() in text],
        topics=[*convo.topics, "Siguientes pasos" if lang == "es" else "Next steps"],
    )
    return _activity(rng, slot, owner, people, segments, facts)


def _attendees(rng: random.Random, slot: Slot) -> tuple[list[DemoPerson], list[DemoPerson]]:
    company = slot.company
    internal: list[DemoPerson] = []
    extra = EXTRA_INTERNAL.get(slot.activity_type)
    if extra:
        # Spanish-speaking deals get the Spanish-speaking engineer.
        key = extra[-1] if company.language == "es" else extra[0]
        internal.append(TEAM[key])
    elif slot.media_type != "phonecall" and rng.random() < 0.3:
        internal.append(TEAM["se-ana" if company.language == "es" else "se-tom"])
    low, high = CUSTOMER_COUNT[slot.activity_type]
    if slot.media_type == "phonecall":
        high = 1 if internal else min(high, 2)
    if (company.key, slot.index) == LONGEST:
        high = 4
    wanted = rng.randint(low, max(low, high))
    # The main contact is always there; finance joins when money is on the table.
    others = list(range(1, len(company.contacts)))
    rng.shuffle(others)
    if slot.activity_type in ("Pricing review", "Negotiation"):
        others.remove(1)
        others.insert(0, 1)
    chosen = [0, *others][: min(wanted, 6 - 1 - len(internal))]
    return internal, [contact_person(company, i) for i in chosen]


class RolePicker:
    """Who plays each role in the next exchange: the main contact talks most, others join in."""

    def __init__(
        self,
        rng: random.Random,
        owner: DemoPerson,
        internal: list[DemoPerson],
        customers: list[DemoPerson],
    ) -> None:
        self.rng, self.owner, self.internal, self.customers = rng, owner, internal, customers

    def __call__(self) -> dict[str, str]:
        weights = [3.0] + [1.0] * (len(self.customers) - 1)
        c1 = self.rng.choices(self.customers, weights)[0]
        rest = [c for c in self.customers if c is not c1]
        c2 = self.rng.choice(rest) if rest else c1
        other = self.internal[0] if self.internal else self.owner
        mgr = next((p for p in self.internal if p.key.startswith("mgr-")), other)
        return {"rep": self.owner.key, "int": other.key, "mgr": mgr.key, "c1": c1.key, "c2": c2.key}


def _base_slots(rng: random.Random, slot: Slot, owner: DemoPerson) -> dict[str, str]:
    company, lang = slot.company, slot.company.language
    price = PLANS[company.plan]
    discount = rng.choice((8, 10, 12, 15, 18, 20))
    net = round(price * (100 - discount) / 100)
    competitors = list(company.competitors)
    rng.shuffle(competitors)
    second = [c for c in ALL_COMPETITORS if c != competitors[0]]
    day = slot.start.date()
    crews = company.crews
    return {
        "our": OUR_COMPANY,
        "product": PRODUCT,
        "company": company.name,
        "short": company.name.split()[0],
        "city": company.city,
        "industry": company.industry,
        "crews": crews,
        "crew_one": _singular(crews),
        "competitor": competitors[0],
        "competitor2": competitors[1] if len(competitors) > 1 else rng.choice(second),
        "seats": str(company.seats),
        "plan": company.plan,
        "price": money(price, lang),
        "net": money(net, lang),
        "discount": str(discount),
        "annual": money(company.seats * net * 12, lang),
        "pilot": str(max(5, company.seats // rng.choice((5, 6, 8, 10)))),
        "quarter": _next_quarter(day, lang),
        "golive": spoken_date(_weekday_after(day, rng.randint(30, 70)), lang),
        "day": weekday_name(day, lang),
        "minutes": str(rng.choice((30, 45, 60))),
    }


def _slots(rng: random.Random, base: dict[str, str], roles: dict[str, str]) -> Slots:
    """Slot values for one exchange: names for its roles and fresh numbers."""
    company = next(c for c in COMPANIES if c.name == base["company"])
    pains = rng.sample(company.pains, 2)
    modules = rng.sample(MODULES, 2)
    people = {**TEAM, **{p.key: p for p in _contacts(company)}}
    first = {role: people[key].name.split()[0] for role, key in roles.items()}
    return Slots(
        base,
        rep_first=first["rep"],
        int_first=first["mgr"] if roles["mgr"] != roles["int"] else first["int"],
        c1_first=first["c1"],
        c2_first=first["c2"],
        pain=pains[0],
        pain2=pains[1],
        module=modules[0],
        module2=modules[1],
        hours=str(rng.choice((4, 6, 8, 10, 12, 15, 20, 25, 30))),
        pct=str(rng.randint(10, 45)),
        count=str(rng.randint(3, 40)),
        weeks=str(rng.randint(2, 8)),
    )


def _contacts(company: Company) -> list[DemoPerson]:
    return [contact_person(company, i) for i in range(len(company.contacts))]


def _target_segments(rng: random.Random, slot: Slot) -> int:
    if (slot.company.key, slot.index) == LONGEST:
        return LONGEST_SEGMENTS
    low, high = SEGMENT_RANGE[slot.media_type]
    if slot.activity_type == "Inbound inquiry":
        high = low + 30
    return rng.randint(low, high)


def _opening(convo: Conversation, slot: Slot, pick: RolePicker, base: dict[str, str]) -> None:
    rng, blocks = convo.rng, OPENINGS[slot.company.language]
    if slot.media_type != "phonecall":
        greetings = blocks.GREETING_MEETING
    else:
        greetings = (
            blocks.GREETING_CALL_IN if slot.direction == "inbound" else blocks.GREETING_CALL_OUT
        )
    roles = pick()
    roles["c1"] = (
        contact_person(slot.company, 0).key if slot.media_type == "phonecall" else roles["c1"]
    )
    convo.render(rng.choice(greetings), roles, _slots(rng, base, roles))
    if rng.random() < (0.3 if slot.media_type == "phonecall" else 0.75):
        roles = pick()
        convo.render(rng.choice(blocks.SMALL_TALK), roles, _slots(rng, base, roles))
    early = STAGES[slot.activity_type] == "early"
    if slot.media_type != "phonecall" or not early:
        options = blocks.AGENDA if early or rng.random() < 0.4 else blocks.RECAP
        roles = pick()
        convo.render(rng.choice(options), roles, _slots(rng, base, roles))


def _body(convo: Conversation, slot: Slot, pick: RolePicker, base: dict[str, str]) -> None:
    rng, pools = convo.rng, POOLS[slot.company.language]
    body = convo.room
    phases = PHASES[slot.activity_type]
    decks: dict[str, list[Block]] = {}

    def draw(phase: str) -> Block:
        # Deal blocks like cards: every block once before any repeats.
        if not decks.get(phase):
            decks[phase] = list(pools[phase])
            rng.shuffle(decks[phase])
        return decks[phase].pop()

    for phase, share in phases:
        goal = convo.segments + round(body * share)
        while convo.segments < goal and convo.room > 0:
            roles = pick()
            convo.render(draw(phase), roles, _slots(rng, base, roles))
    while convo.room > 0:  # top up to the exact target with the last phase's blocks
        roles = pick()
        convo.render(draw(phases[-1][0]), roles, _slots(rng, base, roles))


def _next_steps(
    convo: Conversation,
    slot: Slot,
    owner: DemoPerson,
    internal: list[DemoPerson],
    customers: list[DemoPerson],
    pick: RolePicker,
    base: dict[str, str],
) -> list[tuple[str, str, str | None]]:
    rng, lang = convo.rng, slot.company.language
    stage = STAGES[slot.activity_type]
    options = list(ACTIONS[lang].get(stage) or ACTIONS[lang]["mid"])
    actors = {"rep": owner, "int": internal[0] if internal else owner, "c1": customers[0]}
    count = rng.randint(1, 2) if slot.media_type == "phonecall" else rng.randint(2, 3)
    chosen = rng.sample(options, count)
    convo.add(owner.key, vary(rng.choice(ASK[lang]), lang, rng, customers[0].name.split()[0]))
    steps: list[tuple[str, str, str | None]] = []
    start = slot.start.date()
    for role, template in chosen:
        actor = actors[role]
        action = fill(template, Slots(base))
        deadline = _weekday_after(start, rng.randint(2, 12)) if rng.random() < 0.85 else None
        when = spoken_date(deadline, lang) if deadline else _soon(lang)
        line = fill(rng.choice(COMMIT[lang]), Slots(action=action, deadline=when))
        convo.add(actor.key, line)
        if rng.random() < 0.6:
            listener = owner if not actor.is_internal else customers[0]
            ack = rng.choice(ACK[lang])
            if rng.random() < 0.5:  # "Perfect, Grace."
                ack = f"{ack[:-1]}, {actor.name.split()[0]}{ack[-1]}"
            convo.add(listener.key, ack)
        steps.append((action, actor.key, deadline.isoformat() if deadline else None))
    return steps


def _soon(lang: str) -> str:
    return "pronto" if lang == "es" else "the end of next week"


def _activity(
    rng: random.Random,
    slot: Slot,
    owner: DemoPerson,
    people: list[DemoPerson],
    segments: list[DemoSegment],
    facts: DemoFacts,
) -> DemoActivity:
    company, lang = slot.company, slot.company.language
    customers = [p for p in people if not p.is_internal]
    main = customers[0]
    call = slot.media_type == "phonecall"
    inbound = slot.direction == "inbound"
    if lang == "es":
        name = f"{NAMES_ES[slot.activity_type]} · {company.name}"
        description = f"{NAMES_ES[slot.activity_type]} con {main.name} ({company.name})."
    else:
        name = f"{slot.activity_type} · {company.name}"
        description = f"{slot.activity_type} with {main.name}, {main.title} at {company.name}."
    meeting_id = None
    if not call and rng.random() < 0.9:
        meeting_id = f"cal-{rng.getrandbits(64):016x}"
    indexes = [int(p.key.rsplit("-", 1)[1]) for p in customers]
    renewal = company.key == "keystone"
    return DemoActivity(
        name=name,
        description=description,
        media_type=slot.media_type,
        start=slot.start,
        duration=math.ceil(segments[-1].end_time + rng.uniform(4, 40)),
        language=lang,
        direction=slot.direction,
        from_number=(main.phone if inbound else owner.phone) if call else None,
        to_number=(owner.phone if inbound else main.phone) if call else None,
        owner_key=owner.key,
        calendar_event_id=meeting_id,
        activity_type=slot.activity_type,
        company=company.name,
        people=people,
        participants=[(p.key, p.key == owner.key) for p in people],
        segments=segments,
        facts=facts,
        contact_ids=[contact_crm_id(company, i) for i in indexes],
        company_ids=[company_id(company)],
        opportunity_ids=[opportunity_id(company, renewal=renewal)],
    )


def _singular(crews: str) -> str:
    return crews[:-2] if crews.endswith("ores") else crews.removesuffix("s")


def _next_quarter(day: date, lang: str) -> str:
    quarter = (day.month - 1) // 3 + 2
    year = day.year + (quarter > 4)
    quarter = (quarter - 1) % 4 + 1
    return f"Q{quarter} {year}" if lang == "en" else f"{quarter}.º trimestre de {year}"


def _weekday_after(day: date, days: int) -> date:
    result = day + timedelta(days=days)
    while result.weekday() >= 5:
        result += timedelta(days=1)
    return result
