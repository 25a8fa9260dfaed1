"""Two revisions measured in turn on the same machine: the scripts of `make bench-rest`,
`make bench-search` and `make bench-pipeline` run before, after, before, after ... so that both
sides meet the same background load, and each figure is compared by its spread.

    python benchmarks/interleaved.py --before REV [--after HEAD] [--rounds 3] [--quick]
        [--benchmarks rest,search,pipeline] [--rest-rounds 10] [--rest-seconds 3]
        [--search-segments 1000000] [--search-queries 200] [--search-like-queries 50]
        [--search-kinds meetings,all] [--pipeline-minutes 10] [--scripts auto|after|own]

Each revision is checked out into a detached git worktree under a temporary folder (removed at
the end); both sides run on this interpreter (the project's .venv), each with
PYTHONPATH=<its worktree>/src, so that only the code under test differs. Which benchmark script
runs (`--scripts auto`): the AFTER checkout's for both sides when its files (the script and the
local modules it imports) are the same in both, or when its `meetsight` imports all resolve on
BEFORE; otherwise each side's own script, since the AFTER script imports internals that BEFORE
does not have. The search corpus is loaded once per side (a SQLite file in the temporary folder;
on PostgreSQL, when MEETSIGHT_BENCH_DATABASE_URL names a server, a database per side, dropped
at the end) and measured again in every round with --reuse.

Per figure: the median of the rounds and their range for each side, and a verdict: "within
spread" when the two ranges overlap, else which side is faster and by how much. Writes JSON and
a Markdown table to --out (benchmarks/.out/interleaved/ by default) and prints the table.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import platform
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SEARCH_PG_DB = "ms_bench_ab_{side}"

# --quick: the smallest sizes that still mean something. 3 rounds of the three took 35 minutes
# on the shared 2-core machine at a load average of 6 to 13 (14 of CPU time, about 12 minutes
# when the machine is quiet); one round at a load average of 6 to 8 about 9 minutes.
QUICK = {
    "rest_rounds": 3,
    "rest_seconds": 2.0,
    "search_segments": 50_000,
    "search_queries": 60,
    "search_like_queries": 6,
    "search_kinds": "all",
    "pipeline_minutes": 1.0,
}


@dataclass(frozen=True)
class Side:
    name: str  # "before" or "after"
    rev: str
    sha: str
    root: Path

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.root / "src")}


# A figure's name -> (value, True when higher is better).
Figures = dict[str, tuple[float, bool]]


@dataclass(frozen=True)
class Benchmark:
    name: str
    script: str  # relative to the checkout
    args: Callable[[argparse.Namespace, Side, Path], list[str]]
    figures: Callable[[dict[str, Any]], Figures]
    extra_files: tuple[str, ...] = ()


def rest_args(opts: argparse.Namespace, side: Side, work: Path) -> list[str]:
    return ["--rounds", str(opts.rest_rounds), "--seconds", str(opts.rest_seconds)]


def rest_figures(report: dict[str, Any]) -> Figures:
    rps = report["requests_per_second"]
    ratio = report["ratio_to_fastapi_fixed"]
    cpu = report["cpu_ratio_to_fastapi_fixed"]
    transcript = next(name for name in rps if name.startswith("transcript_"))
    return {
        "listing req/s": (rps["listing"]["median"], True),
        "transcript req/s": (rps[transcript]["median"], True),
        "listing / fixed FastAPI": (ratio["listing"]["median"], True),
        "transcript / fixed FastAPI": (ratio[transcript]["median"], True),
        "listing / fixed FastAPI, CPU": (cpu["listing"]["median"], True),
        "transcript / fixed FastAPI, CPU": (cpu[transcript]["median"], True),
        "fixed FastAPI req/s (same code both sides)": (rps["fastapi_fixed"]["median"], True),
        # Must be 0: a 429 (a key over its budget) is answered cheaply and flatters the rest.
        "answers not 200 (must be 0)": (float(sum(report["errors"].values())), False),
    }


def search_args(opts: argparse.Namespace, side: Side, work: Path) -> list[str]:
    return [
        "--segments",
        str(opts.search_segments),
        "--queries",
        str(opts.search_queries),
        "--like-queries",
        str(opts.search_like_queries),
        "--kinds",
        opts.search_kinds,
        "--engines",
        opts.search_engines,
        "--hybrid",
        "--reuse",
        "--sqlite-path",
        str(work / f"search-{side.name}.db"),
        "--pg-db",
        SEARCH_PG_DB.format(side=side.name),
    ]


def search_figures(report: dict[str, Any]) -> Figures:
    figures: Figures = {}
    for engine in ("sqlite", "postgresql"):
        measured = report.get(engine)
        if not isinstance(measured, dict):
            continue  # not asked for, or skipped (no server)
        for key, kind in measured.items():
            if not key.startswith("kind_") or not isinstance(kind, dict):
                continue
            label = key.removeprefix("kind_").replace("_hybrid", "")
            # Beside the wall-clock percentiles, the CPU time of the work (this process, and
            # on PostgreSQL the server backends for lexical): other work on the machine
            # stretches the first far more than the second.
            if "hybrid_search" in kind:
                for p in ("p50", "p95"):
                    ms = kind["hybrid_search"][f"{p}_ms"]
                    figures[f"{engine} {label} hybrid {p} ms"] = (ms, False)
                cpu = kind["hybrid_cpu_in_this_process"]["p50_ms"]
                figures[f"{engine} {label} hybrid CPU p50 ms"] = (cpu, False)
            else:
                for p in ("p50", "p95"):
                    figures[f"{engine} {label} lexical {p} ms"] = (kind["search"][f"{p}_ms"], False)
                cpu = kind["search_cpu_client_and_server"]["p50_ms"]
                figures[f"{engine} {label} lexical CPU p50 ms"] = (cpu, False)
                like = kind["like_scan"]["p50_ms"]
                figures[f"{engine} {label} LIKE scan p50 ms (same SQL both sides)"] = (like, False)
    return figures


def pipeline_args(opts: argparse.Namespace, side: Side, work: Path) -> list[str]:
    return ["--minutes", str(opts.pipeline_minutes)]


def pipeline_figures(report: dict[str, Any]) -> Figures:
    piped = report["pipeline"]
    if piped["state"] != "done":
        raise RuntimeError(f"pipeline job {piped['state']}: {piped['error']}")
    alone = report["asr_alone"]
    return {
        "pipeline wall s": (piped["wall_s_from_worker_start"], False),
        "pipeline / faster-whisper alone": (report["pipeline_over_asr_alone"], False),
        "faster-whisper alone transcribe s (same code both sides)": (alone["transcribe_s"], False),
    }


BENCHMARKS = {
    b.name: b
    for b in (
        Benchmark("rest", "benchmarks/rest_read.py", rest_args, rest_figures),
        Benchmark("search", "benchmarks/search.py", search_args, search_figures),
        Benchmark(
            "pipeline",
            "benchmarks/pipeline.py",
            pipeline_args,
            pipeline_figures,
            extra_files=("tests/speech/__init__.py",),
        ),
    )
}


# -- which script each side runs ------------------------------------------------------------


def local_files(root: Path, script: str, extra: tuple[str, ...]) -> set[str]:
    """The script and the modules of the checkout it imports (benchmarks/_x.py, tests/...),
    followed recursively: what must be the same for one script to serve both sides."""
    found: set[str] = set()
    todo = [script, *extra]
    while todo:
        rel = todo.pop()
        if rel in found or not (root / rel).is_file():
            continue
        found.add(rel)
        if not rel.endswith(".py"):
            continue
        for node in ast.walk(ast.parse((root / rel).read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            for name in names:
                path = name.replace(".", "/")
                for folder in ("benchmarks", "tests"):
                    todo += [f"{folder}/{path}.py", f"{folder}/{path}/__init__.py"]
    return found


# Single-line imports anywhere in the text, so that a script run with `python -c` counts too.
IMPORT_LINE = re.compile(
    r"^\s*((?:from\s+meetsight[\w.]*\s+import\s+[\w, ]+)|import\s+meetsight[\w.]*)\s*(?:#.*)?$",
    re.M,
)


def meetsight_imports(root: Path, files: set[str]) -> list[str]:
    """Every `meetsight` import statement of the files, as one-line statements."""
    statements: set[str] = set()
    for rel in files:
        text = (root / rel).read_text()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                statements |= {
                    f"import {a.name}" for a in node.names if a.name.startswith("meetsight")
                }
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("meetsight"):
                names = ", ".join(a.name for a in node.names)
                statements.add(f"from {node.module} import {names}")
        statements |= {" ".join(m.group(1).split()) for m in IMPORT_LINE.finditer(text)}
    return sorted(statements)


def choose_scripts(
    bench: Benchmark, before: Side, after: Side, mode: str, python: str
) -> tuple[dict[str, Side], str]:
    """Which checkout's script each side runs, and why."""
    if mode == "after":
        return {"before": after, "after": after}, "AFTER's script for both (--scripts after)"
    if mode == "own":
        return {"before": before, "after": after}, "each side's own script (--scripts own)"
    files = local_files(after.root, bench.script, bench.extra_files)
    files |= local_files(before.root, bench.script, bench.extra_files)
    differ = sorted(
        f
        for f in files
        if not (before.root / f).is_file()
        or not (after.root / f).is_file()
        or (before.root / f).read_bytes() != (after.root / f).read_bytes()
    )
    if not differ:
        return {"before": after, "after": after}, "the same script in both"
    imports = meetsight_imports(after.root, local_files(after.root, bench.script, ()))
    check = subprocess.run(
        [python, "-c", "\n".join(imports)], env=before.env(), capture_output=True, text=True
    )
    if check.returncode == 0:
        why = f"AFTER's script for both ({', '.join(differ)} differ; its imports resolve on BEFORE)"
        return {"before": after, "after": after}, why
    error = (check.stderr.strip().splitlines() or ["?"])[-1]
    why = f"each side's own script ({', '.join(differ)} differ; AFTER's on BEFORE: {error})"
    return {"before": before, "after": after}, why


