"""English commitment rules: which sentence promises what, and how its action reads.

"I'll send", "we're going to", "let's schedule", "let me get you", "our team will", "Sam will",
"you'll have it by Friday"; hypotheticals ("if", "would"), hedges ("maybe"), obligations ("I'll
have to"), vague closings ("we'll be in touch") and what happens during the call itself ("I'll
walk you through", unless it comes with a date) are not promises.
"""

from __future__ import annotations

import re
from dataclasses import replace

from meetsight.intelligence.builtin.commitment_hits import (
    EACH,
    OTHER,
    Hit,
    named_owner,
    opens_with_deadline,
)
from meetsight.intelligence.builtin.deadlines import fold_same_length

_EN_SUBJECT = re.compile(
    r"\b(?P<subj>i|we)(?:'ll| will| shall|'m going to| am going to|'re going to| are going to"
    r"|'m gonna|'re gonna)(?P<adv>(?:\s+(?:also|just|then|definitely|certainly|personally|"
    r"quickly|gladly|both|all|first|go ahead and|make sure to|make sure i|try to|try and|be sure "
    r"to|be))*)\s+(?P<verb>[a-z]+)"
)


_EN_OUR = re.compile(
    r"\b(?:our|my)\s+(?P<who>(?:[a-z-]+,?\s+){0,3}?)(?:will|'ll|is going to|are going to)\s+"
    r"(?P<verb>[a-z]+)"
)


# "come (out)", "drop by", "swing over": a visit ("drop the price" is none; "stop" is no action)
_EN_VISIT = re.compile(
    r"come(?: (?:out|by|over|round|around))?\b|(?:drop|swing) (?:by|over|round|around)\b"
)


_EN_LETS = re.compile(
    r"\blet's\s+(?P<verb>schedule|book|set up|setup|put|plan|organi[sz]e|arrange|lock in|"
    r"pencil in|block|send|prepare|get (?:a|the|something|time|it) (?:[a-z-]+ )*?on the calendar"
    r"|do (?:a|the|another) (?:[a-z-]+ ){0,2}?(?:call|demo|session|meeting|review|workshop|pilot"
    r"|check-in|walkthrough))"
)


# "I can get that to you tomorrow": an offer that commits once it carries a date.
_EN_CAN = re.compile(
    r"\b(?:i|we) can (?:also |definitely |easily )?(?P<verb>send|get|email|share|have|set up|"
    r"put together|prepare|schedule|book|forward|turn|deliver|provide|arrange|make (?:an|the|a)"
    r" (?:intro|introduction|change|update|call)|introduce|draft|write up|run|pull|confirm|update"
    r"|review|call|check)\b"
)


# "Action for me: send the questionnaire", "on my side: book the demo": a to-do said aloud.
_EN_MY_ACTION = re.compile(
    r"\b(?:(?:action(?: item)?s?|next steps?|to-?dos?|homework) for (?:me|us)|on (?:my|our) "
    r"(?:side|end)|for my part|my (?:action(?: item)?|next step|to-?do|homework|plan))"
    r"\s*(?::|is to|is|will be to)\s*(?P<verb>[a-z]+)"
    r"|\b(?:i've got|i have|i've taken|i'll take) (?:the|an|that) action(?: item)? to"
    r" (?P<verb2>[a-z]+)"
    r"|\b(?:i|we) plan to (?P<verb3>[a-z]+)"
)


# "Expect an email from me tomorrow": a delivery promised.
_EN_EXPECT = re.compile(
    r"\bexpect (?P<object>(?:a|an|the|my|our|some) [a-z0-9' -]+?) from (?:me|us)\b"
)


# "We agreed each of us updates the forecast by Friday": everyone who agrees does it.
_EN_EACH = re.compile(
    r"\b(?:each of us|each one of us|everyone|everybody|all of us)(?: will|'ll| is going to"
    r"| are going to| agreed to)\s+(?P<verb>(?!is|are|was|were|has|have|had|can|could|should"
    r"|would|might|may|must|knows|thinks|says|wants|likes|seems|gets it)[a-z]+)\b"
)


