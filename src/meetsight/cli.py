"""The `meetsight` command (DESIGN.md's CLI contract). `--json` prints one JSON object only."""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import sys
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, time
from typing import Any

from meetsight.config import Settings, get_settings
from meetsight.errors import AppError
from meetsight.remote_cli import add_remote_commands, run_remote


def _emit(args: argparse.Namespace, payload: dict[str, Any], text: str) -> None:
    print(json.dumps(payload) if getattr(args, "json", False) else text)


async def _with_session(settings: Settings, work: Callable[[Any], Awaitable[Any]]) -> Any:
    from meetsight.db.engine import create_engine, create_sessionmaker
    from meetsight.db.migrate import upgrade_async
    from meetsight.db.unit_of_work import unit_of_work

    url = settings.resolved_database_url()
    await upgrade_async(url)
    engine = create_engine(url)
    try:
        async with unit_of_work(create_sessionmaker(engine)) as session:
            return await work(session)
    finally:
        await engine.dispose()


async def _analyze(settings: Settings) -> None:
    """The planner's statistics after a bulk load (PostgreSQL; db/planner_statistics.py)."""
    from meetsight.db.engine import create_engine
    from meetsight.db.planner_statistics import analyze_after_bulk_load

    engine = create_engine(settings.resolved_database_url())
    try:
        await analyze_after_bulk_load(engine)
    finally:
        await engine.dispose()


