"""Next steps: the commitments a conversation ends with, in English and Spanish, with who does
each one and by when.

A commitment is a first-person future or an agreed plan: "I'll send", "we're going to",
"let's schedule", "let me get you", "our team will"; "te envío ... el viernes", "voy a",
"enviaré", "agendamos", "quedamos en", "me comprometo a"; an offer or request the other side
takes ("Can you send me X?" "Sure." -> the one who answered does it). Rejected: hypotheticals
("if ...", "would", "podríamos"), past actions ("I sent", "ya te envié"), negations, questions
nobody takes, vague closings ("we'll be in touch", "let's regroup", "vamos a ver").

Actors: the speaker for "I", and for "we", "let's", "our team will", "agendamos", "quedamos":
whoever proposes the shared plan owns it (that is how the labelled conversations assign them);
a named participant when the speaker says "<Name> will ..." or "<Name> and I will ...".

A commitment said again later (a recap) counts once, on the line where it was first made. The
language rules live in :mod:`.commitments_en` and :mod:`.commitments_es`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from meetsight.intelligence.builtin.commitment_hits import ANY_DAY, OTHER, WORD, Hit
from meetsight.intelligence.builtin.commitments_en import (
    CUT_EN,
    EN_REQUEST,
    EN_TIME,
    EN_YOU_WILL,
    en_hit,
    en_named_hit,
    en_offer,
    en_tidy,
)
from meetsight.intelligence.builtin.commitments_es import (
    CUT_ES,
    ES_REQUEST,
    ES_TIME,
    es_hit,
    es_imperative_infinitive,
    es_later_verbs,
)
from meetsight.intelligence.builtin.deadlines import Deadline, find_deadlines, fold_same_length
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation, Line
from meetsight.intelligence.results import NextStep

__all__ = ["extract_next_steps"]


@dataclass(frozen=True, slots=True)
class _Found:
    line: int
    action: str
    actors: tuple[str, ...]
    deadline: Deadline | None


# Promises too vague to act on unless they carry a date ("we'll get there", "haremos lo posible").
_VAGUE_ACTION = re.compile(
    r"^(?:(?:do|get|make|figure|sort|work|manage|deal|handle|try|hacer|intentar)"
    r"(?: (?:it|that|this|there|out|so|something|anything|everything|things|my|our|the|best"
    r"|work|happen|todo|lo|posible|que|podamos|necesario|mejor|eso|algo))*"
    r"|(?:send|mandar|enviar) (?:something|anything|algo))$"
)


_ACCEPT_START = re.compile(
    r"^\W*(?:yes|yeah|yep|sure|ok|okay|great|perfect|sounds good|sounds great|that works|works"
    r"|fine|good|absolutely|of course|definitely|please|deal|lovely|excellent|will do|i will"
    r"|si|vale|claro|perfecto|genial|estupendo|de acuerdo|me parece bien|muy bien|bien"
    r"|por supuesto|hecho|sin problema|encantad[oa]|venga|sounds)\b"
)


_ACCEPT_ANYWHERE = re.compile(
    r"\b(?:works for (?:me|us)|is fine|sounds good|me parece bien|me viene bien|de acuerdo"
    r"|perfect|great|nos va bien|me va bien)\b"
)


_REJECT_START = re.compile(
    r"^\W*(?:no\b|not\b|actually|unfortunately|i can't|we can't|lo siento|mejor no|ahora no)"
)


def extract_next_steps(conversation: Conversation) -> list[NextStep]:
    """The commitments made in the conversation, in order, at most one per line and actor."""
    lines = conversation.lines
    language = "es" if conversation.language == "es" else "en"
    first_names = _first_names(conversation)
    found: list[_Found] = []
    for position, line in enumerate(lines):
        for step in _line_steps(conversation, position, line, language, first_names):
            if not any(_same_commitment(step, earlier) for earlier in found):
                found.append(step)
    return [
        NextStep(
            action=f.action,
            actors=f.actors,
            deadline=f.deadline.phrase if f.deadline else "",
            due=f.deadline.due if f.deadline else None,
            line=f.line,
        )
        for f in found
    ]


def _same_commitment(a: _Found, b: _Found) -> bool:
    """A recap ("so Dana sends the ROI calculator by Friday") repeats a step made earlier."""
    if a.actors != b.actors or (a.deadline and b.deadline and a.deadline.due != b.deadline.due):
        return False
    words_a, words_b = _content_words(a.action), _content_words(b.action)
    if not words_a or not words_b:
        return False
    return len(words_a & words_b) / min(len(words_a), len(words_b)) >= 0.6


def _content_words(text: str) -> set[str]:
    return {w for w in WORD.findall(fold_same_length(text)) if len(w) > 3}


def _first_names(conversation: Conversation) -> dict[str, str]:
    names: dict[str, str] = {}
    for speaker in conversation.speakers:
        first = fold_same_length(speaker.name.split()[0]) if speaker.name.split() else ""
        if len(first) > 1:
            names.setdefault(first, speaker.name)
    return names


def _line_steps(
    conversation: Conversation,
    position: int,
    line: Line,
    language: str,
    first_names: dict[str, str],
) -> list[_Found]:
    per_actors: dict[tuple[str, ...], _Found] = {}
    said = sentences(line.text)
    for i, sentence in enumerate(said):
        for step in _sentence_steps(conversation, position, line, sentence, language, first_names):
            if i and _BARE_ACTION.match(fold_same_length(step.action)):
                # "I can put together a business case. You'll have it by Monday.": the offer
                # before is what "it" promises.
                offered = _offered_action(said[i - 1], line.speaker, language, first_names)
                if offered:
                    step = _Found(step.line, offered, step.actors, step.deadline)
            earlier = per_actors.get(step.actors)
            if earlier is None:
                per_actors[step.actors] = step
            elif earlier.deadline is None and step.deadline is not None:
                per_actors[step.actors] = _Found(
                    earlier.line, earlier.action, earlier.actors, step.deadline
                )
    if not per_actors:
        accepted = _accepted_request(conversation, position, language)
        if accepted is not None:
            per_actors[accepted.actors] = accepted
    return list(per_actors.values())


def _offered_action(
    sentence: str, speaker: str, language: str, first_names: dict[str, str]
) -> str | None:
    """The action of an offer that waited for a date ("I can send the report.")."""
    folded = fold_same_length(sentence)
    hit = (
        es_hit(sentence, folded, speaker, first_names)
        if language == "es"
        else en_hit(folded, speaker, first_names)
    )
    if hit is None and language != "es":
        hit = en_offer(folded, speaker)
    if hit is None or not hit.needs_deadline or hit.actors != (speaker,):
        return None
    deadlines = find_deadlines(sentence, language, ANY_DAY)
    return _action(sentence, hit, deadlines, language, first_names) or None


def _sentence_steps(
    conversation: Conversation,
    position: int,
    line: Line,
    sentence: str,
    language: str,
    first_names: dict[str, str],
) -> list[_Found]:
    folded = fold_same_length(sentence)
    if language == "es":
        hit = es_hit(sentence, folded, line.speaker, first_names)
    else:
        hit = en_hit(folded, line.speaker, first_names)
    if hit is None:
        return []
    if hit.actors == (OTHER,):
        other = _other_party(conversation, position)
        if other is None:
            return []
        hit = replace(hit, actors=(other,))
    deadlines = find_deadlines(sentence, language, conversation.day)
    steps = []
    first = _step(
        conversation, position, line, sentence, folded, hit, deadlines, language, first_names
    )
    if first is not None:
        steps.append(first)
    if language == "en":
        # "I'll send the proposal, and Sam will set up the sandbox tomorrow": two owners.
        second = en_named_hit(folded, line.speaker, first_names, after=hit.verb_end)
        you = EN_YOU_WILL.search(folded, hit.verb_end)
        if second is None and you is not None and not folded.rstrip().endswith("?"):
            other = _other_party(conversation, position)
            if other is not None:
                second = Hit(you.start("verb"), you.end("verb"), (other,), needs_deadline=True)
        if second is not None and second.actors != hit.actors:
            found = _step(
                conversation,
                position,
                line,
                sentence,
                folded,
                second,
                deadlines,
                language,
                first_names,
            )
            if found is not None:
                steps.append(found)
    return steps


def _step(
    conversation: Conversation,
    position: int,
    line: Line,
    sentence: str,
    folded: str,
    hit: Hit,
    deadlines: list[Deadline],
    language: str,
    first_names: dict[str, str],
) -> _Found | None:
    deadline = _pick_deadline(deadlines, hit, folded)
    if hit.needs_deadline and deadline is None:
        return None
    if hit.needs_acceptance and not _accepted(conversation, position):
        return None
    if deadline is None:
        deadline = _request_deadline(conversation, position, language)
    action = _action(sentence, hit, deadlines, language, first_names)
    if _BARE_ACTION.match(fold_same_length(action)):
        requested = _requested_action(conversation, position, language)
        action = requested or action
    if not action or (deadline is None and _VAGUE_ACTION.match(fold_same_length(action))):
        return None
    return _Found(line.index, action, hit.actors, deadline)


def _other_party(conversation: Conversation, position: int) -> str | None:
    """Who the speaker is talking to: the last one who spoke before, else the next one."""
    back = _previous_other_line(conversation, position)
    if back is not None:
        return conversation.lines[back].speaker
    reply = _next_other_line(conversation, position)
    return reply.speaker if reply else None


def _pick_deadline(deadlines: list[Deadline], hit: Hit, folded: str) -> Deadline | None:
    """The deadline of the commitment's clause: after its verb when there is one there."""
    after = [d for d in deadlines if d.span[0] >= hit.start]
    before = [d for d in deadlines if d.span[1] <= hit.start]
    for deadline in after:
        between = folded[hit.verb_end : deadline.span[0]]
        if re.search(r"[;]|,\s*(?:y|pero|and|but)\s|\bbut\b|\bpero\b", between):
            continue  # the deadline belongs to another clause
        return deadline
    return before[-1] if before else None


