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
language rules come from the language's pack (:mod:`.languages`); the long promise rules it
names live in :mod:`.commitments_en` and :mod:`.commitments_es`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from meetsight.intelligence.builtin.commitment_dates import asked_date, event_date, then_date
from meetsight.intelligence.builtin.commitment_head import CommitmentScores, window
from meetsight.intelligence.builtin.commitment_hits import ANY_DAY, EACH, OTHER, WORD, Hit
from meetsight.intelligence.builtin.commitment_now import done_in_call
from meetsight.intelligence.builtin.commitment_requests import (
    accepted,
    is_acceptance,
    next_other_line,
    other_party,
    previous_other_line,
    request,
)
from meetsight.intelligence.builtin.commitment_resolve import (
    Context,
    resolve_action,
    resolve_es_clitic,
)
from meetsight.intelligence.builtin.commitments_en import (
    EN_YOU_WILL,
    en_hit,
    en_named_hit,
    en_offer,
)
from meetsight.intelligence.builtin.commitments_es import (
    es_hit,
)
from meetsight.intelligence.builtin.deadlines import Deadline, find_deadlines, fold_same_length
from meetsight.intelligence.builtin.languages import has_pack, pack_for
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
    refers_back: bool = False  # its object was a pronoun: "I'll send that today"
    follow_up: bool = False  # "I'll get back to you by Friday": completes the step before
    recap: bool = False  # said in a line that recaps the steps


# Promises too vague to act on unless they carry a date ("we'll get there", "haremos lo posible").
_VAGUE_ACTION = re.compile(
    r"^(?:(?:do|get|make|figure|sort|work|manage|deal|handle|try|hacer|intentar)"
    r"(?: (?:it|that|this|there|out|so|something|anything|everything|things|my|our|the|best"
    r"|work|happen|todo|lo|posible|que|podamos|necesario|mejor|eso|algo))*"
    r"|(?:send|mandar|enviar) (?:something|anything|algo))$"
)

# Choices and idioms in a promise's form, no task in them: staying with a vendor ("we'll stick
# with our current provider"), declining ("I'll pass on this one"), taking the blame ("I'll own
# that one"), giving someone the floor ("te paso la palabra"), the talk itself ("I'll just add
# one thing", "I'll close the meeting", "I'll get out of your hair"). "Pass it on to", "own the
# rollout" are tasks and do not match.
_NOT_A_TASK = re.compile(
    r"^(?:(?:stick|stay|remain|continue) with|keep using|continue using"
    r"|pass(?: on (?:this|that|it)(?: one)?(?: for now)?)?(?:$|[,.])"
    r"|own (?:that|it|this)(?: one)?(?:$|[,.])"
    r"|(?:pasar|dar|ceder) la palabra|quedar(?:nos|se)? con|seguir con (?:el|la|nuestro|nuestra)"
    r" (?:proveedor|actual|herramienta|sistema)"
    # the talk itself: adding a point, closing the meeting, leaving the other alone
    r"|(?:just )?add (?:one|a|another|two) (?:more |quick )?(?:thing|point|comment|note|thought)s?"
    r"(?: (?:here|to that|to this|on that|on this))?(?:$|[,.])"
    r"|(?:close|end|wrap up|finish) (?:the|this|our) (?:meeting|call|session|webinar)\b"
    r"|get out of (?:the|your) (?:hair|way)|leave (?:you|it) (?:there|to it|alone)"
    r"|(?:anadir|agregar|comentar) (?:una|otra) cosa|cerrar (?:la|esta) (?:reunion|llamada))"
)

_TODAY = re.compile(r"\b(?:today|hoy|this (?:morning|afternoon))\b")

_EMPTY_ACTION = re.compile(
    r"^(?:plan|plan on|plan for|go|do|go ahead|proceed|pencil|lock|confirm|quedar|hacer"
    r"|hacerlo)(?: (?:it|that|this|then|in|on|for|so|lo|eso|asi))*$"
)

_FOLLOW_UP = re.compile(
    r"^(?:get back to|come back to|circle back|follow up|revert|let [a-z]+ know|report back"
    r"|get [a-z]+ an answer|volver a|responder|contestar|decir algo|confirmar)\b"
)

