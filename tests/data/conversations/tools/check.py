#!/usr/bin/env python3
"""Self-check of the labelled conversations in this folder (stdlib only).

    python3 tools/check.py [-v]          # -v lists every step with its weekday, for review

Checks, per label:
- the schema the shared scorer (score.py) reads: fields, types, kind/direction, 3 chat questions
  with exactly one unanswerable, `expect_no_next_steps` <=> no next steps;
- the voice tags of the transcript == the keys of questions_by_speaker; internal speakers exist;
  first names are unique among the speakers (score.py accepts a first name as the owner);
- questions_by_speaker == the number of sentences ending in "?" per speaker in the script (ASR
  scripts: in the annotated source tools/asr/<id>.txt, which must equal the script once "?" is
  removed); every speaker asks at least one question;
- each step's evidence occurs verbatim in the script and at least one of its keywords occurs in
  the script (keywords that occur nowhere are listed for review: paraphrases);
- due dates are ISO and not before the meeting; -v prints them with weekday and offset;
- every competitor has an alias in the transcript; every objection a keyword in it; every key-fact
  group an alternative in it (listed); one keyword of each answerable chat question occurs in it
  (the others, e.g. digits for a number said in words, are listed);
- 4 to 12 minutes of speech, 40 to 140 turns;
- with the shared scorer (SCORE_PY=path/to/score.py, default the shared eval set's copy when
  present): a perfect output built from the labels scores 100% in any order of predicted steps.
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
DEFAULT_SCORER = Path("/work/shared/evalsets/conversations/score.py")
FIELDS = {
    "id": str, "kind": str, "language": str, "name": str, "startDateTime": str, "script": str,
    "transcript": str, "internal": list, "expect_no_next_steps": bool, "next_steps": list,
    "competitors": list, "objections": list, "key_facts": list, "questions_by_speaker": dict,
    "chat": list, "notes": str,
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


def check_label(lab: dict, path: Path, verbose: bool) -> tuple[list[str], list[str], dict]:
    errors: list[str] = []
    infos: list[str] = []
    cid = lab.get("id", path.stem)
    for k, t in FIELDS.items():
        if not isinstance(lab.get(k), t):
            errors.append(f"field {k} missing or not {t.__name__}")
    if errors:
        return errors, infos, {}
    if cid != path.stem:
        errors.append("id != file name")
    if lab["kind"] not in ("meeting", "call"):
        errors.append("kind")
    if (lab["kind"] == "call") != (lab.get("direction") in ("inbound", "outbound")):
        errors.append("direction must be given for calls only (inbound|outbound)")
    if lab["language"] not in ("en", "es"):
        errors.append("language")
    if not re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$", lab["startDateTime"]):
        errors.append("startDateTime is not UTC ISO")
    script = (ROOT / lab["script"]).read_text(encoding="utf-8")
    cues = vtt_cues(ROOT / lab["transcript"])
    transcript = " ".join(c[3] for c in cues)
    speakers = sorted({c[2] for c in cues})
    script_turns = turns(script)
    minutes = secs(cues[-1][1]) / 60
    if not 4 <= minutes <= 12:
        errors.append(f"duration {minutes:.1f} min")
    if not 40 <= len(script_turns) <= 140:
        errors.append(f"{len(script_turns)} turns")
    if sorted({n for n, _ in script_turns}) != speakers:
        errors.append("script speakers != VTT speakers")
    if sorted(lab["questions_by_speaker"]) != speakers:
        errors.append(f"questions_by_speaker keys != VTT speakers {speakers}")
    firsts = [fold(s).split()[0] for s in speakers]
    if len(set(firsts)) != len(firsts):
        errors.append("two speakers share a first name")
    for n in lab["internal"]:
        if n not in speakers:
            errors.append(f"internal speaker {n} not in the transcript")
    # questions
    annotated = ROOT / "tools" / "asr" / f"{cid}.txt"
    src = script
    if annotated.exists():
        src = annotated.read_text(encoding="utf-8")
        if "?" in script:
            errors.append("ASR script contains '?'")
        if src.replace("?", "") != script:
            errors.append("ASR script != annotated source without '?'")
    marks, sents = question_counts(src)
    if marks != sents:
        errors.append(f"'?' inside sentences: marks {marks} != sentences {sents}")
    if marks != lab["questions_by_speaker"]:
        errors.append(f"questions_by_speaker {lab['questions_by_speaker']} != script {marks}")
    for n, k in marks.items():
        if k == 0:
            errors.append(f"{n} asks no question")
    # next steps
    start = dt.date.fromisoformat(lab["startDateTime"][:10])
    if lab["expect_no_next_steps"] != (not lab["next_steps"]):
        errors.append("expect_no_next_steps must be true exactly when next_steps is empty")
    step_lines = []
    for s in lab["next_steps"]:
        for k, t in STEP_FIELDS.items():
            if not isinstance(s.get(k), t):
                errors.append(f"step field {k}: {s.get('evidence', s)!r}")
        if "due" not in s or not (s["due"] is None or isinstance(s["due"], str)):
            errors.append(f"step due missing: {s['evidence']!r}")
        if s["evidence"] not in script:
            errors.append(f"evidence not in script: {s['evidence']!r}")
        if s["owner"] not in speakers:
            infos.append(f"owner {s['owner']!r} is not a speaker (third party)")
        if "-" in s["owner"].split()[0]:
            errors.append(f"owner {s['owner']!r} has a hyphenated first name")
        if not any(has_kw(script, k) for k in s["keywords"]):
            errors.append(f"no keyword of {s['keywords']} occurs in the script")
        missing = [k for k in s["keywords"] if not has_kw(script, k)]
        if missing:
            infos.append(f"step keywords not in script (paraphrases?): {missing}")
        dues = ([s["due"]] if s["due"] else []) + s.get("due_alternatives", [])
        for d in dues:
            if not ISO.match(d):
                errors.append(f"bad date {d}")
            elif dt.date.fromisoformat(d) < start:
                errors.append(f"due {d} before the meeting")
        desc = "-"
        if s["due"]:
            dd = dt.date.fromisoformat(s["due"])
            desc = f"{s['due']} {dd:%a} +{(dd - start).days}d"
        alts = [f"{a} {dt.date.fromisoformat(a):%a}" for a in s.get("due_alternatives", [])]
        step_lines.append(f"   {'opt' if s['optional'] else '   '} {s['owner']:<20} {desc:<20} alts={alts} | {s['evidence'][:80]}")
    # competitors, objections, facts, chat
    for alts in lab["competitors"]:
        if not isinstance(alts, list) or not any(has_kw(transcript, a) for a in alts):
            errors.append(f"competitor {alts} not in the transcript")
    for o in lab["objections"]:
        if not isinstance(o.get("label"), str) or not o.get("keywords"):
            errors.append(f"objection schema: {o}")
        elif not any(has_kw(transcript, k) for k in o["keywords"]):
            errors.append(f"no keyword of objection {o['label']!r} in the transcript")
    for f in lab["key_facts"]:
        for g in f["all_of"]:
            if not any(has_kw(transcript, a) for a in g):
                infos.append(f"key fact {f['label']!r}: group {g} not literally in the transcript")
    if not 4 <= len(lab["key_facts"]) <= 6:
        infos.append(f"{len(lab['key_facts'])} key facts")
    if len(lab["chat"]) != 3 or sum(not q["answerable"] for q in lab["chat"]) != 1:
        errors.append("chat: 3 questions, exactly one unanswerable")
    for q in lab["chat"]:
        if q["answerable"]:
            if not any(has_kw(transcript, k) for k in q["keywords"]):
                errors.append(f"no chat keyword of {q['question']!r} in the transcript")
            missing = [k for k in q["keywords"] if not has_kw(transcript, k)]
            if missing:
                infos.append(f"chat keywords not literally in the transcript (digits/words): {missing}")
        elif q["keywords"]:
            errors.append("unanswerable chat question with keywords")
    row = {
        "id": cid, "kind": lab["kind"] + ("/" + lab["direction"][:3] if lab["kind"] == "call" else ""),
        "lang": lab["language"], "min": f"{minutes:.1f}", "chars": len(script), "turns": len(script_turns),
        "date": f"{start} {start:%a}", "ns": sum(not s["optional"] for s in lab["next_steps"]),
        "opt": sum(s["optional"] for s in lab["next_steps"]), "comp": len(lab["competitors"]),
        "obj": len(lab["objections"]), "facts": len(lab["key_facts"]),
        "q": sum(lab["questions_by_speaker"].values()), "steps": step_lines,
    }
    return errors, infos, row


def load_scorer():
    path = Path(os.environ.get("SCORE_PY", str(DEFAULT_SCORER)))
    if not path.exists():
        return None
    sys.modules.setdefault("httpx", types.ModuleType("httpx"))
    spec = importlib.util.spec_from_file_location("shared_score", str(path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def roundtrip(score, lab: dict) -> list[str]:
    """A perfect output built from the label must score fully, whatever the order of the steps
    (the evidence quote is added to each predicted action, so a step whose quote mentions another
    step's words shows whether score.py's greedy matching could give it the wrong slot)."""
    errs = []
    truth = [s for s in lab["next_steps"] if not s["optional"]]
    base = [{"actors": [s["owner"]], "action": s["keywords"][0] + ": " + s["evidence"],
             "deadline": s["due"] or "soon"} for s in truth]
    rnd = random.Random(1)
    for pred in [base, base[::-1]] + [rnd.sample(base, len(base)) for _ in range(200)]:
        r = score.score_next_steps(lab, pred)
        if r["tp"] != len(truth) or r["due_ok"] != len(truth):
            errs.append(f"roundtrip: order-dependent match (tp {r['tp']}/{len(truth)}, due {r['due_ok']})")
            break
    first = score.score_next_steps(lab, [dict(b, actors=[b["actors"][0].split()[0]]) for b in base])
    if first["tp"] != len(truth):
        errs.append("roundtrip: first-name actors do not match")
    out = {
        "summary": {"summary": " ".join(" ".join(g[0] for g in f["all_of"]) for f in lab["key_facts"]),
                    "nextSteps": base,
                    "insights": {"competitors": [c[0] for c in lab["competitors"]],
                                 "objections": [{"text": o["keywords"][0]} for o in lab["objections"]]}},
        "notes": {"notes": []},
        "analytics": {"questionsBySpeaker": [{"speakerLabel": k, "count": v}
                                             for k, v in lab["questions_by_speaker"].items()]},
        "chat": [{"answer": q["keywords"][0] if q["answerable"] else "The conversation does not cover that.",
                  "citations": [1] if q["answerable"] else []} for q in lab["chat"]],
    }
    res = score.score_one(lab, out, {})
    if not (all(c[1] for c in res["comp"]) and all(o[1] for o in res["obj"]) and all(f[1] for f in res["facts"])
            and all(e == g for _, e, g in res["q"]) and all(c["ok"] for c in res["chat"])):
        errs.append("roundtrip: a perfect output does not score fully on competitors/objections/facts/questions/chat")
    return errs


def main() -> int:
    verbose = "-v" in sys.argv
    score = load_scorer()
    all_errors = 0
    rows = []
    paths = sorted((ROOT / "labels").glob("*.json"))
    for p in paths:
        try:
            lab = json.loads(p.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            print(f"ERROR {p.name}: {e}")
            all_errors += 1
            continue
        errors, infos, row = check_label(lab, p, verbose)
        if score is not None and not errors:
            errors += roundtrip(score, lab)
        for e in errors:
            print(f"ERROR {p.stem}: {e}")
        if verbose:
            for i in infos:
                print(f"info  {p.stem}: {i}")
        all_errors += len(errors)
        if row:
            rows.append(row)
    print(f"\n{'id':<28}{'kind':<13}{'lang':<5}{'min':>5}{'chars':>6}{'turns':>6}  {'date':<15}{'NS':>3}{'opt':>4}"
          f"{'comp':>5}{'obj':>4}{'facts':>6}{'Q':>4}")
    for r in rows:
        print(f"{r['id']:<28}{r['kind']:<13}{r['lang']:<5}{r['min']:>5}{r['chars']:>6}{r['turns']:>6}  {r['date']:<15}"
              f"{r['ns']:>3}{r['opt']:>4}{r['comp']:>5}{r['obj']:>4}{r['facts']:>6}{r['q']:>4}")
        if verbose:
            print("\n".join(r["steps"]))
    tot = {k: sum(r[k] for r in rows) for k in ("ns", "opt", "comp", "obj", "facts", "q")}
    print(f"{'TOTAL':<28}{'':<13}{'':<5}{'':>5}{'':>6}{'':>6}  {'':<15}{tot['ns']:>3}{tot['opt']:>4}{tot['comp']:>5}"
          f"{tot['obj']:>4}{tot['facts']:>6}{tot['q']:>4}")
    print(f"scorer round-trip: {'on' if score else 'skipped (no score.py; set SCORE_PY)'}")
    print(f"CHECK: {len(paths)} labels, {all_errors} errors -> {'PASS' if not all_errors else 'FAIL'}")
    return 1 if all_errors else 0


if __name__ == "__main__":
    sys.exit(main())
