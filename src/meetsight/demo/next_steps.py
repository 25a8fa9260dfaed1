"""Next steps agreed at the end of a conversation: the actions, who owns them and how they are
said. The action text is spoken verbatim, so it can be found in the transcript."""

from __future__ import annotations

# Per stage: (who acts, action). `rep` is the owner, `int` the other internal person, `c1` the
# main customer contact.
ACTIONS: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "en": {
        "early": (
            ("rep", "send over a recap of today's call"),
            ("rep", "book a product demo with the wider team"),
            ("rep", "share two customer references in {industry}"),
            ("c1", "pull last quarter's numbers on missed jobs"),
            ("c1", "check who else should join the demo"),
            ("int", "prepare a demo account with your own job types"),
        ),
        "mid": (
            ("int", "set up a trial workspace for {pilot} users"),
            ("rep", "send the security questionnaire and our SOC 2 report"),
            ("c1", "loop in IT for the single sign-on setup"),
            ("c1", "send a sample export from the current system"),
            ("rep", "put together a business case with the hours we discussed"),
            ("int", "document how the accounting integration would map your data"),
        ),
        "late": (
            ("rep", "send a revised quote for {seats} seats"),
            ("c1", "review the order form with procurement"),
            ("c1", "get sign-off from the CFO on the three-year term"),
            ("rep", "send the contract and the data processing agreement to legal"),
            ("int", "confirm the onboarding start date with our team"),
            ("rep", "schedule a call between our legal teams"),
        ),
        "onboarding": (
            ("c1", "send the customer list and stock per location for the import"),
            ("int", "configure the test workspace with your job types"),
            ("c1", "pick the {pilot} pilot users"),
            ("int", "run the first training session for the office team"),
            ("c1", "schedule the single sign-on setup with IT"),
        ),
        "renewal": (
            ("rep", "send the renewal quote with the Analytics add-on"),
            ("int", "look into the slow search on old jobs"),
            ("c1", "confirm the seat count for next year"),
            ("int", "run a refresher training at the smaller sites"),
        ),
    },
    "es": {
        "early": (
            ("rep", "enviar un resumen de la reunión de hoy"),
            ("rep", "organizar una demo con todo el equipo"),
            ("c1", "sacar los datos de trabajos perdidos del último trimestre"),
            ("int", "preparar una cuenta de prueba con sus tipos de trabajo"),
        ),
        "mid": (
            ("int", "montar un entorno de prueba para {pilot} usuarios"),
            ("rep", "enviar el cuestionario de seguridad y el informe SOC 2"),
            ("c1", "hablar con sistemas para configurar el inicio de sesión único"),
            ("rep", "preparar un caso de negocio con las horas que comentamos"),
        ),
        "late": (
            ("rep", "enviar una oferta revisada para {seats} usuarios"),
            ("c1", "revisar el pedido con compras"),
            ("c1", "conseguir la aprobación de finanzas para el contrato a tres años"),
            ("rep", "mandar el contrato y el acuerdo de tratamiento de datos a legal"),
        ),
    },
}

ASK = {
    "en": (
        "So, let's talk next steps. What makes sense from here?",
        "We have a few minutes left. Can we agree on next steps?",
        "Before we wrap up, what should happen next?",
        "Let me summarize the next steps, so we're all on the same page.",
    ),
    "es": (
        "Bueno, hablemos de los siguientes pasos. ¿Qué os parece?",
        "Nos quedan unos minutos. ¿Acordamos los próximos pasos?",
        "Antes de terminar, resumo los siguientes pasos para que estemos todos de acuerdo.",
    ),
}

# {action} is spoken verbatim; {deadline} is the date in words.
COMMIT = {
    "en": (
        "I'll {action} by {deadline}.",
        "On my side, I'll {action}, before {deadline} at the latest.",
        "I can {action}. You'll have it by {deadline}.",
        "Let me take that one: I'll {action} by {deadline}.",
        "Action for me: {action}, by {deadline}.",
    ),
    "es": (
        "Yo me encargo de {action} antes del {deadline}.",
        "Por mi parte, voy a {action}, como muy tarde el {deadline}.",
        "Me apunto {action} para el {deadline}.",
    ),
}

ACK = {
    "en": (
        "Perfect.",
        "Works for me.",
        "Great, thank you.",
        "Sounds good.",
        "Okay, noted.",
        "That's great, thanks.",
        "Perfect, that helps.",
        "Good, I'll look out for it.",
        "Okay, I'll put it in my calendar.",
        "Great, that would be helpful.",
        "Fine by me.",
    ),
    "es": (
        "Perfecto.",
        "Me parece bien.",
        "Genial, gracias.",
        "De acuerdo.",
        "Estupendo.",
        "Vale, lo apunto.",
    ),
}

STAGES = {
    "Inbound inquiry": "early",
    "Discovery call": "early",
    "Product demo": "mid",
    "Follow-up call": "mid",
    "Pricing review": "late",
    "Negotiation": "late",
    "Onboarding kickoff": "onboarding",
    "Renewal check-in": "renewal",
}
