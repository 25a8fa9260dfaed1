from fixtures.limited_apps import limits_data_dir, open_app

__all__ = ["limits_data_dir", "open_app"]
