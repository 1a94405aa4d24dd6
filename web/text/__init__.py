"""The page's words: the catalogue (English, with gettext translations), the language in use,
the log's narration of the engine's events, and the hint's reasons. Imports only the engine."""
