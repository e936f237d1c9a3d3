"""The index's schema as ordered migration steps (storage/index.py applies them).

`meta.schema_version` counts the applied steps; each step runs in its own transaction, so an
interrupted upgrade resumes where it stopped. A step is only ever appended, never edited.
"""

from __future__ import annotations

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE notes(id INTEGER PRIMARY KEY, rel TEXT NOT NULL UNIQUE, type TEXT NOT NULL,"
        " title TEXT NOT NULL, agent TEXT NOT NULL, session_id TEXT NOT NULL,"
        " project TEXT NOT NULL, level TEXT NOT NULL, scope TEXT NOT NULL, status TEXT NOT NULL,"
        " created TEXT NOT NULL, updated TEXT NOT NULL, priority INTEGER NOT NULL,"
        " mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL, sha256 TEXT NOT NULL,"
        " props TEXT NOT NULL, body TEXT NOT NULL, warning TEXT)",
        "CREATE TABLE events(id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL,"
        " seq INTEGER NOT NULL, event_id TEXT NOT NULL, ts TEXT NOT NULL, kind TEXT NOT NULL,"
        " tool TEXT NOT NULL, agent TEXT NOT NULL, session_id TEXT NOT NULL,"
        " project TEXT NOT NULL, heading TEXT NOT NULL)",
    ),
    (
        "CREATE VIRTUAL TABLE fts USING fts5("
        "title, keywords, body, tokenize='unicode61 remove_diacritics 2')",
    ),
    (
        "CREATE INDEX events_note ON events(note_id, seq)",
        "CREATE INDEX notes_type ON notes(type, updated)",
    ),
    # Notes whose mtime was too close to the moment they were read: a second write within the
    # same clock tick would leave (mtime, size) unchanged, so these are re-hashed next time.
    ("CREATE TABLE racy(rel TEXT PRIMARY KEY)",),
    # Document frequencies for the recall engine's abstention measure (services/recall/engine.py):
    # a read-only view of the FTS index itself, so it costs nothing to keep current.
    ("CREATE VIRTUAL TABLE fts_vocab USING fts5vocab(fts, 'row')",),
    # A fourth column, `about` (a note's headings and lead paragraph, index_rows.about), weighted
    # on its own: in the keywords column a long note's headings diluted its aliases. FTS5 cannot
    # add a column, so the table is made anew with what the old one held (search keeps working)
    # and every note's hash is cleared, so the next reconcile (watcher, MCP, `rebuild`) reads
    # each file again and fills the column; a file's content is unchanged, so nothing is
    # re-embedded.
    (
        "CREATE VIRTUAL TABLE fts_new USING fts5("
        "title, keywords, body, about, tokenize='unicode61 remove_diacritics 2')",
        "INSERT INTO fts_new(rowid, title, keywords, body, about)"
        " SELECT rowid, title, keywords, body, '' FROM fts",
        "DROP TABLE fts_vocab",
        "DROP TABLE fts",
        "ALTER TABLE fts_new RENAME TO fts",
        "CREATE VIRTUAL TABLE fts_vocab USING fts5vocab(fts, 'row')",
        "UPDATE notes SET sha256 = '', mtime_ns = -1",
    ),
    # A session's note and summary by session id: hybrid search reads one for each session only
    # the vectors found (vectors.candidates_for), and a full scan of `notes` per session made a
    # question cost +62 ms CPU at 10k notes (+9 ms with this index; +1.5 s wall at 100k).
    ("CREATE INDEX notes_session ON notes(session_id)",),
    # An event's text moves from the body column to `about` (storage/index_rows.prepare): one
    # message is all about what it says, where a note's body past its lead is detail. Moved in
    # place, so nothing is read again or re-embedded (recall_rows.texts reads the same text).
    ("UPDATE fts SET about = body, body = '' WHERE rowid IN (SELECT id FROM events)",),
    # The few notes that name a note they replace (`supersedes`): every read path asks which
    # of its results they name (core/replaced_notes.py), and without this index that is a scan
    # of every note's properties at each prompt. The same expression as the query's.
    ("""CREATE INDEX notes_supersedes ON notes(rel) WHERE instr(props, '"supersedes"') > 0""",),
    # A note with no date property is dated by a date in its name or title
    # (index_rows._named): the notes without one are read again at the next reconcile (their
    # content is unchanged, so nothing is re-embedded).
    ("UPDATE notes SET sha256 = '', mtime_ns = -1 WHERE created = ''",),
)
SCHEMA_VERSION = len(MIGRATIONS)