# -- running ---------------------------------------------------------------------------------


@dataclass
class Run:
    benchmark: str
    round: int
    side: str
    seconds: float
    load_before: float
    load_after: float
    cpu_s: float = 0.0  # of the script and what it started: what the run costs on a quiet machine
    figures: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    report: dict[str, Any] | None = None


def last_json(stdout: str) -> dict[str, Any]:
    """The report a script prints last (indent=2: it starts with a line that is just "{"),
    whatever a child process printed before it."""
    start = stdout.rfind("\n{\n") + 1  # 0 when the report is all there is
    value, _ = json.JSONDecoder().raw_decode(stdout[start:])
    return dict(value)


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


def stop(child: subprocess.Popen[str]) -> None:
    """A benchmark stopped by Ctrl-C or a kill of this script, with all it started (servers,
    a worker): SIGINT to its process group lets them shut down as on Ctrl-C, SIGKILL then
    ends what is left, so that nothing outlives the run."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGINT)
    with contextlib.suppress(subprocess.TimeoutExpired):
        child.wait(30)
        time.sleep(2)  # the group's other processes may still be shutting down
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGKILL)
    child.wait()


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(
    python: str, script_side: Side, side: Side, bench: Benchmark, args: list[str], log: Path
) -> tuple[dict[str, Any] | None, str | None, float, float, float, float]:
    """One run of a benchmark script: (report, error, seconds, load before, load after, CPU s)."""
    load_before = load_average()
    started, cpu = time.perf_counter(), children_cpu()
    with log.open("a") as sink:
        sink.write(f"\n=== {bench.name} {side.name} {' '.join(args)}\n")
        sink.flush()
        child = subprocess.Popen(
            [python, str(script_side.root / bench.script), *args],
            cwd=script_side.root,
            env=side.env(),
            stdout=subprocess.PIPE,
            stderr=sink,
            text=True,
            start_new_session=True,  # its own process group: stop() reaches all it starts
        )
        try:
            stdout, _ = child.communicate()
        except BaseException:
            stop(child)
            raise
    seconds = time.perf_counter() - started
    spent = (load_before, load_average(), round(children_cpu() - cpu, 1))
    if child.returncode != 0:
        return None, f"exit {child.returncode} (see {log})", seconds, *spent
    try:
        return last_json(stdout), None, seconds, *spent
    except ValueError as error:
        return None, f"no JSON report: {error}", seconds, *spent


def read_figures(run: Run) -> dict[str, bool]:
    """The run's headline figures from its report; their directions (True: higher is better)."""
    if run.report is None:
        return {}
    try:
        figures = BENCHMARKS[run.benchmark].figures(run.report)
    except (KeyError, RuntimeError, StopIteration, TypeError) as failure:
        run.error = f"{type(failure).__name__}: {failure}"
        return {}
    run.figures = {k: v for k, (v, _) in figures.items()}
    return {k: up for k, (_, up) in figures.items()}


