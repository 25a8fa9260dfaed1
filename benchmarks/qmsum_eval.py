"""QMSum (Zhong et al., NAACL 2021; MIT licence): the built-in engine's summary and chat answers
against the reference answers of real meetings (AMI, ICSI, parliamentary committees).

    python benchmarks/qmsum_eval.py [--split val] [--limit N] [--only ES2006a,Bed002]

How it is measured (docs/benchmarks.md): each meeting becomes a conversation of its turns, the
transcription markers ({vocalsound}, {disfmarker}...) removed and the spelled-out acronyms that
QMSum writes with underscores (L_C_D_, T_V_s) joined again, each turn timed from its word count
at 2.5 words a second. The prediction for "Summarize the whole meeting." is the summary text; for
every other query the chat answer. ROUGE F1 from ``rouge-score`` with stemming, averaged per
query; ROUGE-L is ``rougeLsum`` over sentences split at sentence ends.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from evalsets import evalset_dir

from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker

ROOT = Path(__file__).resolve().parent.parent


DEFAULT_DATA = evalset_dir("qmsum")
WORDS_PER_SECOND = 2.5
GENERAL = "summarize the whole meeting"

_MARKER = re.compile(r"\{\s*\w+\s*\}")
_SPELLED = re.compile(r"\b((?:[A-Za-z]_){2,})(s?)\b")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_SPACE_BEFORE = re.compile(r"\s+([.,!?;:%])")
_CONTRACTION = re.compile(r"\s+('(?:s|re|ve|ll|d|m|t)\b|n't\b)", re.IGNORECASE)


@dataclass(frozen=True)
class Query:
    text: str
    answer: str


@dataclass(frozen=True)
class Meeting:
    id: str
    conversation: Conversation
    queries: tuple[Query, ...]


def clean_turn(text: str) -> str:
    """A QMSum turn as a transcript line: markers gone, acronyms joined, punctuation attached."""
    text = _MARKER.sub(" ", text)
    text = _SPELLED.sub(lambda m: m.group(1).replace("_", "") + m.group(2), text)
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = _CONTRACTION.sub(r"\1", text)
    return " ".join(text.split())


def load_meeting(path: Path) -> Meeting:
    raw = json.loads(path.read_text(encoding="utf-8"))
    lines: list[Line] = []
    clock = 0.0
    for turn in raw["meeting_transcripts"]:
        text = clean_turn(turn["content"])
        if not re.search(r"\w", text):
            continue
        seconds = max(1.0, len(text.split()) / WORDS_PER_SECOND)
        lines.append(Line(len(lines), clock, clock + seconds, turn["speaker"].strip(), text))
        clock += seconds
    speakers = tuple(Speaker(name, False) for name in dict.fromkeys(li.speaker for li in lines))
    conversation = Conversation(
        kind="meeting",
        title=path.stem,
        language="en",
        day=date(2021, 1, 1),
        speakers=speakers,
        lines=tuple(lines),
    )
    queries = [
        Query(q["query"], q["answer"])
        for key in ("general_query_list", "specific_query_list")
        for q in raw.get(key, [])
    ]
    return Meeting(path.stem, conversation, tuple(queries))


def load_split(data: Path, split: str, only: set[str] | None = None) -> Iterator[Meeting]:
    for path in sorted((data / split).glob("*.json")):
        if only and path.stem not in only:
            continue
        yield load_meeting(path)


def is_general(query: str) -> bool:
    return query.strip().rstrip(".?!").lower() == GENERAL


def sentence_lines(text: str) -> str:
    """rougeLsum reads one sentence per line."""
    return "\n".join(s for s in _SENTENCE_END.split(" ".join(text.split())) if s)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--split", default="val")
    parser.add_argument("--limit", type=int, default=0, help="first N meetings only")
    parser.add_argument("--only", default="", help="comma-separated meeting ids")
    parser.add_argument("--out", type=Path, help="write every prediction here (JSON lines)")
    args = parser.parse_args()

    from rouge_score import rouge_scorer

    from meetsight.config import Settings
    from meetsight.intelligence import engine_choice
    from meetsight.intelligence.builtin.notes import DEFAULT_SPECS
    from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES

    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeLsum"], use_stemmer=True)
    # The service's own choice: MEETSIGHT_INTELLIGENCE_ENGINE and MEETSIGHT_LLM_* measure an
    # OpenAI-compatible model the same way.
    engine = engine_choice.engine_for(Settings(), None)
    categories = DEFAULT_SPECS
    only = {x for x in args.only.split(",") if x} or None
    scores: dict[str, list[tuple[float, float, float]]] = {"general": [], "specific": []}
    out = args.out.open("w", encoding="utf-8") if args.out else None
    started = time.perf_counter()
    for n, meeting in enumerate(load_split(args.data, args.split, only)):
        if args.limit and n >= args.limit:
            break
        summary = None
        for query in meeting.queries:
            general = is_general(query.text)
            if general:
                if summary is None:
                    result = engine_choice.analyze(
                        engine, meeting.conversation, categories, DEFAULT_OBJECTIVES
                    )
                    summary = result.summary
                prediction = summary
            else:
                prediction = engine_choice.answer(
                    engine, meeting.conversation, Question(query.text)
                ).answer
            s = scorer.score(sentence_lines(query.answer), sentence_lines(prediction))
            row = (s["rouge1"].fmeasure, s["rouge2"].fmeasure, s["rougeLsum"].fmeasure)
            scores["general" if general else "specific"].append(row)
            if out:
                record = {"meeting": meeting.id, "query": query.text, "prediction": prediction}
                out.write(json.dumps({**record, "reference": query.answer, "rouge": row}) + "\n")
        print(f"{meeting.id}: {len(meeting.conversation.lines)} turns", file=sys.stderr)
    if out:
        out.close()
    report = {
        "split": args.split,
        "engine": engine.name,
        "seconds": round(time.perf_counter() - started, 1),
    }
    everything = scores["general"] + scores["specific"]
    for name, rows in (*scores.items(), ("all", everything)):
        if rows:
            report[name] = {
                "queries": len(rows),
                **{
                    metric: round(100 * statistics.mean(r[i] for r in rows), 2)
                    for i, metric in enumerate(("rouge1", "rouge2", "rougeL"))
                },
            }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
