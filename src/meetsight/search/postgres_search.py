"""Searching the PostgreSQL index: GIN on (organization_id, tsvector) finds and counts the
organization's matching activities; ts_rank runs on the rank window only; sentences are read
by primary key for the page's activities and tested against their stored tsvector.

A repository (declared in tools/tenant_scope.py): its raw SQL is scoped by the
organization (`organization_id = :org`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from meetsight.search.backend import Activity, Candidate, Ranking
from meetsight.search.filters import ACTIVITY_COLUMNS, activity_filters, needs_activities_join
from meetsight.search.parsing import ParsedQuery, QueryPart
from meetsight.search.schema import match_key
from meetsight.search.types import SearchQuery, SentenceMatch

CONFIGS = ("ms_english", "ms_spanish", "ms_simple")
_ACTIVITIES_JOIN = (
    " JOIN activities a ON a.organization_id = d.organization_id AND a.id = d.activity_id"
)
HEADLINE_OPTIONS = "StartSel=**, StopSel=**, MaxWords=32, MinWords=12, ShortWord=2"


@dataclass(slots=True)
class Prepared:
    """The query as SQL until the first statement has run, then as tsquery text too; and the
    relevance that statement computed for its rows."""

    org_id: str
    forms_sql: list[str]  # the whole query per configuration
    all_sql: str
    any_sql: str
    params: dict[str, Any]
    # With a phrase: every word of the query, AND-ed. GIN answers it exactly (no recheck), so
    # the phrase itself is checked once per candidate row, in the row's own configuration.
    words_sql: str | None = None
    match_all: str = ""
    match_any: str = ""
    scores: dict[str, float] = field(default_factory=dict)
    titles: set[str] = field(default_factory=set)


def _part_sql(part: QueryPart, config: str, name: str, params: dict[str, Any]) -> str:
    """One part as a tsquery in one configuration; the words go as parameters."""
    cfg = f"'{config}'::regconfig"
    if not part.prefix:
        params[name] = " ".join(part.words)
        function = "phraseto_tsquery" if part.is_phrase else "plainto_tsquery"
        return f"{function}({cfg}, :{name})"
    params[name] = part.words[-1] + ":*"  # words are \w+ only: nothing else is tsquery syntax
    tail = f"to_tsquery({cfg}, :{name})"
    if not part.is_phrase:
        return tail
    params[name + "h"] = " ".join(part.words[:-1])
    return f"tsquery_phrase(phraseto_tsquery({cfg}, :{name}h), {tail})"


def _as_words(parsed: ParsedQuery) -> ParsedQuery:
    """Every phrase as its separate words (a prefix stays on its last word)."""
    words = {
        QueryPart((word,), prefix=part.prefix and i == len(part.words) - 1): None
        for part in parsed.parts
        for i, word in enumerate(part.words)
    }
    return ParsedQuery(tuple(words))


def _config_forms(parsed: ParsedQuery, params: dict[str, Any], joiner: str, tag: str) -> list[str]:
    """The query in each configuration (CONFIGS order), as SQL."""
    forms = []
    for config in CONFIGS:
        parts = [
            _part_sql(part, config, f"{tag}{config[3]}{i}", params)
            for i, part in enumerate(parsed.parts)
        ]
        forms.append("(" + f" {joiner} ".join(parts) + ")")
    return forms


def _grouped_forms(
    parsed: ParsedQuery, params: dict[str, Any], tag: str, *, as_words: bool
) -> list[str]:
    """With OR: per configuration every group required, any part of a group; `as_words`
    takes each phrase as its separate words, all required (what ranking reads)."""
    forms = []
    for config in CONFIGS:
        groups = []
        for g, group in enumerate(parsed.alternatives):
            arms = []
            for i, part in enumerate(group):
                name = f"{tag}{config[3]}{g}_{i}"
                if as_words:
                    words = _as_words(ParsedQuery((part,))).parts
                    arms.append(
                        "("
                        + " && ".join(
                            _part_sql(w, config, f"{name}_{j}", params) for j, w in enumerate(words)
                        )
                        + ")"
                    )
                else:
                    arms.append(_part_sql(part, config, name, params))
            groups.append("(" + " || ".join(arms) + ")")
        forms.append("(" + " && ".join(groups) + ")")
    return forms


def _combined(forms: list[str]) -> str:
    """The forms OR-ed, for the page's sentences, where the document's own configuration is not
    at hand; a form equal to an earlier one is left out."""
    english, spanish, simple = forms
    return (
        f"(SELECT CASE WHEN x IN (e, s) THEN es ELSE es || x END FROM ("
        f"SELECT e, s, x, CASE WHEN s = e THEN e ELSE e || s END AS es"
        f" FROM (SELECT {english} AS e, {spanish} AS s, {simple} AS x) f) g)"
    )


# Each activity is matched against the query in its own configuration only: a phrase is
# rechecked on every candidate row, once rather than once per language.
_OWN_FORM = (
    "(CASE d.config WHEN 'ms_english'::regconfig THEN (SELECT q_english FROM q)"
    " WHEN 'ms_spanish'::regconfig THEN (SELECT q_spanish FROM q)"
    " ELSE (SELECT q_simple FROM q) END)"
)


def _keyed_match(column: str, kinds: tuple[int, ...]) -> str:
    """search_matches' documents of the organization, of these kinds (is_call as 0/1), holding
    the query in their own configuration: per configuration one tsquery, the query's form in it
    AND one of the kinds' keys, on the keyed column (schema.POSTGRES_MATCHES_DDL). A form
    without lexemes stays empty (it matches nothing, as on search_documents): AND-ed with the
    key alone it would match every document."""
    arms = []
    for config in CONFIGS:
        keys = " || ".join(
            f"quote_literal({match_key(':org', str(kind), repr(config) + '::regconfig')})::tsquery"
            for kind in kinds
        )
        form = f"q_{config[3:]}"
        arms.append(
            f"d.{column} @@ (SELECT CASE WHEN numnode({form}) = 0 THEN {form}"
            f" ELSE {form} && ({keys}) END FROM q)"
        )
    return "(" + " OR ".join(arms) + ")"


def prepare_query(org_id: str, parsed: ParsedQuery) -> Prepared:
    """The query as SQL per configuration; no database access."""
    params: dict[str, Any] = {}
    if parsed.has_or:
        forms = _grouped_forms(parsed, params, "a", as_words=False)
    else:
        forms = _config_forms(parsed, params, "&&", "a")
    anyone = _combined(_config_forms(parsed, params, "||", "o"))
    words = None
    if any(part.is_phrase for part in parsed.parts):
        words = _combined(
            _grouped_forms(parsed, params, "w", as_words=True)
            if parsed.has_or
            else _config_forms(_as_words(parsed), params, "&&", "w")
        )
    return Prepared(org_id, forms, _combined(forms), anyone, params, words_sql=words)


@dataclass(frozen=True, slots=True)
class WindowSql:
    """`WITH q (the query per configuration), w (the window: matches newest first, counted)`,
    and the relevance expressions on `d` (the window row's search_documents row)."""

    with_q_and_w: str
    title: str
    body: str
    params: dict[str, Any]
    binds: list[sa.BindParameter[Any]]


def window_sql(prepared: Prepared, query: SearchQuery) -> WindowSql:
    """The matching activities, filtered, newest first, with `:limit` and `:offset` left to the
    caller; every other value is in `params`."""
    filters, params, binds = activity_filters(query, sqlite=False, kind_and_start="d")
    columns = [
        c for c, skip in (("title_tsv", "sentences"), ("body_tsv", "title")) if query.scope != skip
    ]
    table = "search_documents"
    if prepared.words_sql is None:  # words only: the narrow rows
        kinds = {"meetings": (0,), "calls": (1,)}.get(query.kind, (0, 1))
        keyed = (c.replace("_tsv", "_keyed") for c in columns)
        match = " OR ".join(_keyed_match(c, kinds) for c in keyed)
        table = "search_matches"
    else:  # a phrase is checked on each candidate's positions, read in search_documents' rows
        found = " OR ".join(f"d.{c} @@ (SELECT q_words FROM q)" for c in columns)
        exact = " OR ".join(f"d.{c} @@ {_OWN_FORM}" for c in columns)
        match = f"({found}) AND ({exact})"
    title = "false" if query.scope == "sentences" else f"d.title_tsv @@ {_OWN_FORM}"
    # normalization 1: divided by 1 + log(length), so that long calls do not win by size
    body = "0.0" if query.scope == "title" else f"ts_rank(d.body_tsv, {_OWN_FORM}, 1)"
    activities_join = _ACTIVITIES_JOIN if needs_activities_join(query) else ""
    sql = (
        "WITH q AS (SELECT "
        + ", ".join(
            f"{form} AS q_{config[3:]}"
            for form, config in zip(prepared.forms_sql, CONFIGS, strict=True)
        )
        + f", {prepared.all_sql} AS q_all, {prepared.any_sql} AS q_any,"
        + f" {prepared.words_sql or 'NULL::tsquery'} AS q_words),"
        " w AS (SELECT d.activity_id AS id, d.is_call, d.start_at,"
        f" count(*) OVER () AS total FROM {table} d{activities_join}"
        f" WHERE d.organization_id = :org AND ({match}){filters}"
        " ORDER BY d.start_at DESC, d.activity_id DESC LIMIT :limit OFFSET :offset)"
    )
    values = {**params, **prepared.params, "org": prepared.org_id}
    return WindowSql(sql, title, body, values, binds)


class PostgresSearch:
    def prepare(self, conn: Connection, org_id: str, parsed: ParsedQuery) -> Prepared | None:
        return prepare_query(org_id, parsed)

    def candidates(
        self, conn: Connection, prepared: Prepared, query: SearchQuery, *, limit: int, offset: int
    ) -> tuple[list[Candidate], int]:
        """One statement: the tsquery, the matches counted, the window's slice with names, and
        the relevance of that slice only (ts_rank runs on its rows, after the LIMIT)."""
        parts = window_sql(prepared, query)
        # Matching, filtering, counting and ordering read search_documents alone; activities
        # are joined for the window's rows only (names).
        sql = (
            parts.with_q_and_w + f" SELECT w.*, a.name, {parts.title} AS title_matched,"
            f" {parts.body} AS score,"
            " (SELECT q_all::text FROM q) AS q_all, (SELECT q_any::text FROM q) AS q_any"
            " FROM w JOIN search_documents d ON d.organization_id = :org AND d.activity_id = w.id"
            " JOIN activities a ON a.organization_id = :org AND a.id = w.id"
            " ORDER BY w.start_at DESC, w.id DESC"
        )
        statement = sa.text(sql).bindparams(*parts.binds).columns(**ACTIVITY_COLUMNS)
        rows = conn.execute(statement, {**parts.params, "limit": limit, "offset": offset}).all()
        found = [Candidate(r.id, r.id, Activity(r.name, bool(r.is_call), r.start_at)) for r in rows]
        for r in rows:
            prepared.scores[r.id] = float(r.score)
            if r.title_matched:
                prepared.titles.add(r.id)
        if rows:
            prepared.match_all, prepared.match_any = rows[0].q_all, rows[0].q_any
        return found, int(rows[0].total) if rows else 0

    def relevance(
        self, conn: Connection, prepared: Prepared, query: SearchQuery, keys: Sequence[Any]
    ) -> Ranking:
        """Computed by `candidates` for the rows it returned."""
        return Ranking(prepared.scores, prepared.titles)

    def sentences(
        self, conn: Connection, prepared: Prepared, hits: Sequence[Candidate], per_activity: int
    ) -> dict[str, list[SentenceMatch]]:
        several = prepared.match_any != prepared.match_all
        rows = conn.execute(
            _SENTENCES_FULL_FIRST if several else _SENTENCES_IN_ORDER,
            {
                "org": prepared.org_id,
                "ids": [h.activity_id for h in hits],
                "q_all": prepared.match_all,
                "q_any": prepared.match_any,
                "k": per_activity,
                "options": HEADLINE_OPTIONS,
            },
        ).all()
        found: dict[str, list[SentenceMatch]] = {}
        for r in rows:
            found.setdefault(r.activity_id, []).append(
                SentenceMatch(
                    position=r.position,
                    speaker=r.participant_name,
                    start_time=float(r.start_time),
                    end_time=float(r.end_time),
                    snippet=r.snippet,
                )
            )
        return found

    def describe(
        self, conn: Connection, org_id: str, activity_ids: Sequence[str]
    ) -> dict[str, Activity]:
        """`candidates` reads names with the window: only a row it did not describe lands here."""
        if not activity_ids:
            return {}
        rows = conn.execute(_DESCRIBE, {"org": org_id, "ids": list(activity_ids)})
        return {r.id: Activity(r.name, bool(r.is_call), r.start_at) for r in rows}


_DESCRIBE = (
    sa.text(
        "SELECT id, name, is_call, start_at FROM activities"
        " WHERE organization_id = :org AND id IN :ids"
    )
    .bindparams(sa.bindparam("ids", expanding=True))
    .columns(**ACTIVITY_COLUMNS)
)


# Per activity, a LIMIT inside: its sentences are read in position order by primary key and the
# scan stops at the k-th match. With several parts, the sentences holding all of them win, which
# reads the activity's matching sentences to the end (a few hundred rows at most).
_SENTENCES = (
    "SELECT h.activity_id, m.position, s.start_time, s.end_time, s.participant_name,"
    " ts_headline(d.config, s.content, CAST(:q_any AS tsquery), :options) AS snippet"
    " FROM unnest(CAST(:ids AS varchar[])) AS h(activity_id)"
    " JOIN search_documents d ON d.organization_id = :org AND d.activity_id = h.activity_id"
    " CROSS JOIN LATERAL (SELECT x.position FROM search_segments x"
    "   WHERE x.organization_id = :org AND x.activity_id = h.activity_id"
    "   AND x.tsv @@ CAST(:q_any AS tsquery) ORDER BY {order} LIMIT :k) m"
    " JOIN transcript_segments s ON s.organization_id = :org"
    " AND s.activity_id = h.activity_id AND s.position = m.position"
    " ORDER BY h.activity_id, m.position"
)
_SENTENCES_IN_ORDER = sa.text(_SENTENCES.format(order="x.position"))
_SENTENCES_FULL_FIRST = sa.text(
    _SENTENCES.format(order="(x.tsv @@ CAST(:q_all AS tsquery)) DESC, x.position")
)
