"""AI opinion: a short paragraph, in the conversation's language, built only from what was
detected: objections, competitors, pricing (and a gap between the customer's figure and ours),
next steps or their absence, and advice on the weakest scorecard objective.

Price gap rule: the last amount the customer said on a line about budget or price and the
last amount the seller said (not percentages) are compared when they are within a factor of
three of each other (same scale: both monthly or both yearly, most likely); a seller figure
more than 5% above the customer's is a gap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meetsight.intelligence.builtin.summary import quote
from meetsight.intelligence.builtin.talk_cues import BUDGET, lang
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import NextStep, ObjectiveScore, Scorecard

GOOD_ENOUGH = 70.0
GAP_TOLERANCE = 1.05
SAME_SCALE = 3.0

_ADVICE = {
    "discovery_questions": (
        "ask more open questions about the customer's situation, needs and goals",
        "hacer más preguntas abiertas sobre la situación, necesidades y objetivos del cliente",
    ),
    "pain_identified": (
        "dig into the customer's problems and put a cost on them",
        "profundizar en los problemas del cliente y ponerles coste",
    ),
    "budget_discussed": (
        "qualify the budget and what the customer expects to pay",
        "cualificar el presupuesto y lo que el cliente espera pagar",
    ),
    "decision_process_known": (
        "find out who decides, who signs and which approvals are needed",
        "averiguar quién decide, quién firma y qué aprobaciones hacen falta",
    ),
    "next_steps_dated": (
        "close with next steps that have an owner and a date",
        "cerrar con próximos pasos que tengan responsable y fecha",
    ),
}


def _t(language: str, en: str, es: str) -> str:
    return es if language == "es" else en


def _join(items: Sequence[str], language: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _t(language, " and ", " y ") + items[-1]


def _objections(insights: dict[str, Any], language: str) -> str:
    objections = insights.get("objections") or []
    if not objections:
        return _t(language, "No objections came up.", "No surgieron objeciones.")
    first = objections[0]
    cited = f"“{quote(first['text'], 100)}”" + (
        f" ({first['speaker']})" if first["speaker"] else ""
    )
    n = len(objections)
    return _t(
        language,
        f"The customer raised {n} objection{'s' * (n != 1)}, starting with {cited}; "
        "answer {0} before moving on.".format("them" if n != 1 else "it"),
        f"El cliente planteó {n} objeci{'ones' if n != 1 else 'ón'}, empezando por {cited}; "
        "conviene resolver{0} antes de avanzar.".format("las" if n != 1 else "la"),
    )


def _competitors(insights: dict[str, Any], language: str) -> str:
    names = insights.get("competitors") or []
    if not names:
        return ""
    return _t(
        language,
        f"{_join(names, 'en')} came up as alternative{'s' * (len(names) != 1)}: "
        "prepare a clear comparison.",
        f"Se mencionó a {_join(names, 'es')} como alternativa{'s' * (len(names) != 1)}: "
        "conviene preparar una comparativa clara.",
    )


def _pricing(conversation: Conversation, insights: dict[str, Any], language: str) -> str:
    amounts = [a for a in insights.get("pricingAmounts") or [] if not a.get("percent")]
    internal = conversation.internal_names
    lines = conversation.lines
    theirs = [
        a
        for a in amounts
        if a["speaker"] not in internal
        and 0 <= a["line"] < len(lines)
        and BUDGET.count(lines[a["line"]].text)
    ]
    ours = [a for a in amounts if a["speaker"] in internal]
    if theirs and ours:
        customer, seller = theirs[-1], ours[-1]
        low, high = sorted((customer["value"], seller["value"]))
        if low > 0 and high / low <= SAME_SCALE:
            if seller["value"] > customer["value"] * GAP_TOLERANCE:
                pct = round(100 * (seller["value"] / customer["value"] - 1))
                return _t(
                    language,
                    f"There is a price gap: the customer spoke of {customer['text']} and our "
                    f"figure is {seller['text']} ({pct}% more); justify the value or adjust.",
                    f"Hay una diferencia de precio: el cliente habló de {customer['text']} y "
                    f"nuestra cifra es {seller['text']} (un {pct} % más); hay que justificar el "
                    "valor o ajustar.",
                )
            return _t(
                language,
                f"Our figure ({seller['text']}) fits what the customer mentioned "
                f"({customer['text']}).",
                f"Nuestra cifra ({seller['text']}) encaja con lo que mencionó el cliente "
                f"({customer['text']}).",
            )
    if amounts:
        said = _join(list(dict.fromkeys(a["text"] for a in amounts[:3])), language)
        return _t(language, f"Pricing was discussed ({said}).", f"Se habló de precio ({said}).")
    if insights.get("pricingDiscussed"):
        return _t(language, "Pricing came up without figures.", "Se habló de precio, sin cifras.")
    return _t(
        language,
        "Price and budget never came up.",
        "No se habló de precio ni de presupuesto.",
    )


def _next_steps(next_steps: Sequence[NextStep], language: str) -> str:
    if not next_steps:
        return _t(
            language,
            "No next steps were agreed: propose a concrete follow-up with a date.",
            "No se acordaron próximos pasos: propón un seguimiento concreto con fecha.",
        )
    dated = sum(1 for s in next_steps if s.due is not None or s.deadline)
    first = next_steps[0]
    who = f" ({_join(list(first.actors), language)})" if first.actors else ""
    n = len(next_steps)
    return _t(
        language,
        f"{n} next step{'s' * (n != 1)} agreed ({dated} with a date), starting with "
        f"{first.action}{who}.",
        f"Se {'acordaron' if n != 1 else 'acordó'} {n} próximo{'s' * (n != 1)} "
        f"paso{'s' * (n != 1)} ({dated} con fecha), "
        f"empezando por {first.action}{who}.",
    )


def _advice(weakest: ObjectiveScore, insights: dict[str, Any], language: str) -> str:
    if weakest.score >= GOOD_ENOUGH:
        return _t(
            language,
            f"Every scorecard objective went well; the lowest is “{weakest.objective}” "
            f"({weakest.score:g}).",
            f"Todos los objetivos del scorecard salieron bien; el más bajo es "
            f"«{weakest.objective}» ({weakest.score:g}).",
        )
    if weakest.key == "talk_listen_balance":
        ratio = insights.get("talkListenRatio")
        en, es = (
            ("let the customer talk more", "dejar hablar más al cliente")
            if ratio is None or ratio > 0.45
            else ("lead the conversation a bit more", "llevar un poco más la conversación")
        )
    elif weakest.key in _ADVICE:
        en, es = _ADVICE[weakest.key]
    else:
        en = f"work on “{weakest.objective}”"
        es = f"trabajar «{weakest.objective}»"
    return _t(
        language,
        f"Weakest objective: “{weakest.objective}” ({weakest.score:g}); next time, {en}.",
        f"Objetivo más flojo: «{weakest.objective}» ({weakest.score:g}); la próxima vez, {es}.",
    )


def ai_opinion(
    conversation: Conversation,
    insights: dict[str, Any],
    next_steps: Sequence[NextStep],
    scorecard: Scorecard,
) -> str:
    """One paragraph: objections, competitors, pricing, next steps, advice."""
    language = lang(conversation.language)
    parts = [
        _objections(insights, language),
        _competitors(insights, language),
        _pricing(conversation, insights, language),
        _next_steps(next_steps, language),
    ]
    if scorecard.objectives:
        weakest = min(scorecard.objectives, key=lambda o: o.score)
        parts.append(_advice(weakest, insights, language))
    return " ".join(p for p in parts if p)
