"""What a chat question asks: its kind, the type of answer it wants, its topic, the speakers it
names, and what a follow-up borrows from the turn before it.

Kinds (English and Spanish, on accent-folded text):

* ``recap``: the whole conversation ("Summarize the meeting", "What was discussed?", "What were
  the main topics?", "¿De qué se habló?"): once the asking words are gone, no topic is left;
* ``discussion``: a stretch of talk ("Summarize the discussion about X", "What did Marketing
  think of X when discussing Y?", "Why did the group ...", "How did they decide ..."): a
  paragraph of what was said;
* ``fact``: a typed answer (see ``Slot``): who, when, how many, how much, how long, where, which
  company / system / name, what share;
* ``open``: any other question: the few sentences that answer it.

A follow-up ("and the other one?", "what about pricing?", "and when?", "how much was it?")
keeps the previous question's topic: its text is joined to the new one, and the previous
answer's values are excluded when it asks for "the other" one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum

from meetsight.intelligence.builtin.cues import proper_names
from meetsight.intelligence.builtin.stopwords import wordset
from meetsight.intelligence.builtin.text import fold, words
from meetsight.intelligence.conversation import Conversation, Question


class Slot(Enum):
    """The type of answer a factual question wants."""

    PERSON = "person"
    DATE = "date"
    COUNT = "count"
    MONEY = "money"
    SHARE = "share"  # a percentage or a plain number: margin, rate, share, discount
    DURATION = "duration"
    PLACE = "place"
    NAME = "name"  # a company, product, system, vendor...


@dataclass(frozen=True)
class Plan:
    kind: str  # "recap" | "discussion" | "fact" | "open"
    text: str  # the question as searched (a follow-up joined to the question before it)
    focus: str  # the topic words of the question, the asking words removed
    context: str  # what "when discussing Y" names, else ""
    slot: Slot | None
    counted: str  # "how many X": X (folded)
    speakers: tuple[str, ...]  # speakers the question names
    entities: tuple[str, ...]  # names in the question (companies, products, people)
    exclude: tuple[str, ...]  # values a follow-up asking for "the other" one must not repeat
    topic: str = ""  # what the question is about, in its own words ("the remote's buttons")
    language: str = ""  # the conversation's, for stemming the question as its lines are
    lead: str = ""  # a follow-up's own words: they weigh more than the question it follows
    summarize: bool = False  # "Summarize the discussion about X": every passage about X
    cause: bool = False  # "Why ...?", "What caused X?": a reason is asked for


# --- kinds ----------------------------------------------------------------------------------

_RECAP_WORDS = wordset(
    """summarize summarise summary recap overview sum up give me tell me what was were is are
    the a an of in on about during this that meeting meetings call conversation discussion
    discussions discussed discuss said talked talk main key general overall whole entire
    topics topic points point themes subjects happened covered cover did we they go over
    brief briefly short quick please everything all can could would you us for
    resume resumen resumir reunion llamada conversacion de que se hablo hablaron trato
    temas tema principales puntos general la el los las una un sobre en esta fue trataron"""
)
# Asking about a stretch of talk, whatever else the question asks for.
_DISCUSSION = re.compile(
    r"^(?:summari[sz]e|sum up|recap|resum\w*)\b|\bwhy\b|\bpor que\b|"
    r"\bwhat (?:caused|causes|led to|was behind|triggered|prompted)\b|\bhow come\b|"
    r"\bwhat (?:was|is) the (?:root )?(?:cause|reason)\b|"
    r"\bque (?:causo|provoco)\b|\bhow (?:did|does|do|was|were|"
    r"would|could|should)\b|\bwhat did .{1,60}\b(?:think|say|said|suggest|propose|recommend|"
    r"discuss|talk|present|mention|explain|argue|believe|feel|agree|disagree|conclude|decide|"
    r"introduce|report|state|elaborate|learn|find|want|prefer|express|describe|raise|ask)\b|"
    r"\b(?:when|while|after|before) \w+ing\b|\bdiscuss\w*|^(?:describe|explain|tell me about|"
    r"walk me through|talk me through|give me an overview)\b|\bwhat (?:was|were|has been|had "
    r"been) (?:said|discussed|mentioned|talked about|decided|agreed|concluded|proposed|"
    r"suggested|presented|reported)\b|\bwhat (?:\w+ ){0,3}did (?:\w+ ){1,3}(?:like|dislike|give|"
    r"share|show|bring up|point out)\b|"
    r"\bopinions?\b|\bthoughts?\b|\battitudes?\b|\bviews?\b|\bdebat\w+|"
    r"\bque (?:dijo|penso|opina\w*|propuso)\b|\bopinion\b|\bhablaron\b"
)
# Asking for a reason or a cause ("Why now?", "What caused the outage?", "¿Por qué ...?").
_CAUSE = re.compile(
    r"\bwhy\b|\bpor que\b|\bhow come\b|\bwhat (?:caused|causes|led to|leads to|was behind|"
    r"triggered|prompted|drove|made \w+ (?:decide|choose|leave|switch|move))\b|"
    r"\b(?:root )?causes?\b|\breasons?\b|\bque (?:causo|provoco|motivo)\b|\bmotivo\b|"
    r"\brazon(?:es)?\b|\ba que se debio\b"
)
_SUMMARIZE = re.compile(
    r"^(?:please\s+)?(?:summari[sz]e|sum up|recap|give me an overview of|resum\w*|haz un resumen)\b"
)
# "What discount did Corvex give them?", "Which date did they agree?": a value of a type is
# asked for, whatever verb follows ("give", "share", "show" also ask about discussions).
_TYPED_HEAD = re.compile(
    r"^(?:and )?(?:what|which|que|cual)\s+(?:\w+\s+)?(?:price|prices|cost|costs|fee|fees|"
    r"discount|discounts|margin|rate|percentage|share|date|day|deadline|amount|budget|quote|"
    r"number|figure|terms|precio|precios|descuento|margen|fecha|dia|importe|presupuesto|"
    r"cifra|plazo)\s+(?:did|does|do|will|would|was|were|is|are|has|have|had|ha|han|les|nos|"
    r"le|se)\b"
)
_ASKS_WHO_OR_WHEN = re.compile(r"^(?:and )?(?:who|whom|when|by when|quien|quienes|cuando)\b")
# ... and words that ask about one only when nothing else is asked ("Who made the decision?").
_DISCUSSION_WEAK = re.compile(
    r"\bdecisions?\b|\bconclu\w+|\bconsiderations?\b|\bevaluation\b|\bfeedback\b"
)
_CONTEXT = re.compile(
    r"\b(?:when|while|during|in|after|before) (?:discussing|talking about|commenting on|"
    r"speaking about|the discussion (?:of|about|on)|discussion (?:of|about|on)|[a-z]+ing)\s+"
    r"(.*)$|"
    r"\b(?:al|cuando) (?:hablar|hablaban|discutir)\w* (?:de|sobre)\s+(.*)$"
)

# --- slots ----------------------------------------------------------------------------------

_WHO = re.compile(r"^(?:and )?(?:who|whom|whose)\b|\bquien(?:es)?\b|\bwho (?:is|will|signs)")
_WHEN = re.compile(
    r"\bwhen\b(?! \w+ing\b)|\b(?:what|which) (?:date|day|time|week|month)\b|"
    r"\bby when\b|\bhow soon\b|\bcuando\b|\bque (?:dia|fecha)\b|\bpara cuando\b|\bdeadline\b"
)
_HOW_MANY = re.compile(r"\bhow many\s+([a-z' -]+)|\bcuant[oa]s\s+([a-z -]+)")
_MONEY = re.compile(
    r"\bhow much\b.*\b(?:pay|paid|paying|cost|costs|charge|charged|spend|spent|budget|worth|"
    r"price|fee|invest)|\bhow much (?:is|was|does|do|did|would|will)\b.{0,40}\b(?:cost|pay|"
    r"charge|price|budget)|\bwhat (?:is |was |are |were )?(?:the )?(?:[\w']+ ){0,2}(?:price|prices|"
    r"budget|cost|costs|fee|fees|value|amount|quote|salary|spend|rate card)\b|\bhow much\b.*"
    r"\b(?:money|dollars|euros)\b|\bcuanto (?:cuesta|cuestan|costaria|cobra\w*|paga\w*|"
    r"vale|valdria|sale)\b|\bcuanto (?:(?:le|les|nos|me|te|se|lo|la)\s+)?(?:cotiz\w*|cobr\w*|"
    r"pag\w*|cuest\w*|cost\w*|gast\w*|invirt\w*|invert\w*|factur\w*|perd\w*|pierd\w*|ahorr\w*|"
    r"deb\w*)|\bde cuanto (?:es|fue|era|"
    r"seria|sera|son|fueron)\b|\b(?:que|cual es el) (?:precio|presupuesto|coste|costo|importe)\b|"
    r"\bwhat (?:did|does|do|will|would) .{1,40}\b(?:charge|cost|pay|spend|quote)\b|"
    r"\bhow much\b(?!.*\b(?:time|longer|more|of|data|space|memory)\b)"
)
_SHARE = re.compile(
    r"\bwhat (?:\w+ )?(?:share|percentage|percent|proportion|rate|margin|discount|fraction|"
    r"uplift|increase|ratio)\b|\bhow (?:big|large|high|low) (?:is|was|a) (?:the )?(?:\w+ )?"
    r"(?:discount|margin|share|rate)|\bque (?:porcentaje|margen|descuento)\b|\bcuanto "
    r"(?:descuento|margen)\b|"
    # a change ("How much could the premium go up?", "How much has overtime dropped?"): a
    # percentage as often as an amount
    r"\bhow much\b.{0,60}\b(?:go up|goes up|went up|gone up|increase\w*|rise|rises|rose|risen|"
    r"grow|grew|grown|drop\w*|fall|fell|fallen|decrease\w*|decline\w*|jump\w*|shr[iu]nk\w*|"
    r"improv\w*|go down|went down|gone down|come down|came down)\b|"
    r"\bcuanto (?:ha |han |)(?:subi\w*|baj\w*|aument\w*|cay\w*|crec\w*|mejor\w*)|"
    # a measure asked by its quality ("How accurate are the ETAs?", "How reliable is it?"):
    # a figure answers it ("eighty-seven percent")
    r"^(?:and )?how (?:accurate|reliable|precise|successful|effective|busy|full|common|"
    r"likely|profitable|efficient|utili[sz]ed)\b|"
    r"^(?:y )?que tan (?:precis\w*|fiable\w*|exact\w*|eficaz\w*|rentable\w*)"
)
# A question that names a price asks for an amount, whatever verb it uses ("What price did
# they quote?", "¿Qué precio les ofrecieron?").
_PRICE_ASKED = re.compile(
    r"^(?:and )?(?:what|which|que|cual)\s+(?:\w+\s+)?(?:price|prices|cost|fee|fees|quote|"
    r"rate|precio|precios|coste|costo|tarifa|cuota|cotizacion)\b"
)
_DURATION = re.compile(
    r"\bhow long\b|\bhow (?:fast|quickly|slow|slowly)\b|"
    r"\bcuanto (?:tiempo|tarda\w*|dura\w*)\b|\bque tan rapid\w*|\bcomo de rapid\w*|"
    # "How many years is the contract?", "¿Cuántos meses dura?": a length of time, not a count
    # (and "eighteen thousand a year" is a rate, no number of years)
    r"\bhow many (?:more )?(?:years|months|weeks|days|hours|minutes)\b(?! (?:a|an|per|of)\b)|"
    r"\bcuant[oa]s (?:mas )?(?:anos|meses|semanas|dias|horas|minutos)\b(?! (?:al|por|a la|de)\b)"
)
# "What payment terms did they offer?", "What super cap did they ask for?": terms put on the
# table are numbers (net 45, five times fees, 25%).
_TERMS = re.compile(
    r"^(?:what|which)\s+(?:[\w-]+\s+){0,3}(?:did|do|does|is|are|was|were|will|would)\s+"
    r"(?:[\w'-]+\s+){1,4}(?:offer\w*|quot\w*|propos\w*|ask\w* for|asking|charg\w*|accept\w*|"
    r"agree\w* to|settl\w* on|counter\w*)\b|^(?:que|cual)\s+\w+.*\b(?:ofrec\w*|propus\w*|"
    r"propon\w*|pid\w*|cobr\w*)\b"
)
_NAME_OF = re.compile(r"\bname of\b|\bnombre de\b|\bcomo se llama\b")
_WHERE = re.compile(r"\bwhere\b|\bdonde\b|\bin which (?:city|country|region|site)\b")
_SIZE = re.compile(r"\bhow (?:big|large)\b|\bque tamano\b|\bcomo de grande\b")
# "What is her case number?", "¿Cuál es el número de pedido?": a number answers it ("the case
# number Tobias will give you" does not)
_NUMBER_ASKED = re.compile(
    r"^(?:and |y )?(?:what|which) (?:is|was|are|were) (?:the |her |his |their |our |your |its )?"
    r"(?:[\w-]+ ){0,2}numbers?\b(?! of\b)|"
    r"^(?:y )?(?:cual|que) (?:es|era|fue) (?:el|su) numero\b|^(?:y )?que numero\b"
)
_NAME_NOUNS = (
    r"company|companies|firm|vendor|vendors|supplier|provider|carrier|insurer|insurance company|"
    r"bank|partner|partners|product|products|tool|tools|system|systems|software|platform|"
    r"program|application|app|solution|competitor|competitors|brand|name|crm|erp|ats|service|"
    r"university|school|city|country|office|plant|site|agency|firm|reseller|distributor|"
    r"integration|ticketing system|database|cloud|provider|"
    r"empresas?|proveedor(?:es)?|programas?|herramientas?|sistemas?|aplicacion(?:es)?|"
    r"competidor(?:es)?|marcas?|nombres?|bancos?|aseguradoras?|socios?|plataformas?|ciudad(?:es)?|"
    r"pais(?:es)?|oficinas?|plantas?|universidad(?:es)?"
)
# "What do they use for login today?", "What are they using today?", "What is their team
# running for inventory?", "What are they on for accounting?": the product in use.
_IN_USE = (
    r"^(?:and )?what (?:do|does|did) (?:\w+ ){1,3}(?:use|run|rely on)\b|"
    r"^(?:and )?what (?:is|are|was|were) (?:\w+ ){1,3}(?:using|running|on)\b"
)
_WHICH_NAME = re.compile(
    rf"\b(?:which|what)\s+(?:\w+\s+){{0,2}}(?:{_NAME_NOUNS})\b|\bname of\b|\bwhat is the name\b|"
    r"^(?:and )?which\s+(?!(?:one|ones|of|is|are|was|were|do|does|did)\b)\w+|"
    rf"{_IN_USE}|"
    # "¿Qué usan para las nóminas?": a product
    r"^(?:y )?(?:que|con que) (?:usan|utilizan|usa|utiliza|usais|utilizais)\b|"
    # "Did they look at anyone else?": the alternatives they weighed, by name
    r"^(?:and )?(?:did|do|does|have|has|are|were|is|was) (?:\w+ ){1,2}(?:look\w*|"
    r"consider\w*|evaluat\w*|talk\w*|compar\w*|shop\w*)(?: at| to| with| around)? "
    r"(?:anyone|anybody|anything|any other|other|others|another)\b|"
    rf"\b(?:que|cual|cuales)\s+(?:\w+\s+){{0,1}}(?:{_NAME_NOUNS})\b|\bcomo se llama\b"
)


# A question after a product by what it does for them, not by a word for product: the one in
# use ("What do they use for login?", "What are they running today?") or the others weighed
# ("Did they look at anyone else?"). Lines that name a product answer it.
_PRODUCT_ASKED = re.compile(
    rf"{_IN_USE}|"
    r"^(?:y )?(?:que|con que) (?:usan|utilizan|usa|utiliza|usais|utilizais|trabajan)\b|"
    r"\b(?:anyone|anybody|any other|others|another) ?(?:else)?$|\bany(?:one|body) else\b"
)


# "Who did we lose X to?", "Who did they go with?", "Who are they switching to?": the vendor
# that won or is in use, a company's name.
_WHO_WON = re.compile(
    r"^(?:and )?who (?:did|do|does|have|has|are|were|is|was|will) (?:\w+ ){1,3}(?:lose|lost|"
    r"losing|go with|going with|gone with|choose|chose|chosen|pick|picked|sign with|signed with|"
    r"switch to|switching to|move to|moving to|buy from|buying from|using)\b(?! \w+ to\b)|"
    r"^(?:and )?who (?:did|do|does|have|has|are|were|is|was) (?:\w+ ){1,3}lo(?:se|st|sing) "
    r"(?:\w+ ){0,3}to$"
)


def asks_product(q: str) -> bool:
    """Whether a folded question asks for a product by its use or as an alternative weighed."""
    q = expanded(q)
    return bool(_PRODUCT_ASKED.search(q) or _WHO_WON.search(q))


# "How much fuel / storage / time ...": a quantity of a thing that is not money.
_HOW_MUCH_OF = re.compile(
    r"^(?:and )?how much (?!(?:money|cash|budget|revenue|income|profit|funding|spend|"
    r"does|do|did|is|was|are|were|will|would|can|could|should|has|have|more|less|of|per|"
    r"cheaper|higher|lower|time|longer)\b)([a-z]+) (?:do|does|did|is|was|are|were|will|would|"
    r"can|could|has|have|goes|go|went)\b"
)
_PLURAL_PEOPLE = frozenset(("people", "staff", "children", "men", "women", "personas", "gente"))


def counted_head(counted: str) -> str:
    """The noun a "how many" question counts, of the two words after "how many": "trial
    sign-ups", "tractor units" (a word before a plural head), but "dentists" of "dentists
    work there" and "people" of "people work the night shift" (a plural first word is the
    head; a verb follows)."""
    noun = counted.split()
    if len(noun) < 2:
        return " ".join(noun)
    first, second = noun[0], noun[1]
    if first.endswith("s") or first in _PLURAL_PEOPLE or not second.endswith("s"):
        return first
    return f"{first} {second}"


def asks_number(question: str) -> bool:
    """Whether a question asks for a number as such ("What is her case number?")."""
    return bool(_NUMBER_ASKED.search(expanded(fold(question).strip(" ¿?"))))


def slot_of(q: str) -> tuple[Slot | None, str]:
    """The slot a folded question asks for, and for "how many X" the X."""
    return _slot(expanded(q))


_CONTRACTED = re.compile(r"\b(what|who|when|where|how|which|that|it)['\u2019]s\b")


def expanded(q: str) -> str:
    """A folded question with "what's", "who's", "how's" written out ("what is")."""
    return _CONTRACTED.sub(r"\1 is", q)


def _slot(q: str) -> tuple[Slot | None, str]:
    """The slot a folded question asks for, and for "how many X" the X."""
    if _DURATION.search(q):
        return Slot.DURATION, ""
    if m := _HOW_MANY.search(q):
        noun = (m.group(1) or m.group(2) or "").split()
        return Slot.COUNT, " ".join(noun[:2])
    if m := _HOW_MUCH_OF.match(q):
        return Slot.COUNT, m.group(1)  # "How much fuel do they use?": a quantity, not money
    if _PRICE_ASKED.search(q):
        return Slot.MONEY, ""  # "What price did they quote?": an amount, not terms
    if _SHARE.search(q) or _TERMS.search(q):
        return Slot.SHARE, ""
    if _MONEY.search(q):
        return Slot.MONEY, ""
    if _SIZE.search(q) or _NUMBER_ASKED.search(q):
        return Slot.COUNT, ""
    if _WHO_WON.search(q):
        return Slot.NAME, ""  # "Who did we lose Brightcastle to?": a company, not a person
    if _WHO.search(q) or (_NAME_OF.search(q) and ROLE.search(q)):
        return Slot.PERSON, ""
    if _WHEN.search(q):
        return Slot.DATE, ""
    if _WHICH_NAME.search(q):
        return Slot.NAME, ""
    if _WHERE.search(q):
        return Slot.PLACE, ""
    return None, ""


# A role a person holds ("our CFO", "la gerente"): "what is the name of their accountant?" asks
# for a person.
ROLE = re.compile(
    r"\b(?:cfo|ceo|coo|cto|ciso|cio|vp|president|director\w*|manager|head of|owner|founder|"
    r"partner|board|committee|procurement|legal|counsel|controller|technician|engineer|"
    r"consultant|accountant|auditor|lawyer|assistant|supervisor|coordinator|analyst|"
    r"administrator|gerente|socio|socia|tecnico|tecnica|ingenier[oa]|consultor[a]?|"
    r"contador[a]?|contable|auditor[a]?|abogad[oa]|asistente|coordinador[a]?|"
    r"consejo|comite|jefe|jefa|responsable|directora?|dueno|duena|"
    # those who inspect, value or certify for a third party ("the adjuster approved it")
    r"inspector|adjuster|appraiser|assessor|surveyor|notary|broker|perit[oa]|inspectora|"
    r"tasador[a]?|notari[oa]|corredor[a]?|gestor[a]?|encargad[oa]|supervisora)\b"
)


# --- topic ----------------------------------------------------------------------------------

_ASKING = re.compile(
    r"^(?:please\s+)?(?:can you\s+|could you\s+)?(?:summari[sz]e|sum up|recap|describe|"
    r"explain|tell me|give me|resume|resumir|resumeme)\b\s*|"
    r"^(?:what|which|who|whom|why|how|when|where|que|quien|cual|cuales|por que|como|cuando|"
    r"donde|cuanto|cuanta|cuantos|cuantas)\b[^,]*?\b(?:think|say|said|suggest|propose|"
    r"recommend|discuss|talk|present|mention|explain|feel|decide|conclude|agree|disagree|"
    r"dijo|penso|opina|propuso|hablaron|hablo)\b\s*(?:about|of|on|regarding|that|sobre|de)?\s*"
)
_FRAME_WORDS = wordset(
    """summarize summarise summary discussion discussions discuss discussed talk talked said
    say think thought opinion opinions view views idea ideas group team meeting what which who
    why how when where did does do was were is are the a an about of on regarding regard
    concerning related to in during for and or with their his her its they them it that this
    these those whole entire part parts whether according there any some
    resume resumen discusion reunion que quien por como cuando sobre de del la el los las y"""
)


_ABOUT = re.compile(
    r"^(?:the\s+)?(?:(?:group|team|meeting|committee)(?:'s)?\s+)?(?:discussions?|talks?|"
    r"debate|conversation|questioning|opinions?|thoughts?|views?)\s+(?:about|on|of|regarding|"
    r"concerning|over)\s+|^(?:about|on|of|regarding)\s+",
    re.IGNORECASE,
)


_TOPIC_AFTER = re.compile(
    r"\b(?:about|regarding|towards?|concerning|on|of|sobre|acerca de|respecto a)\s+(.+)$",
    re.IGNORECASE,
)


def topic_phrase(text: str) -> str:
    """What a question is about in its own words: "Summarize the discussion about the
    buttons when discussing cost" -> "the buttons"."""
    text = text.strip(" ?.!¿¡")
    text = re.sub(_CONTEXT.pattern, "", text, flags=re.IGNORECASE).strip()
    asked = re.sub(_ASKING.pattern, "", text, flags=re.IGNORECASE).strip()
    if asked == text:
        # "What attitude did Marketing hold towards X?": what follows the first "about",
        # "towards", "regarding"...
        m = _TOPIC_AFTER.search(text)
        asked = m.group(1) if m and len(m.group(1).split()) >= 2 else text
    return _ABOUT.sub("", asked).strip(" ,")


