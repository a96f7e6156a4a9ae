"""The shared lower layer every app stands on (docs/DESIGN.md, "Layers").

Events sent on commit and the live relay, the API's fields, parsers, list shape, error root and
error handler, rate limits, client addresses, id bounds, signals, and the process heartbeats
with their models. ``core`` imports Django and the libraries, never an app (games, tournaments,
bots) nor the site (web, config, accounts, learn); tests/platform/test_layers.py checks it.
"""