# "So, recap.", "Let me make sure I have it all", "para resumir": a line that repeats the steps.
_RECAP = re.compile(
    r"\b(?:recap|to summari[sz]e|in summary|let me make sure i have it all|let me play (?:it|that)"
    r" back|so to sum up|para resumir|resumiendo|recapitul|en resumen|repaso)\b"
)

# "I'll send the recap", "I can share a quick recap of today's call": a recap promised (a thing
# to deliver), not one being said.
_RECAP_OBJECT = re.compile(
    r"\b(?:send|share|email|forward|circulate|write up|get|give|have|receive|expect|enviar|mandar"
    r"|compartir)(?: (?:you|y'all|over|out|around|it|them))*(?: (?:a|an|the|my|our|your|that|this"
    r"|un|el|mi|nuestro|tu))?(?: (?:quick|short|brief|written|full|email|rapido|breve))* recap"
)


def _announces_recap(sentence: str) -> bool:
    folded = fold_same_length(sentence)
    return bool(_RECAP.search(_RECAP_OBJECT.sub(" ", folded)))


_FIRST_PERSON_FUTURE = re.compile(
    r"\b(?:i'll|i will|i'm going to|i am going to|we'll|we will|let me|i'm gonna|voy a|vamos a"
    r"|te |le |os |les )"
)


def extract_next_steps(conversation: Conversation) -> list[NextStep]:
    """The commitments made in the conversation, in order; none in a language without rules."""
    if conversation.language and not has_pack(conversation.language):
        return []  # no English rules on text in another language (languages/__init__.py)
    lines = conversation.lines
    language = pack_for(conversation.language).code
    first_names = _first_names(conversation)
    scores = CommitmentScores()
    scores.prime(_candidate_windows(conversation, language, first_names))
    found: list[_Found] = []
    turn: list[_Found] = []  # consecutive lines of one speaker complete each other's steps
    recap = False  # a recap said over several cues stays one
    for position, line in enumerate(lines):
        if position and lines[position - 1].speaker != line.speaker:
            _add_turn(found, turn)
            turn, recap = [], False
        recap = _line_steps(
            conversation, position, line, language, first_names, turn, recap, scores
        )
    _add_turn(found, turn)
    found = _inherit_dates(found)
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


def _add_turn(found: list[_Found], turn: list[_Found]) -> None:
    """A turn's steps join the conversation's, those said again counted once (a restated step
    may bring the date the first one lacked)."""
    for step in turn:
        if step.recap and _restates(step, found):
            continue
        same = next((k for k, f in enumerate(found) if _same_commitment(step, f)), None)
        if same is None:
            found.append(step)
            continue
        if step.recap:
            continue
        first = found[same]
        if first.deadline is None and step.deadline is not None:
            first = replace(first, deadline=step.deadline)
        said_now, said_first = _content_words(step.action), _content_words(first.action)
        if len(said_now) > len(said_first) and said_now > _content_words(_unnamed(first.action)):
            # "I can get you the customer list this week." ... "I'll send the customer list and
            # stock per location by Friday": said again with more, the fuller words describe it
            first = replace(first, action=step.action)
        found[same] = first


def _same_commitment(a: _Found, b: _Found) -> bool:
    """A recap ("so Dana sends the ROI calculator by Friday") repeats a step made earlier."""
    if a.actors != b.actors or (a.deadline and b.deadline and a.deadline.due != b.deadline.due):
        return False
    words_a, words_b = _content_words(a.action), _content_words(b.action)
    if not words_a or not words_b:
        return False
    shared = len(words_a & words_b)
    if shared < 2 and min(len(words_a), len(words_b)) > 1:
        return False  # one common word ("plan") does not make two steps one
    return shared / min(len(words_a), len(words_b)) >= 0.6


def _unnamed(action: str) -> str:
    """The action without the names in it ("get Bernard the floor plan" -> "get the floor
    plan"): who receives it is said once."""
    return re.sub(r"\b[A-Z][a-z]+\b", " ", action)


def _restates(step: _Found, earlier: list[_Found]) -> bool:
    """In a recap, a step of someone who already has one on the same thing, or one said of
    someone else ("Mateo, sandbox today")."""
    words = _content_words(step.action)
    for before in earlier:
        if set(step.actors) & set(before.actors) and words & _content_words(before.action):
            return True
    return False