def _focus(q: str) -> str:
    q = _CONTEXT.sub("", q)
    q = _ASKING.sub("", q.strip(" ?.!¿¡"))
    return " ".join(w for w in words(q) if w not in _FRAME_WORDS)


def is_recap(q: str) -> bool:
    """Whether a folded question asks about the whole conversation."""
    tokens = words(q)
    return bool(tokens) and all(t in _RECAP_WORDS for t in tokens) and (
        any(t in ("summarize", "summarise", "summary", "recap", "overview", "resume", "resumen",
                  "resumir", "discussed", "discussion", "topics", "temas", "about", "hablo",
                  "hablaron", "trato", "trataron", "happened", "covered", "points", "said",
                  "talked", "sum")
            for t in tokens)
    )  # fmt: skip


# --- follow-ups -----------------------------------------------------------------------------

_FOLLOW_UP = re.compile(
    r"^(?:and|what about|how about|and what about|what of|y|y que (?:hay )?de|que hay de|"
    r"y (?:el|la|los|las)|que tal)\b"
)
_OTHER = re.compile(r"\b(?:other|else|another|otro|otra|otros|otras|mas)\b")
# ("they" alone is the other party more often than the previous answer: "How much were they
# overcharged?")
_ANAPHORA = re.compile(r"\b(?:it|that|this|them|those|these|he|she|eso|esto|ello|lo)\b")


