"""Recordings as files, before anyone understands what is said in them: fetching a `mediaUrl`
(`fetch`), telling the format from the first bytes (`sniff`), the checks an upload and a fetched
file pass (`check`), decoding, probing and thumbnails (`decode`, `encode`), and the child
processes that read untrusted media (`process`, `child`). Below `speech` (recognition) and
`speakers` (diarization), which read the decoded audio; it imports neither. The address (SSRF)
policy a fetch obeys is `security/address_policy.py`, shared with webhooks."""
