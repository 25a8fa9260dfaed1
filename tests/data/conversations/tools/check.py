#!/usr/bin/env python3
"""Self-check of the labelled conversations in this folder (stdlib only).

    python3 tools/check.py [-v]          # -v lists every step with its weekday, for review

Checks, per label:
- the schema the shared scorer (score.py) reads: fields, types, kind/direction, 3 chat questions
  with exactly one unanswerable, `expect_no_next_steps` <=> no next steps;
- the voice tags of the transcript == the script's speakers == the keys of questions_by_speaker;
  internal speakers exist; first names are unique (score.py accepts a first name as the owner);
- every cue timestamp is HH:MM:SS.mmm with minutes and seconds under 60; 4 to 12 minutes of
  speech, 40 to 140 turns;
- questions_by_speaker == the number of sentences ending in "?" per speaker in the script (ASR
  scripts: in the annotated source tools/asr/<id>.txt, which must equal the script once "?" is
  removed); every speaker asks at least one question;
- each step's evidence occurs verbatim in the script and at least one of its keywords occurs in
  the script (keywords that occur nowhere are listed with -v for review: paraphrases);
- due dates are ISO and not before the meeting; -v prints them with weekday and offset;
- every competitor has an alias in the transcript, every objection a keyword, every answerable
  chat question a keyword (the others, e.g. digits for a number said in words, are listed);
  key-fact groups that are not literally in the transcript are listed;
- with the shared scorer (SCORE_PY=path/to/score.py, default the shared eval set's copy when
  present): a perfect output built from the labels scores fully in any order of predicted steps.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import os
import random
import re
import sys
import types
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
VTT_TIME = re.compile(r"^\d{2}:[0-5]\d:[0-5]\d\.\d{3}$")
DEFAULT_SCORER = Path("/work/shared/evalsets/conversations/score.py")
FIELDS = {
    "id": str,
    "kind": str,
    "language": str,
    "name": str,
    "startDateTime": str,
    "script": str,
    "transcript": str,
    "internal": list,
    "expect_no_next_steps": bool,
    "next_steps": list,
    "competitors": list,
    "objections": list,
    "key_facts": list,
    "questions_by_speaker": dict,
    "chat": list,
    "notes": str,
}
STEP_FIELDS = {"owner": str, "keywords": list, "optional": bool, "evidence": str}


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", (text or "").lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text)


def has_kw(text: str, kw: str) -> bool:
    """score.py's keyword rule: at a word start; a keyword ending in a digit ends at a boundary."""
    k = fold(kw).strip()
    if not k:
        return False
    pat = r"(?<![a-z0-9])" + re.escape(k) + (r"(?![0-9])" if k[-1].isdigit() else "")
    return re.search(pat, fold(text)) is not None


def turns(text: str) -> list[tuple[str, str]]:
    out = []
    for ln in text.splitlines():
        if ln.strip():
            name, body = ln.lstrip("~").split(":", 1)
            out.append((name.strip(), body.strip()))
    return out


def question_counts(text: str) -> tuple[dict[str, int], dict[str, int]]:
    """'?' characters per speaker, and sentences ending in '?' per speaker (must agree)."""
    marks: dict[str, int] = {}
    sents: dict[str, int] = {}
    for name, body in turns(text):
        marks[name] = marks.get(name, 0) + body.count("?")
        parts = re.split(r"(?<=[.!?])\s+", body)
        sents[name] = sents.get(name, 0) + sum(p.strip().endswith("?") for p in parts)
    return marks, sents


