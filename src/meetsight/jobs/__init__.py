"""The durable job queue, below every package that queues or runs jobs: the jobs table, claims
with leases, the errors a handler raises and the context it is given. The worker loop and the
handlers of each kind are above it, in `meetsight.processing`."""