_FUNCTION_WORDS = frozenset(
    [
        "with",
        "from",
        "into",
        "that",
        "this",
        "them",
        "they",
        "your",
        "their",
        "about",
        "over",
        "have",
        "send",
        "sends",
        "sent",
        "will",
        "para",
        "como",
        "esta",
        "este",
        "unos",
        "unas",
        "todo",
    ]
)


def _content_words(text: str) -> set[str]:
    return {
        w for w in WORD.findall(fold_same_length(text)) if len(w) > 3 and w not in _FUNCTION_WORDS
    }


def _inherit_dates(found: list[_Found]) -> list[_Found]:
    """ "I'll send the approval form along with the fix plan": an undated step that travels with
    another step of the same owner takes its date."""
    out = list(found)
    for i, step in enumerate(out):
        if step.deadline is not None:
            continue
        m = _WITH_OTHER.search(fold_same_length(step.action))
        if m is None:
            continue
        carried = _content_words(m.group("thing") or m.group("next"))
        for other in found:
            if (
                other is not step
                and other.deadline is not None
                and set(other.actors) & set(step.actors)
                and carried & _content_words(other.action)
            ):
                out[i] = replace(step, deadline=other.deadline)
                break
    return out


# "along with the fix plan", "into the next redline", "en la misma propuesta": travels with it
# (a plain "with the team" does not).
_WITH_OTHER = re.compile(
    r"\b(?:along with|together with|junto con) (?:the|la|el|los|las) (?P<thing>[a-z0-9 -]+)$"
    r"|\b(?:with|into|in|con|en) (?:the|la|el|los|las) (?:next|same|proxima|mismo|misma)"
    r" (?P<next>[a-z0-9 -]+)$"
)


def _first_names(conversation: Conversation) -> dict[str, str]:
    names: dict[str, str] = {}
    for speaker in conversation.speakers:
        first = fold_same_length(speaker.name.split()[0]) if speaker.name.split() else ""
        if len(first) > 1:
            names.setdefault(first, speaker.name)
    for line in conversation.lines:
        first = fold_same_length(line.speaker.split()[0]) if line.speaker.split() else ""
        if len(first) > 1:
            names.setdefault(first, line.speaker)
    for line in conversation.lines:  # "our technician, Emeka, will come": a named colleague
        for m in _ROLE_NAME.finditer(line.text):
            names.setdefault(fold_same_length(m.group("name")), m.group("name"))
    return names


# Someone who is not on the call, introduced by their role and given a task: "Our technician,
# Emeka, will come Tuesday", "my colleague Priya will email you". Only capitalised text (an ASR
# transcript in lower case tells no name from a word).
_ROLE_NAME = re.compile(
    r"\b(?:[Oo]ur|[Mm]y) (?:[a-z-]+ )?(?:colleague|technician|engineer|installer|specialist"
    r"|manager|supervisor|analyst|assistant|coordinator|consultant|accountant|lawyer|counsel"
    r"|rep|representative|agent|developer|architect|lead|director|partner|designer|driver)"
    r",? (?P<name>[A-Z][a-z]+)(?=,? (?:will|'ll|is going to|can)\b)"
)


def _line_steps(
    conversation: Conversation,
    position: int,
    line: Line,
    language: str,
    first_names: dict[str, str],
    turn: list[_Found],
    recap: bool,
    scores: CommitmentScores,
) -> bool:
    """The line's steps into its turn's: one per thing promised; a later sentence that refers
    back ("I'll send that today") or follows up ("and I'll get back to you by Friday") completes
    the step before it instead of adding one. A recap starts at the sentence that announces it
    (what the speaker said before it in the turn is not restated) and lasts the turn: whether
    it goes on is returned."""
    said = sentences(line.text)
    before = len(turn)
    for i, sentence in enumerate(said):
        recap = recap or _announces_recap(sentence)
        if recap and not _FIRST_PERSON_FUTURE.search(fold_same_length(sentence)):
            continue  # "Mateo, sandbox today": a recap's list restates, it does not promise
        found = _sentence_steps(
            conversation, position, line, sentence, language, first_names, said[:i], scores
        )
        for step in found:
            previous = said[i - 1] if i else _previous_own_sentence(conversation, position)
            if previous and step.refers_back:
                # "I can put together a business case. You'll have it by Monday.": the offer
                # before (in this line or the speaker's line before) is what "it" promises.
                offered = _offered_action(previous, line.speaker, language, first_names)
                if offered and not _REFERS_BACK.match(fold_same_length(offered)):
                    step = replace(step, action=offered, refers_back=False)
            _keep(turn, replace(step, recap=recap))
    if len(turn) == before:
        taken = _accepted_request(conversation, position, language, first_names)
        if taken is not None:
            turn.append(taken)
    return recap


