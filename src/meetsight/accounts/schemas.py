"""Accounts, deals and next-step states on the wire: request bodies are strict (unknown fields,
nulls where a value is required and over-long text are a 422), answers documented."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, ConfigDict, Field, StringConstraints, field_validator

from meetsight.accounts.folding import fold_name, is_domain
from meetsight.request_params import PageQuery
from meetsight.schemas import NOT_BLANK, NoNul, Schema, at_most_as_sent

NAME_MAX = 200
CRM_ID_MAX = 255
DESCRIPTION_MAX = 2000
MAX_DOMAINS = 20


def _has_words(value: str) -> str:
    # Matching compares folded names: a name of punctuation alone would match nothing.
    if not fold_name(value):
        raise ValueError("needs at least one letter or digit")
    return value


def _domain(value: str) -> str:
    value = value.lower().rstrip(".")
    if not is_domain(value):
        raise ValueError("is not a domain name such as example.com")
    return value


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_MAX),
    at_most_as_sent(NAME_MAX),
    NoNul,
    AfterValidator(_has_words),
    Field(json_schema_extra=NOT_BLANK),
]
CrmId = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=CRM_ID_MAX),
    at_most_as_sent(CRM_ID_MAX),
    NoNul,
    Field(json_schema_extra=NOT_BLANK),
]
Description = Annotated[
    str,
    StringConstraints(strip_whitespace=True, max_length=DESCRIPTION_MAX),
    at_most_as_sent(DESCRIPTION_MAX),
    NoNul,
]
Domain = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=4, max_length=255),
    at_most_as_sent(255),
    AfterValidator(_domain),
]
Domains = Annotated[list[Domain], Field(max_length=MAX_DOMAINS)]
DealStage = Literal["open", "won", "lost"]
StepState = Literal["open", "done", "dropped"]
Currency = Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]
Amount = Annotated[float, Field(ge=0, le=1e12)]


class _Body(Schema):
    # Unknown fields are a 422: a misspelt field in a PATCH would otherwise change nothing.
    model_config = ConfigDict(extra="forbid", strict=True)


class _Update(_Body):
    @field_validator("name", "domains", "stage", check_fields=False, mode="before")
    @classmethod
    def _not_null(cls, value: object) -> object:
        if value is None:
            raise ValueError("may be left out but not null")
        return value


class AccountCreate(_Body):
    name: Name = Field(description="1-200 characters, unique in the organization (any case)")
    domains: Domains = Field(
        default_factory=list,
        description="Email domains of the account's people (example.com); free-mail domains "
        "match nothing. Each domain belongs to one account.",
    )
    crm_company_id: CrmId | None = Field(None, description="The companyId of its CRM links")
    description: Description | None = None


class AccountUpdate(_Update):
    """Only the fields sent change; `domains` replaces the list; null clears the CRM id and the
    description."""

    name: Name | None = None
    domains: Domains | None = None
    crm_company_id: CrmId | None = None
    description: Description | None = None


class DealCreate(_Body):
    name: Name
    account_id: str | None = Field(None, max_length=36, description="The account it belongs to")
    crm_opportunity_id: CrmId | None = Field(None, description="The opportunityId of its links")
    stage: DealStage = "open"
    amount: Amount | None = None
    currency: Currency | None = Field(None, description="ISO 4217, e.g. USD")


class DealUpdate(_Update):
    name: Name | None = None
    account_id: str | None = Field(None, max_length=36)
    crm_opportunity_id: CrmId | None = None
    stage: DealStage | None = None
    amount: Amount | None = None
    currency: Currency | None = None


class NextStepUpdate(_Body):
    state: StepState = Field(description="open, done or dropped")


class AccountOut(Schema):
    id: str
    name: str
    domains: list[str]
    crm_company_id: str | None = None
    description: str | None = None
    conversation_count: int
    last_conversation_at: str | None = None
    created_at: str
    updated_at: str


class DealOut(Schema):
    id: str
    name: str
    account_id: str | None = None
    crm_opportunity_id: str | None = None
    stage: str
    amount: float | None = None
    currency: str | None = None
    conversation_count: int
    last_conversation_at: str | None = None
    created_at: str
    updated_at: str


class ConversationRef(Schema):
    id: str
    kind: Literal["meeting", "call"]
    name: str
    start_date_time: str


class TimelineItem(ConversationRef):
    status: str
    duration: float | None = None
    ai_score: float | None = None
    matched_by: str = Field(description="crm, domain, name or deal")
    url: str


class Moment(Schema):
    conversation: ConversationRef
    start_time: float | None = Field(None, description="Seconds into the conversation")
    quote: str | None = None


class QuotedAmount(Moment):
    value: float
    currency: str | None = None
    text: str = Field(description="As said")
    speaker: str | None = None
    said_at: str = Field(description="When it was said: the conversation's start plus startTime")


class Proposal(Schema):
    activity_id: str | None = None
    start_time: float | None = None
    quote: str | None = None


class AccountNextStep(Moment):
    id: str
    action: str
    actors: list[str]
    deadline: str
    state: StepState
    proposed_state: StepState | None = None
    proposed_by: Proposal | None = None


class Stakeholder(Schema):
    person_id: str
    name: str
    email: str | None = None
    title: str | None = None
    company: str | None = None
    is_internal: bool
    conversations: int = Field(description="Conversations of the account attended")
    talk_time: float = Field(description="Seconds spoken across them")
    last_seen_at: str | None = None
    is_decision_maker: bool = Field(description="Named as deciding by the intelligence engine")


class Risk(Schema):
    type: Literal["unresolvedObjection", "competitorPresent", "noNextStep", "championQuiet"]
    detail: str
    evidence: list[Moment]


class AccountListQuery(PageQuery):
    name: str | None = Field(
        None, max_length=NAME_MAX, description="Part of the name, accent- and case-insensitive"
    )
    domain: str | None = Field(None, max_length=255, description="An email domain, exactly")


class DealListQuery(PageQuery):
    account_id: str | None = Field(None, alias="accountId", max_length=36)
    stage: DealStage | None = None


class AccountStepsQuery(PageQuery):
    state: Literal["open", "done", "dropped", "all"] = Field(
        "open", description="Which steps; `all` for every state"
    )
