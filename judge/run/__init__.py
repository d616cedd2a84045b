"""Running submissions, apart from judging them (as problemtools keeps run/ from judge/).

`process.py` starts a worker and owns its pipes, output and process tree; `confine.py` says
what the worker may see (plain, or bubblewrap); `limits.py` bounds it; `session.py` plays
cases through a worker and decides when a worker is replaced; `inprocess.py` runs trusted
code in the judge's own process, as the baseline that isolation is measured against.
"""