def resummarize(path: Path) -> dict[str, Any]:
    """A stored result summarized again from its runs' reports (after a change to the
    figures read from them)."""
    result = dict(json.loads(path.read_text()))
    runs = [Run(**{**r, "figures": {}}) for r in result["runs"]]
    directions: dict[str, bool] = {}
    for run in runs:
        directions |= read_figures(run)
    result["runs"] = [vars(r) for r in runs]
    result["summary"] = summarize(runs, directions)
    return result


def spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
        "runs": len(values),
    }


def verdict(before: dict[str, float], after: dict[str, float], higher_better: bool) -> str:
    if before["min"] <= after["max"] and after["min"] <= before["max"]:
        return "within spread"
    b, a = before["median"], after["median"]
    if min(a, b) <= 0:
        return "after better" if (a > b) == higher_better else "before better"
    factor = (a / b) if higher_better else (b / a)
    winner = "after" if factor > 1 else "before"
    factor = max(factor, 1 / factor)
    said = f"{winner} faster by {100 * (factor - 1):.0f}% ({factor:.2f}x)"
    return said if min(before["runs"], after["runs"]) > 1 else f"{said}, one run: no spread"


def summarize(runs: list[Run], directions: dict[str, bool]) -> dict[str, dict[str, Any]]:
    summary: dict[str, dict[str, Any]] = {}
    for bench in dict.fromkeys(r.benchmark for r in runs):
        mine = [r for r in runs if r.benchmark == bench]
        names = list(dict.fromkeys(n for r in mine for n in r.figures))
        for name in names:
            row: dict[str, Any] = {"benchmark": bench, "higher_is_better": directions[name]}
            for side in ("before", "after"):
                values = [r.figures[name] for r in mine if r.side == side and name in r.figures]
                row[side] = spread(values) if values else None
            row["verdict"] = (
                verdict(row["before"], row["after"], directions[name])
                if row["before"] and row["after"]
                else "missing"
            )
            summary[name] = row
    return summary


