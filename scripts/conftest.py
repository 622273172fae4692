"""What the Dask runner's tests share (scripts/test_cluster_match.py, scripts/test_spsa.py)."""

import os

import pytest
from distributed import Client, LocalCluster

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The release binaries: DRATP_BIN_DIR, default target/release.
BIN = os.path.abspath(os.environ.get("DRATP_BIN_DIR", os.path.join(ROOT, "target", "release")))


@pytest.fixture(scope="module")
def client():
    """A client of a 2-worker local cluster (one per test module), once the release binaries are there."""
    for b in ("dratp-match", "dratp"):
        path = os.path.join(BIN, b)
        assert os.access(path, os.X_OK), f"build the release binaries first: {path}"
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()