def _previous_own_sentence(conversation: Conversation, position: int) -> str | None:
    """The last sentence of the line before when the same speaker said it (one turn cut into
    segments)."""
    if not position:
        return None
    before = conversation.lines[position - 1]
    if before.speaker != conversation.lines[position].speaker:
        return None
    said = sentences(before.text)
    return said[-1] if said else None


def _keep(kept: list[_Found], step: _Found) -> None:
    same = [k for k, f in enumerate(kept) if f.actors == step.actors]
    if not same:
        kept.append(step)
        return
    k = same[-1]
    before = kept[k]
    refers_to_it = step.refers_back and (
        _content_words(step.action) & _content_words(before.action)
        or _REFERS_BACK.match(fold_same_length(step.action))  # nothing else it could mean
    )
    if step.follow_up or refers_to_it or _same_commitment(step, before):
        # the later words finish it: "Let me take it to them tomorrow, and I'll get you an
        # answer by Monday" is done on Monday
        deadline = step.deadline or before.deadline
        action = before.action
        if step.follow_up and not _same_commitment(step, before):
            said = step.action
            about = re.search(r" (?:about|sobre) (?P<topic>.+)$", said)
            if about and about.group("topic") in before.action:
                said = said[: about.start()]  # the topic is said once
            action = f"{before.action} and {said}"
        kept[k] = replace(before, action=action, deadline=deadline)
        return
    kept.append(step)


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
    earlier: list[str],
    scores: CommitmentScores,
) -> list[_Found]:
    folded = fold_same_length(sentence)
    hit = _hit(sentence, line.speaker, language, first_names)
    if hit is None:
        return []
    if hit.actors == (OTHER,):
        other = other_party(conversation, position)
        if other is None:
            return []
        hit = replace(hit, actors=(other,))
    if hit.actors == (EACH,):
        return _each_steps(
            conversation, position, line, sentence, language, first_names, earlier, scores, hit
        )
    deadlines = find_deadlines(sentence, language, conversation.day)
    where = _Where(conversation, position, line, sentence, folded, earlier, first_names, scores)
    steps = []
    first = _step(where, hit, deadlines, language)
    if first is not None:
        steps.append(first)
    if language == "en":
        # "I'll send the proposal, and Sam will set up the sandbox tomorrow": two owners.
        second = en_named_hit(folded, line.speaker, first_names, after=hit.verb_end)
        you = EN_YOU_WILL.search(folded, hit.verb_end)
        if second is None and you is not None and not folded.rstrip().endswith("?"):
            other = other_party(conversation, position)
            if other is not None:
                second = Hit(you.start("verb"), you.end("verb"), (other,), needs_deadline=True)
        if second is not None and second.actors != hit.actors:
            found = _step(where, second, deadlines, language)
            if found is not None:
                steps.append(found)
        # "I'm going to escalate it today, and I'll get you a fix plan by the sixth": two steps
        m = _NEXT_PROMISE.search(folded, hit.verb_end)
        third = en_hit(folded[m.end() :], line.speaker, first_names) if m else None
        if m and third is not None and third.actors == hit.actors:
            shifted = replace(third, start=third.start + m.end(), verb_end=third.verb_end + m.end())
            own = [d for d in deadlines if d.span[0] >= m.end()]  # not the first clause's date
            found = _step(where, shifted, own, language)
            if found is not None:
                steps.append(found)
    return steps


_NEXT_PROMISE = re.compile(
    r"(?:,\s*|\s+)(?:and\s+|then\s+|and then\s+|;\s*)(?=(?:i|we)(?:'ll| will|'m going to"
    r"| am going to|'re going to)\b)|(?<=[a-z])\s+(?=i'll\b)"
)


