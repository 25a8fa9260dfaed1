"""Speech building blocks: decoding, model resolution, recognition."""
