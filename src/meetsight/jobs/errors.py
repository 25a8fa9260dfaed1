"""How a processing step fails: worth retrying, or not."""

from __future__ import annotations


class ProcessingError(Exception):
    """A failure with a sentence a user can act on; the activity shows it when the job fails."""

    transient = False


class PermanentError(ProcessingError):
    """Retrying cannot help (a corrupt file, a URL that answers 404)."""


class TransientError(ProcessingError):
    """Worth another attempt after a backoff (a timeout, a 503, a database hiccup)."""

    transient = True


class LeaseLost(Exception):
    """The job was taken over by another worker; stop without writing anything more."""