def _each_steps(
    conversation: Conversation,
    position: int,
    line: Line,
    sentence: str,
    language: str,
    first_names: dict[str, str],
    earlier: list[str],
    scores: CommitmentScores,
    hit: Hit,
) -> list[_Found]:
    """ "Each of us updates the forecast by Friday": one step for the speaker and one for each
    person who agrees in the next lines."""
    people = [line.speaker]
    for reply in conversation.lines[position + 1 : position + 4]:
        if reply.speaker not in people and is_acceptance(reply.text):
            people.append(reply.speaker)
    folded = fold_same_length(sentence)
    deadlines = find_deadlines(sentence, language, conversation.day)
    where = _Where(conversation, position, line, sentence, folded, earlier, first_names, scores)
    steps = [_step(where, replace(hit, actors=(person,)), deadlines, language) for person in people]
    return [step for step in steps if step is not None]


@dataclass(frozen=True, slots=True)
class _Where:
    conversation: Conversation
    position: int
    line: Line
    sentence: str
    folded: str
    earlier: list[str]
    first_names: dict[str, str]
    scores: CommitmentScores


def _hit(sentence: str, speaker: str, language: str, first_names: dict[str, str]) -> Hit | None:
    return pack_for(language).promise(sentence, fold_same_length(sentence), speaker, first_names)


def _candidate_windows(
    conversation: Conversation, language: str, first_names: dict[str, str]
) -> list[str]:
    """The words around each promise the rules find, for the head to read in one batch."""
    windows = []
    for line in conversation.lines:
        for sentence in sentences(line.text):
            hit = _hit(sentence, line.speaker, language, first_names)
            if hit is not None and not hit.needs_acceptance:
                windows.append(window(sentence, hit.start))
    return windows


def _step(where: _Where, hit: Hit, deadlines: list[Deadline], language: str) -> _Found | None:
    conversation, position = where.conversation, where.position
    if not hit.needs_acceptance and not where.scores.firm(window(where.sentence, hit.start)):
        return None  # the head reads it as past, hypothetical, negated, in the call, vague...
    deadline = _pick_deadline(deadlines, hit, where.folded)
    if hit.needs_deadline and deadline is None:
        deadline = _proposed_date(where, hit, language) or _context_date(where, hit, language)
        if deadline is None:
            return None
    if hit.needs_acceptance:
        taken = accepted(conversation, position, reach=3)
        if taken is None:
            return None
        deadline = deadline or _date_agreed(where, taken, language)
        if (
            deadline is not None
            and deadline.due == conversation.day
            and _TODAY.search(fold_same_length(deadline.phrase))
        ):
            return None  # "I'd like to work through the open points today": this meeting
    if deadline is None:
        deadline = _request_deadline(conversation, position, language)
    if deadline is None:
        deadline = _context_date(where, hit, language)
    raw = _action(where.sentence, hit, deadlines, language, where.first_names)
    action = raw
    bare = bool(_BARE_ACTION.match(fold_same_length(raw)))
    if bare:
        requested = _requested_action(conversation, position, language, where.first_names)
        action = requested or action
    if not action or (deadline is None and _VAGUE_ACTION.match(fold_same_length(action))):
        return None
    if _NOT_A_TASK.match(fold_same_length(action)):
        return None
    if _EMPTY_ACTION.match(fold_same_length(action)):
        return None  # "Then let's plan on Monday the ninth": it confirms a step, it is none
    if done_in_call(conversation, position, where.sentence, deadline, language):
        return None  # "I'll unlock it now, while we're on the phone": kept before the call ends
    context = Context(
        conversation, position, where.earlier, where.sentence[: hit.start], where.first_names
    )
    if language == "es":
        clitics = _ES_OBJECT_CLITIC.findall(where.folded[hit.start : hit.verb_end])
        if clitics:
            action = resolve_es_clitic(action, context, plural=clitics[-1] in ("los", "las"))
    action = resolve_action(action, context, language)
    return _Found(
        where.line.index,
        action,
        hit.actors,
        deadline,
        refers_back=bare or bool(_REFERS_BACK.match(fold_same_length(raw))),
        follow_up=bool(_FOLLOW_UP.match(fold_same_length(raw))),
    )