def en_offer(folded: str, speaker: str) -> Hit | None:
    """ "I can document the mapping." with any verb: only ever read when the next sentence
    promises it ("You'll have it by Thursday")."""
    m = re.search(r"\b(?:i|we) can (?:also |definitely |easily )?(?P<verb>[a-z]+)", folded)
    if m is None or m.group("verb") in _EN_NOT_ACTIONS or _EN_HEDGE.search(folded):
        return None
    if not _en_clause_start(folded, m.start()) or folded.rstrip().endswith("?"):
        return None
    return Hit(m.start("verb"), m.end("verb"), (speaker,), needs_deadline=True)


# Substrings every English pattern below needs; plain "in" checks cost far less than a regex.
_EN_TRIGGERS = (
    "'ll", "will", "shall", "going to", "gonna", "can", "let", "me to", "should i", "for me",
    "owe", "'m ", " am ", "'re ", " are ", "could i", "should we", "each", "every", "like to",
    "suggest", "expect", "plan to", "action", "my plan", "happy to", "glad to", " be ",
    "for us", "my side", "my end", "our side", "our end", "my part", "my action", "my next",
    "my to", "my homework",
)  # fmt: skip


# "You'll have it by Friday": the speaker promises a delivery; only with a date.
_EN_YOU_HAVE = re.compile(
    r"\byou'll (?:have|get|receive) (?P<object>it|that|this|them|(?:the|our|my|a|an) [a-z0-9' -]+?)"
    r"(?= from (?:me|us)\b|\s*$|\s*[.,!;]| by\b| on\b| before\b| tomorrow\b| today\b| tonight\b"
    r"| next\b| this\b| in\b| first thing\b| end\b| (?:mon|tues|wednes|thurs|fri)day\b)"
)


# "And you'll send me the reports by Friday": the one spoken to, and only with a date.
EN_YOU_WILL = re.compile(
    r"\byou(?:'ll| will)(?: also| then| just)?\s+(?P<verb>send|email|share|forward|get|pull|sign"
    r"|review|confirm|introduce|loop|set up|schedule|book|check|talk|present|circulate)\b"
)


_EN_WHAT_I_DO = re.compile(
    r"\bwhat (?:i|we)(?:'ll| will|'m going to| am going to|'re going to| are going to) do is"
    r"(?: to)?\s+(?P<verb>[a-z]+)"
)


_EN_LET_ME = re.compile(
    r"\blet me\s+(?P<verb>get|send|email|follow|put together|prepare|draft|set up|schedule|book"
    r"|loop|check|confirm|ask|find out|look into|dig|talk|pull together"
    # "let me pull the report up", "let me introduce my colleague": during the call, not these
    r"|pull (?:the|a|our) (?![a-z ]*\bup\b)|run (?:the|a) (?:numbers|report|analysis|query)"
    r"|write up|reach out|introduce you to|connect you with|forward|escalate"
    r"|make sure (?:we|i|that we|that i)"
    r" (?!have|got|understand|cover|get it|heard|'ve)|take (?:it|this|that|them|the [a-z0-9 -]+?|"
    r"[a-z0-9-]+ [a-z0-9-]+) (?:back )?to)"
)


_EN_LET_ME_SOFT = {"check", "confirm", "ask", "find out", "look into", "dig", "talk"}


_EN_HANDOVER = re.compile(
    r"take (?:care|(?:it|this|that|them|the [a-z]+(?: [a-z]+)?) (?:back )?to)\b"
)


EN_FOLLOW_UP = re.compile(r"\b(?:get back|come back|follow up|circle back|let you know)\b")
_EN_FOLLOW_UP = EN_FOLLOW_UP


_EN_OFFER = re.compile(
    r"\b(?:shall i|should i|do you want me to|would you like me to|want me to|shall we|should we)"
    r"\s+(?!ask|jump|interrupt|add|raise|say|clarify|push|get a sense|get an idea"
    r"|share (?:my|the) screen|just|quickly)(?P<verb>[a-z]+)"
    # "Can I get you the answer by Monday?" offers; "Can I set the rules?" asks what is allowed
    r"|\b(?:can|could) (?:i|we) (?:also )?(?P<give>(?:send|email|share|forward|book|schedule"
    r"|put together|prepare|draft|introduce|loop in|give) (?:you|y'all|your|the|a|an|over)\b"
    r"|get (?:you|y'all)\b)"
)


