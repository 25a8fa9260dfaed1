"""The remote commands of `meetsight`: they talk to a server over REST with an API key
(`--server`/MEETSIGHT_SERVER, `--api-key`/MEETSIGHT_API_KEY) through `meetsight.client`.

    meetsight upload FILE [--call] [--name N] [--wait]     progress bar on stderr
    meetsight meetings list | meetsight calls list          a table, or --json
    meetsight transcript ID --format srt|vtt|txt|json      the file on stdout
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from meetsight.config import ClientSettings

if TYPE_CHECKING:
    from meetsight.client import MeetsightClient

# The client and the models under it load only when a remote command runs: `serve` and the
# other local commands do not pay for them.

TRANSCRIPT_SUFFIXES = frozenset({".vtt", ".srt", ".json"})


class ProgressBar:
    """`[#####.....]  48%  12.0/25.0 MiB  3.1 MiB/s` redrawn in place on stderr, at most ten
    times a second, ending with a newline."""

    WIDTH = 30

    def __init__(self, stream: TextIO, label: str) -> None:
        self.stream = stream
        self.label = label
        self.started = time.monotonic()
        self.drawn_at = 0.0
        self.done = False

    def __call__(self, sent: int, total: int) -> None:
        now = time.monotonic()
        finished = sent >= total
        if self.done or (not finished and now - self.drawn_at < 0.1):
            return
        self.drawn_at = now
        fraction = sent / total if total else 1.0
        filled = int(self.WIDTH * fraction)
        rate = sent / max(now - self.started, 1e-6) / 2**20
        line = (
            f"\r{self.label} [{'#' * filled}{'.' * (self.WIDTH - filled)}] {fraction:4.0%} "
            f"{sent / 2**20:.1f}/{total / 2**20:.1f} MiB {rate:.1f} MiB/s"
        )
        self.stream.write(line)
        if finished:
            self.stream.write("\n")
            self.done = True
        self.stream.flush()


def _client(args: argparse.Namespace) -> MeetsightClient:
    from meetsight.client import MeetsightClient, MeetsightError

    env = ClientSettings()
    server = args.server or env.server
    api_key = args.api_key or env.api_key
    if not server:
        raise MeetsightError(0, "no server: pass --server URL or set MEETSIGHT_SERVER")
    if not api_key:
        raise MeetsightError(0, "no API key: pass --api-key or set MEETSIGHT_API_KEY")
    return MeetsightClient(server, api_key, timeout=args.timeout)


def _print_json(payload: Any) -> None:
    print(json.dumps(payload, ensure_ascii=False))


def cmd_upload(args: argparse.Namespace) -> int:
    from meetsight.client import MeetsightError

    path = Path(args.file)
    if not path.is_file():
        raise MeetsightError(0, f"{path}: no such file")
    as_transcript = args.transcript or path.suffix.lower() in TRANSCRIPT_SUFFIXES
    progress = None if args.quiet else ProgressBar(sys.stderr, path.name[:30])
    api = _client(args)
    with api:
        resource: Any = api.calls if args.call else api.meetings
        fields = {"name": args.name or path.stem, "start": args.start, "language": args.language}
        if as_transcript:
            new_id = resource.upload(transcript=path, progress=progress, **fields)
        else:
            new_id = resource.upload(path, progress=progress, **fields)
        kind = "call" if args.call else "meeting"
        if not args.wait:
            _print_json({"id": new_id, "kind": kind}) if args.json else print(new_id)
            return 0
        item = _wait(resource, new_id, args)
    if args.json:
        _print_json({"id": new_id, "kind": kind, **item.model_dump(by_alias=True)})
    else:
        print(new_id)
    if item.status == "failed":
        print(f"meetsight: processing failed: {item.failure_reason}", file=sys.stderr)
        return 1
    return 0


def _wait(resource: Any, activity_id: str, args: argparse.Namespace) -> Any:
    """Poll until processing ends, saying each status once on stderr."""
    from meetsight.client import MeetsightError

    deadline = time.monotonic() + args.wait_timeout
    said = None
    while True:
        item = resource.get(activity_id)
        if item.status != said and not args.quiet:
            print(f"{activity_id}: {item.status}", file=sys.stderr)
            said = item.status
        if item.status in ("completed", "failed"):
            return item
        if time.monotonic() >= deadline:
            raise MeetsightError(0, f"still {item.status} after {args.wait_timeout:g} seconds")
        time.sleep(args.poll)


def _listing(kind: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        filters: dict[str, Any] = {
            "status": args.status,
            "from_date": args.from_date,
            "to_date": args.to_date,
        }
        if kind == "calls":
            filters.update(name=args.name, direction=args.direction)
        filters = {k: v for k, v in filters.items() if v is not None}
        with _client(args) as api:
            resource: Any = getattr(api, kind)
            if args.all:
                items = list(resource.iterate(**filters))
                total, page = len(items), 1
            else:
                found = resource.list(limit=args.limit, page=args.page, **filters)
                items, total, page = found.items, found.total, found.page
        if args.json:
            rows = [i.model_dump(by_alias=True) for i in items]
            _print_json({"items": rows, "total": total, "page": page})
            return 0
        id_attr = "call_id" if kind == "calls" else "meeting_id"
        for item in items:
            duration = f"{item.duration:.0f}s" if item.duration is not None else "-"
            start = item.start_date_time
            print(
                f"{getattr(item, id_attr)}  {item.status:<10}  {start}  {duration:>6}  {item.name}"
            )
        print(f"{len(items)} of {total} {kind}", file=sys.stderr)
        return 0

    return run


def cmd_transcript(args: argparse.Namespace) -> int:
    from meetsight.client import NotFound

    with _client(args) as api:
        kinds: list[Any] = [api.calls] if args.call else [api.meetings, api.calls]
        for position, resource in enumerate(kinds):
            try:
                text = resource.transcript_file(args.id, args.format)
                break
            except NotFound:
                if position == len(kinds) - 1:  # an id of neither kind
                    raise
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def _connection_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", help="server base URL (env MEETSIGHT_SERVER)")
    parser.add_argument("--api-key", help="API key (env MEETSIGHT_API_KEY)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per request")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")


def _listing_parser(parent: Any, kind: str) -> None:
    group = parent.add_parser(kind, help=f"{kind} on a remote server")
    sub = group.add_subparsers(dest=f"{kind}_command", required=True)
    listing = sub.add_parser("list", help=f"list {kind}, newest first")
    _connection_options(listing)
    listing.add_argument("--limit", type=int, default=10)
    listing.add_argument("--page", type=int, default=1)
    listing.add_argument("--all", action="store_true", help="every page")
    listing.add_argument("--status", choices=["processing", "completed", "failed", "scheduled"])
    listing.add_argument("--from-date", help="YYYY-MM-DD or an ISO date-time")
    listing.add_argument("--to-date", help="YYYY-MM-DD or an ISO date-time")
    if kind == "calls":
        listing.add_argument("--name", help="part of the call's name")
        listing.add_argument("--direction", choices=["inbound", "outbound"])
    listing.set_defaults(remote=_listing(kind))


def add_remote_commands(sub: Any) -> None:
    upload = sub.add_parser("upload", help="upload a recording or transcript to a server")
    upload.add_argument("file")
    _connection_options(upload)
    upload.add_argument("--call", action="store_true", help="a phone call (default: a meeting)")
    upload.add_argument("--name", help="default: the file name")
    upload.add_argument("--start", help="ISO 8601 start; default: now")
    upload.add_argument("--language", help="ISO 639-1; detected when absent")
    upload.add_argument("--transcript", action="store_true", help="FILE is a VTT/SRT/JSON")
    upload.add_argument("--wait", action="store_true", help="until processing ends")
    upload.add_argument("--wait-timeout", type=float, default=3600.0)
    upload.add_argument("--poll", type=float, default=2.0, help="seconds between status checks")
    upload.add_argument("--quiet", action="store_true", help="no progress on stderr")
    upload.set_defaults(remote=cmd_upload)

    _listing_parser(sub, "meetings")
    _listing_parser(sub, "calls")

    transcript = sub.add_parser("transcript", help="a transcript as srt, vtt, txt or json")
    transcript.add_argument("id")
    _connection_options(transcript)
    transcript.add_argument("--format", choices=["srt", "vtt", "txt", "json"], default="txt")
    transcript.add_argument("--call", action="store_true", help="ID is a call's")
    transcript.set_defaults(remote=cmd_transcript)


def run_remote(args: argparse.Namespace) -> None:
    """Run a remote command; a refusal prints the server's sentence and exits 1."""
    from meetsight.client import MeetsightError

    try:
        code = args.remote(args)
    except MeetsightError as exc:
        if args.json:
            _print_json({"error": exc.message, "status": exc.status_code})
        print(f"meetsight: {exc.message}", file=sys.stderr)
        raise SystemExit(1) from None
    raise SystemExit(code)
