"""The generated block of a head's corpus: after a marker line, below the hand-written base
(which tools/corpora/ rewrites, keeping the block)."""

from __future__ import annotations

from pathlib import Path


def write_generated(corpus: Path, marker: str, rows: list[tuple[str, str, str]]) -> None:
    """Replace what follows `marker` in `corpus` with these (label, language, text) rows."""
    kept = corpus.read_text(encoding="utf-8").split(marker)[0].rstrip("\n")
    body = [f"{label}\t{language}\t{text}" for label, language, text in rows]
    corpus.write_text("\n".join([kept, marker, *body]) + "\n", encoding="utf-8")
    print(f"wrote {len(body)} generated sentences to {corpus}")