def _next_other_line(conversation: Conversation, position: int) -> Line | None:
    speaker = conversation.lines[position].speaker
    for line in conversation.lines[position + 1 : position + 3]:
        if line.speaker != speaker:
            return line
    return None


def _is_acceptance(text: str) -> bool:
    parts = sentences(text)
    first = fold_same_length(parts[0]) if parts else ""
    if _REJECT_START.search(first):
        return False
    return bool(_ACCEPT_START.search(first) or _ACCEPT_ANYWHERE.search(first))


def _accepted(conversation: Conversation, position: int) -> bool:
    reply = _next_other_line(conversation, position)
    return reply is not None and _is_acceptance(reply.text)


def _request(text: str, language: str) -> tuple[str, str] | None:
    """(action, sentence) of a request for something ("Can you send me the deck?")."""
    for sentence in sentences(text):
        folded = fold_same_length(sentence)
        if language == "es":
            m = ES_REQUEST.search(folded)
            if m:
                verb = m.group("verb") or es_imperative_infinitive(m.group("imp"))
                rest = sentence[m.end() :]
                return (f"{verb} {rest}".strip(), sentence)
        else:
            m = EN_REQUEST.search(folded)
            if m and ("?" in folded or folded.startswith(("please", "send", "email", "and "))):
                return (sentence[m.start("verb") :], sentence)
    return None


