from fixtures.s3_server import s3_server

__all__ = ["s3_server"]