# "Happy to review the plan within a week": an offer made firm by its date.
_EN_HAPPY = re.compile(r"\b(?:i'm |i am |we're |we are )?(?:happy|glad) to (?P<verb>[a-z]+)")

# "The refund will be processed within five business days": the speaker's side promises it.
_EN_PASSIVE = re.compile(
    r"\b(?P<subject>(?:the|your|that|this) [a-z0-9 -]{2,40}?|it) (?:will|'ll|is going to) be "
    r"(?P<verb>sent|processed|credited|refunded|issued|shipped|delivered|reversed|waived|removed"
    r"|applied|fixed|resolved|activated|enabled|restored|corrected|cancell?ed|updated|signed)\b"
)
_PASSIVE_BASE = {
    "sent": "send", "processed": "process", "credited": "credit", "refunded": "refund",
    "issued": "issue", "shipped": "ship", "delivered": "deliver", "reversed": "reverse",
    "waived": "waive", "removed": "remove", "applied": "apply", "fixed": "fix",
    "resolved": "resolve", "activated": "activate", "enabled": "enable", "restored": "restore",
    "corrected": "correct", "cancelled": "cancel", "canceled": "cancel", "updated": "update",
    "signed": "sign",
}  # fmt: skip


# "The forty dollars will be back on your card within five business days", "it'll go back to
# the card on file", "you'll see the credit on your statement by Friday": money or goods the
# speaker's side sends reach the other side; a promise of the speaker's, only with a date.
_EN_ARRIVES = re.compile(
    r"\b(?P<subject>(?:the|your|that|this)(?: (?!(?:and|is|are|was|were|but|so|it)\b)[a-z0-9-]+)"
    r"{1,5}?|it|that|they)(?: will|'ll| is going"
    r" to| are going to) (?P<verb>(?P<back>(?:be|go|come) back)|show up|appear|land|be credited"
    r")(?= (?:on|in|into|to|onto) (?:the|your|my) )"
    r"|\byou(?:'ll| will) (?:see|get|have) (?P<seen>(?:the|your|that|this) [a-z0-9 -]{2,40}?|it)"
    r"(?= (?:on|in|back on|back in) (?:the|your) )"
)


def _en_arrives(folded: str, speaker: str) -> Hit | None:
    m = _EN_ARRIVES.search(folded) if "'ll" in folded or "will" in folded else None
    if m is None or folded.rstrip().endswith("?") or not _en_clause_start(folded, m.start()):
        return None
    if _EN_HEDGE.search(folded[: m.start()]):
        return None
    if m.group("seen"):
        subject, end = m.group("seen"), m.end("seen")
        verb = "credit"
    else:
        subject, end = m.group("subject"), m.end("verb")
        verb = "return" if m.group("back") else "credit"
    subject = re.sub(r"^(?:your|that|this)\b", "the", subject)
    if subject in ("it", "that", "they"):
        subject = "the money"  # said of the refund or credit just promised
    return Hit(m.start(), end, (speaker,), infinitive=f"{verb} {subject}", needs_deadline=True)


def en_passive(folded: str, speaker: str) -> Hit | None:
    """ "Your account will be credited by Friday" -> "credit the account", only with a date."""
    arrives = _en_arrives(folded, speaker)
    if arrives is not None:
        return arrives
    m = _EN_PASSIVE.search(folded) if " be " in folded else None
    if m is None or folded.rstrip().endswith("?") or not _en_clause_start(folded, m.start()):
        return None
    subject = re.sub(r"^(?:your|that|this)\b", "the", m.group("subject"))
    action = f"{_PASSIVE_BASE[m.group('verb')]} {subject}"
    return Hit(m.start(), m.end(), (speaker,), infinitive=action, needs_deadline=True)


