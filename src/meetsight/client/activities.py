"""`client.meetings` and `client.calls`: the same routes under two paths, with their own models."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, Required, TypedDict, TypeVar, Unpack

from pydantic import BaseModel

from meetsight.activities.kinds import CALLS, MEETINGS, ActivityKind, kind_models
from meetsight.client import models as m
from meetsight.client.errors import MeetsightError
from meetsight.client.multipart import FilePart, MultipartBody, Progress
from meetsight.client.transport import Http, Page, iterate

Item = TypeVar("Item", m.Meeting, m.Call)
Participants = TypeVar("Participants", m.MeetingParticipants, m.CallParticipants)
Summary = TypeVar("Summary", m.MeetingSummary, m.CallSummary)
Transcript = TypeVar("Transcript", m.MeetingTranscript, m.CallTranscript)
Notes = TypeVar("Notes", m.MeetingNotes, m.CallNotes)
Note = TypeVar("Note", m.MeetingNote, m.CallNote)
Chat = TypeVar("Chat", m.MeetingChat, m.CallChat)
Analytics = TypeVar("Analytics", m.MeetingAnalytics, m.CallAnalytics)
Score = TypeVar("Score", m.MeetingScore, m.CallScore)
TranscriptFormat = Literal["srt", "vtt", "txt", "json"]
FINAL_STATUSES = frozenset({"completed", "failed"})
UPLOAD_TIMEOUT_SECONDS = 3600.0  # a large recording over a slow link


def _when(value: str | date | datetime | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return value.isoformat()


class ActivitiesAPI(
    Generic[Item, Participants, Summary, Transcript, Notes, Note, Chat, Analytics, Score]
):
    """The routes both kinds have, written once; MeetingsAPI and CallsAPI add their own list
    and upload, whose parameters differ (docs/architecture.md, "Meetings and calls"); the
    keywords both uploads take are declared once, `UploadKeywords`."""

    path: ClassVar[str]
    id_key: ClassVar[str]
    models: ClassVar[dict[str, type[BaseModel]]]

    def __init_subclass__(cls, kind: ActivityKind | None = None, **kwargs: Any) -> None:
        """`class MeetingsAPI(ActivitiesAPI[...], kind=MEETINGS)`: its path, id key and models."""
        super().__init_subclass__(**kwargs)
        if kind is not None:
            cls.path, cls.id_key, cls.models = kind.path, kind.id_key, kind_models(m, kind)

    def __init__(self, http: Http) -> None:
        self._http = http

    def _get(self, key: str, activity_id: str, suffix: str = "") -> Any:
        return self._http.model(self.models[key], "GET", f"/{self.path}/{activity_id}{suffix}")

    def _list(self, params: dict[str, Any], limit: int, page: int) -> Page[Item]:
        item: Any = self.models["item"]
        return self._http.page(item, f"/{self.path}", params, limit=limit, page=page)

    def iterate(self, *, page_size: int = 100, **filters: Any) -> Iterator[Item]:
        """Every meeting (or call) that matches the filters of `list`, page after page."""
        listing: Callable[..., Page[Item]] = self.list  # type: ignore[attr-defined]  # per kind
        return iterate(lambda number: listing(limit=page_size, page=number, **filters))

    def get(self, activity_id: str) -> Item:
        return self._get("item", activity_id)  # type: ignore[no-any-return]

    def delete(self, activity_id: str) -> bool:
        return bool(self._http.data("DELETE", f"/{self.path}/{activity_id}"))

    def reprocess(self, activity_id: str) -> Item:
        item = self.models["item"]
        return self._http.model(item, "POST", f"/{self.path}/{activity_id}/reprocess")  # type: ignore[return-value]

    def participants(self, activity_id: str) -> Participants:
        return self._get("participants", activity_id, "/participants")  # type: ignore[no-any-return]

    def summary(self, activity_id: str) -> Summary:
        return self._get("summary", activity_id, "/summary")  # type: ignore[no-any-return]

    def transcript(self, activity_id: str) -> Transcript:
        return self._get("transcript", activity_id, "/transcript")  # type: ignore[no-any-return]

    def transcript_file(self, activity_id: str, format: TranscriptFormat) -> str:
        """The transcript as an SRT, WebVTT, plain-text or JSON file's text."""
        response = self._http.send(
            "GET", f"/{self.path}/{activity_id}/transcript", params={"format": format}
        )
        return response.text

    def thumbnail(self, activity_id: str) -> bytes:
        return self._http.send("GET", f"/{self.path}/{activity_id}/thumbnail").content

    def notes(self, activity_id: str) -> Notes:
        return self._get("notes", activity_id, "/notes")  # type: ignore[no-any-return]

    def add_note(
        self,
        activity_id: str,
        content: str,
        *,
        smart_category_id: str,
        tag: str | None = None,
        priority: Literal["low", "medium", "high"] | None = None,
        start_timestamp: float | None = None,
        end_timestamp: float | None = None,
    ) -> Note:
        body = {
            "content": content,
            "smartCategoryId": smart_category_id,
            "tag": tag,
            "priority": priority,
            "startTimestamp": start_timestamp,
            "endTimestamp": end_timestamp,
        }
        body = {k: v for k, v in body.items() if v is not None}
        note = self.models["note"]
        return self._http.model(note, "POST", f"/{self.path}/{activity_id}/notes", json=body)  # type: ignore[return-value]

    def delete_note(self, activity_id: str, note_id: str) -> bool:
        return bool(self._http.data("DELETE", f"/{self.path}/{activity_id}/notes/{note_id}"))

    def comments(self, activity_id: str, *, limit: int = 10, page: int = 1) -> Page[m.Comment]:
        """Members' comments on moments, in the recording's order."""
        path = f"/{self.path}/{activity_id}/comments"
        return self._http.page(m.Comment, path, {}, limit=limit, page=page)

    def iterate_comments(self, activity_id: str, *, page_size: int = 100) -> Iterator[m.Comment]:
        return iterate(lambda n: self.comments(activity_id, limit=page_size, page=n))

    def add_comment(
        self, activity_id: str, text: str, *, start_time: float, end_time: float | None = None
    ) -> m.Comment:
        """Needs a credential that acts for a member (an OAuth token, or a key a member made in
        the web app); a key made on the command line gets Forbidden."""
        body: dict[str, Any] = {"text": text, "startTime": start_time}
        if end_time is not None:
            body["endTime"] = end_time
        path = f"/{self.path}/{activity_id}/comments"
        return self._http.model(m.Comment, "POST", path, json=body)

    def edit_comment(self, activity_id: str, comment_id: str, text: str) -> m.Comment:
        path = f"/{self.path}/{activity_id}/comments/{comment_id}"
        return self._http.model(m.Comment, "PATCH", path, json={"text": text})

    def delete_comment(self, activity_id: str, comment_id: str) -> bool:
        path = f"/{self.path}/{activity_id}/comments/{comment_id}"
        return bool(self._http.data("DELETE", path))

    def chat(self, activity_id: str) -> Chat:
        return self._get("chat", activity_id, "/chat")  # type: ignore[no-any-return]

    def ask(self, activity_id: str, question: str) -> m.ChatMessage:
        """Ask a question about the activity; the answer quotes the moments it rests on."""
        return self._http.model(
            m.ChatMessage,
            "POST",
            f"/{self.path}/{activity_id}/chat",
            json={"question": question},
        )

    def analytics(self, activity_id: str) -> Analytics:
        return self._get("analytics", activity_id, "/analytics")  # type: ignore[no-any-return]

    def score(self, activity_id: str) -> Score:
        return self._get("score", activity_id, "/score")  # type: ignore[no-any-return]

    def contacts(self, activity_id: str) -> list[m.MeetingContact]:
        data = self._http.data("GET", f"/{self.path}/{activity_id}/contacts")
        return [m.MeetingContact.model_validate(d) for d in data]

    def companies(self, activity_id: str) -> list[m.MeetingCompany]:
        data = self._http.data("GET", f"/{self.path}/{activity_id}/companies")
        return [m.MeetingCompany.model_validate(d) for d in data]

    def opportunities(self, activity_id: str) -> list[m.MeetingOpportunity]:
        data = self._http.data("GET", f"/{self.path}/{activity_id}/opportunities")
        return [m.MeetingOpportunity.model_validate(d) for d in data]

    def edit_speaker(
        self,
        activity_id: str,
        speaker: str,
        *,
        name: str | None = None,
        person_id: str | None = None,
    ) -> Transcript:
        """Rename a speaker or assign them to a person; returns the rewritten transcript."""
        body = {"speaker": speaker, "name": name, "personId": person_id}
        body = {k: v for k, v in body.items() if v is not None}
        model = self.models["transcript"]
        return self._http.model(  # type: ignore[return-value]
            model, "PATCH", f"/{self.path}/{activity_id}/speakers", json=body
        )

    def wait(self, activity_id: str, *, timeout: float = 3600.0, poll_seconds: float = 2.0) -> Item:
        """Poll until processing ends (completed or failed); TimeoutError after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            item = self.get(activity_id)
            if item.status in FINAL_STATUSES:
                return item
            if time.monotonic() >= deadline:
                raise TimeoutError(f"{activity_id} is still {item.status} after {timeout:g} s")
            time.sleep(poll_seconds)

    def _upload(
        self,
        file: str | Path | None,
        own_fields: list[tuple[str, str | None]],
        shared: UploadKeywords,
    ) -> str:
        """Both kinds' upload: the shared keywords' fields, then the kind's own."""
        _check_keywords(shared)
        fields = _shared_fields(shared) + own_fields
        transcript, content_type = shared.get("transcript"), shared.get("content_type")
        progress = shared.get("progress")
        if (file is None) == (transcript is None) and not any(
            k == "mediaUrl" and v for k, v in fields
        ):
            raise ValueError("give one of file, transcript or media_url")
        part = None
        if file is not None:
            part = FilePart("file", Path(file), content_type)
        elif transcript is not None:
            part = FilePart("transcript", Path(transcript), content_type)
        body = MultipartBody([(k, v) for k, v in fields if v is not None], part, progress)
        data = self._http.data(
            "POST",
            f"/{self.path}/upload",
            content=iter(body),
            headers={"Content-Type": body.content_type, "Content-Length": str(len(body))},
            timeout=UPLOAD_TIMEOUT_SECONDS,
        )
        if not isinstance(data, dict) or self.id_key not in data:
            raise MeetsightError(201, "The upload's answer carried no id")
        return str(data[self.id_key])


