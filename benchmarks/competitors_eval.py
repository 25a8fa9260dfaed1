"""Competitor finding on the labelled conversations, offline: each WebVTT transcript parsed and
analysed in process by the built-in engine, as an upload without language-independent hints
(nobody marked internal, no organization people), then scored as ``score.py`` scores it:

- recall: a labelled competitor (or one of its aliases) appears in a note of the Competitors
  category (content or tag) or in ``insights.competitors``;
- names listed: ``insights.competitors``; a name is right when it matches a label's alias.

    python benchmarks/competitors_eval.py [--split dev|held|all] [--only d01,a03] [-v]

Splits follow the data discipline: ``dev`` is the shared a01,a03,a05,a07,a09,b01,b03,b06,b08
plus tests/data/conversations_dev; ``held`` is the other shared conversations plus
tests/data/conversations (report only: never tune on it). This is faster than
conversations_eval.py (no server) and agrees with it on these two figures.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from datetime import datetime
from pathlib import Path

from evalsets import evalset_dir

from meetsight.intelligence.builtin.engine import BuiltinEngine
from meetsight.intelligence.conversation import CategorySpec, Conversation, Line, Speaker
from meetsight.intelligence.language import detect_language
from meetsight.intelligence.smart_categories import DEFAULT_CATEGORIES
from meetsight.transcripts.parsing import parse_transcript

ROOT = Path(__file__).resolve().parent.parent
SHARED = evalset_dir("conversations")
DEV_SHARED = {"a01", "a03", "a05", "a07", "a09", "b01", "b03", "b06", "b08"}
SETS = {
    "shared": SHARED,
    "dev": ROOT / "tests" / "data" / "conversations_dev",
    "own": ROOT / "tests" / "data" / "conversations",
}


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", (text or "").lower())
    return "".join(c for c in text if not unicodedata.combining(c)).replace("\u2019", "'")


def has_kw(text: str, kw: str) -> bool:
    """score.py's match: at a word start; a keyword ending in a digit ends at a boundary."""
    k = fold(kw).strip()
    pat = r"(?<![a-z0-9])" + re.escape(k) + (r"(?![0-9])" if k[-1:].isdigit() else "")
    return bool(k) and re.search(pat, fold(text)) is not None


def labelled(split: str) -> list[tuple[Path, dict]]:
    """(folder, label) of the split's conversations; ``label["set"]`` names its set."""
    out: list[tuple[Path, dict]] = []
    for name, folder in SETS.items():
        for path in sorted((folder / "labels").glob("*.json")):
            lab = json.loads(path.read_text())
            dev = name == "dev" or (name == "shared" and lab["id"][:3] in DEV_SHARED)
            if split == "all" or (split == "dev") == dev:
                out.append((folder, {**lab, "set": name}))
    return out


def conversation_of(folder: Path, lab: dict) -> Conversation:
    path = folder / lab["transcript"]
    segments = parse_transcript(path.read_bytes(), path.name)
    names = list(dict.fromkeys(s.speaker for s in segments))
    day = datetime.fromisoformat(lab["startDateTime"].replace("Z", "+00:00")).date()
    return Conversation(
        kind="call" if lab["kind"] == "call" else "meeting",
        title=lab["name"],
        language=lab.get("language") or detect_language(s.content for s in segments) or "",
        day=day,
        speakers=tuple(Speaker(n, False) for n in names),
        lines=tuple(
            Line(i, s.start_time, s.end_time, s.speaker, s.content) for i, s in enumerate(segments)
        ),
        direction=lab.get("direction"),
    )


CATEGORIES = tuple(
    CategorySpec(c["key"], c["key"], c["name"], c["description"], tuple(c["examples"]))
    for c in DEFAULT_CATEGORIES
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=("dev", "held", "all"), default="dev")
    parser.add_argument("--only", default="")
    parser.add_argument("-v", action="store_true", help="print each conversation's names")
    args = parser.parse_args()
    only = {x for x in args.only.split(",") if x}
    engine = BuiltinEngine()
    per_set: dict[str, list[int]] = {}  # set -> [found, total, listed, wrong]
    found = total = listed = wrong = 0
    misses: list[str] = []
    wrongs: list[str] = []
    for folder, lab in labelled(args.split):
        if only and lab["id"][:3] not in only and lab["id"] not in only:
            continue
        result = engine.analyze(conversation_of(folder, lab), CATEGORIES, ())
        names = list(result.insights.get("competitors") or [])
        pool = "\n".join(
            f"{n.content} {n.tag or ''}" for n in result.notes if n.category_key == "competitors"
        )
        pool += "\n" + "\n".join(names)
        aliases = [a for alts in lab["competitors"] for a in alts]
        before = (found, total, listed, wrong)
        for alts in lab["competitors"]:
            total += 1
            if any(has_kw(pool, a) for a in alts):
                found += 1
            else:
                misses.append(f"{lab['id'][:3]}:{alts[0]}")
        for n in names:
            listed += 1
            if not any(has_kw(a, n) or has_kw(n, a) for a in aliases):
                wrong += 1
                wrongs.append(f"{lab['id'][:3]}:{n}")
        row = per_set.setdefault(lab["set"], [0, 0, 0, 0])
        for i, (now, then) in enumerate(zip((found, total, listed, wrong), before, strict=True)):
            row[i] += now - then
        if args.v:
            print(lab["id"][:3], "labels", [a[0] for a in lab["competitors"]], "listed", names)
    for name, (f, t, n, w) in per_set.items():
        print(f"  {name}: recall {f}/{t}, listed {n}, wrong {w}")
    print(f"split={args.split} recall {found}/{total} listed {listed} wrong {wrong}")
    print("missed:", ", ".join(misses))
    print("wrong:", ", ".join(wrongs))


if __name__ == "__main__":
    sys.exit(main())