def markdown(result: dict[str, Any]) -> str:
    sides = result["sides"]
    lines = [
        f"# Before and after, interleaved ({result['date']})",
        "",
        f"BEFORE `{sides['before']['rev']}` ({sides['before']['sha'][:10]}), "
        f"AFTER `{sides['after']['rev']}` ({sides['after']['sha'][:10]}); "
        f"{result['settings']['rounds']} rounds, {result['machine']['cores']} cores, "
        f"took {result['total_s'] / 60:.1f} min. Settings: `{json.dumps(result['settings'])}`.",
        "",
    ]
    for bench, why in result["scripts"].items():
        lines.append(f"- {bench}: {why}")
    lines += [
        "",
        "| benchmark | figure | before: median (range) | after: median (range) | verdict |",
        "| --- | --- | --- | --- | --- |",
    ]

    def cell(s: dict[str, float] | None) -> str:
        return f"{s['median']:g} ({s['min']:g}-{s['max']:g})" if s else "-"

    for name, row in result["summary"].items():
        arrow = "higher better" if row["higher_is_better"] else "lower better"
        lines.append(
            f"| {row['benchmark']} | {name} ({arrow}) | {cell(row['before'])} "
            f"| {cell(row['after'])} | {row['verdict']} |"
        )
    lines += [
        "",
        "| round | benchmark | side | run s | CPU s | load average before -> after | error |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in result["runs"]:
        lines.append(
            f"| {r['round']} | {r['benchmark']} | {r['side']} | {r['seconds']:.0f} "
            f"| {r.get('cpu_s', 0):.0f} | {r['load_before']} -> {r['load_after']} "
            f"| {r['error'] or ''} |"
        )
    return "\n".join(lines) + "\n"


# -- the worktrees ---------------------------------------------------------------------------


def git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(HERE), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


@dataclass
class Worktrees:
    folder: Path
    added: list[Path] = field(default_factory=list)

    def add(self, name: str, rev: str) -> Side:
        sha = git("rev-parse", "--verify", f"{rev}^{{commit}}")
        path = self.folder / name
        git("worktree", "add", "--detach", "--quiet", str(path), sha)
        self.added.append(path)
        return Side(name, rev, sha, path)

    def remove(self) -> None:
        for path in self.added:
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "remove", "--force", str(path)],
                capture_output=True,
            )
        git("worktree", "prune")
        shutil.rmtree(self.folder, ignore_errors=True)