_REFERS_BACK = re.compile(r"^[a-z]+(?: (?:over|back|across|along|out|up))? (?:it|that|this|them)\b")

_ES_OBJECT_CLITIC = re.compile(r"\b(lo|la|los|las)\b(?= \w)")


def _context_date(where: _Where, hit: Hit, language: str) -> Deadline | None:
    """A date the step's own words point to: an event's ("before the demo"), the last one said
    ("by then"), or one agreed right after ("By when?" "Friday.")."""
    conversation, position = where.conversation, where.position
    texts = [where.sentence[: hit.start], *reversed(where.earlier)]
    if position:
        texts += list(reversed(sentences(conversation.lines[position - 1].text)))
    return (
        event_date(conversation, position, where.sentence, language)
        or then_date(texts, where.sentence, language, conversation)
        or asked_date(conversation, position, where.line.speaker, language)
    )


def _date_agreed(where: _Where, taken: Line, language: str) -> Deadline | None:
    """ "I'd like to do a workshop. Maybe in two weeks?" ... "the ninth works" ... "Then let's
    plan on Monday the ninth.": the date asked right after the proposal, else the one in the
    answer that took it, else the one the proposer confirms next."""
    conversation = where.conversation
    for line in conversation.lines[taken.index + 1 : taken.index + 3]:
        if line.speaker == where.line.speaker:  # the proposer confirms: "Then Monday the ninth."
            confirmed = _dates(sentences(line.text)[0], language, conversation)
            if confirmed:
                return confirmed[0]
            break
    said = sentences(where.line.text)
    index = said.index(where.sentence) if where.sentence in said else len(said)
    texts = [*said[index + 1 : index + 2]]
    texts += [line.text for line in conversation.lines[where.position + 1 : taken.index + 1]]
    agreed = [d for text in texts for d in _dates(text, language, conversation)]
    return agreed[-1] if agreed else None  # the last date named before the yes


def _dates(text: str, language: str, conversation: Conversation) -> list[Deadline]:
    return [d for d in find_deadlines(text, language, conversation.day) if d.due]


def _proposed_date(where: _Where, hit: Hit, language: str) -> Deadline | None:
    """ "Kenji will add the event. In two weeks, does that sound fair?" "Yep.": a date asked
    about right after, and taken, dates a step that needed one (a named colleague's)."""
    if hit.actors == (where.line.speaker,):
        return None
    conversation = where.conversation
    said = sentences(where.line.text)
    index = said.index(where.sentence) if where.sentence in said else len(said)
    following = said[index + 1 :]
    nxt = where.position + 1
    if nxt < len(conversation.lines) and conversation.lines[nxt].speaker == where.line.speaker:
        following += sentences(conversation.lines[nxt].text)
    for later in following[:1]:
        dates = find_deadlines(later, language, conversation.day)
        reply = next_other_line(conversation, where.position, reach=3)
        if dates and "?" in later and reply is not None and is_acceptance(reply.text):
            return dates[0]
    return None


def _pick_deadline(deadlines: list[Deadline], hit: Hit, folded: str) -> Deadline | None:
    """The deadline of the commitment's clause: after its verb when there is one there."""
    after = [d for d in deadlines if d.span[0] >= hit.start]
    before = [d for d in deadlines if d.span[1] <= hit.start]
    for deadline in after:
        between = folded[hit.verb_end : deadline.span[0]]
        other_clause = re.search(r"[;]|,\s*(?:y|pero|and|but)\s|\bbut\b|\bpero\b", between)
        if other_clause and not _SAME_SUBJECT_GOES_ON.search(between):
            continue  # the deadline belongs to another clause
        return deadline
    return before[-1] if before else None


# ", y os la mando el viernes": the same person goes on (Spanish first person present); an
# English ", and I'll ..." is a step of its own (see _NEXT_PROMISE).
_SAME_SUBJECT_GOES_ON = re.compile(
    r",\s*y\s+(?:(?:se|te|os|le|les|lo|la|los|las)\s+)*[a-z]+o\s+[a-z ]*$"
)


