"""Search by meaning on paraphrases: tests/data/search_paraphrases.json (44 queries that say in
other words what was said in one moment of a conversation of tests/data/conversations_dev),
searched by words alone (lexical), by meaning alone and by both (hybrid).

    python benchmarks/search_paraphrases.py [--split dev|heldout] [--engine sqlite|postgresql]
                                            [--pg-url postgresql://...] [--verbose]

The 33 conversations the set was written over (its `conversations`: those the folder held then;
later ones are not distractors the queries were written against) are imported into one
organization of a scratch database
(segments stored as an import stores them: the search index and the sentence vectors follow).
A query is found when one of its target moments is among the matches of the first 5 hits
(`moment@5`); `conversation@5` only asks for the conversation. Tune on `dev`; `heldout` is
measured once, at the end (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from meetsight.activities.models import Activity
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.migrate import upgrade_async
from meetsight.db.reads import create_reader
from meetsight.intelligence.smart_categories import create_default_categories
from meetsight.organizations.service import create_organization
from meetsight.search.reading import search_on_reader
from meetsight.search.types import SearchQuery
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.parsing import parse_transcript

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "tests" / "data" / "search_paraphrases.json"
CORPUS = ROOT / "tests" / "data" / "conversations_dev"
MODES = ("lexical", "meaning", "hybrid")
TOP = 5


def corpus_transcripts() -> list[Path]:
    """The transcripts of the conversations the set was written over."""
    names = json.loads(SET.read_text())["conversations"]
    return [CORPUS / "transcripts" / f"{name}.vtt" for name in names]


async def load(url: str) -> tuple[str, dict[str, str], dict[str, list[str]]]:
    """The organization, activity id by conversation, and each conversation's segment texts."""
    await upgrade_async(url)
    engine = create_engine(url)
    sessions = create_sessionmaker(engine)
    ids: dict[str, str] = {}
    texts: dict[str, list[str]] = {}
    async with sessions() as session:
        org = await create_organization(session, "Paraphrases", set_up=(create_default_categories,))
        for vtt in corpus_transcripts():
            label = json.loads((CORPUS / "labels" / f"{vtt.stem}.json").read_text())
            segments = parse_transcript(vtt.read_bytes(), vtt.name)
            start = datetime.fromisoformat(label["startDateTime"].replace("Z", "+00:00"))
            is_call = label["kind"] == "call"
            activity = Activity(
                organization_id=org.id,
                is_call=is_call,
                media_type="phonecall" if is_call else "videocall",
                status="completed",
                name=label["name"],
                start_at=start,
                language=label["language"],
                direction=label.get("direction") if is_call else None,
            )
            session.add(activity)
            await session.flush()
            await store_segments(session, org.id, activity.id, segments)
            ids[label["id"]] = activity.id
            texts[label["id"]] = [s.content for s in segments]
        await session.commit()
        org_id = org.id
    await engine.dispose()
    return org_id, ids, texts


async def evaluate(url: str, split: str, verbose: bool) -> dict[str, Any]:
    spec = json.loads(SET.read_text())
    queries = [q for q in spec["queries"] if q["split"] == split]
    started = time.perf_counter()
    org_id, ids, texts = await load(url)
    loaded = time.perf_counter() - started
    engine = create_engine(url)
    reader = create_reader(engine)
    report: dict[str, Any] = {"split": split, "queries": len(queries), "load_s": round(loaded, 1)}
    for mode in MODES:
        moments = conversations = answered = 0
        misses = []
        for q in queries:
            conversation = q["conversation"]
            targets = {
                i
                for i, text in enumerate(texts[conversation])
                if any(t in text for t in q["targets"])
            }
            page = await search_on_reader(
                reader,
                org_id,
                SearchQuery(text=q["query"], limit=TOP, mode=mode),  # type: ignore[arg-type]
            )
            answered += bool(page.hits)
            hit = next((h for h in page.hits if h.activity_id == ids[conversation]), None)
            conversations += hit is not None
            found = hit is not None and any(m.position in targets for m in hit.matches)
            moments += found
            if not found:
                names = {v: k for k, v in ids.items()}
                misses.append(
                    {
                        "id": q["id"],
                        "query": q["query"],
                        "conversation_found": hit is not None,
                        "top": [names[h.activity_id][:3] for h in page.hits],
                        "matches": [m.snippet[:70] for m in hit.matches] if hit else [],
                    }
                )
        report[mode] = {
            "moment@5": round(moments / len(queries), 3),
            "conversation@5": round(conversations / len(queries), 3),
            "with_results": round(answered / len(queries), 3),
        }
        if verbose:
            report[mode]["misses"] = misses
    await reader.close()
    await engine.dispose()
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", choices=("dev", "heldout"), default="dev")
    parser.add_argument("--engine", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--pg-url", help="a database that may be emptied (PostgreSQL only)")
    parser.add_argument("--verbose", action="store_true", help="list the queries not found")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        if args.engine == "sqlite":
            url = f"sqlite+aiosqlite:///{scratch}/paraphrases.db"
        else:
            if not args.pg_url:
                sys.exit("--pg-url is needed for PostgreSQL")
            url = args.pg_url
            asyncio.run(_empty(url))
        report = asyncio.run(evaluate(url, args.split, args.verbose))
    report["engine"] = args.engine
    print(json.dumps(report, indent=1, ensure_ascii=False))


async def _empty(url: str) -> None:
    engine = create_engine(url)
    async with engine.begin() as conn:
        await conn.execute(sa.text("DROP SCHEMA public CASCADE"))
        await conn.execute(sa.text("CREATE SCHEMA public"))
    await engine.dispose()


if __name__ == "__main__":
    main()
