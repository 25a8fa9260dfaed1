"""Template expansion for the learned heads' corpora (tools/corpora/*.py write
src/meetsight/intelligence/builtin/heads/corpus/<name>.tsv).

A template is a sentence with choices: ``{a|b|c}`` picks one alternative (``{a|}`` makes a part
optional), ``<slot>`` picks one value of a named slot list (slots may hold choices too). Each
template gives a few distinct sentences, drawn with a fixed seed, so the same generator always
writes the same corpus. A share of the sentences is also written as ASR text: lower case, no
punctuation, now and then a filler word, as an unpunctuated transcript reads.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parents[2] / "src/meetsight/intelligence/builtin/heads/corpus"
_CHOICE = re.compile(r"\{([^{}]*)\}")
_SLOT = re.compile(r"<(\w+)>")
_FILLERS = {
    "en": ("um", "uh", "you know", "like", "i mean", "so"),
    "es": ("eh", "pues", "o sea", "bueno", "este"),
}


def fill(template: str, slots: Mapping[str, Sequence[str]], rng: random.Random) -> str:
    text = template
    for _ in range(8):  # slots may bring choices and slots of their own
        text = _SLOT.sub(lambda m: rng.choice(slots[m.group(1)]), text)
        text = _CHOICE.sub(lambda m: rng.choice(m.group(1).split("|")), text)
        if "<" not in text and "{" not in text:
            break
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.?!])", r"\1", text)
    return text[:1].upper() + text[1:]


def asr(text: str, language: str, rng: random.Random) -> str:
    """The sentence as an unpunctuated lower-case transcript, sometimes with a filler."""
    words = re.sub(r"[.,!?¿¡;:]", " ", text.lower()).split()
    if len(words) > 3 and rng.random() < 0.5:
        words.insert(rng.randrange(1, len(words)), rng.choice(_FILLERS[language]))
    return " ".join(words)


def expand(
    templates: Iterable[str],
    slots: Mapping[str, Sequence[str]],
    per_template: int,
    rng: random.Random,
) -> list[str]:
    out: list[str] = []
    for template in templates:
        seen: set[str] = set()
        for _ in range(per_template * 3):
            if len(seen) >= per_template:
                break
            text = fill(template, slots, rng)
            if text not in seen:
                seen.add(text)
                out.append(text)
    return out


def write(name: str, header: str, rows: Iterable[tuple[str, str, str]]) -> Path:
    path = CORPUS_DIR / f"{name}.tsv"
    path.parent.mkdir(parents=True, exist_ok=True)
    unique: dict[tuple[str, str], tuple[str, str, str]] = {}
    for label, language, text in rows:
        text = text.replace("\t", " ").strip()
        if text:
            unique.setdefault((language, text.lower()), (label, language, text))
    body = "\n".join("\t".join(r) for r in unique.values())
    comment = "".join(f"# {line}\n" for line in header.strip().splitlines())
    path.write_text(comment + body + "\n", encoding="utf-8")
    return path
