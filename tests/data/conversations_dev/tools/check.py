#!/usr/bin/env python3
"""This folder's self-check: the held-out set's (tests/data/conversations/tools/check.py, same
label schema), run on this folder. `python3 tools/check.py -v` as there.

The chat-focused conversations (d25 on: more than three chat questions) are short on purpose:
for them the length, turn count, "every speaker asks" and "three chat questions" rules are
replaced by "at least one answerable and one unanswerable question"."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SHARED = HERE.parent / "conversations" / "tools" / "check.py"

if __name__ == "__main__":
    spec = importlib.util.spec_from_file_location("held_out_check", SHARED)
    assert spec is not None and spec.loader is not None
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    check.ROOT = HERE  # labels, scripts, transcripts and tools/asr are read from this folder
    full_length_check = check.check_file

    def check_file(path, score):
        conversation, errors = full_length_check(path, score)
        chat = conversation.lab["chat"] if conversation is not None else []
        if len(chat) > 3:
            relaxed = ("duration ", " turns", " asks no question", "chat: 3 questions")
            errors[:] = [e for e in errors if not any(r in e for r in relaxed)]
            if all(q["answerable"] for q in chat) or not any(q["answerable"] for q in chat):
                errors.append("chat: answerable and unanswerable questions both needed")
            if score is not None and not errors:
                errors += check.roundtrip(score, conversation.lab)
        return conversation, errors

    check.check_file = check_file
    sys.exit(check.main())
