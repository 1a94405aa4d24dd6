"""The update function and its helpers: ``update(model, event) -> (model, effects)`` turns a
click, a key, a bot's move or a file into the next UI state and the effects to run (clicks to
actions, the new-game dialog, undo, "Your games", the replay, the lesson, keyboard and zoom
geometry). Pure: it touches no DOM and changes no session itself (docs/architecture.md)."""
