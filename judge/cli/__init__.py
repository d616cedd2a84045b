"""The command line: one module per command, the flags they share defined once (options)."""
