"""Chat answers of the built-in engine on the development conversations, offline: each WebVTT
transcript analysed in process (as ``competitors_eval.py`` does), then asked its label's chat
questions and the questions of ``tests/data/conversations_dev/chat_extra/*.json``, each file's
questions as one chat (follow-ups see the turns before), scored as the shared ``score.py``
scores chat: an answerable question counts when the answer does not decline and holds one of
its keywords; an unanswerable one counts when the answer declines (no citation or a declining
phrase).

    python benchmarks/chat_eval.py [--only d20,a03] [--files labels,manager_dev] [--skip d21,d35]
                                   [-v]

Only the dev split is read (data discipline): the shared set's a01,a03,a05,a07,a09,b01,b03,b06,
b08 and tests/data/conversations_dev. ``-v`` prints every miss with its answer.
"""

from __future__ import annotations

import argparse
import json
import sys

from competitors_eval import SETS, conversation_of, fold, has_kw, labelled

from meetsight.intelligence.builtin.engine import BuiltinEngine
from meetsight.intelligence.conversation import Question

EXTRA = SETS["dev"] / "chat_extra"
ABSTAIN = (  # score.py's declining phrases
    "does not cover",
    "doesn't cover",
    "not covered",
    "no trata",
    "no cubre",
    "not mentioned",
    "no se menciona",
    "no information",
)


def score(answer: str, cited: bool, keywords: list[str]) -> tuple[bool, bool]:
    """(ok, declined) as score.py decides them."""
    declined = not cited or any(p in fold(answer) for p in ABSTAIN)
    if keywords:
        return (not declined) and any(has_kw(answer, k) for k in keywords), declined
    return declined, declined


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="", help="conversation id prefixes (d20,a03)")
    parser.add_argument("--skip", default="", help="conversation id prefixes to leave out")
    parser.add_argument("--files", default="", help="labels and/or chat_extra file stems")
    parser.add_argument("-v", action="store_true")
    args = parser.parse_args()
    only = {x for x in args.only.split(",") if x}
    skip = {x for x in args.skip.split(",") if x}
    files = {x for x in args.files.split(",") if x}
    extras = {p.stem: json.loads(p.read_text()) for p in sorted(EXTRA.glob("*.json"))}
    engine = BuiltinEngine()
    # file -> [answered, answerable, declined, unanswerable]
    rows: dict[str, list[int]] = {}
    for folder, lab in labelled("dev"):
        cid = lab["id"]
        if (only and cid[:3] not in only and cid not in only) or cid[:3] in skip:
            continue
        asks: dict[str, list[tuple[str, list[str]]]] = {}
        if not files or "labels" in files:
            asks["labels"] = [
                (q["question"], q["keywords"] if q["answerable"] else []) for q in lab["chat"]
            ]
        for stem, data in extras.items():
            if cid in data and (not files or stem in files):
                asks[stem] = [(q, kws) for q, kws in data[cid]]
        if not asks:
            continue
        conversation = conversation_of(folder, lab)
        for stem, questions in asks.items():
            row = rows.setdefault(stem, [0, 0, 0, 0])
            history: list[tuple[str, str]] = []
            for text, kws in questions:
                got = engine.answer(conversation, Question(text, tuple(history[-5:])))
                history.append((text, got.answer))
                ok, _ = score(got.answer, bool(got.citations), kws)
                row[0 if kws else 2] += ok
                row[1 if kws else 3] += 1
                if args.v and not ok:
                    kind = "MISS" if kws else "NOT DECLINED"
                    print(f"{kind} {cid[:3]} [{stem}] {text} {kws}\n    -> {got.answer[:300]}")
    total = [0, 0, 0, 0]
    for stem, (a, an, d, dn) in rows.items():
        print(f"{stem:>14}: answered {a}/{an}  declined {d}/{dn}")
        total = [t + x for t, x in zip(total, (a, an, d, dn), strict=True)]
    print(f"{'all':>14}: answered {total[0]}/{total[1]}  declined {total[2]}/{total[3]}")


if __name__ == "__main__":
    sys.exit(main())
