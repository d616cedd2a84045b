"""Reports made of results: the text table and leaderboard, JSON, and writing files safely.

One module per format; an HTML report joins here as one more file.
"""
