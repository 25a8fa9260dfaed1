"""A next step's action made to say what and to whom.

- A pronoun object ("send it", "get that to you", "fill it out", "os lo confirmo", "issue one")
  becomes the thing it stands for, found by :func:`commitment_context.antecedent` in the words
  before it: the same sentence, the speaker's earlier sentences, then the lines before (a
  request's own pronoun is resolved in its line first: "Could you send those?").
- A person pronoun ("talk to him", "hablo con él") becomes the person last named.
- "you" becomes the one spoken to ("send you the deck" -> "send Bob the deck", "get back to
  you" -> "get back to Bob"): a first name said to open the line, else the other speaker of a
  two-person conversation, else the last other speaker.
- A follow-up with no object ("I'll get back to you by Friday", "let me confirm with finance")
  says what it is about: the most specific thing in the sentence before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from meetsight.intelligence.builtin.commitment_context import antecedent, last_person, topic
from meetsight.intelligence.builtin.commitments_en import YOU_OBJECT
from meetsight.intelligence.builtin.deadlines import fold_same_length
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation

__all__ = ["Context", "resolve_action"]

LOOK_BACK_LINES = 3


class Context:
    """Where a commitment was said: its line, the sentences before it, the lines before."""

    def __init__(
        self,
        conversation: Conversation,
        position: int,
        earlier: list[str],
        before: str,
        first_names: dict[str, str],
    ) -> None:
        self.conversation = conversation
        self.position = position
        self.earlier = _turn_before(conversation, position) + earlier  # the turn's sentences
        self.before = before  # this sentence up to the commitment
        self.first_names = first_names

    def texts(self) -> Iterator[str]:
        """Nearest first: the sentence so far, the line's earlier sentences, the lines before."""
        yield self.before
        yield from reversed(self.earlier)
        lines = self.conversation.lines
        for back in range(self.position - 1, max(-1, self.position - 1 - LOOK_BACK_LINES), -1):
            yield from reversed(sentences(lines[back].text))

    def people(self) -> frozenset[str]:
        return frozenset(self.first_names)

    def addressee(self) -> str | None:
        conversation, position = self.conversation, self.position
        speaker = conversation.lines[position].speaker
        said = " ".join([*self.earlier[-2:], self.before])
        for m in _VOCATIVE.finditer(fold_same_length(said)):  # "Yuki, could you ...", "..., Dev."
            name = self.first_names.get(m.group("name") or m.group("late"))
            if name is not None and name != speaker:
                return name.split()[0]
        names = {s.name for s in conversation.speakers} | {li.speaker for li in conversation.lines}
        others = sorted(n for n in names if n != speaker)
        if len(others) == 1:
            return others[0].split()[0]
        # In a group "you" is often everyone: a name only for the one whose question is answered.
        for back in range(position - 1, max(-1, position - 3), -1):
            previous = conversation.lines[back]
            if previous.speaker != speaker:
                asked = "?" in previous.text or re.match(
                    r"(?i)\W*(?:please|can|could)", previous.text
                )
                return previous.speaker.split()[0] if asked else None
        return None


_VOCATIVE = re.compile(
    r"(?:^|[.?!,]\s*|\b(?:and|so|okay|ok|right|thanks)\s+)(?P<name>[a-z]+)\s*,(?!\s*(?:and|or)\b)"
    r"|,\s*(?P<late>[a-z]+)\s*[.?!]"
)


def _turn_before(conversation: Conversation, position: int) -> list[str]:
    """The sentences of the speaker's lines just before this one (a turn cut into cues)."""
    lines = conversation.lines
    speaker = lines[position].speaker
    back = position
    while back > 0 and position - back < 3 and lines[back - 1].speaker == speaker:
        back -= 1
    return [sentence for line in lines[back:position] for sentence in sentences(line.text)]


_EN_THING = re.compile(
    r"^(?P<verb>[a-z]+(?: (?:over|back|across|along|out|up|through|on))?) "
    r"(?P<pro>it|that|this|them|those|these)\b(?! (?:is|was|'s|would|will|can|could)\b)"
)
_EN_ONE = re.compile(r"\b(?:issue|send|get|make|draft|prepare|write|put together|set up) one\b")
_EN_PERSON = re.compile(r"\b(?:to|with|ask|call|email|brief|remind|tell|ping) (?P<pro>him|her)\b")
_EN_FOLLOW_UP = re.compile(
    r"^(?:get back to|come back to|circle back (?:to|with)|follow up with|revert to|let [a-z]+ "
    r"know|confirm|check|get [a-z]+ an answer|give [a-z]+ an answer|find out)\b"
)
_EN_NO_OBJECT = re.compile(
    r"^(?:confirm|check|talk|speak|get back|come back|follow up|circle back|find out|let [a-z]+ "
    r"know|get [a-z]+ an answer|give [a-z]+ an answer)"
    r"(?:\s+(?:with|to|on|back|in)(?: [\w'-]+){1,3})?$"
)


