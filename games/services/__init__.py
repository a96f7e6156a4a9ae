"""Writes on matches: start, submit a move, time out a turn, resign, play house turns."""