class UploadKeywords(TypedDict, total=False):
    """The keyword arguments both kinds' `upload` takes (PEP 692: each one is still seen by an
    IDE and mypy); every one but `name` may be left out (None, or no person ids)."""

    name: Required[str]
    start: str | date | datetime | None  # now, when left out
    media_url: str | None
    transcript: str | Path | None
    description: str | None
    owner_id: str | None
    person_ids: Sequence[str]
    language: str | None
    content_type: str | None
    progress: Progress | None


_UPLOAD_KEYWORDS = UploadKeywords.__required_keys__ | UploadKeywords.__optional_keys__


def _check_keywords(shared: UploadKeywords) -> None:
    """TypeError on a keyword the upload does not take or a missing `name`, as the signature
    that spelled them out raised (`**` alone would take any keyword at run time)."""
    unknown = sorted(set(shared) - _UPLOAD_KEYWORDS)
    if unknown:
        raise TypeError(f"upload() got an unexpected keyword argument {unknown[0]!r}")
    if "name" not in shared:
        raise TypeError("upload() missing 1 required keyword-only argument: 'name'")


def _shared_fields(shared: UploadKeywords) -> list[tuple[str, str | None]]:
    now = datetime.now().astimezone().isoformat(timespec="seconds")
    return [
        ("name", shared["name"]),
        ("startDateTime", _when(shared.get("start")) or now),
        ("mediaUrl", shared.get("media_url")),
        ("description", shared.get("description")),
        ("ownerId", shared.get("owner_id")),
        ("personIds", ",".join(shared.get("person_ids", ())) or None),
        ("language", shared.get("language")),
    ]


