#!/usr/bin/env python3
"""Write the labels of d25-d31 (written for issue 16's chat and no-next-step work) from the
table below; questions_by_speaker is counted from each script as tools/check.py counts it.
Run from this folder's parent: python3 tools/new_labels.py"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "held_out_check", HERE.parent / "conversations" / "tools" / "check.py"
)
assert _spec is not None and _spec.loader is not None
check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check)


def q(question: str, *keywords: str) -> dict:
    return {"question": question, "answerable": bool(keywords), "keywords": list(keywords)}


def fact(label: str, *groups: list[str]) -> dict:
    return {"label": label, "all_of": [list(g) for g in groups]}


def step(owner: str, keywords: list[str], due: str | None, evidence: str, **extra) -> dict:
    return {
        "owner": owner,
        "keywords": keywords,
        "due": due,
        "optional": False,
        "evidence": evidence,
        **extra,
    }


CONVERSATIONS = [
    dict(
        id="d25_internal_ops_status",
        kind="meeting",
        language="en",
        name="Fulfilment weekly status",
        startDateTime="2026-02-05T09:00:00Z",
        internal=["Priya Raman", "Tomasz Wolak", "Adaeze Nwosu", "Lars Eriksen"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact(
                "14,200 orders shipped, volume up 11%",
                ["fourteen thousand two hundred", "14,200", "14200"],
            ),
            fact(
                "conveyor in zone C down three hours; drive belt replaced",
                ["conveyor"],
                ["belt", "three hours"],
            ),
            fact("backlog down to 90 tickets from 240", ["ninety", "90"]),
            fact("Hollbrook packed the wrong screws", ["screw"]),
            fact(
                "WMS cutover in March", ["march"], ["cutover", "migration", "warehouse management"]
            ),
        ],
        chat=[
            q("How many orders did they ship last week?", "fourteen thousand", "14,200", "14200"),
            q(
                "What went wrong with the conveyor?",
                "drive belt",
                "belt",
                "broke down",
                "three hours",
            ),
            q("Who fixed it?", "Kessler", "technician"),
            q("Why were customers missing parts?", "screw", "Hollbrook", "wrong bag"),
            q("What did Lars say about the scanners?", "firmware", "battery", "nine"),
            q("When is the switch to the new warehouse system?", "march"),
            q("Which supplier packed the wrong bags?", "Hollbrook"),
            q("How much does the temp agency charge per hour now?", "fifteen twenty", "15.20"),
            q("How many people work the night shift?"),
            q(
                "Summarize the discussion about the security incident",
                "phishing",
                "payroll",
                "reset",
            ),
            q("How big is the support backlog now?", "ninety", "90"),
            q("What will the Leeds site cost?"),
        ],
        notes="Internal weekly status: reports, past actions (emailed customers, sent screw packs, "
        "reset accounts), a hypothetical slip, head office's plan (Leeds), something done during "
        "the call (rate added to the dashboard). No next steps. Kessler (the technician's firm) "
        "and Manhattan (the WMS vendor) are not competitors.",
    ),
    dict(
        id="d26_support_resolved_call",
        kind="call",
        direction="inbound",
        language="en",
        name="Ledgerline support - Birchwood Dental",
        startDateTime="2026-03-18T10:30:00Z",
        internal=["Nadia Corvo"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact(
                "Northmere bank feed stopped on the 14th: the 90-day token expired",
                ["northmere"],
                ["expired", "ninety", "90"],
            ),
            fact("reconnected during the call; 47 transactions imported", ["forty-seven", "47"]),
            fact("duplicate £38 charge refunded", ["refund"], ["thirty-eight", "38"]),
        ],
        chat=[
            q("Why did the bank feed stop working?", "expired", "ninety", "token", "ran out"),
            q("When did the transactions stop importing?", "fourteenth", "14th"),
            q("How many transactions came back in?", "forty-seven", "47"),
            q("Which bank had the problem?", "Northmere"),
            q("And the other account?", "Castell"),
            q(
                "Who was receiving the warning emails?",
                "Janine",
                "former practice manager",
                "old address",
            ),
            q("How much were they overcharged?", "thirty-eight", "38"),
            q("How long until the money is back on the card?", "three to five", "working days"),
            q("How many dentists work at Birchwood?"),
            q("What did Gregor ask about WhatsApp?", "receipt", "hygienists"),
            q("What is the name of Birchwood's accountant?"),
        ],
        notes="Support call resolved in the call: walked through the reconnection (in-call), "
        "notification email changed and refund made during the call, a hypothetical expiry, the "
        "vendor's product plan (mobile receipt app). No next steps.",
    ),
    dict(
        id="d27_lost_deal_debrief",
        kind="meeting",
        language="en",
        name="Tarrant Hotels - decision debrief",
        startDateTime="2026-04-22T15:00:00Z",
        internal=["Ottilie Brandt", "Samir Haddad"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[["Roomwise"], ["Duetto"]],
        objections=[
            {
                "label": "Price: Roomwise 110K a year against our 145K",
                "keywords": ["hundred and forty-five", "price", "hundred and ten"],
            },
            {
                "label": "Integration: no certified Opera connector, custom build, IT of three",
                "keywords": ["custom build", "connector", "three people", "babysit"],
            },
            {
                "label": "Timing: live in August is after the busy season",
                "keywords": ["august", "busiest"],
            },
        ],
        key_facts=[
            fact("they chose Roomwise", ["roomwise"]),
            fact(
                "110K against 145K a year for nine hotels",
                ["hundred and ten", "110"],
                ["hundred and forty-five", "145"],
            ),
            fact(
                "Opera connector: certified at Roomwise, custom build for us",
                ["opera", "connector"],
            ),
            fact("signed a three-year contract", ["three-year", "three year"]),
        ],
        chat=[
            q("Which vendor did they pick?", "Roomwise"),
            q("Why did they go with them?", "price", "opera", "connector", "timing", "may"),
            q(
                "How much cheaper was the winner?",
                "hundred and ten",
                "110",
                "hundred and forty-five",
                "145",
            ),
            q("What did the customer like about our product?", "forecast", "security"),
            q("How many vendors were evaluated?", "four"),
            q("When does the winning system go live?", "may"),
            q("How many hotels do they have?", "nine"),
            q(
                "What did Desmond say about the integration?",
                "custom build",
                "certified",
                "three people",
                "babysit",
                "connector",
            ),
            q("What discount did Roomwise give them?"),
            q("Who is their CFO?"),
            q("How long is the contract they signed?", "three-year", "three year"),
        ],
        notes="Lost deal told in a call: refused check-in, a counterfactual price match, a past "
        "send (the reference list last week). No next steps. Competitors Roomwise (chosen) and "
        "Duetto (evaluated); Opera is their PMS.",
    ),
    dict(
        id="d28_es_soporte_resuelto",
        kind="call",
        direction="inbound",
        language="es",
        name="Facturalia soporte - Talleres Molina",
        startDateTime="2026-05-07T08:15:00Z",
        internal=["Lucía Ferrer"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("certificado digital caducado el día tres", ["certificado"], ["caduc"]),
            fact("doce facturas pendientes, enviadas en la llamada", ["doce"]),
            fact("cuota de 25 euros al mes", ["veinticinco", "25"]),
        ],
        chat=[
            q("¿Por qué no podía emitir facturas?", "caducado", "caduco", "certificado"),
            q("¿Cuántas facturas tenía pendientes?", "doce"),
            q("¿Cuándo caducó el certificado?", "dia tres"),
            q("¿Hasta cuándo es válido el nuevo?", "veintiocho"),
            q("¿Cuánto paga al mes?", "veinticinco"),
            q("¿Qué programa usaban antes?", "Contasol"),
            q("¿Dónde está el taller?", "Zaragoza"),
            q("¿Cuántos empleados tiene el taller?"),
            q("¿Cuánto les costó la actualización con el otro programa?", "ciento veinte"),
            q("¿Qué contraseña tiene el certificado?"),
        ],
        notes="Spanish support call resolved in the call: steps walked through, invoices sent and "
        "the expiry warning turned on during the call, the company's plan (adaptar el programa "
        "antes del verano). No next steps.",
    ),
    dict(
        id="d29_internal_launch_retro",
        kind="meeting",
        language="en",
        name="Website relaunch retro",
        startDateTime="2026-06-19T13:00:00Z",
        internal=["Hannah Okafor", "Benedikt Sauer", "Marisol Ortega"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("launched on the ninth; loads in 1.2 s instead of 4", ["ninth", "9th"]),
            fact("310 trial sign-ups in the first week", ["three hundred and ten", "310"]),
            fact("about forty old blog URLs missed in the redirects", ["redirect", "blog"]),
            fact("agency spend 62K against a 55K budget", ["sixty-two", "62"]),
        ],
        chat=[
            q("When did the new site go live?", "ninth", "9th"),
            q("How fast is the site now?", "one point two", "1.2"),
            q(
                "How many trial sign-ups came in during the first week?",
                "three hundred and ten",
                "310",
            ),
            q(
                "Why were there broken links after the launch?",
                "export",
                "unpublished",
                "forty",
                "redirect",
                "blog",
            ),
            q("What did Marisol say about the agency?", "slow", "two-day", "design", "Pixelwright"),
            q("Did the project go over budget?", "seven thousand", "sixty-two", "fifty-five"),
            q("Which analytics tool do they use now?", "Plausible"),
            q("Who fixed the redirects?", "Benedikt", "fixed them"),
            q(
                "Summarize the discussion about the pricing page",
                "legal",
                "eleven days",
                "unlimited",
                "three times",
            ),
            q("How many visitors did the site get in the first month?"),
            q("Who was the project's executive sponsor?"),
        ],
        notes="Internal retrospective, nothing assigned: past fixes, 'we should have', a "
        "counterfactual developer, the company's hiring plan. No next steps.",
    ),
    dict(
        id="d30_es_cierre_perdido",
        kind="call",
        direction="outbound",
        language="es",
        name="Nóminas - Grupo Berrocal",
        startDateTime="2026-09-10T11:00:00Z",
        internal=["Rocío Salazar"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[["Cegid"]],
        objections=[
            {
                "label": "Precio: 18.000 frente a 23.000 euros al año",
                "keywords": ["dieciocho mil", "veintitres mil", "precio"],
            },
            {"label": "La gestoría ya trabaja con Cegid", "keywords": ["gestoria", "migracion"]},
        ],
        key_facts=[
            fact("eligieron Cegid", ["cegid"]),
            fact("18.000 frente a 23.000 euros", ["dieciocho mil"], ["veintitres mil"]),
            fact("unos 340 empleados", ["trescientos cuarenta", "340"]),
        ],
        chat=[
            q("¿Con qué proveedor se quedaron?", "Cegid"),
            q("¿Por qué?", "precio", "gestoria", "dieciocho mil", "Lacalle"),
            q("¿Cuántos empleados tienen?", "trescientos cuarenta", "340"),
            q("¿Qué les gustó de nuestra propuesta?", "portal", "vacaciones", "app"),
            q("¿Cuándo empiezan con el otro sistema?", "enero"),
            q("¿Cuánto les cobraba Cegid?", "dieciocho mil"),
            q("¿Quién es el director financiero?"),
            q("¿Cuántas tiendas tienen?", "dos"),
        ],
        notes="Spanish lost deal by phone: a counterfactual price match, a past send (el caso de "
        "éxito el mes pasado), nothing asked. No next steps.",
    ),
    dict(
        id="d32_success_checkin",
        kind="call",
        direction="outbound",
        language="en",
        name="Quarterly check-in - Rourke Hardware",
        startDateTime="2026-10-21T09:30:00Z",
        internal=["Imogen Fairweather"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("all twelve branches live, Dundee last in September", ["twelve", "12"]),
            fact("overtime down 18% since June", ["eighteen percent", "18%", "18 percent"]),
            fact("mobile app logouts fixed in the November release", ["logged out", "login"]),
        ],
        chat=[
            q("How many branches are live?", "twelve", "12"),
            q("Which one went live last?", "Dundee"),
            q("How much has overtime dropped?", "eighteen", "18"),
            q("Why does Perth still use paper?", "old school", "tablets", "manager"),
            q("What is bothering the customer?", "login", "logged out"),
            q("When will the login problem be fixed?", "november"),
            q("How many tablets did Perth order?"),
            q(
                "What did Callum's boss think of the usage report?",
                "chart",
                "liked",
                "shifts filled",
            ),
        ],
        notes="Customer-success check-in with nothing to do: idioms ('I'll be honest', 'I'll let "
        "you get back to your day', 'Will do' to 'feel free to reach out if'), a past send, a "
        "third party's intention reported ('He said he'd switch'), a declined offer ('If you ever "
        "wanted, we could run a refresher' / 'Maybe one day. Not now'), the vendor's release plan "
        "and a check done during the call. No next steps.",
    ),
    dict(
        id="d33_es_revision_interna",
        kind="meeting",
        language="es",
        name="Revisión mensual de cuentas",
        startDateTime="2026-11-03T08:30:00Z",
        internal=["Marta Ibarra", "Joaquín Sorní", "Elena Prats"],
        expect_no_next_steps=True,
        next_steps=[],
        competitors=[],
        objections=[],
        key_facts=[
            fact("110.000 euros facturados en Levante, un 8% más", ["ciento diez mil"]),
            fact("cámara frigorífica de Vitoria, unos 4.000 euros", ["cuatro mil"]),
            fact("delegación en Sevilla el año que viene", ["sevilla"]),
        ],
        chat=[
            q("¿Cuánto facturaron en Levante?", "ciento diez mil"),
            q("¿Qué pasó en Vitoria?", "camara", "frigorifica", "mercancia"),
            q("¿Cuánto perdieron?", "cuatro mil"),
            q("¿Quién aprobó el pago del seguro?", "perito"),
            q("¿Cuánto subió la tarifa Transportes Ebro?", "cinco por ciento"),
            q("¿Cuántos clientes tienen en Sevilla?"),
            q("¿Dónde va a abrir la nueva delegación?", "Sevilla"),
            q("¿Quién es el jefe de compras del cliente de Castellón?"),
        ],
        notes="Revisión interna en España sin tareas: hechos pasados (ya le mandé, ya lo "
        "resolvimos), planes de la dirección (abrir en Sevilla), hipótesis (si abrieran en "
        "Galicia), algo hecho durante la reunión (acabo de actualizar), una oferta rechazada "
        "(si quieres te paso ... no hace falta). Sin próximos pasos.",
    ),
    dict(
        id="d31_fleet_fuel_discovery",
        kind="meeting",
        language="en",
        name="Corrigan Haulage / Tankwise discovery",
        startDateTime="2026-10-06T14:00:00Z",
        internal=["Owen Pritchard"],
        expect_no_next_steps=False,
        next_steps=[
            step(
                "Owen Pritchard",
                ["savings model", "savings"],
                "2026-10-09",
                "I'll send you a savings model based on your numbers by Friday",
            ),
            step(
                "Owen Pritchard",
                ["fitting instructions", "instructions"],
                "2026-10-06",
                "Sure, I'll send them to you today.",
            ),
        ],
        competitors=[["Radius"]],
        objections=[
            {
                "label": "Price above expectation; board approval over 15K a year",
                "keywords": ["more than i expected", "board", "fifteen thousand"],
            },
            {"label": "Older trucks", "keywords": ["older trucks", "twenty eighteen"]},
        ],
        key_facts=[
            fact("160 tractor units, 220 trailers, three depots", ["hundred and sixty", "160"]),
            fact("about £400K a month on diesel", ["four hundred thousand", "400"]),
            fact("£9.50 per truck per month on a two-year term", ["nine pounds fifty", "9.50"]),
        ],
        chat=[
            q("How big is the fleet?", "hundred and sixty", "160"),
            q("And the trailers?", "two hundred and twenty", "220"),
            q("Where are the depots?", "Stoke", "Warrington", "Carlisle"),
            q("How much do they spend on fuel?", "four hundred thousand"),
            q(
                "Why is reconciliation a problem?",
                "by hand",
                "receipts",
                "two people",
                "first week",
            ),
            q("Which other provider did they look at?", "Radius"),
            q("What happened at Carlisle?", "theft", "jerry cans", "station manager"),
            q("What would the sensors cost?", "nine pounds fifty", "9.50"),
            q("Who has to approve the purchase?", "board"),
            q("When does the board meet?", "twelfth", "12th"),
            q("Who will review the fitting instructions?", "Bronwen", "workshop lead"),
            q("How much fuel do the trucks use per kilometre?"),
            q("What did Radius charge?"),
        ],
        notes="Discovery with spread answers and two steps (a savings model by Friday = Oct 9; "
        "fitting instructions today). Keyfuels is their fuel card, Radius the rival demo.",
    ),
]

ORDER = [
    "id",
    "kind",
    "direction",
    "language",
    "name",
    "startDateTime",
    "script",
    "transcript",
    "internal",
    "expect_no_next_steps",
    "next_steps",
    "competitors",
    "objections",
    "key_facts",
    "questions_by_speaker",
    "chat",
    "notes",
]


def write_labels(conversations: list[dict]) -> None:
    """Each conversation's label file, in ORDER, with its script's and transcript's paths and
    the questions each speaker asks, counted on the recognised text where tools/asr has it.
    Every new_labels*.py writes through here."""
    for c in conversations:
        c["script"] = f"scripts/{c['id']}.txt"
        c["transcript"] = f"transcripts/{c['id']}.vtt"
        asr = HERE / "tools" / "asr" / f"{c['id']}.txt"
        counts, _ = check.question_counts((asr if asr.exists() else HERE / c["script"]).read_text())
        c["questions_by_speaker"] = counts
        label = {k: c[k] for k in ORDER if k in c}
        (HERE / "labels" / f"{c['id']}.json").write_text(
            json.dumps(label, indent=1, ensure_ascii=False) + "\n"
        )


if __name__ == "__main__":
    write_labels(CONVERSATIONS)
