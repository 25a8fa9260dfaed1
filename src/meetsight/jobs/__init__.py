"""The durable job queue and its workers, below every package that queues or runs jobs: the jobs
table, claims with leases, the errors a handler raises and the context it is given, the worker
loop, the pool of workers and the `meetsight worker` process. What each kind of job runs, and
what a failed job changes, is given to them from above (`processing/handlers.py`)."""
