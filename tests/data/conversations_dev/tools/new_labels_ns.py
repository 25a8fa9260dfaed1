#!/usr/bin/env python3
"""Write the labels of d34-d38 (issue 16, steps-chat: conversations that end without a next
step, with the look-alikes such endings carry: a declined call, an incident retro, a webinar
Q&A, a Spanish declined call, a support call solved in the call). Same helpers and key order
as tools/new_labels.py. Run from this folder's parent: python3 tools/new_labels_ns.py"""

from __future__ import annotations

from new_labels import fact, q, write_labels

CONVERSATIONS = [
    dict(
        id="d34_declined_outbound",
        kind="call",
        direction="outbound",
        language="en",
        name="Tallyforge - Crestline Storage cold call",
        startDateTime="2026-09-08T14:00:00Z",
        internal=["Imogen Sallis"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[["Stackwell"]],
        objections=[
            {
                "label": "just renewed the incumbent for two years",
                "keywords": ["renewed", "two-year"],
            },
            {"label": "software budget frozen until April", "keywords": ["budget", "frozen"]},
        ],
        key_facts=[
            fact("eleven facilities on Stackwell", ["eleven", "11"], ["stackwell"]),
            fact("budget frozen until April", ["april", "frozen"]),
        ],
        chat=[
            q("What system do they use today?", "Stackwell"),
            q("How many facilities do they run?", "eleven", "11"),
            q("When does their budget open again?", "april", "next fiscal"),
            q("How much did their current vendor raise prices?", "six percent", "6%"),
            q("What is Percy's job title?"),
        ],
        notes="Declined outbound call: past renewal, counterfactual demo ('I would have "
        "suggested'), negated promises ('I won't chase you', 'no newsletter'), conditional "
        "('If we ever review it, I'd call you first'), closing lines. No next steps.",
    ),
    dict(
        id="d35_incident_retro",
        kind="meeting",
        language="en",
        name="Checkout outage retro",
        startDateTime="2026-10-14T16:00:00Z",
        internal=["Farida Osei", "Bruno Keller", "Wen-Li Zhao", "Tamsin Rhodes"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("checkout API down 52 minutes", ["fifty-two", "52"]),
            fact("migration locked the orders table", ["migration"], ["lock"]),
            fact("about 3,100 checkouts failed", ["three thousand one hundred", "3,100", "3100"]),
        ],
        chat=[
            q("How long was the checkout down?", "fifty-two", "52"),
            q("What caused the outage?", "migration", "orders table", "lock"),
            q("Why was the page missed?", "silent", "meeting"),
            q("How many checkouts failed?", "three thousand one hundred", "3,100", "3100"),
            q("What went well?", "status page", "support", "alert", "coupon"),
            q("How much revenue was lost?"),
        ],
        notes="Internal retro: 'I'll admit', 'I'll say this', 'I'm going to be blunt' are "
        "speech, not promises; lessons without owners; a counterfactual ('if this had "
        "happened in November'); the postmortem is already done. No next steps.",
    ),
    dict(
        id="d36_webinar_qa",
        kind="meeting",
        language="en",
        name="Fieldnote product webinar - Q&A",
        startDateTime="2026-05-12T17:00:00Z",
        internal=["Maya Lindgren", "Jonas Berg"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("offline: thirty days of jobs on the device", ["offline"], ["thirty", "30"]),
            fact("Pro plan 29 dollars per user per month", ["twenty-nine", "29"]),
        ],
        chat=[
            q("Does the app work offline?", "thirty days", "syncs", "offline"),
            q("How much is the Pro plan?", "twenty-nine", "29"),
            q("Which accounting tools does it connect to?", "QuickBooks", "Xero"),
            q("Where is the data hosted?", "Frankfurt", "Virginia"),
            q("How long does onboarding take?", "two weeks", "month"),
            q("How many people attended the webinar?"),
        ],
        notes="Webinar Q&A: the hosts read and answer questions; 'I'll read them out', 'Let me "
        "show', 'I'll take one last question' happen in the call; the Android roadmap is a "
        "forecast without a date. No next steps.",
    ),
    dict(
        id="d37_es_llamada_rechazada",
        kind="call",
        direction="outbound",
        language="es",
        name="Turnia - Panaderías Quiroga",
        startDateTime="2026-03-10T10:00:00Z",
        internal=["Gonzalo Ibarra"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[["Planilla"]],
        objections=[
            {
                "label": "contentos con Planilla, renovado en enero",
                "keywords": ["renovamos", "contentos"],
            },
            {"label": "sin presupuesto este año", "keywords": ["presupuesto"]},
        ],
        key_facts=[
            fact("siete tiendas con Planilla", ["siete", "7"], ["planilla"]),
            fact("obrador nuevo en Getafe", ["getafe"]),
        ],
        chat=[
            q("¿Qué herramienta usan ahora?", "Planilla"),
            q("¿Cuántas tiendas tienen?", "siete", "7"),
            q("¿Cuánto pagan al mes?", "ciento veinte", "120"),
            q("¿Dónde abren el obrador?", "Getafe"),
            q("¿Cuántos empleados tiene la panadería?"),
        ],
        notes="Llamada en frío rechazada: renovación pasada, contrafactual ('le habría "
        "propuesto'), negaciones ('no la voy a llamar', 'no le mando nada'), condicional ('si "
        "lo revisamos, a lo mejor le llamo'). Sin próximos pasos.",
    ),
    dict(
        id="d38_support_password_call",
        kind="call",
        direction="inbound",
        language="en",
        name="Pinecrest Payroll support - Marlowe Bakery",
        startDateTime="2026-07-02T09:05:00Z",
        internal=["Rohan Mehra"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("locked after five failed logins", ["five", "5"], ["lock"]),
            fact("payroll for 23 employees submitted", ["twenty-three", "23"]),
        ],
        chat=[
            q("Why was the account locked?", "five failed", "caps lock", "failed logins"),
            q("How many employees are on the payroll?", "twenty-three", "23"),
            q("What is the same-day cut-off?", "two pm", "2 pm"),
            q("When will the employees get paid?", "tomorrow"),
            q("What is Delia's new password?"),
        ],
        notes="Support call solved in the call: unlock, reset link sent and used, payroll "
        "submitted, two-factor turned on while on the phone ('I'll walk you through it now', "
        "'I'll submit it right now while you're here'). No next steps.",
    ),
]


if __name__ == "__main__":
    write_labels(CONVERSATIONS)
