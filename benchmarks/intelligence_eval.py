"""The built-in intelligence engine: quality on the labelled evaluation set, speed on a long
transcript.

    python benchmarks/intelligence_eval.py [--runs 5]

Quality, on tests/data/intelligence_eval/ (13 English and Spanish sales conversations), reported
for the ten conversations the engine was developed against and for three held out while it was
written (nobody tuned on them), and for all:
- next steps: a predicted step matches an expected one when it is on the same line, names the
  expected actor and resolves the same deadline (or none); precision and recall, micro-averaged;
  "loose" figures drop the deadline condition;
- category accuracy: marked lines whose note has the marked category (no note counts as wrong);
- answer hit-rate: questions whose answer cites a line that holds the answer and contains every
  expected keyword (case and accents ignored).
Speed: analyze() on 400-segment demo meetings (a different one each run, fresh engine, so every
line is embedded; the model stays loaded, as in a worker), beside embedding the same lines alone
in the same run; wall and CPU seconds (CPU time is what a quiet machine's wall time would be for
the single-threaded parts). Prints a JSON report; docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
import unicodedata
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "intelligence"))

from eval_set import EvalConversation, load_eval_set  # noqa: E402

from meetsight.embedder import embed  # noqa: E402
from meetsight.intelligence.builtin.engine import BuiltinEngine  # noqa: E402
from meetsight.intelligence.conversation import (  # noqa: E402
    CategorySpec,
    Conversation,
    Line,
    Question,
    Speaker,
)
from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES  # noqa: E402
from meetsight.intelligence.smart_categories import DEFAULT_CATEGORIES  # noqa: E402

HELD_OUT = {
    "en_meeting_vantage_negotiation",
    "es_meeting_transportes_rioja_demo",
    "en_call_keystone_security_objection",
}
CATEGORIES = [
    CategorySpec(c["key"], c["key"], c["name"], c["description"], tuple(c["examples"]))
    for c in DEFAULT_CATEGORIES
]


def conversation_of(ev: EvalConversation) -> Conversation:
    return Conversation(
        kind=ev.kind,  # type: ignore[arg-type]
        title=ev.title,
        language=ev.language,
        day=ev.date,
        speakers=tuple(Speaker(p.name, p.internal) for p in ev.participants),
        lines=tuple(
            Line(i, s.start_time, s.end_time, s.participant_name, s.content)
            for i, s in enumerate(ev.segments)
        ),
        direction=ev.direction,
    )


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def score_conversation(engine: BuiltinEngine, ev: EvalConversation) -> dict[str, int]:
    conv = conversation_of(ev)
    result = engine.analyze(conv, CATEGORIES, DEFAULT_OBJECTIVES)
    counts = dict.fromkeys(
        ("predicted", "expected", "strict", "loose", "marked", "correct", "questions", "hits"), 0
    )
    counts["predicted"] = len(result.next_steps)
    counts["expected"] = len(ev.next_steps)
    for strict in (True, False):
        free = list(result.next_steps)
        for exp in ev.next_steps:
            for step in free:
                if (
                    step.line == exp.segment
                    and exp.actor in step.actors
                    and (not strict or step.due == exp.deadline)
                ):
                    free.remove(step)
                    counts["strict" if strict else "loose"] += 1
                    break
    by_line = {n.line: n.category_key for n in result.notes}
    counts["marked"] = len(ev.categories)
    counts["correct"] = sum(by_line.get(m.segment) == m.category for m in ev.categories)
    for q in ev.questions:
        answer = engine.answer(conv, Question(q.question))
        cited = {c.line for c in answer.citations}
        text = fold(answer.answer)
        counts["questions"] += 1
        counts["hits"] += bool(cited & set(q.answer_segments)) and all(
            fold(k) in text for k in q.answer_keywords
        )
    return counts


def figures(rows: Iterable[dict[str, int]]) -> dict[str, float | int]:
    total: dict[str, int] = {}
    for row in rows:
        for k, v in row.items():
            total[k] = total.get(k, 0) + v

    def ratio(a: str, b: str) -> float:
        return round(total[a] / total[b], 3) if total[b] else 0.0

    return {
        "conversations": total.get("n", 0),
        "next_steps_expected": total["expected"],
        "next_steps_predicted": total["predicted"],
        "next_steps_precision": ratio("strict", "predicted"),
        "next_steps_recall": ratio("strict", "expected"),
        "next_steps_precision_loose": ratio("loose", "predicted"),
        "next_steps_recall_loose": ratio("loose", "expected"),
        "marked_lines": total["marked"],
        "category_accuracy": ratio("correct", "marked"),
        "questions": total["questions"],
        "answer_hit_rate": ratio("hits", "questions"),
    }


def quality() -> dict[str, dict[str, float | int]]:
    engine = BuiltinEngine()
    rows = {}
    for ev in load_eval_set():
        rows[ev.id] = {**score_conversation(engine, ev), "n": 1}
    return {
        "dev": figures(v for k, v in rows.items() if k not in HELD_OUT),
        "held_out": figures(v for k, v in rows.items() if k in HELD_OUT),
        "all": figures(rows.values()),
    }


def long_meeting(seed: int = 7) -> Conversation:
    """The longest demo meeting the generator makes with this seed (400 segments)."""
    from meetsight.demo.conversations import generate_demo_activities

    demo = max(generate_demo_activities(seed=seed), key=lambda a: len(a.segments))
    people = {p.key: p for p in demo.people}
    names = {key: people[key].name for key, _ in demo.participants}
    internal = {key: people[key].is_internal for key, _ in demo.participants}
    return Conversation(
        kind="meeting",
        title=demo.name,
        language=demo.language or "en",
        day=demo.start.date(),
        speakers=tuple(Speaker(names[k], bool(internal[k])) for k in names),
        lines=tuple(
            Line(i, s.start_time, s.end_time, names[s.speaker_key], s.content)
            for i, s in enumerate(demo.segments)
        ),
    )


def speed(runs: int) -> dict[str, float | int]:
    # A different transcript each run (generator seeds), so no per-text cache helps; the model
    # and the category prototypes stay loaded, as in a running worker.
    conversations = [long_meeting(seed) for seed in range(7, 7 + runs)]
    embed(["warm up"])
    BuiltinEngine().analyze(long_meeting(1), CATEGORIES, DEFAULT_OBJECTIVES)
    timings: dict[str, list[float]] = {k: [] for k in ("embed", "embed_cpu", "all", "all_cpu")}
    for conv in conversations:  # interleaved, so both see the same machine load
        texts = [line.text for line in conv.lines]
        wall, cpu = time.perf_counter(), time.process_time()
        embed(texts)
        timings["embed"].append(time.perf_counter() - wall)
        timings["embed_cpu"].append(time.process_time() - cpu)
        wall, cpu = time.perf_counter(), time.process_time()
        BuiltinEngine().analyze(conv, CATEGORIES, DEFAULT_OBJECTIVES)
        timings["all"].append(time.perf_counter() - wall)
        timings["all_cpu"].append(time.process_time() - cpu)
    med = {k: statistics.median(v) for k, v in timings.items()}
    return {
        "segments": [len(c.lines) for c in conversations],
        "characters_median": int(
            statistics.median(sum(len(li.text) for li in c.lines) for c in conversations)
        ),
        "runs": runs,
        "analyze_median_s": round(med["all"], 3),
        "analyze_max_s": round(max(timings["all"]), 3),
        "analyze_cpu_median_s": round(med["all_cpu"], 3),
        "embed_only_median_s": round(med["embed"], 3),
        "embed_only_cpu_median_s": round(med["embed_cpu"], 3),
        "analyze_over_embed": round(med["all"] / med["embed"], 2),
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    started = time.perf_counter()
    report = {
        "machine": f"{platform.machine()}, {platform.python_version()}",
        "quality": quality(),
        "speed_400_segments": speed(args.runs),
    }
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
