"""What sales talk tells chat beyond the words of a question: the sales topic it is about and
the side it asks about.

* Topic: when the question is about one of the default sales topics (pain, budget and
  pricing, competitors, decision process, timeline, objections, next steps; its score as a
  smart-category note at least ``MIN_TOPIC``), each line's fit to that topic, scored as
  notes are (:func:`notes.category_scores`), times how clearly the question is about it
  (from 0 at ``MIN_TOPIC`` to 1 at ``MIN_TOPIC + TOPIC_RAMP``). "Who signs off on the
  purchase?" then finds the line about the decision process that names no one the question
  names.
* Side: +1 for the lines of the side the question asks about ("the customer", "they" against
  "we", "the seller"), when the conversation knows which speakers are ours; 0 everywhere when
  the question names neither side or both.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from meetsight.intelligence.builtin.chat_passages import terms
from meetsight.intelligence.builtin.notes import DEFAULT_SPECS, category_scores, text_category
from meetsight.intelligence.builtin.text import fold
from meetsight.intelligence.conversation import Conversation

MIN_TOPIC = 0.4
TOPIC_RAMP = 0.05
# Every question looks like a product question, so that category cannot tell what one is about.
_TOPICS = tuple(spec for spec in DEFAULT_SPECS if spec.key != "product_questions")

_CUSTOMER = re.compile(r"\b(?:customer|client|prospect|buyer|they|their|cliente|clientes|ellos)\b")
_SELLER = re.compile(
    r"\b(?:seller|sales ?rep|rep|vendor|we|our|us|account executive|vendedor|vendedora"
    r"|comercial|nosotros|nuestro|nuestra)\b"
)


def topic_affinity(
    conversation: Conversation, question: str, question_vector: np.ndarray, vectors: np.ndarray
) -> np.ndarray | None:
    """(lines,) fit of each line to the sales topic the question is about; None when it is
    about none of them."""
    found = text_category(question, question_vector, _TOPICS)
    if found is None or found[1] < MIN_TOPIC:
        return None
    # A question barely about the topic ("Which payroll system do they use?" scores 0.39
    # on pricing) leans on it less than one plainly about it ("What is their budget?", 0.62).
    clearly = min(1.0, (found[1] - MIN_TOPIC) / TOPIC_RAMP)
    return clearly * category_scores(conversation, [_TOPICS[found[0]]], vectors)[:, 0]


_TOPIC_WORDS = """price prices pricing cost costs pay paid paying budget budgets quote quoted
quotes discount discounts offer offered offers charge charged fee fees deal rate spend money
seller sellers vendor vendors customer customers client clients buyer sign signs signed signing
signoff approve approves approved approval decide decides decided decision decisions purchase
purchases buy buying competitor competitors competition alternative alternatives mention
mentioned came come problem problems issue issues pain pains raise raised concern concerns
objection objections worry worries timeline deadline start live go month monthly year yearly
annual per precio precios coste costo costes pagar pago pagan paga presupuesto descuento oferta
ofrecer ofrecio vendedor cliente clientes comprador firmar firma aprobar aprueba decidir decide
decision compra comprar competidor competidores competencia alternativa alternativas mencionar
mencionaron menciono problema problemas queja quejas preocupacion objecion plazo fecha mes mensual
ano anual quien quienes range ranges kind roughly ballpark figure figures number amount
rango cifra importe"""


@lru_cache(maxsize=4)
def topic_words(language: str) -> frozenset[str]:
    """Stems of the words that name a sales topic rather than a thing ("price", "decide",
    "competitor"): a question made only of them asks about the topic itself."""
    return frozenset(terms(_TOPIC_WORDS, language)) | frozenset(terms(_TOPIC_WORDS))


def side(conversation: Conversation, question: str) -> np.ndarray:
    """(lines,) 1 for the lines of the side the question asks about, else 0."""
    n = len(conversation.lines)
    if not conversation.internal_names:
        return np.zeros(n, dtype=np.float32)
    q = fold(question)
    customer, seller = bool(_CUSTOMER.search(q)), bool(_SELLER.search(q))
    if customer == seller:
        return np.zeros(n, dtype=np.float32)
    return np.asarray(
        [conversation.is_internal(line.speaker) == seller for line in conversation.lines],
        dtype=np.float32,
    )