# "I'd like to do an on-site workshop with your team": a proposal, a step once it is taken.
_EN_PROPOSE = re.compile(
    r"\b(?:i'd like to|i would like to|we'd like to|i'd suggest (?:that )?we|i suggest (?:that )?we"
    r"|we'd suggest (?:that )?we|how about we|why don't we)\s+(?P<verb>(?!work through|go over"
    r"|discuss|review|take (?:a few |some |your )?questions|introduce|welcome|open|hand|turn|thank"
    r"|recap|summari[sz]e|remind|move on|switch|jump|pause|wrap|close|understand|hear|learn"
    r"|know|see|get a sense|start"
    r"|begin|talk|ask|show|walk|go|share|leave|dig|spend|cover|focus|say|add|thank|make sure"
    r"|be|keep|stay|think|point|raise|mention|clarify|understand)[a-z]+)\b"
)


# "I'm getting that to you by the 2nd": the progressive of a delivery, only with a date
# ("we're launching next month", "I'm flying out tomorrow" tell plans, not next steps).
_EN_PROGRESSIVE = re.compile(
    r"\b(?:i|we)(?:'m| am|'re| are)\s+(?:(?:also|just|then|actually|now)\s+)?"
    r"(?P<verb>(?:getting|sending|emailing|forwarding|sharing|putting|setting|booking|scheduling"
    r"|preparing|drafting|writing|updating|finalizing|finalising|pulling|calling|looping"
    r"|circulating|uploading|filing|fixing)(?! (?:a|an|more|less|better|worse|there|close|tired"
    r"|ready|worried|nervous|excited|used|started|on)\b))\b"
)


# "We owe you the SAML guide": a debt said aloud is a delivery promised.
_EN_OWE = re.compile(
    r"\b(?:i|we) (?:still )?owe (?:you|y'all|him|her|them|[a-z]+)(?: guys| all)?\s+"
    r"(?P<object>(?:a|an|the|our|my|that|this|those|these|some)\b)"
    r"(?! (?:apology|big|huge|lot|favou?r|beer|coffee|drink|lunch|dinner|thanks|one)\b)"
)


# Things put on the screen for everyone to see ("put the chart up", "throw up the deck"); "bring
# it up with legal" and "put it up on the wiki" are work after the call.
_EN_SCREEN_OBJECT = (
    r"(?:it|that|this|them|(?:the|our|my|this|that) (?:[a-z]+ )?(?:chart|graph|slides?|deck"
    r"|dashboard|numbers|figures|board|spreadsheet|sheet|agenda|timeline|diagram|map|results"
    r"|burndown|roadmap|screenshot|data|table|report|doc))"
)
# ... not when it goes up with someone, for someone else or on another page ("on the wiki")
_EN_NOT_ON_SCREEN = (
    r"(?! (?:with|to|at|in)\b| for (?!us\b|everyone\b|you\b|all\b)"
    r"| on (?!(?:the |my |your )?screen))"
)
_EN_ON_SCREEN = (
    rf"(?:put|pull|throw|bring|get) {_EN_SCREEN_OBJECT} up\b{_EN_NOT_ON_SCREEN}"
    rf"|(?:put|throw|pull) up {_EN_SCREEN_OBJECT}\b{_EN_NOT_ON_SCREEN}"
    rf"|(?:put|throw|bring|get) (?:{_EN_SCREEN_OBJECT} )?on (?:the |my |your )?screen"
)


