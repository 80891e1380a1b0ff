"""``sim compare``: many seeded games per rule variant, their outcomes with confidence intervals.

One module per job: ``variants`` (what ``--variant`` says), ``games`` (one game, as a worker
plays it), ``executors`` (a local process pool or a Dask cluster, games replayed when a worker
dies), ``stats`` and ``summary`` (pure aggregation), ``table`` and ``plot`` (what people see),
``cli`` (the command).
"""
