"""The notes the built-in engine files as Objections, listed for reading: issue 16 asks that at
least 3 in 4 be real customer objections, which the scorer cannot see (it counts recall only).

    python benchmarks/objection_notes.py [--split dev|held|all] [--set shared|dev|own]

Each note is printed with the speaker of the line it starts on, whether that speaker is on the
seller side (the label's ``internal``), and the labelled objection whose keyword it holds, if
any; a person reads the rest and decides. Counts per set close the listing.
"""

from __future__ import annotations

import argparse

from competitors_eval import CATEGORIES, conversation_of, has_kw, labelled

from meetsight.intelligence.builtin.engine import BuiltinEngine


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=("dev", "held", "all"), default="all")
    parser.add_argument("--set", default="shared", help="shared, dev or own (comma-separated)")
    args = parser.parse_args()
    sets = set(args.set.split(","))
    engine = BuiltinEngine()
    counts: dict[str, list[int]] = {}  # set -> [notes, labelled, seller side]
    for folder, lab in labelled(args.split):
        if lab["set"] not in sets:
            continue
        conversation = conversation_of(folder, lab)
        result = engine.analyze(conversation, CATEGORIES, ())
        internal = set(lab.get("internal") or [])
        row = counts.setdefault(lab["set"], [0, 0, 0])
        for note in (n for n in result.notes if n.category_key == "objections"):
            speaker = conversation.lines[note.line].speaker
            hit = next(
                (
                    o["label"]
                    for o in lab["objections"]
                    if any(has_kw(note.content, k) for k in o["keywords"])
                ),
                "",
            )
            seller = speaker in internal
            row[0] += 1
            row[1] += bool(hit)
            row[2] += seller
            side = "SELLER" if seller else "customer"
            print(f"{lab['id'][:3]} [{side}] {speaker}: {note.content[:160]}  -> {hit or '?'}")
    for name, (notes, hits, seller) in counts.items():
        print(
            f"{name}: {notes} notes filed as Objections; {hits} hold a labelled objection's "
            f"keyword; {seller} said by the seller side"
        )


if __name__ == "__main__":
    main()