# A request about the call itself is not a step: "can you all see my screen?", "would you like
# to drive for a minute?" (what the one asked does, they do right away).
EN_REQUEST = re.compile(
    r"(?:\b(?:can|could|would|will) (?:you|someone|somebody|anyone|one of you)(?: also| please"
    r"| maybe| just)*|\byou'll|^(?:and\s+)?"
    r"(?:please\s+)?(?=send|email|forward|share))\s*"
    r"(?!(?:(?:all|both|two|guys|folks|everyone) )?(?:like to |want to )?(?:drive|take over"
    r"|take control|take the wheel|have a go|give it a (?:go|try)|follow along|hear|see|share"
    r" (?:your|the) screen|click|try))"
    r"(?!hear|see|tell|say|talk|walk|explain|"
    r"remind|repeat|describe|imagine|speak|clarify|elaborate|expand|give me a sense|give me an idea"
    r"|share (?:your|the) screen|go|do|be|live|help|think|believe|check on|try|show|open|click"
    rf"|scroll|zoom|pull (?:it|that|this) up|pull up|{_EN_ON_SCREEN}|repeat|demo|run through"
    r"|describe|spell|mute"
    r"|unmute|hold|wait|type|paste|drop (?:it|that|the link) in|put (?:it|that) in the chat|read"
    r"|loop (?:me|us) in|keep (?:me|us)|let (?:me|us) know)"
    r"(?P<verb>[a-z]+(?: (?:up|out|in|together|over))?)\b"
)


# Verbs that never make a next step after "I'll" / "we'll".
_EN_NOT_ACTIONS = {
    "be", "need", "needs", "want", "like", "love", "see", "admit", "say", "bet", "not",
    "never", "probably", "maybe", "chat", "regroup", "reconnect", "catch",
    "touch", "meet", "keep", "stay", "think", "consider", "leave", "stop", "hear", "wait",
    "hope", "remember", "go", "move", "head", "jump", "end", "wrap", "miss", "lose",
}  # fmt: skip


# Verbs for what happens during the call itself: a next step only with a deadline.
_EN_IN_CALL = {
    "talk", "speak", "work", "discuss", "go",
    "show", "walk", "explain", "start", "begin", "tell", "give", "demo", "drive", "hand", "turn",
    "cover", "answer", "look", "check", "ask", "let", "take",
}  # fmt: skip


# ... and objects that make other verbs happen during the call ("pull it up", "share my screen",
# "put the chart up", a host's "I'll read them out").
_EN_IN_CALL_OBJECT = re.compile(
    r"^(?:pull (?:it |that |this |them )?up|share (?:my|the|our) screen|have to|take care"
    rf"|{_EN_ON_SCREEN}"
    r"|make sure (?:we|i) (?:get to|cover|talk about|come back to)|note (?:it|that|this) down"
    r"|put (?:it|that|this) in my (?:calendar|notes)"
    r"|read (?:(?:it|them|that|this|those|these|the questions?) )?(?:out|aloud))\b"
)


_EN_CLAUSE_OPENERS = {
    "and", "then", "so", "but", "also", "yes", "yeah", "sure", "okay", "ok", "great", "perfect",
    "absolutely", "well", "right", "now", "first", "next", "meanwhile", "plus", "good", "fine",
    "today", "tomorrow", "definitely", "certainly", "alright", "excellent", "cool", "awesome",
    "anyway", "after", "afterwards", "otherwise", "course", "problem", "done", "deal", "thanks",
    "is", "end", "side", "part",  # "the next step is I'll ...", "on our end we'll ..."
    "uh", "um", "uhm", "er", "erm", "hmm", "like", "know", "mean",  # ASR fillers: "so uh i'll"
    "yep", "yup", "mhm", "oh", "because", "cause",  # "yep i'll email you", "Because I'll call"
}  # fmt: skip


_EN_HEDGE = re.compile(r"\b(?:maybe|perhaps|probably|possibly|might|hopefully)\b")


_EN_CONDITION = re.compile(r"\b(?:if|unless)\b")


# "see if two days is possible", "let you know if it works": a question inside, not a condition.
_EN_EMBEDDED_IF = re.compile(
    r"\b(?:see|know|check|checking|ask|asking|find out|wonder|wondering|confirm|sure|figure out"
    r"|tell (?:you|me|them|us)|whether)(?:\s+(?:by|on|before)\s+[a-z]+)?\s+(?:if|whether)\b"
)


_EN_POLITE_IF = re.compile(
    r"\bif (?:that|it|this) (?:works|helps|suits|is ok(?:ay)?|'s ok(?:ay)?|sounds good|'s fine"
    r"|is fine)|\bif you (?:like|want|prefer|'d like|would like|don't mind|need it|agree)"
    r"|\bif (?:that's|that is) alright"
)


