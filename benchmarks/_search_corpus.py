"""A synthetic sales-call corpus for the search benchmark: sentences built from word lists with
a skewed word frequency (a few very common words, a long tail of rare ones), mostly English with
some Spanish calls, and the queries run against it: `corpus_queries` draws them from the loaded
corpus's own vocabulary (rare and common words, phrases that occur, prefixes); `bench_queries`,
the fixed mix of the earlier method, is kept for reference."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

COMMON = [
    "price",
    "pricing",
    "budget",
    "team",
    "call",
    "demo",
    "contract",
    "renewal",
    "discount",
    "quarter",
    "pipeline",
    "deal",
    "customer",
    "product",
    "feature",
    "integration",
    "onboarding",
    "timeline",
    "proposal",
    "meeting",
    "manager",
    "decision",
    "process",
    "security",
    "data",
    "report",
    "dashboard",
    "license",
    "seat",
    "user",
    "account",
    "support",
]
MIDDLE = [
    "procurement",
    "legal",
    "approval",
    "invoice",
    "forecast",
    "quota",
    "territory",
    "champion",
    "stakeholder",
    "competitor",
    "migration",
    "rollout",
    "workflow",
    "analytics",
    "compliance",
    "audit",
    "retention",
    "churn",
    "expansion",
    "upsell",
    "trial",
    "pilot",
    "adoption",
    "training",
    "webinar",
    "roadmap",
    "milestone",
    "escalation",
    "questionnaire",
    "signature",
    "redline",
    "budgetary",
    "headcount",
    "spreadsheet",
    "calendar",
    "reminder",
    "objection",
    "negotiation",
    "benchmark",
    "reference",
    "testimonial",
    "case",
    "study",
    "executive",
    "sponsor",
]
RARE = [
    "zephyrcloud",
    "quantapay",
    "orbitly",
    "nimbusdesk",
    "vexaroute",
    "kryptonite",
    "halcyon",
    "marmoset",
    "tessellate",
    "obsidian",
    "wolfram",
    "juniper",
    "saffron",
    "cobalt",
    "vermilion",
    "zanzibar",
    "kilimanjaro",
    "fjord",
    "sequoia",
    "tamarind",
    "quokka",
    "narwhal",
    "axolotl",
    "pangolin",
    "ocelot",
    "wombat",
    "capybara",
    "gazelle",
    "ibex",
    "jackal",
    "lemur",
    "manatee",
    "okapi",
    "platypus",
    "sloth",
    "tapir",
    "vicuna",
    "walrus",
    "yak",
]
VERBS = [
    "send",
    "review",
    "schedule",
    "share",
    "confirm",
    "discuss",
    "finalize",
    "update",
    "approve",
    "check",
    "need",
    "want",
    "expect",
    "plan",
    "compare",
    "sign",
    "prepare",
    "follow",
]
FILLER = [
    "we",
    "the",
    "our",
    "your",
    "this",
    "next",
    "by",
    "on",
    "for",
    "with",
    "about",
    "before",
    "after",
    "and",
    "to",
    "a",
    "it",
    "so",
    "I",
    "think",
    "maybe",
    "really",
    "just",
    "then",
    "also",
]
TEMPLATES = (
    "{f} {v} the {c} {f} {m}",
    "{f} {f} {v} {c} {c} by next {c}",
    "can {f} {v} the {c} {m} before the {c}",
    "the {c} {c} is {f} {v} {f} {m}",
    "{f} {v} {f} {c} with {m} {f} {f}",
    "let me {v} the {m} {c} and the {c}",
)
SPANISH = (
    "el precio de la licencia depende del equipo",
    "necesitamos la propuesta antes del viernes",
    "los precios del contrato incluyen soporte",
    "vamos a revisar la integración con el cliente",
    "la reunión con compras es la próxima semana",
    "el presupuesto para el trimestre está aprobado",
)


@dataclass(frozen=True, slots=True)
class BenchQuery:
    text: str
    kind: str  # "rare", "common", "phrase" or "prefix"
    like: str  # the LIKE pattern that finds the same text


def _weighted(words: list[str], rng: random.Random) -> list[str]:
    """The words with Zipf-like weights: the first is far more frequent than the last."""
    weights = [1.0 / (i + 1) for i in range(len(words))]
    return rng.choices(words, weights=weights, k=4096)


class SentenceMaker:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.common = _weighted(COMMON, self.rng)
        self.middle = _weighted(MIDDLE, self.rng)

    def english(self) -> str:
        rng = self.rng
        template = rng.choice(TEMPLATES)
        sentence = template.format_map(_Words(self, rng))
        if rng.random() < 0.002:  # the long tail: a rare word in about 1 sentence of 500
            sentence += " " + rng.choice(RARE)
        return sentence[0].upper() + sentence[1:] + "."

    def spanish(self) -> str:
        return self.rng.choice(SPANISH).capitalize() + "."


class _Words(dict[str, str]):
    def __init__(self, maker: SentenceMaker, rng: random.Random) -> None:
        super().__init__()
        self.maker, self.rng = maker, rng

    def __missing__(self, key: str) -> str:
        source = {
            "c": self.maker.common,
            "m": self.maker.middle,
            "v": VERBS,
            "f": FILLER,
        }[key]
        return self.rng.choice(source)


def sentences(maker: SentenceMaker, count: int, *, spanish: bool) -> Iterator[str]:
    for _ in range(count):
        yield maker.spanish() if spanish else maker.english()


def bench_queries(count: int, seed: int) -> list[BenchQuery]:
    """Mixed frequency: a third rare words, a third common words, a third two-word phrases."""
    rng = random.Random(seed)
    queries: list[BenchQuery] = []
    for i in range(count):
        kind = ("rare", "common", "phrase")[i % 3]
        if kind == "rare":
            word = rng.choice(RARE)
            queries.append(BenchQuery(word, kind, f"%{word}%"))
        elif kind == "common":
            word = rng.choice(COMMON[:12] + MIDDLE[:8])
            queries.append(BenchQuery(word, kind, f"%{word}%"))
        else:  # "the price" (an edge stop word), "next quarter", "pricing contract"
            first = rng.choice(["the", "next", rng.choice(COMMON[:15])])
            pair = f"{first} {rng.choice(COMMON[:15])}"
            queries.append(BenchQuery(f'"{pair}"', kind, f"%{pair}%"))
    return queries


# Bands of a word's document frequency (the share of sampled segments that hold it).
RARE_SHARE = 0.001  # in at most 1 segment of 1,000
COMMON_SHARE = 0.05  # in at least 1 segment of 20
_TOKEN = re.compile(r"\w+")
# Function words: PostgreSQL's configurations drop them, so as a query on its own one would
# search for nothing there while FTS5 matches nearly every segment. Kept inside phrases (an
# edge stop word is part of what users type: "the price").
_FUNCTION_WORDS = frozenset(
    "a an the of to in on at by for with and or but is are was were be been it this that these "  # noqa: SIM905
    "those i we you he she they our your their my me us can let so just then also next about "
    "before after el la los las de del con para por que es en un una al está".split()
)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    segments: int  # segments sampled
    words: Counter[str]  # segments holding each word
    pairs: Counter[str]  # segments holding each two-word sequence

    def share(self, word: str) -> float:
        return self.words[word] / max(1, self.segments)

    def bands(self) -> dict[str, list[str]]:
        """The searchable words (no function words, 3 letters or more) by band, sorted."""
        searchable = sorted(w for w in self.words if len(w) >= 3 and w not in _FUNCTION_WORDS)
        return {
            "rare": [w for w in searchable if self.share(w) <= RARE_SHARE],
            "middle": [w for w in searchable if RARE_SHARE < self.share(w) < COMMON_SHARE],
            "common": [w for w in searchable if self.share(w) >= COMMON_SHARE],
        }


def vocabulary(texts: Iterable[str]) -> Vocabulary:
    """Document frequencies of the words and adjacent word pairs in `texts` (lowercased)."""
    words: Counter[str] = Counter()
    pairs: Counter[str] = Counter()
    count = 0
    for text in texts:
        count += 1
        tokens = _TOKEN.findall(text.lower())
        words.update(set(tokens))
        pairs.update({f"{a} {b}" for a, b in itertools.pairwise(tokens)})
    return Vocabulary(count, words, pairs)


def corpus_queries(vocab: Vocabulary, count: int, seed: int) -> list[BenchQuery]:
    """A quarter each, in turn: a rare word, a common word, a two-word phrase that occurs in
    the sample (at least twice, so it is no accident of the sample), a prefix (the first 3 or 4
    letters of a word of 5 letters or more, any band). Every word drawn with equal chance within
    its band, with a fixed seed: the same corpus gives the same queries. The LIKE pattern finds
    the same text anywhere (for a prefix also inside words: the scan reads every row either
    way)."""
    rng = random.Random(seed)
    bands = vocab.bands()
    phrases = sorted(p for p, n in vocab.pairs.items() if n >= 2)
    stems = sorted({w for band in bands.values() for w in band if len(w) >= 5})
    if not (bands["rare"] and bands["common"] and phrases and stems):
        raise SystemExit(f"corpus too small for the query mix: {len(vocab.words)} words")
    queries: list[BenchQuery] = []
    for i in range(count):
        kind = ("rare", "common", "phrase", "prefix")[i % 4]
        if kind in ("rare", "common"):
            word = rng.choice(bands[kind])
            queries.append(BenchQuery(word, kind, f"%{word}%"))
        elif kind == "phrase":
            pair = rng.choice(phrases)
            queries.append(BenchQuery(f'"{pair}"', kind, f"%{pair}%"))
        else:
            start = rng.choice(stems)[: rng.choice((3, 4))]
            queries.append(BenchQuery(f"{start}*", kind, f"%{start}%"))
    return queries


def describe(vocab: Vocabulary) -> dict[str, object]:
    """What the mix was drawn from, for the report."""
    bands = vocab.bands()
    return {
        "segments_sampled": vocab.segments,
        "distinct_words": len(vocab.words),
        "rare_words (share <= 0.1%)": len(bands["rare"]),
        "middle_words": len(bands["middle"]),
        "common_words (share >= 5%)": len(bands["common"]),
        "phrases_seen_twice_or_more": sum(1 for n in vocab.pairs.values() if n >= 2),
    }
