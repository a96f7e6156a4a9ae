"""A local arena for bot authors: play a ``Bot.choose(view, legal_moves)`` class against house
strategies or other local bot files, with no server and no database.

    python -m games.arena examples/busca_bot.py house:greedy house:greedy house:random \
        --matches 200 --seed 1
    python -m games.arena replay 42 --seat 0 --from-turn 30 --bot mybot.py --token TOKEN

It imports only the engine (``games.engine``) and, through the bot files, ``bots.client``
(standard library and httpx). docs/bots.md, "Test locally", explains it.
"""