def resolve_action(action: str, context: Context, language: str) -> str:
    """The action with its pronouns and "you" replaced where the context says (module doc)."""
    if not action:
        return action
    if language == "es":
        return _resolve_es(action, context)
    return _resolve_en(action, context)


def _resolve_en(action: str, context: Context) -> str:
    folded = fold_same_length(action)
    m = _EN_THING.match(folded)
    said = _said_before(m.group("verb"), context) if m else None
    if m and said:
        return _resolve_en(said + action[m.end("pro") :], context)
    if m:
        plural = m.group("pro") in ("them", "those", "these")
        thing = antecedent(context.texts(), "en", plural=plural, people=context.people())
        if thing:
            action = action[: m.start("pro")] + thing + action[m.end("pro") :]
    m = _EN_ONE.search(fold_same_length(action))
    if m:
        thing = antecedent(context.texts(), "en", people=context.people())
        if thing:
            action = action[: m.end() - 3] + thing + action[m.end() :]
    m = _EN_PERSON.search(fold_same_length(action))
    if m:
        person = last_person(context.texts(), context.first_names)
        if person:
            action = action[: m.start("pro")] + person + action[m.end("pro") :]
    action = _about(action, context, "en")
    me = context.conversation.lines[context.position].speaker.split()[0]
    action = re.sub(r"\b(?:me|us)\b", me, action)  # "you'll send me the logs": the speaker
    who = context.addressee()
    if who:
        return re.sub(r"\byou\b(?!['\u2019])", who, action)
    return YOU_OBJECT.sub(r"\g<verb>", action)  # "send you the deck" -> "send the deck"


def _said_before(verb: str, context: Context) -> str | None:
    """ "I need to check with our AP team that net 45 works. I'll check that this week.": the
    same verb said just before names what "that" is."""
    for text in [context.before, *reversed(context.earlier)][:2]:
        m = re.search(rf"\b{re.escape(verb)}\b(?P<rest>(?: [\w'-]+){{2,}})", text, re.IGNORECASE)
        if m and not _EN_THING.match(fold_same_length(m.group(0))):
            clause = re.split(r",? (?:because|since|so that|as|but)\b|[,;.!?]", m.group(0))[0]
            return clause
    return None


def _about(action: str, context: Context, language: str) -> str:
    """ "get back to you" -> "get back to you about net 45" (the sentence before says what)."""
    folded = fold_same_length(action)
    pattern = _EN_NO_OBJECT if language == "en" else _ES_NO_OBJECT
    if not pattern.match(folded):
        return action
    texts = [context.before, *reversed(context.earlier)]
    if not context.earlier:
        back = context.position - 1
        if back >= 0:
            texts += list(reversed(sentences(context.conversation.lines[back].text)))
    found = topic(texts, language)
    if not found or fold_same_length(found) in folded:
        return action
    return f"{action} {'about' if language == 'en' else 'sobre'} {found}"


_ES_NO_OBJECT = re.compile(
    r"^(?:confirmar|hablar|consultar|revisar|comentar|decir algo|responder|contestar|avisar)"
    r"(?:\s+(?:con|a|por)(?: [\w'-]+){1,3})?$"
)
# "él" (him) keeps its accent where "el" (the) has none: matched on the words as said.
_ES_PERSON = re.compile(r"\b(?P<pre>con|a) (?P<pro>él|ella)\b", re.IGNORECASE)


def _resolve_es(action: str, context: Context) -> str:
    m = _ES_PERSON.search(action)
    if m:
        person = last_person(context.texts(), context.first_names)
        if person:
            action = action[: m.start("pro")] + person + action[m.end("pro") :]
    return _about(action, context, "es")


def resolve_es_clitic(infinitive_action: str, context: Context, plural: bool) -> str:
    """ "os lo confirmo por escrito" -> "confirmar lo de VeriFactu por escrito": an object
    clitic with no object after the verb stands for the thing said before."""
    parts = infinitive_action.split(" ", 1)
    rest = parts[1] if len(parts) > 1 else ""
    if re.match(
        r"(?:el|la|los|las|un|una|unos|unas|mi|mis|su|sus|nuestr\w*|vuestr\w*|lo de)\b",
        rest.lower(),
    ):
        return infinitive_action
    thing = antecedent(context.texts(), "es", plural=plural, people=context.people())
    if not thing:
        return infinitive_action
    return f"{parts[0]} {thing} {rest}".strip()
