"""Scorecard: every objective of the organization scored 0-100 with an explanation citing what
was found, in the conversation's language.

Rules for the default objectives ("seller" = speakers marked internal):

``discovery_questions``
    Questions = sentences with "?" in the seller's lines; open = starting with an interrogative
    (what/how/why..., qué/cómo/cuál...) or asking to tell/describe/explain.
    ``min(100, 25 * open + 5 * closed)``: four open questions make 100.
``talk_listen_balance``
    Seller share ``r`` of speaking time (analytics). 100 within 5 points of 45%, then minus 2.5
    per point further away, never below 0. 50 when no seller is known.
``pain_identified``
    From ``pain_points`` notes. 0 without one; 50 for one, +10 for two or more, +20 when a pain
    line holds a number or amount (its cost), +20 when the seller follows up within three lines
    with a question or by repeating a word of it (confirmed).
``budget_discussed``
    0 when there is neither a ``budget_pricing`` note nor a money amount; else 40, +30 when an
    amount was said, +30 when the customer spoke about it (a customer line with a budget note,
    an amount or a budget word).
``decision_process_known``
    From ``decision_process`` notes. 0 without one; 60 for one, +20 when their lines name a role
    or body (CFO, board, legal, director general, consejo...) or a person, +20 when they say how
    approval works (sign, approve, review, firmar, aprobar, visto bueno...).
``next_steps_dated``
    0 without next steps; else ``40 + 60 * (steps with an owner and a date) / steps``.

Custom objectives (any other key): the objective's description is embedded (the lines are not:
the engine's vectors are used); the mean cosine of its three closest lines maps linearly from
0.15 (score 0) to 0.30 (score 100): with these sentence embeddings a line about the objective
sits near 0.25-0.35 and an unrelated one near 0.05-0.15.

Overall score: the plain mean of the objectives' scores, rounded to 0.1; the justification names
the strongest and the weakest objective.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from meetsight.embedder import embed
from meetsight.intelligence.analytics import TalkAnalytics
from meetsight.intelligence.builtin.amounts import find_amounts
from meetsight.intelligence.builtin.insights import find_names
from meetsight.intelligence.builtin.summary import quote
from meetsight.intelligence.builtin.talk_cues import (
    BUDGET,
    PROBLEM,
    Cue,
    content_words,
    has_number,
    is_open_question,
    lang,
    questions,
)
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation, ObjectiveSpec
from meetsight.intelligence.results import NextStep, NoteDraft, ObjectiveScore, Scorecard

TARGET_SHARE = 0.45
QUOTE_CHARS = 90
CUSTOM_FLOOR, CUSTOM_CEILING = 0.15, 0.30

_ROLES = Cue(
    """cfo=|ceo=|cto=|coo=|cio=|vp=|director|board|committee|owner|partner|legal|procurement|
    finance|security|manager|head of|president|founder|gerente|consejo|junta|comite|dueno|socio|
    juridic|compras|finanzas|seguridad|presidente|fundador|responsable|jefe|jefa|direccion"""
)
_APPROVAL = Cue(
    """sign|signs|signed|signature|sign-off|signoff|approv|review|vote|veto|sign off|final say|
    firma|firmar|aprueb|aprob|revis|visto bueno|vota|decide|decid|decision"""
)


def _t(language: str, en: str, es: str) -> str:
    return es if language == "es" else en


def _q(text: str) -> str:
    return f"“{quote(text, QUOTE_CHARS)}”"


def _cite(text: str, wanted: Callable[[str], object]) -> str:
    """Quote the first sentence of ``text`` that ``wanted`` accepts (else the text's start)."""
    # Very short "sentences" are usually a split at "Dr." or a lead-in ("Two things.").
    hit = next((s for s in sentences(text) if len(s.split()) >= 4 and wanted(s)), text)
    return _q(hit)


class _Context:
    def __init__(
        self,
        conversation: Conversation,
        notes: Sequence[NoteDraft],
        next_steps: Sequence[NextStep],
        analytics: TalkAnalytics,
        vectors: np.ndarray,
    ) -> None:
        self.c = conversation
        self.language = lang(conversation.language)
        self.notes = notes
        self.next_steps = next_steps
        self.analytics = analytics
        self.vectors = vectors

    def noted(self, key: str) -> list[NoteDraft]:
        lines = len(self.c.lines)
        return [n for n in self.notes if n.category_key == key and 0 <= n.line < lines]

    def text(self, index: int) -> str:
        return self.c.lines[index].text

    def seller(self, index: int) -> bool:
        return self.c.is_internal(self.c.lines[index].speaker)


Rule = Callable[[_Context], tuple[float, str]]


def discovery_questions(ctx: _Context) -> tuple[float, str]:
    asked = [q for ln in ctx.c.lines if ctx.c.is_internal(ln.speaker) for q in questions(ln.text)]
    open_ = [q for q in asked if is_open_question(q)]
    closed = len(asked) - len(open_)
    score = min(100.0, 25.0 * len(open_) + 5.0 * closed)
    if not ctx.c.internal_names:
        return 0.0, _t(ctx.language, "No seller is identified.", "No se identifica al vendedor.")
    if not asked:
        return 0.0, _t(
            ctx.language, "The seller asked no questions.", "El vendedor no hizo preguntas."
        )
    cited = ", ".join(_q(q) for q in open_[:2])
    n = len(open_)
    en = f"The seller asked {n} open question{'s' * (n != 1)}"
    es = f"El vendedor hizo {n} pregunta{'s' * (n != 1)} abierta{'s' * (n != 1)}"
    en += f" and {closed} closed one{'s' * (closed != 1)}" + (f": {cited}." if cited else ".")
    es += f" y {closed} cerrada{'s' * (closed != 1)}" + (f": {cited}." if cited else ".")
    return score, _t(ctx.language, en, es)


def balance_score(share: float) -> float:
    distance = abs(share - TARGET_SHARE) * 100
    return max(0.0, 100.0 - 2.5 * max(0.0, distance - 5))


def talk_listen_balance(ctx: _Context) -> tuple[float, str]:
    share = ctx.analytics.talk_listen_ratio
    if share is None:
        return 50.0, _t(
            ctx.language,
            "The seller's share of speaking time is unknown.",
            "No se conoce la parte del tiempo que habló el vendedor.",
        )
    pct = round(share * 100)
    return balance_score(share), _t(
        ctx.language,
        f"The seller side spoke {pct}% of the time (target about 45%).",
        f"El equipo vendedor habló el {pct} % del tiempo (objetivo: en torno al 45 %).",
    )


def _confirmed(ctx: _Context, line: int) -> bool:
    pain_words = set(content_words(ctx.text(line)))
    for i in range(line + 1, min(line + 4, len(ctx.c.lines))):
        if ctx.seller(i) and (
            questions(ctx.text(i)) or pain_words & set(content_words(ctx.text(i)))
        ):
            return True
    return False


def pain_identified(ctx: _Context) -> tuple[float, str]:
    pains = ctx.noted("pain_points")
    if not pains:
        return 0.0, _t(
            ctx.language,
            "No customer problem was brought out.",
            "No salió ningún problema del cliente.",
        )
    quantified = any(has_number(ctx.text(n.line)) for n in pains)
    confirmed = any(_confirmed(ctx, n.line) for n in pains)
    score = 50.0 + 10.0 * (len(pains) > 1) + 20.0 * quantified + 20.0 * confirmed
    cited = _cite(pains[0].content, lambda s: PROBLEM.count(s) or has_number(s))
    en = f"{len(pains)} pain point{'s' * (len(pains) != 1)} came up, e.g. {cited}"
    es = f"Salieron {len(pains)} problema{'s' * (len(pains) != 1)}, p. ej. {cited}"
    en += "; its cost was quantified" if quantified else "; no cost was put on it"
    es += "; se cuantificó su coste" if quantified else "; no se cuantificó su coste"
    en += " and the seller followed it up." if confirmed else " but the seller did not confirm it."
    es += " y el vendedor lo confirmó." if confirmed else " y el vendedor no lo confirmó."
    return score, _t(ctx.language, en, es)


def budget_discussed(ctx: _Context) -> tuple[float, str]:
    noted = ctx.noted("budget_pricing")
    amounts = [(ln, a) for ln in ctx.c.lines for a in find_amounts(ln.text)]
    if not noted and not amounts:
        return 0.0, _t(
            ctx.language,
            "Price and budget never came up.",
            "No se habló de precio ni de presupuesto.",
        )
    # Where the customer spoke to it, best evidence first: a budget note, an amount, a word.
    customer_lines = sorted({n.line for n in noted if not ctx.seller(n.line)})
    customer_lines += sorted({ln.index for ln, _ in amounts if not ctx.c.is_internal(ln.speaker)})
    customer_lines += [
        ln.index
        for ln in ctx.c.lines
        if not ctx.c.is_internal(ln.speaker) and BUDGET.count(ln.text)
    ]
    score = 40.0 + 30.0 * bool(amounts) + 30.0 * bool(customer_lines)
    said = ", ".join(dict.fromkeys(a.text for _, a in amounts[:4]))
    en = "Price or budget came up"
    es = "Se habló de precio o presupuesto"
    en += f"; amounts said: {said}" if said else "; no amount was said"
    es += f"; importes: {said}" if said else "; no se dijo ningún importe"
    if customer_lines:
        first = _cite(ctx.text(customer_lines[0]), lambda s: find_amounts(s) or BUDGET.count(s))
        en += f"; the customer spoke to it: {first}."
        es += f"; el cliente opinó: {first}."
    else:
        en += "; the customer's budget was not qualified."
        es += "; no se cualificó el presupuesto del cliente."
    return score, _t(ctx.language, en, es)


def decision_process_known(ctx: _Context) -> tuple[float, str]:
    noted = ctx.noted("decision_process")
    if not noted:
        return 0.0, _t(
            ctx.language,
            "Who decides and signs was not found out.",
            "No se averiguó quién decide ni quién firma.",
        )
    texts = [ctx.text(n.line) for n in noted]
    names = {w for s in ctx.c.speakers for w in s.name.split()}
    # A capitalised name that is not a participant's: a third person who decides or signs.
    found = {n for t in texts for n in find_names(t, set(), set())}
    others = {n for n in found if not set(n.split()) <= names}
    roles = any(_ROLES.count(t) for t in texts) or bool(others)
    approval = any(_APPROVAL.count(t) for t in texts)
    score = 60.0 + 20.0 * roles + 20.0 * approval
    cited = _cite(texts[0], lambda s: _ROLES.count(s) or _APPROVAL.count(s))
    en = f"Decision process: {cited}"
    es = f"Proceso de decisión: {cited}"
    if not roles:
        en += "; the decision maker was not named"
        es += "; no se nombró a quien decide"
    if not approval:
        en += "; approvals were not covered"
        es += "; no se trataron las aprobaciones"
    return score, _t(ctx.language, en + ".", es + ".")


def next_steps_dated(ctx: _Context) -> tuple[float, str]:
    steps = ctx.next_steps
    if not steps:
        return 0.0, _t(
            ctx.language,
            "The conversation ended without agreed next steps.",
            "La conversación terminó sin próximos pasos acordados.",
        )
    good = [s for s in steps if s.actors and (s.due is not None or s.deadline)]
    score = 40.0 + 60.0 * len(good) / len(steps)
    cited = "; ".join(
        f"{s.action} ({', '.join(s.actors)}, {s.deadline or s.due})" for s in good[:2]
    )
    n, pl = len(steps), "s" * (len(steps) != 1)
    en = f"{n} next step{pl} agreed, {len(good)} with an owner and a date"
    es = f"{n} próximo{pl} paso{pl} acordado{pl}, {len(good)} con responsable y fecha"
    return score, _t(ctx.language, en, es) + (f": {cited}." if cited else ".")


def custom_objective(
    ctx: _Context, objective: ObjectiveSpec, target: np.ndarray
) -> tuple[float, str]:
    """``target``: the embedding of the objective's name and description."""
    if not len(ctx.c.lines):
        return 0.0, _t(ctx.language, "The conversation is empty.", "La conversación está vacía.")
    sims = ctx.vectors @ target
    order = np.argsort(-sims, kind="stable")[:3]
    closeness = float(sims[order].mean())
    span = CUSTOM_CEILING - CUSTOM_FLOOR
    score = 100.0 * min(1.0, max(0.0, (closeness - CUSTOM_FLOOR) / span))
    best = ctx.c.lines[int(order[0])]
    return score, _t(
        ctx.language,
        f"Closest moment to “{objective.name}” (similarity {closeness:.2f}): "
        f"{best.speaker}: {_q(best.text)}.",
        f"Momento más cercano a «{objective.name}» (similitud {closeness:.2f}): "
        f"{best.speaker}: {_q(best.text)}.",
    )


RULES: dict[str, Rule] = {
    "discovery_questions": discovery_questions,
    "talk_listen_balance": talk_listen_balance,
    "pain_identified": pain_identified,
    "budget_discussed": budget_discussed,
    "decision_process_known": decision_process_known,
    "next_steps_dated": next_steps_dated,
}


def score_conversation(
    conversation: Conversation,
    objectives: Sequence[ObjectiveSpec],
    notes: Sequence[NoteDraft],
    next_steps: Sequence[NextStep],
    analytics: TalkAnalytics,
    vectors: np.ndarray,
) -> Scorecard:
    """Score each objective (see the module docstring) and their mean."""
    ctx = _Context(conversation, notes, next_steps, analytics, vectors)
    custom = [o for o in objectives if o.key not in RULES]
    # One embedding batch for every custom objective, consumed in order below.
    targets = iter(embed([f"{o.name}. {o.description}" for o in custom]))
    scored: list[ObjectiveScore] = []
    for objective in objectives:
        rule = RULES.get(objective.key)
        if rule:
            score, why = rule(ctx)
        else:
            score, why = custom_objective(ctx, objective, next(targets))
        scored.append(ObjectiveScore(objective.key, objective.name, round(score, 1), why))
    if not scored:
        return Scorecard(0.0, _t(ctx.language, "No objectives to score.", "No hay objetivos."), ())
    overall = round(sum(s.score for s in scored) / len(scored), 1)
    best = max(scored, key=lambda s: s.score)
    worst = min(scored, key=lambda s: s.score)
    justification = _t(
        ctx.language,
        f"Overall {overall:g}/100, the mean of {len(scored)} objectives: strongest on "
        f"“{best.objective}” ({best.score:g}), weakest on “{worst.objective}” ({worst.score:g}).",
        f"Puntuación global {overall:g}/100, media de {len(scored)} objetivos: lo mejor, "
        f"«{best.objective}» ({best.score:g}); lo más flojo, «{worst.objective}» "
        f"({worst.score:g}).",
    )
    return Scorecard(overall, justification, tuple(scored))