CUT_EN = re.compile(
    r",?\s+(?:and|while)\s+[a-z]+(?:'ll| will| is going to| are going to)\b"
    r"|,?\s+(?:so that|so you|so they|so we|so it|so she|so he|once|because|in case|as soon as"
    r"|which|when|right\?|okay\?|ok\?|say|if that|if you|to make sure)\b|,\s*(?:so|and then)\b"
    r"|,\s+(?:i|we|you|he|she|they|it)(?:'[a-z]+)?\s+(?:have|am|was|is|think|know|had|guess)\b"
    r"|\s+(?=(?:i'll|we'll|i will)\b)"
)


EN_TIME = re.compile(
    r"\b(?:at|around|say)\s+(?:\d{1,2}(?::\d{2})?|one|two|three|four|five|six|seven|eight|nine"
    r"|ten|eleven|twelve|noon)(?:\s*(?:a\.?m\.?|p\.?m\.?|o'clock|thirty))?"
)


_PRONOUN_OBJECT = re.compile(
    r"\b(?P<verb>send|email|give|get|forward|pass|mail|show|bring|text) (?:him|her|them)"
    r"(?= (?:a|an|the|some|all|both|this|that|these|those|our|your|their|my|[a-z]+s)\b)"
)
YOU_OBJECT = re.compile(
    r"\b(?P<verb>send|email|give|get|forward|pass|mail|show|bring|text) (?:you|me|us)"
    r"(?= (?:a|an|the|some|all|both|this|that|these|those|our|your|their|my|[a-z]+s)\b)"
)


def _en_clause_start(folded: str, start: int) -> bool:
    before = folded[:start].rstrip()
    if not before or before[-1] in ',;:-(\u2014\u2013.!?"':
        return True
    previous = re.findall(r"[a-z']+", before)
    if previous and previous[-1] in _EN_CLAUSE_OPENERS:
        return True
    return opens_with_deadline(before, "en")


