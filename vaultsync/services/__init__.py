"""Services layer: ingest, reconcile, learn, generate."""
