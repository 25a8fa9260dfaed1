"""The seller side, when nobody in the conversation is marked internal (an upload without
``ownerId`` or people): who speaks for us, so talk-listen ratio, questions, scores, insights and
the AI opinion read the right speakers.

In order, the first that answers:

1. Marked: a speaker marked internal in the organization (or the activity's owner) keeps the
   conversation as loaded.
2. Organization: speakers whose name is one of the organization's users or internal people
   (``Conversation.org_people``), full name or first and last name, accents and case ignored.
3. Board meeting: the title says so ("board meeting", "investor update", "consejo de
   administración"). Management presents and the board questions it, so the host side is the
   speakers who hold most of the talk: those above the deepest cut (at most half of them) where
   the talk drops by at least ``BOARD_GAP`` of the smaller share. The board members'
   concerns are read as the other side's, as a customer's would be.
4. Internal meeting: the title says so ("planning", "stand-up", "1:1", "debrief", "reunión
   interna", "post-mortem"...), or no speaker sounds like a buyer and the talk refers to
   customers in the third person: every speaker is on our side and nobody is the customer.
5. Roles in the talk: each speaker gets a seller score, the mean over their turns of what the
   ``objection`` head reads as the seller's (pitching, answering, proposing, asking discovery
   questions) less the customer's (objections, today's pains, praise), plus word cues (``our
   platform``, ``we can offer``, ``your team`` for the seller; ``your pricing``, ``our budget``,
   ``my CFO`` for the customer). Speakers sorted by score are cut where the gap is widest,
   the seller side being at most half of them; a gap under ``CLEAR_GAP`` decides nothing. On
   a call, a caller passed from an agent to a supervisor leaves both on our side: the widest
   gap over all the cuts has the caller alone below it, and only the caller spoke as the buyer.
   Colleagues a speaker presents in the opening lines ("I've got Kenji from legal", "Anjali's
   here from our legal team") are placed whole with the presenter: the team joins our side when
   its turns read more like a seller's than everyone else's, and leaves it when they read less
   so (a seller negotiating terms reads like a buyer alone, not beside the lead). A two-person
   call the roles leave undecided is ours by how it opens: the agent answering ("thanks for
   calling ...") or a rep asking for the person ("is this Ophelia?", "¿hablo con Marta?").

The result is the same conversation with the seller side's speakers marked internal and
``seller_side`` saying how ("organization", "board meeting", "internal meeting", "roles").
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import numpy as np

from meetsight.intelligence.builtin.folding import fold, words
from meetsight.intelligence.builtin.heads.model import load_head
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation, Speaker

CLEAR_GAP = 0.12
NEAR_GAP = 0.05  # a wider cut whose gap is this close to the widest is preferred
CUE_WEIGHT = 0.15  # per cue hit, scaled by the speaker's turns
MIN_TURNS = 2  # a speaker with fewer turns is never the only seller
COLLEAGUE = 0.0  # a speaker reading more seller than buyer, with no buyer cue, joins the side
THIRD_PERSON_CUSTOMERS = 3  # mentions that make a buyer-less talk an internal meeting
BOARD_GAP = 0.3  # the presenters' talk exceeds the board's most talkative by this share

_SELLER = re.compile(
    r"\b(?:our (?:platform|product|products|solution|customers|clients|pricing|list price"
    r"|sandbox|integration|roadmap|implementation|support team|deal desk|onboarding|partners?"
    r"|app|engineers)|your (?:team|environment|current|side|admin|users|business|process|setup"
    r"|goals|priorities|it team|timeline)|we (?:can|could) (?:offer|do|give|include|set up"
    r"|help)|i'll send (?:you|over) the (?:proposal|quote|contract|order form|invite|deck)"
    r"|deal desk|nuestr[oa]s? (?:plataforma|producto|solucion|clientes|equipo de soporte)"
    r"|vuestr[oa]s? (?:equipo|empresa|sistema|caso|proceso)|os (?:puedo|podemos) (?:ofrecer"
    r"|hacer|dar|ensenar|preparar)|you(?:'ll| will| can| could) (?:see|get|configure|set|use"
    r"|have|export|connect|choose|pick|add|switch on|turn on)|we (?:support|include|offer"
    r"|provide|host|store|encrypt|integrate|build|ship)|we (?:don't|do not|never) (?:charge"
    r"|sell|bill)|our (?:direct team|standard (?:contract|terms)|paper|order form|security team"
    r"|legal team|sub-processors?)|podeis|vais a poder|os (?:mando|enviamos|preparamos|configuro"
    r"|configuramos))\b"
)
_CUSTOMER = re.compile(
    r"\b(?:your (?:platform|product|solution|pricing|price|paper|contract|order form|proposal"
    r"|support|sales team|direct team|tool|app|system|quote|offer|rep|uplift|list)|(?:our|my)"
    r" (?:budget|cfo|board|procurement|policy|standard|general counsel|current (?:vendor"
    r"|provider|system|tool))|we're (?:evaluating|looking at|comparing)|vuestr[oa]s? (?:plataforma"
    r"|producto|precio|propuesta|contrato|soporte|herramienta|programa)|nuestro presupuesto"
    r"|mi socio|(?:can|could|does|do) (?:it|you) (?:support|integrate|handle|export|connect|work)"
    # a caller about their own bill: "you charged me twice", "my bill is wrong", "your mistake"
    r"|(?:you|you guys) (?:charged|billed|overcharged) (?:me|us)|your (?:mistake|error|fault)"
    r"|my (?:bill|card|statement|subscription|invoice|payment)"
    r"|my plan(?! (?:is|was|would be) to\b)"  # not the seller's "my plan is to send..."
    r"|we (?:need|require|expect|asked for)|our (?:people|staff|guys|users|drivers|technicians"
    r"|nurses|accountants|members|regulators?|auditors?|examiners?)|we're (?:considering"
    r"|thinking about)|necesitamos|nuestr[oa]s? (?:empleados|tecnicos|usuarios))\b"
)
_INTERNAL_TITLE = re.compile(
    r"\b(?:planning|stand-?up|standup|sync|retro\w*|post-?mortem|lessons learned|1[:-]1"
    r"|one-on-one|all-hands|debrief"
    r"|sprint|weekly|team meeting|internal|pipeline review|forecast|interview debrief"
    r"|planificacion|reunion (?:interna|semanal|de equipo)|interna|semanal|comite"
    # The team going over its own accounts (issue 16).
    r"|account review|revision (?:mensual |semanal )?de cuentas)\b"
)
_BOARD_TITLE = re.compile(
    r"\b(?:board (?:meeting|update|call|review|session|deck)|investors? (?:update|meeting|call)"
    r"|quarterly board|(?:reunion|sesion) del consejo|consejo de administracion"
    r"|junta directiva)\b"
)
# A title naming a meeting with a customer: talk of "customers" there is the buyer's own.
_EXTERNAL_TITLE = re.compile(
    r"\b(?:discovery|demo|negotiation|renewal|qbr|business review|kick-?off|onboarding"
    r"|proposal|follow-?up|inbound|outbound|escalation|descubrimiento|demostracion|negociacion"
    r"|renovacion|propuesta|seguimiento)\b"
)
_THIRD_PERSON = re.compile(
    r"\b(?:the (?:customer|customers|client|clients|prospect|prospects|account|accounts|deal)"
    r"|our (?:customers|clients|accounts)|customers|clientes|el cliente|los clientes"
    r"|la cuenta|las cuentas)\b"
)


def _name_key(name: str) -> tuple[str, ...]:
    parts = words(name)
    return (parts[0], parts[-1]) if len(parts) >= 2 else tuple(parts)


def _by_organization(conversation: Conversation) -> set[str]:
    known = {_name_key(n) for n in conversation.org_people if words(n)}
    return {s.name for s in conversation.speakers if _name_key(s.name) in known}


def _scores(conversation: Conversation, vectors: np.ndarray) -> dict[str, tuple[float, int, int]]:
    """Per speaker: seller score, turns, customer-cue hits."""
    head = load_head("objection")
    texts = [ln.text for ln in conversation.lines]
    probs = head.probabilities(vectors, texts)
    seller = probs[:, head.labels.index("seller")]
    buyer = probs[:, [head.labels.index(k) for k in ("objection", "pain", "praise")]].sum(axis=1)
    turns: dict[str, list[int]] = {}
    for i, ln in enumerate(conversation.lines):
        turns.setdefault(ln.speaker, []).append(i)
    out: dict[str, tuple[float, int, int]] = {}
    for speaker, rows in turns.items():
        folded = [fold(conversation.lines[i].text) for i in rows]
        ours = sum(len(_SELLER.findall(t)) for t in folded)
        theirs = sum(len(_CUSTOMER.findall(t)) for t in folded)
        score = float((seller[rows] - buyer[rows]).mean()) + CUE_WEIGHT * (ours - theirs)
        out[speaker] = (score, len(rows), theirs)
    return out


def _gaps(ranked: Sequence[float]) -> list[float]:
    """The gap below each cut of values sorted high to low: ``gaps[i]`` keeps ``i + 1`` above."""
    return [ranked[i - 1] - ranked[i] for i in range(1, len(ranked))]


def _split(scores: dict[str, tuple[float, int, int]], call: bool = False) -> set[str]:
    """The speakers above the widest gap in seller score (at most half of them; on a call, all
    but a caller who alone spoke as the buyer: see :func:`_served_caller`)."""
    ranked = sorted(scores, key=lambda s: -scores[s][0])
    served = _served_caller(ranked, scores) if call else set()
    if served:
        return served
    gaps = _gaps([scores[s][0] for s in ranked])[: len(ranked) // 2]
    best_gap = max(gaps, default=0.0)
    # A wider cut that is nearly as clear wins: a seller often brings a colleague (an SE, a
    # manager) whose turns read less like selling than the lead's.
    cut = max((i + 1 for i, gap in enumerate(gaps) if gap >= best_gap - NEAR_GAP), default=0)
    if best_gap < CLEAR_GAP:
        return set()
    side = set(ranked[:cut])
    if all(scores[s][1] < MIN_TURNS for s in side):
        return set()
    # The seller's colleague whose turns still read more seller than buyer, and who never spoke
    # as the buyer ("our budget", "your pricing"), is ours even below a wide gap (issue 16:
    # a second rep's restatements of the customer's concerns were filed as objections).
    # So is one who reads less seller, when every speaker below them spoke as the buyer and
    # they never did (a partner manager beside the lead, answering the partner's terms).
    for i, speaker in enumerate(ranked[cut : len(ranked) // 2], start=cut):
        score, turns, hits = scores[speaker]
        buyers_below = all(scores[s][2] for s in ranked[i + 1 :])
        if (score >= COLLEAGUE or buyers_below) and not hits and turns >= MIN_TURNS:
            side.add(speaker)
    return side


def _served_caller(ranked: list[str], scores: dict[str, tuple[float, int, int]]) -> set[str]:
    """Our side on a call where it is the larger one: a caller passed from an agent to a
    supervisor. The widest gap over all the cuts leaves one speaker below it, who spoke as the
    buyer ("my bill", "your pricing"), and nobody above it did."""
    if len(ranked) < 3:
        return set()
    gaps = _gaps([scores[s][0] for s in ranked])
    if int(np.argmax(gaps)) != len(ranked) - 2 or gaps[-1] < CLEAR_GAP:
        return set()
    if not scores[ranked[-1]][2] or any(scores[s][2] for s in ranked[:-1]):
        return set()
    return set(ranked[:-1])


def _internal_meeting(
    conversation: Conversation, scores: dict[str, tuple[float, int, int]]
) -> bool:
    title = fold(conversation.title)
    if _INTERNAL_TITLE.search(title):
        return True
    if _EXTERNAL_TITLE.search(title):
        return False
    if len(scores) < 3 or any(hits for _, _, hits in scores.values()):
        return False
    mentions = sum(len(_THIRD_PERSON.findall(fold(ln.text))) for ln in conversation.lines)
    return mentions >= THIRD_PERSON_CUSTOMERS


def _presenters(conversation: Conversation) -> list[str]:
    """A board meeting's presenters: the speakers above the deepest clear drop in words spoken
    (at most half of them). Not the widest drop: a chief executive who presents most and a
    finance chief who presents the numbers both talk well above the board, though the first
    may outtalk the second by more than the second outtalks the board."""
    spoken: dict[str, int] = {}
    for ln in conversation.lines:
        spoken[ln.speaker] = spoken.get(ln.speaker, 0) + len(ln.text.split())
    ranked = sorted(spoken, key=lambda s: -spoken[s])
    clear = [
        cut
        for cut in range(1, len(ranked) // 2 + 1)
        if spoken[ranked[cut - 1]] >= (1 + BOARD_GAP) * spoken[ranked[cut]]
    ]
    return ranked[: max(clear)] if clear else []


def _marked(conversation: Conversation, names: Sequence[str], how: str) -> Conversation:
    side = set(names)
    speakers = tuple(Speaker(s.name, s.name in side) for s in conversation.speakers)
    return dataclasses.replace(conversation, speakers=speakers, seller_side=how)


def with_seller_side(conversation: Conversation, vectors: np.ndarray) -> Conversation:
    """The conversation with its seller side marked (see the module docstring)."""
    if conversation.internal_names or len(conversation.speakers) < 2:
        return conversation
    known = _by_organization(conversation)
    if known:
        return _marked(conversation, sorted(known), "organization")
    if len(vectors) != len(conversation.lines) or not conversation.lines:
        return conversation
    if _BOARD_TITLE.search(fold(conversation.title)):
        presenters = _presenters(conversation)
        if presenters:
            return _marked(conversation, presenters, "board meeting")
    scores = _scores(conversation, vectors)
    if _internal_meeting(conversation, scores):
        return _marked(conversation, [s.name for s in conversation.speakers], "internal meeting")
    side = _split(scores, call=conversation.kind == "call")
    side = _with_teams(side, _introductions(conversation), scores)
    if not side and conversation.kind == "call" and len(conversation.speakers) == 2:
        side = _answers_or_asks_for(conversation)
    if not side:
        return conversation
    return _marked(conversation, sorted(side), "roles")


# How our side opens a call: the agent answering ("thanks for calling Ledgerline, this is
# Nadia"), or a rep calling out who asks for the person ("is this Ophelia?", "¿hablo con
# Marta Quiroga?"). A caller giving their own name and company ("soy Andrés, de Talleres
# Molina") may be either: a customer calling support says it too.
_OPENS_A_CALL = re.compile(
    r"\bthanks? (?:you )?for calling\b|\bgracias por (?:llamar|comunicarse)\b"
    r"|\b(?:am i speaking (?:to|with)|is this|hablo con|estoy hablando con)\s+[a-z]"
)
OPENING = 4  # lines of a call read for how it opens


def _answers_or_asks_for(conversation: Conversation) -> set[str]:
    """On a two-person call the roles leave undecided, our side by how it opens the call."""
    for line in conversation.lines[:OPENING]:
        if _OPENS_A_CALL.search(fold(line.text)):
            return {line.speaker}
    return set()


def _with_teams(
    side: set[str], teams: dict[str, set[str]], scores: dict[str, tuple[float, int, int]]
) -> set[str]:
    """The seller side once each presented team is placed whole: on our side when its turns
    read more like a seller's than the other speakers' turns do (by ``NEAR_GAP`` at least),
    off it when they read less so, as the roles put them when the two are near."""
    out = set(side)
    for presenter, named in teams.items():
        team = (named | {presenter}) & set(scores)
        rest = set(scores) - team
        if not rest:
            out |= team  # everyone is a colleague: the hosts of a webinar, read out questions
            continue
        lean = _mean_score(team, scores) - _mean_score(rest, scores)
        if lean >= NEAR_GAP:
            out |= team
        elif lean <= -NEAR_GAP:
            out -= team
    return out


def _mean_score(speakers: set[str], scores: dict[str, tuple[float, int, int]]) -> float:
    """The speakers' seller score, weighted by their turns."""
    turns = sum(scores[s][1] for s in speakers)
    return sum(scores[s][0] * scores[s][1] for s in speakers) / max(turns, 1)


