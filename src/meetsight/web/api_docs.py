"""The interactive API reference at /api/v1/docs: Swagger UI served by this app, no CDN.

Swagger UI's built files come from the `fastapi-offline` package (it ships swagger-ui-bundle.js
and swagger-ui.css, refreshed with Swagger UI's releases) and are served under
/api/v1/docs/assets; our own script (/static/api-docs.js) starts it, so the page has no inline
script and runs under a policy of 'self' plus data: images (security/headers.py, DOCS_CSP).
FastAPI's built-in page would load the CDN's files and start them with an inline script.
"""

from __future__ import annotations

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.staticfiles import StaticFiles

from meetsight.web.templating import render_document

SWAGGER_UI_FILES = ("fastapi_offline", "static")  # (package, folder)


def install_api_docs(app: FastAPI, *, docs_url: str, openapi_url: str) -> None:
    assets = f"{docs_url}/assets"
    page = render_document(
        "api_docs.html", title=f"{app.title} API", openapi_url=openapi_url, assets=assets
    ).encode()

    async def api_docs(request: Request) -> HTMLResponse:
        return HTMLResponse(page)

    app.add_route(docs_url, api_docs, methods=["GET"], include_in_schema=False)  # HEAD too
    app.mount(assets, StaticFiles(packages=[SWAGGER_UI_FILES]), name="api-docs-assets")