def drop_search_databases(url: str | None) -> None:
    """The PostgreSQL corpora of both sides (kept across rounds by --reuse)."""
    if not url:
        return
    import asyncio

    import asyncpg

    async def drop() -> None:
        admin = await asyncpg.connect(url.replace("+asyncpg", ""))
        for side in ("before", "after"):
            await admin.execute(f'DROP DATABASE IF EXISTS "{SEARCH_PG_DB.format(side=side)}"')
        await admin.close()

    asyncio.run(drop())


def rounds_of(opts: argparse.Namespace) -> Iterator[tuple[int, Benchmark, str]]:
    """Round after round, each benchmark before then after: the two sides of a figure always
    run next to each other in time."""
    for number in range(1, opts.rounds + 1):
        for name in opts.benchmarks.split(","):
            for side in ("before", "after"):
                yield number, BENCHMARKS[name], side


def measure(opts: argparse.Namespace, work: Path, before: Side, after: Side) -> dict[str, Any]:
    python = opts.python
    log = opts.out / "interleaved.log"
    sides = {"before": before, "after": after}
    scripts: dict[str, dict[str, Side]] = {}
    reasons: dict[str, str] = {}
    for name in opts.benchmarks.split(","):
        scripts[name], reasons[name] = choose_scripts(
            BENCHMARKS[name], before, after, opts.scripts, python
        )
        print(f"{name}: {reasons[name]}", file=sys.stderr)
    started = time.perf_counter()
    if "search" in scripts:
        # The corpus of each side, loaded once (not timed here): every round then reuses it.
        bench = BENCHMARKS["search"]
        for side in sides.values():
            args = search_args(opts, side, work)
            queries = args.index("--queries") + 1
            args[queries] = "30"  # a few of each kind: the script checks that each matched
            args[args.index("--like-queries") + 1] = "1"
            _, error, seconds, *_ = run_once(
                python, scripts["search"][side.name], side, bench, args, log
            )
            print(f"search corpus {side.name}: {seconds:.0f} s {error or ''}", file=sys.stderr)
    prepared = time.perf_counter() - started
    runs: list[Run] = []
    directions: dict[str, bool] = {}
    broken: set[tuple[str, str]] = set()
    for number, bench, side_name in rounds_of(opts):
        side = sides[side_name]
        if (bench.name, side_name) in broken:
            continue
        args = bench.args(opts, side, work)
        report, error, seconds, load_before, load_after, cpu = run_once(
            python, scripts[bench.name][side_name], side, bench, args, log
        )
        run = Run(bench.name, number, side_name, round(seconds, 1), load_before, load_after, cpu)
        run.error, run.report = error, report
        directions |= read_figures(run)
        if run.error:
            broken.add((bench.name, side_name))
        runs.append(run)
        print(
            f"round {number} {bench.name} {side_name}: {seconds:.0f} s ({cpu:.0f} s CPU), load "
            f"{load_before} -> {load_after} {run.error or ''}",
            file=sys.stderr,
        )
    return {
        "scripts": reasons,
        "search_corpus_s": round(prepared, 1),
        "runs": [vars(r) for r in runs],
        "summary": summarize(runs, directions),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="a git revision (required unless --summarize)")
    parser.add_argument("--after", default="HEAD", help="a git revision")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--benchmarks", default="rest,search,pipeline")
    parser.add_argument("--quick", action="store_true", help=f"smaller sizes: {QUICK}")
    parser.add_argument("--rest-rounds", type=int, default=10)
    parser.add_argument("--rest-seconds", type=float, default=3.0)
    parser.add_argument("--search-segments", type=int, default=1_000_000)
    parser.add_argument("--search-queries", type=int, default=200)
    parser.add_argument("--search-like-queries", type=int, default=50)
    parser.add_argument("--search-kinds", default="meetings,all")
    parser.add_argument("--search-engines", default="sqlite,postgresql")
    parser.add_argument("--pipeline-minutes", type=float, default=10.0)
    parser.add_argument("--scripts", choices=("auto", "after", "own"), default="auto")
    parser.add_argument("--python", default=sys.executable, help="the interpreter of both sides")
    parser.add_argument("--out", type=Path, default=HERE / ".out" / "interleaved")
    parser.add_argument("--workdir", type=Path, help="where the worktrees go (default: /tmp)")
    parser.add_argument("--summarize", type=Path, help="only summarize a result JSON again")
    given = {arg.split("=", 1)[0] for arg in sys.argv}
    opts = parser.parse_args()
    if opts.summarize:
        result = resummarize(opts.summarize)
        opts.summarize.write_text(json.dumps(result, indent=2) + "\n")
        opts.summarize.with_suffix(".md").write_text(markdown(result))
        print(markdown(result))
        return
    if not opts.before:
        parser.error("--before is required")
    if opts.quick:
        for key, value in QUICK.items():
            if f"--{key.replace('_', '-')}" not in given:  # an explicit option wins
                setattr(opts, key, value)
    unknown = set(opts.benchmarks.split(",")) - set(BENCHMARKS)
    if unknown:
        parser.error(f"unknown benchmarks: {', '.join(sorted(unknown))}")
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "interleaved.log").write_text("")
    # The worktrees are removed on Ctrl-C and on a plain kill too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="meetsight-ab-", dir=opts.workdir))
    trees = Worktrees(work)
    pg_url = os.environ.get("MEETSIGHT_BENCH_DATABASE_URL")
    searches_pg = "search" in opts.benchmarks and "postgresql" in opts.search_engines
    if searches_pg:
        drop_search_databases(pg_url)  # a corpus left by an interrupted run is of other code
    try:
        before = trees.add("before", opts.before)
        after = trees.add("after", opts.after)
        measured = measure(opts, work, before, after)
    finally:
        trees.remove()
        if searches_pg:
            drop_search_databases(pg_url)
    settings = {
        k: (str(v) if isinstance(v, Path) else v)
        for k, v in vars(opts).items()
        if k not in ("before", "after", "out", "workdir", "python")
    }
    result = {
        "date": date,
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "sides": {s.name: {"rev": s.rev, "sha": s.sha} for s in (before, after)},
        "settings": settings,
        "postgresql": bool(pg_url) and "postgresql" in opts.search_engines,
        "total_s": round(time.perf_counter() - started, 1),
        **measured,
    }
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    table = markdown(result)
    (opts.out / f"interleaved-{stamp}.json").write_text(json.dumps(result, indent=2) + "\n")
    (opts.out / f"interleaved-{stamp}.md").write_text(table)
    print(table)
    print(f"written: {opts.out}/interleaved-{stamp}.json and .md", file=sys.stderr)


if __name__ == "__main__":
    main()
