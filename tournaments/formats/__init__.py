"""Tournament formats as a pure library: who meets whom, round after round, and the standings.

No Django here: a format is a function of the entries and the results so far. The tournaments
app stores pairings and outcomes and asks the format for the next round.
"""
