"""Write the corpus of the ``commitment`` head: sentences said in sales calls and meetings, in
English and Spanish, each labelled with what it is as a possible next step.

    python tools/heads/commitment_corpus.py   # writes src/.../heads/corpus/commitment.tsv

Labels: ``commit`` (a firm promise or a step someone takes on), and what looks like one but is
not: ``past`` (done already), ``hypothetical`` (would, could, if we did), ``conditional`` (an
offer that waits on something: "if you want, I can send it"), ``negated`` ("I'm not going to
send it"), ``in_call`` (done during the call itself: "let me share my screen"), ``question``
(asked, not promised), ``vague`` ("we'll be in touch", "I'll do my best") and ``forecast``
(what someone else will do or think: "our CFO will want a discount").

Every sentence is written here, by us: many templates, each filled from lists of people,
deliverables, dates, openers and fillers, sampled with a fixed seed (the same file every run),
plus hand-written hard cases. A share of each class is rendered as ASR text (lowercase, no
punctuation, fillers), so that unpunctuated transcripts read the same.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from commitment_corpus_en import EN_TEMPLATES
from commitment_corpus_es import ES_TEMPLATES

OUT = (
    Path(__file__).resolve().parents[2]
    / "src/meetsight/intelligence/builtin/heads/corpus/commitment.tsv"
)
PER_CLASS = 1200  # per language
SEED = 16

_FILLERS = {
    "en": ["um", "uh", "you know", "like", "so", "yeah", "okay so", "i mean"],
    "es": ["eh", "bueno", "pues", "o sea", "vale", "mira", "este"],
}


def asr(text: str, language: str, rng: random.Random) -> str:
    """How a recogniser without punctuation writes it: lowercase, no marks, a filler or two."""
    words = re.sub(r"[.,!?¿¡;:]", "", text.lower()).split()
    for _ in range(rng.randint(0, 2)):
        words.insert(rng.randint(0, len(words)), rng.choice(_FILLERS[language]))
    if words and rng.random() < 0.3:
        k = rng.randint(0, len(words) - 1)
        words.insert(k, words[k])  # a stutter: "i i'll"
    return " ".join(words)


# Clauses that any kind of sentence may carry, added to every class alike so that the head
# learns that they say nothing about it ("..., so legal can review it", "Good question. ...").
_TAILS = {
    "en": [
        ", so you have it in writing",
        " so legal can review it",
        ", it'll be easier that way",
        " that spells out the details",
        ", since the last version was outdated",
        ", including the numbers we discussed",
        " so she can see the actual wording",
        ", which should help",
        ", just so we're aligned",
        " with everything we covered today",
        ", because it changed since last time",
        " so we can compare",
        ", as we discussed",
        " for the whole team",
        ", it's a big file",
        " along with the summary",
        ", so we know if it holds up",
        " to see if that works for you",
        " so you can check if it fits",
        ", it'll be easier than explaining it",
        " so you can forward it",
        ", in case you need it",
        " once we hang up",
        ", so nobody is waiting on us",
    ],
    "es": [
        ", para que lo tengáis por escrito",
        " para que lo revise jurídico",
        ", que así es más fácil",
        ", con todo lo que hemos hablado",
        ", porque ha cambiado desde la última vez",
        " para el equipo",
        ", como hemos comentado",
        ", así lo comparamos",
        " con el resumen",
        ", que es un archivo grande",
        ", para ver si encaja",
        ", a ver si os sirve",
        " por si lo necesitáis",
        ", que será más fácil",
    ],
}
_LEADS = {
    "en": [
        "It's a big file, so ",
        "That's on me. ",
        "Good question. ",
        "Since you asked, ",
        "Given the timeline, ",
        "Honestly, ",
        "One more thing. ",
        "To be clear, ",
        "That's fair. ",
        "Okay, on the pricing, ",
        "The files are huge, so ",
        "That's a mistake on our side. ",
        "Understood, and ",
        "The list is long, so ",
    ],
    "es": [
        "Es un archivo grande, así que ",
        "Eso es cosa mía. ",
        "Buena pregunta. ",
        "Con estos plazos, ",
        "Sinceramente, ",
        "Una cosa más. ",
        "Sobre el precio, ",
    ],
}


def dress(text: str, language: str, rng: random.Random) -> str:
    """A shared tail or lead clause on some sentences of every class."""
    if rng.random() < 0.3:
        end = text[-1] if text[-1] in ".?!" else ""
        body = text[:-1] if end else text
        text = body + rng.choice(_TAILS[language]) + end
    if rng.random() < 0.15:
        lead = rng.choice(_LEADS[language])
        text = lead + (text[0].lower() + text[1:] if lead.endswith(", ") else text)
    return text


def fill(template: str, slots: dict[str, list[str]], rng: random.Random) -> str:
    def pick(m: re.Match[str]) -> str:
        return rng.choice(slots[m.group(1)])

    text = template
    for _ in range(3):  # slots may hold slots
        text = re.sub(r"\{(\w+)\}", pick, text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.?!])", r"\1", text)
    return text[0].upper() + text[1:] if text else text


def generate() -> list[tuple[str, str, str]]:
    rng = random.Random(SEED)
    rows: list[tuple[str, str, str]] = []
    for language, (templates, slots, hand) in (("en", EN_TEMPLATES), ("es", ES_TEMPLATES)):
        for label, forms in templates.items():
            seen: set[str] = set()
            written = [t for t in hand.get(label, [])]
            for text in written:
                seen.add(text)
                rows.append((label, language, text))
            tries = 0
            while len(seen) < PER_CLASS and tries < PER_CLASS * 30:
                tries += 1
                text = dress(fill(rng.choice(forms), slots, rng), language, rng)
                if rng.random() < 0.2:
                    text = asr(text, language, rng)
                if text in seen:
                    continue
                seen.add(text)
                rows.append((label, language, text))
    return rows


def main() -> None:
    rows = generate()
    header = [
        "# commitment head corpus: written by tools/heads/commitment_corpus.py (not by hand)",
        "# label<TAB>language<TAB>sentence",
    ]
    body = [f"{label}\t{language}\t{text}" for label, language, text in rows]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(header + body) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} sentences to {OUT}")


if __name__ == "__main__":
    main()