def _stems(text: str) -> list[str]:
    return [w[:5] for w in words(text)]


def _named_speakers(question: str, conversation: Conversation) -> tuple[str, ...]:
    """Speakers the question names: the whole label ("Project Manager", "PhD A"), two words of
    it in a row ("Kirsty Williams" for "Kirsty Williams AM"), or one capitalised word of it
    that no other speaker's label has ("the Professor" for "Professor B")."""
    asked = " " + " ".join(_stems(question)) + " "
    capitalised = {w[:5] for w in words(" ".join(re.findall(r"\b[A-Z][\w'-]+", question)))}
    labels = {s.name: _stems(re.sub(r"\s*\(.*$", "", s.name)) for s in conversation.speakers}
    counts: dict[str, int] = {}
    for parts in labels.values():
        for part in set(parts):
            counts[part] = counts.get(part, 0) + 1
    letters = set(re.findall(r"(?<=\S )([A-Z])\b(?!')", question))
    found = []
    for name, parts in labels.items():
        if not parts:
            continue
        last = re.sub(r"\s*\(.*$", "", name).split()[-1]
        if len(last) == 1 and last in letters:
            found.append(name)  # "What did F think ...?" for "PhD F"
            continue
        pairs = [" ".join(parts[i : i + 2]) for i in range(len(parts) - 1)]
        if (
            f" {' '.join(parts)} " in asked
            or any(f" {p} " in asked for p in pairs)
            or any(
                p in capitalised and counts[p] == 1 and len(p) >= 4 and p not in _FRAME_STEMS
                for p in parts
            )
        ):
            found.append(name)
    return tuple(found)