def en_hit(folded: str, speaker: str, first_names: dict[str, str]) -> Hit | None:
    if not any(trigger in folded for trigger in _EN_TRIGGERS):
        return None  # most sentences promise nothing: one cheap look before the real ones
    question = folded.rstrip().endswith("?")
    if _EN_CONDITION.search(_EN_EMBEDDED_IF.sub("", _EN_POLITE_IF.sub("", folded))):
        return None
    m: re.Match[str] | None = (
        _EN_EACH.search(folded) if "each" in folded or "every" in folded else None
    )
    if m and not question:
        return Hit(m.start("verb"), m.end("verb"), (EACH,))
    m = _EN_MY_ACTION.search(folded)
    group = next((g for g in ("verb", "verb2", "verb3") if m and m.group(g)), "")
    if m and m.group(group) not in _EN_NOT_ACTIONS and not question:
        return Hit(m.start(group), m.end(group), (speaker,), needs_deadline=group == "verb3")
    m = _EN_EXPECT.search(folded) if "expect" in folded else None
    if m and not question and _en_clause_start(folded, m.start()):
        return Hit(m.start("object"), m.start("object"), (speaker,), infinitive="send")
    for m in _EN_SUBJECT.finditer(folded):
        if not _en_clause_start(folded, m.start()):
            continue
        verb = m.group("verb")
        adverbs = m.group("adv") or ""
        if verb in _EN_NOT_ACTIONS or _EN_HEDGE.search(folded[: m.start("verb")]):
            return None
        if adverbs.strip().endswith("be") and not verb.endswith("ing"):
            return None  # "I'll be honest"
        phrase = folded[m.start("verb") :]
        if phrase.startswith("have to"):
            return None  # "I'll have to check": an obligation, not a promise
        # "I'll have our team send it" hands work over; "we're going to have a hard time" does not
        causative = re.match(r"have (?:our|my|someone|somebody|one of|the [a-z]+ team)\b", phrase)
        actors = _en_named_actors(folded[: m.start()], speaker, first_names)
        in_call = verb in _EN_IN_CALL or bool(_EN_IN_CALL_OBJECT.match(phrase))
        in_call = in_call or (verb == "have" and not causative)
        asks = re.match(r"ask (?!you\b|a\b|the question)[a-z]+(?: [a-z]+)? to [a-z]+", phrase)
        if (
            asks
            or _EN_HANDOVER.match(phrase)
            or (verb in _EN_LET_ME_SOFT and _EN_FOLLOW_UP.search(phrase))
        ):
            in_call = False  # "take care of it", "take this to the board", "check and get back"
        return Hit(
            m.start("verb"),
            m.end("verb"),
            actors,
            needs_deadline=in_call,
            needs_acceptance=question,
        )
    m = _EN_OWE.search(folded) if "owe" in folded else None
    if m and not question and _en_clause_start(folded, m.start()):
        return Hit(m.start("object"), m.start("object"), (speaker,), infinitive="send")
    m = _EN_PROGRESSIVE.search(folded) if "ing" in folded else None
    hedged = m is not None and _EN_HEDGE.search(folded[: m.start("verb")])
    if m and not question and not hedged and _en_clause_start(folded, m.start()):
        base = _base_form(m.group("verb"))
        return Hit(m.start("verb"), m.end("verb"), (speaker,), infinitive=base, needs_deadline=True)
    m = _EN_WHAT_I_DO.search(folded)
    if m and m.group("verb") not in _EN_NOT_ACTIONS:
        return Hit(m.start("verb"), m.end("verb"), (speaker,), needs_acceptance=question)
    m = _EN_YOU_HAVE.search(folded) if "you'll" in folded else None
    if m and _en_clause_start(folded, m.start()) and not folded.rstrip().endswith("?"):
        return Hit(
            m.start("object"),
            m.start("object"),
            (speaker,),
            infinitive="send",
            needs_deadline=True,
        )
    m = _EN_CAN.search(folded)
    purpose = m is not None and re.search(r"\b(?:so|so that|that)\s*$", folded[: m.start()])
    if (
        m
        and not purpose
        and _en_clause_start(folded, m.start())
        and not _EN_HEDGE.search(folded[: m.start()])
    ):
        return Hit(m.start("verb"), m.end("verb"), (speaker,), needs_deadline=True)
    for m in _EN_OUR.finditer(folded):
        if not _en_clause_start(folded, m.start()) or m.group("verb") in _EN_NOT_ACTIONS:
            continue
        owner = named_owner(folded[m.start() : m.start("verb")], speaker, first_names)
        visit = _EN_VISIT.match(folded, m.start("verb"))
        if visit:  # "our field technician, emeka, will come": a "technician visit" ("come"
            # alone says nothing): the last word of the subject that is not a name
            role = [w for w in re.findall(r"[a-z-]+", m.group("who")) if w not in first_names]
            what = f"{role[-1]} visit" if role else "visit"
            return Hit(m.start("verb"), visit.end(), owner, infinitive=what)
        return Hit(m.start("verb"), m.end("verb"), owner, needs_acceptance=question)
    m = _EN_LETS.search(folded)
    if m:
        return Hit(m.start("verb"), m.end("verb"), (speaker,), needs_acceptance=question)
    m = _EN_LET_ME.search(folded)
    if m:
        soft = m.group("verb") in _EN_LET_ME_SOFT and not _EN_FOLLOW_UP.search(folded)
        return Hit(m.start("verb"), m.end("verb"), (speaker,), needs_deadline=soft)
    m = _EN_OFFER.search(folded)
    verb = m.group("verb") or m.group("give").split()[0] if m else ""
    if m and question and verb not in _EN_NOT_ACTIONS:
        start = m.start("verb") if m.group("verb") else m.start("give")
        return Hit(start, start + len(verb), (speaker,), needs_acceptance=True)
    m = _EN_HAPPY.search(folded) if "happy to" in folded or "glad to" in folded else None
    if m and not question and m.group("verb") not in _EN_NOT_ACTIONS | {"help", "answer"}:
        return Hit(m.start("verb"), m.end("verb"), (speaker,), needs_deadline=True)
    m = _EN_PROPOSE.search(folded) if "like to" in folded or "suggest" in folded else None
    if m and _en_clause_start(folded, m.start()) and not _EN_HEDGE.search(folded[: m.start()]):
        return Hit(m.start("verb"), m.end("verb"), (speaker,), needs_acceptance=True)
    m = EN_YOU_WILL.search(folded) if "you'll" in folded or "you will" in folded else None
    if m and not question and _en_clause_start(folded, m.start()):
        return Hit(m.start("verb"), m.end("verb"), (OTHER,), needs_deadline=True)
    return en_named_hit(folded, speaker, first_names) or en_passive(folded, speaker)


