"""Write the corpus of the ``question`` head from our development conversations.

    python tools/heads/question_corpus.py   # writes src/.../heads/corpus/question.tsv

Every turn of tests/data/conversations_dev (the punctuated scripts, and the ASR-style scripts of
its tools/asr/ whose questions are marked with "?") is read as a recogniser would write it,
lowercase and without marks, and cut into clauses exactly as
``meetsight.intelligence.builtin.spoken_questions`` cuts a turn at run time. A clause is labelled
``question`` when it is the first clause of a sentence that ended with "?" (or, where no clause
starts inside that sentence, the clause its first word falls in), ``other`` otherwise: the head
learns which clause opens a question, so counting its clauses counts questions. The held-out
conversations (tests/data/conversations) are not read. (Clauses composed from templates
were tried beside these and made the counts worse on held-out text: they are not used.)
"""

from __future__ import annotations

import re
from pathlib import Path

from meetsight.intelligence.builtin.spoken_questions import clauses, words

ROOT = Path(__file__).resolve().parents[2]
DEV = ROOT / "tests/data/conversations_dev"
OUT = ROOT / "src/meetsight/intelligence/builtin/heads/corpus/question.tsv"
_SENTENCE = re.compile(r"[^.?!…]+[.?!…]*")


def _turns(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        _name, sep, text = line.partition(": ")
        if sep and text.strip():
            out.append(text.strip())
    return out


def label_turn(text: str) -> list[tuple[str, str]]:
    """(label, clause text) for each clause of one punctuated turn."""
    ws: list[str] = []
    sentence_of: list[int] = []
    asks: list[bool] = []
    for number, match in enumerate(_SENTENCE.finditer(text)):
        sentence = match.group(0)
        found = words(sentence)
        ws += found
        sentence_of += [number] * len(found)
        asks.append("?" in sentence[-3:])
    cut = clauses(ws)
    starts = [start for start, _ in cut]
    positive: set[int] = set()
    for number, is_question in enumerate(asks):
        if not is_question or number not in sentence_of:
            continue
        first_word = sentence_of.index(number)
        inside = [k for k, s in enumerate(starts) if sentence_of[s] == number]
        if inside:
            positive.add(inside[0])
        else:
            positive.add(max(k for k, s in enumerate(starts) if s <= first_word))
    return [("question" if k in positive else "other", t) for k, (_, t) in enumerate(cut)]


def main() -> None:
    sources = sorted((DEV / "scripts").glob("*.txt"))
    asr = {p.name: p for p in (DEV / "tools/asr").glob("*.txt")}
    rows: set[tuple[str, str, str]] = set()
    for script in sources:
        path = asr.get(script.name, script)  # the ASR scripts with their questions marked
        language = "es" if "_es_" in script.name else "en"
        for turn in _turns(path):
            rows.update((label, language, clause) for label, clause in label_turn(turn))
    header = (
        "# Corpus of the `question` head, written by tools/heads/question_corpus.py from\n"
        "# tests/data/conversations_dev: clauses of turns as unpunctuated speech, labelled\n"
        "# `question` when they open a question, `other` otherwise.\n"
    )
    body = "".join(f"{label}\t{lang}\t{text}\n" for label, lang, text in sorted(rows))
    OUT.write_text(header + body, encoding="utf-8")
    print(f"wrote {OUT}: {len(rows)} clauses")


if __name__ == "__main__":
    main()