# A speaker presenting colleagues at the start: "From Hollowell we have Chiamaka and Brent",
# "Simran, your account manager, is here, and Otto, one of our engineers", "vengo con Santiago".
_PRESENTS = re.compile(
    r"\b(?:we have|we've got|with me|joining me|joined by|i brought|i've got|i have|our"
    r"|my colleague|my team|conmigo|nos acompana|me acompana|tenemos a|tengo a|vengo con"
    r"|mi companer[oa]|nuestr[oa])\b"
)
# ... unless the sentence names the other side's people: "I see you have Chiamaka with you".
_PRESENTS_THEIRS = re.compile(
    r"\b(?:you have|with you|your team|on your side|you brought|contigo|con usted|tu equipo"
    r"|vuestro equipo|su equipo)\b"
)
INTRODUCTIONS = 8  # lines read for introductions (or the first eighth, when longer)


def _introductions(conversation: Conversation) -> dict[str, set[str]]:
    """Who presented whom as a colleague in the opening lines: each speaker to the other
    speakers whose first name a sentence of theirs holds beside a first-person cue
    (``_PRESENTS``). The colleagues are on the presenter's side, whichever side that is
    (:func:`_with_teams`): a seller whose turns read like a buyer's (negotiating terms,
    answering for their CFO) joins the lead, and a buyer who reads like a seller leaves it."""
    first: dict[str, str] = {}
    for s in conversation.speakers:
        key = fold(s.name.split()[0]) if s.name.split() else ""
        if key and key not in first:
            first[key] = s.name
        elif key:  # two speakers share a first name: it tells nobody apart
            first[key] = ""
    teams: dict[str, set[str]] = {}
    opening = conversation.lines[: max(INTRODUCTIONS, len(conversation.lines) // 8)]
    for line in opening:
        for sentence in sentences(line.text) or [line.text]:
            folded = fold(sentence)
            if not _PRESENTS.search(folded) or _PRESENTS_THEIRS.search(folded):
                continue
            # word by word, a possessive cut off: "Anjali's here from our legal team"
            named = {first.get(w, "") for w in re.findall(r"[^\W\d_]+", folded)}
            named -= {"", line.speaker}
            if named:
                teams.setdefault(line.speaker, set()).update(named)
    return teams
