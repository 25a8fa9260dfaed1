"""A synthetic sales-call corpus for the search benchmark: sentences built from word lists with
a skewed word frequency (a few very common words, a long tail of rare ones), mostly English with
some Spanish calls, and the 200 queries run against it (rare words, common words, phrases)."""

from __future__ import annotations

import random
from collections.abc import Iterator
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
    kind: str  # "rare", "common" or "phrase"
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