def en_promise(sentence: str, folded: str, speaker: str, first_names: dict[str, str]) -> Hit | None:
    """The promise of an English sentence (the pack's ``promise``; ``sentence`` is unused)."""
    hit = en_hit(folded, speaker, first_names)
    if hit is None or hit.start <= 8:
        return hit
    # "Let me check with finance, and I'll get back to you": the first promise said comes first
    before = en_hit(folded[: hit.start], speaker, first_names)
    if before is not None and before.actors == hit.actors and not before.needs_acceptance:
        if EN_FOLLOW_UP.search(folded[hit.start :]):
            return replace(before, needs_deadline=False)  # "..., and I'll get back to you"
        return before
    return hit


def _en_named_actors(before: str, speaker: str, first_names: dict[str, str]) -> tuple[str, ...]:
    """ "Sam and I will ..." -> both; otherwise the speaker."""
    m = re.search(r"\b([a-z]+) and $", before)
    if m and m.group(1) in first_names and first_names[m.group(1)] != speaker:
        return (speaker, first_names[m.group(1)])
    return (speaker,)


_EN_NAMED = re.compile(
    r"\b([a-z]+)(?: will|'ll| is going to|'s going to| is gonna|'s gonna)(?: (?:also|then|just"
    r"|first))? (?P<verb>[a-z]+)"
)


def en_named_hit(
    folded: str, speaker: str, first_names: dict[str, str], after: int = 0
) -> Hit | None:
    """ "Sam will set up the pilot by Monday": a colleague named as the one who does it."""
    for m in _EN_NAMED.finditer(folded, after):
        name = first_names.get(m.group(1))
        verb = m.group("verb")
        if name is None or name == speaker or verb in _EN_NOT_ACTIONS or verb in _EN_IN_CALL:
            continue  # "Sam is going to drive the demo today": during the call
        if not _en_clause_start(folded, m.start()):
            continue
        return Hit(m.start("verb"), m.end("verb"), (name,), needs_deadline=True)
    return None


_E_STEMS = ("prepar", "schedul", "shar", "complet", "updat", "organiz", "arrang", "provid")


_E_STEMS_MORE = ("writ", "creat", "mak", "tak", "giv", "clos", "finaliz", "involv", "includ")


def _base_form(verb: str) -> str:
    """ "sending" -> "send", "getting" -> "get", "preparing" -> "prepare" ("I'll be sending")."""
    base = verb[:-3]
    if len(base) > 2 and base[-1] == base[-2] and base[-1] not in "lsz":
        return base[:-1]
    return base + "e" if base.endswith(_E_STEMS + _E_STEMS_MORE) else base


def en_tidy(text: str, first_names: dict[str, str]) -> str:
    first = re.match(r"[a-z]{4,}ing\b", text)
    if first:
        text = _base_form(first.group()) + text[first.end() :]
    text = re.sub(r"\b(?:[Yy]our|[Oo]ur)\b(?! own\b)", "the", text)
    text = _PRONOUN_OBJECT.sub(r"\g<verb>", text)
    text = re.sub(r"\s+from (?:me|us)\b", "", text)
    m = re.match(r"^([a-z]+) ([a-z]+)(?= [a-z])", fold_same_length(text))
    if m and m.group(2) in first_names and m.group(1) in {"send", "email", "give", "get"}:
        text = text[: m.end(1)] + text[m.end() :]  # "send Sam the credentials"
    return text