_FRAME_STEMS = frozenset(w[:5] for w in _FRAME_WORDS) | frozenset(("the", "mr", "ms", "dr"))


def plan_question(question: Question, conversation: Conversation) -> Plan:
    """What ``question`` asks of ``conversation``, with a follow-up resolved against the
    previous turn of the chat."""
    text = " ".join(question.text.split())
    q = expanded(fold(text).strip(" ¿?¡!."))
    if not question.history:
        return _plan(text, q, conversation, (), None)
    previous, previous_answer = question.history[-1]
    prev_q = expanded(fold(previous).strip(" ¿?¡!."))
    rest = _FOLLOW_UP.sub("", q).strip(" ,")
    own = [w for w in words(rest) if w not in _FRAME_WORDS and w not in _RECAP_WORDS]
    # "Who fixed it?" follows up; "What discount did Roomwise give them?" names what it asks
    # about, so its "them" is not the previous question's subject.
    own_names = {fold(n) for n in proper_names(text)} - {fold(n) for n in proper_names(previous)}
    anaphoric = len(own) <= 2 and bool(_ANAPHORA.search(q)) and not own_names
    if not (_FOLLOW_UP.match(q) or anaphoric or not own):
        return _plan(text, q, conversation, (), None)
    slot, counted = _slot(q)
    prev_slot, prev_counted = _slot(prev_q)
    exclude: tuple[str, ...] = ()
    # the value the previous answer gave: its first name that is not a speaker's ("the other
    # account" after "Northmere Bank ... a second account at Castell Savings")
    speakers = {w for sp in conversation.speakers for w in words(sp.name)}
    given = [n for n in proper_names(previous_answer) if fold(n) not in speakers][:1]
    if _OTHER.search(q):
        exclude = tuple(given) or (previous_answer,)
        own = [w for w in own if not _OTHER.search(w)]
    elif _ANAPHORA.search(q) and given and not _FOLLOW_UP.match(q):
        # "Why did they go with them?" after "Which vendor did they pick?" (Roomwise): the
        # pronoun stands for the answer's name
        own = [*own, *words(given[0])]
    if slot is None and prev_slot is not None:
        # "And depots?" after "How many drivers?": the same question about the new words.
        slot, counted = (
            prev_slot,
            (" ".join(own) if own and prev_slot is Slot.COUNT else prev_counted),
        )
    own_text = " ".join(own)
    plan = _plan(
        f"{own_text} {previous}".strip(), f"{rest} {prev_q}", conversation, exclude, (slot, counted)
    )
    # (the joined text is no phrase to open a paragraph with)
    return replace(plan, lead=own_text, topic="")