class MeetingsAPI(
    ActivitiesAPI[
        m.Meeting,
        m.MeetingParticipants,
        m.MeetingSummary,
        m.MeetingTranscript,
        m.MeetingNotes,
        m.MeetingNote,
        m.MeetingChat,
        m.MeetingAnalytics,
        m.MeetingScore,
    ],
    kind=MEETINGS,
):
    def list(
        self,
        *,
        limit: int = 10,
        page: int = 1,
        from_date: str | date | datetime | None = None,
        to_date: str | date | datetime | None = None,
        status: str | None = None,
        media_type: Literal["videocall", "presential"] | None = None,
    ) -> Page[m.Meeting]:
        params = {
            "fromDate": _when(from_date),
            "toDate": _when(to_date),
            "status": status,
            "mediaType": media_type,
        }
        return self._list(params, limit, page)

    def upload(
        self,
        file: str | Path | None = None,
        *,
        media_type: Literal["videocall", "presential"] | None = None,
        meeting_type: str | None = None,
        calendar_event_id: str | None = None,
        **shared: Unpack[UploadKeywords],
    ) -> str:
        """Upload a recording (streamed from disk), a mediaUrl, or a finished transcript;
        returns the new meeting's id. `progress(sent, total)` follows the file's bytes."""
        own = [
            ("mediaType", media_type),
            ("meetingType", meeting_type),
            ("calendarEventId", calendar_event_id),
        ]
        return self._upload(file, own, shared)


class CallsAPI(
    ActivitiesAPI[
        m.Call,
        m.CallParticipants,
        m.CallSummary,
        m.CallTranscript,
        m.CallNotes,
        m.CallNote,
        m.CallChat,
        m.CallAnalytics,
        m.CallScore,
    ],
    kind=CALLS,
):
    def list(
        self,
        *,
        limit: int = 10,
        page: int = 1,
        name: str | None = None,
        from_date: str | date | datetime | None = None,
        to_date: str | date | datetime | None = None,
        status: str | None = None,
        direction: Literal["inbound", "outbound"] | None = None,
    ) -> Page[m.Call]:
        params = {
            "name": name,
            "fromDate": _when(from_date),
            "toDate": _when(to_date),
            "status": status,
            "direction": direction,
        }
        return self._list(params, limit, page)

    def upload(
        self,
        file: str | Path | None = None,
        *,
        direction: Literal["inbound", "outbound"] | None = None,
        from_number: str | None = None,
        to_number: str | None = None,
        call_type: str | None = None,
        **shared: Unpack[UploadKeywords],
    ) -> str:
        """Upload a call recording (mp3/wav, streamed), a mediaUrl or a transcript; returns the
        new call's id."""
        own = [
            ("direction", direction),
            ("fromNumber", from_number),
            ("toNumber", to_number),
            ("callType", call_type),
        ]
        return self._upload(file, own, shared)