def vtt_cues(path: Path) -> list[tuple[str, str, str, str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    cues = []
    for i, ln in enumerate(lines):
        if "-->" in ln:
            a, b = (x.strip() for x in ln.split("-->"))
            m = re.match(r"<v ([^>]+)>(.*)</v>", lines[i + 1])
            cues.append((a, b, m.group(1), m.group(2)))
    return cues


def secs(t: str) -> float:
    h, m, s = t.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


class Conversation:
    """A label with its script and transcript, and what the checks found."""

    def __init__(self, lab: dict, path: Path) -> None:
        self.lab = lab
        self.path = path
        self.errors: list[str] = []
        self.infos: list[str] = []
        self.script = (ROOT / lab["script"]).read_text(encoding="utf-8")
        self.cues = vtt_cues(ROOT / lab["transcript"])
        self.transcript = " ".join(c[3] for c in self.cues)
        self.speakers = sorted({c[2] for c in self.cues})
        self.start = dt.date.fromisoformat(lab["startDateTime"][:10])
        self.step_lines: list[str] = []


def check_header(c: Conversation) -> None:
    lab = c.lab
    if lab["id"] != c.path.stem:
        c.errors.append("id != file name")
    if lab["kind"] not in ("meeting", "call"):
        c.errors.append("kind")
    if (lab["kind"] == "call") != (lab.get("direction") in ("inbound", "outbound")):
        c.errors.append("direction must be given for calls only (inbound|outbound)")
    if lab["language"] not in ("en", "es"):
        c.errors.append("language")
    if not re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$", lab["startDateTime"]):
        c.errors.append("startDateTime is not UTC ISO")
    if lab["expect_no_next_steps"] != (not lab["next_steps"]):
        c.errors.append("expect_no_next_steps must be true exactly when next_steps is empty")


def check_transcript(c: Conversation) -> None:
    script_turns = turns(c.script)
    for a, b, _, _ in c.cues:
        for t in (a, b):
            if not VTT_TIME.match(t):
                c.errors.append(f"bad VTT timestamp {t}")
    minutes = secs(c.cues[-1][1]) / 60
    if not 4 <= minutes <= 12:
        c.errors.append(f"duration {minutes:.1f} min")
    if not 40 <= len(script_turns) <= 140:
        c.errors.append(f"{len(script_turns)} turns")
    if sorted({n for n, _ in script_turns}) != c.speakers:
        c.errors.append("script speakers != VTT speakers")
    if sorted(c.lab["questions_by_speaker"]) != c.speakers:
        c.errors.append(f"questions_by_speaker keys != VTT speakers {c.speakers}")
    firsts = [fold(s).split()[0] for s in c.speakers]
    if len(set(firsts)) != len(firsts):
        c.errors.append("two speakers share a first name")
    for n in c.lab["internal"]:
        if n not in c.speakers:
            c.errors.append(f"internal speaker {n} not in the transcript")


def check_questions(c: Conversation) -> None:
    annotated = ROOT / "tools" / "asr" / f"{c.path.stem}.txt"
    src = c.script
    if annotated.exists():
        src = annotated.read_text(encoding="utf-8")
        if "?" in c.script:
            c.errors.append("ASR script contains '?'")
        if src.replace("?", "") != c.script:
            c.errors.append("ASR script != annotated source without '?'")
    marks, sents = question_counts(src)
    if marks != sents:
        c.errors.append(f"'?' inside sentences: marks {marks} != sentences {sents}")
    if marks != c.lab["questions_by_speaker"]:
        c.errors.append(f"questions_by_speaker {c.lab['questions_by_speaker']} != script {marks}")
    c.errors.extend(f"{n} asks no question" for n, k in marks.items() if k == 0)


def check_step(c: Conversation, s: dict) -> None:
    for k, t in STEP_FIELDS.items():
        if not isinstance(s.get(k), t):
            c.errors.append(f"step field {k}: {s.get('evidence', s)!r}")
    if "due" not in s or not (s["due"] is None or isinstance(s["due"], str)):
        c.errors.append(f"step due missing: {s['evidence']!r}")
    if s["evidence"] not in c.script:
        c.errors.append(f"evidence not in script: {s['evidence']!r}")
    if s["owner"] not in c.speakers:
        c.infos.append(f"owner {s['owner']!r} is not a speaker (third party)")
    if "-" in s["owner"].split()[0]:
        c.errors.append(f"owner {s['owner']!r} has a hyphenated first name")
    if not any(has_kw(c.script, k) for k in s["keywords"]):
        c.errors.append(f"no keyword of {s['keywords']} occurs in the script")
    missing = [k for k in s["keywords"] if not has_kw(c.script, k)]
    if missing:
        c.infos.append(f"step keywords not in script (paraphrases?): {missing}")
    for d in ([s["due"]] if s["due"] else []) + s.get("due_alternatives", []):
        if not ISO.match(d):
            c.errors.append(f"bad date {d}")
        elif dt.date.fromisoformat(d) < c.start:
            c.errors.append(f"due {d} before the meeting")
    desc = "-"
    if s["due"] and ISO.match(s["due"]):
        dd = dt.date.fromisoformat(s["due"])
        desc = f"{s['due']} {dd:%a} +{(dd - c.start).days}d"
    alts = [
        f"{a} {dt.date.fromisoformat(a):%a}" for a in s.get("due_alternatives", []) if ISO.match(a)
    ]
    flag = "opt" if s["optional"] else "   "
    c.step_lines.append(f"   {flag} {s['owner']:<20} {desc:<20} alts={alts} | {s['evidence'][:80]}")


def check_content(c: Conversation) -> None:
    lab, text = c.lab, c.transcript
    for alts in lab["competitors"]:
        if not isinstance(alts, list) or not any(has_kw(text, a) for a in alts):
            c.errors.append(f"competitor {alts} not in the transcript")
    for o in lab["objections"]:
        if not isinstance(o.get("label"), str) or not o.get("keywords"):
            c.errors.append(f"objection schema: {o}")
        elif not any(has_kw(text, k) for k in o["keywords"]):
            c.errors.append(f"no keyword of objection {o['label']!r} in the transcript")
    for f in lab["key_facts"]:
        for g in f["all_of"]:
            if not any(has_kw(text, a) for a in g):
                c.infos.append(
                    f"key fact {f['label']!r}: group {g} not literally in the transcript"
                )
    if len(lab["chat"]) != 3 or sum(not q["answerable"] for q in lab["chat"]) != 1:
        c.errors.append("chat: 3 questions, exactly one unanswerable")
    for q in lab["chat"]:
        if not q["answerable"]:
            if q["keywords"]:
                c.errors.append("unanswerable chat question with keywords")
            continue
        if not any(has_kw(text, k) for k in q["keywords"]):
            c.errors.append(f"no chat keyword of {q['question']!r} in the transcript")
        missing = [k for k in q["keywords"] if not has_kw(text, k)]
        if missing:
            c.infos.append(
                f"chat keywords not literally in the transcript (digits/words): {missing}"
            )


def load_scorer():
    path = Path(os.environ.get("SCORE_PY", str(DEFAULT_SCORER)))
    if not path.exists():
        return None
    sys.modules.setdefault("httpx", types.ModuleType("httpx"))
    spec = importlib.util.spec_from_file_location("shared_score", str(path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def perfect_output(lab: dict, steps: list[dict]) -> dict:
    facts = " ".join(" ".join(g[0] for g in f["all_of"]) for f in lab["key_facts"])
    insights = {
        "competitors": [c[0] for c in lab["competitors"]],
        "objections": [{"text": o["keywords"][0]} for o in lab["objections"]],
    }
    questions = [{"speakerLabel": k, "count": v} for k, v in lab["questions_by_speaker"].items()]
    chat = [
        {"answer": q["keywords"][0], "citations": [1]}
        if q["answerable"]
        else {"answer": "The conversation does not cover that.", "citations": []}
        for q in lab["chat"]
    ]
    return {
        "summary": {"summary": facts, "nextSteps": steps, "insights": insights},
        "notes": {"notes": []},
        "analytics": {"questionsBySpeaker": questions},
        "chat": chat,
    }


def roundtrip(score, lab: dict) -> list[str]:
    """A perfect output built from the label must score fully, whatever the order of the steps
    (each predicted action carries its evidence quote, which often names another step's words,
    so this shows that score.py's greedy matching cannot give a step the wrong slot)."""
    errs = []
    truth = [s for s in lab["next_steps"] if not s["optional"]]
    base = [
        {
            "actors": [s["owner"]],
            "action": s["keywords"][0] + ": " + s["evidence"],
            "deadline": s["due"] or "soon",
        }
        for s in truth
    ]
    rnd = random.Random(1)
    for pred in [base, base[::-1]] + [rnd.sample(base, len(base)) for _ in range(200)]:
        r = score.score_next_steps(lab, pred)
        if r["tp"] != len(truth) or r["due_ok"] != len(truth):
            errs.append(
                f"roundtrip: order-dependent match (tp {r['tp']}/{len(truth)}, due {r['due_ok']})"
            )
            break
    first = score.score_next_steps(lab, [dict(b, actors=[b["actors"][0].split()[0]]) for b in base])
    if first["tp"] != len(truth):
        errs.append("roundtrip: first-name actors do not match")
    res = score.score_one(lab, perfect_output(lab, base), {})
    parts = (
        all(x[1] for x in res["comp"])
        and all(o[1] for o in res["obj"])
        and all(f[1] for f in res["facts"])
        and all(e == g for _, e, g in res["q"])
        and all(x["ok"] for x in res["chat"])
    )
    if not parts:
        errs.append(
            "roundtrip: a perfect output does not score fully"
            " (competitors/objections/facts/questions/chat)"
        )
    return errs


def summary_row(c: Conversation) -> dict:
    lab = c.lab
    kind = lab["kind"] + ("/" + lab["direction"][:3] if lab["kind"] == "call" else "")
    return {
        "id": lab["id"],
        "kind": kind,
        "lang": lab["language"],
        "min": f"{secs(c.cues[-1][1]) / 60:.1f}",
        "chars": len(c.script),
        "turns": len(turns(c.script)),
        "date": f"{c.start} {c.start:%a}",
        "ns": sum(not s["optional"] for s in lab["next_steps"]),
        "opt": sum(s["optional"] for s in lab["next_steps"]),
        "comp": len(lab["competitors"]),
        "obj": len(lab["objections"]),
        "facts": len(lab["key_facts"]),
        "q": sum(lab["questions_by_speaker"].values()),
    }


def check_file(p: Path, score) -> tuple[Conversation | None, list[str]]:
    try:
        lab = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        return None, [f"not JSON: {e}"]
    missing = [k for k, t in FIELDS.items() if not isinstance(lab.get(k), t)]
    if missing:
        return None, [f"fields missing or of the wrong type: {missing}"]
    c = Conversation(lab, p)
    check_header(c)
    check_transcript(c)
    check_questions(c)
    for s in lab["next_steps"]:
        check_step(c, s)
    check_content(c)
    if score is not None and not c.errors:
        c.errors += roundtrip(score, lab)
    return c, c.errors


def print_table(convs: list[Conversation], verbose: bool) -> None:
    cols = ("ns", "opt", "comp", "obj", "facts", "q")
    print(
        f"\n{'id':<30}{'kind':<13}{'lang':<5}{'min':>5}{'chars':>6}{'turns':>6}  {'date':<15}"
        f"{'NS':>3}{'opt':>4}{'comp':>5}{'obj':>4}{'facts':>6}{'Q':>4}"
    )
    rows = [summary_row(c) for c in convs]
    for r, c in zip(rows, convs, strict=True):
        print(
            f"{r['id']:<30}{r['kind']:<13}{r['lang']:<5}{r['min']:>5}{r['chars']:>6}"
            f"{r['turns']:>6}  {r['date']:<15}{r['ns']:>3}{r['opt']:>4}{r['comp']:>5}"
            f"{r['obj']:>4}{r['facts']:>6}{r['q']:>4}"
        )
        if verbose:
            print("\n".join(c.step_lines))
    tot = {k: sum(r[k] for r in rows) for k in cols}
    print(
        f"{'TOTAL':<80}{tot['ns']:>3}{tot['opt']:>4}{tot['comp']:>5}{tot['obj']:>4}{tot['facts']:>6}{tot['q']:>4}"
    )


def main() -> int:
    verbose = "-v" in sys.argv
    score = load_scorer()
    paths = sorted((ROOT / "labels").glob("*.json"))
    convs, n_errors = [], 0
    for p in paths:
        c, errors = check_file(p, score)
        for e in errors:
            print(f"ERROR {p.stem}: {e}")
        n_errors += len(errors)
        if c is not None:
            convs.append(c)
            if verbose:
                for i in c.infos:
                    print(f"info  {p.stem}: {i}")
    print_table(convs, verbose)
    print(f"scorer round-trip: {'on' if score else 'skipped (no score.py; set SCORE_PY)'}")
    verdict = "PASS" if not n_errors else "FAIL"
    print(f"CHECK: {len(paths)} labels, {n_errors} errors -> {verdict}")
    return 1 if n_errors else 0


if __name__ == "__main__":
    sys.exit(main())
