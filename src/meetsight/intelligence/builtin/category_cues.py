"""Lexical cues and extra examples for the eight default smart categories (English and
Spanish). General sales vocabulary: how people talk about prices, rivals, approvals, dates,
doubts, commitments and features. Patterns run on accent-folded, lower-case text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from meetsight.intelligence.builtin.cues import MONEY

# General phrasings in both languages, to widen the default categories' English examples.
EXTRA_EXAMPLES: dict[str, tuple[str, ...]] = {
    "pain_points": (
        "The problem is that everything is done by hand and it takes days.",
        "We lost a big customer last month because of that mistake.",
        "El problema es que lo hacemos todo a mano y perdemos mucho tiempo.",
        "Cada mes perdemos dinero por los errores y los retrasos.",
        "Our team wastes a lot of time chasing information across different systems.",
        "Customers complain because our response times are too slow.",
        "Los clientes se quejan porque tardamos demasiado en responder.",
        "Tenemos la información repartida en hojas de cálculo y nadie sabe cuál es la buena.",
    ),
    "budget_pricing": (
        "How much does it cost per user per month?",
        "Our budget is around ten thousand a year.",
        "¿Cuánto cuesta la licencia por usuario al mes?",
        "Tenemos un presupuesto de unos mil euros al mes.",
        "Si firmáis dos años os puedo hacer un descuento.",
        "If you sign a three-year contract we can lower the price.",
        "The annual licence is twelve thousand euros, implementation included.",
        "El coste de implantación va aparte, unos dos mil euros.",
        "¿Hay algún descuento si pagamos el año por adelantado?",
    ),
    "competitors": (
        "We are also evaluating another provider that quoted us less.",
        "Another company offered us a cheaper deal.",
        "También estamos mirando otro proveedor que nos ofreció un precio más bajo.",
        "Ahora usamos otra herramienta de la competencia.",
        "We currently work with another provider and the contract ends soon.",
        "Their competitor offered a free migration and a lower price.",
        "Trabajamos con otra empresa desde hace años, pero no estamos contentos.",
    ),
    "decision_process": (
        "The final decision is with our director, and finance must approve it.",
        "La decisión final la toma el director general y el consejo tiene que aprobarlo.",
        "Necesito el visto bueno de mi socio antes de firmar.",
        "Procurement and IT security both have to approve new vendors.",
        "I can recommend it, but the budget owner makes the final call.",
        "Compras y el departamento de seguridad tienen que dar su aprobación.",
        "Yo lo recomiendo, pero quien firma es la dirección.",
    ),
    "timeline": (
        "We need it running before the end of the year.",
        "Queremos tenerlo funcionando antes de verano.",
        "La fecha límite es el uno de enero.",
        "We have to make a decision before the end of next month.",
        "Our current contract expires in the spring.",
        "Tenemos que decidirlo antes de final de mes.",
        "El contrato actual vence en primavera.",
    ),
    "objections": (
        "My concern is that nobody will use it.",
        "Me preocupa que el equipo no tenga tiempo de aprender otra herramienta.",
        "Tengo miedo de que la implantación sea un caos.",
        "¿Y si el sistema falla en un momento crítico?",
        "Honestly the price is higher than what we can justify right now.",
        "Our security team is not comfortable sending customer data to the cloud.",
        "Sinceramente, el precio es más alto de lo que podemos justificar.",
        "No nos convence mover los datos de los clientes a la nube.",
    ),
    "next_steps": (
        "I will send you the proposal tomorrow.",
        "Le envío la propuesta el viernes.",
        "Nos vemos el martes para la demostración.",
        "Yo hablo con mi equipo y te respondo el lunes.",
        "I'll set up a call with your IT team next week.",
        "We'll send over the contract for review on Monday.",
        "Te mando el contrato el lunes para que lo revise vuestro equipo legal.",
        "Organizo una llamada con vuestro equipo técnico la semana que viene.",
    ),
    "product_questions": (
        "Does it support our existing system?",
        "¿Se integra con nuestro programa de contabilidad?",
        "¿Cómo funciona la exportación de datos?",
        "¿Se puede configurar por usuario?",
        "Is the data encrypted at rest and in transit?",
        "Can users have different permissions depending on their role?",
        "¿Los datos están cifrados y dónde se alojan los servidores?",
        "¿Tiene aplicación móvil para los técnicos que trabajan fuera?",
    ),
}


@dataclass(frozen=True, slots=True)
class Cue:
    pattern: re.Pattern[str]
    weight: float
    tag_after: bool = False  # the tag is the phrase after the match ("I'll send [the quote]")


def _cue(pattern: str, weight: float, tag_after: bool = False) -> Cue:
    return Cue(re.compile(pattern), weight, tag_after)


# Patterns run on folded text (lower case, accents removed).
CUES: dict[str, tuple[Cue, ...]] = {
    "pain_points": (
        _cue(
            r"\b(?:problem|problems|issue|mess|painful|frustrat\w*|by hand|manually|stuck"
            r"|errors?|mistakes?|wrong|outage|went down|were down|slip\w*|stale|nobody knows"
            r"|write off|writing off|fees|penalt\w*|lost|losing|wasted?|bad day|idle|headaches?"
            r"|nightmare|bottlenecks?|time-consuming|delays?|complain\w*|churn\w*|backlog)\b",
            0.16,
        ),
        _cue(
            r"\b(?:problema|problemas|lo peor|a mano|errores|error|perdimos|perdemos|perdido"
            r"|perdidas?|sancion|multa|nos costo|nos cuesta|no llegan|caida|retrasos?|tarda"
            r"|tardamos|disgusto|lio|desastre|pesadilla|quebradero|cuello de botella|lentitud"
            r"|se quejan|quejas|atasc\w*)\b",
            0.16,
        ),
        _cue(
            r"\b(?:spend|spends|takes?|tarda|tardan|pierde|perdemos)\b[^.?!]{0,30}"
            r"\b(?:hours?|days?|morning|afternoon|weeks?|dias|horas|manana|semanas?)",
            0.12,
        ),
        _cue(
            r"\b(?:lost|losing|cost us|costs us|fees|penalt\w*|write off|perdimos|perdemos"
            r"|perdidas?|nos costo|nos cuesta|sancion|multa|no (?:va a )?cumpl\w*|can't handle"
            r"|couldn't handle|not compliant|doesn't work|no funciona)\b",
            0.12,
        ),
    ),
    "budget_pricing": (
        _cue(
            r"\b(?:price|prices|pricing|cost|costs|budget|budgeted|discount|quote|quoted|cheaper"
            r"|expensive|per seat|per user|how much|tier|plan|billed|invoice"
            r"|precio|precios|presupuesto|descuento|cuesta|cuestan|costaria|cuanto|tarifa plana"
            r"|economico|factura(?:cion)? anual|pagar|pagamos|rebaja|bajar a|subida|list price"
            r"|payment terms|contract value|licen[cs]es?|coste|costes|cuota|inversion|licencias?"
            r"|descuentos|forma de pago)\b",
            0.16,
        ),
        _cue(MONEY.pattern, 0.1),
    ),
    "competitors": (
        _cue(
            r"\b(?:competitors?|competition|alternatives?|other (?:vendors?|tools?|providers?"
            r"|solutions?)|another (?:vendor|tool|provider)|competidor\w*|competencia"
            r"|otras? (?:soluciones|herramientas?|proveedores?)|incumbent|shortlist\w*"
            r"|(?:replace|replacing|switch(?:ing)? from) (?:our|the)|proveedor actual"
            r"|sustituir|reemplazar)\b",
            0.12,
        ),
    ),
    "decision_process": (
        _cue(
            r"\b(?:sign[- ]off|signs off|approv\w*|decides?|decision|decision-maker"
            r"|final (?:say|vote)"
            r"|cfo|ceo|coo|cto|board|committee|procurement|legal (?:team|review|will|has|needs)"
            r"|lawyers?|abogad\w*|juridic\w*|a say|final word|ultima palabra|security (?:review"
            r"|questionnaire"
            r"|documents)|vendor risk|recommendation|has to (?:sign|approve|review)"
            r"|decision|decid\w*|decido|aprueba\w*|aprobar|aprobacion|visto bueno|consejo"
            r"|director general|validar|valida|comite|socios?|socia|junta|stakeholders?"
            r"|buying committee|sign the contract|purchasing|compras|gerencia"
            r"|direccion|propietarios?|duenos?|firmar el contrato)\b",
            0.2,
        ),
    ),
    "timeline": (
        _cue(
            r"\b(?:before|by|until|in|from|starts?|live|deadline|antes de(?:l)?|para|desde"
            r"|hasta|en)\s+(?:the\s+|el\s+|la\s+)?(?:end of|first week|peak|fiscal|q[1-4]"
            r"|january|february|march|april|may|june|july|august|september|october|november"
            r"|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre"
            r"|noviembre|diciembre|verano|invierno|summer|winter|quarter|trimestre|black friday)",
            0.16,
        ),
        _cue(
            r"\b(?:deadline|go[- ]live|live|running|renews?|renewal|timeline|urgent|asap|season"
            r"|fecha|plazo|funcionando|como tarde|cuanto antes|vence|se reune|meets on"
            r"|fiscal year|(?:next|this) (?:quarter|month|year)|end of (?:the )?(?:year|quarter"
            r"|month)|a (?:finales|principios|mediados) de|(?:proximo|este) (?:trimestre|mes|ano)"
            r"|urgen\w*|prisa|cuanto antes)\b",
            0.1,
        ),
    ),
    "objections": (
        _cue(
            r"\b(?:concern\w*|worr\w*|skeptic\w*|not sure|afraid|risk\w*|doubt\w*|hesita\w*"
            r"|too (?:expensive|much|long|complex)|more than we|justify|kill (?:this|it)"
            r"|what if|adoption|nobody (?:will|would)|not convinced"
            r"|miedo|me preocupa|preocupacion|objecion|riesgo|dudo|no estoy seguro|caos"
            r"|no tenemos tiempo|demasiado|y si|no se si|not comfortable|uncomfortable"
            r"|deal[- ]breaker|blocker|red flag|hard to justify|can't justify|too risky"
            r"|not ready|not a priority|bad experience|lock-?in|no me convence|no nos convence"
            r"|no estamos seguros|me parece caro|es caro|muy caro|no lo veo|inconvenientes?"
            r"|reticen\w*|esceptic\w*|complicado)\b",
            0.2,
        ),
    ),
    "next_steps": (
        _cue(
            r"\b(?:i'll|i will|we'll|we will|let's|i'm going to|we're going to|i can)\s+"
            r"(?:\w+\s+)?(?:send|schedule|set up|share|pick|complete|confirm|get|run|present"
            r"|put|pull|follow up|call|email|book|prepare|loop|organi[sz]e|configure|review"
            r"|circle back|draft|introduce|arrange|check|write up|update)\b",
            0.25,
            tag_after=True,
        ),
        _cue(
            r"\b(?:will|'ll)\s+(?:\w+\s+)?(?:send|schedule|set up|share|complete|confirm|run"
            r"|present|prepare|follow up|call|deliver)\b",
            0.15,
            tag_after=True,
        ),
        _cue(
            r"\b(?:le|te|os|les)\s+(?:envio|mando|paso|llamo|escribo|respondo|confirmo|preparo"
            r"|enviaremos|mandaremos|llamare|enviare|mandare|confirmare|escribire|agendo)\b"
            r"|\b(?:agendamos|organizo|presentare|enviaremos|preparare|reviso|quedamos"
            r"|programamos|revisare|llamare|enviare|mandare|preparamos|enviamos|agendare"
            r"|nos vemos el|quedamos el)\b",
            0.25,
            tag_after=True,
        ),
    ),
    "product_questions": (
        _cue(
            r"\b(?:(?:integrates?|work|works|connect|connects|sync|syncs) with|exports? to"
            r"|se integra con|(?:os )?conect\w* con|exporta a|compatible con)\b",
            0.1,
            tag_after=True,
        ),
        _cue(
            r"\b(?:integrat\w*|does it|can it|can i|can we|is there|do you (?:have|support)"
            r"|support|export\w*|sso|single sign-on|api|feature|handle|work with|difference"
            r"|se integra|integracion|exporta\w*|funciona|permite|se puede|compatible|modulo"
            r"|validez|conectais|conectan|como|encrypt\w*|soc ?2|iso ?27001|gdpr|hipaa"
            r"|data residency|hosted|hosting|audit logs?|permissions|mobile app|offline"
            r"|webhooks?|dashboards?|custom fields|two-factor|2fa|backups?|cifrad\w*|rgpd"
            r"|alojad\w*|servidores|permisos|app movil|aplicacion movil|copias de seguridad"
            r"|informes|campos personalizados|doble factor)\b",
            0.1,
        ),
    ),
}

# A competitor is a name (not a participant) near a selling or evaluating verb.
COMPETITOR_VERB = re.compile(
    r"\b(?:use|using|used|looked at|looking at|look at|evaluat\w*|trial(?:l?ed)?|tried|compar\w*"
    r"|quoted|offered|offers|pushing|switch(?:ing)? to|move (?:everyone |us )?to|vendor|pay for"
    r"|came up|pilot|usamos|usan|presentado|recomienda\w*|ofrecido|ofrecio|ofrece|me dio"
    r"|replace|replacing|currently on|demoed|trabajamos con|comparando|hemos visto|nos ofrecen"
    r"|nos dio|pagamos|probamos|mirando|miramos|cambiar a|pasarnos a|migrar\w*|oferta)\b"
)
QUESTION = re.compile(r"[?¿]")