def _previous_other_line(conversation: Conversation, position: int) -> int | None:
    speaker = conversation.lines[position].speaker
    for back in (position - 1, position - 2):
        if back >= 0 and conversation.lines[back].speaker != speaker:
            return back
    return None


def _request_deadline(conversation: Conversation, position: int, language: str) -> Deadline | None:
    """A commitment that answers a dated request keeps the request's date."""
    back = _previous_other_line(conversation, position)
    if back is None:
        return None
    request = _request(conversation.lines[back].text, language)
    if request is None:
        return None
    found = find_deadlines(request[1], language, conversation.day)
    return found[0] if found else None


# "Sure, I'll send it over", "os las envío": the thing is named in the request being answered.
_BARE_ACTION = re.compile(
    r"^[a-z]+(?: (?:it|them|that|this|those|these|over|across|along|lo|la|los|las|eso|esto))*$"
)


def _requested_action(conversation: Conversation, position: int, language: str) -> str | None:
    back = _previous_other_line(conversation, position)
    request = _request(conversation.lines[back].text, language) if back is not None else None
    if request is None:
        return None
    action_text, sentence = request
    action = action_text
    for deadline in find_deadlines(sentence, language, conversation.day):
        action = action.replace(deadline.phrase, " ")
    return _clean_action(action, language, (), {}) or None


def _accepted_request(conversation: Conversation, position: int, language: str) -> _Found | None:
    """ "Can you send me X?" answered by a plain "Sure": the one who answered does X."""
    back = _previous_other_line(conversation, position)
    line = conversation.lines[position]
    if back is None or len(line.text.split()) > 12 or not _is_acceptance(line.text):
        return None
    request = _request(conversation.lines[back].text, language)
    if request is None:
        return None
    action_text, sentence = request
    deadlines = find_deadlines(sentence, language, conversation.day)
    action = _clean_action(action_text, language, deadlines=(), first_names={})
    for deadline in deadlines:
        action = _clean_action(action.replace(deadline.phrase, " "), language, (), {})
    if not action:
        return None
    return _Found(line.index, action, (line.speaker,), deadlines[0] if deadlines else None)


def _action(
    sentence: str,
    hit: Hit,
    deadlines: list[Deadline],
    language: str,
    first_names: dict[str, str],
) -> str:
    chars = list(sentence)
    for deadline in deadlines:
        start, end = deadline.span
        if start >= hit.verb_end or end <= hit.start:
            chars[start:end] = [" "] * (end - start)
    text = "".join(chars)
    if hit.infinitive is not None:
        text = hit.infinitive + " " + text[hit.verb_end :]
    else:
        text = text[hit.start :]
    return _clean_action(text, language, deadlines, first_names)


def _clean_action(text: str, language: str, deadlines: object, first_names: dict[str, str]) -> str:
    folded = fold_same_length(text)
    cut = (CUT_ES if language == "es" else CUT_EN).search(folded)
    if cut and cut.start() > 0:
        text, folded = text[: cut.start()], folded[: cut.start()]
    time = (ES_TIME if language == "es" else EN_TIME).search(folded)
    if time:
        text = text[: time.start()] + text[time.end() :]
    text = es_later_verbs(text) if language == "es" else en_tidy(text, first_names)
    text = re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s+", " ", text))
    text = re.sub(r"\s*,\s*(?=with\b|con\b|para\b|for\b|to\b)", " ", text)
    return text.strip(" ,.;:!?¿¡-\u2014").strip()