def _request_deadline(conversation: Conversation, position: int, language: str) -> Deadline | None:
    """A commitment that answers a dated request keeps the request's date."""
    back = previous_other_line(conversation, position)
    if back is None:
        return None
    asked = request(conversation.lines[back].text, language)
    if asked is None:
        return None
    found = find_deadlines(asked[1], language, conversation.day)
    return found[0] if found else None


# "Sure, I'll send it over", "os las envío": the thing is named in the request being answered.
_BARE_ACTION = re.compile(
    r"^[a-z]+(?: (?:it|them|that|this|those|these|over|across|along|lo|la|los|las|eso|esto))*$"
)


def _requested_action(
    conversation: Conversation, position: int, language: str, first_names: dict[str, str]
) -> str | None:
    back = previous_other_line(conversation, position)
    asked = request(conversation.lines[back].text, language) if back is not None else None
    if back is None or asked is None:
        return None
    action_text, sentence = asked
    action = action_text
    for deadline in find_deadlines(sentence, language, conversation.day):
        action = action.replace(deadline.phrase, " ")
    action = _clean_action(action, language, (), {})
    return _resolve_request(action, conversation, back, sentence, language, first_names) or None


def _resolve_request(
    action: str,
    conversation: Conversation,
    back: int,
    sentence: str,
    language: str,
    first_names: dict[str, str],
) -> str:
    """ "Could you send those?": what "those" are is in the asker's line; "me" is the asker."""
    said = sentences(conversation.lines[back].text)
    index = said.index(sentence) if sentence in said else len(said)
    start = sentence.find(action.split(" ", 1)[0]) if action else -1
    before = sentence[: max(start, 0)]
    context = Context(conversation, back, said[:index], before, first_names)
    return resolve_action(action, context, language)


def _accepted_request(
    conversation: Conversation, position: int, language: str, first_names: dict[str, str]
) -> _Found | None:
    """ "Can you send me X?" answered by "Sure" (a short first sentence): the one who answered
    does X. ``first_names``: the conversation's (:func:`_first_names`), made once for it."""
    back = previous_other_line(conversation, position)
    line = conversation.lines[position]
    said = sentences(line.text)
    if back is None or not said or len(said[0].split()) > 10 or not is_acceptance(line.text):
        return None
    asked = request(conversation.lines[back].text, language)
    if asked is None:
        return None
    action_text, sentence = asked
    deadlines = find_deadlines(sentence, language, conversation.day)
    action = _clean_action(action_text, language, deadlines=(), first_names={})
    for said_date in deadlines:
        action = _clean_action(action.replace(said_date.phrase, " "), language, (), {})
    if not action:
        return None
    deadline = deadlines[0] if deadlines else None
    if done_in_call(conversation, back, sentence, deadline, language) or done_in_call(
        conversation, position, said[0], deadline, language
    ):
        return None  # "While you're there, can you check ...?" "Yes, ...": done in the call
    action = _resolve_request(action, conversation, back, sentence, language, first_names)
    return _Found(line.index, action, (line.speaker,), deadline)


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


# "I'll set up the workspace by Monday. and the board suggests ...": a segment said inside
# another sentence of the speaker's ends at its full stop (the segments joined into a turn
# read as one sentence, sentences() splitting only before a capital).
_SENTENCE_GOES_ON = re.compile(r"(?<=[a-z0-9]{3})\s*[.!?]\s+(?=[a-z])")


def _clean_action(text: str, language: str, deadlines: object, first_names: dict[str, str]) -> str:
    folded = fold_same_length(text)
    end = _SENTENCE_GOES_ON.search(folded)
    if end and end.start() > 0:
        text, folded = text[: end.start()], folded[: end.start()]
    pack = pack_for(language)
    cut = pack.action_cut.search(folded)
    if cut and cut.start() > 0:
        text, folded = text[: cut.start()], folded[: cut.start()]
    time = pack.action_time.search(folded)
    if time:
        text = text[: time.start()] + text[time.end() :]
    text = pack.tidy_action(text, first_names)
    text = re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s+", " ", text))
    text = re.sub(r"\s*,\s*(?=with\b|con\b|para\b|for\b|to\b)", " ", text)
    return text.strip(" ,.;:!?¿¡-\u2014").strip()
