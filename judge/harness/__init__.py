"""Harnesses: the judge's program inside the worker, one folder per language.

A harness loads a submission and talks to the judge over two pipes by the protocol in
`PROTOCOL.md`; the secret never crosses them. `registry.py` finds a harness by the
submission's file extension. A new language is one folder here and one registry entry.
"""