def _plan(
    text: str,
    q: str,
    conversation: Conversation,
    exclude: tuple[str, ...],
    slot: tuple[Slot | None, str] | None,
) -> Plan:
    context_match = _CONTEXT.search(q)
    context = next((g for g in context_match.groups() if g), "") if context_match else ""
    speakers = _named_speakers(text, conversation)
    entities = tuple(n for n in proper_names(text) if n not in " ".join(speakers))
    if is_recap(q) and not speakers:
        return Plan("recap", text, "", "", None, "", (), (), exclude, "", conversation.language)
    found, counted = slot if slot is not None else _slot(q)
    typed = found is not None and bool(_TYPED_HEAD.match(q)) and not _SUMMARIZE.match(q)
    if (_DISCUSSION.search(q) and not _ASKS_WHO_OR_WHEN.match(q) and not typed) or (
        found is None and _DISCUSSION_WEAK.search(q)
    ):
        kind, found = "discussion", None
    elif found is not None:
        kind = "fact"
    else:
        kind = "open"
    summarize = bool(_SUMMARIZE.match(q))
    spoken = {w for name in speakers for w in words(name)}
    focus = " ".join(w for w in _focus(q).split() if w.split("'")[0] not in spoken)
    topic = topic_phrase(text.split("?")[-2] if text.count("?") > 1 else text)
    return Plan(
        kind,
        text,
        focus,
        context,
        found,
        counted,
        speakers,
        entities,
        exclude,
        topic,
        conversation.language,
        summarize=summarize,
        cause=bool(_CAUSE.search(q)) and not summarize,
    )
