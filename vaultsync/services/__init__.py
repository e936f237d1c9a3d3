"""Services layer: ingest, sync, learn, generate."""