def cmd_migrate(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.db.migrate import upgrade

    upgrade(settings.resolved_database_url())
    print("database is up to date", file=sys.stderr)


def cmd_org_create(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.intelligence.smart_categories import create_default_categories
    from meetsight.organizations.service import create_organization

    org = asyncio.run(
        _with_session(
            settings,
            lambda s: create_organization(s, args.name, set_up=(create_default_categories,)),
        )
    )
    _emit(args, {"id": org.id, "name": org.name}, org.id)


def cmd_org_vocabulary(args: argparse.Namespace, settings: Settings) -> None:
    """Names and terms the recognizer should favour for this organization (hotwords)."""
    from meetsight.organizations.service import set_vocabulary

    words = None if args.set is None else [w.strip() for w in args.set.split(",") if w.strip()]
    vocabulary = asyncio.run(_with_session(settings, lambda s: set_vocabulary(s, args.org, words)))
    _emit(args, {"org": args.org, "vocabulary": vocabulary}, ", ".join(vocabulary))


def cmd_org_engine(args: argparse.Namespace, settings: Settings) -> None:
    """Which intelligence engine this organization's activities go through."""
    from meetsight.organizations.service import set_intelligence_engine

    engine = asyncio.run(
        _with_session(settings, lambda s: set_intelligence_engine(s, args.org, args.set))
    )
    _emit(args, {"org": args.org, "engine": engine}, engine)


def cmd_user_create(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.auth.passwords import hash_password
    from meetsight.organizations.service import create_user

    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else None
    if args.password_stdin and not password:
        raise AppError("password: nothing was read from standard input", 422)
    password_hash = hash_password(password) if password else None
    user = asyncio.run(
        _with_session(
            settings,
            lambda s: create_user(
                s,
                organization_id=args.org,
                email=args.email,
                name=args.name,
                role=args.role,
                password_hash=password_hash,
            ),
        )
    )
    _emit(args, {"id": user.id, "email": user.email}, user.id)


def cmd_apikey_create(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.auth.api_keys import create_api_key
    from meetsight.organizations.models import Organization

    expires = None
    if args.expires:
        try:
            expires = datetime.combine(date.fromisoformat(args.expires), time(), tzinfo=UTC)
        except ValueError:
            raise AppError("expires: expected YYYY-MM-DD", 422) from None

    async def work(session: Any) -> Any:
        if await session.get(Organization, args.org) is None:
            raise AppError("org: no such organization", 404)
        return await create_api_key(
            session,
            secret=settings.hmac_secret(),
            organization_id=args.org,
            name=args.name,
            scopes=args.scope,
            expires_at=expires,
        )

    created = asyncio.run(_with_session(settings, work))
    record = created.record
    _emit(
        args,
        {"id": record.id, "key": created.key, "prefix": record.prefix, "scopes": record.scopes},
        created.key,
    )


def cmd_apikey_revoke(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.auth.api_keys import revoke_api_key

    asyncio.run(
        _with_session(
            settings, lambda s: revoke_api_key(s, key_id=args.key_id, organization_id=None)
        )
    )
    print(f"revoked {args.key_id}", file=sys.stderr)


def cmd_oauth_client_create(args: argparse.Namespace, settings: Settings) -> None:
    """Register an OAuth client (as the settings page does); its secret is printed once."""
    from meetsight.auth.oauth.clients import create_client

    async def work(session: Any) -> Any:
        return await create_client(
            session,
            args.org,
            name=args.name,
            redirect_uris=args.redirect_uri,
            scopes=args.scope,
            confidential=args.confidential,
        )

    client, secret = asyncio.run(_with_session(settings, work))
    payload = {
        "client_id": client.client_id,
        "client_secret": secret,
        "name": client.name,
        "redirect_uris": client.redirect_uris,
        "scopes": client.scopes,
        "confidential": client.confidential,
    }
    _emit(args, payload, f"{client.client_id} {secret}" if secret else client.client_id)


def cmd_demo(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.demo.seed import seed_demo

    now = None
    if args.as_of:
        try:
            now = datetime.fromisoformat(args.as_of)
        except ValueError:
            raise AppError("as-of: expected an ISO 8601 date and time", 422) from None
        now = now if now.tzinfo else now.replace(tzinfo=UTC)
    result = asyncio.run(
        _with_session(settings, lambda s: seed_demo(s, settings, org_name=args.org, now=now))
    )
    asyncio.run(_analyze(settings))
    _emit(
        args,
        {"org_id": result.org_id, "api_key": result.api_key, "activities": result.activity_count},
        f"organization {result.org_id}\nAPI key (shown once): {result.api_key}",
    )


def cmd_reindex_vectors(args: argparse.Namespace, settings: Settings) -> None:
    """Sentence vectors for search by meaning where there are none (docs/search.md)."""
    from meetsight.search.indexing import backfill_vectors

    done = asyncio.run(_with_session(settings, backfill_vectors))
    _emit(args, {"activities": done}, f"{done} activities given sentence vectors")


def cmd_trackers_reindex(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.trackers.tasks import enqueue_reindex_all

    jobs = asyncio.run(_with_session(settings, lambda s: enqueue_reindex_all(s, args.org)))
    _emit(args, {"queued": jobs}, f"queued {jobs} tracker jobs; a worker runs them")


def cmd_serve(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.serve import serve

    serve(settings, demo=args.demo, worker=not args.no_worker)


def cmd_worker(args: argparse.Namespace, settings: Settings) -> None:
    from meetsight.jobs.standalone import run_worker_process
    from meetsight.processing.handlers import worker_pool

    if args.concurrency < 1:
        raise SystemExit("meetsight worker: --concurrency must be at least 1")
    if args.metrics_port is not None:
        settings = settings.model_copy(update={"worker_metrics_port": args.metrics_port})
    # The worker's children load the models at start, not during the first job.
    run_worker_process(settings, args.concurrency, functools.partial(worker_pool, preload=True))


def cmd_config(args: argparse.Namespace, settings: Settings) -> None:
    """Every setting: its environment variable, default and meaning."""
    from meetsight.config_reference import (
        render_json,
        render_markdown,
        render_text,
        setting_docs,
    )

    docs = setting_docs()
    if args.json:
        print(render_json(docs))
    elif args.markdown:
        print(render_markdown(docs), end="")
    else:
        print(render_text(docs))


def cmd_citus_plan(args: argparse.Namespace, settings: Settings) -> None:
    """The SQL that distributes the schema on Citus (docs/scaling.md)."""
    from meetsight.schema.citus import plan, render_sql

    print(render_sql(plan()), end="")


def cmd_accounts_backfill(args: argparse.Namespace, settings: Settings) -> None:
    """Match stored conversations to accounts and deals (docs/accounts.md#matching): after an
    upgrade, or an import done outside the processing pipeline. Only adds what is missing."""
    import sqlalchemy as sa

    from meetsight.accounts.backfill import backfill_organization
    from meetsight.organizations.models import Organization

    async def work(session: Any) -> dict[str, Any]:
        org_ids = (
            [args.org] if args.org else list(await session.scalars(sa.select(Organization.id)))
        )
        return {org_id: await backfill_organization(session, org_id) for org_id in org_ids}

    done = asyncio.run(_with_session(settings, work))
    text = "\n".join(f"{org}: {counts}" for org, counts in done.items())
    _emit(args, {"organizations": done}, text or "no organizations")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="meetsight", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the API (and an embedded worker)")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--data-dir")
    serve.add_argument("--no-worker", action="store_true")
    serve.add_argument("--demo", action="store_true", help="seed demo data into an empty data dir")
    serve.set_defaults(func=cmd_serve)

    worker = sub.add_parser("worker", help="run a processing worker")
    worker.add_argument("--concurrency", type=int, default=1)
    worker.add_argument(
        "--metrics-port", type=int, help="serve this process's /metrics here (0: any free port)"
    )
    worker.set_defaults(func=cmd_worker)

    sub.add_parser("migrate", help="apply database migrations").set_defaults(func=cmd_migrate)
    vectors = sub.add_parser(
        "reindex-vectors", help="sentence vectors for activities stored before search by meaning"
    )
    vectors.add_argument("--json", action="store_true")
    vectors.set_defaults(func=cmd_reindex_vectors)

    sub.add_parser(
        "citus-plan", help="print the SQL that distributes the schema on Citus"
    ).set_defaults(func=cmd_citus_plan)

    config = sub.add_parser("config", help="list every setting, its variable and default")
    config_format = config.add_mutually_exclusive_group()
    config_format.add_argument("--json", action="store_true")
    config_format.add_argument(
        "--markdown", action="store_true", help="docs/configuration.md as generated"
    )
    config.set_defaults(func=cmd_config)

    org = sub.add_parser("org").add_subparsers(dest="org_command", required=True)
    org_create = org.add_parser("create")
    org_create.add_argument("name")
    org_create.add_argument("--json", action="store_true")
    org_create.set_defaults(func=cmd_org_create)
    org_vocabulary = org.add_parser("vocabulary", help="show or set the custom vocabulary")
    org_vocabulary.add_argument("org")
    org_vocabulary.add_argument("--set", help="comma-separated names and terms; empty clears")
    org_vocabulary.add_argument("--json", action="store_true")
    org_vocabulary.set_defaults(func=cmd_org_vocabulary)
    org_engine = org.add_parser("engine", help="show or set the intelligence engine")
    org_engine.add_argument("org")
    org_engine.add_argument("--set", help="builtin, llm, or default (the service's setting)")
    org_engine.add_argument("--json", action="store_true")
    org_engine.set_defaults(func=cmd_org_engine)

    user = sub.add_parser("user").add_subparsers(dest="user_command", required=True)
    user_create = user.add_parser("create")
    user_create.add_argument("--org", required=True)
    user_create.add_argument("--email", required=True)
    user_create.add_argument("--name", required=True)
    user_create.add_argument("--role", choices=["owner", "admin", "member"], default="member")
    user_create.add_argument("--password-stdin", action="store_true")
    user_create.add_argument("--json", action="store_true")
    user_create.set_defaults(func=cmd_user_create)

    apikey = sub.add_parser("apikey").add_subparsers(dest="apikey_command", required=True)
    key_create = apikey.add_parser("create")
    key_create.add_argument("--org", required=True)
    key_create.add_argument("--name", required=True)
    key_create.add_argument("--scope", action="append")
    key_create.add_argument("--expires", help="YYYY-MM-DD")
    key_create.add_argument("--json", action="store_true")
    key_create.set_defaults(func=cmd_apikey_create)
    key_revoke = apikey.add_parser("revoke")
    key_revoke.add_argument("key_id")
    key_revoke.set_defaults(func=cmd_apikey_revoke)

    oauth = sub.add_parser("oauth-client").add_subparsers(dest="oauth_command", required=True)
    client_create = oauth.add_parser("create", help="register an OAuth client")
    client_create.add_argument("--org", required=True)
    client_create.add_argument("--name", required=True)
    client_create.add_argument("--redirect-uri", action="append", required=True)
    kind = client_create.add_mutually_exclusive_group()
    kind.add_argument("--public", dest="confidential", action="store_false")
    kind.add_argument("--confidential", dest="confidential", action="store_true")
    client_create.set_defaults(confidential=False)
    client_create.add_argument("--scope", action="append", help="default: every scope")
    client_create.add_argument("--json", action="store_true")
    client_create.set_defaults(func=cmd_oauth_client_create)

    accounts = sub.add_parser("accounts").add_subparsers(dest="accounts_command", required=True)
    backfill = accounts.add_parser("backfill", help="match stored conversations to accounts")
    backfill.add_argument("--org", help="one organization (default: every one)")
    backfill.add_argument("--json", action="store_true")
    backfill.set_defaults(func=cmd_accounts_backfill)

    demo = sub.add_parser("demo", help="seed an organization with demo data")
    demo.add_argument("--org", default="Demo Sales Team")
    demo.add_argument(
        "--as-of", help="seed as of this moment (ISO 8601, default now): the same moment, same data"
    )
    demo.add_argument("--json", action="store_true")
    demo.set_defaults(func=cmd_demo)

    trackers = sub.add_parser("trackers").add_subparsers(dest="trackers_command", required=True)
    reindex = trackers.add_parser(
        "reindex", help="find every tracker's mentions again, built-in ones included"
    )
    reindex.add_argument("--org", required=True)
    reindex.add_argument("--json", action="store_true")
    reindex.set_defaults(func=cmd_trackers_reindex)
    add_remote_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    if getattr(args, "remote", None) is not None:
        run_remote(args)  # talks to a server; no local settings or database
    overrides: dict[str, Any] = {}
    for name in ("host", "port", "data_dir"):
        value = getattr(args, name, None)
        if value is not None:
            overrides[name] = value
    settings = Settings(**overrides) if overrides else get_settings()
    try:
        args.func(args, settings)
    except AppError as exc:
        if getattr(args, "json", False):
            print(json.dumps({"error": exc.message, "status": exc.status_code}))
        print(f"meetsight: {exc.message}", file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
